package main

import (
	"fmt"
	"strings"
	"testing"
)

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

// jsonPathKeys names the nodes of a tree by their paths: each move with how
// many times its node had made it before (children, pruned moves) in the
// order made.
func jsonPathKeys(tree jsonTree) []string {
	keys := make([]string, len(tree.Tree))
	children := tree.children()
	for i := range tree.Tree {
		seen := map[string]int{}
		tree.eachMove(i, children[i], func(c int) {
			keys[c] = fmt.Sprintf("%s/%s#%d", keys[i], tree.Tree[c].Move, seen[tree.Tree[c].Move])
			seen[tree.Tree[c].Move]++
		}, func(s jsonStub) { seen[s.Move]++ })
	}
	return keys
}

// jsonSANPath is the moves from the root to node i in SAN, as the tree
// names them.
func jsonSANPath(tree jsonTree, i int) string {
	var moves []string
	for ; i > 0; i = tree.Tree[i].Parent {
		name := tree.Tree[i].San
		if name == "" {
			name = "(probe)"
		}
		moves = append([]string{name}, moves...)
	}
	return strings.Join(moves, " ")
}

// checkDiff checks a diff against the two trees: each move it lists is
// searched in one tree (its node, of its nodes, under the node at its
// path) and cut by its rule in the other, or not made there; and every
// node of either tree that the other has not (no node of that path) lies
// in a subtree it lists.
func checkDiff(t *testing.T, name string, a, b jsonTree, diff jsonDiff) {
	t.Helper()
	if diff.Error != "" || diff.A.Nodes != a.Nodes || diff.B.Nodes != b.Nodes || diff.Plies != a.Plies {
		t.Fatalf("%s: the diff %+v of trees of %d and %d nodes", name, diff, a.Nodes, b.Nodes)
	}
	trees := map[string]jsonTree{"a": a, "b": b}
	listed := map[string]map[int]bool{"a": {}, "b": {}}
	var counts [2][2]int
	for _, m := range diff.Moves {
		searched, other := trees[m.Searched], trees[map[string]string{"a": "b", "b": "a"}[m.Searched]]
		parent, otherParent := m.NodeA, m.NodeB
		if m.Searched == "b" {
			parent, otherParent = m.NodeB, m.NodeA
		}
		counts[b2i(m.Searched == "b")][0]++
		counts[b2i(m.Searched == "b")][1] += m.Nodes
		if m.SanPath != jsonSANPath(a, m.NodeA) {
			t.Fatalf("%s: %+v: the path in SAN is not %q", name, m, jsonSANPath(a, m.NodeA))
		}
		if m.Node >= 0 {
			n := searched.Tree[m.Node]
			if n.Parent != parent || n.Move != m.Move || n.San != m.San || n.Total != m.Nodes {
				t.Fatalf("%s: %+v: node %d of %s is %s (parent %d, %d nodes)", name, m, m.Node, m.Searched, n.Move, n.Parent, n.Total)
			}
			listed[m.Searched][m.Node] = true
		} else {
			found := false
			for _, bm := range searched.Tree[parent].Box {
				found = found || bm[0] == m.Move && bm[5] == m.San && bm[3] == "searched" && int(bm[4].(float64)) == m.Nodes
			}
			if !found {
				t.Fatalf("%s: %+v: no such searched move in box %v", name, m, searched.Tree[parent].Box)
			}
		}
		cut := false
		for _, s := range other.Stubs {
			cut = cut || s.Node == otherParent && s.Move == m.Move && s.Rule == m.Rule && s.Eval == m.V
		}
		for _, bm := range other.Tree[otherParent].Box {
			cut = cut || bm[0] == m.Move && bm[3] == m.Rule && int(bm[1].(float64)) == m.V
		}
		if cut != m.Made || m.Made == (m.Rule == "") {
			t.Fatalf("%s: %+v: the other search cut it: %v", name, m, cut)
		}
	}
	if counts[0] != diff.SearchedA || counts[1] != diff.SearchedB {
		t.Errorf("%s: counts %v %v, the diff says %v %v", name, counts[0], counts[1], diff.SearchedA, diff.SearchedB)
	}
	keys := map[string][]string{"a": jsonPathKeys(a), "b": jsonPathKeys(b)}
	for side, tree := range trees {
		otherKeys := map[string]bool{}
		for _, k := range keys[map[string]string{"a": "b", "b": "a"}[side]] {
			otherKeys[k] = true
		}
		for i := range tree.Tree {
			if otherKeys[keys[side][i]] {
				continue
			}
			top := i // the node's highest ancestor that the other tree has not
			for !otherKeys[keys[side][tree.Tree[top].Parent]] {
				top = tree.Tree[top].Parent
			}
			if !listed[side][top] {
				t.Fatalf("%s: node %d of %s (%s) is in no subtree the diff lists: its subtree at node %d (%s) is missing",
					name, i, side, keys[side][i], top, keys[side][top])
			}
		}
	}
}

// TestWebDiff: umax diff compares the trees of the last two searches that
// recorded one: a search against itself differs nowhere; 4.1 against 4.0
// after 1.e4 first differs where 4.1 prunes a move as futile and 4.0
// searches it, at the first frontier node, and each such move is listed
// with the quiescence node 4.0 searched; a laboratory rule against
// micro-Max lists what the rule cut. Every diff accounts for every node
// one tree has and the other has not (checkDiff).
func TestWebDiff(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	d := newUCIDialogue(t, newEngine(defaultHashEntries), config{lab: true})
	d.sync("uci")
	var diff jsonDiff
	webAnswer(t, d, "umax diff", &diff)
	if !strings.Contains(diff.Error, "two searches") {
		t.Errorf("a diff before any recording: %+v", diff)
	}
	// record searches the position after moves under a setting, and
	// returns its tree.
	record := func(plies int, moves string, options ...string) jsonTree {
		t.Helper()
		for _, name := range []string{"Futility Pruning value true", "Futility Margin value 0", "Aggressive Futility value false", "Extended Futility value false"} {
			d.expectNothing("setoption name " + name)
		}
		for _, o := range options {
			d.expectNothing("setoption name " + o)
		}
		d.expectNothing("ucinewgame", fmt.Sprintf("umax record %d", plies))
		d.search("position startpos moves "+moves, fmt.Sprintf("go depth %d", plies))
		var tree jsonTree
		webAnswer(t, d, "umax tree", &tree)
		if tree.Error != "" {
			t.Fatal(tree.Error)
		}
		return tree
	}
	a := record(3, "e2e4")
	webAnswer(t, d, "umax diff", &diff)
	if !strings.Contains(diff.Error, "two searches") {
		t.Errorf("a diff after one recording: %+v", diff)
	}
	b := record(3, "e2e4")
	diff = jsonDiff{}
	webAnswer(t, d, "umax diff", &diff)
	checkDiff(t, "4.1 against itself", a, b, diff)
	if diff.First != nil || len(diff.Moves) != 0 {
		t.Errorf("a search against itself: first difference %+v, %d moves", diff.First, len(diff.Moves))
	}

	b = record(3, "e2e4", "Futility Pruning value false")
	diff = jsonDiff{}
	webAnswer(t, d, "umax diff", &diff)
	checkDiff(t, "4.1 against 4.0", a, b, diff)
	if f := diff.First; f == nil || fmt.Sprint(f.A) != "[move 2 5 g8h6 7 15 futile false [5 0 0 0 0] Nh6]" || fmt.Sprint(f.B) != "[move 2 5 g8h6 7 15 searched false [5 0 0 0 0] Nh6]" ||
		f.Path != "b8c6 d2d3" || f.SanPath != "Nc6 d3" || f.NodeA != 2 || f.NodeB != 2 {
		t.Errorf("4.1 against 4.0 after 1.e4: the first difference %+v", f)
	}
	if diff.SearchedA[0] != 0 || diff.SearchedB[0] == 0 || diff.SearchedB[0] > a.Pruned || diff.B.Pruned != 0 {
		t.Errorf("4.1 against 4.0 after 1.e4: A searched %v, B %v, A pruned %d", diff.SearchedA, diff.SearchedB, a.Pruned)
	}
	for _, m := range diff.Moves {
		if m.Searched != "b" || m.Rule != "futile" || !m.Made || m.Nodes > 1 {
			t.Fatalf("4.1 against 4.0: %+v, want a move 4.1 found futile and 4.0 searched as a quiescence node", m)
		}
	}
	t.Logf("4.1 against 4.0 after 1.e4, 3 ply: 4.0 searched %d moves that 4.1 cut as futile (%d nodes)", diff.SearchedB[0], diff.SearchedB[1])

	a = record(3, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6")
	b = record(3, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "Aggressive Futility value true")
	diff = jsonDiff{}
	webAnswer(t, d, "umax diff", &diff)
	checkDiff(t, "micro-Max against aggressive futility", a, b, diff)
	rules := map[string]int{}
	for _, m := range diff.Moves {
		rules[m.Searched+" "+m.Rule]++
	}
	if rules["a aggressive"] == 0 || diff.First == nil {
		t.Errorf("aggressive futility in the Ruy Lopez: %v", rules)
	}
	t.Logf("micro-Max against aggressive futility in the Ruy Lopez, 3 ply: %v", rules)
	a = record(3, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6") // and the other way round
	diff = jsonDiff{}
	webAnswer(t, d, "umax diff", &diff)
	checkDiff(t, "aggressive futility against micro-Max", b, a, diff)
	back := map[string]int{}
	for _, m := range diff.Moves {
		back[m.Searched+" "+m.Rule]++
	}
	if back["b aggressive"] != rules["a aggressive"] || back["b "] != rules["a "] || back["b "] == 0 {
		t.Errorf("aggressive futility against micro-Max: %v, the other way round %v", back, rules)
	}

	d.expectNothing("umax record 2")
	d.search("position startpos moves e2e4", "go depth 2")
	webAnswer(t, d, "umax diff", &diff)
	if !strings.Contains(diff.Error, "different") {
		t.Errorf("a diff of different positions: %+v", diff.Error)
	}
}

// jsonDiff is umax diff's answer (treediff.go).
type jsonDiff struct {
	Plies int
	FEN   string
	A, B  struct {
		Caption       string
		Nodes, Pruned int
	}
	First *struct {
		Step, NodeA, NodeB int
		Path, SanPath      string
		A, B               []any
	}
	Moves []struct {
		Path, SanPath string
		NodeA, NodeB  int
		Move, San     string
		Searched      string
		Node, Nodes   int
		Rule          string
		V             int
		Made          bool
		A, B          [4]any
	}
	SearchedA, SearchedB [2]int
	Error                string
}
