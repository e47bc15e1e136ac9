package main

// The fast search's piece sets (search.go), not in micro-Max: where the
// pieces of each side stand, as 64-bit square sets the search keeps up to
// date, so that it visits the squares of its own pieces instead of
// scanning all 64, and the lines along which a piece may capture, so that
// a quiet depth-1 iteration finds its recaptures directly.

import "math/bits"

// findPieces sets up the square sets and king squares from the board.
func (e *Engine) findPieces() {
	e.pieces = [2]uint64{}
	e.kings = [2]int{8, 8} // off the board: no king
	for _, square := range boardSquares {
		piece := int(e.board[square])
		if piece == 0 {
			continue
		}
		c := piece >> 4 & 1 // 0 White, 1 Black
		e.pieces[c] |= bit(square)
		if piece&7 == 4 {
			e.kings[c] = square
		}
	}
}

// quietCapture is a move of a quiet depth-1 iteration: the index in
// kindSteps of its direction and the square it captures on.
type quietCapture struct{ dir, target int }

// reachFrom[bit] is the set of squares on a line (rank, file, diagonal) or
// a knight's leap from a square: where the pieces stand that might capture
// on it; between[bit][bit2] is the set of squares between two squares on a
// line, which a slider needs empty to go from one to the other.
var (
	reachFrom [64]uint64
	between   [64][64]uint64
)

func init() {
	for _, target := range boardSquares {
		for _, step := range kindSteps[3][:8] { // the knight's leaps
			if (target+step)&offBoard == 0 {
				reachFrom[bitIndex(target)] |= bit(target + step)
			}
		}
		for _, step := range kindSteps[7][:8] { // the queen's lines
			var passed uint64
			for sq := target + step; sq&offBoard == 0; sq += step {
				reachFrom[bitIndex(target)] |= bit(sq)
				between[bitIndex(target)][bitIndex(sq)] = passed
				passed |= bit(sq)
			}
		}
	}
}

// attackers is the set of side's pieces that capture on target (a square
// with no piece of side, or -1: none): of side's pieces on a line or a
// knight's leap from it, those whose type moves that way that far, with
// nothing between. It is the rule attacked (movegen.go) as a set, read from
// the search's square sets: the quiet iterations need the pieces, not yes
// or no, and this is the search's hot path.
func (e *Engine) attackers(target, side int) uint64 {
	if target < 0 {
		return 0
	}
	t := bitIndex(target)
	all := e.pieces[0] | e.pieces[1]
	var set uint64
	for near := e.pieces[side>>4] & reachFrom[t]; near != 0; near &= near - 1 {
		sq := bits.TrailingZeros64(near)
		from := squareOf(sq)
		if captureDir[e.board[uint8(from)]&7][uint8(target-from+119)] != 0 && between[t][sq]&all == 0 {
			set |= 1 << sq
		}
	}
	return set
}

// quietCaptures finds the moves by which the piece type kind on from
// captures on recaptureSq or on kingSq, the squares whose attackers are
// recapturers and kingAttackers, and puts them in captures in the order
// micro-Max generates them, by direction. It returns how many there are.
func quietCaptures(from, kind, recaptureSq, kingSq int, recapturers, kingAttackers uint64, captures *[2]quietCapture) int {
	n := 0
	if recapturers&bit(from) != 0 {
		captures[0] = quietCapture{int(captureDir[kind][uint8(recaptureSq-from+119)]) - 1, recaptureSq}
		n = 1
	}
	if kingAttackers&bit(from) != 0 && kingSq != recaptureSq {
		captures[n] = quietCapture{int(captureDir[kind][uint8(kingSq-from+119)]) - 1, kingSq}
		if n == 1 && captures[0].dir > captures[1].dir { // keep micro-Max's direction order
			captures[0], captures[1] = captures[1], captures[0]
		}
		n++
	}
	return n
}
