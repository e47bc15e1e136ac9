package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestBookLines: every line of book.txt is legal from the initial position,
// the book is what scripts/book.go makes of testdata/openings.pgn, and the
// initial position offers several first moves, 1.e4 the likeliest; a
// broken line is refused with its number.
func TestBookLines(t *testing.T) {
	t.Parallel()
	book, err := readBook(bookText)
	must(t, err)
	start := newGame()
	first := book[keyOf(&start)]
	if len(first) < 5 || first[0].move.String() != "e2e4" {
		t.Errorf("the book's first moves: %+v", first)
	}
	for _, b := range first[1:] {
		if b.weight > first[0].weight {
			t.Errorf("1.%s in %d lines, more than 1.e4's %d", b.move, b.weight, first[0].weight)
		}
	}
	e := smallEngine() // micro-Max's own check takes every move of every line
	for _, line := range strings.Split(bookText, "\n") {
		moves, _, _ := strings.Cut(line, "|")
		if strings.HasPrefix(line, "#") {
			continue
		}
		e.restart()
		for _, text := range strings.Fields(moves) {
			if m := mustMove(t, &e.Position, text); !e.playBook(m) {
				t.Fatalf("%s: micro-Max refuses %s", line, text)
			}
		}
	}
	if _, err := readBook("e2e4 e7e5\ne2e4 e2e5 | bad\n"); err == nil || !strings.Contains(err.Error(), "line 2: e2e5") {
		t.Errorf("a broken line: %v", err)
	}
	if testing.Short() { // the emulated runs (qemu, Wine) cannot start the host's go
		return
	}
	out, err := exec.Command("go", "run", "scripts/book.go").Output()
	must(t, err)
	if !bytes.Equal(out, []byte(bookText)) {
		t.Errorf("book.txt is not what go run scripts/book.go makes of testdata/openings.pgn")
	}
}

// bookGame plays plies plies of self-play at full strength in a UCI
// session with the book on and the seed given, and returns its moves.
func bookGame(t *testing.T, d *uciDialogue, seed, plies int) string {
	t.Helper()
	d.sync("setoption name OwnBook value true", fmt.Sprintf("setoption name Strength Seed value %d", seed))
	var moves []string
	for range plies {
		got := d.search("position startpos moves "+strings.Join(moves, " "), "go wtime 600000 btime 600000")
		best, _ := bestmoveOf(t, got[len(got)-1])
		moves = append(moves, best)
	}
	return strings.Join(moves, " ")
}

// TestBookGamesVary: with the book on, games from the initial position
// differ from seed to seed, and the same seed plays the same game, also
// after other games; every move is the book's until the lines end.
func TestBookGamesVary(t *testing.T) {
	t.Parallel()
	d := newUCIDialogue(t, smallEngine(), config{})
	d.sync("uci")
	games, firsts := map[string]int{}, map[string]bool{}
	for seed := 1; seed <= 16; seed++ {
		g := bookGame(t, d, seed, 6)
		games[g]++
		firsts[strings.Fields(g)[0]] = true
		if g != bookGame(t, d, seed, 6) {
			t.Errorf("seed %d: two games differ", seed)
		}
	}
	if len(games) < 10 || len(firsts) < 2 {
		t.Errorf("16 seeds played %d different games (%d first moves), want 10 and 2 at least: %v", len(games), len(firsts), games)
	}
	again := newUCIDialogue(t, smallEngine(), config{})
	again.sync("uci")
	for seed := 1; seed <= 16; seed += 5 {
		g := bookGame(t, again, seed, 6)
		if games[g] == 0 {
			t.Errorf("seed %d in a fresh session: %s, not the game it played before", seed, g)
		}
	}
	// Out of the book, the engine thinks; searchmoves without the book's
	// move, too.
	got := d.search("position startpos moves a2a3", "go nodes 2000")
	if i, ok := parseInfo(got[len(got)-2]); !ok || i.nodes < 2000 {
		t.Errorf("out of the book: %q", got)
	}
	for seed := 1; seed <= 4; seed++ {
		d.sync(fmt.Sprintf("setoption name Strength Seed value %d", seed))
		got := d.search("position startpos", "go nodes 2000 searchmoves h2h3")
		if best, _ := bestmoveOf(t, got[len(got)-1]); best != "h2h3" {
			t.Errorf("searchmoves h2h3 with the book on: %s", best)
		}
	}
}

// TestBookOffIsMicroMax: with the book off (UCI's default), the engine
// searches what micro-Max searches, node for node: the same lines as an
// engine that never had the option, after the book was switched on and
// off (the bench, 10120228 nodes, never asks the book).
func TestBookOffIsMicroMax(t *testing.T) {
	t.Parallel()
	script := []string{"position startpos", "go nodes 1000000"}
	plain := newUCIDialogue(t, smallEngine(), config{})
	plain.sync("uci")
	want := withoutTimes(plain.search(script...))
	used := newUCIDialogue(t, smallEngine(), config{})
	used.sync("uci", "setoption name OwnBook value true", "setoption name OwnBook value false")
	if got := withoutTimes(used.search(script...)); !slices.Equal(got, want) || len(got) < 5 {
		t.Errorf("after the book on and off:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// startMode runs the engine as the command line args start it (main.go),
// reading CECP or UCI, in this process.
func startMode(t *testing.T, proto protocol, args ...string) *driver {
	t.Helper()
	fs := flag.NewFlagSet("umax", flag.ContinueOnError)
	cl, err := parseCommandLine(fs, args)
	must(t, err)
	e := smallEngine()
	must(t, cl.applyOptions(e, &cl.cfg))
	return serveDriver(t, proto, func(out io.Writer) func(io.Reader) {
		return func(in io.Reader) { runProtocol(e, in, out, cl.cfg) }
	})
}

// TestBookDefaults: XBoard mode has the book and the pace on, UCI off,
// and the flags change either; a bad value is refused in each protocol.
func TestBookDefaults(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args       []string
		book, pace int
	}{{nil, 1, 1}, {[]string{"-book=false"}, 0, 1}, {[]string{"-human-pace=false", "-book"}, 1, 0}} {
		d := startMode(t, cecpProtocol, c.args...)
		got := d.sync("xboard", "protover 2")
		for _, want := range []string{fmt.Sprintf(`feature option="Own book -check %d"`, c.book), fmt.Sprintf(`feature option="Human pace -check %d"`, c.pace)} {
			if !slices.Contains(got, want) {
				t.Errorf("%v: no %s in %q", c.args, want, got)
			}
		}
		if got := d.sync("option Own book=2"); len(got) != 1 || !strings.HasPrefix(got[0], "Error (bad option value") {
			t.Errorf("option Own book=2: %q", got)
		}
	}
	for _, c := range []struct {
		args       []string
		book, pace bool
	}{{nil, false, false}, {[]string{"-book", "-human-pace"}, true, true}} {
		d := startMode(t, uciProtocol, c.args...)
		got := d.sync("uci")
		for _, want := range []string{fmt.Sprintf("option name OwnBook type check default %v", c.book), fmt.Sprintf("option name Human Pace type check default %v", c.pace)} {
			if !slices.Contains(got, want) {
				t.Errorf("%v: no %q in %q", c.args, want, got)
			}
		}
		if got := d.sync("setoption name OwnBook value maybe"); len(got) != 1 || !strings.Contains(got[0], `option OwnBook: value "maybe" refused`) {
			t.Errorf("setoption name OwnBook value maybe: %q", got)
		}
	}
	if cl, err := parseCommandLine(flag.NewFlagSet("umax", flag.ContinueOnError), []string{"-classic"}); err != nil {
		t.Fatal(err)
	} else if s := cl.cfg.playerDefaults(false, true).strength; s.book.on() || !s.pace.on() {
		t.Errorf("-classic: book %v, pace %v; want off and on", s.book.on(), s.pace.on())
	}
}

// TestBookXBoard: in XBoard mode the engine's first move comes from the
// book, drawn with the seed, and waits a human's moment; with the pace off
// it comes at once.
func TestBookXBoard(t *testing.T) {
	t.Parallel()
	d := startMode(t, cecpProtocol)
	d.sync("xboard", "protover 2")
	firsts := map[string]bool{}
	for seed := 1; seed <= 8; seed++ {
		d.sync("new", "level 40 5 0", fmt.Sprintf("option Strength seed=%d", seed), "option Human pace=0")
		start := time.Now()
		move, _ := moveLine(d.search("go"))
		if took := time.Since(start); took > 500*time.Millisecond {
			t.Errorf("seed %d: the book's move %s took %v with the pace off", seed, move, took)
		}
		firsts[move] = true
	}
	if len(firsts) < 2 {
		t.Errorf("8 seeds, first moves %v", firsts)
	}
	d.sync("new", "level 40 5 0", "option Strength seed=1", "option Human pace=1")
	start := time.Now()
	d.search("go")
	if took := time.Since(start); took < time.Second || took > 3*time.Second {
		t.Errorf("the book's move with the pace on, 5 minutes on the clock: %v, want a second or two", took)
	}
}

// TestPace: with the pace on, a level's move waits a human's moment, at
// most half the move's soft limit, and stop ends the wait; with it off
// (UCI's default) the move comes at once.
func TestPace(t *testing.T) {
	t.Parallel()
	for range 20 {
		if m := humanMoment(0); m < time.Second || m >= 2*time.Second {
			t.Fatalf("a moment without a clock: %v", m)
		}
		if m := humanMoment(300 * time.Millisecond); m > 150*time.Millisecond {
			t.Fatalf("a moment with a soft limit of 300 ms: %v", m)
		}
	}
	d := newUCIDialogue(t, smallEngine(), config{})
	d.sync(append([]string{"uci"}, levelOptions(800, 3)...)...)
	timed := func(cmds ...string) time.Duration {
		start := time.Now()
		d.search(cmds...)
		return time.Since(start)
	}
	if took := timed("position startpos", "go wtime 600000 btime 600000"); took > 500*time.Millisecond {
		t.Errorf("the pace off: level 800 took %v", took)
	}
	d.sync("setoption name Human Pace value true")
	if took := timed("position startpos", "go wtime 600000 btime 600000"); took < time.Second || took > 3*time.Second {
		t.Errorf("the pace on: level 800 took %v, want a second or two", took)
	}
	if took := timed("position startpos", "go movetime 200"); took > time.Second {
		t.Errorf("the pace on, go movetime 200: %v", took)
	}
	if took := timed("position startpos", "go nodes 5000"); took > 500*time.Millisecond {
		t.Errorf("the pace on, go nodes (no clock): %v", took)
	}
	d.send("position startpos", "go wtime 600000 btime 600000")
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	d.search("stop")
	if took := time.Since(start); took > 300*time.Millisecond {
		t.Errorf("stop during the moment: the bestmove came %v later", took)
	}
}

// TestBookClassic: in micro-Max's console dialogue, -book plays the book's
// move for an empty line, and says so; without it the console thinks as
// the C program does.
func TestBookClassic(t *testing.T) {
	t.Parallel()
	play := func(s strengthSetting) string {
		var out strings.Builder
		c := &console{e: smallEngine(), budget: 20000, cfg: config{strength: s}}
		c.run(strings.NewReader("\n"), &out)
		return out.String()
	}
	if got := play(strengthSetting{book: settingOn, pace: settingOff, seed: 2}); !strings.Contains(got, "book move ") || strings.Contains(got, " searched, ") {
		t.Errorf("-book: %s", got)
	}
	if got := play(strengthSetting{book: settingOff}); strings.Contains(got, "book move ") || !strings.Contains(got, " searched, ") {
		t.Errorf("-book=false: %s", got)
	}
}
