package main

import "testing"

// TestHookBalanced: in both searches every call the hook is told of
// (enter) is told to return (leave), also the root's when it plays its
// move (the pending move, left made as the search returns beta): after
// each search, thinking and then playing a typed move, as many leaves as
// enters.
func TestHookBalanced(t *testing.T) {
	for _, literal := range []bool{false, true} {
		e := newEngine(1 << 16)
		e.literal = literal
		for _, move := range []string{"", "e7e5", "", "b8c6"} {
			count := &callCounter{}
			e.pendingFrom = infinity
			if move != "" {
				m := mustMove(t, &e.Position, move)
				e.pendingFrom, e.pendingTo = m.from, m.to
			}
			if !e.rootSearch(&searchControl{budget: 20000, hooks: []searchHook{count}}) {
				t.Fatalf("literal %v, %q: no move", literal, move)
			}
			if count.enters == 0 || count.enters != count.leaves {
				t.Errorf("literal %v, %q: %d enters, %d leaves", literal, move, count.enters, count.leaves)
			}
		}
	}
}

// callCounter is a hook that counts enters and leaves.
type callCounter struct {
	quietHook
	enters, leaves int
}

func (c *callCounter) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	c.enters++
	return tableDepth
}
func (c *callCounter) leave(best, score, nodes int) { c.leaves++ }
