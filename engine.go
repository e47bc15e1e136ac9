package main

// What the protocol adapters ask of the engine besides a search job
// (job.go): the limits and stop flags of one search, playing a move on
// micro-Max's board with micro-Max's own check, and reading the principal
// variation from the table. Nothing here knows a protocol.

import (
	"fmt"
	"math"
	"sync/atomic"
)

// searchControl is what one call of rootSearch is told, and the flags that
// stop it. Every search gets its own: nothing carries over to the next one.
// The search reads budget, report and rootMoves at the root only, and
// looks at the stop flags every stopPollNodes nodes.
type searchControl struct {
	// budget is micro-Max's root node budget: the root starts another
	// iteration while the node counter (C's N, which starts at 128) is
	// below it (C: N<1e6). A search that only checks and plays a pending
	// move does not read it.
	budget int
	// report, if set, is called after every finished iteration of the root,
	// on the search's goroutine, between iterations (the table is quiet):
	// depth (micro-Max's "ply", its iteration depth less one), nodes so
	// far, score and best move (micro-Max's kibitz line).
	report func(depth, nodes, score, from, to int)
	// rootMoves, if set, are the only root moves searched (UCI's
	// searchmoves): bit bitIndex(to) of rootMoves[bitIndex(from)].
	rootMoves *[64]uint64
	// outer, if set, is the control of the search this one is part of (a
	// strength level's scoring searches, strength.go): its flags stop this
	// one too, and it sees outerNodes plus this search's nodes.
	outer      *searchControl
	outerNodes int

	stop     atomic.Bool  // give up now, mid-iteration
	softStop atomic.Bool  // start no new iteration: play the best move of the last one
	maxNodes atomic.Int64 // if > 0, give up when the node counter reaches it
	polled   atomic.Int64 // the node counter when the flags were last looked at
}

// mustStop is the search's look at the flags, every stopPollNodes nodes.
func (c *searchControl) mustStop(nodes int) bool {
	c.polled.Store(int64(nodes))
	limit := c.maxNodes.Load()
	return c.stop.Load() || limit > 0 && int64(nodes) >= limit || c.outer != nil && c.outer.mustStop(c.outerNodes+nodes)
}

// noBudget is a root budget no search reaches.
const noBudget = math.MaxInt / 2

// rootMoveSet returns the set of root moves rootMoves holds for moves.
func rootMoveSet(moves []Move) *[64]uint64 {
	var set [64]uint64
	for _, m := range moves {
		set[bitIndex(m.from)] |= bit(m.to)
	}
	return &set
}

// play makes a legal move on micro-Max's board with micro-Max's own check,
// as its main() does with a typed move: rootSearch with the move pending
// (which advances the root key, as the C program's j++ does). An
// under-promotion, which micro-Max makes a queen, is fixed afterwards: the
// piece, and the evaluation by the difference in promotion gain. A move that
// is not one of the legal moves, or that micro-Max refuses, is an error,
// and the position is left as it was.
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
// rebuilds micro-Max's hash keys along the way from the root's keys that
// rootSearch recorded: every move adds the keys of the piece on its
// destination and subtracts those of the piece that left and of the piece
// captured, exactly as search() does. It must run while the table is
// quiet: between iterations (on the search's goroutine) or after the search.
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
		indexKey, lockKey = moveKeys(indexKey, lockKey, m.from, m.to, d.captureSq, d.piece, int(pos.board[m.to]), d.victim, d.rookFrom)
		pv = append(pv, m)
		for i := range seen {
			if samePosition(&seen[i], &pos) {
				return pv
			}
		}
		seen = append(seen, pos)
		entry := e.table[(indexKey+int32(pos.side*pos.epSquare))&e.tableMask].load()
		if entry.lock != lockKey {
			break
		}
		from, to = int(entry.from), int(entry.to)
	}
	return pv
}

// mateDistance reads a mate score: micro-Max scores a mate found n plies
// ahead as infinity-n for the winner (a king capture is infinity; each ply
// back the delayed-loss bonus takes one point off), -infinity+n for the
// loser. It returns n, positive when the side to move mates, negative when
// it is mated, and false for an ordinary score.
func mateDistance(score int) (plies int, mate bool) {
	switch {
	case score > infinity-offBoard:
		return infinity - score, true
	case score < offBoard-infinity:
		return -infinity - score, true
	}
	return 0, false
}

// The table's size, as both protocols set it (CECP's memory, UCI's Hash).
const (
	maxMemoryMB  = 8192    // the largest table a protocol may ask for, in MiB
	minTableSize = 1 << 10 // the smallest table, in entries
)

// tableEntries is the number of table entries that memory MiB give: the
// largest power of two of entries (9 bytes each) that fits, at least
// minTableSize. micro-Max's own 1<<24 entries take 144 MiB (up to 287).
func tableEntries(mb int) int {
	entries := minTableSize
	for entries*2*len(hashSlot{}) <= mb<<20 {
		entries *= 2
	}
	return entries
}

// setMemory gives the table the size that mb MiB allow (tableEntries); a
// table that already has that size is kept, with what it holds.
func (e *Engine) setMemory(mb int) {
	if n := tableEntries(mb); n != len(e.table) {
		e.resizeTable(n)
	}
}

// memoryMB is the table's size in whole MiB (at least 1): 144 for
// micro-Max's 1<<24 entries.
func (e *Engine) memoryMB() int {
	return max(len(e.table)*len(hashSlot{})>>20, 1)
}

// restart puts the engine where a freshly started C program is: micro-Max's
// initial position, an empty table, and the root key counter (C's j) at 0,
// so that the searches that follow are the C program's, node for node.
// The table keeps its size, and the settings (futility, literal) stay.
func (e *Engine) restart() {
	e.Position = newGame()
	clear(e.table)
	e.rootLock = 0
}
