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

// levelList names the levels' Elos, weakest first.
func levelList() string {
	var elos []string
	for _, l := range strengthLevels {
		elos = append(elos, strconv.Itoa(l.elo))
	}
	return strings.Join(elos, " ")
}

// strengthOptions are the strength level's rows of the option table
// (options.go): UCI's standard pair, UCI_LimitStrength and UCI_Elo; CECP's
// one spin on the same scale, whose top is full strength (the flag -elo,
// where 0 is full strength too); and the seed.
var strengthOptions = [4]option{
	{uci: "UCI_LimitStrength", kind: checkOption, lo: 0, hi: 1,
		get: func(_ *Engine, c *config) int { return b2i(c.strength.limit) },
		set: func(_ *Engine, c *config, v int) { c.strength.limit = v != 0 }},
	{uci: "UCI_Elo", kind: spinOption, lo: minStrengthElo, hi: maxStrengthElo,
		get: func(_ *Engine, c *config) int { return min(max(c.strength.elo, minStrengthElo), maxStrengthElo) }, // the zero setting's is the weakest
		set: func(_ *Engine, c *config, v int) { c.strength.elo = v },
		note: func(_ *Engine, _ *config, v int) string {
			if l, _ := (strengthSetting{limit: true, elo: v}).level(); l.elo != v {
				return fmt.Sprintf("UCI_Elo %d plays level %d, the nearest (the levels: %s)", v, l.elo, levelList())
			}
			return ""
		}},
	{cecp: "Strength in Elo", flag: "elo", kind: spinOption, flagZero: true, def: fullStrengthElo, lo: minStrengthElo, hi: fullStrengthElo,
		usage: fmt.Sprintf("play at the strength level nearest to this Elo (%d: full strength; 0 too); in the protocols, the options' first setting", fullStrengthElo),
		get: func(_ *Engine, c *config) int {
			if !c.strength.limit {
				return fullStrengthElo
			}
			return c.strength.elo
		},
		set: func(_ *Engine, c *config, v int) {
			c.strength.limit = v > 0 && v < fullStrengthElo
			if c.strength.limit {
				c.strength.elo = v
			}
		}},
	{uci: "Strength Seed", cecp: "Strength seed", flag: "seed", kind: spinOption, lo: 0, hi: maxStrengthSeed,
		usage: "the strength level's seed: the same seed and moves, the same game (0: from the clock, every game differs)",
		get:   func(_ *Engine, c *config) int { return int(c.strength.seed) },
		set:   func(_ *Engine, c *config, v int) { c.strength.seed = uint64(v) }},
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
// ones within level.margin of the best, with the seed of setting. outer is
// the search's control: its poll stops the scoring search at once, its soft
// stop starts no new one, and enough (if not nil),
// asked before each move with the nodes so far, stops the scoring when time
// is short (the moves already scored are chosen among). The engine's board
// is left at the root. ok is false if not one move was scored.
func (e *Engine) chooseAtLevel(outer *searchControl, setting strengthSetting, lab labSettings, level strengthLevel, moves []Move, enough func(nodes int) bool) (choice levelChoice, ok bool) {
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
		if len(all) > 0 && (outer.poll != nil && outer.poll(total) || outer.softStop.Load() || enough != nil && enough(total)) {
			break
		}
		var last *scored
		only := &rootMoveSet{}
		only.set[bitIndex(m.from)] = bit(m.to)
		ctl := &searchControl{budget: level.budget, hook: watchOf(e, laboratory(e, lab), only)}
		if outer.poll != nil {
			ctl.poll = func(nodes int) bool { return outer.poll(total + nodes) }
		}
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
	pick := near[setting.draw(&root, len(near))]
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
func (e *Engine) playChosen(m Move, lab labSettings) bool {
	nodes := e.nodes
	e.pendingFrom, e.pendingTo = m.from, m.to
	played := e.rootSearch(&searchControl{hook: watchOf(e, laboratory(e, lab))})
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
	choice, ok := e.chooseAtLevel(&j.ctl, j.limits.strength, j.limits.lab, j.level, j.legal, enough)
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
	if j.stopped.Load() {
		e.aborted = true
		return false
	}
	e.aborted = false
	return e.playChosen(choice.move, j.limits.lab)
}

// thinkAtLevel is the console mode's search at a level, under the
// console's control ctl (its budget, kibitz line and statistics): micro-Max's
// own search within the level's budget, or with a margin the level's
// choice, printed as one kibitz line. It reports whether a move was played.
func (e *Engine) thinkAtLevel(setting strengthSetting, lab labSettings, level strengthLevel, ctl *searchControl) bool {
	if level.margin == 0 {
		ctl.budget = min(ctl.budget, level.budget)
		return e.rootSearch(ctl)
	}
	moves := e.legalMoves()
	if len(moves) == 0 {
		return e.rootSearch(ctl) // mate or stalemate: micro-Max says so
	}
	choice, ok := e.chooseAtLevel(&searchControl{}, setting, lab, level, moves, nil)
	if !ok {
		return false
	}
	if ctl.report != nil {
		ctl.report(choice.depth, choice.nodes, choice.score, choice.move.from, choice.move.to)
	}
	return e.playChosen(choice.move, lab)
}

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
