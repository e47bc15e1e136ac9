package main

// What the protocol adapters ask of the engine besides a search job
// (job.go): playing a move on micro-Max's board with micro-Max's own check,
// reading the principal variation from the table, a mate score's distance,
// and a new game. Nothing here knows a protocol.

import (
	"fmt"
	"math"
)

// noBudget is a root budget no search reaches.
const noBudget = math.MaxInt / 2

// play makes a legal move on micro-Max's board with micro-Max's own check,
// as its main() does with a typed move: rootSearch with the move pending
// (which advances the root key, as the C program's j++ does). An
// under-promotion, which micro-Max makes a queen, is fixed afterwards
// (fixPromotion). A move that is not one of the legal moves, or that
// micro-Max refuses, is an error, and the position is left as it was.
func (e *Engine) play(m Move) error {
	if !e.isLegal(m) {
		return fmt.Errorf("%v is not a legal move here", m)
	}
	before := e.Position
	e.pendingFrom, e.pendingTo = m.from, m.to
	played := e.rootSearch(&searchControl{})
	e.pendingFrom = infinity
	if !played { // cannot happen: the generator and micro-Max agree (movegen_test.go)
		e.Position = before
		return fmt.Errorf("micro-Max refused %v", m)
	}
	e.fixPromotion(m, before.side)
	return nil
}

// fixPromotion makes the queen that micro-Max made of side's pawn on m.to
// the piece m names, if m is an under-promotion, with the evaluation
// changed by the difference in promotion gain.
func (e *Engine) fixPromotion(m Move, side int) {
	if m.promo != 0 && m.promo != 7 {
		e.board[m.to] = int8(side | m.promo | movedBit)
		e.eval += promoGain - promotionGain[m.promo]
	}
}

// principalVariation follows the best moves the table holds from root, the
// root of the last search, starting with the move from-to, for as long as
// they are legal, no position repeats, and at most maxMoves moves. It
// rebuilds micro-Max's hash keys along the way (moveKeys, as search does)
// from the root's keys that rootSearch recorded. It must run while the
// table is quiet: between iterations (on the search's goroutine) or after
// the search.
func (e *Engine) principalVariation(root *Position, from, to, maxMoves int) []Move {
	pos := *root
	indexKey, lockKey := e.rootIndexKey, e.rootLockKey
	seen := []Position{pos}
	var pv []Move
	for len(pv) < maxMoves {
		m := pos.microMaxMove(from&^offBoard, to&^offBoard)
		if !pos.isLegal(m) {
			break
		}
		d := pos.makeMove(m)
		indexKey, lockKey = moveKeys(indexKey, lockKey, m.from, m.to, d.captureSq, d.piece, d.newPiece, d.victim, d.rookFrom)
		pv = append(pv, m)
		for i := range seen {
			if samePosition(&seen[i], &pos) {
				return pv
			}
		}
		seen = append(seen, pos)
		entry := e.table[e.slotIndex(indexKey, pos.side, pos.epSquare)].load()
		if entry.lock != lockKey {
			break
		}
		from, to = int(entry.from), int(entry.to)
	}
	return pv
}

// mateDistance reads a mate score as the number of moves n to the mate:
// micro-Max scores a mate in n moves infinity-n for the side that mates and
// -(infinity-n) for the side that is mated. A king capture is infinity; the
// delayed-loss bonus (C: m+=m<e) gives a point back only on the losing side,
// once a ply, so the distance counts the winner's moves: mate in 1 scores
// 7999, mate in 2 7998, being mated in 1 (the opponent mates with his next
// move) -7999. It returns n, positive when the side to move mates, negative
// when it is mated, and false for an ordinary score.
func mateDistance(score int) (plies int, mate bool) {
	switch {
	case score > infinity-offBoard:
		return infinity - score, true
	case score < offBoard-infinity:
		return -infinity - score, true
	}
	return 0, false
}

// restart puts the engine where a freshly started C program is: micro-Max's
// initial position, an empty table, and the root key counter (C's j) at 0,
// so that the searches that follow are the C program's, node for node.
// The table keeps its size, and the settings (futility, literal) stay.
func (e *Engine) restart() {
	e.Position = newGame()
	e.clearTable()
	e.rootLock = 0
}
