package main

import (
	"math"
	"testing"
)

// TestSlotRoundTrip: a slot gives back every field exactly as stored,
// micro-Max's int score and 32-bit lock included, also for scores that do
// not fit in the slot's 16 bits.
func TestSlotRoundTrip(t *testing.T) {
	table := make([]hashSlot, 4)
	scores := []int32{0, 1, -1, 8000, -8000, 7999, -8001, math.MaxInt16, math.MinInt16,
		math.MinInt16 + 1, math.MaxInt16 + 1, math.MinInt16 - 1, 55242, -55242, math.MaxInt32, math.MinInt32}
	for i, score := range scores {
		for _, lock := range []int32{0, 1, -1, math.MaxInt32, math.MinInt32, 0x12345678} {
			want := hashEntry{lock: lock, score: score, from: uint8(i * 37), to: uint8(255 - i), depth: int8(i*13 - 99)}
			slot := &table[i%len(table)]
			slot.store(want)
			if got := slot.load(); got != want {
				t.Fatalf("stored %+v, loaded %+v", want, got)
			}
		}
	}
	// A narrow score replaces a wide one in the same slot, and the other way round.
	slot := &table[0]
	for _, score := range []int32{100000, 5, -100000, math.MinInt16, -7} {
		slot.store(hashEntry{score: score})
		if got := slot.load().score; got != score {
			t.Errorf("score %d loaded as %d", score, got)
		}
	}
}
