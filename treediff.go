package main

// The diff of two recorded iterations, for the page's compare panel: one
// position searched under two settings (4.1 and 4.0, or a laboratory rule
// and micro-Max), the same iteration recorded in each (tree.go). It finds
// the first step where the two searches part, and at every node both
// searched (the same path of moves from the root) the moves one searched
// and the other pruned, or never came to: the subtree the one searched,
// its nodes, and what the node scored and chose in each search.
//
// umax diff (uci_web.go) writes it as JSON, on one line:
//
//	{"plies":3, "fen":"...", "a":side, "b":side,
//	 "first":{"step":i, "nodeA":.., "nodeB":.., "path":"e7e5 g1f3", "sanPath":"e5 Nf3", "a":step, "b":step} (null if none),
//	 "moves":[move, ...], "searchedA":[moves, nodes], "searchedB":[moves, nodes]}
//
// A side is {"caption":..., "nodes":N, "pruned":P}: a search and its
// iteration's nodes and pruned moves. The first step is the first of the
// two searches' steps (treejson.go) that differ (null where one has no
// more steps); its path is the moves to its node in A. A move is
//
//	{"path":"b8c6 d2d3", "sanPath":"Nc6 d3", "nodeA":i, "nodeB":j, "move":"g8f6", "san":"Nf6",
//	 "searched":"a", "node":k, "nodes":1, "rule":"futile", "v":12, "made":true,
//	 "a":[m, score, "best", "best's SAN"], "b":[m, score, "best", "best's SAN"]}
//
// the move of the node at path (node i in A's tree, j in B's) that one
// search ("searched": "a" or "b") searched, as its node k (-1 in a
// quiescence box) of nodes nodes, while the other made it and cut it by
// rule with score v (its new evaluation, unless a laboratory rule scored
// it otherwise), or did not make it ("made": false, rule "").
// "a" and "b" are the node's best score, returned score and best move in
// each search. The SAN (san.go) is of the position at the node, where
// a move that is not legal is marked ("Ke1-e2*"). searchedA counts the
// moves only A searched, and their nodes.

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
)

// treeDiff is the difference of two recordings a and b.
type treeDiff struct {
	a, b  *treeRecorder
	first int // the index of the first step that differs; -1: none
	moves []diffMove
}

// diffMove is a move one search searched and the other did not.
type diffMove struct {
	nodeA, nodeB int       // the node that made it, in each tree
	from, to     int       // the move
	byB          bool      // B searched it, A did not (else A searched it)
	child        int       // its node in the tree that searched it; -1: a quiescence box's move
	nodes        int       // the nodes it counted there
	made         bool      // the other search made it and cut it by rule; else it never came to it
	rule         pruneRule // what cut it in the other search
	eval         int       // its score v in the other search, as cut
}

// moveEntry is a move a node made: its child node, stub or box move.
type moveEntry struct {
	from, to int
	child    int       // its node, if its reply was searched as one; else -1
	nodes    int       // the nodes it counted (0 if pruned)
	searched bool      // its reply was searched
	rule     pruneRule // what cut it, if not
	eval     int       // its new evaluation v
}

// nodeMoves lists node i's moves in the order made: its children and its
// stubs, merged by when they were made, or a quiescence box's moves.
func (r *treeRecorder) nodeMoves(i int, children []int) []moveEntry {
	n := &r.nodes[i]
	var list []moveEntry
	if n.quiescence {
		for _, m := range n.moves {
			list = append(list, moveEntry{from: m.from, to: m.to, child: -1, nodes: m.nodes, searched: m.rule == notPruned, rule: m.rule, eval: m.eval})
		}
		return list
	}
	child := func(c int) moveEntry {
		return moveEntry{from: r.nodes[c].from, to: r.nodes[c].to, child: c, nodes: r.nodes[c].totalNodes(), searched: true}
	}
	k := 0
	for _, s := range r.stubs {
		if s.node != i {
			continue
		}
		for ; k < len(children) && children[k] < s.after; k++ {
			list = append(list, child(children[k]))
		}
		list = append(list, moveEntry{from: s.from, to: s.to, child: -1, rule: s.rule, eval: s.eval})
	}
	for ; k < len(children); k++ {
		list = append(list, child(children[k]))
	}
	return list
}

// occurrenceKeys names a node's moves: each move with how many times the node
// had made it before (micro-Max makes the table's move first, and again
// where its scan meets it).
func occurrenceKeys(list []moveEntry) []string {
	seen := map[[2]int]int{}
	keys := make([]string, len(list))
	for k, m := range list {
		name := [2]int{m.from, m.to}
		keys[k] = treeMoveName(m.from, m.to) + "#" + strconv.Itoa(seen[name])
		seen[name]++
	}
	return keys
}

// pathKeys names every node by its path from the root, the keys of the
// moves that led to it (occurrenceKeys); it also returns each node's moves.
func (r *treeRecorder) pathKeys() (keys []string, moves [][]moveEntry) {
	keys = make([]string, len(r.nodes))
	moves = make([][]moveEntry, len(r.nodes))
	children := make([][]int, len(r.nodes))
	for i, n := range r.nodes[1:] {
		children[n.parent] = append(children[n.parent], i+1)
	}
	for i := range r.nodes {
		moves[i] = r.nodeMoves(i, children[i])
		for k, key := range occurrenceKeys(moves[i]) {
			if c := moves[i][k].child; c >= 0 {
				keys[c] = keys[i] + "/" + key
			}
		}
	}
	return keys, moves
}

// diffTrees compares two recordings of the same iteration of the same
// position: where their steps first differ, and at every node on a path
// both searched at the same depth, the moves only one of them searched.
func diffTrees(a, b *treeRecorder) (*treeDiff, error) {
	if !a.done || !b.done {
		return nil, errors.New("a search did not finish the iteration to record")
	}
	if a.plies != b.plies || fenOf(&a.root) != fenOf(&b.root) {
		return nil, errors.New("the two searches recorded different iterations or positions")
	}
	d := &treeDiff{a: a, b: b, first: -1}
	for i := 0; i < max(len(a.steps), len(b.steps)); i++ {
		if i >= len(a.steps) || i >= len(b.steps) || a.steps[i] != b.steps[i] {
			d.first = i
			break
		}
	}
	keysA, movesA := a.pathKeys()
	keysB, movesB := b.pathKeys()
	// A node is its path and its depth: a quiescence node (depth 1, one
	// box) and a full-width node on the same path are different nodes,
	// whose moves the diff does not compare.
	nodeKey := func(r *treeRecorder, i int, path string) string { return path + "@" + strconv.Itoa(r.nodes[i].depth) }
	inB := make(map[string]int, len(keysB))
	for j, k := range keysB {
		inB[nodeKey(b, j, k)] = j
	}
	for i, key := range keysA {
		j, ok := inB[nodeKey(a, i, key)] // the same path and depth: both quiescence nodes, or neither
		if !ok {
			continue
		}
		add := func(m, other moveEntry, made, byB bool) {
			d.moves = append(d.moves, diffMove{nodeA: i, nodeB: j, from: m.from, to: m.to, byB: byB, child: m.child,
				nodes: m.nodes, made: made, rule: other.rule, eval: other.eval})
		}
		listA, listB := movesA[i], movesB[j]
		keyA, keyB := occurrenceKeys(listA), occurrenceKeys(listB)
		byKeyA, byKeyB := map[string]moveEntry{}, map[string]moveEntry{}
		for k, m := range listA {
			byKeyA[keyA[k]] = m
		}
		for k, m := range listB {
			byKeyB[keyB[k]] = m
		}
		for k, m := range listA {
			other, made := byKeyB[keyA[k]]
			if m.searched && (!made || !other.searched) {
				add(m, other, made, false)
			} else if !m.searched && made && other.searched {
				add(other, m, true, true)
			}
		}
		for k, m := range listB {
			if _, made := byKeyA[keyB[k]]; !made && m.searched {
				add(m, moveEntry{}, false, true)
			}
		}
	}
	return d, nil
}

// path is the moves from the root to node i, in coordinates or in SAN,
// "(probe)" for a stalemate probe's pass.
func (r *treeRecorder) path(i int, san bool) string {
	var moves []string
	for ; i > 0; i = r.nodes[i].parent {
		name := treeMoveName(r.nodes[i].from, r.nodes[i].to)
		if san {
			name = r.moveNames().child(r, i)
		}
		if name == "" {
			name = "(probe)"
		}
		moves = append([]string{name}, moves...)
	}
	return strings.Join(moves, " ")
}

// writeJSON writes the diff as JSON (see the top of the file) on one line;
// captionA and captionB name the two searches.
func (d *treeDiff) writeJSON(w io.Writer, captionA, captionB string) error {
	j := &jsonWriter{w: bufio.NewWriter(w)}
	j.raw("{")
	j.field("plies").number(d.a.plies)
	j.field("fen").str(d.a.rootFEN())
	for _, side := range []struct {
		name, caption string
		r             *treeRecorder
	}{{"a", captionA, d.a}, {"b", captionB, d.b}} {
		t := side.r.totals()
		j.field(side.name).raw("{")
		j.field("caption").str(side.caption)
		j.field("nodes").number(t.nodes)
		j.field("pruned").number(t.pruned)
		j.raw("}")
	}
	j.field("first")
	d.writeFirstJSON(j)
	counts := d.writeMovesJSON(j)
	j.field("searchedA").raw("[").number(counts[0][0]).raw(",").number(counts[0][1]).raw("]")
	j.field("searchedB").raw("[").number(counts[1][0]).raw(",").number(counts[1][1]).raw("]")
	j.raw("}")
	return j.w.Flush()
}

// writeFirstJSON writes the first step at which the two searches differ,
// with its node in each tree and the path to it, or null.
func (d *treeDiff) writeFirstJSON(j *jsonWriter) {
	if d.first < 0 {
		j.raw("null")
	} else {
		j.raw("{")
		j.field("step").number(d.first)
		nodeA, nodeB := -1, -1
		stepOf := func(r *treeRecorder, node *int) {
			if d.first < len(r.steps) {
				*node = r.treeNodeOf(int(r.steps[d.first].node)) // (an inner node: its quiescence box)
				j.step(r.steps[d.first], r)
			} else {
				j.raw("null")
			}
		}
		j.field("a")
		stepOf(d.a, &nodeA)
		j.field("b")
		stepOf(d.b, &nodeB)
		j.field("nodeA").number(nodeA)
		j.field("nodeB").number(nodeB)
		path, sanPath := "", ""
		if nodeA >= 0 {
			path, sanPath = d.a.path(nodeA, false), d.a.path(nodeA, true)
		}
		j.field("path").str(path)
		j.field("sanPath").str(sanPath)
		j.raw("}")
	}
}

// writeMovesJSON writes the moves one search searched and the other did
// not, and returns how many each searched, with their nodes.
func (d *treeDiff) writeMovesJSON(j *jsonWriter) (counts [2][2]int) {
	j.field("moves").raw("[")
	namesA, namesB := d.a.moveNames(), d.b.moveNames()
	for k, m := range d.moves {
		if k > 0 {
			j.raw(",")
		}
		by, rule := "a", ""
		if m.byB {
			by = "b"
		}
		if m.made {
			rule = m.rule.String()
		}
		counts[b2i(m.byB)][0]++
		counts[b2i(m.byB)][1] += m.nodes
		j.raw("{")
		j.field("path").str(d.a.path(m.nodeA, false))
		j.field("sanPath").str(d.a.path(m.nodeA, true))
		j.field("nodeA").number(m.nodeA)
		j.field("nodeB").number(m.nodeB)
		j.field("move").str(treeMoveName(m.from, m.to))
		j.field("san").str(namesA.move(m.nodeA, m.from, m.to))
		j.field("searched").str(by)
		j.field("node").number(m.child)
		j.field("nodes").number(m.nodes)
		j.field("rule").str(rule)
		j.field("v").number(m.eval)
		j.field("made").boolean(m.made)
		for _, side := range []struct {
			name  string
			n     *treeNode
			san   *treeNames
			index int
		}{{"a", &d.a.nodes[m.nodeA], namesA, m.nodeA}, {"b", &d.b.nodes[m.nodeB], namesB, m.nodeB}} {
			j.field(side.name).raw("[").number(side.n.last.best).raw(",").number(side.n.score).raw(",").
				str(treeMoveName(side.n.last.from, side.n.last.to)).raw(",").
				str(side.san.move(side.index, side.n.last.from, side.n.last.to)).raw("]")
		}
		j.raw("}")
	}
	j.raw("]")
	return counts
}
