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
	var g gameRecord
	g.reset(setup{pos: newGame()})
	name := func(end gameEnd) string {
		if end == notOver {
			return "not over"
		}
		return resultTexts[end]
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
