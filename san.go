package main

// Standard Algebraic Notation, for the browser page's move list and PGN:
// written from the engine's own legal moves (movegen.go), so that the page
// needs no chess library of its own (the moves of the trees the page shows,
// legal or not, are tree.go's treeNames).

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
	s := castling(d)
	switch {
	case s != "": // castling
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

// castling is castling's SAN for a move of effect d: O-O or O-O-O, or ""
// for a move that does not castle.
func castling(d moveEffect) string {
	switch {
	case d.rookFrom == noSquare:
		return ""
	case d.rookFrom&7 == 7:
		return "O-O"
	}
	return "O-O-O"
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
