package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestStrengthUCIOptions: UCI_LimitStrength, UCI_Elo and Strength Seed are
// announced and set in any case; a bad value is said in an info string and
// changes nothing.
func TestStrengthUCIOptions(t *testing.T) {
	e := smallEngine()
	d := newUCIDialogue(t, e, config{})
	got := d.sync("uci")
	for _, want := range []string{
		"option name UCI_LimitStrength type check default false",
		fmt.Sprintf("option name UCI_Elo type spin default %d min %d max %d", minStrengthElo, minStrengthElo, maxStrengthElo),
		"option name Strength Seed type spin default 0 min 0 max 2147483647",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("uci: no %q in %q", want, got)
		}
	}
	if _, on := d.s.cfg.strength.level(); on {
		t.Errorf("a new engine plays at a level: %v", d.s.cfg.strength)
	}
	d.expectNothing("setoption name uci_limitstrength value true", "setoption name UCI_Elo value 1200",
		"setoption name strength seed value 77")
	want := strengthSetting{limit: true, elo: 1200, seed: 77}
	if d.s.cfg.strength != want {
		t.Errorf("after setoption: %+v, want %+v", d.s.cfg.strength, want)
	}
	for _, bad := range []string{
		"setoption name UCI_LimitStrength value yes",
		"setoption name UCI_LimitStrength",
		fmt.Sprintf("setoption name UCI_Elo value %d", minStrengthElo-1),
		fmt.Sprintf("setoption name UCI_Elo value %d", maxStrengthElo+1),
		"setoption name UCI_Elo value 1200.5",
		"setoption name UCI_Elo",
		"setoption name Strength Seed value -1",
		"setoption name Strength Seed value 2147483648",
		"setoption name Strength Seed value x",
	} {
		got := d.sync(bad)
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string option ") || !strings.HasSuffix(got[0], "; unchanged") {
			t.Errorf("%q answered %q, want one info string saying unchanged", bad, got)
		}
	}
	if d.s.cfg.strength != want {
		t.Errorf("after refused values: %+v, want %+v", d.s.cfg.strength, want)
	}
	between := strengthLevels[1].elo + 1 // not a level's: the nearest is said
	got = d.sync(fmt.Sprintf("setoption name UCI_Elo value %d", between))
	if wantInfo := fmt.Sprintf("info string UCI_Elo %d plays level %d, the nearest (the levels: %s)", between, strengthLevels[1].elo, levelList()); len(got) != 1 || got[0] != wantInfo {
		t.Errorf("UCI_Elo %d answered %q, want %q", between, got, wantInfo)
	}
	if l, _ := d.s.cfg.strength.level(); l != strengthLevels[1] {
		t.Errorf("UCI_Elo %d: level %+v, want %+v", between, l, strengthLevels[1])
	}
	// Halfway between two levels: the lower.
	halfway := (strengthLevels[1].elo + strengthLevels[2].elo) / 2
	if l, _ := (strengthSetting{limit: true, elo: halfway}).level(); l != strengthLevels[1] {
		t.Errorf("UCI_Elo %d, halfway between two levels: level %+v, want the lower, %+v", halfway, l, strengthLevels[1])
	}
	d.expectNothing("setoption name UCI_LimitStrength value false")
	if _, on := d.s.cfg.strength.level(); on {
		t.Errorf("UCI_LimitStrength false: still at a level")
	}
	// The defaults announced are the engine's setting (-elo 1200 -seed 9).
	got = newUCIDialogue(t, smallEngine(), config{strength: strengthSetting{limit: true, elo: 1200, seed: 9}}).sync("uci")
	for _, want := range []string{
		"option name UCI_LimitStrength type check default true",
		fmt.Sprintf("option name UCI_Elo type spin default 1200 min %d max %d", minStrengthElo, maxStrengthElo),
		"option name Strength Seed type spin default 9 min 0 max 2147483647",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("uci after -elo 1200 -seed 9: no %q in %q", want, got)
		}
	}
}

// TestStrengthCECPOption: XBoard's dialog gets one spin on the same scale,
// whose top is full strength, and the seed; a bad value is an Error and
// changes nothing.
func TestStrengthCECPOption(t *testing.T) {
	e := smallEngine()
	d := newDialogue(t, e, config{})
	got := d.sync("xboard", "protover 2")
	for _, want := range []string{
		fmt.Sprintf(`feature option="Strength in Elo -spin %d %d %d"`, fullStrengthElo, minStrengthElo, fullStrengthElo),
		`feature option="Strength seed -spin 0 0 2147483647"`,
	} {
		if !slices.Contains(got, want) {
			t.Errorf("protover: no %q in %q", want, got)
		}
	}
	d.expectNothing("option Strength in Elo=1000", "option Strength seed=5")
	want := strengthSetting{limit: true, elo: 1000, seed: 5}
	if d.s.cfg.strength != want {
		t.Errorf("after option: %+v, want %+v", d.s.cfg.strength, want)
	}
	for _, bad := range []string{
		fmt.Sprintf("option Strength in Elo=%d", minStrengthElo-1),
		fmt.Sprintf("option Strength in Elo=%d", fullStrengthElo+1),
		"option Strength in Elo=",
		"option Strength in Elo",
		"option Strength in Elo=strong",
		"option Strength seed=-3",
	} {
		if got := d.sync(bad); len(got) != 1 || !strings.HasPrefix(got[0], "Error (bad option value") {
			t.Errorf("%q answered %q", bad, got)
		}
	}
	if d.s.cfg.strength != want {
		t.Errorf("after refused values: %+v, want %+v", d.s.cfg.strength, want)
	}
	d.expectNothing(fmt.Sprintf("option Strength in Elo=%d", fullStrengthElo))
	if _, on := d.s.cfg.strength.level(); on {
		t.Errorf("the top of the spin is not full strength: %+v", d.s.cfg.strength)
	}
}

// TestStrengthOffIsMicroMax: with the limit switched on and off again a
// search is the C program's, node for node (the goldens and the bench
// signature are checked with the limit off by their own tests), and the
// bench ignores the setting.
func TestStrengthOffIsMicroMax(t *testing.T) {
	search := func(setup ...string) []string {
		d := newUCIDialogue(t, smallEngine(), config{})
		d.sync(append([]string{"uci"}, setup...)...)
		return d.search("position startpos moves e2e4 e7e5", "go nodes 30000")
	}
	plain := search()
	toggled := search("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 800",
		"setoption name UCI_LimitStrength value false")
	strip := func(lines []string) string { // the time and speed differ
		var b strings.Builder
		for _, l := range lines {
			info, ok := parseInfo(l)
			if !ok {
				b.WriteString(l + "\n")
				continue
			}
			fmt.Fprintf(&b, "%d %d %s\n", info.depth, info.nodes, strings.Join(info.pv, " "))
		}
		return b.String()
	}
	if strip(plain) != strip(toggled) {
		t.Errorf("limit on and off again:\n%s\nnever on:\n%s", strip(toggled), strip(plain))
	}
	limited := search("setoption name UCI_LimitStrength value true", fmt.Sprintf("setoption name UCI_Elo value %d", minStrengthElo))
	if strip(limited) == strip(plain) {
		t.Errorf("the weakest level searched what full strength searches")
	}
}

// levelNodeLimit is the most nodes a search at the level may report in a
// position with the given number of legal moves: the last iteration, begun
// below the budget, may take some times the nodes before it, and a level
// with a margin searches every root move.
func levelNodeLimit(l strengthLevel, legal int) int {
	limit := l.budget * 20
	if l.margin > 0 {
		limit *= legal
	}
	return limit
}

// selfPlay plays a game of at most plies plies at the level, with the
// other UCI options given (the engine on both sides, from the position
// after the moves start), and returns its moves; every bestmove must be
// legal, and no search may go past the level's budget (levelNodeLimit).
func selfPlay(t *testing.T, plies int, start string, level strengthLevel, options ...string) []string {
	t.Helper()
	d := newUCIDialogue(t, smallEngine(), config{})
	d.sync(append([]string{"uci", "ucinewgame", "setoption name UCI_LimitStrength value true",
		fmt.Sprintf("setoption name UCI_Elo value %d", level.elo)}, options...)...)
	var game gameRecord
	game.reset(setup{pos: newGame()})
	moves := strings.Fields(start)
	for _, m := range moves {
		game.play(mustMove(t, &game.current().pos, m))
	}
	for game.end() == notOver && game.length() < plies {
		got := d.search("position startpos moves "+strings.Join(moves, " "), "go wtime 60000 btime 60000")
		iterations, best, _ := checkSearch(t, &game, got) // a legal move, and the info lines in order
		limit := levelNodeLimit(level, len(game.current().pos.legalMoves()))
		for _, it := range iterations {
			if it.nodes > limit {
				t.Fatalf("level %d, after %s: an iteration of %d nodes, more than %d", level.elo, strings.Join(moves, " "), it.nodes, limit)
			}
		}
		game.play(mustMove(t, &game.current().pos, best))
		moves = append(moves, best)
	}
	return moves
}

// TestStrengthSeed: at a level that chooses among root moves, the same seed
// plays the same game twice, and another seed another game; every move is
// legal (selfPlay checks it).
func TestStrengthSeed(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	level := strengthLevels[0]
	if level.margin == 0 {
		t.Fatalf("the weakest level %+v has no margin", level)
	}
	seed := func(n int) string { return fmt.Sprintf("setoption name Strength Seed value %d", n) }
	first := strings.Join(selfPlay(t, 40, "", level, seed(7)), " ")
	again := strings.Join(selfPlay(t, 40, "", level, seed(7)), " ")
	other := strings.Join(selfPlay(t, 40, "", level, seed(8)), " ")
	t.Logf("seed 7: %s\nseed 8: %s", first, other)
	if first != again {
		t.Errorf("seed 7 played two games:\n%s\n%s", first, again)
	}
	if first == other {
		t.Errorf("seeds 7 and 8 played the same game")
	}
}

// TestStrengthLevelsPlay: every level plays legal moves (selfPlay checks
// them) for 12 plies, or with the switch on to the end of a game (or 120
// plies).
func TestStrengthLevelsPlay(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	plies := 12
	if !reduced() {
		plies = 120
	}
	for _, l := range strengthLevels {
		moves := selfPlay(t, plies, "e2e4 e7e5", l)
		t.Logf("level %d: %d plies", l.elo, len(moves))
	}
}

// TestStrengthBudget: a level's search stops at its budget even when the
// clock would allow more, and never takes longer than the clock allows.
func TestStrengthBudget(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	for _, l := range []strengthLevel{strengthLevels[0], strengthLevels[len(strengthLevels)-1]} {
		d := newUCIDialogue(t, smallEngine(), config{})
		d.sync("uci", "setoption name UCI_LimitStrength value true", fmt.Sprintf("setoption name UCI_Elo value %d", l.elo))
		p := newGame()
		for _, m := range []string{"e2e4", "e7e5", "g1f3"} {
			p.makeMove(mustMove(t, &p, m))
		}
		limit := levelNodeLimit(l, len(p.legalMoves()))
		unlimited := 0
		d.send("position startpos moves e2e4 e7e5 g1f3", "go wtime 600000 btime 600000")
		for line := d.next().text; !isBestmove(line); line = d.next().text { // each line as it comes: a search past the budget may take minutes
			if info, ok := parseInfo(line); ok && info.nodes > limit {
				t.Fatalf("level %d (%+v): %q: more than %d nodes", l.elo, l, line, limit)
			} else if ok {
				unlimited = max(unlimited, info.nodes)
			}
		}
		// go nodes N: a margin level's scoring stops once N nodes are spent
		// (the move being scored finishes), short of scoring every move.
		if l.margin > 0 {
			const budget = 1000
			nodes := 0
			for _, line := range d.search("position startpos moves e2e4 e7e5 g1f3", fmt.Sprintf("go nodes %d", budget)) {
				if info, ok := parseInfo(line); ok {
					nodes = max(nodes, info.nodes)
				}
			}
			if nodes < budget || nodes > budget+l.budget*20 || nodes >= unlimited {
				t.Errorf("level %d, go nodes %d: %d nodes (%d without the budget)", l.elo, budget, nodes, unlimited)
			}
		}
		// The clock rules: a move in 100 ms at a level whose choice would take longer.
		slow := strengthLevel{budget: 1 << 20, margin: 50}
		d2 := newUCIDialogue(t, smallEngine(), config{strength: strengthSetting{limit: true, custom: &slow}})
		d2.sync("uci")
		start := d2.send("position startpos", "go movetime 100")
		d2.until("bestmove", isBestmove)
		if took := time.Since(start); took > 600*time.Millisecond {
			t.Errorf("go movetime 100 at a level with 1M nodes a move: %v", took)
		}
	}
}

// TestStrengthClassic: -elo in the console mode plays the level: a margin
// level's one kibitz line per move, and the same game for the same seed.
func TestStrengthClassic(t *testing.T) {
	play := func(seed uint64) string {
		e := smallEngine()
		var out strings.Builder
		(&console{e: e, budget: microMaxBudget, cfg: config{strength: strengthSetting{limit: true, elo: strengthLevels[0].elo, seed: seed}}}).run(strings.NewReader("\n\n\n\n\n\n"), &out)
		return out.String()
	}
	first, again := play(3), play(3)
	if first != again {
		t.Errorf("seed 3 twice:\n%s\n%s", first, again)
	}
	if n := strings.Count(first, " ply, "); n != 6 {
		t.Errorf("%d kibitz lines for 6 moves:\n%s", n, first)
	}
}

// TestStrengthFlags: -elo, -seed and -level read their values, and refuse
// others.
func TestStrengthFlags(t *testing.T) {
	flags := func(args ...string) (strengthSetting, error) {
		fs := flag.NewFlagSet("umax", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		apply := addOptionFlags(fs)
		var c config
		if err := fs.Parse(args); err != nil {
			return c.strength, err
		}
		return c.strength, apply(newEngine(minTableSize), &c)
	}
	if s, err := flags("-elo", "1000"); err != nil || !s.limit || s.elo != 1000 {
		t.Errorf("-elo 1000: %+v %v", s, err)
	}
	if s, err := flags("-seed", "12"); err != nil || s.seed != 12 {
		t.Errorf("-seed 12: %+v %v", s, err)
	}
	if s, err := flags("-elo", "0"); err != nil || s.limit {
		t.Errorf("-elo 0: %+v %v", s, err)
	}
	for _, bad := range []string{"1", "99999", "x", ""} {
		if _, err := flags("-elo", bad); err == nil {
			t.Errorf("-elo %q accepted", bad)
		}
	}
	var s strengthSetting
	if err := (levelFlag{&s}).Set("5000,40"); err != nil || s.custom == nil || *s.custom != (strengthLevel{budget: 5000, margin: 40}) {
		t.Errorf("-level 5000,40: %+v %v", s, err)
	}
	for _, bad := range []string{"0", "x", "100,-1", "100,x"} {
		if err := (levelFlag{&s}).Set(bad); err == nil {
			t.Errorf("-level %q accepted", bad)
		}
	}
	if got := (strengthSetting{}).String(); got != "full strength" {
		t.Errorf("the zero setting says %q", got)
	}
	if got := (strengthSetting{limit: true, elo: 1000}).String(); !strings.HasPrefix(got, "level 1000 (root budget") {
		t.Errorf("-elo 1000 says %q", got)
	}
}

// TestStrengthCECPPlays: in XBoard mode the engine plays at the level its
// option sets: legal moves, searches within the level's budget (the
// thinking output's nodes), and at a margin level with a seed the same
// game twice.
func TestStrengthCECPPlays(t *testing.T) {
	play := func(level strengthLevel, seed int) []string {
		d := newDialogue(t, smallEngine(), config{})
		d.sync("xboard", "protover 2", "new", "post", "level 40 5 0",
			fmt.Sprintf("option Strength in Elo=%d", level.elo), fmt.Sprintf("option Strength seed=%d", seed))
		shadow := newGame()
		var moves []string
		for _, m := range []string{"e2e4", "g1f3", "f1c4", "d2d3", "e1g1"} {
			mv, ok := shadow.parseMove(m)
			if !ok {
				break // the engine's replies made it illegal
			}
			shadow.makeMove(mv)
			got := d.sync("time 30000", "otim 30000", "usermove "+m)
			reply, ok := moveLine(got)
			if !ok {
				t.Fatalf("level %d: no move after %s: %q", level.elo, m, got)
			}
			reply = strings.TrimPrefix(reply, "move ")
			for _, l := range got[:len(got)-1] {
				var depth, score, cs, nodes int
				if _, err := fmt.Sscanf(l, "%d %d %d %d", &depth, &score, &cs, &nodes); err != nil {
					t.Errorf("not thinking output: %q", l)
				} else if limit := levelNodeLimit(level, len(shadow.legalMoves())); nodes > limit {
					t.Fatalf("level %d: %q: more than %d nodes", level.elo, l, limit)
				}
			}
			rm, ok := shadow.parseMove(reply)
			if !ok {
				t.Fatalf("level %d: %s is not legal in %s", level.elo, reply, fenOf(&shadow))
			}
			shadow.makeMove(rm)
			moves = append(moves, m, reply)
		}
		return moves
	}
	weakest := strengthLevels[0]
	first, again := play(weakest, 11), play(weakest, 11)
	if strings.Join(first, " ") != strings.Join(again, " ") {
		t.Errorf("seed 11 twice: %q and %q", first, again)
	}
	play(strengthLevels[len(strengthLevels)-1], 0)
}

// TestStrengthMargin: a level with a margin chooses among the moves that
// score within the margin of the best, not the best alone: from the start,
// over 24 seeds, some choice scores below another, and none by more than
// the margin. (A search with no limit: the clock plays no part.)
func TestStrengthMargin(t *testing.T) {
	level := strengthLevels[0]
	var scores []int
	for seed := 1; seed <= 24; seed++ {
		d := newUCIDialogue(t, smallEngine(), config{})
		d.sync("setoption name UCI_LimitStrength value true", fmt.Sprintf("setoption name UCI_Elo value %d", level.elo),
			fmt.Sprintf("setoption name Strength Seed value %d", seed))
		got := d.search("position startpos", "go")
		score, ok := 0, false
		for _, l := range got {
			if info, isInfo := parseInfo(l); isInfo && info.hasDepth {
				_, err := fmt.Sscanf(info.score, "cp %d", &score)
				ok = err == nil
			}
		}
		if !ok {
			t.Fatalf("seed %d: no score in %q", seed, got)
		}
		scores = append(scores, score)
	}
	low, high := slices.Min(scores), slices.Max(scores)
	if low == high || high-low > level.margin {
		t.Errorf("level %d (margin %d): the choices of 24 seeds scored %v: want some below others, by no more than the margin", level.elo, level.margin, scores)
	}
	t.Logf("the choices of 24 seeds scored %v", scores)
}
