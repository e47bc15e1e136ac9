package main

import (
	"cmp"
	"strings"
)

// Legal moves under micro-Max's rules, for the protocol adapters.
//
// micro-Max never lists its moves: search() walks the board and tries
// whatever it finds, and a move turns out illegal when the reply can capture
// the king (or, after castling, can reach the square the king left or the
// squares it passed). The adapters need a list: to read the opponent's
// moves, to see mate and stalemate, and to check a PV read from the hash
// table. The generator below walks the board in search()'s order with the
// rules of board.go (the steps, the double step, castling, e.p., promotion,
// a square attacked); movegen_test.go holds it to micro-Max's own check
// (rootSearch with a pending move) and to the standard perft counts.

// Move is a move between two 0x88 squares. promo is the piece type a pawn
// becomes on the last rank (3 knight, 5 bishop, 6 rook, 7 queen), else 0.
// micro-Max itself only ever promotes to a queen.
type Move struct {
	from, to int
	promo    int
}

// promotionKinds are the piece types a pawn may become, queen first.
var promotionKinds = [4]int{7, 6, 5, 3}

// promotionGain is what a promotion adds to the mover's evaluation, by the
// new piece's type: micro-Max's C (799) for a queen, and for the other pieces
// the material difference with the pawn (99 points a pawn, as pieceValue).
var promotionGain = [8]int{3: 99 * 2, 5: 99 * 2, 6: 99 * 4, 7: promoGain}

// String writes the move in XBoard's coordinate notation: e2e4, e1g1 for
// castling, e7e8q for a promotion.
func (m Move) String() string {
	s := squareName(m.from) + squareName(m.to)
	if m.promo != 0 {
		s += pieceLetters[m.promo : m.promo+1] // the black piece's letter: lower case
	}
	return s
}

// movesText writes moves in coordinate notation (Move.String), separated by
// spaces: a PV as both protocols print it.
func movesText(moves []Move) string {
	words := make([]string, len(moves))
	for i, m := range moves {
		words[i] = m.String()
	}
	return strings.Join(words, " ")
}

// microMaxMove is the move micro-Max means by from-to in this position: a
// pawn that reaches the last rank becomes a queen, the only piece micro-Max
// promotes to.
func (p *Position) microMaxMove(from, to int) Move {
	m := Move{from, to, 0}
	if promotes(int(p.board[from]&7), to) {
		m.promo = 7
	}
	return m
}

// pseudoMoves appends every move the searches would try for the side to
// move, legal or not (the king may be left in check), in their order:
// every piece in scan order, every direction, every square along the ray
// until the ray ends. A promotion is listed once for each piece a pawn can
// become.
func (p *Position) pseudoMoves(moves []Move) []Move {
	b := &p.board
	for _, from := range boardSquares {
		piece := int(b[from])
		if piece&p.side == 0 {
			continue
		}
		kind := piece & 7
		for _, step := range kindSteps[kind] {
			if step == 0 {
				break
			}
			for to := from + step; to&offBoard == 0; to += step {
				victim := int(b[captureSquare(kind, to, p.epSquare)])
				if cannotMove(p.side, kind, from, to, victim) {
					break
				}
				if promotes(kind, to) {
					for _, promo := range promotionKinds {
						moves = append(moves, Move{from, to, promo})
					}
				} else {
					moves = append(moves, Move{from, to, 0})
				}
				if victim != 0 || !continuesRay(b, from, to, step, piece) {
					break
				}
			}
		}
	}
	return moves
}

// kingCapturable reports whether the side to move could capture the other
// king, or, when the last move castled, could reach the square the king
// left, the square it passed (the castled rook's) or the square it went to:
// micro-Max's verdict that the last move was illegal, which the searches
// find in every reply: a king capture, or a move next to the e.p. square
// after castling (castled).
func (p *Position) kingCapturable() bool {
	by, ep := p.side, p.epSquare
	if castled(&p.board, ep) && (attacked(ep-1, by, p.at) || attacked(ep, by, p.at) || attacked(ep+1, by, p.at)) {
		return true // the king castled out of or through check
	}
	king := kingSquare(by^(white|black), p.at)
	return king&offBoard == 0 && attacked(king, by, p.at)
}

// inCheck reports whether the side to move is in check: whether the other
// side, were it to move, could capture the king. This is micro-Max's own
// test for mate against stalemate, a null move with no e.p. square.
func (p *Position) inCheck() bool {
	q := *p
	q.side ^= white | black
	q.epSquare = noSquare
	return q.kingCapturable()
}

// legalMoves returns the moves of the side to move that micro-Max accepts,
// with every promotion piece.
func (p *Position) legalMoves() []Move {
	var legal []Move
	for _, m := range p.pseudoMoves(make([]Move, 0, 64)) {
		if p.keepsKingSafe(m) {
			legal = append(legal, m)
		}
	}
	return legal
}

// keepsKingSafe reports whether m, a pseudo-legal move, leaves the mover's
// king out of the reply's reach: whether it is legal.
func (p *Position) keepsKingSafe(m Move) bool {
	q := *p
	q.makeMove(m)
	return !q.kingCapturable()
}

// hasLegalMove reports whether the side to move has any legal move.
func (p *Position) hasLegalMove() bool { return len(p.legalMoves()) > 0 }

// isLegal reports whether m is one of the legal moves.
func (p *Position) isLegal(m Move) bool {
	for _, l := range p.legalMoves() {
		if l == m {
			return true
		}
	}
	return false
}

// moveEffect is what a move does besides moving its piece.
type moveEffect struct {
	piece     int // u: the piece that moves, as it stands on from
	newPiece  int // the piece on to after the move: moved, and promoted
	victim    int // t: the piece captured (0 if none)
	captureSq int // H: where the victim stands (to, or the square behind to for e.p.)
	rookFrom  int // G: the castling rook's corner, else noSquare
	passed    int // F: the square the king or pawn passes (the next e.p. square; the castled rook's), else noSquare
	gain      int // i: the material won, capture and promotion
}

// effectOf is what the move m does on p besides moving its piece, by
// micro-Max's rules: the capture (e.p.: behind to), castling's rook and
// square passed, a double step's square passed, a promotion (to m.promo, a
// queen if 0). The one place that works them out outside the searches.
func (p *Position) effectOf(m Move) moveEffect {
	b := &p.board
	d := moveEffect{piece: int(b[m.from]), rookFrom: noSquare, passed: noSquare}
	kind := d.piece & 7
	d.captureSq = captureSquare(kind, m.to, p.epSquare)
	d.victim = int(b[d.captureSq])
	d.newPiece, d.gain = d.piece|movedBit, 99*pieceValue[d.victim&7]
	if step := m.to - m.from; kind == 4 && (step == 2 || step == -2) || kind < 3 && (step == 32 || step == -32) {
		d.passed = m.from + step/2 // castling, or a pawn's double step
		if kind == 4 {
			d.rookFrom = castlingCorner(m.from, step/2)
		}
	}
	if promotes(kind, m.to) {
		promo := cmp.Or(m.promo, 7)
		d.newPiece = p.side | promo | movedBit
		d.gain += promotionGain[promo]
	}
	return d
}

// makeMove plays m on the position exactly as search() makes a move at the
// root and leaves it made: the moved bit set, a castling rook placed on the
// square the king passed (with its moved bit clear, as micro-Max does), a
// promotion to m.promo (a queen if 0), the evaluation negated for the new
// side to move less the material won (micro-Max's Q=-e-i: the positional
// part of the move is not kept), and the e.p. square set to the square a
// double step or a castling king passed (effectOf). It does not
// check legality.
func (p *Position) makeMove(m Move) moveEffect {
	b := &p.board
	d := p.effectOf(m)
	b[d.rookFrom], b[d.captureSq], b[m.from] = 0, 0, 0 // rookFrom may be the dummy square
	b[m.to] = int8(d.newPiece)
	if d.rookFrom != noSquare {
		b[d.passed] = int8(p.side + 6)
	}
	p.eval = -p.eval - d.gain
	p.epSquare = d.passed
	p.side ^= white | black
	return d
}

// parseMove reads a move in coordinate notation (e2e4, e7e8q; a promotion
// without a letter is to a queen) and finds it among the legal moves. ok is
// false when the text is no move at all or the move is not legal.
func (p *Position) parseMove(text string) (m Move, ok bool) {
	if len(text) != 4 && len(text) != 5 {
		return Move{}, false
	}
	from, ok1 := parseSquare(text[0:2])
	to, ok2 := parseSquare(text[2:4])
	if !ok1 || !ok2 {
		return Move{}, false
	}
	promo := 0
	if len(text) == 5 {
		if promo = strings.IndexByte(pieceLetters[:8], text[4]|0x20); promo < 3 || promo == 4 {
			return Move{}, false // not n, b, r or q, in either case
		}
	}
	for _, l := range p.legalMoves() {
		if l.from == from && l.to == to && (l.promo == promo || promo == 0 && l.promo == 7) {
			return l, true
		}
	}
	return Move{}, false
}

// squareName writes a 0x88 square as XBoard does: a8 is 0, h1 is 119.
func squareName(sq int) string {
	return string([]byte{byte('a' + sq&7), byte('8' - sq>>4)})
}

// parseSquare reads a square name such as "e4" (16*4+4 = 68).
func parseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, false
	}
	return 16*int('8'-s[1]) + int(s[0]-'a'), true
}

// castlingCorners names the four castling rights of a FEN with the squares
// of the king and the rook they need: e1 and h1 for K, e1 and a1 for Q,
// e8 and h8 for k, e8 and a8 for q.
var castlingCorners = []struct {
	letter       byte
	king, rook   int
	kingP, rookP int8
}{
	{'K', 116, 119, white + 4, white + 6},
	{'Q', 116, 112, white + 4, white + 6},
	{'k', 4, 7, black + 4, black + 6},
	{'q', 4, 0, black + 4, black + 6},
}

// castlingRights returns the castling rights left, one bit each for K, Q, k,
// q: an unmoved king on its square with an unmoved rook in that corner.
func (p *Position) castlingRights() int {
	rights := 0
	for i, k := range castlingCorners {
		if p.board[k.king] == k.kingP && p.board[k.rook] == k.rookP {
			rights |= 1 << i
		}
	}
	return rights
}

// samePosition reports whether two positions are the same for the
// repetition rule: the same pieces on the same squares, the same side to
// move and the same castling rights. (Moved bits otherwise only mark pawns
// off their starting rank, which the squares already tell.)
func samePosition(p, q *Position) bool {
	if p.side != q.side || p.castlingRights() != q.castlingRights() {
		return false
	}
	for _, sq := range boardSquares {
		if p.board[sq]&^movedBit != q.board[sq]&^movedBit {
			return false
		}
	}
	return true
}

// attacked reports whether a piece of side by captures on target, where
// pieceAt tells the piece on each square: along the queen's eight lines the
// first piece met, if it is by's and its type captures that way that far
// (captureDir), and a knight a leap away. A square micro-Max's reply reaches
// with a capture is exactly a square attacked; on the three squares of a
// castling (castled) the reply's pawn pushes count too, but each such push
// comes from a pawn that also attacks one of the three.
func attacked(target, by int, pieceAt func(sq int) int) bool {
	return eachAttacker(target, by, pieceAt, func(int, int) bool { return true })
}

// eachAttacker calls found with the square and piece of each attacker of
// target that attacked finds, in its order, until found returns true; it
// reports whether one did.
func eachAttacker(target, by int, pieceAt func(sq int) int, found func(sq, piece int) bool) bool {
	for _, step := range kindSteps[7][:8] { // the queen's lines
		for sq := target + step; sq&offBoard == 0; sq += step {
			if p := pieceAt(sq); p != 0 {
				if p&by != 0 && captureDir[p&7][uint8(target-sq+119)] != 0 && found(sq, p) {
					return true
				}
				break
			}
		}
	}
	for _, step := range kindSteps[3][:8] { // the knight's leaps
		if sq := target + step; sq&offBoard == 0 {
			if p := pieceAt(sq); p&by != 0 && p&7 == 3 && found(sq, p) {
				return true
			}
		}
	}
	return false
}

// kingSquare is the square of side's king where pieceAt tells the pieces,
// or an off-board square if there is none.
func kingSquare(side int, pieceAt func(sq int) int) int {
	for _, sq := range boardSquares {
		if p := pieceAt(sq); p&7 == 4 && p&side != 0 {
			return sq
		}
	}
	return 8 // off the board
}

// at is the piece on square sq, as attacked and kingSquare read a board.
func (p *Position) at(sq int) int { return int(p.board[uint8(sq)]) }
