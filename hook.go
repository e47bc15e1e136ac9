package main

// The hook: how what watches a search plugs into it. micro-Max has none.
// Both searches call a hook at the same six points of every call of D(),
// with the same arguments, so that what watches one sees the other's tree:
// the statistics of -stats, the tree of -tree, the futility laboratory's
// rules and UCI's searchmoves (watch.go gathers them). While nothing
// watches (e.hook == nil) the fast search skips the six calls, and the
// literal search calls quietHook, which does nothing.

// searchHook is told what a search does, and may decide one thing: whether
// the reply to a move is searched.
type searchHook interface {
	// enter: a call of the search begins, after its table lookup: the side
	// to move, the window as received (alpha before micro-Max's q--), the
	// evaluation, the e.p. square, the previous move's destination (8: the
	// root; noSquare: a stalemate probe), the depth asked for, the depth of
	// the table entry it resumes from (0: none usable) and the node counter.
	enter(side, alpha, beta, eval, epSquare, lastTo, depth, tableDepth, nodes int)
	// iterate: an iteration of depth iter begins (the node counter counted
	// it); thinkingRoot: the call is the root thinking, not checking a move.
	iterate(iter int, thinkingRoot bool, nodes int)
	// move: the call has the move from-to of piece, capturing victim (0:
	// none), with new evaluation score (C's v, from the mover's view),
	// alpha raised to the best score alphaNow (f), hashFirst (h) not 0 if
	// it is the table's move tried first, and micro-Max's verdict rule
	// (notPruned: the reply is searched next; ruleFutility). The literal
	// search has made the move on the board, the fast search not yet. It
	// returns the verdict and the move's score that stand.
	move(from, to, piece, victim, score, alphaNow, hashFirst int, rule pruneRule) (pruneRule, int)
	// newBest: the move last told gave the call a new best score.
	newBest()
	// iterated: an iteration ends with best score best.
	iterated(best, nodes int)
	// leave: the call returns score: best plus the delayed-loss bonus.
	leave(best, score, nodes int)
}

// pruneRule names what cut a move whose reply the search did not search.
// micro-Max has one rule; the laboratory (lab.go) numbers its own after it.
type pruneRule uint8

const (
	notPruned    pruneRule = iota // the reply is searched
	ruleFutility                  // micro-Max 4.1's futility pruning: one ply left, and the move cannot raise alpha
)

// quietHook does nothing: the literal search calls it when nothing watches.
type quietHook struct{}

func (quietHook) enter(side, alpha, beta, eval, epSquare, lastTo, depth, tableDepth, nodes int) {}
func (quietHook) iterate(iter int, thinkingRoot bool, nodes int)                                {}
func (quietHook) move(from, to, piece, victim, score, alphaNow, hashFirst int, rule pruneRule) (pruneRule, int) {
	return rule, score
}
func (quietHook) newBest()                     {}
func (quietHook) iterated(best, nodes int)     {}
func (quietHook) leave(best, score, nodes int) {}
