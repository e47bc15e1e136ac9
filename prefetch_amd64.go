package main

import "math/bits"

// prefetchChildren asks the processor to fetch the table slots of the
// positions after (nearly) every move side can make, before they are
// searched. Each node's first act is to read its slot, a cache miss that
// costs more than the rest of a small node's work; one after another, the
// children of an iteration would wait for theirs in turn. Fetched together,
// ahead of time, the misses overlap. search calls it in iterations deep
// enough that every move is searched (after the best move, if that did not
// fail high already). It only reads; a slot guessed wrong costs a fetch.
// The guesses leave out castling and double steps (their e.p. square
// changes the slot) and take every pawn step.
func (e *Engine) prefetchChildren(side int, indexKey int32) {
	b := &e.board
	var slots [256]*hashSlot
	n := 0
	for left := e.pieces[side>>4]; left != 0; left &= left - 1 {
		sq := bits.TrailingZeros64(left)
		from := squareOf(sq)
		piece := int(b[uint8(from)])
		kind := piece & 7
		index := indexKey - pieceKeys[piece&15][from].index // the J key less the moving piece
		for _, step := range kindSteps[kind] {
			if step == 0 {
				break
			}
			for to := from + step; to&offBoard == 0; to += step {
				victim := int(b[uint8(to)])
				if victim&side != 0 {
					break // own piece
				}
				newPiece := piece
				if promotes(kind, to) {
					newPiece |= 7
				}
				child := index + pieceKeys[newPiece&15][to].index - pieceKeys[victim&15][to].index
				slots[n&255] = &e.table[e.slotIndex(child, 24-side, noSquare)] // the child's, no e.p. square
				n++
				if victim != 0 || kind < 5 {
					break // a capture, or a piece that goes one step
				}
			}
		}
	}
	prefetchSlots(&slots, min(n, len(slots)))
}

// prefetchSlots issues a PREFETCHT0 for each of the first n slots
// (prefetch_amd64.s): unlike a load, a prefetch does not hold up the
// instructions after it until the memory arrives.
//
//go:noescape
func prefetchSlots(slots *[256]*hashSlot, n int)
