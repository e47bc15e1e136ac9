package main

import "io"

// The board beyond micro-Max's globals (umax.go): the initial position and
// the centre table as main() sets them up, the board printed, square names,
// castling rights, and the rules of micro-Max that the code outside the
// literal search needs.

// newGame sets up the initial position as micro-Max's main() does.
func newGame() Position {
	var p Position
	for file := 7; file >= 0; file-- {
		p.board[file+112] = int8(steps[file+24] + white) // white back rank
		p.board[file] = int8(steps[file+24] + black)     // black back rank
		p.board[file+16] = black + 2                     // black pawns
		p.board[file+96] = white + 1                     // white pawns
	}
	setCentre(&p.board)
	p.side = white
	p.epSquare = 0 // micro-Max's O starts at 0 (a8), which no first move can use
	return p
}

// setCentre writes micro-Max's centre table into the right half of the
// board: board[s+8] is the squared distance of square s from the centre,
// (file-4)^2 + (rank-3.5)^2 truncated to an integer like C's double-to-char
// (0 on e4 and e5, 28 in the a-file corners).
func setCentre(b *[256]int8) {
	for _, sq := range boardSquares {
		df, dr := float64(sq&7-4), float64(sq>>4)-3.5 // file and rank
		b[sq+8] = int8(df*df + dr*dr)
	}
}

// print writes the board as micro-Max does: " %c" per square, rank 8 first,
// each rank ending in " \n".
func (p *Position) print(w io.Writer) {
	text := make([]byte, 0, 2*8*8+2*8)
	for rank := 0; rank < 8; rank++ {
		for file := 0; file < 8; file++ {
			text = append(text, ' ', pieceLetters[p.board[16*rank+file]&15])
		}
		text = append(text, ' ', '\n')
	}
	w.Write(text)
}

// The rules of micro-Max, written once, each with the C expression of D()
// it is: for the fast search, the prefetch and the code around the search. The literal search keeps C's own form; of
// these rules it shares only the castling corner and the rook test
// (castlingCorner, rookReady, umax.go).

// boardSquares are the 64 on-board squares in micro-Max's scan order: a8,
// b8, ..., h8, a7, ..., h1 (C: x=x+9&~M walks them, from any square round
// the board). boardSquares[i] is squareOf(i).
var boardSquares = func() (squares [64]int) {
	for i := range squares {
		squares[i] = squareOf(i)
	}
	return squares
}()

// squareOf is the 0x88 square numbered i (0..63) in scan order, bit i of a
// square set: i plus its rank again, as 16*rank + file = 8*rank + i.
func squareOf(i int) int { return i + i&^7 }

// bitIndex numbers an on-board 0x88 square 0..63 in scan order, the
// inverse of squareOf: the bit of a 64-bit square set that holds it.
func bitIndex(square int) uint { return uint((square+square&7)>>1) & 63 }

// bit is the square set holding one on-board square.
func bit(square int) uint64 { return 1 << bitIndex(square) }

// kindSteps[kind] lists the steps of a piece type in the order micro-Max's
// direction loop takes them from o[] (C: r=p>2&r<0?-r:-o[++j]), ending in
// 0: a pawn's three steps of steps[] negated (push first), every other
// piece's each listed step negated, then as is. Example: the white pawn's
// are -16, -15, -17 (up the board), the king's -1, 1, -16, 16, -15, 15, -17,
// 17; the first two are the sideways steps that may go on into castling.
var kindSteps [8][10]int

// captureDir[kind][delta+119] is 1 + the index in kindSteps[kind] of the
// direction along which a piece of that type captures on its square + delta
// (sliders: if the squares between are empty), or 0 if it cannot. A pawn's
// push never captures (C: p<3&!(y-x&7)-!t).
var captureDir [8][256]uint8

func init() {
	for kind := 1; kind < 8; kind++ {
		n, dir, step := 0, steps[kind+16], kind
		for {
			if kind > 2 && step < 0 {
				step = -step
			} else {
				dir++
				step = -steps[dir]
			}
			if step == 0 {
				break
			}
			kindSteps[kind][n] = step
			n++
		}
		for i, step := range kindSteps[kind][:n] {
			if kind < 3 && i == 0 {
				continue // a pawn's push never captures
			}
			for reach := 1; reach < 8; reach++ {
				captureDir[kind][reach*step+119] = uint8(i + 1)
				if kind < 5 {
					break // pawns, knights and kings go one step
				}
			}
		}
	}
}

// captureSquare is the square whose piece a move to to captures: to, but a
// pawn moving to the e.p. square takes the pawn behind it (C: H=y;
// if(p<3&y==E)H^=16). After castling micro-Max's e.p. square is the square
// the king passed, so a pawn moving there "captures" the square beside the
// castled rook, as in the C program.
func captureSquare(kind, to, epSquare int) int {
	if kind < 3 && to == epSquare {
		return to ^ 16
	}
	return to
}

// cannotMove reports whether a piece of side, of type kind, cannot move
// from from to to, where the piece to capture (captureSquare) is victim: an
// own piece stands there, or a pawn would push into a piece or step
// diagonally without capturing (C: t&k|p<3&!(y-x&7)-!t). Either ends the ray.
func cannotMove(side, kind, from, to, victim int) bool {
	return victim&side != 0 || kind < 3 && ((to-from)&7 == 0) != (victim == 0)
}

// promotes reports whether a pawn (kind 1 or 2) that reaches to becomes a
// queen there, the only piece micro-Max promotes to: to is on the last
// rank, where the pawn's next step would leave the board (C: y+r+1&S).
func promotes(kind, to int) bool { return kind < 3 && (to < 8 || to >= 112) }

// continuesRay reports whether a piece that stepped from from to the empty
// square to may step on along the same ray: a slider always; an unmoved pawn
// after its first (straight) step, the double step; an unmoved king after
// its first sideways step (-1 or 1: to-from and step both) towards a rook
// that is ready, castling. This is the test at the end of the searches' ray
// loop (C: x+r-y|u&32|p>2&(p-4|j-7||...)); the fast search inlines it, so
// it stays within the compiler's inlining budget.
func continuesRay(b *[256]int8, from, to, step, piece int) bool {
	switch piece & (movedBit | 7) {
	case 1, 2: // an unmoved pawn (a diagonal step is a capture and stops)
		return to-from == step
	case 4: // an unmoved king
		return (to-from)*step == 1 && rookReady(b, castlingCorner(from, step), piece&(white|black))
	}
	return piece&7 >= 5 // bishop, rook, queen
}

// castled reports whether the last move castled: micro-Max's e.p. square is
// then the square the king passed, with the castled rook on it (C: E-S&b[E];
// on any other e.p. square, empty or a8's rook in the initial position, the
// test is 0). The reply then captures "the king" by reaching that square or
// the king's squares on either side of it (C: y-E<2&E-y<2).
func castled(b *[256]int8, epSquare int) bool {
	return (epSquare-noSquare)&int(b[uint8(epSquare)]) != 0
}
