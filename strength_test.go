package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestStrengthBetweenPoints: a rating between two calibrated points takes
// both knobs in proportion (levelAt), the budget as the spread, so that the
// levels have no steps: half-way between two points, each knob is half-way
// between theirs (give or take the whole numbers' rounding), and a budget
// that snaps to the point below (or above) fails. Where the choosing levels
// meet the budget levels, a move is the one's or the other's.
func TestStrengthBetweenPoints(t *testing.T) {
	for i := 1; i < len(strengthPoints); i++ {
		lo, hi := strengthPoints[i-1], strengthPoints[i]
		if hi.elo-lo.elo < 2 {
			continue // no rating between
		}
		mid := (lo.elo + hi.elo) / 2
		got := levelAt(mid)
		if (lo.spread > 0) != (hi.spread > 0) { // the choosing point's knobs, the budget point's a move in two (levels_test.go)
			if got.acrossOdds < 448 || got.acrossOdds > 576 || got.acrossBudget != hi.budget || got.budget != lo.budget || got.spread != lo.spread || got.fine != 0 {
				t.Errorf("level %d, where the choosing levels meet the budget levels: %+v, want %+v and the budget %d with odds near 512", mid, got, lo.strengthLevel, hi.budget)
			}
			continue
		}
		part := float64(mid-lo.elo) / float64(hi.elo-lo.elo)
		for _, k := range []struct {
			name        string
			got, lo, hi int
		}{{"budget", got.budget, lo.budget, hi.budget}, {"spread", got.spread, lo.spread, hi.spread}} {
			want := float64(k.lo) + part*float64(k.hi-k.lo)
			if d := float64(k.got) - want; d < -1 || d > 1 {
				t.Errorf("level %d, between %d (%+v) and %d (%+v): %s %d, want %.0f, in proportion", mid, lo.elo, lo.strengthLevel, hi.elo, hi.strengthLevel, k.name, k.got, want)
			}
		}
	}
}

// TestStrengthOptions: UCI_LimitStrength, UCI_Elo and Strength Seed
// (announced: TestUCIIdentify; bad values: TestOptionValues) are set in
// any case; the defaults announced are the engine's setting; CECP's
// Strength in Elo and Strength seed set the same.
func TestStrengthOptions(t *testing.T) {
	e := smallEngine()
	d := newUCIDialogue(t, e, config{})
	d.sync("uci")
	if _, on := d.s.cfg.strength.level(); on {
		t.Errorf("a new engine plays at a level: %v", d.s.cfg.strength)
	}
	d.expectNothing("setoption name uci_limitstrength value true", "setoption name UCI_Elo value 1200",
		"setoption name strength seed value 77")
	want := strengthSetting{limit: true, elo: 1200, seed: 77}
	if d.s.cfg.strength != want {
		t.Errorf("after setoption: %+v, want %+v", d.s.cfg.strength, want)
	}
	between := (strengthPoints[0].elo + strengthPoints[1].elo) / 2 // between two calibrated points: no snap, nothing said
	d.expectNothing(fmt.Sprintf("setoption name UCI_Elo value %d", between))
	if l, _ := d.s.cfg.strength.level(); l != levelAt(between) || l == strengthPoints[0].strengthLevel || l == strengthPoints[1].strengthLevel {
		t.Errorf("UCI_Elo %d: level %+v, want knobs between %+v and %+v", between, l, strengthPoints[0], strengthPoints[1])
	}
	d.expectNothing("setoption name UCI_LimitStrength value false")
	if _, on := d.s.cfg.strength.level(); on {
		t.Errorf("UCI_LimitStrength false: still at a level")
	}
	// The defaults announced are the engine's setting (-elo 1200 -seed 9).
	got := newUCIDialogue(t, smallEngine(), config{strength: strengthSetting{limit: true, elo: 1200, seed: 9}}).sync("uci")
	hasLines(t, "uci after -elo 1200 -seed 9", got,
		"option name UCI_LimitStrength type check default true",
		fmt.Sprintf("option name UCI_Elo type spin default 1200 min %d max %d", minStrengthElo, fullStrengthElo),
		"option name Strength Seed type spin default 9 min 0 max 2147483647",
	)
	// XBoard's dialog gets one spin on the same scale, whose top is full
	// strength, and the seed (announced: TestFeatures).
	c := newDialogue(t, smallEngine(), config{})
	c.sync("xboard", "protover 2")
	c.expectNothing("option Strength in Elo=1000", "option Strength seed=5")
	if want := (strengthSetting{limit: true, elo: 1000, seed: 5}); c.s.cfg.strength != want {
		t.Errorf("after option: %+v, want %+v", c.s.cfg.strength, want)
	}
	c.expectNothing(fmt.Sprintf("option Strength in Elo=%d", fullStrengthElo))
	if _, on := c.s.cfg.strength.level(); on {
		t.Errorf("the top of the spin is not full strength: %+v", c.s.cfg.strength)
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

// uciGame plays plies plies of self-play at the UCI options given, in the
// dialogue d as it stands (whatever it did before), from the start, and
// returns the moves; every move is checked legal.
func uciGame(t *testing.T, d *uciDialogue, plies int, options ...string) []string {
	t.Helper()
	d.sync(options...)
	game := gameAfter(t, "")
	var moves []string
	for game.end() == notOver && game.length() < plies {
		got := d.search("position startpos moves "+strings.Join(moves, " "), "go wtime 600000 btime 600000")
		_, best, _ := checkSearch(t, game, got) // a legal move, and the info lines in order
		game.play(mustMove(t, &game.current().pos, best))
		moves = append(moves, best)
	}
	return moves
}

// cecpLevelGame plays plies plies of self-play in XBoard mode at the strength
// given (option Strength in Elo and Strength seed), the engine making every
// move ("go" in force mode, side after side), in d as it stands.
func cecpLevelGame(t *testing.T, d *cecpDialogue, plies, elo, seed int) []string {
	t.Helper()
	d.sync("new", "force", "level 0 10 0")
	if elo == fullStrengthElo {
		d.sync("sd 4") // a short full-strength game
	}
	d.sync(fmt.Sprintf("option Strength in Elo=%d", elo), fmt.Sprintf("option Strength seed=%d", seed))
	var moves []string
	for len(moves) < plies {
		got := d.sync("time 60000", "otim 60000", "go")
		m, ok := moveLine(got)
		if !ok {
			break // the game is over
		}
		moves = append(moves, strings.TrimPrefix(m, "move "))
		d.sync("force")
	}
	return moves
}

// levelOptions are the UCI options of a level and seed.
func levelOptions(elo, seed int) []string {
	return []string{"setoption name UCI_LimitStrength value true", fmt.Sprintf("setoption name UCI_Elo value %d", elo),
		fmt.Sprintf("setoption name Strength Seed value %d", seed)}
}

// TestStrengthReproducible: with a seed, a level's game depends on the
// seed and the moves alone: the same 30 plies of self-play in a fresh UCI
// session; after a full-strength search, an analysis and another level's
// game, without ucinewgame; after ucinewgame and a smaller Hash; and in
// XBoard mode after other games. For a choosing level, a budget level and
// one between the calibrated points. Every move must be the same.
func TestStrengthReproducible(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	const plies = 30
	for _, elo := range []int{minStrengthElo, (strengthPoints[0].elo + strengthPoints[1].elo) / 2, strengthPoints[len(strengthPoints)-2].elo} {
		fresh := newUCIDialogue(t, smallEngine(), config{})
		fresh.sync("uci")
		want := strings.Join(uciGame(t, fresh, plies, levelOptions(elo, 5)...), " ")
		used := newUCIDialogue(t, smallEngine(), config{})
		used.sync("uci")
		used.search("position startpos moves d2d4 d7d5", "go nodes 50000") // full strength
		used.send("go infinite")
		time.Sleep(50 * time.Millisecond)
		used.search("stop") // an analysis
		uciGame(t, used, 6, levelOptions(minStrengthElo+50, 9)...)
		again := strings.Join(uciGame(t, used, plies, levelOptions(elo, 5)...), " ")
		used.sync("ucinewgame", "setoption name Hash value 1")
		third := strings.Join(uciGame(t, used, plies, levelOptions(elo, 5)...), " ")
		x := newDialogue(t, smallEngine(), config{})
		x.sync("xboard", "protover 2")
		cecpLevelGame(t, x, 4, fullStrengthElo, 0)
		cecpLevelGame(t, x, 6, minStrengthElo+70, 3)
		cecp := strings.Join(cecpLevelGame(t, x, plies, elo, 5), " ")
		for name, got := range map[string]string{"after other searches": again, "after ucinewgame and Hash 1": third, "in XBoard mode": cecp} {
			if got != want {
				t.Errorf("level %d, seed 5, %s:\n%s\nwant (a fresh session):\n%s", elo, name, got, want)
			}
		}
	}
}

// TestStrengthSeedVaries: at a choosing level, seeds 7 and 8 play two
// games and seed 0 (from the clock) two more, all four different; at a
// budget level, whose moves vary only with its budget, seeds 1 to 4 play
// at least two different games.
func TestStrengthSeedVaries(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	for _, c := range []struct {
		elo      int
		seeds    []int
		distinct int
	}{
		{minStrengthElo, []int{7, 8, 0, 0}, 4},
		{strengthPoints[len(strengthPoints)-2].elo, []int{1, 2, 3, 4}, 2},
	} {
		d := newUCIDialogue(t, smallEngine(), config{})
		d.sync("uci")
		games := map[string]bool{}
		for _, seed := range c.seeds {
			games[strings.Join(uciGame(t, d, 40, levelOptions(c.elo, seed)...), " ")] = true
		}
		if len(games) < c.distinct {
			t.Errorf("level %d: seeds %v played %d different games, want %d", c.elo, c.seeds, len(games), c.distinct)
		}
	}
}

// TestStrengthChoice: a choosing level never plays a move more than its
// margin below the best, and plays a better move more often: two moves
// spread apart, the better one two times in three.
func TestStrengthChoice(t *testing.T) {
	level := strengthLevel{budget: 300, spread: 30}
	scored := []scoredMove{{score: 50}}
	for i := 0; i < 200; i++ {
		scored = append(scored, scoredMove{score: 50 - level.margin() - 1}) // just beyond the margin
	}
	for seed := uint64(1); seed <= 100; seed++ {
		if got := choose(scored, level, rand.New(rand.NewPCG(seed, 1))); got.score != 50 {
			t.Fatalf("seed %d: chose a move %d points below the best, the margin is %d", seed, 50-got.score, level.margin())
		}
	}
	pair := []scoredMove{{score: 0, depth: 1}, {score: -level.spread, depth: 2}}
	rng, better := rand.New(rand.NewPCG(3, 4)), 0
	const draws = 6000
	for range draws {
		if choose(pair, level, rng).depth == 1 {
			better++
		}
	}
	if f := float64(better) / draws; f < 0.63 || f > 0.70 {
		t.Errorf("a move spread points worse: the better chosen %.3f of the time, want 2/3", f)
	}
}

// TestStrengthMate: the weakest level plays a mate in one that it sees,
// whatever the seed.
func TestStrengthMate(t *testing.T) {
	d := newUCIDialogue(t, smallEngine(), config{})
	d.sync("uci", "setoption name UCI_LimitStrength value true", fmt.Sprintf("setoption name UCI_Elo value %d", minStrengthElo))
	for seed := 1; seed <= 12; seed++ {
		d.sync(fmt.Sprintf("setoption name Strength Seed value %d", seed))
		got := d.search("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "go wtime 60000 btime 60000")
		if best, _ := bestmoveOf(t, got[len(got)-1]); best != "a1a8" {
			t.Errorf("seed %d: %s, not the mate a1a8", seed, best)
		}
	}
}

// TestStrengthLevelsInOrder: the stronger a level, the larger its budget
// and the smaller its spread, from the weakest to full strength (swapping
// two points' knobs breaks it); and on the positions of the bench games,
// the moves a weaker choosing level plays lose more, by its own scoring,
// than a stronger one's (blunders are rarer higher up).
func TestStrengthLevelsInOrder(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	prev := levelAt(minStrengthElo)
	for elo := minStrengthElo + 1; elo < fullStrengthElo; elo++ {
		l := levelAt(elo)
		if l.budget < prev.budget || l.spread > prev.spread || prev.spread > 0 && l.spread == 0 && l.budget < prev.budget {
			t.Fatalf("level %d: %+v after %+v at %d", elo, l, prev, elo-1)
		}
		prev = l
	}
	var losses []float64
	var choosing []int
	for _, p := range strengthPoints {
		if p.spread > 0 {
			choosing = append(choosing, p.elo)
		}
	}
	for _, elo := range choosing {
		level, total, n := levelAt(elo), 0, 0
		for i, g := range benchPositions {
			e := smallEngine()
			for _, mv := range strings.Fields(g.moves) {
				must(t, e.play(mustMove(t, &e.Position, mv)))
			}
			scored, _ := e.scoreMoves(&searchControl{}, level.budget, e.legalMoves(), nil)
			best := scored[0].score
			for _, s := range scored {
				best = max(best, s.score)
			}
			for seed := uint64(1); seed <= 40; seed++ {
				total += best - choose(scored, level, rand.New(rand.NewPCG(seed, uint64(i)))).score
				n++
			}
		}
		losses = append(losses, float64(total)/float64(n))
	}
	t.Logf("the choosing levels %v lose %.1f points a move on average", choosing, losses)
	for i := 1; i < len(losses); i++ {
		if losses[i] >= losses[i-1] {
			t.Errorf("level %d loses %.1f a move, level %d %.1f: not fewer mistakes higher up", choosing[i], losses[i], choosing[i-1], losses[i-1])
		}
	}
}

// TestStrengthBudget: a level's search stops at its budget even when the
// clock would allow more, go nodes N stops it sooner, and the clock rules
// a level that would take longer.
// Not in parallel, and each line read as it comes: a budget left unapplied
// fails in a second, not after a search of minutes at the end of the suite.
func TestStrengthBudget(t *testing.T) {
	position := "position startpos moves e2e4 e7e5 g1f3"
	for _, elo := range []int{minStrengthElo, strengthPoints[len(strengthPoints)-2].elo} {
		l := levelAt(elo)
		d := newUCIDialogue(t, smallEngine(), config{})
		d.sync(append([]string{"uci"}, levelOptions(elo, 1)...)...)
		limit := l.budget * 3 / 2 * 20 // the varied budget; the last iteration, begun below it, may take some times the nodes before it
		if l.spread > 0 {
			limit = l.budget * 20 * 29 // every root move scored
		}
		unlimited := 0
		d.send(position, "go wtime 600000 btime 600000")
		for _, line := range d.within(searchWait, "the bestmove", func(line string) bool {
			info, ok := parseInfo(line)
			return isBestmove(line) || ok && info.nodes > limit
		}) {
			if info, ok := parseInfo(line); ok && info.nodes > limit {
				t.Fatalf("level %d (%+v): %q: more than %d nodes", elo, l, line, limit)
			} else if ok {
				unlimited = max(unlimited, info.nodes)
			}
		}
		if l.spread > 0 { // go nodes N: the scoring stops once N nodes are spent, short of scoring every move
			nodes := 0
			for _, line := range d.search(position, "go nodes 1000") {
				if info, ok := parseInfo(line); ok {
					nodes = max(nodes, info.nodes)
				}
			}
			if nodes < 1000 || nodes > 1000+l.budget*20 || nodes >= unlimited {
				t.Errorf("level %d, go nodes 1000: %d nodes (%d without the budget)", elo, nodes, unlimited)
			}
		}
	}
	slow := strengthLevel{budget: 1 << 20, spread: 50}
	d := newUCIDialogue(t, smallEngine(), config{strength: strengthSetting{limit: true, custom: &slow}})
	d.sync("uci")
	start := d.send("position startpos", "go movetime 100")
	d.within(10*time.Second, "the bestmove", isBestmove)
	if took := time.Since(start); took > 600*time.Millisecond {
		t.Errorf("go movetime 100 at a level with 1M nodes a move: %v", took)
	}
}

// TestStrengthClassic: -elo in the console mode plays the level: one
// kibitz line a move at a choosing level, and the same game for the same
// seed.
func TestStrengthClassic(t *testing.T) {
	play := func(seed uint64) string {
		var out strings.Builder
		c := &console{e: smallEngine(), budget: microMaxBudget, cfg: config{strength: strengthSetting{limit: true, elo: minStrengthElo, seed: seed}}}
		c.run(strings.NewReader("\n\n\n\n\n\n"), &out)
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
	if err := (levelFlag{&s}).Set("5000,40"); err != nil || s.custom == nil || *s.custom != (strengthLevel{budget: 5000, spread: 40}) {
		t.Errorf("-level 5000,40: %+v %v", s, err)
	}
	for _, bad := range []string{"0", "x", "100,-1", "100,0", "100,x"} {
		if err := (levelFlag{&s}).Set(bad); err == nil {
			t.Errorf("-level %q accepted", bad)
		}
	}
	if got := (strengthSetting{}).String(); got != "full strength" {
		t.Errorf("the zero setting says %q", got)
	}
	if got := (strengthSetting{limit: true, elo: strengthPoints[len(strengthPoints)-2].elo}).String(); !strings.Contains(got, "(root budget") {
		t.Errorf("-elo 1000 says %q", got)
	}
}

// TestStrengthOrder: with the switch, short matches between levels 300
// apart on the scale, from the first openings of the calibration's, each
// with either colour: the stronger level scores more than 60% (300 points
// predict 85%). Games that reach 200 plies count as draws.
func TestStrengthOrder(t *testing.T) {
	needFull(t, "matches between strength levels, about a minute")
	data := readFile(t, "testdata/openings.epd")
	openings := strings.Split(strings.TrimSpace(string(data)), "\n")[:10]
	for weak := minStrengthElo; weak+300 < fullStrengthElo; weak += 300 {
		strong := weak + 300
		players := map[int]*uciDialogue{}
		for _, elo := range []int{weak, strong} {
			players[elo] = newUCIDialogue(t, smallEngine(), config{})
			players[elo].sync(append([]string{"uci"}, levelOptions(elo, elo)...)...) // a seed each: the same games every run
		}
		points := 0.0
		for _, fen := range openings {
			for _, strongWhite := range []bool{true, false} {
				points += levelGame(t, players, fen+" 0 1", strong, weak, strongWhite)
			}
		}
		score := points / float64(2*len(openings))
		t.Logf("level %d against %d: %.1f of %d", strong, weak, points, 2*len(openings))
		if score <= 0.6 {
			t.Errorf("level %d scored %.0f%% against level %d", strong, 100*score, weak)
		}
	}
}

// levelGame plays one game between two levels' sessions from fen and
// returns the stronger one's points.
func levelGame(t *testing.T, players map[int]*uciDialogue, fen string, strong, weak int, strongWhite bool) float64 {
	t.Helper()
	game := gameAfter(t, fen)
	var moves []string
	for game.end() == notOver && game.length() < 200 {
		elo := weak
		if (game.current().pos.side == white) == strongWhite {
			elo = strong
		}
		got := players[elo].search("position fen "+fen+" moves "+strings.Join(moves, " "), "go wtime 60000 btime 60000")
		best, _ := bestmoveOf(t, got[len(got)-1])
		game.play(mustMove(t, &game.current().pos, best))
		moves = append(moves, best)
	}
	switch end := game.end(); {
	case end == whiteMates && strongWhite || end == blackMates && !strongWhite:
		return 1
	case end == whiteMates || end == blackMates:
		return 0
	}
	return 0.5
}

// TestStrengthFit: the calibration's fit (scripts/strength-fit.go, one
// maximum-likelihood fit over all the matches) finds known ratings in
// synthetic matches of the calibration's shape, its 95% intervals holding
// the truth about 95% of the time, the anchors fixing the scale
// (strength-fit.go -selfcheck says how).
func TestStrengthFit(t *testing.T) {
	if testing.Short() { // the emulated runs (qemu, Wine) cannot start the host's go
		t.Skip("not in the short runs: it starts go run scripts/strength-fit.go")
	}
	t.Parallel() // a program of its own: it runs beside the goldens
	out, err := exec.Command("go", "run", "scripts/strength-fit.go", "-selfcheck").CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Errorf("strength-fit.go -selfcheck: %v", err)
	}
}
