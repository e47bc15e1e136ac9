package main

import (
	"math"
	"testing"
)

// TestSlotRoundTrip: a slot gives back every field exactly as stored, the
// 32-bit lock, every score a search can reach, every from byte, every
// to (an on-board square, with and without its flag) and every depth (see
// hashSlot).
func TestSlotRoundTrip(t *testing.T) {
	table := make([]hashSlot, 3)
	scores := []int32{0, 1, -1, 8000, -8000, 7999, -8001, math.MaxInt16, math.MinInt16,
		math.MaxInt16 + 1, math.MinInt16 - 1, 57024 + 8099, -57024 - 8099, 57024 + 16*799 + 8099, 1<<17 - 1, -1 << 17}
	for i, score := range scores {
		for _, lock := range []int32{0, 1, -1, math.MaxInt32, math.MinInt32, 0x12345678} {
			square := (i * 37) & 0x77 // an on-board square
			want := hashEntry{lock: lock, score: score, from: uint8(i * 37), to: uint8(square | (i&1)<<7), depth: int8(i * 7 % 100)}
			slot := &table[i%len(table)]
			slot.store(want)
			if got := slot.load(); got != want {
				t.Fatalf("stored %+v, loaded %+v", want, got)
			}
		}
	}
	var slot hashSlot
	for v := 0; v < 256; v++ {
		want := hashEntry{lock: -7, score: -131071, from: uint8(v), to: uint8(v &^ 8), depth: int8(v % 100)}
		slot.store(want)
		if got := slot.load(); got != want {
			t.Fatalf("stored %+v, loaded %+v", want, got)
		}
	}
}

// TestWideScores: a position set up with 39 queens against a king, two
// pawns and a knight scores beyond 16 bits (+-34,312), and the table keeps
// such scores: had they wrapped in 16 bits, none would be that far from 0.
func TestWideScores(t *testing.T) {
	st := mustFEN(t, "kqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/8/PP6/KN6 b - - 0 1")
	e := newEngine(1 << 12)
	e.Position = st.pos
	e.pendingFrom = infinity
	e.rootSearch(&searchControl{budget: 2000})
	widest := int32(0)
	for i := range e.table {
		score := e.table[i].load().score
		widest = max(widest, score, -score)
	}
	if widest <= math.MaxInt16 {
		t.Errorf("the table holds scores up to +-%d, want some beyond 16 bits", widest)
	}
}
