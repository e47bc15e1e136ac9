package main

import "testing"

// TestTreeDiffNodeKinds: a quiescence node and a full-width node on the same
// path are different nodes: the diff does not compare the box's moves with
// the full-width node's children (which would list the box's pruned move as
// one the full-width node searched and the other cut).
func TestTreeDiffNodeKinds(t *testing.T) {
	e2, e4, e7, e5 := 100, 68, 20, 52
	tree := func(quiescence bool) *treeRecorder {
		r := &treeRecorder{plies: 2, root: newGame(), done: true}
		r.nodes = []treeNode{
			{parent: -1, from: noSquare, to: noSquare, side: white, depth: 3, bestChild: -1, bestStub: -1},
			{parent: 0, from: e2, to: e4, side: black, depth: 2, bestChild: -1, bestStub: -1},
		}
		if quiescence {
			r.nodes[1].depth, r.nodes[1].quiescence = 1, true
			r.nodes[1].moves = []treeMove{{from: e7, to: e5, rule: ruleFutility}}
		} else {
			r.nodes = append(r.nodes, treeNode{parent: 1, from: e7, to: e5, side: white, depth: 1, quiescence: true, bestChild: -1, bestStub: -1})
		}
		return r
	}
	for _, c := range []struct {
		name string
		a, b *treeRecorder
	}{{"full-width against quiescence", tree(false), tree(true)}, {"quiescence against full-width", tree(true), tree(false)}} {
		d, err := diffTrees(c.a, c.b)
		must(t, err)
		for _, m := range d.moves {
			if m.nodeA == 1 {
				t.Errorf("%s: the diff compared the two nodes after e2e4: %+v", c.name, m)
			}
		}
	}
	// The same node in both: the move one searched and the other cut is listed.
	a, b := tree(false), tree(false)
	b.nodes = b.nodes[:2]
	b.stubs = []treeStub{{node: 1, from: e7, to: e5, rule: ruleFutility, after: 2}}
	d, err := diffTrees(a, b)
	must(t, err)
	if len(d.moves) != 1 || d.moves[0].nodeA != 1 || d.moves[0].byB || d.moves[0].rule != ruleFutility {
		t.Errorf("the same node, its move searched in A and cut in B: %+v", d.moves)
	}
}
