package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestFeatures(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{})
	got := d.syncNow("xboard", "protover 2")
	want := []string{
		`feature done=0 ping=1 setboard=1 playother=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 ` +
			`analyze=1 colors=0 memory=1 debug=1 exclude=1 variants="normal" myname="micro-Max 4.1 (Go)"`,
		`feature option="MultiPV -spin 1 1 8"`,
		fmt.Sprintf(`feature option="Strength in Elo -spin %d %d %d"`, fullStrengthElo, minStrengthElo, fullStrengthElo),
		`feature option="Strength seed -spin 0 0 2147483647"`,
		`feature option="Own book -check 0"`,
		`feature option="Human pace -check 0"`,
		"feature done=1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	d.expectNothing("accepted ping", "accepted done", "rejected pause", "hard", "easy", "random", "computer",
		"name Fairy-Max", "rating 2100 1800", "ics -", "cores 2", "post", "nopost", "draw", "variant normal")
}

// TestPlaysAGame: the engine answers moves with legal moves, with thinking
// output in post mode, on either side.
func TestPlaysAGame(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 20000})
	d.syncNow("xboard", "protover 2", "new", "post", "level 40 5 0")
	shadow := newGame()
	play := func(m string) { shadow.makeMove(mustMove(t, &shadow, m)) }
	thinking := regexp.MustCompile(`^\d+ -?\d+ \d+ \d+( [a-h][1-8][a-h][1-8][nbrq]?)+$`)
	for _, m := range []string{"e2e4", "g1f3", "f1c4", "d2d3"} {
		play(m)
		got := d.sync("time 30000", "otim 30000", "usermove "+m)
		reply, ok := moveLine(got)
		if !ok {
			t.Fatalf("no move after %s: %q", m, got)
		}
		for _, l := range got[:len(got)-1] {
			if !thinking.MatchString(l) {
				t.Errorf("not thinking output: %q", l)
			}
		}
		if len(got) < 2 {
			t.Errorf("no thinking output before %q", got)
		}
		play(reply)
		if !samePos(shadow, d.position()) {
			t.Fatalf("after %s %s the engine's board is %s, want %s", m, reply, fenOf(d.s.e.pos()), fenOf(&shadow))
		}
	}
	// "go" makes the engine play the side to move, here Black again.
	got := d.sync("force", "usermove b2b3", "go")
	if _, ok := moveLine(got); !ok {
		t.Fatalf("no move after go: %q", got)
	}
	// playother: the engine plays the side not to move, and waits.
	d.expectNothing("force", "playother")
}

// TestNodeCountsMatchC replays console games of the golden tests in XBoard
// mode: with the same node budget and table size, every iteration of every
// search (depth, nodes, score, best move) and every move played must be the
// C program's. Typed moves go through "usermove" in force mode, an empty
// line (think) is "go" ... "force".
func TestNodeCountsMatchC(t *testing.T) {
	t.Parallel() // the goldens run beside the other searches
	names := []string{"castling-ep.50000", "castling-ep-black.50000", "promotion-white.50000",
		"promotion-black.50000", "selfplay-qgd.20000"}
	if !reduced() {
		names = append(names, "selfplay40.50000", "default.1000000")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			compareWithGolden(t, filepath.Join("testdata", "classic", name))
		})
	}
	// micro-Max 4.0 through the GUI option: option Futility pruning=0.
	names40 := []string{"castling-ep.50000"}
	if !reduced() {
		names40 = append(names40, "selfplay20.50000")
	}
	for _, name := range names40 {
		t.Run("4.0/"+name, func(t *testing.T) {
			t.Parallel()
			compareWithGolden(t, filepath.Join("testdata", "classic40", name))
		})
	}
}

// compareWithGolden replays the golden game base through XBoard (see
// TestNodeCountsMatchC).
func compareWithGolden(t *testing.T, base string) {
	g := readGoldenReplay(t, base)
	d := newDialogue(t, newEngine(defaultHashEntries), config{nodeBudget: g.budget, lab: true})
	d.syncNow("xboard", "protover 2", "new", "force", "post", "level 0 999 0")
	if !g.futility {
		if got := d.syncNow("option Futility pruning=0"); len(got) != 0 {
			t.Fatalf("option Futility pruning=0: %q", got)
		}
	}
	for i, line := range g.inputs {
		if line != "" {
			if got := d.sync("usermove " + line); len(got) != 0 {
				t.Fatalf("input %d %q: %q", i, line, got)
			}
			continue
		}
		want := g.thinks(i)
		got := d.sync("go")
		d.sync("force")
		if len(want) == 0 {
			t.Fatalf("input %d: the C program finished no iteration", i)
		}
		cMove := want[len(want)-1].move
		at := slices.IndexFunc(got, isMove)
		if at < 0 { // the C program moved: so must we (a game over for XBoard would end the comparison early)
			t.Fatalf("input %d: no move, C played %s: %q", i, cMove, got)
		}
		move := strings.TrimPrefix(got[at], "move ")
		if len(got) > at+2 || len(got) == at+2 && !strings.Contains(got[at+1], " mates}") && got[at+1] != "1/2-1/2 {Stalemate}" {
			t.Fatalf("input %d: %q after the move", i, got[at+1:])
		}
		got = got[:at]
		if len(got) != len(want) {
			t.Fatalf("input %d: %d iterations, C had %d:\n%q\n%v", i, len(got), len(want), got, want)
		}
		for j, l := range got {
			var depth, score, cs, nodes int
			var pv string
			fmt.Sscanf(l, "%d %d %d %d %s", &depth, &score, &cs, &nodes, &pv)
			k := want[j]
			if depth != k.depth || nodes != k.nodes || score != cecpScore(k.score) || pv != k.move {
				t.Fatalf("input %d: iteration %q, C had %+v", i, l, k)
			}
		}
		if move != cMove && move != cMove+"q" {
			t.Fatalf("input %d: played %s, C played %s", i, move, cMove)
		}
	}
}

// TestBadMoves: illegal and garbled moves are refused and change nothing.
func TestBadMoves(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 5000})
	d.syncNow("new", "force", "usermove e2e4")
	before := d.position()
	for _, m := range []string{"e2e4", "e7e4", "e7e5q", "d1d8", "e1g1", "e8g8", "a7a8", "e7e5e", "xyzw", "e9e4",
		"E7E5", "@@@@", "e7", "", "a1a1", "P@e4"} {
		got := d.sync("usermove " + m)
		if len(got) != 1 || got[0] != "Illegal move: "+m {
			t.Errorf("usermove %q answered %q", m, got)
		}
		if !samePos(before, d.position()) {
			t.Fatalf("usermove %q changed the board", m)
		}
	}
	for _, m := range []string{"e2e5", "i9a1", "e7e5k"} { // bare words shaped like moves
		d.expect(m, "Illegal move: "+m)
	}
	d.expect("usermove e7e5")
}

// TestCastlingEPPromotion: the opponent's special moves, and an
// under-promotion that micro-Max would never play itself.
func TestCastlingEPPromotion(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 5000})
	const w, b, m = white, black, movedBit
	cases := []struct {
		fen, move string
		squares   map[int]int8 // what some squares hold after the move
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", map[int]int8{118: w + 4 + m, 117: w + 6, 119: 0}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", map[int]int8{114: w + 4 + m, 115: w + 6, 112: 0}},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", map[int]int8{2: b + 4 + m, 3: b + 6, 0: 0}},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", map[int]int8{35: w + 1 + m, 51: 0, 52: 0}},
		{"4k3/8/8/8/4pP2/8/8/4K3 b - f3 0 1", "e4f3", map[int]int8{85: b + 2 + m, 69: 0}},
		{"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n", map[int]int8{1: w + 3 + m, 16: 0}},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8r", map[int]int8{0: w + 6 + m}},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8b", map[int]int8{0: w + 5 + m}},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", map[int]int8{0: w + 7 + m}},
		{"4k3/8/8/8/8/8/7p/4K3 b - - 0 1", "h2h1n", map[int]int8{119: b + 3 + m}},
	}
	for _, c := range cases {
		s := mustFEN(t, c.fen)
		m := mustMove(t, &s.pos, c.move)
		want := s.pos
		want.makeMove(m)
		if got := d.sync("force", "setboard "+c.fen, "usermove "+c.move); len(got) != 0 {
			t.Fatalf("%s %s: %q", c.fen, c.move, got)
		}
		p := d.position()
		for sq, piece := range c.squares {
			if p.board[sq] != piece {
				t.Errorf("%s %s: %s holds %d, want %d", c.fen, c.move, squareName(sq), p.board[sq], piece)
			}
		}
		if !samePos(p, want) {
			t.Errorf("%s %s: board %s (eval %d), want %s (eval %d)", c.fen, c.move, fenOf(&p), p.eval, fenOf(&want), want.eval)
		}
	}
	// Castling out of, through and into check, and a pinned e.p. capture.
	for _, c := range []struct{ fen, move string }{
		{"r3k2r/8/8/8/8/8/8/R3K1rR w KQkq - 0 1", "e1g1"}, // e1 attacked... by the rook on g1
		{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1"},
		{"r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", "e1g1"},
		{"r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1c1"},
		{"4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1", "e5d6"},
	} {
		d.expectNothing("force", "setboard "+c.fen)
		d.expect("usermove "+c.move, "Illegal move: "+c.move)
	}
}

// TestIllegalPosition: the repro. A refused setboard tells the
// user, then every move is illegal and the engine thinks about nothing
// (not on go, not in analysis, not on the other side's move), until new or
// a good setboard.
func TestIllegalPosition(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 5000})
	got := d.syncNow("new", "force", "post", "setboard 4k3/8/8/8/8/8/4R3/4K3 w - - 0 1")
	if len(got) != 2 || got[0] != "tellusererror Illegal position" || got[1] != "# setboard refused: the side not to move is in check" {
		t.Errorf("setboard: %q", got)
	}
	want := []string{"Illegal move: e2e4"}
	if got := d.sync("usermove e2e4", "go"); !slices.Equal(got, want) {
		t.Errorf("usermove e2e4, go: %q, want %q", got, want)
	}
	for _, cmds := range [][]string{{"e7e5"}, {"playother"}, {"white"}, {"black"}, {"go"}, {"hint"},
		{"undo"}, {"remove"}, {"analyze", "."}, {"exit", "force"}, {"usermove e1e2"}} {
		got := d.sync(cmds...)
		var want []string
		switch cmds[0] {
		case "e7e5", "usermove e1e2":
			want = []string{"Illegal move: " + strings.TrimPrefix(cmds[0], "usermove ")}
		case "undo", "remove":
			want = []string{"Error (command not legal now): " + cmds[0]}
		case "analyze":
			want = []string{"stat01: 0 0 0 0 0"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", cmds, got, want)
		}
	}
	if !samePos(d.position(), newGame()) {
		t.Errorf("the board changed: %s", fenOf(d.e.pos()))
	}
	// A good setboard ends the state; so does new.
	d.expectNothing("setboard 4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", "usermove e8d8")
	d.sync("setboard 4k3/8/8/8/8/8/8/4KK2 w - - 0 1")
	if got := d.sync("new", "usermove e2e4"); len(got) == 0 || !isMove(got[len(got)-1]) {
		t.Errorf("after new: %q", got)
	}
}

// TestUndoRemove takes moves back to the exact positions.
func TestUndoRemove(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 5000})
	d.syncNow("new", "force")
	var positions []Position
	for _, m := range []string{"e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d2", "b1d2"} {
		positions = append(positions, d.position())
		d.expect("usermove " + m)
	}
	// back takes cmds back, and wants the board as it was before move ply.
	back := func(ply int, cmds ...string) {
		t.Helper()
		if d.expectNothing(cmds...); !samePos(d.position(), positions[ply]) {
			t.Fatalf("%q: the board is not the position before move %d", cmds, ply+1)
		}
	}
	back(8, "undo")
	back(6, "remove")
	back(0, "undo", "undo", "undo", "undo", "undo", "undo")
	d.expect("undo", "Error (command not legal now): undo")
	d.expect("remove", "Error (command not legal now): remove")
	// remove in a game: the engine (Black) has answered e2e4; the user takes
	// back both moves and plays something else.
	got := d.sync("new", "usermove e2e4")
	if _, ok := moveLine(got); !ok {
		t.Fatalf("no reply: %q", got)
	}
	back(0, "remove")
	if _, ok := moveLine(d.sync("usermove d2d4")); !ok {
		t.Fatal("no reply after remove")
	}
}

// TestResults: mate and stalemate by either side, and the three draw
// claims, each announced once, by the right result string.
func TestResults(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 20000})
	cases := []struct {
		name  string
		setup []string // ends with the engine on the side not to move
		move  string   // the opponent's move
		want  string
	}{
		{"user mates", []string{"setboard k7/8/1K6/8/8/8/8/7R w - - 0 1"}, "h1h8", "1-0 {White mates}"},
		{"user mates as Black", []string{"setboard 8/8/8/8/8/1k6/7r/K7 b - - 0 1"}, "h2h1", "0-1 {Black mates}"},
		{"user stalemates", []string{"setboard 7k/8/4Q3/8/8/8/8/K7 w - - 0 1"}, "e6g6", "1/2-1/2 {Stalemate}"},
		{"50 moves", []string{"setboard k7/8/8/8/8/8/8/K6R w - - 99 80"}, "h1h2", "1/2-1/2 {Draw by 50-move rule}"},
		{"insufficient KNK", []string{"setboard k7/8/8/8/8/8/1r6/KN6 w - - 0 1"}, "a1b2", "1/2-1/2 {Insufficient mating material}"},
		{"insufficient KBKB", []string{"setboard k7/8/8/8/8/8/1r6/KB3b2 w - - 0 1"}, "a1b2", "1/2-1/2 {Insufficient mating material}"},
		{"repetition", []string{"new", "force", "usermove g1f3", "usermove g8f6", "usermove f3g1", "usermove f6g8",
			"usermove g1f3", "usermove g8f6", "usermove f3g1"}, "f6g8", "1/2-1/2 {Draw by repetition}"},
	}
	for _, c := range cases {
		d.sync(append([]string{"force"}, c.setup...)...)
		d.expectNothing("playother")
		d.expect("usermove "+c.move, c.want)
		d.expect("go", c.want) // in a finished game: the result again, and no move
	}
	// No false claims: KNN-K, KB-KB on unlike colours, 99 plies, the start
	// position a second time (a claim one repetition early loses the game
	// in XBoard). After the engine's own move the 50-move claim does come,
	// after the move.
	for _, c := range []struct {
		setup []string
		move  string
		claim string
	}{
		{[]string{"setboard k7/8/8/8/8/8/1r6/KNN5 w - - 0 1"}, "a1b2", ""},
		{[]string{"setboard k7/8/8/8/8/8/1r6/KB2b3 w - - 0 1"}, "a1b2", ""},
		{[]string{"setboard k7/8/8/8/8/8/8/K6R w - - 98 80"}, "h1h2", "1/2-1/2 {Draw by 50-move rule}"},
		{[]string{"new", "force", "usermove g1f3", "usermove g8f6", "usermove f3g1"}, "f6g8", ""},
	} {
		d.sync(append([]string{"force"}, c.setup...)...)
		d.expectNothing("playother")
		got := d.sync("usermove " + c.move)
		_, ok := moveLine(got)
		if !ok || !isMove(got[0]) || c.claim == "" && len(got) != 1 || c.claim != "" && (len(got) != 2 || got[1] != c.claim) {
			t.Errorf("%q %s: %q, want a move and then %q", c.setup, c.move, got, c.claim)
		}
	}
	// The engine mates, and says so after its move.
	d.syncNow("force", "setboard k7/8/1K6/8/8/8/8/7R w - - 0 1")
	got := d.sync("go")
	if len(got) < 2 || got[len(got)-2] != "move h1h8" || got[len(got)-1] != "1-0 {White mates}" {
		t.Errorf("mate in one: %q", got)
	}
}

// TestDrawClaims: a draw by repetition or the 50-move rule is claimed only
// when the engine is not ahead by the score of its last search; a winning
// engine plays on (micro-Max knows neither rule).
func TestDrawClaims(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 20000})
	// KQ against K: the engine (White) searches once, and is far ahead.
	d.syncNow("new", "force", "setboard 7k/8/8/8/8/8/8/KQ6 w - - 0 1")
	if _, ok := moveLine(d.sync("go")); !ok || d.s.lastScore < 500 {
		t.Fatalf("no move, or score %d", d.s.lastScore)
	}
	// Back to the start, and the start repeated twice by shuffling.
	d.sync("force", "undo", "usermove b1c2", "usermove h8g8", "usermove c2b1", "usermove g8h8",
		"usermove b1c2", "usermove h8g8", "usermove c2b1", "usermove g8h8")
	if end := d.s.game.end(); end != repetition {
		t.Fatalf("game end %d, want repetition", end)
	}
	got := d.sync("go")
	if _, ok := moveLine(got); !ok || len(got) != 1 && !strings.HasPrefix(got[1], "1-0") {
		t.Errorf("ahead, in a repeated position: %q, want a move", got)
	}
	// Ahead at the 50-move rule: the engine moves and claims nothing.
	d.syncNow("force", "setboard 7k/8/8/8/8/8/8/KQ6 b - - 99 80", "playother")
	d.s.lastScore, d.s.hasScore = 900, true // as after a search of its own
	if got := d.sync("usermove h8g8"); len(got) != 1 || !isMove(got[0]) {
		t.Errorf("ahead, 50 moves: %q, want a move and no claim", got)
	}
	// Not ahead (behind, or no search of its own yet): the draw is claimed.
	d.syncNow("force", "setboard 7k/8/8/8/8/8/8/KQ6 w - - 99 80", "playother")
	d.expect("usermove b1c2", "1/2-1/2 {Draw by 50-move rule}")
}

// TestPingDuringSearch: the pong comes after the move.
func TestPingDuringSearch(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{})
	d.syncNow("new", "st 1")
	d.send("usermove e2e4", "ping 77", "post", "hint")
	got := d.awaitLine("pong 77")
	if len(got) < 2 || !isMove(got[len(got)-2]) {
		t.Errorf("want the move just before the pong: %q", got)
	}
}

// TestStopSearch: "?" plays at once the best move of the last finished
// iteration; force, new, undo, result, setboard, quit and the end of input
// stop the search with no move and the board as it was. Each search would
// take minutes (an hour on the clock); it is stopped once its thinking
// output shows it under way, and must end within stopMargin, a margin a
// loaded machine keeps.
func TestStopSearch(t *testing.T) {
	const stopMargin = answerWait
	longSearch := []string{"new", "post", "level 0 60 0", "time 360000", "otim 360000"}
	t.Run("move now", func(t *testing.T) {
		d := newDialogue(t, smallEngine(), config{})
		d.sync(longSearch...)
		d.send("usermove e2e4")
		seen := d.awaitThinking(4)
		sent := d.send("?")
		var l outputLine
		lastPV := strings.Fields(seen[len(seen)-1])[4]
		for l = d.next(); !isMove(l.text); l = d.next() {
			if f := strings.Fields(l.text); len(f) > 4 {
				lastPV = f[4] // the best move of the last finished iteration
			}
		}
		if l.at.Sub(sent) > stopMargin {
			t.Errorf("after ? the move came after %v", l.at.Sub(sent))
		}
		if l.text != "move "+lastPV {
			t.Errorf("played %q, the last finished iteration's best was %s", l.text, lastPV)
		}
		gameAfter(t, "", "e2e4", strings.TrimPrefix(l.text, "move ")) // fails unless legal
		d.expectNothing("?")                                          // idle: ignored
	})
	for _, stop := range []string{"force", "new", "undo", "result 1-0 {White resigns}", "setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1"} {
		t.Run(stop, func(t *testing.T) {
			d := newDialogue(t, smallEngine(), config{})
			d.sync(longSearch...)
			d.send("usermove e2e4")
			d.awaitThinking(4)
			start := time.Now()
			cmds := []string{stop}
			if stop == "undo" {
				cmds = []string{"force", "undo"}
			}
			if got := d.sync(cmds...); len(notThinking(got)) != 0 {
				t.Errorf("%s: %q", stop, got)
			}
			if took := time.Since(start); took > stopMargin {
				t.Errorf("%s: took %v", stop, took)
			}
			want := newGame()
			switch {
			case stop == "force" || stop == "result 1-0 {White resigns}":
				want = gameAfter(t, "", "e2e4").current().pos
			case strings.HasPrefix(stop, "setboard"):
				want = mustFEN(t, strings.TrimPrefix(stop, "setboard ")).pos
			}
			if p := d.position(); !samePos(p, want) {
				t.Errorf("board %s, want %s", fenOf(&p), fenOf(&want))
			}
		})
	}
	for _, end := range []string{"quit", "EOF"} {
		t.Run(end, func(t *testing.T) {
			d := newDialogue(t, smallEngine(), config{})
			d.sync(longSearch...)
			d.send("usermove e2e4")
			d.awaitThinking(4)
			for _, l := range d.endBy(end, stopMargin) {
				if isMove(l) {
					t.Errorf("moved after %s: %q", end, l)
				}
			}
		})
	}
}

// TestQueuedCommandsStartNoSearch is issue 10's case: while the engine
// thinks on its own move, "ping 1" and "new" come together. The answer is
// "pong 1" and nothing of a fresh search of the old position: no thinking
// line that starts again from a lower depth, nothing after the pong, no
// move, and no search started. The same with quit and the other commands
// that leave the engine not on move.
func TestQueuedCommandsStartNoSearch(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	engineWhite := []string{"new", "post", "st 10", "go"}
	engineBlack := []string{"new", "post", "st 10", "usermove e2e4"}
	for _, c := range []struct {
		stop  string
		setup []string
	}{
		{"new", engineWhite},
		{"quit", engineWhite},
		{"force", engineWhite},
		{"result 1-0 {White mates}", engineWhite},
		{"undo", engineBlack},
		{"setboard 4k3/8/8/8/8/8/8/4K2R b K - 0 1", engineWhite},
		{"analyze", engineWhite},
		{"playother", engineWhite},
	} {
		t.Run(strings.Fields(c.stop)[0], func(t *testing.T) {
			for round := 0; round < 3; round++ {
				d := newDialogue(t, smallEngine(), config{})
				d.sync(slices.Clip(c.setup[:len(c.setup)-1])...)
				d.send(c.setup[len(c.setup)-1])
				seen := d.awaitThinking(3)
				d.send("ping 1", c.stop)
				got := d.awaitLine("pong 1")
				last, _ := thinkingDepth(seen[len(seen)-1])
				for _, l := range got[:len(got)-1] {
					n, ok := thinkingDepth(l)
					if !ok || n < last {
						t.Fatalf("after ping 1 and %s: %q", c.stop, got)
					}
					last = n
				}
				if c.stop == "quit" {
					if rest := d.ended(); len(rest) != 0 {
						t.Errorf("after pong 1 and quit: %q", rest)
					}
					continue
				}
				var after []string
				if c.stop == "analyze" { // the analysis's own lines follow: of the new position
					after = d.sync("exit")
				} else {
					after = d.sync()
				}
				// micro-Max's root key counter (C's j) counts every root
				// search: the moves checked and played, and the searches.
				if want := 1 + b2i(c.stop == "analyze") + b2i(c.setup[len(c.setup)-1] == "usermove e2e4"); int(d.e.rootLock) != want {
					t.Errorf("%d root searches (searches started and moves played), want %d", d.e.rootLock, want)
				}
				for _, l := range after {
					if _, ok := thinkingDepth(l); !ok || c.stop != "analyze" {
						t.Fatalf("after pong 1 and %s: %q", c.stop, after)
					}
				}
				d.close()
			}
		})
	}
}

// TestAbortRestoresBoard: a search stopped mid-iteration leaves the board,
// evaluation and e.p. square exactly as they were.
func TestAbortRestoresBoard(t *testing.T) {
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
	} {
		e := smallEngine()
		e.Position = mustFEN(t, fen).pos
		before := e.Position
		e.pendingFrom = infinity
		var stop atomic.Bool
		ctl := &searchControl{budget: noBudget, poll: func(int) bool { return stop.Load() }}
		done := make(chan bool)
		go func() { done <- e.rootSearch(ctl) }()
		time.Sleep(200 * time.Millisecond)
		stop.Store(true)
		played := <-done
		if played || !e.aborted || !samePos(e.Position, before) {
			t.Errorf("%s: played %v aborted %v, board %s", fen, played, e.aborted, fenOf(&e.Position))
		}
	}
}

// TestAnalyze: analysis thinks until told otherwise, follows moves and
// undo, answers "." and ping at once, and never plays.
func TestAnalyze(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{})
	d.syncNow("new", "force", "post")
	d.send("analyze")
	first := d.next().text
	if !regexp.MustCompile(`^1 -?\d+ \d+ \d+ [a-h][1-8][a-h][1-8]`).MatchString(first) {
		t.Errorf("first thinking line %q", first)
	}
	time.Sleep(200 * time.Millisecond)
	got := d.sync(".")
	stat := regexp.MustCompile(`^stat01: \d+ \d+ \d+ 0 20$`)
	found := false
	for _, l := range got {
		found = found || stat.MatchString(l)
		if isMove(l) {
			t.Errorf("moved in analysis: %q", l)
		}
	}
	if !found {
		t.Errorf("no stat01 in %q", got)
	}
	// ping during analysis is answered at once (not after a move: the
	// analysis goes on for ever; a margin a loaded machine keeps).
	start := time.Now()
	d.sync()
	if time.Since(start) > 5*time.Second {
		t.Errorf("pong took %v", time.Since(start))
	}
	// A move: the analysis goes on with Black to move.
	d.send("usermove e2e4")
	d.until("analysis of the position after e2e4", regexp.MustCompile(`^\d+ -?\d+ \d+ \d+ [a-h][78][a-h][5-8]`).MatchString)
	d.sync("undo")
	d.awaitThinking(1) // of the position after undo: the old analysis is silent since undo came
	d.send("hint")
	hint := d.until("hint", func(l string) bool { return strings.HasPrefix(l, "Hint: ") })
	gameAfter(t, "", strings.TrimPrefix(hint[len(hint)-1], "Hint: ")) // fails unless legal
	got = d.sync("exit")
	for _, l := range got {
		if isMove(l) {
			t.Errorf("moved in analysis: %q", l)
		}
	}
	d.expectNothing()
	if !samePos(d.position(), newGame()) {
		t.Error("the board changed in analysis")
	}
	d.expect("exit", "Error (command not legal now): exit") // twice
}

// TestAnalyzeMate: an analysis that finds a mate stops searching but goes
// on answering "." with the figures it ended with, until told otherwise;
// the board is not changed by the move micro-Max then makes.
func TestAnalyzeMate(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{})
	fen := "k7/8/1K6/8/8/8/8/7R w - - 0 1"
	d.syncNow("force", "post", "setboard "+fen)
	d.send("analyze")
	mate := d.until("a mate in one", func(l string) bool { return strings.Contains(l, " 100001 ") })
	if !strings.HasSuffix(mate[len(mate)-1], " h1h8") {
		t.Errorf("analysis of mate in one: %q", mate)
	}
	// The search is over when "." shows the same figures twice.
	var stat, previous string
	for i := 0; stat == "" || stat != previous; i++ {
		if i == 100 {
			t.Fatalf("the analysis's search did not end: %q", stat)
		}
		time.Sleep(20 * time.Millisecond)
		got := d.sync(".")
		if len(got) != 1 {
			t.Fatalf(".: %q", got)
		}
		previous, stat = stat, got[0]
	}
	var cs, nodes, depth, left, moves int
	root := mustFEN(t, fen).pos
	if n, _ := fmt.Sscanf(stat, "stat01: %d %d %d %d %d", &cs, &nodes, &depth, &left, &moves); n != 5 ||
		nodes == 0 || depth < 1 || moves != len(root.legalMoves()) {
		t.Errorf("after the analysis's search: %q", stat)
	}
	d.expect("exit")
	if !samePos(d.position(), mustFEN(t, fen).pos) {
		t.Errorf("board changed: %s", fenOf(d.e.pos()))
	}
	// Nothing to analyse: no legal move.
	if got := d.sync("setboard k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "analyze", ".", "exit"); len(got) != 1 || got[0] != "stat01: 0 0 0 0 0" {
		t.Errorf("analysis of a mated position: %q", got)
	}
}

// TestHintBookMemory: hint after the engine's move, the empty book, and
// the table size set by memory.
func TestHintBookMemory(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 30000})
	reply, _ := moveLine(d.sync("new", "usermove e2e4"))
	got := d.sync("hint")
	if len(got) != 1 || !strings.HasPrefix(got[0], "Hint: ") {
		t.Fatalf("%q", got)
	}
	gameAfter(t, "", "e2e4", reply, strings.TrimPrefix(got[0], "Hint: ")) // each legal
	if got := d.sync("bk"); len(got) != 2 || !strings.HasPrefix(got[0], " ") || got[1] != "" {
		t.Errorf("bk: %q", got)
	}
	for _, c := range []struct{ mb, entries int }{{1, 1 << 16}, {64, 1 << 22}, {143, 1 << 23}, {144, 1 << 24}, {192, 1 << 24}, {100, 1 << 23}} {
		d.expectNothing(fmt.Sprintf("memory %d", c.mb))
		if len(d.e.table) != c.entries {
			t.Errorf("memory %d: %d entries, want %d", c.mb, len(d.e.table), c.entries)
		}
	}
	refusedEach(t, d.sync, "Error (bad memory size", "", "memory 0", "memory -5", "memory x", "memory", "memory 99999999", "memory 1e3")
	if len(d.e.table) != 1<<23 {
		t.Error("a bad memory command changed the table")
	}
}

// TestMemoryNodeCounts: XBoard's default "memory 68" (its Hash Size 64 and
// EGTB cache 4) makes a table of 2^22 entries, and Black's first search
// after e2e4 parts from the C program's node counts at 4 ply (8493 nodes,
// the C program 8491); "memory 148" (Hash Size 144) keeps micro-Max's 2^24
// entries and its counts (doc/protocols.md, node counts in XBoard).
func TestMemoryNodeCounts(t *testing.T) {
	g := readGoldenReplay(t, filepath.Join("testdata", "classic", "default.1000000"))
	if len(g.inputs) < 2 || g.inputs[0] != "e2e4" || g.inputs[1] != "" {
		t.Fatalf("%s: inputs %q, want e2e4 and an empty line", g.name, g.inputs)
	}
	c := g.blocks[1] // the C program's iterations of Black's search (its 0-ply line first)
	for _, tc := range []struct {
		mb   int
		same bool
	}{{68, false}, {148, true}} {
		d := newDialogue(t, newEngine(defaultHashEntries), config{nodeBudget: 10000}) // 5 iterations: to 43403 nodes
		d.sync("xboard", "protover 2", "new", "force", "post", "level 0 999 0", fmt.Sprintf("memory %d", tc.mb), "usermove e2e4")
		got := d.sync("go")
		same := true
		for j := range 5 {
			var depth, score, cs, nodes int
			if j >= len(got) {
				t.Fatalf("memory %d: %d lines: %q", tc.mb, len(got), got)
			}
			fmt.Sscanf(got[j], "%d %d %d %d", &depth, &score, &cs, &nodes)
			if depth != c[j+1].depth {
				t.Fatalf("memory %d: %q, want depth %d", tc.mb, got[j], c[j+1].depth)
			}
			same = same && nodes == c[j+1].nodes
		}
		if same != tc.same {
			t.Errorf("memory %d: node counts the same as the C program's: %v, want %v\n%q", tc.mb, same, tc.same, got)
		}
	}
}

// TestBadInput: unknown commands, malformed and out-of-range numbers,
// binary junk and very long lines get an error and change nothing.
func TestBadInput(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 5000})
	d.syncNow("new", "force", "usermove e2e4")
	before := d.position()
	cases := map[string]string{
		"foo":                     "Error (unknown command): foo",
		"foo bar baz":             "Error (unknown command): foo bar baz",
		"level":                   "Error (bad time control): level ",
		"level 40 5":              "Error (bad time control): level 40 5",
		"level x 5 0":             "Error (bad time control): level x 5 0",
		"level 40 x 0":            "Error (bad time control): level 40 x 0",
		"level 40 5 -1":           "Error (bad time control): level 40 5 -1",
		"level -1 5 0":            "Error (bad time control): level -1 5 0",
		"level 40 5:x 0":          "Error (bad time control): level 40 5:x 0",
		"level 40 5 0 7":          "Error (bad time control): level 40 5 0 7",
		"st 0":                    "Error (bad time per move): st 0",
		"st -3":                   "Error (bad time per move): st -3",
		"st NaN":                  "Error (bad time per move): st NaN",
		"sd 0":                    "Error (bad depth): sd 0",
		"sd x":                    "Error (bad depth): sd x",
		"time":                    "Error (bad clock): time ",
		"time 12x":                "Error (bad clock): time 12x",
		"otim 99999999999999999":  "Error (bad clock): otim 99999999999999999",
		"ping":                    "Error (bad number): ping ",
		"ping x":                  "Error (bad number): ping x",
		"protover x":              "Error (bad protocol version): protover x",
		"cores 0":                 "Error (bad number of cores): cores 0",
		"rating 1 2 3":            "Error (bad ratings): rating 1 2 3",
		"variant suicide":         "Error (unsupported variant): variant suicide",
		"option Foo=1":            "Error (unknown option): option Foo=1",
		"edit":                    "Error (unknown command): edit",
		"illegal":                 "Error (unknown command): ill?gal",
		"ILLEGAL":                 "Error (unknown command): ILL?GAL",
		"\x00\x01\xff junk":       "Error (unknown command): ??? junk",
		strings.Repeat("x", 5000): "Error (line too long): ",
		// The longest line taken, and one byte more refused.
		strings.Repeat("v", maxLineBytes):   "Error (unknown command): " + strings.Repeat("v", maxEchoBytes) + "...",
		strings.Repeat("u", maxLineBytes+1): "Error (line too long): ",
		strings.Repeat("y", 300):            "Error (unknown command): " + strings.Repeat("y", 80) + "...",
		// The longest echo whole, and one byte more cut.
		strings.Repeat("z", maxEchoBytes):   "Error (unknown command): " + strings.Repeat("z", maxEchoBytes),
		strings.Repeat("w", maxEchoBytes+1): "Error (unknown command): " + strings.Repeat("w", maxEchoBytes) + "...",
	}
	for in, want := range cases {
		got := d.sync(in)
		if len(got) != 1 || got[0] != want {
			t.Errorf("%.40q: %q, want %q", in, got, want)
		}
		if !samePos(before, d.position()) {
			t.Fatalf("%.40q changed the board", in)
		}
	}
	// Values that were refused left the clock as it was.
	if d.s.clock.movesPerSession != 40 || d.s.clock.base != 5*time.Minute || d.s.depthLimit != 0 {
		t.Errorf("clock %+v depth %d", d.s.clock, d.s.depthLimit)
	}
	d.expectNothing("", " \t ", "level 40 0:30 0", "level 0 2 12", "level 40 25+5 0", "level 0 1:30 0.5", "st 2.5", "sd 6",
		"time -250", "otim 1000")
	if c := d.s.clock; c.perMove != 2500*time.Millisecond || c.increment != 500*time.Millisecond ||
		c.base != 90*time.Second || c.mine != -2500*time.Millisecond || d.s.depthLimit != 6 {
		t.Errorf("clock %+v depth %d", c, d.s.depthLimit)
	}
}

// TestBudget: the time limits the clock gives a move.
func TestBudget(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		clock      clock
		ply        int
		soft, hard time.Duration
	}{
		// 40 moves in 30 s, all to go: (30 s - 40 lags of 25 ms) / 40 = 725 ms.
		{clock{movesPerSession: 40, mine: 30 * time.Second}, 0, 435 * ms, 2175 * ms},
		// 4 moves to go after "level" at ply 10 and 72 plies: (1.05 s - 0.1 s) / 4,
		// but no move more than a seventh of the clock, less the lag
		// (and no iteration begun after 60% of that).
		{clock{movesPerSession: 40, levelPly: 10, mine: 1050 * ms}, 82, 75 * ms, 125 * ms},
		// the last move of a session too: a seventh of the clock, no more.
		{clock{movesPerSession: 40, mine: 2100 * ms}, 78, 165 * ms, 275 * ms},
		// sudden death: (3.75 s - 25 lags) / 25 = 125 ms.
		{clock{mine: 3750 * ms}, 10, 75 * ms, 375 * ms},
		// increment: added to the share, but a seventh of the clock is the most.
		{clock{mine: 350 * ms, increment: time.Second}, 10, 15 * ms, 25 * ms},
		// a clock run out: the shortest search.
		{clock{mine: -time.Second}, 10, 0, minThink},
		// st: the time per move less the lag, all of it used.
		{clock{perMove: time.Second, mine: time.Second}, 10, 975 * ms, 975 * ms},
	} {
		if soft, hard := c.clock.reading(c.ply).budget(); soft != c.soft || hard != c.hard {
			t.Errorf("%+v at ply %d: soft %v hard %v, want %v %v", c.clock, c.ply, soft, hard, c.soft, c.hard)
		}
	}
	// The engine's own clock, when no "time" comes: 2 moves a session.
	c := clock{movesPerSession: 2, base: time.Second, increment: 10 * ms, mine: time.Second}
	c.tick(300*ms, 0) // first move of the session
	c.tick(300*ms, 2) // second: the next session's second is added
	c.tick(300*ms, 4)
	if c.mine != 1130*ms { // 1 s + 3 x (10 ms - 300 ms) + 1 s
		t.Errorf("own clock %v, want 1.13s", c.mine)
	}
	for _, c := range []struct {
		s  string
		d  time.Duration
		ok bool
	}{{"5", 5 * time.Minute, true}, {"0:30", 30 * time.Second, true}, {"1:05", 65 * time.Second, true},
		{"25+5", 25 * time.Minute, true}, {"x", 0, false}, {"5:x", 0, false}, {":5", 0, false},
		{"5:99", 0, false}, {"0:59", 59 * time.Second, true}} {
		if d, ok := parseBase(c.s); d != c.d || ok != c.ok {
			t.Errorf("parseBase(%q) = %v %v", c.s, d, ok)
		}
	}
}

// playTimedGame plays the engine (Black) against micro-Max with a small
// node budget (and a first move drawn with the seed), at a time control on
// the node clock ("nps"), keeping the engine's clock as XBoard does in that
// mode: a move takes its search's nodes divided by the rate, whatever the
// machine's load; increments and sessions are added. It fails if the
// engine's clock ever runs out, and returns the smallest time left and the
// number of moves played. The game is the same on every run.
func playTimedGame(t *testing.T, level string, nps, mps int, base, inc time.Duration, moves int, seed uint64) (time.Duration, int) {
	d := newDialogue(t, smallEngine(), config{})
	d.syncNow("new", level, fmt.Sprintf("nps %d", nps))
	rng := rand.New(rand.NewPCG(seed, 1))
	opponent := smallEngine()
	shadow := newGame()
	clk, least := base, base
	n := 1
	for ; n <= moves; n++ {
		legal := shadow.legalMoves()
		if len(legal) == 0 {
			break
		}
		m := legal[rng.IntN(len(legal))]
		if n > 1 {
			opponent.Position = shadow
			opponent.pendingFrom = infinity
			if !opponent.rootSearch(&searchControl{budget: 3000}) {
				t.Fatal("the opponent did not move")
			}
			m = shadow.microMaxMove(opponent.pendingFrom, opponent.pendingTo)
		}
		shadow.makeMove(m)
		d.send(fmt.Sprintf("time %d", clk/(10*time.Millisecond)), fmt.Sprintf("otim %d", base/(10*time.Millisecond)), "usermove "+m.String())
		var reply outputLine
		for {
			reply = d.next()
			if isMove(reply.text) || strings.HasPrefix(reply.text, "1") || strings.HasPrefix(reply.text, "0-1") {
				break
			}
		}
		if !isMove(reply.text) {
			break // game over
		}
		// The engine's own clock after the move: what "time" said, less the
		// search's nodes on the node clock, plus the increment (and the next
		// session's time), as XBoard counts (clock.tick).
		used := clk + inc - d.s.clock.mine
		if mps > 0 && n%mps == 0 {
			used += base
		}
		clk -= used
		least = min(least, clk)
		if clk <= 0 {
			t.Fatalf("%s: lost on time at move %d", level, n)
		}
		shadow.makeMove(mustMove(t, &shadow, strings.TrimPrefix(reply.text, "move ")))
		clk += inc
		if mps > 0 && n%mps == 0 {
			clk += base
		}
		if (&gameRecord{plies: []gamePly{{pos: shadow}}}).end() != notOver {
			break
		}
	}
	return least, n - 1
}

// TestClocks: fast time controls never overstep the clock. The games run on
// the node clock, so they are the same on a loaded machine; real time is
// what the XBoard matches (xboard_match_test.go) play. The engine must also
// use its time: at least a quarter of its clock over the game.
func TestClocks(t *testing.T) {
	for _, c := range []struct {
		level     string
		mps       int
		base, inc time.Duration
	}{
		{"level 0 0:02 0", 0, 2 * time.Second, 0},
		{"level 0 0:01 0.1", 0, time.Second, 100 * time.Millisecond},
		{"level 10 0:01 0", 10, time.Second, 0},
	} {
		t.Run(c.level, func(t *testing.T) {
			seeds := uint64(2)
			if reduced() {
				seeds = 1 // a game per clock; the switch plays two
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				least, n := playTimedGame(t, c.level, 1000000, c.mps, c.base, c.inc, 80, seed)
				t.Logf("seed %d: %d moves, least time left %v", seed, n, least)
				if n < 20 || least > c.base*3/4+time.Duration(n)*c.inc {
					t.Errorf("seed %d: %d moves, least time left %v: the clock was hardly used", seed, n, least)
				}
			}
		})
	}
	// st in real time: the hard limit's timer stops a search that would
	// otherwise go on for minutes (no node budget). The margin is wide, for
	// a loaded machine.
	t.Run("st", func(t *testing.T) {
		d := newDialogue(t, smallEngine(), config{})
		d.syncNow("new", "st 0.25")
		for _, m := range []string{"e2e4", "d2d4", "g1f3"} {
			sent := d.send("force", "usermove "+m, "go")
			var l outputLine
			for l = d.next(); !isMove(l.text); l = d.next() {
			}
			if took := l.at.Sub(sent); took > 250*time.Millisecond+3*time.Second {
				t.Errorf("st 0.25: took %v", took)
			}
		}
	})
}

// TestDepthLimit: sd stops the search at that depth; new lifts the limit.
func TestDepthLimit(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 200000})
	deepest := func(lines []string) (depth int) {
		for _, l := range lines {
			n, _ := thinkingDepth(l)
			depth = max(depth, n)
		}
		return depth
	}
	if got := d.sync("new", "post", "sd 3", "usermove e2e4"); deepest(got) != 3 {
		t.Errorf("sd 3: %q", got)
	}
	if got := d.sync("new", "post", "usermove e2e4"); deepest(got) <= 3 {
		t.Errorf("after new: %q", got)
	}
}

// TestSideCommands: the obsolete white and black, and the engine's side.
func TestSideCommands(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 5000})
	d.syncNow("new", "force", "usermove e2e4")
	d.expectNothing("white") // White to move; the engine plays Black
	if p := d.position(); p.side != white || p.epSquare != noSquare {
		t.Errorf("side %d ep %d", p.side, p.epSquare)
	}
	if _, ok := moveLine(d.sync("go")); !ok {
		t.Error("no move after white, go")
	}
	d.syncNow("force", "setboard 4k3/8/8/8/8/8/4R3/4K3 b - - 0 1")
	refusedEach(t, d.sync, "Error (the side not to move would be in check)", "", "white") // Black in check
}

// TestNPS: with "nps N" the clock counts nodes, so that the same search
// happens on any machine, however loaded. The thinking output's time is
// nodes/N. A time per move is used to its end: at "st 0.2" and 20000 nodes
// a second the hard limit, 3500 nodes (0.2 s less the move lag, 25 ms),
// and at "st 1" and 50000 the hard limit, 48750 nodes (1 s less 25
// ms), stop the search mid-iteration at the first look at the flags after
// it (every 4096 nodes), and the move is the last PV's (the unfinished
// iteration's, if its best so far counts). Each search is the same twice.
func TestNPS(t *testing.T) {
	for _, c := range []struct {
		nps     int
		st      string
		aborted bool
	}{{20000, "0.2", true}, {50000, "1", true}} {
		var first []string
		for run := 0; run < 2; run++ {
			e := newEngine(1 << 20)
			d := newDialogue(t, e, config{})
			d.sync("xboard", "protover 2", "new", fmt.Sprintf("nps %d", c.nps), "st "+c.st, "post")
			before := d.s.clock.mine
			got := d.sync("go")
			move, ok := moveLine(got)
			if !ok {
				t.Fatalf("no move: %q", got)
			}
			perMove, _ := parseSeconds(c.st)
			limit := int((perMove - min(defaultMoveOverhead, perMove/fixedOverheadShare)).Seconds() * float64(c.nps))
			var lastPV string
			for _, l := range got[:len(got)-1] {
				var depth, score, cs, nodes int
				if n, _ := fmt.Sscanf(l, "%d %d %d %d %s", &depth, &score, &cs, &nodes, &lastPV); n != 5 {
					t.Fatalf("bad thinking line %q", l)
				}
				if nodes >= limit+stopPollNodes || cs != nodes*100/c.nps { // (an unfinished iteration's line: nodes at the stop)
					t.Errorf("%q: %d nodes (limit %d), %d cs (nodes*100/nps is %d)", l, nodes, limit, cs, nodes*100/c.nps)
				}
			}
			// The search's nodes, from what the engine took off its clock.
			nodes := int(math.Round((before - d.s.clock.mine).Seconds() * float64(c.nps)))
			aborted := nodes > limit
			if aborted != c.aborted || move != lastPV {
				t.Errorf("nps %d st %s: aborted %v, move %s after PV %s; want aborted %v",
					c.nps, c.st, aborted, move, lastPV, c.aborted)
			}
			if aborted && (nodes < limit || nodes >= limit+stopPollNodes || nodes%stopPollNodes != 0) {
				t.Errorf("nps %d st %s: stopped at %d nodes, want the first look at the flags from %d on", c.nps, c.st, nodes, limit)
			}
			if run == 0 {
				first = got
			} else if strings.Join(got, "\n") != strings.Join(first, "\n") {
				t.Errorf("not reproducible:\n%q\n%q", first, got)
			}
			if bad := d.sync("nps x", "nps -1"); len(bad) != 2 || !strings.HasPrefix(bad[0], "Error") || !strings.HasPrefix(bad[1], "Error") {
				t.Errorf("bad nps values answered %q", bad)
			}
		}
	}
}
