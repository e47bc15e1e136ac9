package main

import (
	"errors"
	"sync/atomic"
)

// micro-Max 4.1's globals, read first: the 0x88 board and the constants,
// o[], w[] and n[], the Position a search starts from, the key function
// K(A,B), the Engine (the table, the node counter, the move the root must
// play), rootSearch (main()'s call of D()) and the hook's declaration. Then
// read search_literal.go, D() statement for statement, beside the C
// listing: it needs only this file and hash.go's slot packing.
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
	epSquare int       // O: square skipped by the last move (e.p. target, or the castling rook's square); 128 if none
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

// Engine is micro-Max's global state around a Position: the transposition
// table, the node counter and the move the root is asked to check and play,
// with micro-Max's version; and, for the search running now, what the code
// around it asked of it.
type Engine struct {
	Position
	table       []hashSlot
	tableMask   int32        // U-1: table index mask
	tableMemory *tableMemory // owns the table's memory, and its fault-in (table_linux.go, table_js.go)
	early       *earlyTable  // not in micro-Max: the slots stored while the table is faulted in (hash.go), or nil
	nodes       int          // N: passes through iterative-deepening loops, this search (C's N-128)
	rootLock    int32        // j: Z key of the root, one more for every search
	pendingFrom int          // K: from-square of the move the root must check and play, or infinity to think
	pendingTo   int          // L: its to-square (a char in C, so it wraps like one)
	futility    bool         // micro-Max 4.1's futility pruning; false: micro-Max 4.0
	literal     bool         // search with searchLiteral, micro-Max's D() statement for statement
	rules       searchHook   // not in micro-Max: decides the moves of every search first (the laboratory, lab.go); nil: micro-Max's own test

	// Not in micro-Max: where the pieces are, kept up to date by the fast
	// search so that it can skip empty squares (pieces.go).
	pieces [2]uint64 // squares of White's (0) and Black's (1) pieces, one bit per square
	kings  [2]int    // squares of the two kings

	// Not in micro-Max: the search running now, as rootSearch sets it up.
	// ctl is what the code around it asked (budget, kibitz line, stop poll),
	// hook what watches it (rules, then ctl.hooks; nil: nothing), told the
	// move last told to it. After it, aborted says the poll stopped it
	// mid-iteration (the position is the root's again), and rootIndexKey and
	// rootLockKey are the root's keys (C: J and Z of main()'s call), where a
	// walk along the PV starts.
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
	// hooks watch the search, after the engine's rules; literal asks for
	// the literal search (a tree recorded needs its order of work).
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
// It also moves the early table into the table once that is resident.
func (e *Engine) pollStop() {
	if e.nodes&(stopPollNodes-1) == 0 {
		if e.early != nil && e.tableMemory.resident() {
			e.settleTable()
		}
		if e.ctl.poll != nil && e.ctl.poll(e.nodes) {
			panic(errStopped)
		}
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
	if e.early != nil && (literal || e.tableMemory.resident()) {
		e.settleTable() // the literal search reads the table itself
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

// searchHook is told what a search does, and may decide one thing: whether
// the reply to a move is searched.
type searchHook interface {
	// enter: a call of the search begins, after its table lookup: the side
	// to move, the window as received (alpha before micro-Max's q--), the
	// evaluation, the previous move's destination (8: the root; noSquare: a
	// stalemate probe), the depth asked for, the depth of the table entry
	// it resumes from (0: none usable) and the node counter. It returns the
	// depth the call resumes from: tableDepth, or 0 to iterate from scratch
	// (the laboratory's goose budget, whose scores the table cannot tell
	// apart, lab.go).
	enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int
	// iterate: an iteration of depth iter begins (the node counter counted
	// it); thinkingRoot: the call is the root thinking, not checking a move.
	iterate(iter int, thinkingRoot bool, nodes int)
	// move: the call has made the move m (m.made: it stands on the board),
	// or is about to make it. It returns the verdict (m.rule: micro-Max's)
	// and the move's score (m.score) that stand. m is the search's until
	// move returns.
	move(m *searchMove) (pruneRule, int)
	// newBest: the move last told gave the call a new best score.
	newBest()
	// iterated: an iteration ends with best score best. true asks for the
	// same iteration again (the laboratory's goose budget, lab.go), its
	// best move tried first.
	iterated(best, nodes int) (again bool)
	// leave: the call returns score: best plus the delayed-loss bonus.
	leave(best, score, nodes int)
}

// searchMove is a move a search has made, as a hook sees it where
// micro-Max decides whether to search its reply (C: v=s>1|v>f?-D(...):v).
type searchMove struct {
	side      int       // k: the side that moves
	root      bool      // made by the root (C: z==8)
	iter      int       // d: the depth of the iteration
	remaining int       // s: the depth the reply would be searched with
	from, to  int       // x, y
	piece     int       // u: the moving piece
	newPiece  int       // the piece on to after the move (a promoted pawn is a queen)
	victim    int       // t: the captured piece, or 0
	captureSq int       // H: the captured piece's square (to, or behind it for e.p.)
	rookFrom  int       // G: a castling rook's corner, else noSquare
	passed    int       // F: the square the king or pawn passed (the castled rook's square), else noSquare
	gain      int       // i: material gained, capture and promotion
	score     int       // v: the evaluation after the move, from side's view
	alphaNow  int       // f: alpha raised to the best score so far
	beta      int       // l
	tableMove bool      // the table's best move, tried first (C: h)
	rule      pruneRule // micro-Max's verdict, or a hook's before this one
	made      bool      // the move stands on the board (the literal search), else the board is as before it
}

// tell tells e's hook of the move m, kept in e.told (nothing is allocated
// per move), and returns the verdict and the score that stand.
func (e *Engine) tell(m searchMove) (pruneRule, int) {
	e.told = m
	return e.hook.move(&e.told)
}

// pruneRule names what cut a move whose reply the search did not search.
// micro-Max has one rule; the laboratory (lab.go) numbers its own after it.
type pruneRule uint8

const (
	notPruned    pruneRule = iota // the reply is searched
	ruleFutility                  // micro-Max 4.1's futility pruning: one ply left, and the move cannot raise alpha
)
