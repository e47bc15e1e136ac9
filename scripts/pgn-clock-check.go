//go:build ignore

// pgn-clock-check tells how near its clock each engine played in
// fastchess's PGNs of games on a clock (scripts/lab-match.sh -t 2+0.02):
//
//	go run scripts/pgn-clock-check.go [-tc 2+0.02] PGN...
//
// From each move's time in its comment ({+0.11/6 0.127s}) it keeps each
// side's clock (the base, less the move's time, plus the increment after
// each move; fastchess's own clock, which its log shows in each go, can
// differ from this sum by tens of milliseconds) and prints, per file, the
// games, the moves, the lowest clock left after a move, and the moves that
// took more than half the mover's clock less 10 ms, and for each engine
// (by the PGN's White and Black tags) the largest share of its clock one
// move took (the move's time over the clock before it), how many of its
// moves took more than a sixth and more than half less 10 ms, and its
// lowest clock after a move; then, ten moves at a time (each engine's own
// moves, counted from the game's start position), each engine's mean time
// a move, depth (the comment's, the last iteration searched) and clock
// before the move, and the median clock an engine had left at a game's end.
// The engine's hard
// limit is at most an eighth of its clock (clock.go), so a move over half
// overran its limit, or the machine held it up; a move over a sixth is one
// a player would not expect.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// clockShare is the largest share of its clock an engine's move took, and
// where; the engine's moves, those over a sixth of the clock and those over
// half of it less 10 ms; and the lowest its clock fell after a move.
type clockShare struct {
	fraction           float64
	where              string
	moves, sixth, half int
	lowest             float64
	phases             [phases]struct{ moves, time, depth, clock float64 }
	ends               []float64 // the clock left at each game's end
}

// phases is how many groups of ten moves the report shows (the last one:
// all later moves).
const phases = 6

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func main() {
	tc := flag.String("tc", "2+0.02", "the games' time control: seconds a game + seconds a move")
	flag.Parse()
	seconds, increment, ok := strings.Cut(*tc, "+")
	base, err1 := strconv.ParseFloat(seconds, 64)
	inc, err2 := strconv.ParseFloat(increment, 64)
	if !ok || err1 != nil || err2 != nil || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/pgn-clock-check.go [-tc SECONDS+INCREMENT] PGN...")
		os.Exit(2)
	}
	base, inc = base*1000, inc*1000 // milliseconds
	moveTime := regexp.MustCompile(`\{([^}]*?)([0-9.]+)s\}`)
	depth := regexp.MustCompile(`/([0-9]+) $`)
	for _, name := range flag.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		games, moves, lowest := 0, 0, base
		var over []string // game: clock before, move's time
		var left [2]float64
		side := 0
		var players [2]string             // the game's White and Black
		var made [2]int                   // the moves each side made in the game
		shares := map[string]clockShare{} // each engine's largest share of its clock
		gameEnd := func() {               // each side's clock at the end of the game
			for s, player := range players {
				if sh, seen := shares[player]; seen && made[s] > 0 {
					sh.ends = append(sh.ends, left[s])
					shares[player] = sh
				}
			}
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "[Event "):
				gameEnd()
				games, left, side, made = games+1, [2]float64{base, base}, 0, [2]int{}
			case strings.HasPrefix(line, "[FEN ") && strings.Contains(line, " b "):
				side = 1 // Black moves first
			case strings.HasPrefix(line, "[White "), strings.HasPrefix(line, "[Black "):
				players[b2i(line[1] == 'B')] = strings.Trim(line[7:], `"] `)
			case strings.HasPrefix(line, "["):
			default:
				for _, m := range moveTime.FindAllStringSubmatch(line, -1) {
					t, _ := strconv.ParseFloat(m[2], 64)
					t *= 1000
					moves++
					sh, seen := shares[players[side]]
					if !seen {
						sh.lowest = base
					}
					ph := &sh.phases[min(made[side]/10, phases-1)]
					made[side]++
					ph.moves++
					ph.time += t
					ph.clock += left[side]
					if d := depth.FindStringSubmatch(m[1]); d != nil {
						n, _ := strconv.Atoi(d[1])
						ph.depth += float64(n)
					}
					if t > left[side]/2-10 {
						over = append(over, fmt.Sprintf("game %d: %.0f ms left, %.0f ms", games, left[side], t))
						sh.half++
					}
					sh.moves++
					if f := t / left[side]; left[side] > 0 && f > sh.fraction {
						sh.fraction, sh.where = f, fmt.Sprintf("game %d: %.0f of %.0f ms", games, t, left[side])
					}
					if left[side] <= 0 || t > left[side]/6 {
						sh.sixth++
					}
					left[side] -= t
					lowest = min(lowest, left[side])
					sh.lowest = min(sh.lowest, left[side])
					shares[players[side]] = sh
					left[side] += inc
					side ^= 1
				}
			}
		}
		gameEnd()
		f.Close()
		if err := sc.Err(); err != nil {
			fmt.Fprintln(os.Stderr, name, err)
			os.Exit(1)
		}
		fmt.Printf("%s: %d games, %d moves, lowest clock after a move %.0f ms, moves over half the clock less 10 ms: %d %v\n",
			name, games, moves, lowest, len(over), over[:min(len(over), 8)])
		for _, player := range slices.Sorted(maps.Keys(shares)) {
			sh := shares[player]
			fmt.Printf("  %s: the largest share of its clock a move took %.1f%% (%s); moves over a sixth of the clock: %d of %d; over half less 10 ms: %d; lowest clock after a move %.0f ms\n",
				player, 100*sh.fraction, sh.where, sh.sixth, sh.moves, sh.half, sh.lowest)
		}
		for _, player := range slices.Sorted(maps.Keys(shares)) {
			sh := shares[player]
			fmt.Printf("  %s, ten moves at a time (moves, mean time ms, depth, clock before ms):", player)
			for i, ph := range sh.phases {
				if ph.moves > 0 {
					last := fmt.Sprint(10*i + 10)
					if i == phases-1 {
						last = ""
					}
					fmt.Printf(" %d-%s %.0f %.0f %.2f %.0f;", 10*i+1, last, ph.moves, ph.time/ph.moves, ph.depth/ph.moves, ph.clock/ph.moves)
				}
			}
			slices.Sort(sh.ends)
			if len(sh.ends) > 0 {
				fmt.Printf(" the median clock at a game's end %.0f ms", sh.ends[len(sh.ends)/2])
			}
			fmt.Println()
		}
	}
}
