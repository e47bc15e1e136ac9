package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// uciDialogue drives a UCI session through pipes, as a GUI does, and
// records the session's output lines with the time each arrived.
type uciDialogue struct {
	t     *testing.T
	e     *Engine
	s     *uciSession
	in    *io.PipeWriter
	lines chan outputLine
	done  chan struct{}
	once  sync.Once
}

// newUCIDialogue starts a UCI session on e.
func newUCIDialogue(t *testing.T, e *Engine, cfg uciConfig) *uciDialogue {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	d := &uciDialogue{t: t, e: e, in: inW, lines: make(chan outputLine, 100000), done: make(chan struct{})}
	d.s = newUCISession(e, outW, cfg)
	go func() {
		d.s.serve(inR)
		outW.Close()
		close(d.done)
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			d.lines <- outputLine{sc.Text(), time.Now()}
		}
		close(d.lines)
	}()
	t.Cleanup(d.close)
	return d
}

// send writes command lines.
func (d *uciDialogue) send(cmds ...string) time.Time {
	d.t.Helper()
	for _, c := range cmds {
		if _, err := io.WriteString(d.in, c+"\n"); err != nil {
			d.t.Fatalf("send %q: %v", c, err)
		}
	}
	return time.Now()
}

// next returns the next output line, failing the test after timeout.
func (d *uciDialogue) next(timeout time.Duration) outputLine {
	d.t.Helper()
	select {
	case l, ok := <-d.lines:
		if !ok {
			d.t.Fatalf("the session ended")
		}
		return l
	case <-time.After(timeout):
		d.t.Fatalf("no output for %v", timeout)
	}
	return outputLine{}
}

// until returns the output lines up to and including the first one for
// which stop is true.
func (d *uciDialogue) until(stop func(string) bool, timeout time.Duration) []string {
	d.t.Helper()
	var got []string
	deadline := time.Now().Add(timeout)
	for {
		l := d.next(time.Until(deadline))
		got = append(got, l.text)
		if stop(l.text) {
			return got
		}
	}
}

// sync sends cmds and isready, and returns the lines before readyok. (A
// search goes on: readyok comes at once.)
func (d *uciDialogue) sync(cmds ...string) []string {
	d.t.Helper()
	d.send(append(slices.Clip(cmds), "isready")...)
	got := d.until(func(s string) bool { return s == "readyok" }, time.Minute)
	return got[:len(got)-1]
}

// search sends cmds (the last of them a go) and returns the lines up to and
// including the bestmove.
func (d *uciDialogue) search(cmds ...string) []string {
	d.t.Helper()
	d.send(cmds...)
	return d.until(isBestmove, 2*time.Minute)
}

// expectNothing fails unless cmds are answered with no output at all.
func (d *uciDialogue) expectNothing(cmds ...string) {
	d.t.Helper()
	if got := d.sync(cmds...); len(got) != 0 {
		d.t.Errorf("%q answered %q, want nothing", cmds, got)
	}
}

// close ends the input and waits for the session to end.
func (d *uciDialogue) close() {
	d.once.Do(func() {
		d.in.Close()
		select {
		case <-d.done:
		case <-time.After(10 * time.Second):
			d.t.Errorf("the session did not end after the end of input")
		}
	})
}

func isBestmove(l string) bool { return strings.HasPrefix(l, "bestmove ") }

// uciInfo is what the tests read from an info line.
type uciInfo struct {
	depth, nodes, ms int
	hasDepth         bool
	score            string // "cp 15", "mate 2", or "" if none
	pv               []string
}

// infoPattern is the form of every info line but info string.
var infoPattern = regexp.MustCompile(`^info( depth \d+ score (cp -?\d+|mate -?\d+))? nodes \d+ nps \d+ time \d+( pv( [a-h][1-8][a-h][1-8][qrbn]?)+)?$`)

// parseInfo reads an info line (ok false for any other line).
func parseInfo(l string) (info uciInfo, ok bool) {
	if !infoPattern.MatchString(l) {
		return info, false
	}
	f := strings.Fields(l)
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth":
			info.depth, _ = strconv.Atoi(f[i+1])
			info.hasDepth = true
		case "score":
			info.score = f[i+1] + " " + f[i+2]
		case "nodes":
			info.nodes, _ = strconv.Atoi(f[i+1])
		case "time":
			info.ms, _ = strconv.Atoi(f[i+1])
		case "pv":
			info.pv = f[i+1:]
			return info, true
		}
	}
	return info, true
}

// bestmoveOf reads a bestmove line: the move and the ponder move, if any.
func bestmoveOf(t *testing.T, l string) (best, ponder string) {
	t.Helper()
	f := strings.Fields(l)
	switch {
	case len(f) == 2 && f[0] == "bestmove":
		return f[1], ""
	case len(f) == 4 && f[0] == "bestmove" && f[2] == "ponder":
		return f[1], f[3]
	}
	t.Fatalf("not a bestmove line: %q", l)
	return "", ""
}

// checkSearch checks the output of one search from position root in game:
// every line an info line, each PV legal and not going on past the end of
// the game, a score before the bestmove, and the bestmove legal, the first
// move of the last PV, with a legal ponder move. It returns the info lines
// with a depth, and the bestmove.
func checkSearch(t *testing.T, game *gameRecord, got []string) (iterations []uciInfo, best, ponder string) {
	t.Helper()
	root := game.current().pos
	scored := false
	var lastPV []string
	for _, l := range got[:len(got)-1] {
		if strings.HasPrefix(l, "info string ") {
			continue
		}
		info, ok := parseInfo(l)
		if !ok {
			t.Fatalf("not an info line: %q", l)
		}
		scored = scored || info.score != ""
		if len(info.pv) > 0 {
			lastPV = info.pv
			var pv []Move
			p := root
			for _, text := range info.pv {
				m, ok := p.parseMove(text)
				if !ok {
					t.Fatalf("%q: %s is not legal in %s", l, text, fenOf(&p))
				}
				p.makeMove(m)
				pv = append(pv, m)
			}
			if n := game.pvLength(pv); n != len(pv) {
				t.Errorf("%q goes on past the end of the game after %d moves", l, n)
			}
		}
		if info.hasDepth {
			iterations = append(iterations, info)
		}
	}
	if !scored {
		t.Errorf("no score before the bestmove: %q", got)
	}
	best, ponder = bestmoveOf(t, got[len(got)-1])
	if best == "0000" {
		if root.hasLegalMove() {
			t.Errorf("bestmove 0000 with legal moves in %s", fenOf(&root))
		}
		return iterations, best, ponder
	}
	m, ok := root.parseMove(best)
	if !ok || m.String() != best {
		t.Fatalf("bestmove %s is not legal in %s", best, fenOf(&root))
	}
	if lastPV != nil && lastPV[0] != best {
		t.Errorf("bestmove %s, last PV %v", best, lastPV)
	}
	if ponder != "" {
		after := root
		after.makeMove(m)
		if _, ok := after.parseMove(ponder); !ok {
			t.Errorf("ponder move %s is not legal after %s", ponder, best)
		}
	}
	return iterations, best, ponder
}

// TestUCIIdentify: uci is answered with the name, the author, the options
// and uciok; isready with readyok; the options' defaults are the engine's.
func TestUCIIdentify(t *testing.T) {
	d := newUCIDialogue(t, newEngine(), uciConfig{})
	got := d.sync("uci")
	want := []string{
		"id name micro-Max 4.1 (Go)",
		"id author H.G. Muller (micro-Max 4.1), ported to Go",
		"option name Hash type spin default 176 min 1 max 8192",
		"option name Clear Hash type button",
		"option name Futility Pruning type check default true",
		"option name Move Overhead type spin default 25 min 0 max 5000",
		"option name Ponder type check default false",
		"option name Threads type spin default 1 min 1 max 1",
		"uciok",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	d.expectNothing("register later", "register name X code 1", "debug on", "debug off", "stop", "ponderhit")
}

// TestUCINodeCountsMatchC replays the console games of the golden files
// through UCI, as a GUI plays a game: ucinewgame, then for every think of
// the C program "position startpos moves" with the whole game so far (the
// engine's own moves included) and "go nodes N". Every info line with a
// depth must be one of the C program's kibitz lines, in order (depth =
// "ply", nodes = "searched", the score, the PV's first move = "by"), and
// the bestmove the C program's move. Where the game is over (a mate or a
// stalemate reached by typed moves) the engine answers bestmove 0000 after
// a score of mate 0 or cp 0. A game whose input types an illegal move
// stops there (UCI has no way to try one). Several games run in one
// session, one after the other, each after ucinewgame.
func TestUCINodeCountsMatchC(t *testing.T) {
	games := []string{"castling-ep.50000", "castling-ep-black.50000", "promotion-white.50000",
		"promotion-black.50000", "fools-mate.50000", "scholars-mate.50000", "stalemate.50000", "selfplay-qgd.20000"}
	if !testing.Short() {
		games = append(games, "selfplay40.50000", "default.1000000")
	}
	var cases []goldenReplay
	for _, g := range games {
		cases = append(cases, readGoldenReplay(t, filepath.Join("testdata", "classic", g)))
	}
	for _, g := range []string{"castling-ep.50000", "scholars-mate.50000", "stalemate.50000", "selfplay20.50000"} {
		cases = append(cases, readGoldenReplay(t, filepath.Join("testdata", "classic40", g)))
	}
	// Each budget in a session of its own; the 4.0 games in another.
	sessions := map[string][]goldenReplay{}
	for _, c := range cases {
		key := fmt.Sprintf("%d futility %v", c.budget, c.futility)
		sessions[key] = append(sessions[key], c)
	}
	for key, list := range sessions {
		t.Run(strings.ReplaceAll(key, " ", "-"), func(t *testing.T) {
			t.Parallel()
			d := newUCIDialogue(t, newEngine(), uciConfig{})
			d.sync("uci")
			if !list[0].futility {
				d.expectNothing("setoption name futility pruning value false")
			}
			for _, c := range list {
				c.replay(t, d)
			}
		})
	}
}

// goldenReplay is a golden console game: its input lines and, for each, the
// kibitz lines the C program printed.
type goldenReplay struct {
	name     string
	inputs   []string
	blocks   [][]kibitz
	budget   int
	futility bool
}

func readGoldenReplay(t *testing.T, base string) goldenReplay {
	t.Helper()
	in, err := os.ReadFile(base + ".in")
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(base + ".out")
	if err != nil {
		t.Fatal(err)
	}
	g := goldenReplay{name: base, futility: !strings.Contains(base, "classic40")}
	g.budget, _ = strconv.Atoi(filepath.Ext(base)[1:])
	outLines := strings.Split(string(out), "\n")
	for i := 0; i < len(outLines); i++ {
		if len(outLines[i]) == 17 && !strings.Contains(outLines[i], "ply") { // a board print: 8 lines
			i += 7
			g.blocks = append(g.blocks, nil)
			continue
		}
		var k kibitz
		if n, _ := fmt.Sscanf(outLines[i], "%d ply, %d searched, score=%d by %s", &k.depth, &k.nodes, &k.score, &k.move); n == 4 {
			g.blocks[len(g.blocks)-1] = append(g.blocks[len(g.blocks)-1], k)
		}
	}
	g.inputs = strings.Split(strings.TrimSuffix(string(in), "\n"), "\n")
	if len(g.blocks) < len(g.inputs) {
		t.Fatalf("%s: %d kibitz blocks for %d input lines", base, len(g.blocks), len(g.inputs))
	}
	return g
}

// replay plays the game through the dialogue (see TestUCINodeCountsMatchC).
// A typed move that is illegal cannot be sent: the C program tried it with
// a root search of its own, which UCI cannot ask for, so from there on the
// searches are only checked, not compared, and the typed moves that are
// illegal in our game are left out. A game over (mate or stalemate) ends
// the replay.
func (g goldenReplay) replay(t *testing.T, d *uciDialogue) {
	t.Helper()
	d.expectNothing("ucinewgame")
	var moves []string
	var game gameRecord
	game.reset(setup{pos: newGame()})
	searches, over, diverged := 0, false, false
	play := func(m Move) {
		next := game.current().pos
		next.makeMove(m)
		game.push(m, next)
		moves = append(moves, m.String())
	}
	for i, line := range g.inputs {
		if line != "" {
			m, ok := game.current().pos.parseMove(line)
			if !ok {
				if !diverged {
					t.Logf("%s: input %d, %s, is illegal: from here on the searches are not compared", g.name, i, line)
				}
				diverged = true
				continue
			}
			play(m)
			continue
		}
		got := d.search(fmt.Sprintf("position startpos moves %s", strings.Join(moves, " ")), fmt.Sprintf("go nodes %d", g.budget))
		iterations, best, _ := checkSearch(t, &game, got)
		if best == "0000" {
			root := game.current().pos
			want := "cp 0"
			if root.inCheck() {
				want = "mate 0"
			}
			if len(iterations) != 1 || iterations[0].depth != 0 || iterations[0].score != want {
				t.Errorf("%s: input %d: game over, want one info line of depth 0 and score %s: %q", g.name, i, want, got)
			}
			t.Logf("%s: input %d: the game is over (score %s): bestmove 0000", g.name, i, want)
			over = true
			break
		}
		m, _ := game.current().pos.parseMove(best)
		play(m)
		if !samePos(d.e.Position, game.current().pos) {
			t.Fatalf("%s: input %d: micro-Max's board is not the game after %s", g.name, i, best)
		}
		if diverged {
			continue
		}
		var want []kibitz
		for _, k := range g.blocks[i] {
			if k.depth > 0 {
				want = append(want, k)
			}
		}
		if len(iterations) != len(want) {
			t.Fatalf("%s: input %d: %d iterations, C had %d:\n%q\n%v", g.name, i, len(iterations), len(want), got, want)
		}
		for j, it := range iterations {
			k := want[j]
			if it.depth != k.depth || it.nodes != k.nodes || it.score != uciScore(k.score) || !strings.HasPrefix(it.pv[0], k.move) {
				t.Fatalf("%s: input %d: iteration %+v, C had %+v", g.name, i, it, k)
			}
		}
		if cMove := want[len(want)-1].move; best != cMove && best != cMove+"q" {
			t.Fatalf("%s: input %d: bestmove %s, C played %s", g.name, i, best, cMove)
		}
		searches++
	}
	if searches == 0 && !over {
		t.Errorf("%s: nothing compared", g.name)
	}
	t.Logf("%s: %d searches identical to the C program's", g.name, searches)
}
