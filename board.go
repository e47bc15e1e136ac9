package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

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

// fenPieces maps the piece letters of a FEN to micro-Max's piece codes.
var fenPieces = map[byte]int{
	'P': white + 1, 'N': white + 3, 'B': white + 5, 'R': white + 6, 'Q': white + 7, 'K': white + 4,
	'p': black + 2, 'n': black + 3, 'b': black + 5, 'r': black + 6, 'q': black + 7, 'k': black + 4,
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

// setup is a position read from a FEN, with what a Position does not hold.
type setup struct {
	pos      Position
	halfmove int  // plies since the last capture or pawn move (the 50-move rule)
	epGiven  bool // the FEN named an e.p. square
}

// parseFEN reads a position in Forsyth-Edwards Notation and maps it onto
// micro-Max's board. It refuses a FEN that is malformed or that micro-Max
// could not play from: it needs one king a side, no pawn on the first or
// last rank, the side not to move not in check, castling rights whose king
// and rook stand on their squares, and an e.p. square just behind a pawn that
// has just made a double step. The move counters may be left out.
//
// micro-Max keeps castling rights and the double step in "moved" bits. The
// set-up gives the moved bit to every pawn off its starting rank (so that it
// cannot step twice), to every king and rook that has no castling right (so
// that it cannot castle), and to nothing else, as in micro-Max's initial
// position. The e.p. square becomes micro-Max's e.p. argument (noSquare if
// none). The running evaluation starts as staticEval: material plus the
// centre table, from the side to move's view.
func parseFEN(fen string) (setup, error) {
	var s setup
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return s, fmt.Errorf("%d fields, want 4 to 6", len(fields))
	}
	p := &s.pos
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return s, fmt.Errorf("%d ranks, want 8", len(ranks))
	}
	kings := map[int]int{}
	for r, row := range ranks {
		file := 0
		for i := 0; i < len(row); i++ {
			c := row[i]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			piece, ok := fenPieces[c]
			if !ok {
				return s, fmt.Errorf("no piece letter %q", c)
			}
			if file > 7 {
				return s, fmt.Errorf("rank %d has more than 8 squares", 8-r)
			}
			if piece&7 < 3 && (r == 0 || r == 7) {
				return s, fmt.Errorf("pawn on rank %d", 8-r)
			}
			if piece&7 == 4 {
				kings[piece&(white|black)]++
			}
			p.board[16*r+file] = int8(piece)
			file++
		}
		if file != 8 {
			return s, fmt.Errorf("rank %d has %d squares", 8-r, file)
		}
	}
	if kings[white] != 1 || kings[black] != 1 {
		return s, fmt.Errorf("%d white and %d black kings, want one each", kings[white], kings[black])
	}
	switch fields[1] {
	case "w":
		p.side = white
	case "b":
		p.side = black
	default:
		return s, fmt.Errorf("side to move %q, want w or b", fields[1])
	}

	// Castling rights: every piece that may castle keeps its moved bit clear.
	mayCastle := map[int]bool{}
	if fields[2] != "-" {
		for i := 0; i < len(fields[2]); i++ {
			c := fields[2][i]
			found := false
			for _, k := range castlingCorners {
				if k.letter != c {
					continue
				}
				found = true
				if p.board[k.king] != k.kingP || p.board[k.rook] != k.rookP {
					return s, fmt.Errorf("castling right %c without king on %s and rook on %s",
						c, squareName(k.king), squareName(k.rook))
				}
				if mayCastle[k.rook] {
					return s, fmt.Errorf("castling right %c twice", c)
				}
				mayCastle[k.king], mayCastle[k.rook] = true, true
			}
			if !found {
				return s, fmt.Errorf("no castling right %q", c)
			}
		}
	}
	for sq := 0; sq < 120; sq++ {
		piece := int(p.board[sq])
		if sq&offBoard != 0 || piece == 0 {
			continue
		}
		switch kind := piece & 7; {
		case kind == 1 && sq>>4 != 6, kind == 2 && sq>>4 != 1: // pawn off its starting rank
			p.board[sq] |= movedBit
		case (kind == 4 || kind == 6) && !mayCastle[sq]:
			p.board[sq] |= movedBit
		}
	}

	// The e.p. square: just behind an enemy pawn that has just stepped twice.
	p.epSquare = noSquare
	if fields[3] != "-" {
		ep, ok := parseSquare(fields[3])
		// With White to move: on rank 6 (index 2), a black pawn a step down
		// the board (forward, towards the pawn that stepped); Black: mirrored.
		forward, enemyPawn, wantRank := 16, int8(black+2|movedBit), 2
		if p.side == black {
			forward, enemyPawn, wantRank = -16, white+1|movedBit, 5
		}
		if !ok || ep>>4 != wantRank || p.board[ep] != 0 || p.board[ep-forward] != 0 || p.board[ep+forward] != enemyPawn {
			return s, fmt.Errorf("e.p. square %q is not behind a pawn that has just stepped twice", fields[3])
		}
		p.epSquare = ep
		s.epGiven = true
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 100000 {
			return s, fmt.Errorf("halfmove clock %q", fields[4])
		}
		s.halfmove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 || n > 100000 {
			return s, fmt.Errorf("move number %q", fields[5])
		}
	}
	setCentre(&p.board)
	q := *p
	q.epSquare = noSquare // castling is not an issue here, only a king in check
	if q.kingCapturable() {
		return s, fmt.Errorf("the side not to move is in check")
	}
	p.eval = p.staticEval()
	return s, nil
}

// staticEval is the evaluation that setboard starts micro-Max from, from the
// side to move's view: material (99 per pawn, as pieceValue; the kings
// cancel) plus, for pawns, knights, bishops and kings, the centre table with
// its sign turned (search() adds b[from+8]-b[to+8] for these pieces, so a
// piece on a square at squared distance c from the centre is worth -c).
// The initial position scores 0, micro-Max's own starting Q. After the
// set-up every move changes the evaluation as micro-Max's main() does
// (Q=-Q-material gained): the positional part stays as it was set up.
func (p *Position) staticEval() int {
	sum := 0
	for sq := 0; sq < 120; sq++ {
		piece := int(p.board[sq])
		if sq&offBoard != 0 || piece == 0 {
			continue
		}
		kind := piece & 7
		v := 99 * pieceValue[kind]
		if kind < 6 {
			v -= int(p.board[sq+8])
		}
		if piece&white != 0 {
			sum += v
		} else {
			sum -= v
		}
	}
	if p.side == black {
		sum = -sum
	}
	return sum
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
