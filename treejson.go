package main

// The tree of -tree (tree.go) as JSON, for the browser page's tree view
// (web/app.js): the same recording that treedot.go draws, written as data
// so that the page can open it a node at a time. The engine writes it by
// hand, a few lines of strconv, rather than with encoding/json, which
// would add half a megabyte to the page's umax.wasm.
//
// The object (one line):
//
//	{"plies":3, "fen":"...", "side":"b", "caption":"...",
//	 "nodes":N, "drawn":..., "summarised":..., "inBoxes":...,      the iteration's nodes and where they are
//	 "pruned":..., "cut":..., "prunedEarly":..., "prunedBoxes":..., the pruned moves and where they are
//	 "calls":..., "tableHits":..., "answered":...,                  calls of the search, and the table's part
//	 "tree":[node, ...], "stubs":[stub, ...]}
//
// A node is one call of the search, in the order searched, each after its
// parent (the root first):
//
//	{"parent":-1, "move":"e7e5" ("" for the root and a stalemate probe), "san":"e5",
//	 "tableMove":true, "side":"w", "alpha":..., "beta":..., "eval":..., "depth":n,
//	 "tableDepth":..., "qs":true (a quiescence box), "earlier":[pass...], "last":pass,
//	 "best":m, "score":..., "bestChild":i, "bestStub":j, "line":true (on the best line),
//	 "total":nodes in it and below, "box":[boxmove...], "boxPruned":...}
//
// A pass is an iteration [d, m, "move", nodes, pruned, "san"] (tree.go's
// treePass); a stub a move made and not searched, {"node":i, "move":...,
// "san":..., "eval":v, "rule":"futile", "after":k}: it was made after the node's
// children whose index is below k; a box move ["move", v, score, "rule",
// nodes, "san"] (rule "searched" for a recapture that was searched, score then its
// score and nodes its reply's nodes). Every move is written twice: "move"
// in coordinates, "san" in SAN in the position of the node that made it,
// or, for a move that is not legal there, in the marked form of tree.go
// ("Ke1-e2*"). The scores are micro-Max's, 99 to a pawn, from the view of the
// side to move at the node; a move's v is from the mover's view.
//
// The counts add up as the picture's title says: nodes = drawn +
// summarised + inBoxes, and for every node that ran an iteration, the
// nodes of its last pass are one (its own) plus the totals of the children
// it searched in that pass.

// The steps of the iteration (tree.go's treeStep), for the page's stepper,
// are another object (umax steps):
//
//	{"plies":3, "fen":"...", "nodes":N, "boards":["FEN of node 0", ...], "eps":[E of node 0, ...],
//	 "inner":[node, ...], "steps":[step, ...]}
//
// The nodes of the steps are the tree's, numbered as in umax tree, and
// then the inner nodes: the calls inside the quiescence boxes (the replies
// to a box's recaptures, and theirs), which the tree counts in its boxes
// and the stepper steps through. inner lists them, node i of the steps
// being inner[i - len(tree)], each as a node of the tree is written
// (without the tree's totals and marks), its parent a node of the steps.
// boards[i] is the position of node i: the root's with the moves of its
// path made (a stalemate probe: its parent's, the other side to move);
// eps[i] its e.p. square E as micro-Max has it (the square its move passed:
// a double step's, or a castling rook's; 128: none), as 0x88 numbers. A
// step is an array: its kind, its node, the iteration's nodes counted so
// far, then the kind's numbers (tree.go's stepKind), and a step with a
// move ends with its SAN (san.go):
//
//	["iterate", node, nodes, d, m, B, Y]     an iteration begins; m: the best before any move; its scan starts at
//	                                         square B (0x88), the table's move to Y&~128 first if Y&128
//	["pass", node, nodes, d, m, "move", nodes, pruned, "san"]  an earlier iteration, summarised
//	["enter", node, nodes]                   a call begins (the node has what it received)
//	["move", node, nodes, "e2e4", v, f, "rule", table, [centre, pawns, castling, victim, promotion], "e4"]
//	                                         a move made; rule "searched": its reply is next; v = e + the terms (tree.go's moveTerms)
//	["reply", node, nodes, k, score]         a quiescence box's move k: its reply returned
//	["best", node, nodes, m, "move", "san"]  a new best
//	["cut", node, nodes, m]                  a fail high (m >= beta) ends the iteration's moves
//	["store", node, nodes, d, m]             the iteration ends, its best stored in the table
//	["leave", node, nodes, m, score]         the call returns score (m plus the delayed-loss bonus)

import (
	"bufio"
	"errors"
	"io"
	"strconv"
)

// writeJSON writes the recorded iteration as JSON (see the top of the
// file) on one line, without a newline; caption names the search (as the
// picture's title does).
func (r *treeRecorder) writeJSON(w io.Writer, caption string) error {
	if !r.done {
		return errors.New("the search did not finish the iteration to record")
	}
	j := &jsonWriter{w: bufio.NewWriter(w)}
	t := r.totals()
	onLine := r.bestLine()
	names := r.moveNames()
	j.raw("{")
	j.field("plies").number(r.plies)
	j.field("fen").str(r.rootFEN())
	j.field("side").str(sideLetter(r.root.side))
	j.field("caption").str(caption)
	for _, c := range []struct {
		name  string
		value int
	}{{"nodes", t.nodes}, {"drawn", t.drawn}, {"summarised", t.summarised}, {"inBoxes", t.inBoxes},
		{"pruned", t.pruned}, {"cut", t.stubs}, {"prunedEarly", t.prunedEarly}, {"prunedBoxes", t.prunedBoxes},
		{"calls", r.calls}, {"tableHits", r.tableHits}, {"answered", r.answered}} {
		j.field(c.name).number(c.value)
	}
	j.field("tree").raw("[")
	for i := range r.nodes {
		if i > 0 {
			j.raw(",")
		}
		r.writeNodeJSON(j, i, onLine[i], names)
	}
	j.raw("]")
	j.field("stubs").raw("[")
	for i, s := range r.stubs {
		if i > 0 {
			j.raw(",")
		}
		j.raw("{")
		j.field("node").number(s.node)
		j.field("move").str(treeMoveName(s.from, s.to))
		j.field("san").str(names.move(s.node, s.from, s.to))
		j.field("eval").number(s.eval)
		j.field("rule").str(s.rule.String())
		j.field("after").number(s.after)
		j.raw("}")
	}
	j.raw("]}")
	return j.w.Flush()
}

// writeStepsJSON writes the steps of the recorded iteration as JSON (see
// the top of the file) on one line, without a newline.
func (r *treeRecorder) writeStepsJSON(w io.Writer) error {
	if !r.done {
		return errors.New("the search did not finish the iteration to record")
	}
	j := &jsonWriter{w: bufio.NewWriter(w)}
	j.raw("{")
	j.field("plies").number(r.plies)
	j.field("fen").str(r.rootFEN())
	j.field("nodes").number(r.totals().nodes)
	j.field("boards").strings(r.boards())
	j.field("eps").raw("[")
	for i, n := range r.allNodes() {
		if i > 0 {
			j.raw(",")
		}
		j.number(n.epSquare)
	}
	j.raw("]")
	names := r.moveNames()
	j.field("inner").raw("[")
	for i := range r.inner {
		if i > 0 {
			j.raw(",")
		}
		r.writeInnerJSON(j, i, names)
	}
	j.raw("]")
	j.field("steps").raw("[")
	for i, s := range r.steps {
		if i > 0 {
			j.raw(",")
		}
		j.step(s, r)
	}
	j.raw("]}")
	return j.w.Flush()
}

// boards are the FENs of the nodes' positions: the root's, with the moves
// of each node's path made, and the move counters going on from the
// root's (a stalemate probe counts as a move that changes nothing).
func (r *treeRecorder) boards() []string {
	all := r.allNodes()
	positions := r.moveNames().positions // each node's position (the tree's with its path's moves made)
	fens := make([]string, len(all))
	counters := make([]moveCounters, len(all))
	for i, n := range all {
		c := r.counters
		if i > 0 {
			p := &positions[n.parent]
			c = counters[n.parent]
			if n.from == noSquare { // a stalemate probe: the other side moves
				c = moveCounters{halfmove: c.halfmove + 1, fullmove: c.fullmove + b2i(p.side == black)}
			} else {
				c = c.after(p, Move{from: n.from, to: n.to})
			}
		}
		counters[i] = c
		fens[i] = fenWith(&positions[i], c)
	}
	return fens
}

// step writes a step of the stepper as an array (see the top of the file),
// its node numbered as the JSON numbers it (jsonNode), its move also in SAN, last.
func (j *jsonWriter) step(s treeStep, r *treeRecorder) *jsonWriter {
	node := r.jsonNode(int(s.node))
	j.raw("[").str(stepNames[s.kind]).raw(",").number(node).raw(",").number(int(s.nodes))
	move := treeMoveName(int(s.from), int(s.to))
	switch s.kind {
	case stepIterate:
		j.raw(",").number(int(s.a)).raw(",").number(int(s.b)).raw(",").number(int(s.c)).raw(",").number(int(s.d))
	case stepReply, stepStore, stepLeave:
		j.raw(",").number(int(s.a)).raw(",").number(int(s.b))
	case stepPass:
		j.raw(",").number(int(s.a)).raw(",").number(int(s.b)).raw(",").str(move).raw(",").number(int(s.c)).raw(",").number(int(s.d))
	case stepMove:
		t := s.terms
		j.raw(",").str(move).raw(",").number(int(s.a)).raw(",").number(int(s.b)).raw(",").str(s.rule.String()).raw(",").boolean(s.table)
		j.raw(",[").number(int(t.centre)).raw(",").number(int(t.pawns)).raw(",").number(int(t.castling)).raw(",").
			number(int(t.victim)).raw(",").number(int(t.promotion)).raw("]")
	case stepBest:
		j.raw(",").number(int(s.a)).raw(",").str(move)
	case stepCut:
		j.raw(",").number(int(s.a))
	}
	if s.kind == stepPass || s.kind == stepMove || s.kind == stepBest {
		j.raw(",").str(r.moveNames().move(node, int(s.from), int(s.to)))
	}
	return j.raw("]")
}

// writeInnerJSON writes inner node i (tree.go's innerNode) as a node of
// the tree is written, with what the stepper reads of it: its parent (a
// node of the steps), move, window, depth, evaluation, table depth, last
// iteration, best and score.
func (r *treeRecorder) writeInnerJSON(j *jsonWriter, i int, names *treeNames) {
	n := &r.inner[i]
	node := len(r.nodes) + i
	parent := r.jsonNode(n.parent)
	j.nodeHead(n, parent, names.move(parent, n.from, n.to))
	j.field("inner").boolean(true)
	j.field("last").pass(n.last, names.move(node, n.last.from, n.last.to))
	j.field("best").number(n.best)
	j.field("score").number(n.score)
	j.raw("}")
}

// nodeHead opens a node's object with what every node of the tree and
// every inner node says: its parent (a node of the JSON), move (also in
// SAN), side, window, evaluation, depth, table depth and whether it is a
// quiescence search.
func (j *jsonWriter) nodeHead(n *treeNode, parent int, san string) {
	j.raw("{")
	j.field("parent").number(parent)
	j.field("move").str(treeMoveName(n.from, n.to))
	j.field("san").str(san)
	j.field("tableMove").boolean(n.tableMove)
	j.field("side").str(sideLetter(n.side))
	j.field("alpha").number(n.alpha)
	j.field("beta").number(n.beta)
	j.field("eval").number(n.eval)
	j.field("depth").number(n.depth)
	j.field("tableDepth").number(n.tableDepth)
	j.field("qs").boolean(n.quiescence)
}

// writeSourceJSON writes the literal search's source as the program holds
// it, with the lines each part of a step lights (stepsource.go) and those
// each event of the board scan lights, and lab.go with the lines of each
// laboratory rule's test and its margins, on one line:
//
//	{"file":"search_literal.go", "text":"...", "lines":{"enter":[76, ...], ...},
//	 "scan":{"scan-square":[...], ...},
//	 "lab":{"file":"lab.go", "text":"...", "lines":{"aggressive":[...], ...}, "margins":{"aggressive":50, ...}}}
func writeSourceJSON(w io.Writer) error {
	j := &jsonWriter{w: bufio.NewWriter(w)}
	parts := func(lines map[string][]int, table []sourcePart) {
		j.raw("{")
		for _, p := range table {
			j.field(p.part).raw("[")
			for i, n := range lines[p.part] {
				if i > 0 {
					j.raw(",")
				}
				j.number(n)
			}
			j.raw("]")
		}
		j.raw("}")
	}
	j.raw("{")
	j.field("file").str("search_literal.go")
	j.field("text").str(literalSource)
	j.field("lines")
	parts(stepSourceLines(literalSource), stepSource)
	j.field("scan")
	parts(sourceLines(literalSource, scanSource), scanSource)
	j.field("lab").raw("{")
	j.field("file").str("lab.go")
	j.field("text").str(labSource)
	j.field("lines")
	parts(sourceLines(labSource, labRuleSource), labRuleSource)
	j.field("margins").raw("{")
	for _, m := range labMargins {
		j.field(m.name).number(m.value)
	}
	j.raw("}}}")
	return j.w.Flush()
}

// writeNodeJSON writes node i of the tree, its moves also in SAN (names);
// onLine says it is on the best line.
func (r *treeRecorder) writeNodeJSON(j *jsonWriter, i int, onLine bool, names *treeNames) {
	n := &r.nodes[i]
	j.nodeHead(n, n.parent, names.child(r, i))
	j.field("earlier").raw("[")
	for k, p := range n.earlier {
		if k > 0 {
			j.raw(",")
		}
		j.pass(p, names.move(i, p.from, p.to))
	}
	j.raw("]")
	j.field("last").pass(n.last, names.move(i, n.last.from, n.last.to))
	j.field("best").number(n.best)
	j.field("score").number(n.score)
	j.field("bestChild").number(n.bestChild)
	j.field("bestStub").number(n.bestStub)
	j.field("line").boolean(onLine)
	j.field("total").number(n.totalNodes())
	if n.quiescence {
		j.field("box").raw("[")
		for k, m := range n.moves {
			if k > 0 {
				j.raw(",")
			}
			j.raw("[").str(treeMoveName(m.from, m.to)).raw(",").number(m.eval).raw(",").number(m.score).raw(",").str(m.rule.String()).
				raw(",").number(m.nodes).raw(",").str(names.move(i, m.from, m.to)).raw("]")
		}
		j.raw("]")
		j.field("boxPruned").number(n.boxPruned)
	}
	j.raw("}")
}

// totalNodes is the nodes the search counted in a node and below it: a
// quiescence box's, or the node's iterations', earlier and last.
func (n *treeNode) totalNodes() int {
	if n.quiescence {
		return n.boxNodes
	}
	total := n.last.nodes
	for _, p := range n.earlier {
		total += p.nodes
	}
	return total
}

// treeMoveName names a move of the tree, or "" for none (the root, a
// stalemate probe, a pass that found no best move).
func treeMoveName(from, to int) string {
	if from == noSquare {
		return ""
	}
	return moveName(from, to)
}

// jsonWriter writes JSON a piece at a time; the first write error sticks
// and the rest do nothing (the buffered writer keeps it for Flush).
type jsonWriter struct {
	w     *bufio.Writer
	comma bool // a field was written in the object now open
}

// raw writes JSON text as it is; an opening brace starts a new object.
func (j *jsonWriter) raw(s string) *jsonWriter {
	j.w.WriteString(s)
	if s != "" && s[len(s)-1] == '{' {
		j.comma = false
	}
	return j
}

// field writes an object's key and its colon, after a comma if needed.
func (j *jsonWriter) field(name string) *jsonWriter {
	if j.comma {
		j.w.WriteByte(',')
	}
	j.comma = true
	return j.str(name).raw(":")
}

// number writes an integer.
func (j *jsonWriter) number(n int) *jsonWriter {
	j.w.WriteString(strconv.Itoa(n))
	return j
}

// boolean writes true or false.
func (j *jsonWriter) boolean(b bool) *jsonWriter {
	return j.raw(strconv.FormatBool(b))
}

// str writes a string: quoted, with quotes, backslashes and control
// characters escaped (the engine's strings are ASCII).
func (j *jsonWriter) str(s string) *jsonWriter {
	j.w.WriteString(jsonQuote(s))
	return j
}

// strings writes an array of strings.
func (j *jsonWriter) strings(list []string) *jsonWriter {
	j.raw("[")
	for i, s := range list {
		if i > 0 {
			j.raw(",")
		}
		j.str(s)
	}
	return j.raw("]")
}

// pass writes an iteration of a node: [d, m, "move", nodes, pruned, "san"].
func (j *jsonWriter) pass(p treePass, san string) *jsonWriter {
	return j.raw("[").number(p.iter).raw(",").number(p.best).raw(",").str(treeMoveName(p.from, p.to)).raw(",").
		number(p.nodes).raw(",").number(p.pruned).raw(",").str(san).raw("]")
}

// jsonQuote returns s as a JSON string.
func jsonQuote(s string) string {
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < ' ' || c == 0x7f:
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			b = append(b, c)
		}
	}
	return string(append(b, '"'))
}
