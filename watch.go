package main

// What watches a search, from outside the core: the instruments, the
// statistics (stats.go), the tree (tree.go), the futility laboratory's
// rules (lab.go) and UCI's searchmoves (rootMoveSet). A watch is the
// search's one hook (hook.go): it keeps the nodes of the calls under way,
// tells each instrument in turn, and returns the verdict of those that
// decide (the laboratory, searchmoves).

// instrument is what watches a search through a watch: it is told of
// every move as a searchMove, and returns the verdict and the score that
// stand (m is the watch's until move returns). One that also watches the
// calls of the search (the statistics, the tree) is a nodeWatcher.
type instrument interface {
	move(m *searchMove) (pruneRule, int)
}

// nodeWatcher is an instrument told of the hook's other five points too.
type nodeWatcher interface {
	instrument
	enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int)
	iterate(iter int, thinkingRoot bool, nodes int)
	newBest()
	iterated(best, nodes int)
	leave(best, score, nodes int)
}

// searchMove is a move a search has made, as an instrument sees it where
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
	eval      int       // e: the node's evaluation, from side's view
	number    int       // how many moves the node made before this one in this iteration
	rule      pruneRule // micro-Max's verdict, or an instrument's
	made      bool      // the move stands on the board (the literal search), else the board is as before it
}

// quietInstrument does nothing: a nodeWatcher embeds it for the points it
// ignores.
type quietInstrument struct{}

func (quietInstrument) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) {}
func (quietInstrument) iterate(iter int, thinkingRoot bool, nodes int)                      {}
func (quietInstrument) move(m *searchMove) (pruneRule, int)                                 { return m.rule, m.score }
func (quietInstrument) newBest()                                                            {}
func (quietInstrument) iterated(best, nodes int)                                            {}
func (quietInstrument) leave(best, score, nodes int)                                        {}

// watch is a search's hook with instruments: those that decide (the
// laboratory, searchmoves) first, then those that only watch.
type watch struct {
	e           *Engine
	instruments []instrument
	watchers    []nodeWatcher // the instruments that watch the calls too
	frames      []watchFrame  // the calls under way, the root first
	told        searchMove    // the move last told
}

// watchFrame is what a move needs to know of the call it is made in.
type watchFrame struct {
	side, beta, epSquare, lastTo, iter int
	eval, made                         int // e, and the moves made in this iteration
}

// watchOf is the hook that tells the instruments given (nil ones left out)
// of e's search, or nil if there are none.
func watchOf(e *Engine, instruments ...instrument) searchHook {
	w := &watch{e: e}
	for _, x := range instruments {
		if x != nil {
			w.instruments = append(w.instruments, x)
		}
		if x, ok := x.(nodeWatcher); ok {
			w.watchers = append(w.watchers, x)
		}
	}
	if len(w.instruments) == 0 {
		return nil
	}
	return w
}

// each tells every nodeWatcher, in turn.
func (w *watch) each(tell func(x nodeWatcher)) {
	for _, x := range w.watchers {
		tell(x)
	}
}

func (w *watch) enter(side, alpha, beta, eval, epSquare, lastTo, depth, tableDepth, nodes int) {
	w.frames = append(w.frames, watchFrame{side: side, beta: beta, epSquare: epSquare, lastTo: lastTo, eval: eval})
	w.each(func(x nodeWatcher) { x.enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes) })
}

func (w *watch) iterate(iter int, thinkingRoot bool, nodes int) {
	w.frames[len(w.frames)-1].iter, w.frames[len(w.frames)-1].made = iter, 0
	w.each(func(x nodeWatcher) { x.iterate(iter, thinkingRoot, nodes) })
}

func (w *watch) newBest()                 { w.each(func(x nodeWatcher) { x.newBest() }) }
func (w *watch) iterated(best, nodes int) { w.each(func(x nodeWatcher) { x.iterated(best, nodes) }) }

func (w *watch) leave(best, score, nodes int) {
	w.each(func(x nodeWatcher) { x.leave(best, score, nodes) })
	w.frames = w.frames[:len(w.frames)-1]
}

// move completes what the search tells of a move into a searchMove, with
// micro-Max's rules (board.go): the depth of the reply, the square of the
// capture, a castling rook's squares, a double step's e.p. square, the
// gain and a promotion.
func (w *watch) move(from, to, piece, victim, score, alphaNow, hashFirst int, rule pruneRule) (pruneRule, int) {
	f := &w.frames[len(w.frames)-1]
	kind := piece & 7
	m := &w.told // filled in field by field: a composite literal would be built aside and copied
	m.side, m.root, m.iter, m.remaining = f.side, f.lastTo == 8, f.iter, f.iter-b2i(to != f.lastTo)
	m.from, m.to, m.piece, m.newPiece, m.victim = from, to, piece, piece|movedBit, victim
	m.captureSq, m.rookFrom, m.passed = captureSquare(kind, to, f.epSquare), noSquare, noSquare
	m.gain, m.score, m.alphaNow, m.beta = 99*pieceValue[victim&7], score, alphaNow, f.beta
	m.tableMove, m.rule, m.made = hashFirst != 0, rule, int(w.e.board[uint8(from)]) != piece
	m.eval, m.number = f.eval, f.made
	f.made++
	if step := to - from; (kind == 4 && (step == 2 || step == -2)) || (kind < 3 && (step == 32 || step == -32)) {
		m.passed = from + step/2 // castling, or a pawn's double step
		if kind == 4 {
			m.rookFrom = castlingCorner(from, step/2)
		}
	}
	if promotes(kind, to) {
		m.newPiece |= 7
		m.gain += promoGain
	}
	for _, x := range w.instruments {
		m.rule, m.score = x.move(m)
	}
	return m.rule, m.score
}

// rootMoveSet is UCI's searchmoves: bit bitIndex(to) of set[bitIndex(from)]
// for each root move to be searched. As an instrument it cuts the others at
// the root: made but not searched, scored -infinity so that none is played.
type rootMoveSet struct {
	set [64]uint64
}

func (r *rootMoveSet) move(m *searchMove) (pruneRule, int) {
	if m.root && r.set[bitIndex(m.from)]&bit(m.to) == 0 {
		return ruleUnlisted, -infinity
	}
	return m.rule, m.score
}

// some is p as an instrument for watchOf, or nil if p is a nil pointer (a
// nil pointer in an interface is not a nil interface).
func some[P interface {
	comparable
	instrument
}](p P) instrument {
	var none P
	if p == none {
		return nil
	}
	return p
}
