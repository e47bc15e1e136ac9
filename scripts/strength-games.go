//go:build ignore

// strength-games plays sample games between two strength levels, as
// doc/strength.md shows them: the engine against itself in two processes
// (UCI), each at its level and seed, from the initial position, and prints
// each game in SAN (the engine's own "umax san").
//
//	go build -o umax . && go run scripts/strength-games.go ./umax WHITE BLACK SEED [PLIES]
//
// WHITE and BLACK are a level's Elo, 0 for full strength (go nodes
// 1000000, micro-Max's budget), or knobs as -level takes them ("300,20");
// a level's search runs under "go wtime 60000 btime 60000". PLIES (default
// 200) ends the game early, unfinished. On standard error it says, for each
// side, the depth and the nodes of its moves (the last iteration's info
// line): how deep and how long a level thinks.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
)

type engine struct {
	in  *bufio.Writer
	out *bufio.Scanner
	cmd *exec.Cmd
}

func start(path string, elo, seed int, knobs string) *engine {
	args := []string{"-uci"}
	if knobs != "" {
		args = append(args, "-level", knobs, "-seed", strconv.Itoa(seed))
	}
	cmd := exec.Command(path, args...)
	w, _ := cmd.StdinPipe()
	r, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	e := &engine{in: bufio.NewWriter(w), out: bufio.NewScanner(r), cmd: cmd}
	e.out.Buffer(make([]byte, 1<<20), 1<<24)
	e.send("uci")
	if elo > 0 && knobs == "" {
		e.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value "+strconv.Itoa(elo),
			"setoption name Strength Seed value "+strconv.Itoa(seed))
	}
	return e
}

func (e *engine) send(lines ...string) {
	for _, l := range lines {
		fmt.Fprintln(e.in, l)
	}
	e.in.Flush()
}

func (e *engine) until(prefix string) string {
	for e.out.Scan() {
		if l := e.out.Text(); strings.HasPrefix(l, prefix) {
			return l
		}
	}
	panic("the engine ended")
}

func main() {
	if len(os.Args) < 5 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/strength-games.go UMAX WHITE_ELO BLACK_ELO SEED [PLIES]")
		os.Exit(2)
	}
	elo, knobs := [2]int{}, [2]string{}
	for i, a := range os.Args[2:4] {
		if strings.Contains(a, ",") || strings.HasPrefix(a, "b") {
			knobs[i], elo[i] = strings.TrimPrefix(a, "b"), 1 // knobs, as -level takes them
		} else {
			elo[i], _ = strconv.Atoi(a)
		}
	}
	seed, _ := strconv.Atoi(os.Args[4])
	plies := 200
	if len(os.Args) > 5 {
		plies, _ = strconv.Atoi(os.Args[5])
	}
	players := [2]*engine{start(os.Args[1], elo[0], seed, knobs[0]), start(os.Args[1], elo[1], seed, knobs[1])}
	var moves []string
	var nodes [2][]int
	var depths [2]map[int]int
	result := "*"
	for len(moves) < plies {
		p := players[len(moves)%2]
		p.send("position startpos moves " + strings.Join(moves, " "))
		p.send("umax state")
		var state struct{ End, Result string }
		json.Unmarshal([]byte(strings.TrimPrefix(p.until("umax state "), "umax state ")), &state)
		if state.End != "" {
			result = state.Result
			break
		}
		if elo[len(moves)%2] > 0 {
			p.send("go wtime 60000 btime 60000")
		} else {
			p.send("go nodes 1000000")
		}
		depth, n := 0, 0
		for {
			l := p.until("")
			f := strings.Fields(l)
			if len(f) > 2 && f[0] == "info" && f[1] == "depth" {
				for i := 1; i+1 < len(f) && f[i] != "pv"; i++ {
					switch f[i] {
					case "depth":
						depth, _ = strconv.Atoi(f[i+1])
					case "nodes":
						n, _ = strconv.Atoi(f[i+1])
					}
				}
			}
			if strings.HasPrefix(l, "bestmove ") {
				moves = append(moves, f[1])
				break
			}
		}
		side := (len(moves) - 1) % 2
		if depths[side] == nil {
			depths[side] = map[int]int{}
		}
		nodes[side], depths[side][depth] = append(nodes[side], n), depths[side][depth]+1
	}
	for i, ns := range nodes {
		if len(ns) == 0 {
			continue
		}
		sort.Ints(ns)
		fmt.Fprintf(os.Stderr, "%s: %d moves, nodes a move median %d (quartiles %d to %d), depths %v\n",
			[2]string{"White", "Black"}[i], len(ns), ns[len(ns)/2], ns[len(ns)/4], ns[3*len(ns)/4], depths[i])
	}
	players[0].send("position startpos", "umax san "+strings.Join(moves, " "))
	var san struct{ SAN []string }
	json.Unmarshal([]byte(strings.TrimPrefix(players[0].until("umax san "), "umax san ")), &san)
	name := func(i int) string {
		switch {
		case knobs[i] != "":
			return fmt.Sprintf("micro-Max 4.1 (-level %s, seed %d)", knobs[i], seed)
		case elo[i] == 0:
			return "micro-Max 4.1 (full strength)"
		}
		return fmt.Sprintf("micro-Max 4.1 (level %d, seed %d)", elo[i], seed)
	}
	fmt.Printf("[White %q]\n[Black %q]\n[Result %q]\n\n", name(0), name(1), result)
	var text strings.Builder
	for i, m := range san.SAN {
		if i%2 == 0 {
			fmt.Fprintf(&text, "%d. ", i/2+1)
		}
		text.WriteString(m + " ")
	}
	fmt.Println(strings.TrimSpace(text.String()) + " " + result)
	for _, p := range players {
		p.send("quit")
		p.cmd.Wait()
	}
}
