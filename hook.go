package main

// The hook: what watches a search, told at each point of micro-Max's D()
// (the literal search calls it unconditionally, the fast search only while
// something watches), and what may decide whether a move's reply is
// searched. Not in micro-Max. Several hooks may watch one search (hookList);
// while none does, the literal search calls quietHook, doing nothing.

// searchHook is told what a search does, and may decide one thing: whether
// the reply to a move is searched.
type searchHook interface {
	// enter: a call of the search begins, after its table lookup: the side
	// to move, the window as received (alpha before micro-Max's q--), the
	// evaluation, the previous move's destination (8: the root; noSquare: a
	// stalemate probe), the depth asked for, the depth of the table entry
	// it resumes from (0: none usable) and the node counter. It returns the
	// depth the call resumes from: tableDepth, or 0 to iterate from scratch
	// (for a hook whose verdicts make scores that the table cannot tell
	// apart).
	enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int
	// iterate: an iteration of depth iter begins (the node counter counted
	// it), its board scan starting at firstSq with the table's move to bestTo
	// first (if bestTo&noSquare); thinkingRoot: the call is the root
	// thinking, not checking a move.
	iterate(iter, firstSq, bestTo int, thinkingRoot bool, nodes int)
	// move: the call has made the move m (m.made: it stands on the board),
	// or is about to make it. It returns the verdict (m.rule: micro-Max's)
	// and the move's score (m.score) that stand. m is the search's until
	// move returns.
	move(m *searchMove) (pruneRule, int)
	// newBest: the move last told gave the call a new best score.
	newBest()
	// iterated: an iteration ends with best score best. true asks for the
	// same iteration again, its best move tried first.
	iterated(best, nodes int) (again bool)
	// leave: the call returns score: best plus the delayed-loss bonus, or
	// beta where the root has found its pending move legal and leaves it
	// made. Every enter has its leave, but for a call that a stop abandons.
	leave(best, score, nodes int)
}

// searchMove is a move a search has made, as a hook sees it where
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
	rule      pruneRule // micro-Max's verdict, or a hook's before this one
	made      bool      // the move stands on the board (the literal search), else the board is as before it
	indexKey  int32     // J: the node's keys, from which the reply's follow (moveKeys)
	lockKey   int32     // Z
}

// tell tells e's hook of the move m, kept in e.told (nothing is allocated
// per move), and returns the verdict and the score that stand.
func (e *Engine) tell(m searchMove) (pruneRule, int) {
	e.told = m
	return e.hook.move(&e.told)
}

// pruneRule names what cut a move whose reply the search did not search.
// micro-Max has one rule; hooks that prune number their own after it.
type pruneRule uint8

const (
	notPruned    pruneRule = iota // the reply is searched
	ruleFutility                  // micro-Max 4.1's futility pruning: one ply left, and the move cannot raise alpha
)

// hookList is several hooks watching one search: each is told in turn, in
// the list's order, and a move's verdict and score pass from each to the
// next (m.rule, m.score): those that decide come first.
type hookList []searchHook

// hookOf is the hook of a search that rules (if not nil) and then each of
// hooks watch: nil if none does.
func hookOf(rules searchHook, hooks []searchHook) searchHook {
	if rules != nil {
		hooks = append(hookList{rules}, hooks...)
	}
	switch len(hooks) {
	case 0:
		return nil
	case 1:
		return hooks[0]
	}
	return hookList(hooks)
}

// each tells every hook of the list, in turn.
func (l hookList) each(tell func(h searchHook)) {
	for _, h := range l {
		tell(h)
	}
}

func (l hookList) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	l.each(func(h searchHook) { tableDepth = h.enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes) })
	return tableDepth
}
func (l hookList) iterate(iter, firstSq, bestTo int, thinkingRoot bool, nodes int) {
	l.each(func(h searchHook) { h.iterate(iter, firstSq, bestTo, thinkingRoot, nodes) })
}
func (l hookList) move(m *searchMove) (pruneRule, int) {
	l.each(func(h searchHook) { m.rule, m.score = h.move(m) })
	return m.rule, m.score
}
func (l hookList) newBest() { l.each(func(h searchHook) { h.newBest() }) }
func (l hookList) iterated(best, nodes int) (again bool) {
	l.each(func(h searchHook) { again = h.iterated(best, nodes) || again })
	return again
}
func (l hookList) leave(best, score, nodes int) {
	l.each(func(h searchHook) { h.leave(best, score, nodes) })
}

// quietHook does nothing: the literal search calls it when nothing watches,
// and a hook embeds it for the points it ignores.
type quietHook struct{}

func (quietHook) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	return tableDepth
}
func (quietHook) iterate(iter, firstSq, bestTo int, thinkingRoot bool, nodes int) {}
func (quietHook) move(m *searchMove) (pruneRule, int)                             { return m.rule, m.score }
func (quietHook) newBest()                                                        {}
func (quietHook) iterated(best, nodes int) bool                                   { return false }
func (quietHook) leave(best, score, nodes int)                                    {}
