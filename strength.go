package main

// Strength levels: micro-Max made weaker for the people who play it, at any
// rating from the weakest level to full strength, on the scale of
// Stockfish 15.1's UCI_Elo (doc/strength.md says how the levels were
// calibrated, against which anchors, at which time controls).
//
// A level has two knobs, both on micro-Max's own search:
//
//   - budget: micro-Max's root node budget (the C program's 1e6): the root
//     deepens while its node counter is below it, and plays its best move.
//     A small budget is a shallow search, which misses what lies deeper.
//   - spread: where even a small budget plays too well, the level scores
//     every legal root move with a search of budget nodes restricted to
//     that move (the machinery of UCI's searchmoves), and chooses among
//     them at random, a better move the likelier: a move spread points
//     (99 to a pawn) below another is half as likely, and one more than
//     four spreads below the best (the margin) is never played. So a mate
//     it sees is played, and a larger spread lets bigger mistakes in.
//
// A level between two calibrated points takes its knobs in between
// (levelAt), the spread to a sixteenth of a point, so that no two ratings
// play alike; between the last choosing point and the first budget point
// each move is the one's or the other's, at odds in proportion. A
// budget-only level (spread 0) varies its budget from move to move (by up
// to a half either way), so that its games vary too.
//
// The same seed and the same moves give the same game, whatever the engine
// did before: a level's searches run on a small table of their own, emptied
// before every move, with micro-Max's root key at 0, and the random draws
// are a function of the seed and the position alone (seed 0: of the
// clock). Only a clock that cuts a level's search short (the budgets take a
// few milliseconds) could make it differ. Analysis is always at full
// strength; with the limit off nothing here runs, and the search is the C
// program's, node for node.

import (
	_ "embed"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
	"sync"
	"time"
)

// strengthLevel is a level's knobs.
type strengthLevel struct {
	budget int // micro-Max's root node budget; with a spread, each root move's
	spread int // 0: micro-Max's own move; else a choice, a move spread points worse half as likely
	// fine is a part of a point more spread, in sixteenths (0 to 15): a
	// level between two choosing points (levelAt).
	fine int
	// A level between the strongest choosing point and the weakest budget
	// point is both: with odds in 1024 a move it plays as the budget level
	// of acrossBudget nodes, else as the choosing level (budget, spread).
	acrossBudget, acrossOdds int
}

// sixteenths is the spread in sixteenths of a point.
func (l strengthLevel) sixteenths() int { return 16*l.spread + l.fine }

// margin is the most a chosen move may score below the best: four spreads.
func (l strengthLevel) margin() int { return l.sixteenths() / 4 }

// strengthPoint is a calibrated level: its knobs and the Elo it measured.
type strengthPoint struct {
	elo int
	strengthLevel
}

// strengthPoints are the calibrated levels, weakest first: the choosing
// levels, then from the Elo where they meet the budget levels, then full
// strength as fullStrengthElo and fullStrengthBudget (doc/strength.md has
// the matches; scripts/strength-calibrate.sh fits the points).
var strengthPoints = []strengthPoint{
	{elo: 589, strengthLevel: strengthLevel{budget: 300, spread: 100}},
	{elo: 727, strengthLevel: strengthLevel{budget: 300, spread: 75}},
	{elo: 890, strengthLevel: strengthLevel{budget: 300, spread: 50}},
	{elo: 985, strengthLevel: strengthLevel{budget: 300, spread: 35}},
	{elo: 1064, strengthLevel: strengthLevel{budget: 300, spread: 25}},
	{elo: 1134, strengthLevel: strengthLevel{budget: 300, spread: 12}},
	{elo: 1163, strengthLevel: strengthLevel{budget: 300, spread: 8}},
	{elo: 1201, strengthLevel: strengthLevel{budget: 300, spread: 5}},
	{elo: 1228, strengthLevel: strengthLevel{budget: 1000}},
	{elo: 1335, strengthLevel: strengthLevel{budget: 3000}},
	{elo: 1460, strengthLevel: strengthLevel{budget: 10000}},
	{elo: 1552, strengthLevel: strengthLevel{budget: 30000}},
	{elo: fullStrengthElo, strengthLevel: strengthLevel{budget: fullStrengthBudget}},
}

// Full strength, on the scale: what it measured at the time control of
// fullStrengthTC, where it searched a median of fullStrengthBudget nodes a
// move. The top of the strength options is full strength.
const (
	fullStrengthElo    = 1599
	fullStrengthBudget = 580942
	fullStrengthTC     = "10+0.1"
)

// minStrengthElo is the weakest level.
var minStrengthElo = strengthPoints[0].elo

// maxStrengthSeed is the largest seed (a UCI spin is a 32-bit integer in
// many GUIs).
const maxStrengthSeed = 1<<31 - 1

// levelAt is the level of a rating on the scale, minStrengthElo up to
// fullStrengthElo: the knobs of the calibrated points on either side,
// taken in proportion (whole numbers, so that every machine plays the same
// level): within the choosing levels the spread in sixteenths of a point,
// within the budget levels the budget, so that no two ratings play alike.
// Between the strongest choosing point and the weakest budget point, whose
// knobs do not mix, a move is the one or the other's, the budget point's
// the likelier the nearer the rating is to it (acrossOdds).
func levelAt(elo int) strengthLevel {
	points := strengthPoints
	if elo <= points[0].elo {
		return points[0].strengthLevel
	}
	for i := 1; i < len(points); i++ {
		lo, hi := points[i-1], points[i]
		between := func(a, b int) int { return a + (b-a)*(elo-lo.elo)/(hi.elo-lo.elo) }
		switch {
		case elo > hi.elo:
			continue
		case elo == hi.elo:
			return hi.strengthLevel
		case (lo.spread > 0) != (hi.spread > 0): // where the choosing levels end
			l := lo.strengthLevel
			l.acrossBudget, l.acrossOdds = hi.budget, between(0, 1024)
			return l
		}
		s := between(lo.sixteenths(), hi.sixteenths())
		return strengthLevel{budget: between(lo.budget, hi.budget), spread: s / 16, fine: s % 16}
	}
	return points[len(points)-1].strengthLevel
}

// strengthSetting is what the strength options say: UCI's
// UCI_LimitStrength and UCI_Elo, CECP's one spin, the -elo flag, and the
// seed.
type strengthSetting struct {
	limit bool   // play at a level (UCI_LimitStrength); false: full strength
	elo   int    // the level asked for (UCI_Elo), minStrengthElo..fullStrengthElo
	seed  uint64 // the random draws' seed (the levels' and the book's); 0: from the clock
	// book: at full strength, play the opening book's moves (strength.go);
	// pace: a move that took no thought waits for a human's moment.
	book, pace preference
	// custom, if set, is the level instead of the table's (-level: the
	// calibration tries knob settings with it).
	custom *strengthLevel
}

// level returns the level the setting selects, if the limit is on and
// below full strength.
func (s strengthSetting) level() (strengthLevel, bool) {
	switch {
	case !s.limit:
		return strengthLevel{}, false
	case s.custom != nil:
		return *s.custom, true
	}
	return levelAt(s.elo), s.elo < fullStrengthElo
}

// String says the setting in words, as the console mode's -elo does.
func (s strengthSetting) String() string {
	l, ok := s.level()
	switch {
	case !ok:
		return "full strength"
	case l.acrossOdds > 0:
		return fmt.Sprintf("level %d (each root move scored in %d nodes, a move %s points worse half as likely; or, %d moves in 1024, a root budget of about %d nodes)",
			s.elo, l.budget, l.spreadText(), l.acrossOdds, l.acrossBudget)
	case l.spread > 0:
		return fmt.Sprintf("level %d (each root move scored in %d nodes, a move %s points worse half as likely)", s.elo, l.budget, l.spreadText())
	}
	return fmt.Sprintf("level %d (root budget about %d nodes a move)", s.elo, l.budget)
}

// spreadText is the spread in points, with its sixteenths as decimals.
func (l strengthLevel) spreadText() string {
	if l.fine == 0 {
		return fmt.Sprint(l.spread)
	}
	return strings.TrimRight(fmt.Sprintf("%d.%04d", l.spread, l.fine*625), "0")
}

// random is the generator of the draws at a position: with a seed, a
// function of the seed and the position (its board, side to move and e.p.
// square); with seed 0, seeded from the clock.
func (s strengthSetting) random(pos *Position) *rand.Rand {
	if s.seed == 0 {
		return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	h := fnv.New64a()
	k := keyOf(pos)
	h.Write(k[:])
	return rand.New(rand.NewPCG(s.seed, h.Sum64()))
}

// --- The search at a level --------------------------------------------------

// levelTables holds the tables of the levels' searches between moves, the
// largest a level needs, so that a move allocates none.
var levelTables = sync.Pool{New: func() any { t := make([]hashSlot, maxLevelTable); return &t }}

// maxLevelTable is the largest table of a level's searches, in entries.
const maxLevelTable = 1 << 20

// atLevel runs play with micro-Max on a table of its own for a level of
// root budget budget, emptied, and the root key (C's j) at 0, so that what
// the level does depends on the position alone; then the engine's table and
// root key are as before.
func (e *Engine) atLevel(budget int, play func()) {
	table, mask, lock := e.table, e.tableMask, e.rootLock
	size := minTableSize
	for size < maxLevelTable && size < 64*budget {
		size *= 2
	}
	t := levelTables.Get().(*[]hashSlot)
	e.table, e.tableMask, e.rootLock = (*t)[:size], int32(size-1), 0
	clear(e.table)
	defer func() {
		e.table, e.tableMask, e.rootLock = table, mask, lock
		levelTables.Put(t)
	}()
	play()
}

// levelChoice is the move a choosing level chose, with the search that
// scored it.
type levelChoice struct {
	move  Move
	score int // its score, from the side to move's view
	depth int // the depth its search reached (as micro-Max's kibitz "ply")
	nodes int // the nodes of all the scoring searches
}

// scoredMove is a root move with the score and depth of its search.
type scoredMove struct {
	move         Move
	score, depth int
}

// scoreMoves scores the moves (the legal root moves) each with a search of
// level.budget nodes restricted to it, under the control of outer: its
// poll stops the scoring at once, its soft stop and enough (if not nil,
// asked before each move with the nodes so far) stop it when time is
// short, the moves already scored kept. The board is left at the root.
func (e *Engine) scoreMoves(outer *searchControl, budget int, moves []Move, enough func(nodes int) bool) (scored []scoredMove, nodes int) {
	root := e.Position
	for _, m := range moves {
		if m.promo != 0 && m.promo != 7 && microMaxPlays(moves, m.from, m.to) {
			continue // micro-Max promotes to a queen: one search for the squares
		}
		if len(scored) > 0 && (outer.poll != nil && outer.poll(nodes) || outer.softStop.Load() || enough != nil && enough(nodes)) {
			break
		}
		var last *scoredMove
		only := &rootMoveSet{}
		only.set[bitIndex(m.from)] = bit(m.to)
		ctl := &searchControl{budget: budget, hooks: []searchHook{only}}
		if outer.poll != nil {
			total := nodes
			ctl.poll = func(n int) bool { return outer.poll(total + n) }
		}
		ctl.report = func(depth, _, score, _, _ int) {
			if depth >= 1 && e.pendingFrom == infinity { // a search, not the root standing pat or playing
				last = &scoredMove{m, score, depth}
			}
		}
		e.pendingFrom = infinity
		e.rootSearch(ctl)
		nodes += e.nodes
		e.Position, e.pendingFrom = root, infinity
		if e.aborted || last == nil {
			break
		}
		scored = append(scored, *last)
	}
	return scored, nodes
}

// choose draws one of the scored moves with rng: a move spread points
// below another is half as likely, one more than the margin below the best
// is never drawn. The weights are whole numbers, so that every machine
// draws the same move from the same generator.
func choose(scored []scoredMove, level strengthLevel, rng *rand.Rand) scoredMove {
	best := scored[0].score
	for _, s := range scored {
		best = max(best, s.score)
	}
	weights := make([]uint64, len(scored))
	var total uint64
	for i, s := range scored {
		if loss := best - s.score; loss <= level.margin() {
			weights[i] = halvings(loss, level.sixteenths())
			total += weights[i]
		}
	}
	draw := rng.Uint64N(total)
	for i, w := range weights {
		if draw < w {
			return scored[i]
		}
		draw -= w
	}
	return scored[0] // not reached: the draws add up to total
}

// halvings is 2^30 halved once for every spread of loss (to a sixteenth
// of a halving), the spread given in sixteenths of a point: the weight of
// a move loss points below the best.
func halvings(loss, sixteenths int) uint64 {
	const one = 1 << 30
	h := loss * 256 / sixteenths // sixteenths of a halving
	return uint64(one) >> (h / 16) * sixteenthHalvings[h%16] >> 16
}

// sixteenthHalvings[k] is 2^(-k/16), in 65536ths.
var sixteenthHalvings = [16]uint64{65536, 62757, 60097, 57550, 55109, 52773, 50535, 48392,
	46341, 44376, 42495, 40693, 38968, 37316, 35734, 34219}

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

// thinkAt plays a move at a level under ctl (its budget, kibitz line, hook
// and poll), on the level's own table (atLevel): a budget level's own
// search within its budget, varied by rng; or a choosing level's choice
// among the scored root moves, which it returns (and the caller reports).
// enough, if set, stops the scoring when time is short. It reports whether
// a move was played; a poll that stops it leaves the board at the root.
func (e *Engine) thinkAt(level strengthLevel, rng *rand.Rand, ctl *searchControl, enough func(nodes int) bool) (played bool, choice *levelChoice) {
	if level.acrossOdds > 0 && rng.IntN(1024) < level.acrossOdds { // between the choosing and the budget levels
		level = strengthLevel{budget: level.acrossBudget}
	}
	e.atLevel(level.budget, func() {
		if level.spread == 0 && level.fine == 0 {
			ctl.budget = min(ctl.budget, level.budget*(512+rng.IntN(1024))/1024)
			played = e.rootSearch(ctl)
			return
		}
		moves := e.legalMoves()
		if len(moves) == 0 {
			played = e.rootSearch(ctl) // mate or stalemate: micro-Max says so
			return
		}
		scored, nodes := e.scoreMoves(ctl, level.budget, moves, enough)
		e.nodes, e.aborted = nodes, len(scored) == 0 || ctl.poll != nil && ctl.poll(nodes)
		if len(scored) > 0 {
			pick := choose(scored, level, rng)
			choice = &levelChoice{move: pick.move, score: pick.score, depth: pick.depth, nodes: nodes}
		}
		if !e.aborted {
			played = e.playChosen(choice.move)
		}
	})
	return played, choice
}

// playAtLevel is a search job's move at the setting's level (thinkAt), if
// it has one (level), or at full strength the book's (strength.go): it
// reports whether the setting chose the move, and whether micro-Max played
// it. A choosing level's choice is reported as one iteration whose PV is
// the move; its scoring stops at the clock's soft limit, and at a budget
// the job was given. A stopped job leaves the board at the root, and plays
// the move reported. With the pace on, the move waits for a human's moment
// (pause).
func (s strengthSetting) playAtLevel(j *searchJob) (played, atLevel bool) {
	if m, ok := s.fromBook(j); ok {
		if j.e.playBook(m) {
			s.pause(j)
			return true, true
		}
		j.e.pendingFrom = infinity // refused (TestBookLines says never): micro-Max thinks
	}
	level, atLevel := s.level()
	if !atLevel {
		return false, false
	}
	defer s.pause(j)
	enough := func(nodes int) bool {
		if j.limits.budget > 0 && nodes >= j.limits.budget {
			return true
		}
		j.mu.Lock()
		defer j.mu.Unlock()
		timed := !j.limits.infinite && !j.pondering && j.limits.hard > 0
		return timed && j.elapsed(nodes)-j.clockOffset() >= j.limits.soft
	}
	played, choice := j.e.thinkAt(level, s.random(&j.root), &j.ctl, enough)
	if choice != nil {
		it := iteration{depth: choice.depth, score: choice.score, nodes: choice.nodes, elapsed: j.elapsed(choice.nodes), pv: []Move{choice.move}}
		j.mu.Lock()
		j.last = it
		j.mu.Unlock()
		if j.onIteration != nil && it.depth >= 1 {
			j.onIteration(it)
		}
	}
	return played, true
}

// levelFlag is the -level flag: a level by its knobs, "BUDGET" or
// "BUDGET,SPREAD", instead of the table's (for the calibration).
type levelFlag struct{ s *strengthSetting }

func (f levelFlag) String() string {
	if f.s == nil || f.s.custom == nil {
		return ""
	}
	return fmt.Sprintf("%d,%d", f.s.custom.budget, f.s.custom.spread)
}

func (f levelFlag) Set(v string) error {
	budgetText, spreadText, _ := strings.Cut(v, ",")
	budget, ok := parseInt(budgetText, 1, noBudget)
	spread, ok2 := parseInt(spreadText, 1, infinity)
	if spreadText == "" {
		spread, ok2 = 0, true
	}
	if !ok || !ok2 {
		return fmt.Errorf("want BUDGET or BUDGET,SPREAD: a root budget of at least 1 node, a spread of at least 1 point")
	}
	f.s.limit, f.s.custom = true, &strengthLevel{budget: budget, spread: spread}
	return nil
}

// What a player meets besides micro-Max's search: the engine's own opening
// book, so that games at full strength differ, and a human's pace, so that
// a move that took no thought (a level's, the book's) is not played at once.
//
// The book (book.txt, which scripts/book.go makes from the project's
// opening lines, testdata/openings.pgn) holds the positions of those lines
// and the moves played in them, each weighted by the lines that play it.
// At full strength, in a position of the book, the engine plays one of
// them, drawn with the strength level's generator (strengthSetting.random:
// with a seed the same position gives the same move, so the same seed
// plays the same game; with seed 0 every game differs). Out of the book, and
// with the book off, the search is micro-Max's, node for node. A level
// never plays from the book: its games vary with its own draws, and its
// calibration had none.
//
// Each protocol has its defaults, for those who use it: the book and the
// pace are on in CECP (XBoard and WinBoard, where people play, and a
// person typing at the engine), off in UCI, where match runners and the
// calibration supply openings and want moves at once. micro-Max's own
// console dialogue (-classic) keeps the C program's games (book off) and
// paces its levels. A flag or an option sets either in every mode.

// book.txt is the book's lines: one a line, in coordinate notation from
// the initial position, a "|" and the opening's name after the moves;
// lines that start with # are comments.
//
//go:embed book.txt
var bookText string

// preference is a setting that a protocol may default: the book, the pace.
type preference uint8

const (
	protocolDefault preference = iota // not said: the protocol's (playerDefaults)
	settingOff
	settingOn
)

// on reports whether the setting is on.
func (p preference) on() bool { return p == settingOn }

// preferenceOf is the setting of an option's value (a check's 0 or 1).
func preferenceOf(v int) preference {
	if v != 0 {
		return settingOn
	}
	return settingOff
}

// positionKey is what tells positions apart for the book and the levels'
// draws: the board (whose pieces say whether they have moved, so castling
// rights too), the side to move and the e.p. square.
type positionKey [len(Position{}.board) + 2]byte

func keyOf(pos *Position) positionKey {
	var k positionKey
	for i, v := range pos.board {
		k[i] = byte(v)
	}
	k[len(pos.board)], k[len(pos.board)+1] = byte(pos.side), byte(pos.epSquare)
	return k
}

// bookMove is a move of the book in a position, with its weight: the lines
// that play it there.
type bookMove struct {
	move   Move
	weight int
}

// theBook is the book: the moves of each position of its lines, in the
// order the lines first play them.
var theBook = sync.OnceValue(func() map[positionKey][]bookMove {
	book, err := readBook(bookText)
	if err != nil {
		panic("book.txt: " + err.Error()) // TestBookLines reads it
	}
	return book
})

// readBook reads the lines of a book's text, each move legal where it is
// played, or says which is not.
func readBook(text string) (map[positionKey][]bookMove, error) {
	book := map[positionKey][]bookMove{}
	for n, line := range strings.Split(text, "\n") {
		moves, _, _ := strings.Cut(line, "|")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(moves) == "" {
			continue
		}
		pos := newGame()
		for _, text := range strings.Fields(moves) {
			m, ok := pos.parseMove(text)
			if !ok {
				return nil, fmt.Errorf("line %d: %s is not legal", n+1, text)
			}
			k := keyOf(&pos)
			i := 0
			for i < len(book[k]) && book[k][i].move != m {
				i++
			}
			if i == len(book[k]) {
				book[k] = append(book[k], bookMove{move: m})
			}
			book[k][i].weight++
			pos.makeMove(m)
		}
	}
	return book, nil
}

// drawBook draws a move of the book in pos with rng, the likelier the more
// lines play it; ok is false out of the book.
func drawBook(pos *Position, rng *rand.Rand) (m Move, ok bool) {
	moves := theBook()[keyOf(pos)]
	total := 0
	for _, b := range moves {
		total += b.weight
	}
	if total == 0 {
		return Move{}, false
	}
	draw := rng.IntN(total)
	for _, b := range moves {
		if draw < b.weight {
			return b.move, true
		}
		draw -= b.weight
	}
	return Move{}, false // not reached: the draws add up to total
}

// fromBook is the book's move for a search job at full strength with the
// book on, if the root is in the book and the job may play the move.
func (s strengthSetting) fromBook(j *searchJob) (Move, bool) {
	if _, atLevel := s.level(); atLevel || !s.book.on() {
		return Move{}, false
	}
	m, ok := drawBook(&j.root, s.random(&j.root))
	for _, l := range j.legal { // (searchmoves may leave it out)
		if ok && l == m {
			return m, true
		}
	}
	return Move{}, false
}

// playBook plays a move of the book on micro-Max's board with micro-Max's
// own check, as a typed move, without a search.
func (e *Engine) playBook(m Move) bool {
	e.nodes, e.aborted = 0, false
	return e.playChosen(m)
}

// --- A human's pace ---------------------------------------------------------

// humanMoment is how long a move that took no thought waits, with the
// pace on: a human's moment, a second or two, but at most half the soft
// limit of the move's time (soft; 0: no clock), so that fast games stay
// fast.
func humanMoment(soft time.Duration) time.Duration {
	moment := time.Second + rand.N(time.Second) // (the draw is the clock's: the moves do not depend on it)
	if soft > 0 {
		moment = min(moment, soft/2)
	}
	return moment
}

// pause waits, with the pace on, until a job's move has taken a human's
// moment since the job started, or until the job is stopped. Not for
// analysis or pondering, nor without a clock (go depth, go nodes: a
// match's), nor with a node clock (CECP's nps).
func (s strengthSetting) pause(j *searchJob) {
	j.mu.Lock()
	soft, hard, pondering := j.limits.soft, j.limits.hard, j.pondering
	j.mu.Unlock()
	if !s.pace.on() || pondering || j.limits.infinite || j.limits.nps > 0 || hard <= 0 {
		return
	}
	wait := time.NewTimer(time.Until(j.start.Add(humanMoment(soft))))
	defer wait.Stop()
	select {
	case <-wait.C:
	case <-j.release: // stop
	}
}
