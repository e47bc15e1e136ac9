package main

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

import "slices"

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
