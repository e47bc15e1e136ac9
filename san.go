package main

// Standard Algebraic Notation, for the browser page's move list and PGN:
// written from the engine's own legal moves (movegen.go), so that the page
// needs no chess library of its own; and the moves of the trees the page
// shows, legal or not (treeNames, below).

import (
	"slices"
	"strings"
)

// sanLetter is the SAN letter of a piece type (3 knight, 4 king, 5 bishop,
// 6 rook, 7 queen): micro-Max's letter of the white piece. A pawn has none.
func sanLetter(kind int) string { return pieceLetters[white+kind : white+kind+1] }

// san writes m, a legal move of the position, in SAN: the piece letter,
// as much of the from-square as tells it from the other moves of that
// piece type to the same square, "x" for a capture (e.p. too), the
// destination, "=Q" for a promotion, and "+" or "#" for check or mate;
// castling is O-O or O-O-O. legal is the position's legal moves.
func (p *Position) san(m Move, legal []Move) string {
	piece := int(p.board[m.from])
	kind := piece & 7
	after := *p
	d := after.makeMove(m)
	s := ""
	switch {
	case d.rookFrom != noSquare && d.rookFrom&7 == 7:
		s = "O-O"
	case d.rookFrom != noSquare:
		s = "O-O-O"
	case kind < 3: // a pawn: the file it leaves when it captures
		if d.victim != 0 {
			s = squareName(m.from)[:1] + "x"
		}
		s += squareName(m.to)
		if m.promo != 0 {
			s += "=" + sanLetter(m.promo)
		}
	default:
		s = sanLetter(kind) + p.disambiguation(m, legal)
		if d.victim != 0 {
			s += "x"
		}
		s += squareName(m.to)
	}
	if after.inCheck() {
		if after.hasLegalMove() {
			return s + "+"
		}
		return s + "#"
	}
	return s
}

// disambiguation is what SAN adds after a piece's letter when another piece
// of the same type can go to the same square: the from-square's file if it
// tells them apart, else its rank, else both.
func (p *Position) disambiguation(m Move, legal []Move) string {
	kind := p.board[m.from] & 7
	sameFile, sameRank, others := false, false, false
	for _, l := range legal {
		if l.to != m.to || l.from == m.from || p.board[l.from]&7 != kind {
			continue
		}
		others = true
		sameFile = sameFile || l.from&7 == m.from&7
		sameRank = sameRank || l.from>>4 == m.from>>4
	}
	name := squareName(m.from)
	switch {
	case !others:
		return ""
	case !sameFile:
		return name[:1]
	case !sameRank:
		return name[1:]
	}
	return name
}

// The moves of a recorded tree (tree.go) in SAN too, for the page's tree view,
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

// moveNames returns the namer of r's moves, made once (r is done).
func (r *treeRecorder) moveNames() *treeNames {
	if r.names != nil {
		return r.names
	}
	t := &treeNames{positions: make([]Position, len(r.nodes)), named: make([][]namedMove, len(r.nodes)), pseudoNode: -1}
	for i, n := range r.nodes {
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
	switch {
	case d.rookFrom != noSquare && d.rookFrom&7 == 7:
		return "O-O" + illegalMark
	case d.rookFrom != noSquare:
		return "O-O-O" + illegalMark
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

// path is the moves from the root to node i in SAN, "(probe)" for a
// stalemate probe's pass (treediff.go's path writes them in coordinates).
func (t *treeNames) path(r *treeRecorder, i int) string {
	var moves []string
	for ; i > 0; i = r.nodes[i].parent {
		name := t.child(r, i)
		if name == "" {
			name = "(probe)"
		}
		moves = append([]string{name}, moves...)
	}
	return strings.Join(moves, " ")
}
