package main

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestUCIIdentify: uci is answered with the name, the author, the options
// and uciok; isready with readyok; the options' defaults are the engine's.
// Without -lab the options are a player's: none of the laboratory's
// (TestLabOptionLists).
func TestUCIIdentify(t *testing.T) {
	d := newUCIDialogue(t, newEngine(defaultHashEntries), config{})
	got := d.sync("uci")
	want := []string{
		"id name micro-Max 4.1 (Go)",
		"id author H.G. Muller (micro-Max 4.1), ported to Go",
		"option name Hash type spin default 144 min 1 max 8192",
		"option name Clear Hash type button",
		"option name Move Overhead type spin default 25 min 0 max 5000",
		"option name Ponder type check default false",
		"option name Threads type spin default 1 min 1 max 1",
		"option name MultiPV type spin default 1 min 1 max 8",
		"option name UCI_LimitStrength type check default false",
		fmt.Sprintf("option name UCI_Elo type spin default %d min %d max %d", minStrengthElo, minStrengthElo, fullStrengthElo),
		"option name Strength Seed type spin default 0 min 0 max 2147483647",
		"option name OwnBook type check default false",
		"option name Human Pace type check default false",
		"uciok",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	d.expectNothing("register later", "register name X code 1", "debug on", "debug off", "stop", "ponderhit")
}

// TestUCINodeCountsMatchC replays the golden games through UCI as a GUI
// plays them (playUCI), several in a session, each after ucinewgame, with
// "go nodes N" at every think: every info line with a depth must be one of
// the C program's kibitz lines, in order (depth = "ply", nodes =
// "searched", the score, the PV's first move = "by"), and the bestmove the
// C program's move; a game over (a mate or a stalemate reached by typed
// moves) is bestmove 0000 after a score of mate 0 or cp 0.
func TestUCINodeCountsMatchC(t *testing.T) {
	t.Parallel() // the goldens run beside the other searches
	games := []string{"castling-ep.50000", "castling-ep-black.50000", "promotion-white.50000",
		"promotion-black.50000", "fools-mate.50000", "scholars-mate.50000", "stalemate.50000", "selfplay-qgd.20000"}
	if !reduced() {
		games = append(games, "selfplay40.50000", "default.1000000")
	}
	var cases []goldenReplay
	for _, g := range games {
		cases = append(cases, readGoldenReplay(t, filepath.Join("testdata", "classic", g)))
	}
	games40 := []string{"castling-ep.50000", "scholars-mate.50000", "stalemate.50000"}
	if !reduced() {
		games40 = append(games40, "selfplay20.50000")
	}
	for _, g := range games40 {
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
			d := newUCIDialogue(t, newEngine(defaultHashEntries), config{lab: true})
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

// replay plays the game through the dialogue (see TestUCINodeCountsMatchC);
// after a typed move that is illegal (the C program tried it with a root
// search of its own, which UCI cannot ask for) the searches are only
// checked, not compared.
func (g goldenReplay) replay(t *testing.T, d *uciDialogue) {
	t.Helper()
	d.expectNothing("ucinewgame")
	searches, over := 0, false
	g.playUCI(t, func(i int, game *gameRecord, position string, diverged bool) string {
		got := d.search(position, fmt.Sprintf("go nodes %d", g.budget))
		iterations, best, _ := checkSearch(t, game, got)
		root := game.current().pos
		if best == "0000" {
			want := "cp 0"
			if root.inCheck() {
				want = "mate 0"
			}
			if len(iterations) != 1 || iterations[0].depth != 0 || iterations[0].score != want || iterations[0].nodes != 0 {
				t.Errorf("%s: input %d: game over, want one info line of depth 0, score %s and no nodes: %q", g.name, i, want, got)
			}
			t.Logf("%s: input %d: the game is over (score %s): bestmove 0000", g.name, i, want)
			over = true
			return best
		}
		if !samePos(d.e.Position, root) {
			t.Fatalf("%s: input %d: after bestmove %s, micro-Max's board is not the position searched", g.name, i, best)
		}
		m := mustMove(t, &root, best)
		root.makeMove(m)
		if own := d.s.own; own == nil || own.move != m || !samePos(own.pos, root) {
			t.Fatalf("%s: input %d: micro-Max's own move %s and its board after it are not kept", g.name, i, best)
		}
		if diverged {
			return best
		}
		want := g.thinks(i)
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
		return best
	})
	if searches == 0 && !over {
		t.Errorf("%s: nothing compared", g.name)
	}
	t.Logf("%s: %d searches identical to the C program's", g.name, searches)
}

// TestPVLength: a PV stops after the move that ends the game: the third
// occurrence of a position, the 100th ply without capture or pawn move, a
// mate, a stalemate.
func TestPVLength(t *testing.T) {
	for _, c := range []struct {
		fen   string
		moves string // played before
		pv    string
		want  int
	}{
		{"", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1", "f6g8 g1f3 g8f6", 1}, // the start position a third time
		{"", "g1f3 g8f6 f3g1", "f6g8 g1f3 g8f6 f3g1 f6g8", 5},           // only the PV's last move repeats it
		{"", "g1f3 g8f6 f3g1 f6g8", "g1f3 g8f6 f3g1 f6g8 g1f3", 4},      // third time after the PV's fourth move
		{"", "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8", "g1f3 g8f6 f3g1 f6g8", 4}, // after e4 e5: twice before the PV's end
		{"", "", "f2f3 e7e5 g2g4 d8h4", 4},                              // fool's mate
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 99 80", "", "a1a7 e8f8 a7a8", 1},   // the 100th ply
		{"4k3/8/8/8/8/8/p7/R3K3 w Q - 99 80", "", "a1a2 e8f8", 2},       // a capture resets the count
		{"k7/8/1K6/8/8/8/2Q5/8 w - - 0 1", "", "c2c7", 1},               // stalemate
		{"k7/8/1K6/8/8/8/8/7R w - - 0 1", "", "h1h8", 1},                // mate
		{"", "e2e4 e7e5", "g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7", 8}, // nothing ends
	} {
		g := gameAfter(t, c.fen, strings.Fields(c.moves)...)
		p := g.current().pos
		var pv []Move
		for _, m := range strings.Fields(c.pv) {
			mv := mustMove(t, &p, m)
			p.makeMove(mv)
			pv = append(pv, mv)
		}
		before := g.length()
		if got := g.pvLength(pv); got != c.want {
			t.Errorf("%s %s, PV %s: %d moves, want %d", c.fen, c.moves, c.pv, got, c.want)
		}
		if g.length() != before {
			t.Errorf("pvLength changed the game")
		}
	}
}

// TestUCIPVEndsWithTheGame: an info line's PV stops after the move that
// ends the game, here the 100th ply without a capture or a pawn move (the
// rule itself: TestPVLength; whole games: TestUCISelfPlay).
func TestUCIPVEndsWithTheGame(t *testing.T) {
	d := newUCIDialogue(t, smallEngine(), config{})
	fen := "4k3/8/8/8/8/8/8/R3K3 w Q - 99 80"
	checkSearch(t, gameAfter(t, fen), d.search("position fen "+fen, "go depth 4"))
}

// TestUCIStopAndReady: go infinite searches until stop; isready is answered
// at once during the search; stop gives the best move of the last finished
// iteration, exactly one bestmove, and leaves the board at the root.
func TestUCIStopAndReady(t *testing.T) {
	e := smallEngine()
	d := newUCIDialogue(t, e, config{})
	d.sync("uci", "ucinewgame", "position startpos moves e2e4 e7e5")
	d.send("go infinite")
	seen := d.awaitThinking(4)
	for _, l := range d.sync() { // readyok at once, the search goes on
		if isBestmove(l) {
			t.Fatalf("bestmove before stop: %q", l)
		}
		seen = append(seen, l)
	}
	got := d.search("stop")
	game := gameAfter(t, "", "e2e4", "e7e5")
	checkSearch(t, game, append(seen, got...)) // the bestmove the last iteration's
	if !samePos(e.Position, game.current().pos) {
		t.Errorf("the board after stop is not the root")
	}
	d.expectNothing("stop", "ponderhit") // idle: no bestmove (the driver fails on one no go is owed)
}

// TestUCIInfiniteMate: an infinite search that ends by itself (a mate is
// found) sends its bestmove only after stop, and so does a ponder search
// before ponderhit; a go infinite with no legal move waits for stop too.
func TestUCIInfiniteMate(t *testing.T) {
	t.Parallel() // waits for silence, which load cannot break: it runs beside the goldens
	for _, c := range []struct{ go_, release, best, score string }{
		{"go infinite", "stop", "h1h8", "mate 1"},
		{"go ponder", "ponderhit", "h1h8", "mate 1"},
		{"go ponder wtime 1000 btime 1000", "stop", "h1h8", "mate 1"},
	} {
		d := newUCIDialogue(t, smallEngine(), config{})
		d.send("position fen k7/8/1K6/8/8/8/8/7R w - - 0 1", c.go_)
		got := d.until(c.score, func(l string) bool { i, ok := parseInfo(l); return ok && i.score == c.score })
		d.quiet(300 * time.Millisecond) // until c.release
		got = append(got, d.search(c.release)...)
		if best, _ := bestmoveOf(t, got[len(got)-1]); best != c.best {
			t.Errorf("%s: %q", c.go_, got)
		}
	}
	d := newUCIDialogue(t, smallEngine(), config{})
	d.send("position fen k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "go infinite")
	d.quiet(300 * time.Millisecond) // mated: until stop
	if got := d.search("stop"); len(got) != 2 || !regexp.MustCompile(`^info depth 0 score mate 0 nodes 0 nps 0 time \d+$`).MatchString(got[0]) || got[1] != "bestmove 0000" {
		t.Errorf("mated: %q", got)
	}
}

// TestUCIBadInput: unknown commands and words are skipped and said in an
// info string; a broken FEN, an illegal move in position, a bad option
// value leave everything as it was; junk and very long lines are survived.
func TestUCIBadInput(t *testing.T) {
	e := smallEngine()
	d := newUCIDialogue(t, e, config{maxMemory: 16})
	d.sync("uci", "position startpos moves e2e4 e7e5")
	want := e.Position
	info := func(cmd string, wants ...string) {
		t.Helper()
		got := d.sync(cmd)
		if len(got) != len(wants) {
			t.Errorf("%q answered %q, want %d info strings", cmd, got, len(wants))
			return
		}
		for i, w := range wants {
			if !strings.HasPrefix(got[i], "info string ") || !strings.Contains(got[i], w) {
				t.Errorf("%q answered %q, want an info string with %q", cmd, got[i], w)
			}
		}
		if !samePos(e.Position, want) {
			t.Fatalf("%q changed the position to %s", cmd, fenOf(&e.Position))
		}
	}
	info("xyzzy", `unknown command "xyzzy" ignored`)
	info("joho debug on", `unknown command "joho" skipped`) // then debug on
	if !d.s.debug {
		t.Errorf("joho debug on: debug is off")
	}
	info("debug maybe", "debug wants on or off")
	info("position", "position wants startpos or fen")
	info("position middlegame", "position wants startpos or fen")
	info("position fen 8/8/8/8/8/8/8/8 w - - 0 1", "refused")
	info("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "refused")
	info("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "refused")
	info("position startpos moves e2e4 e7e5 e1e2 e8e7 e2e3 a7a8", "move 6")
	info("position startpos moves e2e5", "move 1")
	info("position startpos moves e2e4 e7e5 g1f3 x", "move 4")
	info("position startpos moves e2e4 e7e5 e7e8q", "move 3")
	info("setoption", "setoption wants")
	info("setoption name", "no option")
	info("setoption name Hash value 17", "refused")
	info("setoption name Hash value 0", "refused")
	info("setoption name Hash value x", "refused")
	info("setoption name Hash", "refused")
	info("setoption name Style value Risky", `no option "Style"`)
	info("\x00\xff\x01 junk", "unknown command")
	info(strings.Repeat("position startpos ", 70000), "more than") // 1.2 MB
	if len(e.table) != 1<<16 {                                     // other options' bad values: TestOptionValues
		t.Errorf("refused values changed the table: %d entries", len(e.table))
	}
	// go: bad words are said, and the search runs anyway.
	got := d.search("go nodes x depth 0 wtime movestogo -1 foo searchmoves e2e4 e9e1 nodes 3000")
	for _, w := range []string{`nodes "x" skipped`, `depth "0" skipped`, `wtime "movestogo" skipped`, `foo" skipped`,
		`searchmoves: "e2e4" is not legal`, `"e9e1" is not legal`, "no legal move listed", "search limits"} {
		if !strings.Contains(strings.Join(got, "\n"), w) {
			t.Errorf("go with bad words: no %q in %q", w, got)
		}
	}
	if best, _ := bestmoveOf(t, got[len(got)-1]); best == "0000" {
		t.Errorf("go with bad words: %q", got)
	}
	// A long game fits in a line: 600 moves of knights going back and forth.
	long := "position startpos moves" + strings.Repeat(" g1f3 g8f6 f3g1 f6g8", 150)
	d.expectNothing(long)
	start := newGame()
	if !samePosition(&e.Position, &start) || d.s.game.length() != 600 {
		t.Errorf("the long game: %d plies, %s", d.s.game.length(), fenOf(&e.Position))
	}
}

// TestUCIOptions: option names in any case and spacing; Hash resizes the
// table by CECP's memory rules, Clear Hash empties it, Futility Pruning off
// is micro-Max 4.0, Move Overhead is read in milliseconds.
func TestUCIOptions(t *testing.T) {
	e := smallEngine()
	d := newUCIDialogue(t, e, config{lab: true})
	d.expectNothing("setoption name hash value 1")
	if len(e.table) != tableEntries(1) || len(e.table) != 1<<16 {
		t.Errorf("Hash 1: %d entries", len(e.table))
	}
	d.expectNothing("setoption name HASH value 3")
	if len(e.table) != 1<<18 {
		t.Errorf("Hash 3: %d entries", len(e.table))
	}
	stored := func() bool { return slices.ContainsFunc(e.table, func(s hashSlot) bool { return s != hashSlot{} }) }
	if d.search("go nodes 5000"); !stored() {
		t.Errorf("the search stored nothing")
	}
	if d.expectNothing("setoption name clear hash"); stored() {
		t.Errorf("Clear Hash left entries")
	}
	d.expectNothing("setoption name futility   pruning value FALSE")
	if e.futility || e.mateDepth() != 99 {
		t.Errorf("futility off: %v %d", e.futility, e.mateDepth())
	}
	d.expectNothing("setoption name Futility Pruning value true", "setoption name move overhead value 300",
		"setoption name Ponder value true", "setoption name Threads value 1")
	if !e.futility || d.s.cfg.overhead != 300*time.Millisecond || !d.s.cfg.ponder {
		t.Errorf("futility %v overhead %v ponder %v", e.futility, d.s.cfg.overhead, d.s.cfg.ponder)
	}
}

// TestUCIClock: go takes the side to move's clock, increment and moves to
// go, or the time per move, less the Move Overhead: the limits are
// moveClock's (debug on says them). A node or depth limit alone searches
// without a clock, and a go with no limit as micro-Max does (1e6 nodes).
func TestUCIClock(t *testing.T) {
	d := newUCIDialogue(t, smallEngine(), config{})
	d.sync("debug on", "setoption name Move Overhead value 50", "position startpos moves e2e4")
	limitsOf := func(goLine string) string {
		cmds := []string{"position startpos moves e2e4", goLine} // Black to move
		if strings.Contains(goLine, "ponder") {
			cmds = append(cmds, "ponderhit")
		}
		cmds = append(cmds, "stop") // the limits are said as the search starts: no need to wait for its end
		got := d.search(cmds...)
		for _, l := range got {
			if s, ok := strings.CutPrefix(l, "info string search limits: "); ok {
				return s
			}
		}
		t.Fatalf("%s: no limits in %q", goLine, got)
		return ""
	}
	ms := func(c moveClock) string {
		soft, hard := c.budget()
		return fmt.Sprintf("soft %d ms, hard %d ms", soft.Milliseconds(), hard.Milliseconds())
	}
	for _, c := range []struct {
		goLine, want string
	}{
		{"go wtime 100000 btime 3000 winc 100 binc 200 movestogo 7",
			ms(moveClock{left: 3 * time.Second, increment: 200 * time.Millisecond, movesToGo: 7, overhead: 50 * time.Millisecond}) + ", nodes 0, depth 0"},
		{"go btime 60000 wtime 1",
			ms(moveClock{left: time.Minute, overhead: 50 * time.Millisecond}) + ", nodes 0, depth 0"},
		{"go movetime 400", ms(moveClock{perMove: 400 * time.Millisecond, overhead: 50 * time.Millisecond}) + ", nodes 0, depth 0"},
		{"go nodes 2000", "soft 0 ms, hard 0 ms, nodes 2000, depth 0"},
		{"go depth 3", "soft 0 ms, hard 0 ms, nodes 0, depth 3"},
		{"go mate 2", "soft 0 ms, hard 0 ms, nodes 0, depth 4"},
		{"go", "soft 0 ms, hard 0 ms, nodes 1000000, depth 0"},
		{"go wtime 5000", "soft 0 ms, hard 0 ms, nodes 1000000, depth 0"}, // White's clock: Black is to move
		{"go ponder", "soft 0 ms, hard 0 ms, nodes 1000000, depth 0"},
	} {
		if got := limitsOf(c.goLine); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %s, want %s", c.goLine, got, c.want)
		}
	}
}

// TestUCIMoveTime: a search at a fixed time per move ends in time. The
// clock is real: the margin is a second on top of the 300 ms.
func TestUCIMoveTime(t *testing.T) {
	d := newUCIDialogue(t, smallEngine(), config{})
	d.sync("position startpos")
	sent := d.send("go movetime 300")
	got := d.until("bestmove", isBestmove)
	if took := time.Since(sent); took > 1300*time.Millisecond {
		t.Errorf("go movetime 300: bestmove after %v", took)
	}
	for _, l := range got {
		if i, ok := parseInfo(l); ok && i.ms > 300 {
			t.Errorf("go movetime 300: %q", l)
		}
	}
}

// TestUCICommandsDuringSearch: position, go, ucinewgame or setoption sent
// during a search without stop stop it first (said in an info string) and
// it sends its bestmove; quit and the end of input end the session within
// a second, with the bestmove sent.
func TestUCICommandsDuringSearch(t *testing.T) {
	for _, cmd := range []string{"position startpos moves d2d4", "go nodes 1000", "ucinewgame", "setoption name Hash value 1"} {
		d := newUCIDialogue(t, smallEngine(), config{})
		d.send("position startpos", "go infinite")
		d.awaitThinking(3)
		got := d.search(cmd)
		if !slices.ContainsFunc(got, func(l string) bool {
			return strings.HasPrefix(l, "info string "+strings.Fields(cmd)[0]+" during a search")
		}) {
			t.Errorf("%s during a search: %q", cmd, got)
		}
		if strings.HasPrefix(cmd, "go") {
			d.until("bestmove", isBestmove) // the new search's
		}
		d.expectNothing() // and no other bestmove
	}
	for _, end := range []string{"quit", "EOF"} {
		d := newUCIDialogue(t, smallEngine(), config{})
		d.send("position startpos", "go infinite")
		d.awaitThinking(3)
		if rest := d.endBy(end, answerWait); len(rest) == 0 || !isBestmove(rest[len(rest)-1]) || strings.Count(strings.Join(rest, "\n"), "bestmove") != 1 {
			t.Errorf("%s: %q", end, rest)
		}
	}
}

// TestUCIPositionGoesBack: a position command that takes the game back, or
// starts another, puts the engine's board where the game says, and the
// search goes on from there; the engine's own move, kept aside after its
// search, is taken as micro-Max left it (not made again) when the next
// position continues the game with it.
func TestUCIPositionGoesBack(t *testing.T) {
	e := smallEngine()
	d := newUCIDialogue(t, e, config{})
	check := func(cmd, fen string, plies int) {
		t.Helper()
		d.expectNothing(cmd)
		_, moves, _ := strings.Cut(cmd, " moves ")
		want := gameAfter(t, fen, strings.Fields(moves)...).current().pos
		if !samePos(e.Position, want) || d.s.game.length() != plies {
			t.Errorf("%s: board %s, %d plies", cmd, fenOf(&e.Position), d.s.game.length())
		}
	}
	check("position startpos moves e2e4 e7e5 g1f3", "", 3)
	game := gameRecord{plies: slices.Clone(d.s.game.plies)}
	_, best, _ := checkSearch(t, &game, d.search("go nodes 3000"))
	if d.s.own == nil || d.s.own.move.String() != best || d.s.game.length() != 3 {
		t.Errorf("micro-Max's own move is not kept aside: %d plies", d.s.game.length())
	}
	lock := e.rootLock
	check("position startpos moves e2e4 e7e5 g1f3 "+best, "", 4)
	if e.rootLock != lock {
		t.Errorf("the engine's own move was made again")
	}
	check("position startpos moves e2e4 e7e5", "", 2)
	check("position startpos moves e2e4 c7c5 g1f3", "", 3)
	check("position startpos", "", 0)
	check("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 1)
	check("position fen 4k3/8/8/8/8/8/4P3/4K3   w - -   0 1 moves e2e4 e8d7", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 2)
	check("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 5 9 moves e2e4", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 1)
	check("position startpos moves e2e4 c7c5", "", 2)
	game = gameRecord{plies: slices.Clone(d.s.game.plies)}
	checkSearch(t, &game, d.search("go nodes 3000"))
}

// TestUCIGoAgain: a go searches the position the last position command set
// up, whatever ended the search before it: a depth, nodes, a move time, a
// clock, stop after go infinite, ponderhit or stop after go ponder. Each
// kind of search runs twice in a row with no position between: both search
// the position (Black to move), the board is back at it after each
// bestmove, and umax state says it. The page (web/app.js) sends a position
// before every go; its worker runs this session (worker_js.go).
func TestUCIGoAgain(t *testing.T) {
	moves := []string{"e2e4", "e7e5", "g1f3"}
	game := gameAfter(t, "", moves...)
	root := game.current().pos
	d := newUCIDialogue(t, smallEngine(), config{})
	d.sync("uci", "position startpos moves "+strings.Join(moves, " "))
	for _, c := range []struct {
		name, goLine, release string
		depth                 int // the iteration to wait for before release
	}{
		{"depth", "go depth 3", "", 0},
		{"nodes", "go nodes 3000", "", 0},
		{"movetime", "go movetime 50", "", 0},
		{"clock", "go wtime 1000 btime 1000 winc 10 binc 10", "", 0}, // (btime: Black's)
		{"infinite and stop", "go infinite", "stop", 3},
		{"ponder and ponderhit", "go ponder wtime 1000 btime 1000", "ponderhit", 2},
		{"ponder with nodes and ponderhit", "go ponder nodes 2000", "ponderhit", 1},
		{"ponder and stop", "go ponder btime 1000 wtime 1000", "stop", 2},
	} {
		for run := 1; run <= 2; run++ {
			d.send(c.goLine)
			var lines []string
			if c.release != "" {
				lines = d.awaitThinking(c.depth)
				lines = append(lines, d.search(c.release)...)
			} else {
				lines = d.until("bestmove", isBestmove)
			}
			_, best, _ := checkSearch(t, game, lines)
			if !samePos(d.position(), root) {
				t.Fatalf("%s, search %d (bestmove %s): the board is %s, not the position set up", c.name, run, best, fenOf(&d.e.Position))
			}
			var st webState
			webAnswer(t, d, "umax state", &st)
			if strings.Join(st.Moves, " ") != strings.Join(moves, " ") || st.Side != "b" {
				t.Fatalf("%s, search %d: umax state after bestmove %s: moves %v, side %s", c.name, run, best, st.Moves, st.Side)
			}
		}
	}
	// The engine's own move, played by a position command, goes on from
	// micro-Max's board; a second go then searches after it.
	_, best, _ := checkSearch(t, game, d.search("go nodes 3000"))
	d.expectNothing("position startpos moves " + strings.Join(moves, " ") + " " + best)
	game.play(mustMove(t, &game.current().pos, best))
	checkSearch(t, game, d.search("go depth 2"))
	checkSearch(t, game, d.search("go depth 2"))
}

// TestUCISelfPlay plays whole games through UCI, the engine on both sides
// at a small node budget after a few random opening moves (seeded), as a
// GUI does: the whole game in every position command. Every search is
// checked (legal PVs that stop where the game ends, a score, a legal
// bestmove that starts the last PV, one bestmove per go), and each game is
// played until the rules end it: mate, stalemate, no mating material,
// threefold repetition or the 50-move rule.
func TestUCISelfPlay(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	games := 8
	if reduced() {
		games = 3
	}
	ends := map[string]int{}
	for seed := 1; seed <= games; seed++ {
		e := smallEngine()
		d := newUCIDialogue(t, e, config{lab: true})
		d.sync("uci", "ucinewgame")
		if seed%2 == 0 {
			d.expectNothing("setoption name Futility Pruning value false")
		}
		rng := rand.New(rand.NewPCG(uint64(seed), 9))
		game := gameAfter(t, "")
		var moves []string
		play := func(m Move) {
			game.play(m)
			moves = append(moves, m.String())
		}
		for len(moves) < 4 {
			legal := game.current().pos.legalMoves()
			play(legal[rng.IntN(len(legal))])
		}
		for game.end() == notOver && game.length() < 600 {
			got := d.search("position startpos moves "+strings.Join(moves, " "), "go nodes 3000")
			_, best, _ := checkSearch(t, game, got)
			play(mustMove(t, &game.current().pos, best))
		}
		end := game.end()
		ends[endTexts[end].comment]++
		t.Logf("game %d: %d plies, %s: %s", seed, game.length(), endTexts[end].comment, strings.Join(moves, " "))
		if end == notOver {
			t.Errorf("game %d did not end in 600 plies", seed)
		}
		// The position after the end: a mate or stalemate gets bestmove 0000.
		got := d.search("position startpos moves "+strings.Join(moves, " "), "go nodes 3000")
		checkSearch(t, game, got)
		d.expectNothing() // and no other bestmove
	}
	t.Logf("game ends: %v", ends)
}

// TestProtocolChoice: without -uci the first command chooses the protocol:
// uci starts a UCI session, anything else a CECP one, and the first line
// is read again by the session chosen; with either line end.
func TestProtocolChoice(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"uci\nquit\n", "uciok"},
		{"uci\r\nquit\r\n", "uciok"},
		{"xboard\r\nprotover 2\r\nquit\r\n", "feature done=1"},
		{"\n  \n\tuci  \nisready\n", "readyok"},
		{"xboard\nprotover 2\n", "feature done=1"},
		{"protover 2\n", "feature done=1"},
		{"new\nping 3\n", "pong 3"},
		{"isready\n", "Error (unknown command): isready"},
		{strings.Repeat("u", 10000) + "\nping 4\n", "pong 4"},
		{"", ""},
		{"\n\n", ""},
	} {
		var out strings.Builder
		done := make(chan struct{})
		go func() {
			runProtocol(smallEngine(), strings.NewReader(c.in), &out, config{})
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%.20q: the session did not end", c.in)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if last := lines[len(lines)-1]; last != c.want {
			t.Errorf("%.20q: last line %q, want %q", c.in, last, c.want)
		}
	}
}

// TestUCIDroppedCastling: a castling right whose king or rook is not at
// home is dropped and said once, not again when the GUI sends the same
// start with the next move.
func TestUCIDroppedCastling(t *testing.T) {
	d := newUCIDialogue(t, smallEngine(), config{})
	fen := "position fen 4k3/8/8/8/8/8/8/4K2R w KQ - 0 1"
	d.expect(fen, "info string castling right Q dropped: its king or rook is not at home")
	d.expectNothing(fen+" moves e1g1", fen+" moves e1g1 e8d7")
	if got := d.sync(fen + " moves e1c1"); len(got) != 1 || !strings.Contains(got[0], "move 1") {
		t.Errorf("castling on the dropped side: %q", got)
	}
}
