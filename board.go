package main

import "io"

// The board is micro-Max's 0x88 board. Square numbers are 16*rank + file
// with rank 0 at the top (Black's back rank) and rank 7 at the bottom, so
// a8 = 0, h8 = 7, a1 = 112, e1 = 116. A square s is on the board exactly
// when s&0x88 == 0; a step that leaves the board sets bit 3 or bit 7.
// The right half of each rank (files 8..15) holds no pieces: micro-Max
// keeps its centre table there, so board[s+8] is the positional value of s.
// board[128] is a dummy square that moves without a castling rook write to.
// The array has 256 bytes, not micro-Max's 129, so that any uint8 index is
// in range and the compiler drops the bounds checks; bytes 129..255 are unused.
//
// A piece is a byte: its type in bits 0..2, its colour in bits 3..4 and a
// "moved" bit 5 that castling and double pawn steps test:
//
//	1 white pawn (moves up)   2 black pawn (moves down)   3 knight
//	4 king   5 bishop   6 rook   7 queen
//	+8 white, +16 black, +32 has moved
const (
	offBoard  = 0x88 // M: the bits a step off the board sets
	noSquare  = 128  // S: "no square" for the e.p. and castling squares; also bit 7 flags
	infinity  = 8000 // I: beyond any score; a king capture scores this
	promoGain = 799  // C: extra gain of a promotion (queen minus pawn)
	parseBias = 799  // C, again: 'a'-16*'8'+799 = 0, so a typed "a8" is square 0
	white     = 8    // colour bit and side code of White
	black     = 16   // colour bit and side code of Black
	movedBit  = 32   // set on a piece once it has moved
)

// pieceValue is micro-Max's w[]: material in pawns per piece type; the king
// is -1 so that capturing it gives a negative gain, detected as "king capture".
var pieceValue = [8]int{0, 1, 1, 3, -1, 3, 5, 9}

// steps is micro-Max's o[]: step vectors, each list ending in 0, then (at
// index 16+type) the index just before the first step of each piece type,
// then (from index 24) the back-rank set-up. The search takes every step
// negated (r=-o[++j]); sliders, knights and the king then take it again as
// listed (r=-r), pawns do not. The lists overlap:
//
//	black pawn (2)   indexes 0..2:  -16 -15 -17, negated: push down, captures
//	rook (6)         indexes 4..5:  1 16, and their negations
//	king, queen      indexes 7..10: 1 16 15 17, and their negations
//	bishop (5)       indexes 9..10: 15 17, and their negations
//	white pawn (1)   indexes 8..10: 16 15 17, negated: push up, captures
//	knight (3)       indexes 12..15: 14 18 31 33, and their negations
var steps = [32]int{
	-16, -15, -17, 0, // 0..3: black pawn's steps (negated by the search)
	1, 16, 0, // 4..6: rook
	1, 16, 15, 17, 0, // 7..11: king and queen; bishop from 9; white pawn from 8
	14, 18, 31, 33, 0, // 12..16: knight
	7, -1, 11, 6, 8, 3, 6, // 17..23: index before the first step, piece types 1..7
	6, 3, 5, 7, 4, 5, 3, 6, // 24..31: back rank: R N B Q K B N R
}

// pieceLetters is micro-Max's n[]: the printed symbol of board[s]&15.
// White pieces are capitals, the white pawn '*' and the black pawn '+'.
const pieceLetters = ".?+nkbrq?*?NKBRQ"

// Position is everything a search starts from: the board with its centre
// table, the side to move, the e.p. square and the running evaluation.
type Position struct {
	board    [256]int8 // b[]: pieces in files 0..7, centre table in files 8..15, dummy [128]
	side     int       // k: side to move, white (8) or black (16)
	epSquare int       // O: square skipped by the last move (e.p. target, or the castling rook's square); 128 if none
	eval     int       // Q: running evaluation from the side to move's view
}

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
	for rank := 0; rank < 8; rank++ {
		for file := 0; file < 8; file++ {
			df, dr := float64(file-4), float64(rank)-3.5
			b[16*rank+file+8] = int8(df*df + dr*dr)
		}
	}
}

// print writes the board as micro-Max does: " %c" per square, rank 8 first,
// each rank ending in " \n".
func (p *Position) print(w io.Writer) {
	var line [2*8*8 + 2*8]byte
	n := 0
	for rank := 0; rank < 8; rank++ {
		for file := 0; file < 8; file++ {
			line[n], line[n+1] = ' ', pieceLetters[p.board[16*rank+file]&15]
			n += 2
		}
		line[n], line[n+1] = ' ', '\n'
		n += 2
	}
	w.Write(line[:n])
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
	for sq := 0; sq < 120; sq++ {
		if sq&offBoard == 0 && p.board[sq]&^movedBit != q.board[sq]&^movedBit {
			return false
		}
	}
	return true
}
