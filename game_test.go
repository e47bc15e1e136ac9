package main

import (
	"strings"
	"testing"
)

// TestRepetitionClaim: a repetition is a draw to claim at the third
// occurrence of a position, not at the second (XBoard forfeits a false
// claim); the other positions of the knights' dance stay open until they
// too come a third time.
func TestRepetitionClaim(t *testing.T) {
	g := gameAfter(t, "")
	name := func(end gameEnd) string {
		if end == notOver {
			return "not over"
		}
		return endTexts[end].comment
	}
	moves := strings.Fields("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3")
	for i, m := range moves {
		g.play(mustMove(t, &g.current().pos, m))
		want := notOver
		if i >= 7 { // the start a third time, then the position after g1f3
			want = repetition
		}
		if got := g.end(); got != want {
			t.Errorf("after %s: %s, want %s", strings.Join(moves[:i+1], " "), name(got), name(want))
		}
	}
}

// TestRepetitionAfterEnPassantChance: a position in which an e.p. capture
// was possible does not count for a repetition claim (XBoard's rule), even
// when its pieces stand as in a later one.
func TestRepetitionAfterEnPassantChance(t *testing.T) {
	g := gameAfter(t, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4") // next to the pawn on d4: d4xe3 e.p. is possible
	dance := strings.Fields("e8d8 e1d1 d8e8 d1e1")
	for round := 1; round <= 3; round++ {
		for _, m := range dance {
			g.play(mustMove(t, &g.current().pos, m))
		}
		want := notOver // the position after e2e4 a second, a third time: the first does not count
		if round == 3 {
			want = repetition
		}
		if got := g.end(); got != want {
			t.Errorf("round %d of the kings' dance: end %d, want %d", round, got, want)
		}
	}
}
