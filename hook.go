package main

// The hook: what a search tells of its work, and lets decide, beyond
// micro-Max. The statistics (-stats), the tree (-tree, tree.go), the
// futility laboratory (lab.go) and UCI's searchmoves watch a search through
// it; rootSearch attaches those a search asks for, and nil when none, when
// the searches are micro-Max's. Both searches call it at the same points
// with the same arguments: what watches one sees the other's tree.

import "fmt"

// searchHook is called by the searches at six points of every call of D().
type searchHook interface {
	// enter: a call of the search begins, after its table lookup: the side
	// to move, the window as received (alpha before micro-Max's q--), the
	// evaluation, the previous move's destination (8: the root; noSquare: a
	// stalemate probe), the depth asked for, the depth of the table entry
	// it resumes from (0: none usable) and the node counter.
	enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int)
	// iterate: an iteration of depth iter begins (the node counter counted
	// it); thinkingRoot: the call is the root thinking, not checking a move.
	iterate(iter int, thinkingRoot bool, nodes int)
	// move: the call makes a move, m (on the board if m.made); m.rule is micro-Max's
	// verdict (notPruned: the reply is searched next; ruleFutility). It
	// returns the verdict and the move's score that stand: the laboratory's
	// rules and searchmoves decide here, before what only watches. m is
	// the search's until move returns.
	move(m *searchMove) (pruneRule, int)
	// newBest: the move last made gave the call a new best score.
	newBest()
	// iterated: an iteration ends with best score best.
	iterated(best, nodes int)
	// leave: the call returns score: best plus the delayed-loss bonus.
	leave(best, score, nodes int)
}

// searchMove is a move a search has made, as the hook sees it where
// micro-Max decides whether to search its reply (C: v=s>1|v>f?-D(...):v).
type searchMove struct {
	side      int       // k: the side that moves
	root      bool      // made by the root (C: z==8)
	iter      int       // d: the depth of the iteration
	remaining int       // s: the depth the reply would be searched with
	from, to  int       // x, y
	piece     int       // u: the moving piece
	newPiece  int       // the piece on to after the move (a promoted pawn is a queen)
	victim    int       // t: the captured piece, or 0
	captureSq int       // H: the captured piece's square (to, or behind it for e.p.)
	rookFrom  int       // G: a castling rook's corner, else noSquare
	passed    int       // F: the square the king or pawn passed (the castled rook's square), else noSquare
	gain      int       // i: material gained, capture and promotion
	score     int       // v: the evaluation after the move, from side's view
	alphaNow  int       // f: alpha raised to the best score so far
	beta      int       // l
	tableMove bool      // the table's best move, tried first (C: h)
	rule      pruneRule // micro-Max's verdict, or the hook's
	made      bool      // the move stands on the board (else the board is as before it)
}

// madeMove is the searchMove of a move a search makes, in e.told, made on
// the board (the literal search) or not yet (the fast search makes only the
// moves it searches). Not inlined: in the fast search's body it would cost
// the unwatched search registers.
//
//go:noinline
func (e *Engine) madeMove(side, lastTo, iter, remaining, from, to, piece, victim, captureSq, rookFrom, passed,
	gain, score, alphaNow, beta int, tableMove bool, rule pruneRule, made bool) *searchMove {
	newPiece := piece | movedBit
	if promotes(piece&7, to) {
		newPiece |= 7
	}
	e.told = searchMove{side: side, root: lastTo == 8, iter: iter, remaining: remaining, from: from, to: to,
		piece: piece, newPiece: newPiece, victim: victim, captureSq: captureSq, rookFrom: rookFrom, passed: passed,
		gain: gain, score: score, alphaNow: alphaNow, beta: beta, tableMove: tableMove, rule: rule, made: made}
	return &e.told
}

// quietHook does nothing: a hook embeds it for the points it ignores, and
// the literal search calls it when nothing watches.
type quietHook struct{}

func (quietHook) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) {}
func (quietHook) iterate(iter int, thinkingRoot bool, nodes int)                      {}
func (quietHook) move(m *searchMove) (pruneRule, int)                                 { return m.rule, m.score }
func (quietHook) newBest()                                                            {}
func (quietHook) iterated(best, nodes int)                                            {}
func (quietHook) leave(best, score, nodes int)                                        {}

// hooks is several hooks called in turn: those that decide (the
// laboratory, searchmoves) before those that watch (statistics, tree).
type hooks []searchHook

func (h hooks) each(f func(searchHook)) {
	for _, x := range h {
		f(x)
	}
}

func (h hooks) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) {
	h.each(func(x searchHook) { x.enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes) })
}
func (h hooks) iterate(iter int, root bool, nodes int) {
	h.each(func(x searchHook) { x.iterate(iter, root, nodes) })
}
func (h hooks) move(m *searchMove) (pruneRule, int) {
	h.each(func(x searchHook) { m.rule, m.score = x.move(m) })
	return m.rule, m.score
}
func (h hooks) newBest()                 { h.each(func(x searchHook) { x.newBest() }) }
func (h hooks) iterated(best, nodes int) { h.each(func(x searchHook) { x.iterated(best, nodes) }) }
func (h hooks) leave(best, score, nodes int) {
	h.each(func(x searchHook) { x.leave(best, score, nodes) })
}

// hookFor is the hook of a search under ctl: the laboratory's rules if a
// switch is on, searchmoves, the statistics, the tree and another hook if
// ctl asks for them; nil if none.
func (e *Engine) hookFor(ctl *searchControl) searchHook {
	var h hooks
	if e.lab.active() {
		h = append(h, labRules{e: e})
	}
	if ctl.rootMoves != nil {
		h = append(h, ctl.rootMoves)
	}
	if ctl.stats != nil {
		h = append(h, ctl.stats)
	}
	if ctl.tree != nil {
		h = append(h, ctl.tree)
	}
	if ctl.hook != nil {
		h = append(h, ctl.hook)
	}
	switch len(h) {
	case 0:
		return nil
	case 1:
		return h[0]
	}
	return h
}

// rootMoveSet is UCI's searchmoves: bit bitIndex(to) of set[bitIndex(from)]
// for each root move to be searched. As a hook it cuts the others at the
// root: made but not searched, scored -infinity so that none is played.
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

// maxIter bounds the depth of an iteration (98 or 99 for a mate, +1).
const maxIter = 128

// searchStats counts, per depth, what one search did: the moves it made at
// each iteration depth and what became of them, and the table hits of the
// nodes asked for each depth. At depth 1 only recaptures are made.
type searchStats struct {
	quietHook
	made     [maxIter]int64 // moves made on the board, by iteration depth
	searched [maxIter]int64 // moves made whose reply was searched
	pruned   [maxIter]int64 // moves made and found futile: reply not searched
	nodes    [maxIter]int64 // calls of search, by the depth asked for
	hashHits [maxIter]int64 // ... that resumed from a table entry, skipping iterations
	hashDone [maxIter]int64 // ... whose table entry answered them with no iteration
	probes   int64          // stalemate probes: calls made when every move lost the king

	// prunedBy counts, of the pruned moves, those that a rule of the
	// laboratory (lab.go) or searchmoves cut, by rule; the rest are
	// micro-Max's futile ones.
	prunedBy [numPruneRules][maxIter]int64
}

func (s *searchStats) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) {
	s.nodes[depth&(maxIter-1)]++
	if lastTo == noSquare {
		s.probes++
	}
	if tableDepth > 0 {
		s.hashHits[depth&(maxIter-1)]++
		if tableDepth >= depth {
			s.hashDone[depth&(maxIter-1)]++
		}
	}
}

func (s *searchStats) move(m *searchMove) (pruneRule, int) {
	d := m.iter & (maxIter - 1)
	s.made[d]++
	if m.rule == notPruned {
		s.searched[d]++
	} else {
		s.pruned[d]++
		s.prunedBy[m.rule][d]++
	}
	return m.rule, m.score
}

// lines are the statistics as text, a line per ply numbered as in the
// kibitz lines (micro-Max's depth d is "d-1 ply"; ply 0 is the quiescence
// search): the moves made in iterations of that depth, searched and pruned
// as futile (counted apart, so that the sum checks the count), and the
// nodes asked for that depth with their hash hits. A rule of the laboratory
// (or searchmoves) that cut moves adds a column after "futile" ("+ extended
// N"); "futile" is then micro-Max's own test (with the lab's margin). The
// console mode and CECP print each line after "# ", UCI as an info string.
// Statistics not counted (nil) have no lines.
func (s *searchStats) lines() []string {
	if s == nil {
		return nil
	}
	var used [numPruneRules]bool
	for r := ruleExtended; r < numPruneRules; r++ {
		for d := range s.prunedBy[r] {
			used[r] = used[r] || s.prunedBy[r][d] != 0
		}
	}
	var lines []string
	for d := 1; d < maxIter; d++ {
		if s.searched[d]|s.pruned[d]|s.nodes[d] == 0 {
			continue
		}
		futile := s.pruned[d]
		for r := ruleExtended; r < numPruneRules; r++ {
			futile -= s.prunedBy[r][d]
		}
		line := fmt.Sprintf("%2d ply: moves made %9d = searched %9d + futile %9d", d-1, s.made[d], s.searched[d], futile)
		for r := ruleExtended; r < numPruneRules; r++ {
			if used[r] {
				line += fmt.Sprintf(" + %s %9d", r, s.prunedBy[r][d])
			}
		}
		lines = append(lines, line+fmt.Sprintf("; nodes %9d, hash hits %8d (%d complete)", s.nodes[d], s.hashHits[d], s.hashDone[d]))
	}
	return lines
}
