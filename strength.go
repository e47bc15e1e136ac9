package main

// Strength levels: micro-Max made weaker for the people who play it, on the
// scale of Stockfish 15.1's UCI_Elo (doc/strength.md says how the levels
// were calibrated, and what the scale is anchored to).
//
// A level has two knobs, both micro-Max's own:
//
//   - budget: micro-Max's root node budget (the C program's 1e6): the root
//     deepens while its node counter is below it, and plays its best move.
//     A small budget is a shallow search; the moves are still micro-Max's,
//     with no chance in them.
//   - margin: where even the smallest budget plays too well, the level
//     scores every legal root move with a search of budget nodes
//     restricted to that move (the machinery of UCI's searchmoves), and
//     chooses at random among the moves that score within margin points
//     (99 to a pawn) of the best. The generator is seeded: with a seed, the
//     choice is a function of the seed and the position alone, so the same
//     moves give the same game; with seed 0 (the default) it is seeded from
//     the clock, and every game differs.
//
// A level only ever stops a search earlier than full strength would: the
// budget is a limit on top of the clock's, and the scoring searches stop
// when the clock says stop or move now. The move is always one of the legal
// moves. With the limit off nothing here runs, and the search is the C
// program's, node for node.

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"
)

// strengthLevel is one calibrated level.
type strengthLevel struct {
	elo    int // the UCI_Elo that selects it, inside the 95% interval of its measured rating (doc/strength.md)
	budget int // micro-Max's root node budget; with a margin, that of each root move's search
	margin int // 0: micro-Max's own move; else a random move scoring within this of the best
}

// strengthLevels are the levels, weakest first, as scripts/strength-calibrate.sh
// fitted and verified them (doc/strength.md has the table).
var strengthLevels = []strengthLevel{
	{elo: 700, budget: 300, margin: 120},
	{elo: 1000, budget: 300, margin: 75},
	{elo: 1200, budget: 1412, margin: 0},
	{elo: 1400, budget: 8552, margin: 0},
}

// The scale of the strength options.
var (
	minStrengthElo = strengthLevels[0].elo
	maxStrengthElo = strengthLevels[len(strengthLevels)-1].elo
	// fullStrengthElo is the top of CECP's strength spin, the setting for
	// full strength: one step above the strongest level.
	fullStrengthElo = maxStrengthElo + 100
)

// maxStrengthSeed is the largest seed (a UCI spin is a 32-bit integer in
// many GUIs).
const maxStrengthSeed = 1<<31 - 1

// strengthSetting is what the strength options say: UCI's
// UCI_LimitStrength and UCI_Elo, CECP's one spin, and the seed.
type strengthSetting struct {
	limit bool   // play at a level (UCI_LimitStrength); false: full strength
	elo   int    // the level asked for (UCI_Elo), minStrengthElo..maxStrengthElo
	seed  uint64 // the choice's seed; 0: from the clock
	// custom, if set, is the level instead of the table's (-level: the
	// calibration tries knob settings with it).
	custom *strengthLevel
}

// level returns the level the setting selects, if the limit is on: the
// level whose Elo is nearest to elo (the lower one of two as near). The
// zero setting, a new engine's, is full strength, with elo at the weakest
// level (UCI_Elo's default).
func (s strengthSetting) level() (strengthLevel, bool) {
	if !s.limit {
		return strengthLevel{}, false
	}
	if s.custom != nil {
		return *s.custom, true
	}
	best := strengthLevels[0]
	for _, l := range strengthLevels[1:] {
		if abs(l.elo-s.elo) < abs(best.elo-s.elo) {
			best = l
		}
	}
	return best, true
}

func abs(x int) int { return max(x, -x) }

// String says the setting in words, as the console mode's -elo does.
func (s strengthSetting) String() string {
	l, ok := s.level()
	if !ok {
		return "full strength"
	}
	text := fmt.Sprintf("level %d (root budget %d nodes", l.elo, l.budget)
	if s.custom != nil {
		text = fmt.Sprintf("-level %d,%d (root budget %d nodes", l.budget, l.margin, l.budget)
	}
	if l.margin > 0 {
		text += fmt.Sprintf(" a move, a random move within %d of the best", l.margin)
	}
	return text + ")"
}

// parseElo reads a strength on the scale: a whole number from
// minStrengthElo to maxStrengthElo.
func parseElo(v string) (int, error) {
	n, ok := parseInt(strings.TrimSpace(v), minStrengthElo, maxStrengthElo)
	if !ok {
		return 0, fmt.Errorf("want a whole number from %d to %d", minStrengthElo, maxStrengthElo)
	}
	return n, nil
}

// parseSeed reads a seed: a whole number from 0 (from the clock) to
// maxStrengthSeed.
func parseSeed(v string) (uint64, error) {
	n, ok := parseInt(strings.TrimSpace(v), 0, maxStrengthSeed)
	if !ok {
		return 0, fmt.Errorf("want a whole number from 0 to %d", maxStrengthSeed)
	}
	return uint64(n), nil
}

// setSeed reads and sets the seed (-seed, UCI's Strength Seed, CECP's
// Strength seed); a bad value changes nothing.
func (s *strengthSetting) setSeed(v string) error {
	seed, err := parseSeed(v)
	if err == nil {
		s.seed = seed
	}
	return err
}

// setCECPStrength is CECP's strength spin: minStrengthElo up to
// fullStrengthElo, the top, which is full strength.
func (s *strengthSetting) setCECPStrength(v string) error {
	n, ok := parseInt(strings.TrimSpace(v), minStrengthElo, fullStrengthElo)
	if !ok {
		return fmt.Errorf("%q is not a whole number from %d to %d (%d: full strength)", v, minStrengthElo, fullStrengthElo, fullStrengthElo)
	}
	s.limit = n < fullStrengthElo
	if s.limit {
		s.elo = n
	}
	return nil
}

// levelList names the levels' Elos, weakest first.
func levelList() string {
	var elos []string
	for _, l := range strengthLevels {
		elos = append(elos, strconv.Itoa(l.elo))
	}
	return strings.Join(elos, " ")
}

// --- The protocols' options ------------------------------------------------

// strengthUCIOptions are UCI's standard pair, UCI_LimitStrength and UCI_Elo,
// and the seed. Their defaults are the engine's setting (-elo, -seed).
func strengthUCIOptions() []uciOption {
	return []uciOption{
		{name: "UCI_LimitStrength",
			declare: func(s *uciSession) string { return fmt.Sprintf("check default %v", s.e.strength.limit) },
			set: func(s *uciSession, v string) error {
				on, err := checkValue(v)
				if err == nil {
					s.e.strength.limit = on
				}
				return err
			}},
		{name: "UCI_Elo",
			declare: func(s *uciSession) string {
				elo := min(max(s.e.strength.elo, minStrengthElo), maxStrengthElo) // the zero setting's is the weakest
				return fmt.Sprintf("spin default %d min %d max %d", elo, minStrengthElo, maxStrengthElo)
			},
			set: func(s *uciSession, v string) error {
				elo, err := parseElo(v)
				if err != nil {
					return err
				}
				s.e.strength.elo = elo
				if l, _ := (strengthSetting{limit: true, elo: elo}).level(); l.elo != elo {
					s.infof("UCI_Elo %d plays level %d, the nearest (the levels: %s)", elo, l.elo, levelList())
				}
				return nil
			}},
		{name: "Strength Seed",
			declare: func(s *uciSession) string {
				return fmt.Sprintf("spin default %d min 0 max %d", s.e.strength.seed, maxStrengthSeed)
			},
			set: func(s *uciSession, v string) error { return s.e.strength.setSeed(v) }},
	}
}

// strengthEngineOptions are CECP's: one spin on the same scale, whose top is
// full strength, and the seed.
func strengthEngineOptions() []engineOption {
	return []engineOption{
		{name: "Strength in Elo", kind: fmt.Sprintf("-spin %d %d %d", fullStrengthElo, minStrengthElo, fullStrengthElo),
			set: func(s *session, v string) error { return s.e.strength.setCECPStrength(v) }},
		{name: "Strength seed", kind: fmt.Sprintf("-spin 0 0 %d", maxStrengthSeed),
			set: func(s *session, v string) error { return s.e.strength.setSeed(v) }},
	}
}

// --- The search at a level --------------------------------------------------

// levelChoice is the move a level chose, with the search that scored it.
type levelChoice struct {
	move   Move
	score  int // its score, from the side to move's view
	depth  int // the depth its search reached (as micro-Max's kibitz "ply")
	nodes  int // the nodes of all the scoring searches
	scored int // the root moves scored
}

// chooseAtLevel scores the moves (the legal root moves) each with a search
// of level.budget nodes restricted to it, and chooses at random among the
// ones within level.margin of the best. outer is the search's control: its
// stop flag stops the scoring search at once, and enough (if not nil),
// asked before each move with the nodes so far, stops the scoring when time
// is short (the moves already scored are chosen among). The engine's board
// is left at the root. ok is false if not one move was scored.
func (e *Engine) chooseAtLevel(outer *searchControl, level strengthLevel, moves []Move, enough func(nodes int) bool) (choice levelChoice, ok bool) {
	root := e.Position
	type scored struct {
		move         Move
		score, depth int
	}
	var all []scored
	total := 0
	for _, m := range moves {
		if m.promo != 0 && m.promo != 7 && microMaxPlays(moves, m.from, m.to) {
			continue // micro-Max promotes to a queen: one search for the squares
		}
		if len(all) > 0 && (outer.stop.Load() || outer.softStop.Load() || enough != nil && enough(total)) {
			break
		}
		var last *scored
		only := &rootMoveSet{}
		only.set[bitIndex(m.from)] = bit(m.to)
		ctl := &searchControl{budget: level.budget, rootMoves: only, outer: outer, outerNodes: total}
		ctl.report = func(depth, _, score, _, _ int) {
			if depth >= 1 && e.pendingFrom == infinity { // a search, not the root standing pat or playing
				last = &scored{m, score, depth}
			}
		}
		e.pendingFrom = infinity
		e.rootSearch(ctl)
		total += e.nodes
		e.Position, e.pendingFrom = root, infinity
		if e.aborted || last == nil {
			break
		}
		all = append(all, *last)
	}
	e.nodes = total
	if len(all) == 0 {
		return levelChoice{}, false
	}
	best := all[0].score
	for _, s := range all {
		best = max(best, s.score)
	}
	var near []scored
	for _, s := range all {
		if s.score >= best-level.margin {
			near = append(near, s)
		}
	}
	pick := near[e.strength.draw(&root, len(near))]
	return levelChoice{move: pick.move, score: pick.score, depth: pick.depth, nodes: total, scored: len(all)}, true
}

// microMaxPlays reports whether moves holds the move from-to as micro-Max
// plays it itself (no promotion, or to a queen).
func microMaxPlays(moves []Move, from, to int) bool {
	for _, o := range moves {
		if o.from == from && o.to == to && (o.promo == 0 || o.promo == 7) {
			return true
		}
	}
	return false
}

// draw chooses one of n moves at pos: with a seed, a function of the seed
// and the position (its board, side to move and e.p. square); with seed 0,
// from the clock-seeded generator of the process.
func (s strengthSetting) draw(pos *Position, n int) int {
	if s.seed == 0 {
		return rand.IntN(n)
	}
	h := fnv.New64a()
	var buf [len(pos.board) + 2]byte
	for i, v := range pos.board {
		buf[i] = byte(v)
	}
	buf[len(pos.board)], buf[len(pos.board)+1] = byte(pos.side), byte(pos.epSquare)
	h.Write(buf[:])
	return rand.New(rand.NewPCG(s.seed, h.Sum64())).IntN(n)
}

// playChosen plays the chosen move on micro-Max's board with micro-Max's
// own check (the pending move of rootSearch), leaving pendingFrom and
// pendingTo at its squares, as a search that plays its move does.
func (e *Engine) playChosen(m Move) bool {
	nodes := e.nodes
	e.pendingFrom, e.pendingTo = m.from, m.to
	played := e.rootSearch(&searchControl{})
	e.nodes = nodes
	return played
}

// runAtLevel is a search job's search at a level with a margin: the root
// moves scored and one chosen (chooseAtLevel), reported as one iteration
// whose PV is the move, and played, unless the job was stopped: then the
// board stays at the root and the job plays the reported move. The scoring
// stops at the clock's soft limit, and at a budget the job was given.
func (j *searchJob) runAtLevel() bool {
	e := j.e
	enough := func(nodes int) bool {
		if j.limits.budget > 0 && nodes >= j.limits.budget {
			return true
		}
		j.mu.Lock()
		defer j.mu.Unlock()
		timed := !j.limits.infinite && !j.pondering && j.limits.hard > 0
		return timed && j.elapsed(nodes)-j.clockOffset() >= j.limits.soft
	}
	choice, ok := e.chooseAtLevel(&j.ctl, j.level, j.legal, enough)
	if !ok {
		e.aborted = true
		return false
	}
	j.mu.Lock()
	it := iteration{depth: choice.depth, score: choice.score, nodes: choice.nodes, elapsed: j.elapsed(choice.nodes), pv: []Move{choice.move}}
	j.last = it
	j.mu.Unlock()
	if j.onIteration != nil && it.depth >= 1 {
		j.onIteration(it)
	}
	if j.ctl.stop.Load() {
		e.aborted = true
		return false
	}
	e.aborted = false
	return e.playChosen(choice.move)
}

// thinkAtLevel is the console mode's search at a level, under the
// console's control ctl (its budget, kibitz line and statistics): micro-Max's
// own search within the level's budget, or with a margin the level's
// choice, printed as one kibitz line. It reports whether a move was played.
func (e *Engine) thinkAtLevel(level strengthLevel, ctl *searchControl) bool {
	if level.margin == 0 {
		ctl.budget = min(ctl.budget, level.budget)
		return e.rootSearch(ctl)
	}
	moves := e.legalMoves()
	if len(moves) == 0 {
		return e.rootSearch(ctl) // mate or stalemate: micro-Max says so
	}
	choice, ok := e.chooseAtLevel(&searchControl{}, level, moves, nil)
	if !ok {
		return false
	}
	if ctl.report != nil {
		ctl.report(choice.depth, choice.nodes, choice.score, choice.move.from, choice.move.to)
	}
	return e.playChosen(choice.move)
}

// strengthFlag is the -elo flag: a level on the scale, or 0 for full strength.
type strengthFlag struct{ s *strengthSetting }

func (f strengthFlag) String() string {
	if f.s == nil || !f.s.limit {
		return "0"
	}
	return strconv.Itoa(f.s.elo)
}

func (f strengthFlag) Set(v string) error {
	if strings.TrimSpace(v) == "0" {
		f.s.limit = false
		return nil
	}
	elo, err := parseElo(v)
	if err != nil {
		return fmt.Errorf("%v, or 0 for full strength", err)
	}
	f.s.limit, f.s.elo = true, elo
	return nil
}

// seedFlag is the -seed flag.
type seedFlag struct{ s *strengthSetting }

func (f seedFlag) String() string {
	if f.s == nil {
		return "0"
	}
	return strconv.FormatUint(f.s.seed, 10)
}

func (f seedFlag) Set(v string) error { return f.s.setSeed(v) }

// levelFlag is the -level flag: a level by its knobs, "BUDGET" or
// "BUDGET,MARGIN", instead of the table's (for the calibration).
type levelFlag struct{ s *strengthSetting }

func (f levelFlag) String() string {
	if f.s == nil || f.s.custom == nil {
		return ""
	}
	return fmt.Sprintf("%d,%d", f.s.custom.budget, f.s.custom.margin)
}

func (f levelFlag) Set(v string) error {
	budgetText, marginText, _ := strings.Cut(v, ",")
	budget, ok := parseInt(budgetText, 1, noBudget)
	margin, ok2 := parseInt(marginText, 0, 2*infinity)
	if marginText == "" {
		margin, ok2 = 0, true
	}
	if !ok || !ok2 {
		return fmt.Errorf("want BUDGET or BUDGET,MARGIN: a root budget of at least 1 node, a margin of at least 0")
	}
	f.s.limit, f.s.custom = true, &strengthLevel{budget: budget, margin: margin}
	return nil
}
