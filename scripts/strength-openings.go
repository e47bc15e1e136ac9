//go:build ignore

// strength-openings makes the openings of the strength calibration
// (scripts/strength-calibrate.sh): random 8-ply openings from the initial
// position that Stockfish at depth 10 scores within ±60 centipawns, as the
// outside check of issue 39 made its own. The random walk is drawn from a
// fixed seed, so the same command makes the same openings; Stockfish (one
// thread, a fresh hash for each) gives the legal moves (go perft 1) and
// the score.
//
//	go run scripts/strength-openings.go [-seed N] [-n COUNT] [-plies 8] [-depth 10] [-cp 60] [-not FILE] > OUT.epd
//
// -not skips the openings of FILE (the calibration's and the
// verification's sets must not share one). The output is EPD as
// testdata/openings.epd has it: board, side, castling, e.p.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
)

type engine struct {
	in  *bufio.Writer
	out *bufio.Scanner
}

func (e *engine) send(lines ...string) {
	for _, l := range lines {
		fmt.Fprintln(e.in, l)
	}
	e.in.Flush()
}

// until returns the lines up to and with the first that starts with prefix.
func (e *engine) until(prefix string) []string {
	var lines []string
	for e.out.Scan() {
		lines = append(lines, e.out.Text())
		if strings.HasPrefix(e.out.Text(), prefix) {
			return lines
		}
	}
	panic("stockfish ended")
}

func main() {
	seed := flag.Uint64("seed", 1, "the random walk's seed")
	count := flag.Int("n", 200, "how many openings")
	plies := flag.Int("plies", 8, "the random plies of an opening")
	depth := flag.Int("depth", 10, "Stockfish's depth for the score")
	window := flag.Int("cp", 60, "the largest score (centipawns) either way")
	not := flag.String("not", "", "an EPD file whose openings are not to be repeated")
	sfPath := flag.String("stockfish", "/usr/games/stockfish", "Stockfish")
	flag.Parse()
	skip := map[string]bool{}
	if *not != "" {
		data, err := os.ReadFile(*not)
		if err != nil {
			panic(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			skip[strings.TrimSpace(l)] = true
		}
	}
	cmd := exec.Command(*sfPath)
	w, _ := cmd.StdinPipe()
	r, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	sf := &engine{in: bufio.NewWriter(w), out: bufio.NewScanner(r)}
	sf.send("uci", "setoption name Threads value 1", "setoption name Hash value 16", "isready")
	sf.until("readyok")
	rng := rand.New(rand.NewPCG(*seed, 39))
	seen := map[string]bool{}
	for made := 0; made < *count; {
		var moves []string
		for len(moves) < *plies {
			sf.send("position startpos moves "+strings.Join(moves, " "), "go perft 1")
			var legal []string
			for _, l := range sf.until("Nodes searched") {
				if m, _, ok := strings.Cut(l, ": "); ok && len(m) >= 4 && len(m) <= 5 {
					legal = append(legal, m)
				}
			}
			if len(legal) == 0 {
				break
			}
			sort.Strings(legal) // Stockfish's order is its own: the draw must not depend on it
			moves = append(moves, legal[rng.IntN(len(legal))])
		}
		if len(moves) < *plies {
			continue // mate or stalemate on the way
		}
		sf.send("ucinewgame", "position startpos moves "+strings.Join(moves, " "), "d")
		var fen string
		for _, l := range sf.until("Checkers") {
			if f, ok := strings.CutPrefix(l, "Fen: "); ok {
				fen = f
			}
		}
		fields := strings.Fields(fen)
		epd := strings.Join(fields[:4], " ")
		if seen[epd] || skip[epd] {
			continue
		}
		seen[epd] = true
		sf.send(fmt.Sprintf("go depth %d", *depth))
		score, mate := 0, false
		for _, l := range sf.until("bestmove") {
			f := strings.Fields(l)
			for i := 0; i+2 < len(f); i++ {
				if f[i] == "score" {
					score, _ = strconv.Atoi(f[i+2])
					mate = f[i+1] == "mate"
				}
			}
		}
		if mate || score > *window || score < -*window {
			continue
		}
		fmt.Println(epd)
		made++
	}
	sf.send("quit")
	cmd.Wait()
}
