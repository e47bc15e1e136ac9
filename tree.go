package main

// -tree: the tree of one root iteration of one search, recorded for a
// picture (treedot.go draws it in Graphviz's DOT language). A treeRecorder
// is a search hook (umax.go): the search calls it at its six points. A
// search asked to record (searchControl.tree) is the literal one
// (search_literal.go), which walks the same tree as the fast one.
//
// What is recorded, for the root's iteration of the ply asked for:
//   - every call of the search (a node) with the move that led to it, the
//     window it received, its depth, the table entry it resumed from, the
//     best score of its last iteration and the score it returned;
//   - of a node's internal iterations (iterative deepening from the depth
//     its table entry holds) only the last is kept whole: the moves it
//     searched (its children) and the moves it made but pruned (stubs, with
//     the rule that cut them). The earlier iterations are summarised in the
//     node (iteration depth, best move and score, nodes, pruned moves) and
//     their subtrees dropped as soon as the next iteration starts;
//   - a node asked for depth 1 (the quiescence search: stand pat,
//     recaptures on the last move's square) is one box: its own moves with
//     their scores, and the nodes and pruned moves of the recaptures below
//     it counted, not kept.
//
// The node counts add up: the nodes of the iteration (the difference of two
// kibitz lines) are the drawn nodes that ran an iteration, plus the nodes of
// the summarised iterations, plus the nodes in the quiescence boxes; and so
// do the pruned moves (treeRecorder.totals).
//
// Beside the tree the recorder keeps its steps (treeStep), for the page's
// stepper: what the search did at the kept nodes, in the order it did it,
// each with the node counter. An earlier iteration of a node is one step,
// as it is one summary in the tree; a quiescence box's steps are its own
// moves and their replies' scores, and, for the stepper only, the calls
// below the box (the replies to its recaptures): they are inner nodes, kept
// beside the tree (treeRecorder.inner), not in it.

import "slices"

// treeRecorder records the tree of one root iteration of one search: the
// iteration micro-Max's kibitz line calls "plies ply" (iteration depth
// plies+1). It is used once.
type treeRecorder struct {
	plies int      // the root iteration to record, numbered as the kibitz lines
	root  Position // the position searched, for the picture's title
	// counters are the root's move counters in its game, for its FEN.
	counters moveCounters

	recording bool // inside that root iteration
	done      bool // the iteration was recorded to its end

	nodes  []treeNode  // the nodes kept, each after its parent, in the order searched
	inner  []treeNode  // the calls inside quiescence boxes, for the stepper's steps only (innerNode)
	stubs  []treeStub  // the pruned moves of the nodes' last iterations
	steps  []treeStep  // what the search did at the nodes kept, in order
	frames []treeFrame // a frame per call of the search now running, the root's first

	firstNode int // the node counter at the root's iteration of the ply asked for (its own count)
	lastNode  int // the node counter at the iteration's end
	counter   int // the node counter at the last point that told it
	pruned    int // moves pruned so far in the iteration, by any rule
	calls     int // calls of the search in the iteration (-stats: "nodes")
	tableHits int // ... that resumed from a table entry (-stats: "hash hits")
	answered  int // ... that the entry answered with no iteration (-stats: "complete")

	names *treeNames // its moves in SAN, for the JSON, once written (treeNames, below)

	// board is the searching engine's board, which the literal search
	// changes as it goes: the recorder reads it for the pawn structure
	// term of a move's evaluation (moveTerms). nil: derived from v.
	board *[256]int8
}

// innerNode is the step node of r.inner[i]: steps name the tree's nodes by
// their index and the inner nodes by -1-i (the JSON numbers them on after
// the tree's: allNodes).
func innerNode(i int) int { return -1 - i }

// nodeAt is the node a step names (innerNode).
func (r *treeRecorder) nodeAt(node int) *treeNode {
	if node < 0 {
		return &r.inner[-1-node]
	}
	return &r.nodes[node]
}

// treeNode is one call of the search in the recorded iteration.
type treeNode struct {
	parent      int        // index of the parent node, -1 for the root (an inner node: its step node, innerNode)
	from, to    int        // the move that led here; noSquare for the root and a stalemate probe
	tableMove   bool       // the parent tried it first, as the best move its table entry held
	side        int        // side to move: white (8) or black (16)
	alpha, beta int        // the window as received (C's q, before its q--, and l)
	eval        int        // the evaluation received (e), from side's view
	depth       int        // the depth asked for (n); the root: the iteration's depth d
	tableDepth  int        // depth of the table entry it resumed from; 0 if none was usable
	epSquare    int        // E: the square its move passed (a double step's, a castling rook's), else noSquare
	quiescence  bool       // asked for depth 1: one box, its own moves listed in moves
	earlier     []treePass // its earlier internal iterations, summarised
	last        treePass   // its last iteration, the one drawn (iter 0: it ran none)
	best        int        // m, its best score, at its return
	score       int        // what it returned: m, plus 1 if m < e (the delayed-loss bonus)
	bestChild   int        // index of the child node whose score was the last iteration's best, or -1
	bestStub    int        // index of the stub whose evaluation was, or -1
	moves       []treeMove // a quiescence box's moves, in the order made
	boxNodes    int        // a quiescence box: the nodes in it, its own and its recaptures'
	boxPruned   int        // a quiescence box: the moves pruned in it
}

// treePass is one iteration of a node: one pass of its iterative-deepening
// loop, which the node counter counts once.
type treePass struct {
	iter     int // iteration depth d; 0: none ran
	best     int // best score m at its end
	from, to int // the move that gave m; noSquare if none (standing pat, or every move lost the king)
	nodes    int // nodes counted in it: its own count and those of its subtree
	pruned   int // moves pruned in it, here and below
}

// treeStub is a move the search made but did not search, and why.
type treeStub struct {
	node     int       // index of the node that pruned it
	from, to int       // the move
	eval     int       // its new evaluation v, from the mover's view
	rule     pruneRule // what cut it
	after    int       // the nodes recorded before it: it was made after its node's children below this index
}

// treeMove is a move of a quiescence box: searched (rule notPruned), with
// the score its reply returned, seen from the box, and the nodes its reply
// counted, or pruned by rule.
type treeMove struct {
	from, to int
	eval     int       // its new evaluation v, from the mover's view
	score    int       // the score the move got (searched moves)
	nodes    int       // the nodes of its reply (searched moves)
	rule     pruneRule // notPruned, or what cut it
}

// stepKind is what a step (treeStep) shows the search doing at a node; the
// comments say what the step's numbers a, b, c, d are.
type stepKind uint8

const (
	stepIterate stepKind = iota // an iteration of depth a begins; its best starts at b (e at depth 1, else -infinity); its scan at c (B), the table's move to d (Y) first if d&noSquare
	stepPass                    // an earlier iteration of depth a ended: best b by the move, c nodes, d moves pruned (its steps dropped)
	stepEnter                   // a call begins: its node has the window, depth, evaluation and table depth
	stepMove                    // a move is made: new evaluation v a (or the score a laboratory rule gave it), alpha f b; rule: searched next, or what cut it; terms: v's parts
	stepReply                   // a quiescence box's move a (index of the box's moves): its reply returned, the move scores b
	stepBest                    // the move gave a new best score a
	stepCut                     // the iteration fails high with best a >= beta: no more moves (a king capture: a >= infinity)
	stepStore                   // the iteration of depth a ends with best b, stored in the table
	stepLeave                   // the call returns: best a, and b, a plus the delayed-loss bonus
	numStepKinds
)

// stepNames are the kinds' names in the JSON of umax steps.
var stepNames = [numStepKinds]string{"iterate", "pass", "enter", "move", "reply", "best", "cut", "store", "leave"}

// treeStep is one step of the recorded iteration, at a node kept in the
// tree: the stepper of the page walks them in order.
type treeStep struct {
	kind       stepKind
	rule       pruneRule // a move: notPruned (its reply is searched next) or what cut it
	table      bool      // a move: the table's best move, tried first
	from, to   uint8     // a move (noSquare: none)
	node       int32     // the node of the tree, or an inner node (innerNode)
	nodes      int32     // the iteration's nodes counted so far, its own count the first
	a, b, c, d int32     // the kind's numbers (stepKind)
	terms      moveTerms // a move: its evaluation v in its terms
}

// moveTerms are the parts of a move's new evaluation v beyond the node's
// e (C: v=b[x+8]-b[y+8] ... v+=e+i): the centre table's points (the piece
// leaves x for y; pawns, knights, bishops and the king), the pawn
// structure's (-9 per undefended square beside it, plus 9), castling's 30,
// the victim's value and a promotion's gain. v = e + their sum.
type moveTerms struct {
	centre, pawns, castling, victim, promotion int16
}

// termsOf splits the evaluation of a move that node, with evaluation
// eval, makes into its terms: from the move, the centre table (the root's
// board: it never changes) and the pawns beside the move's from-square on
// the engine's board; without the board, the pawn term is what is left of
// v (exact unless a laboratory rule gave the move another score).
func (r *treeRecorder) termsOf(m *searchMove, eval int) moveTerms {
	kind := m.piece & 7
	t := moveTerms{victim: int16(99 * pieceValue[m.victim&7])}
	t.promotion = int16(m.gain) - t.victim
	if kind < 6 {
		t.centre = int16(r.root.board[m.from+8]) - int16(r.root.board[m.to+8])
	}
	if m.rookFrom&offBoard == 0 {
		t.castling = 30
	}
	if kind < 3 {
		if r.board != nil {
			undefended := 0
			for _, sq := range []int{m.from - 2, m.from + 2} {
				undefended += b2i(sq&offBoard != 0 || m.at(r.board, sq, true) != m.piece)
			}
			t.pawns = int16(-9 * (undefended - 1))
		} else {
			t.pawns = int16(m.score-eval) - t.centre - t.castling - t.victim - t.promotion
		}
	}
	return t
}

// treeFrame is a call of the search in progress, with what the recorder
// needs until it returns.
type treeFrame struct {
	node    int // its node, or -1: none (outside the iteration, or inside a quiescence box)
	inner   int // inside a quiescence box: its index in the inner nodes, else -1
	box     int // the quiescence box it is part of (its own node, if it is one), or -1
	boxMove int // a recapture of a box: index of the box's move it scores, else -1

	side, alpha, beta, eval, tableDepth int // what the call received

	enterNodes, enterPruned         int      // node counter and pruned moves when it began
	passNodes, passPruned, passStub int      // the same, and the stubs kept, when its iteration began
	passStep, passInner             int      // the index of its iteration's first step, and of its inner nodes
	pass                            treePass // its iteration now running

	move       treeMove // the move last made; its reply's call (if searched) is the next child
	moveScore  int      // the score move got: v, or its reply's score negated
	moveFresh  bool     // move's reply is still to be searched
	movePassed int      // the square move passed (F), the reply's epSquare
	tableMove  bool     // move is the table's best move, tried first
	lastChild  int      // the child node move led to, or -1
	lastStub   int      // the stub move became, or -1
	lastBox    int      // the box's move it became (in a quiescence box), or -1
	bestChild  int      // the child node of the iteration's best move so far, or -1
	bestStub   int      // the stub of the iteration's best move so far, or -1
}

// newTreeRecorder returns a recorder for the root iteration of plies ply of
// a search of root, whose move counters in its game are counters.
func newTreeRecorder(plies int, root Position, counters moveCounters) *treeRecorder {
	return &treeRecorder{plies: plies, root: root, counters: counters}
}

// rootFEN is the FEN of the root, with its move counters.
func (r *treeRecorder) rootFEN() string { return fenWith(&r.root, r.counters) }

// top is the frame of the call running now.
func (r *treeRecorder) top() *treeFrame { return &r.frames[len(r.frames)-1] }

// stepNode is the node whose steps the frame's call records, and whether
// it records any: its tree node, or its inner node.
func (f *treeFrame) stepNode() (int, bool) {
	switch {
	case f.node >= 0:
		return f.node, true
	case f.inner >= 0:
		return innerNode(f.inner), true
	}
	return 0, false
}

// step appends a step at node with the node counter last told.
func (r *treeRecorder) step(s treeStep, node int) {
	s.node, s.nodes = int32(node), int32(r.counter-r.firstNode+1)
	r.steps = append(r.steps, s)
}

// moveStep is a step of kind with the move from-to.
func moveStep(kind stepKind, from, to int) treeStep {
	return treeStep{kind: kind, from: uint8(from), to: uint8(to)}
}

// enter records the start of a call of the search, after its table lookup:
// the side to move, the window as received, the evaluation, the depth asked
// for, the depth of the table entry it resumes from (0: none) and the node
// counter.
func (r *treeRecorder) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	f := treeFrame{node: -1, inner: -1, box: -1, boxMove: -1, side: side, alpha: alpha, beta: beta, eval: eval,
		tableDepth: tableDepth, enterNodes: nodes, enterPruned: r.pruned}
	r.counter = nodes
	if r.recording {
		r.calls++
		if tableDepth > 0 {
			r.tableHits++
			if tableDepth >= depth {
				r.answered++
			}
		}
		parent := r.top()
		move, ep := treeMove{from: noSquare, to: noSquare}, noSquare // no move made: a stalemate probe
		if parent.moveFresh {
			move, ep = parent.move, parent.movePassed
		}
		node := treeNode{from: move.from, to: move.to, tableMove: parent.moveFresh && parent.tableMove, side: side,
			alpha: alpha, beta: beta, eval: eval, depth: depth, tableDepth: tableDepth, epSquare: ep,
			quiescence: depth == 1, bestChild: -1, bestStub: -1}
		switch {
		case parent.box >= 0: // inside a quiescence box: counted there, an inner node for the stepper
			f.box = parent.box
			if parent.node == parent.box && parent.moveFresh {
				f.boxMove = parent.lastBox
			}
			if at, ok := parent.stepNode(); ok {
				node.parent, f.inner = at, len(r.inner)
				r.inner = append(r.inner, node)
				r.step(treeStep{kind: stepEnter}, innerNode(f.inner))
			}
		case parent.node >= 0:
			f.node = len(r.nodes)
			node.parent = parent.node
			r.nodes = append(r.nodes, node)
			if depth == 1 {
				f.box = f.node
			}
			parent.lastChild = f.node
			r.step(treeStep{kind: stepEnter}, f.node)
		}
		parent.moveFresh = false
	}
	r.frames = append(r.frames, f)
	return tableDepth
}

// iterate records the start of an iteration of depth iter of the running
// call; thinkingRoot says the call is the root thinking (not checking a
// move), nodes is the node counter, which has counted the iteration. The
// root's iteration of the ply asked for starts the recording; another
// iteration of a node summarises the one before and drops its subtree.
func (r *treeRecorder) iterate(iter, firstSq, bestTo int, thinkingRoot bool, nodes int) {
	f := r.top()
	r.counter = nodes
	if thinkingRoot && !r.done && !r.recording && iter == r.plies+1 {
		r.recording, r.firstNode = true, nodes
		f.node = 0
		r.nodes = append(r.nodes[:0], treeNode{parent: -1, from: noSquare, to: noSquare, side: f.side,
			alpha: f.alpha, beta: f.beta, eval: f.eval, depth: iter, epSquare: r.root.epSquare, bestChild: -1, bestStub: -1})
		r.stubs, r.steps, r.inner = r.stubs[:0], r.steps[:0], r.inner[:0]
	}
	at, ok := f.stepNode()
	if !r.recording || !ok {
		return
	}
	if f.pass.iter > 0 { // an earlier iteration: keep its summary, drop its subtree
		f.pass.nodes, f.pass.pruned = nodes-f.passNodes, r.pruned-f.passPruned
		if f.node >= 0 {
			r.nodes = r.nodes[:f.node+1]
		}
		r.inner = r.inner[:max(f.passInner, f.inner+1)]
		r.stubs = r.stubs[:f.passStub]
		r.steps = r.steps[:f.passStep]
		n := r.nodeAt(at)
		n.earlier = append(n.earlier, f.pass)
		n.moves = n.moves[:0]
		p := f.pass
		s := moveStep(stepPass, p.from, p.to)
		s.a, s.b, s.c, s.d = int32(p.iter), int32(p.best), int32(p.nodes), int32(p.pruned)
		r.step(s, at)
		r.steps[len(r.steps)-1].nodes-- // the summary stands before this iteration's own count
	}
	f.pass = treePass{iter: iter, from: noSquare, to: noSquare}
	f.passNodes, f.passPruned, f.passStub, f.passStep, f.passInner = nodes, r.pruned, len(r.stubs), len(r.steps), len(r.inner)
	f.bestChild, f.bestStub = -1, -1
	f.moveFresh = false
	start := -infinity // the best before any move: nothing, or at depth 1 standing pat on e
	if iter == 1 {
		start = f.eval
	}
	r.step(treeStep{kind: stepIterate, a: int32(iter), b: int32(start), c: int32(firstSq), d: int32(bestTo)}, at)
}

// move records a move the running call has made, with its new evaluation
// v (from the mover's view), the rule that cut it (notPruned: its reply is
// searched next) and whether it is the table's best move, tried first.
func (r *treeRecorder) move(m *searchMove) (pruneRule, int) {
	if !r.recording {
		return m.rule, m.score
	}
	if m.rule != notPruned {
		r.pruned++
	}
	f := r.top()
	f.move = treeMove{from: m.from, to: m.to, eval: m.score, rule: m.rule}
	f.moveFresh, f.tableMove, f.moveScore, f.movePassed = m.rule == notPruned, m.tableMove, m.score, m.passed
	f.lastChild, f.lastStub, f.lastBox = -1, -1, -1
	if at, ok := f.stepNode(); ok {
		s := moveStep(stepMove, m.from, m.to)
		s.a, s.b, s.rule, s.table = int32(m.score), int32(m.alphaNow), m.rule, m.tableMove
		s.terms = r.termsOf(m, f.eval)
		r.step(s, at)
	}
	switch n := &r.nodes[max(f.node, 0)]; {
	case f.node < 0:
	case n.quiescence:
		n.moves = append(n.moves, f.move)
		f.lastBox = len(n.moves) - 1
	case m.rule != notPruned:
		r.stubs = append(r.stubs, treeStub{node: f.node, from: m.from, to: m.to, eval: m.score, rule: m.rule, after: len(r.nodes)})
		f.lastStub = len(r.stubs) - 1
	}
	return m.rule, m.score
}

// newBest records that the move last made gave the running call a new
// best score.
func (r *treeRecorder) newBest() {
	if !r.recording {
		return
	}
	f := r.top()
	f.pass.from, f.pass.to = f.move.from, f.move.to
	f.bestChild, f.bestStub = f.lastChild, f.lastStub
	if at, ok := f.stepNode(); ok {
		s := moveStep(stepBest, f.move.from, f.move.to)
		s.a = int32(f.moveScore)
		r.step(s, at)
	}
}

// iterated records the end of an iteration of the running call, with its
// best score m and the node counter. The end of the root's recorded
// iteration ends the recording.
func (r *treeRecorder) iterated(best, nodes int) bool {
	r.counter = nodes
	if !r.recording {
		return false
	}
	f := r.top()
	f.pass.best = best
	if best >= infinity { // a king capture (or castling through check) ended it, not the move last best
		f.pass.from, f.pass.to = noSquare, noSquare
		f.bestChild, f.bestStub = -1, -1
	}
	if at, ok := f.stepNode(); ok {
		if best >= f.beta {
			r.step(treeStep{kind: stepCut, a: int32(best)}, at)
		}
		r.step(treeStep{kind: stepStore, a: int32(f.pass.iter), b: int32(best)}, at)
	}
	if len(r.frames) == 1 { // the root
		r.finish(f, best, best, nodes)
		r.lastNode, r.recording, r.done = nodes, false, true
	}
	return false
}

// leave records the return of the running call: its best score m, the
// score it returns, and the node counter.
func (r *treeRecorder) leave(best, score, nodes int) {
	f := *r.top()
	r.frames = r.frames[:len(r.frames)-1]
	r.counter = nodes
	if !r.recording {
		return
	}
	r.finish(&f, best, score, nodes)
	if len(r.frames) > 0 {
		r.top().moveScore = -score // the move that led here scores the reply's score negated
	}
	if at, ok := f.stepNode(); ok {
		r.step(treeStep{kind: stepLeave, a: int32(best), b: int32(score)}, at)
	}
	if f.boxMove >= 0 {
		m := &r.nodes[f.box].moves[f.boxMove]
		m.score, m.nodes = -score, nodes-f.enterNodes
		r.step(treeStep{kind: stepReply, a: int32(f.boxMove), b: int32(-score)}, f.box)
	}
}

// finish completes the node of frame f, if it has one: its best score and
// the score it returned, its last iteration, and a box's counts.
func (r *treeRecorder) finish(f *treeFrame, best, score, nodes int) {
	at, ok := f.stepNode()
	if !ok {
		return
	}
	n := r.nodeAt(at)
	n.best, n.score = best, score
	if f.pass.iter > 0 {
		f.pass.nodes, f.pass.pruned = nodes-f.passNodes+1, r.pruned-f.passPruned
		n.last = f.pass
		n.bestChild, n.bestStub = f.bestChild, f.bestStub
	}
	if n.quiescence {
		n.boxNodes, n.boxPruned = nodes-f.enterNodes, r.pruned-f.enterPruned
	}
}

// treeTotals splits the nodes and the pruned moves of the recorded
// iteration by where the picture shows them.
type treeTotals struct {
	nodes       int // the iteration's nodes, counted by the search (C's N)
	drawn       int // ... one per drawn node that ran an iteration (quiescence boxes not included)
	summarised  int // ... in the summarised earlier iterations of drawn nodes
	inBoxes     int // ... in quiescence boxes
	pruned      int // the moves pruned in the iteration, counted as the search made them
	stubs       int // ... drawn as stubs
	prunedEarly int // ... in the summarised earlier iterations
	prunedBoxes int // ... in quiescence boxes
	drawnNodes  int // calls kept as nodes of the picture (quiescence boxes included, grouped or not)
}

// totals counts the recorded iteration's nodes and pruned moves by where
// the picture shows them; the parts add up to the whole.
func (r *treeRecorder) totals() treeTotals {
	t := treeTotals{nodes: r.lastNode - r.firstNode + 1, pruned: r.pruned, stubs: len(r.stubs), drawnNodes: len(r.nodes)}
	for i := range r.nodes {
		n := &r.nodes[i]
		for _, p := range n.earlier {
			t.summarised += p.nodes
			t.prunedEarly += p.pruned
		}
		switch {
		case n.quiescence:
			t.inBoxes += n.boxNodes
			t.prunedBoxes += n.boxPruned
		case n.last.iter > 0:
			t.drawn++
		}
	}
	return t
}

// The moves of a recorded tree in SAN (san.go), for the page's tree view,
// stepper and diff (treejson.go, treediff.go): each move named in the
// position of the node that made it, when the JSON is written, not during
// the search.
//
// micro-Max makes pseudo-legal moves: a move that leaves its own king
// attacked (or castles out of or through check) is made and searched like
// any other, and refuted when the reply finds the king capturable. Such a
// move has no SAN; it is written as the piece's letter, both squares ("-",
// or "x" for a capture) and illegalMark: "Ke1-e2*", "Bc4xf7*", "O-O*".

// illegalMark ends the name of a move that is not legal in its position.
const illegalMark = "*"

// treeNames names the moves of a recorded tree in SAN, node by node.
type treeNames struct {
	positions []Position    // the position of each node: the root's, with its path's moves made
	named     [][]namedMove // a node's moves named so far

	// pseudo are the pseudo-legal moves (movegen.go) of the node last asked
	// about, pseudoNode: kept for one node, not for each (the trees of the
	// page's deepest iterations have tens of thousands of nodes).
	pseudo     []Move
	pseudoNode int
}

// namedMove is a move of a node with its name.
type namedMove struct {
	from, to int
	name     string
}

// allNodes are the tree's nodes, then the inner nodes (innerNode), their
// parents numbered as jsonNode numbers them: the nodes of the steps' JSON,
// each after its parent.
func (r *treeRecorder) allNodes() []treeNode {
	all := append(r.nodes[:len(r.nodes):len(r.nodes)], r.inner...)
	for i := len(r.nodes); i < len(all); i++ {
		all[i].parent = r.jsonNode(all[i].parent)
	}
	return all
}

// jsonNode numbers a step's node as the steps' JSON does: a node of the
// tree by its index, an inner node after the tree's nodes.
func (r *treeRecorder) jsonNode(node int) int {
	if node < 0 {
		return len(r.nodes) - 1 - node
	}
	return node
}

// treeNodeOf is a step's node, or for an inner node its quiescence box:
// the node of the tree it is in.
func (r *treeRecorder) treeNodeOf(node int) int {
	for node < 0 {
		node = r.inner[-1-node].parent
	}
	return node
}

// moveNames returns the namer of r's moves, made once (r is done): the
// tree's and the inner nodes' (allNodes).
func (r *treeRecorder) moveNames() *treeNames {
	if r.names != nil {
		return r.names
	}
	all := r.allNodes()
	t := &treeNames{positions: make([]Position, len(all)), named: make([][]namedMove, len(all)), pseudoNode: -1}
	for i, n := range all {
		if i == 0 {
			t.positions[0] = r.root
			continue
		}
		p := t.positions[n.parent] // the nodes come after their parents
		if n.from == noSquare {    // a stalemate probe: the other side moves
			p.side ^= white | black
		} else {
			p.makeMove(p.microMaxMove(n.from, n.to))
		}
		t.positions[i] = p
	}
	r.names = t
	return t
}

// move names the move from-to that node makes: SAN if it is legal there,
// else the marked long form; "" for no move (noSquare).
func (t *treeNames) move(node, from, to int) string {
	if from == noSquare {
		return ""
	}
	for _, n := range t.named[node] {
		if n.from == from && n.to == to {
			return n.name
		}
	}
	p := &t.positions[node]
	if t.pseudoNode != node {
		t.pseudo, t.pseudoNode = p.pseudoMoves(t.pseudo[:0]), node
	}
	m := p.microMaxMove(from, to)
	var name string
	if !slices.Contains(t.pseudo, m) || !p.keepsKingSafe(m) {
		name = p.illegalName(m)
	} else {
		// SAN needs of the other legal moves only those of the same piece
		// type to the same square, to tell them apart.
		rivals := []Move{m}
		for _, l := range t.pseudo {
			if l.to == m.to && l.from != m.from && p.board[l.from]&7 == p.board[m.from]&7 && l.promo == m.promo && p.keepsKingSafe(l) {
				rivals = append(rivals, l)
			}
		}
		name = p.san(m, rivals)
	}
	t.named[node] = append(t.named[node], namedMove{from, to, name})
	return name
}

// child names the move that led to node i, in its parent's position ("" for
// the root and a stalemate probe).
func (t *treeNames) child(r *treeRecorder, i int) string {
	if i == 0 {
		return ""
	}
	n := &r.nodes[i]
	return t.move(n.parent, n.from, n.to)
}

// illegalName writes m, a pseudo-legal move that is not legal, as the
// piece's letter (none for a pawn), its squares joined by "-" or by "x"
// for a capture, "=Q" for a promotion, and illegalMark; castling as O-O or
// O-O-O and the mark.
func (p *Position) illegalName(m Move) string {
	kind := int(p.board[m.from] & 7)
	after := *p
	d := after.makeMove(m)
	if s := castling(d); s != "" {
		return s + illegalMark
	}
	s := squareName(m.from) + "-"
	if kind >= 3 {
		s = sanLetter(kind) + s
	}
	if d.victim != 0 {
		s = s[:len(s)-1] + "x"
	}
	s += squareName(m.to)
	if m.promo != 0 {
		s += "=" + sanLetter(m.promo)
	}
	return s + illegalMark
}
