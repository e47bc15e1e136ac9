package main

// A search job: micro-Max thinking about one position in a goroutine of its
// own, under the limits of one search, for either protocol adapter.
//
// The adapter starts a job on the engine's current position and then leaves
// the engine alone (its board, table and settings) until the job is done.
// While the job runs the adapter may stop it, turn a ponder search into a
// timed one, and read the last finished iteration; after every finished
// iteration the job calls the adapter back with what it found, as data.
// When the job is done its result says which move to play and whether
// micro-Max has already played it on the engine's board, as its main() does
// after thinking (searchResult.played).

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// maxPVMoves bounds a principal variation: it follows the table no further.
const maxPVMoves = 32

// searchLimits are the limits of one search, given when it starts.
type searchLimits struct {
	// soft and hard are the time limits of a timed search (hard 0: none):
	// no iteration is begun after soft, nor one that would not end before
	// hard, and at hard the search gives up mid-iteration. soft == hard is
	// a fixed time per move, used to its end: an iteration is begun until
	// hard, whether it can end or not. They count from the start of the
	// job, or for a ponder search from ponderhit.
	soft, hard time.Duration
	depth      int // no iteration deeper than this, as reported (0: none)
	budget     int // micro-Max's root node budget, as searchControl's (0: none)
	// nps, if > 0, makes the job's clock count nodes at this rate instead of
	// reading real time: for the time limits, and the elapsed time of each
	// iteration. The hard limit then stops the search at a node count.
	nps int
	// infinite jobs report only after stop, even when the search ends by
	// itself (a mate found, the depth or budget reached): analysis, UCI's
	// "go infinite". Their time limits are not used.
	infinite bool
	// ponder jobs are infinite until ponderhit, which starts their time
	// limits (UCI's "go ponder").
	ponder bool
	// searchMoves, if not nil, are the only root moves searched (UCI's
	// searchmoves). The result is never another move; if none of them is
	// legal, the job does not search and has no move.
	searchMoves []Move
	// multiPV, if > 1, is the number of lines searched (job.go): the
	// best line, then the best without its first move, and so on, depth
	// by depth. Analysis and the moves of UCI's go; 0 and 1: micro-Max.
	multiPV int
	stats   bool          // count the search's statistics (-stats, UCI's debug)
	tree    *treeRecorder // if set, records the tree of one iteration (tree.go; the page's umax record)
	// strength, if set, may play the job's move at a strength level instead
	// of micro-Max's own search, and says whether it did (strengthSetting,
	// strength.go). Analysis (infinite) never asks it.
	strength interface {
		playAtLevel(j *searchJob) (played, atLevel bool)
	}
	yield func() // if not nil, called at every stop poll: the host's turn (config.yield)
}

// iteration is what one finished iteration of the root found.
type iteration struct {
	depth   int           // micro-Max's iteration depth less one: the "ply" of its kibitz line
	score   int           // from the side to move's view, 99 a pawn; mates near ±infinity (mateDistance)
	nodes   int           // micro-Max's node counter so far (the C program's N-128)
	elapsed time.Duration // since the job started (node clock: nodes / nps)
	pv      []Move        // the principal variation, best move first, every move legal
	// line is the line's number in a search of several (limits.multiPV),
	// 1 the best; 0 in a search of one.
	line int
	// partial: the iteration was stopped before it ended; its move is the
	// root's best so far (rootBest), its score that move's.
	partial bool
}

// searchResult is what a job found.
type searchResult struct {
	best      Move // the move to play, if hasBest
	hasBest   bool // false only when there is no legal (and listed) root move
	ponder    Move // the reply expected to best (the PV's second move), if hasPonder
	hasPonder bool
	// played: micro-Max has played best on the engine's board, which is now
	// the root position after best, and the root key has advanced as in the
	// C program. Otherwise the engine's board is the root position.
	played  bool
	aborted bool          // the search was stopped mid-iteration
	last    iteration     // the last finished iteration (depth 0 if none)
	nodes   int           // nodes of the whole search
	elapsed time.Duration // time of the whole search (node clock: nodes / nps)
	stats   *searchStats  // the statistics of the search, if the limits asked for them
}

// searchJob is one search running in the background. Its methods may be
// called from any goroutine.
type searchJob struct {
	e           *Engine
	root        Position
	limits      searchLimits
	start       time.Time
	onIteration func(iteration)
	ctl         searchControl // what the search is asked (search.go); its poll reads the fields below
	stopped     atomic.Bool   // give up now, mid-iteration
	maxNodes    atomic.Int64  // if > 0, give up when the node counter reaches it
	deadline    atomic.Int64  // if > 0, give up at this time since the start (a time.Duration)
	polled      atomic.Int64  // the node counter when the search last polled
	stats       *searchStats  // the search's statistics, if the limits ask for them
	legal       []Move        // the root moves the job may play, in generator order

	mu         sync.Mutex
	last       iteration
	pondering  bool          // a ponder search before ponderhit: no time limits yet
	timedFrom  time.Time     // when the time limits started
	timedNodes int           // ... and the node count then (node clock)
	ended      bool          // the search itself is over
	endNodes   int           // its nodes, once over
	endTime    time.Duration // its time, once over
	released   bool
	release    chan struct{} // closed by stop, and for a ponder search by ponderhit

	lastIterTime time.Duration // the search goroutine's own: the last iteration's time
	unfinished   rootBest      // the search goroutine's own: the unfinished iteration's best so far

	finished chan struct{}
	result   searchResult // set before finished is closed
}

// startSearchJob starts micro-Max thinking about the engine's position
// under limits, its time counting from start (when the command that asked
// for it arrived; now if zero). onIteration, if not nil, is called on the
// search's goroutine after every finished iteration of depth 1 or more; like
// the caller until the job is done, it must not touch the engine.
func startSearchJob(e *Engine, start time.Time, limits searchLimits, onIteration func(iteration)) *searchJob {
	if start.IsZero() {
		start = time.Now()
	}
	j := &searchJob{e: e, root: e.Position, limits: limits, start: start, onIteration: onIteration,
		release: make(chan struct{}), finished: make(chan struct{})}
	j.legal = j.root.legalMoves()
	if limits.searchMoves != nil { // UCI's searchmoves
		var listed []Move
		rootMoves := &rootMoveSet{}
		for _, m := range j.legal {
			if j.listed(m) {
				listed = append(listed, m)
				rootMoves.set[bitIndex(m.from)] |= bit(m.to)
			}
		}
		j.legal = listed
		j.ctl.hooks = append(j.ctl.hooks, rootMoves)
	}
	if limits.stats {
		j.stats = &searchStats{shadow: e.shadowTally()}
		j.ctl.hooks = append(j.ctl.hooks, j.stats)
	}
	if limits.tree != nil {
		j.ctl.hooks = append(j.ctl.hooks, limits.tree)
	}
	j.ctl.literal = limits.tree != nil // the tree is the literal search's (tree.go)
	j.ctl.budget = cmp.Or(limits.budget, noBudget)
	j.ctl.report = j.iterationDone
	j.ctl.rootMove = j.rootMove
	j.ctl.poll = j.poll
	switch {
	case limits.infinite:
	case limits.ponder:
		j.pondering = true
	default:
		j.startClock(start, 0)
	}
	go j.run()
	return j
}

// listed reports whether m is one of the search moves.
func (j *searchJob) listed(m Move) bool {
	for _, l := range j.limits.searchMoves {
		if l == m || l.promo == 0 && m.promo == 7 && l.from == m.from && l.to == m.to {
			return true
		}
	}
	return false
}

// playable returns the move of j.legal that micro-Max means by m (which
// promotes to a queen): m itself, or, when the list allows only an
// under-promotion on those squares, that one.
func (j *searchJob) playable(m Move) (Move, bool) {
	found, ok := Move{}, false
	for _, l := range j.legal {
		if l == m {
			return m, true
		}
		if !ok && l.from == m.from && l.to == m.to {
			found, ok = l, true
		}
	}
	return found, ok
}

// startClock starts the time limits at time at and node count nodes.
// Called with j.mu held, or before the search starts.
func (j *searchJob) startClock(at time.Time, nodes int) {
	j.timedFrom, j.timedNodes = at, nodes
	if j.limits.hard <= 0 {
		return
	}
	if j.limits.nps > 0 {
		limit := float64(nodes) + j.limits.hard.Seconds()*float64(j.limits.nps)
		j.maxNodes.Store(int64(min(limit, noBudget)))
		return
	}
	j.deadline.Store(int64(max(at.Add(j.limits.hard).Sub(j.start), 1))) // read by poll: no timer to wake up
}

// poll is the search's look at the job's stop flags, every stopPollNodes
// nodes (the searchControl's poll): stop, a node limit reached, or the
// hard time limit.
func (j *searchJob) poll(nodes int) bool {
	if j.limits.yield != nil {
		j.limits.yield() // in a browser, the worker reads its messages now and then (worker_js.go)
	}
	j.polled.Store(int64(nodes))
	limit, deadline := j.maxNodes.Load(), j.deadline.Load()
	return j.stopped.Load() || limit > 0 && int64(nodes) >= limit || deadline > 0 && time.Since(j.start) >= time.Duration(deadline)
}

// run is the job's goroutine.
func (j *searchJob) run() {
	e := j.e
	played := false
	res := searchResult{} // no legal move: no search, no nodes
	if len(j.legal) > 0 {
		e.pendingFrom = infinity // think
		atLevel := false
		if j.limits.strength != nil && !j.limits.infinite { // a strength level: never in analysis
			played, atLevel = j.limits.strength.playAtLevel(j)
		}
		switch {
		case atLevel:
		case j.multiLines() > 1:
			j.searchLines()
		default:
			played = e.rootSearch(&j.ctl)
			if e.aborted {
				j.reportUnfinished()
			}
		}
		res = searchResult{aborted: e.aborted, nodes: e.nodes, stats: j.stats}
	}
	res.played = played
	j.mu.Lock()
	j.ended = true
	res.elapsed = j.elapsed(res.nodes)
	j.endNodes, j.endTime = res.nodes, res.elapsed
	res.last = j.last
	j.mu.Unlock()

	switch {
	case played:
		m := j.root.microMaxMove(e.pendingFrom, e.pendingTo)
		if listed, ok := j.playable(m); ok { // (not ok cannot happen: the root searches only listed moves)
			m = listed
		}
		e.pendingFrom = infinity
		e.fixPromotion(m, j.root.side) // an under-promotion the list asked for
		res.best, res.hasBest = m, true
	case len(res.last.pv) > 0:
		res.best, res.hasBest = res.last.pv[0], true // the iteration callback checked it
	case len(j.legal) > 0:
		res.best, res.hasBest = j.legal[0], true // no iteration finished: stopped at once
	}
	if res.hasBest && len(res.last.pv) > 1 && res.last.pv[0] == res.best {
		res.ponder, res.hasPonder = res.last.pv[1], true
	}
	if j.limits.infinite || j.limits.ponder {
		<-j.release // never end by itself
	}
	j.result = res
	close(j.finished)
}

// iterationDone is the report callback of the search: it reads the PV from
// the table, records the iteration, calls the adapter back, and decides
// whether to begin another iteration. Depth 0 (the root standing pat) and
// the final pass in which micro-Max plays its move are not reported.
func (j *searchJob) iterationDone(depth, nodes, score, from, to int) {
	e := j.e
	if depth < 1 || e.pendingFrom != infinity {
		return
	}
	pv := e.principalVariation(&j.root, from, to, maxPVMoves)
	if len(pv) == 0 {
		return
	}
	if m, ok := j.playable(pv[0]); !ok {
		return // cannot happen: the root searches only listed moves
	} else if m != pv[0] {
		pv = []Move{m} // an under-promotion: the rest of the PV followed the queen
	}
	if depth >= e.mateDepth()-1 {
		depth = j.last.depth + 1 // a mate, which micro-Max stores as good to any depth (98): the iteration's
	}
	j.unfinished = rootBest{} // the next iteration's best counts once it has searched pv[0]
	begun := j.last.elapsed
	it := j.record(iteration{depth: depth, score: score, nodes: nodes, pv: pv})
	if j.enough(it.depth, begun, it.elapsed) {
		j.ctl.softStop.Store(true)
	}
}

// record makes it, with its time, the job's last iteration (in a search of
// several lines, only the first line is), and calls the adapter back with
// it. On the search's goroutine.
func (j *searchJob) record(it iteration) iteration {
	j.mu.Lock()
	it.elapsed = j.elapsed(it.nodes)
	if it.line <= 1 {
		j.last = it
	}
	j.mu.Unlock()
	if j.onIteration != nil {
		j.onIteration(it)
	}
	return it
}

// enough reports whether the search should begin no iteration after one
// of depth depth that ran from the job's time begun to ended: the depth
// limit is reached, or the time limits allow none. On the search's
// goroutine.
func (j *searchJob) enough(depth int, begun, ended time.Duration) bool {
	if j.limits.depth > 0 && depth >= j.limits.depth {
		return true
	}
	j.mu.Lock()
	soft, hard := j.limits.soft, j.limits.hard // ponderhitWith may set them
	timed := !j.limits.infinite && !j.pondering && hard > 0
	var sinceClock time.Duration
	if timed {
		sinceClock = ended - j.clockOffset()
	}
	j.mu.Unlock()
	if !timed {
		return false
	}
	// Start no new iteration after the soft limit, nor, unless the time is
	// fixed (soft == hard), one that would not end before the hard limit:
	// each takes some times longer than the one before (the growth
	// measured, between 2 and 8; 5 until measured).
	iterTime := ended - begun
	growth := 5.0
	if j.lastIterTime > time.Millisecond {
		growth = min(max(float64(iterTime)/float64(j.lastIterTime), 2), 8)
	}
	j.lastIterTime = iterTime
	next := time.Duration(growth * float64(iterTime))
	return sinceClock >= soft || soft < hard && sinceClock+next > hard
}

// rootBest is the best move so far of the root's unfinished iteration,
// micro-Max's own (C: m, X and Y at the root: the first move searched with
// the highest score), which counts once the iteration has searched the
// best move of the last finished one (micro-Max tries it first, or,
// castling or a double step, where its scan finds it), or at once if no
// iteration has finished.
type rootBest struct {
	counts   bool
	iter     int // micro-Max's iteration (the depth reported is iter-1)
	score    int
	from, to int
}

// rootMove is the search's rootMove: the thinking root has searched the
// move from-to in iteration iter, and it scored score. On the search's
// goroutine, which alone writes j.last.
func (j *searchJob) rootMove(iter, from, to, score int) {
	u := &j.unfinished
	if u.iter != iter {
		*u = rootBest{iter: iter, score: -infinity}
	}
	if score > u.score { // micro-Max's own test (C: v>m)
		u.score, u.from, u.to = score, from, to
	}
	u.counts = u.counts || len(j.last.pv) == 0 || j.last.pv[0].from == from && j.last.pv[0].to == to
}

// reportUnfinished reports the iteration that a stop interrupted as a
// partial one, with the root's best move so far, if it counts (rootBest):
// the move the search then plays. It runs after the search (the table is
// quiet).
func (j *searchJob) reportUnfinished() {
	u := j.unfinished
	if !u.counts || u.iter-1 <= j.last.depth {
		return
	}
	pv := j.e.principalVariation(&j.root, u.from, u.to, maxPVMoves)
	if len(pv) == 0 {
		return // cannot happen: the root decided on a legal move
	}
	if m, ok := j.playable(pv[0]); !ok {
		return // cannot happen: the root searches only listed moves
	} else if m != pv[0] {
		pv = []Move{m}
	}
	j.record(iteration{depth: u.iter - 1, score: u.score, nodes: j.e.nodes, pv: pv, partial: true})
}

// clockOffset is the job's elapsed time when the time limits started.
// Called with j.mu held.
func (j *searchJob) clockOffset() time.Duration {
	if j.limits.nps > 0 {
		return j.nodeTime(j.timedNodes)
	}
	return j.timedFrom.Sub(j.start)
}

// elapsed is the job's time after nodes nodes: real time since the start,
// or with a node clock nodes divided by the rate.
func (j *searchJob) elapsed(nodes int) time.Duration {
	if j.limits.nps > 0 {
		return j.nodeTime(nodes)
	}
	return time.Since(j.start)
}

// nodeTime is the time nodes take on the node clock.
func (j *searchJob) nodeTime(nodes int) time.Duration {
	return time.Duration(float64(nodes) / float64(j.limits.nps) * float64(time.Second))
}

// stop stops the search at once: its result is the best move of the last
// finished iteration, and the engine's board the root position (unless
// micro-Max had already played its move). It also ends the wait of an
// infinite or ponder job whose search is over.
func (j *searchJob) stop() {
	j.stopped.Store(true)
	j.releaseWait()
}

// ponderhit turns a ponder search into a timed one: its time limits start
// at time at. If the search is already over, the job reports at once. It
// does nothing to a job that is not pondering.
func (j *searchJob) ponderhit(at time.Time) {
	j.ponderhitWith(at, j.limits.soft, j.limits.hard) // (only this goroutine writes them)
}

// ponderhitWith is ponderhit with the time limits given now, not when the
// job started: CECP learns the engine's clock only with the opponent's move.
func (j *searchJob) ponderhitWith(at time.Time, soft, hard time.Duration) {
	j.mu.Lock()
	hit := j.pondering
	if hit {
		j.pondering = false
		j.limits.soft, j.limits.hard = soft, hard
		if !j.ended {
			j.startClock(at, int(j.polled.Load()))
		}
	}
	j.mu.Unlock()
	if hit {
		j.releaseWait()
	}
}

// releaseWait ends the wait of an infinite or ponder job.
func (j *searchJob) releaseWait() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if !j.released {
		j.released = true
		close(j.release)
	}
}

// progress returns the time and nodes the search has taken so far (those
// of the whole search once it is over), and the last finished iteration.
func (j *searchJob) progress() (elapsed time.Duration, nodes int, last iteration) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.ended {
		return j.endTime, j.endNodes, j.last
	}
	nodes = int(j.polled.Load())
	return j.elapsed(nodes), nodes, j.last
}

// done is closed when the job's result is ready.
func (j *searchJob) done() <-chan struct{} { return j.finished }

// wait waits for the job to be done and returns its result.
func (j *searchJob) wait() searchResult {
	<-j.finished
	return j.result
}

// ruleUnlisted is searchmoves' rule: it cuts a root move not listed. It is
// numbered after the laboratory's rules (lab.go), whose rule names end with
// it: a rule of the laboratory's on its number would not compile there.
const ruleUnlisted pruneRule = 16

// rootMoveSet is UCI's searchmoves, a search hook: bit bitIndex(to) of
// set[bitIndex(from)] for each root move to search; the others are cut,
// scored -infinity so that none is played.
type rootMoveSet struct {
	quietHook
	set [64]uint64
}

func (r *rootMoveSet) move(m *searchMove) (pruneRule, int) {
	if m.root && r.set[bitIndex(m.from)]&bit(m.to) == 0 {
		return ruleUnlisted, -infinity
	}
	return m.rule, m.score
}

// Several lines (MultiPV): a search job that shows the best few moves with
// their lines, not only the best one, built on the root's search of listed
// moves (rootMoveSet, UCI's searchmoves). At each depth, from 1 on, the
// job searches the root to that depth for the best line; then again
// without that line's first move, for the second; and so on. Each line's
// search is micro-Max's, started afresh at the root, whose table entry
// holds the line before; below the root the lines share the table (they
// search from the same root key), so the second and later lines find most
// of their tree there. A search of one line is micro-Max's own (job.go's
// run), node for node.

// maxMultiPV is the most lines a search shows (UCI's MultiPV, CECP's
// option MultiPV).
const maxMultiPV = 8

// multiLines is the number of lines the job searches: limits.multiPV, but
// no more than the root moves it may play, and one while it records a
// tree (tree.go records one search).
func (j *searchJob) multiLines() int {
	if j.limits.tree != nil {
		return 1
	}
	return min(j.limits.multiPV, len(j.legal))
}

// lineRoot is the root of one line's search: the moves it may search
// (rootMoveSet), and a root that iterates from scratch, since its table
// entry is another line's.
type lineRoot struct{ rootMoveSet }

func (r *lineRoot) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	if lastTo == 8 {
		return 0
	}
	return tableDepth
}

// searchLines is the job's search of several lines (multiLines), depth by
// depth, until the depth limit, the time limits or the root budget (at the
// end of a depth, as micro-Max's budget) end it, every line ends in a mate,
// or a stop. It calls the adapter back with each line (iteration.line: 1,
// 2, ...); the first line of the deepest depth is the job's last
// iteration, whose first move the job plays. It plays nothing on the
// board: the engine's board is the root afterwards, its root key one
// further, as after a search, and its node counter the total.
func (j *searchJob) searchLines() {
	e := j.e
	root, lock := e.Position, e.rootLock
	total := 0
	defer func() {
		e.Position, e.pendingFrom, e.rootLock, e.nodes = root, infinity, lock+1, total
	}()
	begun := j.elapsed(0)
	for depth := 1; depth < e.mateDepth()-1; depth++ {
		var shown []Move // the first moves of this depth's lines
		mates := 0
		var it iteration
		for line := 1; line <= j.multiLines(); line++ {
			e.rootLock = lock // every line from the same root key: they share the table
			var ok bool
			if it, ok = j.searchLine(depth, shown, &total); !ok {
				return // stopped
			}
			it.line = line
			it = j.record(it)
			shown = append(shown, it.pv[0])
			if _, mate := mateDistance(it.score); mate {
				mates++
			}
		}
		if j.enough(depth, begun, it.elapsed) || total+startNodes >= j.ctl.budget || mates == len(shown) {
			return
		}
		begun = it.elapsed
	}
}

// searchLine searches the root to depth for the best line whose first move
// is none of shown, as micro-Max searches (to that depth, then playing its
// move, which is taken back). total is the node count of the lines before,
// and then with this one's. It reports false if a stop ended the search
// first.
func (j *searchJob) searchLine(depth int, shown []Move, total *int) (iteration, bool) {
	e := j.e
	set := &lineRoot{}
	for _, m := range j.legal {
		if !slices.ContainsFunc(shown, func(s Move) bool { return s.from == m.from && s.to == m.to }) {
			set.set[bitIndex(m.from)] |= bit(m.to)
		}
	}
	before := *total
	ctl := &searchControl{budget: noBudget, hooks: []searchHook{set}}
	if j.stats != nil {
		ctl.hooks = append(ctl.hooks, j.stats)
	}
	ctl.poll = func(nodes int) bool { return j.poll(before + nodes) }
	var found *iteration
	ctl.report = func(d, nodes, score, from, to int) {
		if d < depth || found != nil || e.pendingFrom != infinity {
			return // a shallower iteration (or a mate, reported deeper, ends the line), or the move played
		}
		pv := e.principalVariation(&j.root, from, to, maxPVMoves)
		if len(pv) == 0 {
			return // cannot happen: the root searches only legal moves
		}
		if m, ok := j.playable(pv[0]); ok && m != pv[0] {
			pv = []Move{m} // an under-promotion: the rest of the PV followed the queen
		}
		found = &iteration{depth: depth, score: score, nodes: before + nodes, pv: pv}
		ctl.softStop.Store(true) // the line is found: micro-Max plays its move, taken back below
	}
	root := e.Position
	e.pendingFrom = infinity
	e.rootSearch(ctl)
	*total = before + e.nodes
	e.Position, e.pendingFrom = root, infinity
	if e.aborted || found == nil {
		return iteration{}, false
	}
	return *found, true
}
