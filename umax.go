package main

import (
	"errors"
	"sync/atomic"
)

// micro-Max 4.1's globals, read first: the 0x88 board and the constants,
// o[], w[] and n[], the Position a search starts from, the key function
// K(A,B), the Engine (the table, the node counter, the move the root must
// play) and rootSearch (main()'s call of D()); the hook is hook.go's. Then
// read search_literal.go, D() statement for statement, beside the C
// listing: it needs only this file, hook.go and hash.go's slot packing.
//
// Each C letter has a Go name:
//
//	C            Go                          meaning
//	b[]          board                       0x88 board; files 8..15 of each rank hold the centre table
//	k            side                        side to move: 8 White, 16 Black; 24-k is the other side
//	q, l         alpha, beta                 the search window
//	e            eval                        the evaluation, from the side to move's view
//	E            epSquare                    the square a double step skipped (or a castling king passed)
//	z            lastTo                      the previous move's destination (8 at the root)
//	n            depth                       the depth to search to
//	J, Z         indexKey, lockKey           hash keys: J picks the table entry, Z identifies the position
//	d            iter                        the depth of the current iteration
//	m, v         best, score                 the best score so far, the current move's score
//	x, y         from, to                    the move; x scans the board, y runs along a ray
//	X, Y         bestFrom, bestTo            the best move, also as kept in the table
//	u, p, t      piece, kind, victim         the moving piece, its type, the captured piece
//	H            captureSq                   the captured piece's square (not y for e.p.)
//	r, j         step, dir                   a step vector and its index in o[] (steps)
//	h            hashFirst                   set while the table's best move is tried first
//	i            gain                        the material the move wins
//	F, G         passed, rookFrom            castling: the rook's new and old square; F also the e.p. square
//	s            remaining                   the depth left for the reply
//	f            alphaNow                    alpha raised to the best score
//	B            firstSq                     where the board scan started
//	o[] w[] n[]  steps, pieceValue, pieceLetters
//	T[], K(A,B)  keyWords (hash.go), key     key bytes, read four at a time
//	A[], U       table, defaultHashEntries   the transposition table of 1<<24 entries
//	M S I C      offBoard, noSquare, infinity, promoGain: 0x88, 128, 8000, 799
//	Q, O         the Position's eval, epSquare: the root's evaluation and e.p. square
//	K, L         pendingFrom, pendingTo      the move the root checks and plays
//	N            nodes                       the node counter; C's starts at 128, ours at 0
//	j in main()  rootLock                    the root's Z key, one more every search

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
	epSquare int       // O: the square the last move skipped (e.p. target, castling rook), else 128; 0 at the start
	eval     int       // Q: running evaluation from the side to move's view
}

// key is micro-Max's K(A,B): the key word of piece B on square A (A may carry
// the offset 8 that separates the Z key from the J key).
func key(square, piece int) int32 {
	return keyWords[square+(piece&8)+128*(piece&7)]
}

// castlingCorner is the corner of the rook that a king on from castles
// with when it steps sideways by step, -1 or 1: from+3 is h1 (h8) for the
// king on e1 (e8), and stepping left flips it to a1 (a8) (C: G=x+3^r>>1&7).
func castlingCorner(from, step int) int { return (from + 3) ^ (step >> 1 & 7) }

// rookReady reports whether an unmoved rook of side stands on corner with
// the two squares next to it empty: then the king's sideways first step
// goes on into castling (C: !(b[G]-k-6||b[G^1]|b[G^2])).
func rookReady(b *[256]int8, corner, side int) bool {
	return int(b[uint8(corner)]) == side+6 && b[uint8(corner^1)]|b[uint8(corner^2)] == 0
}

// Engine is micro-Max's global state around a Position: first its own
// globals, then the port's.
type Engine struct {
	Position               // b[], k, O, Q: the board and the root's side, e.p. square and evaluation
	table       []hashSlot // A[]: the transposition table
	tableMask   int32      // U-1: table index mask
	nodes       int        // N: passes through iterative-deepening loops, this search (C's N-128)
	rootLock    int32      // j: Z key of the root, one more for every search
	pendingFrom int        // K: from-square of the move the root must check and play, or infinity to think
	pendingTo   int        // L: its to-square (a char in C, so it wraps like one)

	// Not in micro-Max: the port's own state.
	tableMemory *tableMemory // owns the table's memory (table_linux.go, table_other.go)
	futility    bool         // micro-Max 4.1's futility pruning; false: micro-Max 4.0
	literal     bool         // search with searchLiteral, micro-Max's D() statement for statement
	rules       searchHook   // decides the moves of every search first (hook.go); nil: micro-Max's own test
	pieces      [2]uint64    // squares of White's (0) and Black's (1) pieces, for the fast search (pieces.go)
	kings       [2]int       // squares of the two kings, for the fast search
	// The search running now, as rootSearch sets it up: ctl is what the
	// code around it asked (budget, kibitz line, stop poll), hook what
	// watches it (rules, then ctl.hooks; nil: nothing), told the move last
	// told to it. After it, aborted says the poll stopped it mid-iteration
	// (the position is the root's again), and rootIndexKey and rootLockKey
	// are the root's keys (C: J and Z of main()'s call), where a walk along
	// the PV starts.
	ctl                       *searchControl
	hook                      searchHook
	told                      searchMove
	aborted                   bool
	rootIndexKey, rootLockKey int32
}

// searchControl is what the code around the search asks of one search
// (rootSearch), beyond micro-Max.
type searchControl struct {
	// budget is micro-Max's root node budget: the root starts another
	// iteration while the node counter (C's N, which starts at 128) is
	// below it (C: N<1e6). A search that only checks and plays a pending
	// move does not read it.
	budget int
	// report, if set, is called after every finished iteration of the root,
	// between iterations (the table is quiet): depth (micro-Max's "ply",
	// its iteration depth less one), nodes so far, score and best move: the
	// kibitz line that micro-Max's listing has commented out.
	report func(depth, nodes, score, from, to int)
	// rootMove, if set, is told of each move the thinking root has searched
	// in iteration iter, with its score, in micro-Max's order: the best so
	// far, which a search stopped mid-iteration may play.
	rootMove func(iter, from, to, score int)
	// hooks watch the search, after the engine's rules; literal asks for
	// the literal search (the order of work of D() itself).
	hooks   []searchHook
	literal bool
	// poll, if set, is asked every stopPollNodes nodes with the node
	// counter: true stops the search mid-iteration.
	poll func(nodes int) bool
	// softStop, once set, starts no new iteration: the root plays the best
	// move of the last one, as when its budget is spent.
	softStop atomic.Bool
}

// stopPollNodes is how often (in node-counter steps, a power of two) the
// search polls its control.
const stopPollNodes = 1 << 12

// startNodes is micro-Max's N when a search starts: main() reuses N to print
// the board and leaves it at 128, so the root budget test is N+128 < budget.
const startNodes = 128

// microMaxBudget is micro-Max's root node budget: the root deepens while
// its node counter is below 1e6 (C: N<1e6).
const microMaxBudget = 1000000

// newEngine returns an engine at the initial position, searching as
// micro-Max 4.1, with a table of tableSize entries (a power of two;
// micro-Max's is defaultHashEntries).
func newEngine(tableSize int) *Engine {
	e := &Engine{Position: newGame(), futility: true}
	e.resizeTable(tableSize)
	return e
}

// mateDepth is the depth a mate score is stored with, good for any depth:
// 98 in micro-Max 4.1, 99 in 4.0 (C: d=98).
func (e *Engine) mateDepth() int { return 99 - b2i(e.futility) }

// errStopped is what a search panics with when its control's poll stops it
// mid-iteration; rootSearch recovers and puts the root position back.
var errStopped = errors.New("search stopped")

// pollStop is the searches' poll of their control, every stopPollNodes
// nodes: not in micro-Max, which has no way to be interrupted.
func (e *Engine) pollStop() {
	if e.nodes&(stopPollNodes-1) == 0 && e.ctl.poll != nil && e.ctl.poll(e.nodes) {
		panic(errStopped)
	}
}

// b2i is C's conversion of a comparison to the int 0 or 1.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rootSearch is micro-Max's call D(k,-I,I,Q,1,j++,O,8,2) from main(), run
// under ctl: its budget, kibitz line, stop poll, and hooks (after e.rules).
// With pendingFrom == infinity it thinks until the node budget is spent (or
// ctl says stop deepening) and plays its best move; otherwise it plays the
// pending move if that is legal. It reports whether a move was played; then
// the side to move has changed. A search that ctl stops mid-iteration
// (e.aborted) plays nothing and leaves the position as it was.
func (e *Engine) rootSearch(ctl *searchControl) (played bool) {
	e.ctl, e.hook = ctl, hookOf(e.rules, ctl.hooks)
	search, literal := e.search, e.literal || ctl.literal
	if literal {
		search = e.searchLiteral // the same tree, without search's shortcuts
		if e.hook == nil {
			e.hook = quietHook{} // the literal search calls its hook unconditionally
		}
	}
	root := e.Position
	defer func() {
		e.ctl, e.hook = nil, nil
		if r := recover(); r != nil { // stopped (pollStop): the search is abandoned where it stood
			if r != errStopped {
				panic(r)
			}
			e.Position, e.aborted = root, true
		}
	}()
	e.nodes, e.aborted = 0, false
	e.findPieces()
	lock := e.rootLock
	e.rootLock++
	e.rootIndexKey, e.rootLockKey = 1, lock
	if search(e.side, -infinity, infinity, e.eval, e.rootIndexKey, e.rootLockKey, e.epSquare, 8, 2) != infinity {
		return false
	}
	e.side ^= white | black
	return true
}
