package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// jsonTree is the tree of treejson.go as the page reads it.
type jsonTree struct {
	Plies                                 int
	FEN, Side, Caption, Error             string
	Nodes, Drawn, Summarised, InBoxes     int
	Pruned, Cut, PrunedEarly, PrunedBoxes int
	Calls, TableHits, Answered            int
	Tree                                  []jsonNode
	Stubs                                 []jsonStub
}

type jsonNode struct {
	Parent                               int
	Move, San, Side                      string
	TableMove, QS, Line                  bool
	Alpha, Beta, Eval, Depth, TableDepth int
	Earlier                              [][6]any
	Last                                 [6]any
	Best, Score, BestChild, BestStub     int
	Total, BoxPruned                     int
	Box                                  [][6]any
}

type jsonStub struct {
	Node        int
	Move, San   string
	Rule        string
	Eval, After int
}

// passNodes is the nodes of a pass [d, m, "move", nodes, pruned, "san"].
func passNodes(p [6]any) int { return int(p[3].(float64)) }

// decodeTree writes the recorded tree as JSON and reads it back.
func decodeTree(t *testing.T, r *treeRecorder) jsonTree {
	t.Helper()
	var b strings.Builder
	must(t, r.writeJSON(&b, "caption \"quoted\"\n"))
	var tree jsonTree
	if err := json.Unmarshal([]byte(b.String()), &tree); err != nil {
		t.Fatalf("the tree's JSON does not decode: %v\n%.300s", err, b.String())
	}
	if tree.Caption != "caption \"quoted\"\n" {
		t.Errorf("caption %q", tree.Caption)
	}
	return tree
}

// TestTreeJSONCounts checks what the page's tree view and stepper show
// (the steps: checkSteps, stepsource_test.go): the nodes of
// the iteration (as the kibitz lines count them) split into drawn nodes,
// earlier iterations and quiescence boxes; every node's last iteration
// counting itself once plus the nodes of the children it searched; the
// best line starting at the root; and every node's moves, children and
// pruned stubs merged by "after", in micro-Max's order: the table's move
// first, then the board scan (walkRays) from some square on, around the
// board, cut short by a cut-off.
func TestTreeJSONCounts(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	for _, c := range treeCases() {
		tr := c.trace(t)
		tree := decodeTree(t, tr.rec)
		name := c.name
		if !c.futility {
			name += " (4.0)"
		}
		checkSteps(t, fmt.Sprintf("%s, %d ply", name, c.plies), tree, decodeSteps(t, tr.rec), tr.nodes)
		root := tree.Tree[0]
		if tree.Nodes != tr.nodes || tree.Drawn+tree.Summarised+tree.InBoxes != tree.Nodes || root.Total != tree.Nodes {
			t.Errorf("%s, %d ply: nodes %d = %d + %d + %d, root total %d; the kibitz lines say %d",
				name, c.plies, tree.Nodes, tree.Drawn, tree.Summarised, tree.InBoxes, root.Total, tr.nodes)
		}
		if tree.Cut+tree.PrunedEarly+tree.PrunedBoxes != tree.Pruned || tree.Cut != len(tree.Stubs) {
			t.Errorf("%s, %d ply: pruned %d = %d + %d + %d, %d stubs", name, c.plies, tree.Pruned, tree.Cut, tree.PrunedEarly, tree.PrunedBoxes, len(tree.Stubs))
		}
		children := tree.children()
		positions := make([]Position, len(tree.Tree))
		positions[0] = tr.rec.root
		for i, n := range tree.Tree {
			if i > 0 {
				positions[i] = positions[n.Parent]
				if n.Move != "" && positions[i].side != 0 {
					m, _ := parseSquarePair(n.Move)
					positions[i].makeMove(m)
				} else {
					positions[i].side = 0 // below a stalemate probe: not followed
				}
			}
			if n.QS || n.Last[0].(float64) == 0 {
				continue
			}
			sum := 1
			for _, k := range children[i] {
				sum += tree.Tree[k].Total
			}
			if passNodes(n.Last) != sum {
				t.Errorf("%s, %d ply: node %d (%s): its last iteration counts %d nodes, itself and its children %d",
					name, c.plies, i, n.Move, passNodes(n.Last), sum)
			}
			if n.Line != (i == 0 || tree.Tree[n.Parent].Line && tree.Tree[n.Parent].BestChild == i) {
				t.Errorf("%s, %d ply: node %d on the best line: %v", name, c.plies, i, n.Line)
			}
			if positions[i].side != 0 {
				checkMoveOrder(t, name, &positions[i], mergedMoves(tree, i, children[i]))
			}
		}
	}
}

// treeMoveRef is a move of a node in the tree view: a child or a stub.
type treeMoveRef struct {
	move  string
	table bool // the table's move, tried first
}

// mergedMoves lists node i's moves as the page does: its children and its
// stubs, each stub after the children recorded before it.
func mergedMoves(tree jsonTree, i int, children []int) []treeMoveRef {
	var moves []treeMoveRef
	tree.eachMove(i, children, func(c int) { moves = append(moves, treeMoveRef{tree.Tree[c].Move, tree.Tree[c].TableMove}) },
		func(s jsonStub) { moves = append(moves, treeMoveRef{move: s.Move}) })
	return moves
}

// children lists each node's children, in the order they were made.
func (tree jsonTree) children() [][]int {
	children := make([][]int, len(tree.Tree))
	for i, n := range tree.Tree[1:] {
		children[n.Parent] = append(children[n.Parent], i+1)
	}
	return children
}

// eachMove calls child with each child of node i (children: its children)
// and stub with each of its pruned moves, merged as the page merges them:
// each stub after the children recorded before it.
func (tree jsonTree) eachMove(i int, children []int, child func(c int), stub func(s jsonStub)) {
	k := 0
	for _, s := range tree.Stubs {
		if s.Node != i {
			continue
		}
		for ; k < len(children) && children[k] < s.After; k++ {
			child(children[k])
		}
		stub(s)
	}
	for ; k < len(children); k++ {
		child(children[k])
	}
}

// checkMoveOrder checks that moves (stalemate probes left out) are made in
// micro-Max's order from p: the table's move first, if any, then the moves
// of the board scan from where the first of them is, in order.
func checkMoveOrder(t *testing.T, name string, p *Position, moves []treeMoveRef) {
	t.Helper()
	var made []string
	for i, m := range moves {
		if m.move == "" {
			continue
		}
		if i == 0 && m.table {
			continue
		}
		made = append(made, m.move)
	}
	if len(made) == 0 {
		return
	}
	var scan []string
	for _, m := range p.pseudoMoves(nil) {
		if name := moveName(m.from, m.to); len(scan) == 0 || scan[len(scan)-1] != name { // a promotion once
			scan = append(scan, name)
		}
	}
	start := -1
	for k, m := range scan {
		if m == made[0] {
			start = k
		}
	}
	for k, m := range made {
		if start < 0 || k >= len(scan) || scan[(start+k)%len(scan)] != m {
			t.Errorf("%s: moves %v from %s are not micro-Max's scan %v", name, made, fenOf(p), scan)
			return
		}
	}
}

// parseSquarePair reads a move of the tree ("e2e4", a promotion being a
// queen's).
func parseSquarePair(s string) (Move, bool) {
	from, ok1 := parseSquare(s[0:2])
	to, ok2 := parseSquare(s[2:4])
	return Move{from: from, to: to}, ok1 && ok2
}

// TestTreeJSONUnfinished: a recording whose iteration was not reached
// writes no tree.
func TestTreeJSONUnfinished(t *testing.T) {
	r := newTreeRecorder(3, newGame(), startCounters)
	if err := r.writeJSON(&strings.Builder{}, ""); err == nil {
		t.Error("an unfinished recording was written")
	}
}

// TestJSONQuote: quotes, backslashes and control characters are escaped.
func TestJSONQuote(t *testing.T) {
	for _, s := range []string{"", "plain", `a "b" \c`, "tab\tnew\nline\x00\x7f"} {
		var back string
		if err := json.Unmarshal([]byte(jsonQuote(s)), &back); err != nil || back != s {
			t.Errorf("jsonQuote(%q) = %s, reads back as %q (%v)", s, jsonQuote(s), back, err)
		}
	}
}
