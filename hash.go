package main

import "encoding/binary"

// The hash keys and the transposition table (micro-Max's key function K
// is key, umax.go).
//
// micro-Max keys a position by two 32-bit sums, both built incrementally
// along the path from the root: J picks the table entry, Z is stored in the
// entry to recognise the position. A move from x to y that moves piece u and
// captures t (standing on H) adds
//
//	key(y, piece on y after the move) - key(x, u) - key(H, t)
//
// to J, and the same with an offset of 8 bytes to Z. key(square, piece) reads
// four bytes of the table T as one little-endian int32, at the offset
// square + (piece&8) + 128*(piece&7): overlapping, unaligned reads from a
// table of 1035 pseudo-random bytes. The bytes come from glibc's rand(),
// never seeded, so we replay that generator exactly.

// keyBytes is the size of micro-Max's T[] table.
const keyBytes = 1035

// keyWords[i] is the little-endian int32 that micro-Max reads at T+i
// (its macro K). Reading a precomputed word is the same number as the
// four byte reads of the C program, without assembling it at every move.
var keyWords [keyBytes - 3]int32

func init() {
	var t [keyBytes]byte // T[]: zero below index 136
	r := glibcRand(keyBytes - 136)
	for n := 0; n < len(r); n++ {
		t[keyBytes-1-n] = byte(r[n] >> 9) // T[1034] gets the first rand(), T[136] the last
	}
	for i := range keyWords {
		keyWords[i] = int32(binary.LittleEndian.Uint32(t[i:]))
	}
}

// pieceKey holds both key words of one piece on one square.
type pieceKey struct {
	index int32 // K(square, piece): the J key's term
	lock  int32 // K(square+8, piece): the Z key's term
}

// pieceKeys[piece&15][square] is key(square, piece) and key(square+8, piece),
// looked up in one place instead of computing the byte offset at every move.
// Only the colour and type bits of a piece enter a key, so 16 rows suffice.
var pieceKeys [16][128]pieceKey

func init() {
	for piece := 0; piece < 16; piece++ {
		for _, square := range boardSquares {
			pieceKeys[piece][square] = pieceKey{key(square, piece), key(square+8, piece)}
		}
	}
}

// moveKeys returns the keys of the position after a move, micro-Max's
// J+J(0) and Z+J(8)+G-S: the sums at the top of this file, with newPiece the
// piece now on to (a promoted pawn); castling adds rookFrom-128 to the lock.
func moveKeys(indexKey, lockKey int32, from, to, captureSq, piece, newPiece, victim, rookFrom int) (int32, int32) {
	newKey := &pieceKeys[newPiece&15][to&127]
	oldKey := &pieceKeys[piece&15][from&127]
	capKey := &pieceKeys[victim&15][captureSq&127]
	return indexKey + newKey.index - oldKey.index - capKey.index,
		lockKey + newKey.lock - oldKey.lock - capKey.lock + int32(rookFrom-noSquare)
}

// glibcRand returns the first n values of glibc's rand() with the default
// seed 1: the additive feedback generator r[i] = r[i-3] + r[i-31], seeded by
// a Lehmer sequence and run 310 steps before its first output.
func glibcRand(n int) []int32 {
	r := make([]int32, 344+n)
	r[0] = 1
	for i := 1; i < 31; i++ {
		r[i] = int32(16807 * int64(r[i-1]) % 2147483647) // seed table
	}
	for i := 31; i < 34; i++ {
		r[i] = r[i-31]
	}
	for i := 34; i < len(r); i++ {
		r[i] = r[i-31] + r[i-3] // wraps at 32 bits, as in glibc
	}
	out := make([]int32, n)
	for k := range out {
		out[k] = int32(uint32(r[k+344]) >> 1)
	}
	return out
}

// hashEntry is micro-Max's struct _ {int K,V; char X,Y,D}.
type hashEntry struct {
	lock  int32 // K: the Z key of the position stored here
	score int32 // V: its score
	from  uint8 // X: best move's from-square; bit 3: score is a lower bound, bit 7: an upper bound
	to    uint8 // Y: best move's to-square; bit 7 set unless it was a castling or double step
	depth int8  // D: depth the score holds for (98: a mate, good for any depth)
}

// hashSlot is a hashEntry packed into 9 bytes, little-endian: the lock in
// bits 0-31, the score in 32-49, from in 50-57, to in 58-64 and the depth in
// 65-71. C's struct takes 12 bytes with its padding; our table of 1<<24
// entries needs 144 MiB instead of 192, which keeps the whole program's
// memory well below the C program's, gives the kernel fewer pages to fault
// in and the caches more slots to hold.
//
// The fields keep every value a search stores. A score is an evaluation,
// give or take 8000 (a mate) and the delayed-loss bonus (at most one a ply),
// and an evaluation is a set-up position's (at most 64 queens: 57,024) plus
// what the moves since gained: captures of pieces that were on the board, at
// most 16 promotions of 799, and positional terms that each piece can
// collect only a few times. That is far inside 18 bits (+-131,071). to is
// an on-board square, whose bit 3 is always 0, with bit 7 as a flag: 7 bits
// without bit 3. A depth is 0 to 99: 7 bits.
type hashSlot [9]byte

// load reads the entry in a slot.
func (s *hashSlot) load() hashEntry {
	u := binary.LittleEndian.Uint64(s[0:8])
	to := uint8(u>>58) | s[8]<<6&64 // to without its bit 3
	return hashEntry{
		lock:  int32(u),
		score: int32(uint32(u>>32)<<14) >> 14, // bits 32..49, sign-extended
		from:  uint8(u >> 50),
		to:    to&7 | to<<1&0xf0, // bit 3 back in, as 0
		depth: int8(s[8] >> 1),
	}
}

// store writes an entry into a slot.
func (s *hashSlot) store(h hashEntry) {
	to := uint64(h.to&7 | h.to>>1&0x78) // to without its bit 3
	binary.LittleEndian.PutUint64(s[0:8], uint64(uint32(h.lock))|uint64(uint32(h.score)&0x3ffff)<<32|uint64(h.from)<<50|to<<58)
	s[8] = uint8(to>>6) | uint8(h.depth)<<1
}

// The table's size: the smallest, and micro-Max's (U = 1<<24 entries).
const (
	minTableSize       = 1 << 10
	defaultHashEntries = 1 << 24
)

// prefaultTables, set by main, has allocTable fault a new table's memory
// in before it returns (table_linux.go, table_other.go), so that no search
// faults a page of it: a fresh table is resident, its first search as
// quick as any. Tests leave it off: they make many engines, and most
// touch little of their tables.
var prefaultTables bool

// resizeTable replaces the transposition table by an empty one of n entries
// (a power of two), of zeroed memory (resident at once: prefaultTables).
func (e *Engine) resizeTable(n int) {
	e.table, e.tableMemory = nil, nil // let the old table go before the new one is allocated
	e.table, e.tableMemory = allocTable(n)
	e.tableMask = int32(n - 1)
}

// clearTable empties the table.
func (e *Engine) clearTable() { clear(e.table) }

// slotIndex is the table index of a position: its J key with the e.p.
// square's term, under the mask (C: J+k*E&U-1).
func (e *Engine) slotIndex(indexKey int32, side, epSquare int) int32 {
	return (indexKey + int32(side*epSquare)) & e.tableMask
}

// tableEntries is the number of table entries that mb MiB give: the
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
