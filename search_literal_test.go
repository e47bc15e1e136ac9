package main

import (
	"bytes"
	"testing"
)

// TestLiteralGolden runs every golden input through the literal search and
// compares the output with the C program's, as TestClassicGolden does for
// the fast search: together they show that the two searches print the same
// bytes. Unless UMAX_FULL=1 (switch_test.go), it runs only the inputs that
// ask for at most 500000 nodes of thinking (empty lines times the budget),
// about a quarter of the work.
func TestLiteralGolden(t *testing.T) {
	t.Parallel() // the goldens run beside the other searches
	for _, g := range goldenCases(t) {
		t.Run(g.name, func(t *testing.T) {
			if thinking := thinkingNodes(g); reduced() && thinking > 500000 {
				t.Skipf("not run: %d nodes of thinking; %s=1 go test ./... runs it", thinking, fullSwitch)
			}
			t.Parallel()
			g.check(t, true)
		})
	}
}

// thinkingNodes is how many nodes a golden input asks the engine to think
// for: its empty lines times the node budget.
func thinkingNodes(g goldenCase) int {
	n := 0
	for _, line := range bytes.Split(g.input, []byte("\n")) {
		if len(line) == 0 {
			n++
		}
	}
	return (n - 1) * g.budget // the last "line" is what follows the final newline
}

// statsConsole is the console mode of the tests that run the same short
// game two ways and compare the output (the literal search, -tree): a
// table of 1<<20 entries, 30000 nodes a search, -stats on.
func statsConsole(futility bool) *console {
	e := newEngine(1 << 20)
	e.futility = futility
	return &console{e: e, budget: 30000, stats: true}
}

// TestLiteralStats checks that the literal search counts the -stats figures
// the fast search counts, for 4.1 and 4.0.
func TestLiteralStats(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	input := []byte("e2e4\n\nd2d4\n\ng1f3\n\n")
	for _, futility := range []bool{true, false} {
		var stats [2]searchStats
		var out [2]bytes.Buffer
		for i, literal := range []bool{false, true} {
			c := statsConsole(futility)
			c.e.literal = literal
			c.run(bytes.NewReader(input), &out[i])
			stats[i] = c.last
		}
		if stats[0] != stats[1] {
			t.Errorf("futility %v: the searches' statistics differ:\nfast    %+v\nliteral %+v", futility, stats[0], stats[1])
		}
		if stats[1].made[2] == 0 || stats[1].nodes[1] == 0 || futility && stats[1].pruned[2] == 0 {
			t.Errorf("futility %v: statistics not counted: %+v", futility, stats[1])
		}
		compareOutput(t, out[0].Bytes(), out[1].Bytes())
	}
}

// TestLiteralStops checks that the literal search obeys the stop flag, the
// node limit and the soft stop as the fast one does: it gives up at the
// same node count, with the board put back, and a soft stop plays the best
// move of the last iteration.
func TestLiteralStops(t *testing.T) {
	for _, tc := range []struct {
		name      string
		stop      bool
		nodeLimit int
		softStop  bool
	}{
		{"stop", true, 1 << 30, false},
		{"node limit", false, 10000, false},
		{"soft stop", false, 1 << 30, true},
	} {
		var got [2]Engine
		for i, literal := range []bool{false, true} {
			e := newEngine(1 << 16)
			e.literal = literal
			ctl := &searchControl{budget: 1000000} // a search that ignores the limits ends here, not aborted
			ctl.poll = func(nodes int) bool { return tc.stop || tc.nodeLimit > 0 && nodes >= tc.nodeLimit }
			ctl.softStop.Store(tc.softStop)
			e.pendingFrom = infinity
			before := e.Position
			played := e.rootSearch(ctl)
			if played == e.aborted {
				t.Errorf("%s, literal %v: played %v, aborted %v", tc.name, literal, played, e.aborted)
			}
			e.board[noSquare] = 0 // the dummy square: every move without castling writes it
			if e.aborted && e.Position != before {
				t.Errorf("%s, literal %v: the board was not put back", tc.name, literal)
			}
			got[i].Position, got[i].nodes, got[i].aborted = e.Position, e.nodes, e.aborted
		}
		if got[0].nodes != got[1].nodes || got[0].aborted != got[1].aborted || got[0].Position != got[1].Position {
			t.Errorf("%s: fast search stopped after %d nodes (aborted %v), literal after %d (aborted %v), or in other positions",
				tc.name, got[0].nodes, got[0].aborted, got[1].nodes, got[1].aborted)
		}
	}
}
