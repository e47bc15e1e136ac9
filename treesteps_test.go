package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// jsonSteps is umax steps' answer (treejson.go) as a page reads it.
type jsonSteps struct {
	Plies  int
	FEN    string
	Nodes  int
	Boards []string
	Steps  [][]any
	Error  string
}

// decodeSteps writes the recorded steps as JSON and reads them back.
func decodeSteps(t *testing.T, r *treeRecorder) jsonSteps {
	t.Helper()
	var b strings.Builder
	must(t, r.writeStepsJSON(&b))
	var steps jsonSteps
	if err := json.Unmarshal([]byte(b.String()), &steps); err != nil {
		t.Fatalf("the steps' JSON does not decode: %v\n%.300s", err, b.String())
	}
	return steps
}

// stepInt is the number at index k of a step.
func stepInt(s []any, k int) int { return int(s[k].(float64)) }

// checkSteps checks that the steps walk the tree as the search did: the
// root's iteration first; every other node entered once, in the tree's
// order, and left once, with only its own steps and its subtree's between;
// the node counter never going back, counting each node's total between
// its entry and its return, and ending at the iteration's nodes (want);
// each node's earlier iterations its pass steps; the moves of its last
// iteration its move steps, in order, each searched or cut as the tree
// says; its best, its store and its return the tree's.
func checkSteps(t *testing.T, name string, tree jsonTree, steps jsonSteps, want int) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: "+format, append([]any{name}, args...)...)
	}
	s := steps.Steps
	if len(s) == 0 || s[0][0] != "iterate" || stepInt(s[0], 1) != 0 || stepInt(s[0], 2) != 1 || stepInt(s[0], 3) != tree.Plies+1 {
		fail("the first step %v is not the root's iteration %d", s[0], tree.Plies+1)
	}
	last := s[len(s)-1]
	if last[0] != "store" || stepInt(last, 1) != 0 || stepInt(last, 2) != want || steps.Nodes != want || tree.Nodes != want {
		fail("the last step %v, nodes %d, the tree's %d: the iteration counted %d", last, steps.Nodes, tree.Nodes, want)
	}
	if len(steps.Boards) != len(tree.Tree) || steps.Boards[0] != tree.FEN {
		fail("%d boards for %d nodes, the root's %q", len(steps.Boards), len(tree.Tree), steps.Boards[0])
	}
	n := len(tree.Tree)
	enter, leave := make([]int, n), make([]int, n)
	for i := range enter {
		enter[i], leave[i] = -1, -1
	}
	enter[0], leave[0] = 0, len(s)-1
	next := 1
	var stack []int // the nodes entered and not left
	stack = append(stack, 0)
	type move struct {
		name, rule string
		v          int
	}
	appendChild := func(list []move, name string) []move {
		if name == "" {
			return list // a stalemate probe: no move made
		}
		return append(list, move{name, "searched", 0})
	}
	moves := make([][]move, n)
	passes := make([][][6]any, n)
	best := make([]string, n)
	counter := 0
	for k, st := range s {
		node, nodes := stepInt(st, 1), stepInt(st, 2)
		if nodes < counter {
			fail("step %d %v: the node counter goes back from %d", k, st, counter)
		}
		counter = nodes
		top := stack[len(stack)-1]
		switch st[0] {
		case "enter":
			if node != next || tree.Tree[node].Parent != top {
				fail("step %d enters node %d (parent %d) after node %d, within %d", k, node, tree.Tree[node].Parent, next-1, top)
			}
			enter[node] = k
			next++
			stack = append(stack, node)
			continue
		case "leave":
			if node != top || leave[node] >= 0 {
				fail("step %d leaves node %d within %d", k, node, top)
			}
			leave[node] = k
			stack = stack[:len(stack)-1]
			if got := nodes - stepInt(s[enter[node]], 2); got != tree.Tree[node].Total {
				fail("node %d counted %d nodes between its entry and its return, the tree says %d", node, got, tree.Tree[node].Total)
			}
			if stepInt(st, 3) != tree.Tree[node].Best || stepInt(st, 4) != tree.Tree[node].Score {
				fail("node %d returns %v, the tree says best %d, score %d", node, st, tree.Tree[node].Best, tree.Tree[node].Score)
			}
			continue
		}
		if node != top {
			fail("step %d %v is not at node %d, the one running", k, st, top)
		}
		switch st[0] {
		case "iterate":
			moves[node], best[node] = nil, ""
		case "pass":
			passes[node] = append(passes[node], [6]any{st[3], st[4], st[5], st[6], st[7], st[8]})
		case "move":
			moves[node] = append(moves[node], move{st[3].(string), st[6].(string), stepInt(st, 4)})
		case "best":
			best[node] = st[4].(string)
		case "cut":
			if stepInt(st, 3) < tree.Tree[node].Beta {
				fail("step %d %v: a cut-off below beta %d", k, st, tree.Tree[node].Beta)
			}
		case "store":
			if l := tree.Tree[node].Last; stepInt(st, 3) != int(l[0].(float64)) || stepInt(st, 4) != int(l[1].(float64)) {
				fail("node %d stores %v, its last iteration is %v", node, st, l)
			}
		case "reply":
			box := tree.Tree[node].Box
			if k := stepInt(st, 3); !tree.Tree[node].QS || k >= len(box) || box[k][2] != st[4] {
				fail("step %d %v: not a reply of the box %v", k, st, box)
			}
		}
	}
	if next != n || len(stack) != 1 {
		fail("%d nodes entered of %d, %d not left", next, n, len(stack)-1)
	}
	for k, st := range s {
		for i := stepInt(st, 1); i > 0; i = tree.Tree[i].Parent {
			if k < enter[i] || k > leave[i] {
				fail("step %d %v is outside node %d's steps %d to %d", k, st, i, enter[i], leave[i])
			}
		}
	}
	children := make([][]int, n)
	for i, nd := range tree.Tree[1:] {
		children[nd.Parent] = append(children[nd.Parent], i+1)
	}
	for i, nd := range tree.Tree {
		if fmt.Sprint(passes[i]) != fmt.Sprint(nd.Earlier) {
			fail("node %d: pass steps %v, earlier iterations %v", i, passes[i], nd.Earlier)
		}
		if nd.Last[0].(float64) == 0 {
			if len(moves[i]) != 0 {
				fail("node %d ran no iteration and made moves %v", i, moves[i])
			}
			continue
		}
		var want []move
		if nd.QS {
			for _, m := range nd.Box {
				want = append(want, move{m[0].(string), m[3].(string), int(m[1].(float64))})
			}
		} else {
			k := 0
			for _, st := range tree.Stubs {
				if st.Node != i {
					continue
				}
				for ; k < len(children[i]) && children[i][k] < st.After; k++ {
					want = appendChild(want, tree.Tree[children[i][k]].Move)
				}
				want = append(want, move{st.Move, st.Rule, st.Eval})
			}
			for ; k < len(children[i]); k++ {
				want = appendChild(want, tree.Tree[children[i][k]].Move)
			}
			for k := range moves[i] {
				if k < len(want) && want[k].rule == "searched" {
					moves[i][k].v = 0 // the tree keeps no v of a child
				}
			}
		}
		if fmt.Sprint(moves[i]) != fmt.Sprint(want) {
			fail("node %d (%s): move steps %v, the tree's moves %v", i, nd.Move, moves[i], want)
		}
		if l := nd.Last; best[i] != l[2].(string) && int(l[1].(float64)) < infinity {
			fail("node %d: the last new best is %q, the tree's best move %q", i, best[i], l[2])
		}
	}
}

// TestStepsMatchC replays golden games of the C program through UCI, as
// the page's game does, recording in every search the 2-, 3- or 4-ply
// iteration in turn (4 plies only in the first search unless the switch is
// on), and checks each search's steps (checkSteps) against
// the C program's node count of that iteration, the difference of its
// kibitz lines.
func TestStepsMatchC(t *testing.T) {
	t.Parallel() // the goldens run beside the other searches
	games := []string{"classic/castling-ep.50000", "classic40/castling-ep.50000", "classic/scholars-mate.50000"}
	if !reduced() {
		games = append(games, "classic/castling-ep-black.50000", "classic/promotion-white.50000",
			"classic/promotion-black.50000", "classic/selfplay-qgd.20000", "classic40/selfplay20.50000")
	}
	checked := 0
	d := newUCIDialogue(t, newEngine(defaultHashEntries), config{})
	d.sync("uci")
	for _, name := range games {
		g := readGoldenReplay(t, filepath.Join("testdata", name))
		d.expectNothing(fmt.Sprintf("setoption name Futility Pruning value %v", g.futility), "ucinewgame")
		var moves []string
		var game gameRecord
		game.reset(setup{pos: newGame()})
		search := 0
		for i, line := range g.inputs {
			if line != "" {
				m, ok := game.current().pos.parseMove(line)
				if !ok {
					break // an illegal move typed: UCI cannot send it (TestUCINodeCountsMatchC)
				}
				game.play(m)
				moves = append(moves, m.String())
				continue
			}
			plies := 2 + search%3 // 2, 3, 4, 2, ...
			if reduced() && search > 0 {
				plies = 2 + search%2 // a 4-ply iteration in the opening only: in the middle game its JSON is megabytes
			}
			search++
			d.expectNothing(fmt.Sprintf("umax record %d", plies))
			got := d.search("position startpos moves "+strings.Join(moves, " "), fmt.Sprintf("go nodes %d", g.budget))
			best := strings.Fields(got[len(got)-1])[1]
			var nodes [2]int // the C program's kibitz lines of plies-1 and plies ply
			found := 0
			for _, k := range g.blocks[i] {
				if k.depth == plies-1 || k.depth == plies {
					nodes[k.depth-plies+1] = k.nodes
					found++
				}
			}
			if found == 2 {
				var tree jsonTree
				var steps jsonSteps
				webAnswer(t, d, "umax tree", &tree)
				webAnswer(t, d, "umax steps", &steps)
				if tree.Error != "" || steps.Error != "" {
					t.Fatalf("%s, input %d: %s %s", name, i, tree.Error, steps.Error)
				}
				checkSteps(t, fmt.Sprintf("%s, input %d, %d ply", name, i, plies), tree, steps, nodes[1]-nodes[0])
				checked++
			}
			if best == "0000" {
				break
			}
			m, _ := game.current().pos.parseMove(best)
			game.play(m)
			moves = append(moves, m.String())
		}
	}
	if checked < 10 {
		t.Errorf("only %d iterations checked", checked)
	}
	t.Logf("%d iterations' steps checked against the C program's node counts", checked)
}

// TestStepSourceTexts checks the stepper's map of the literal search
// (stepsource.go): every text it finds a line by occurs exactly once in
// search_literal.go, every part lights a line, and the source built into
// the program is the file.
func TestStepSourceTexts(t *testing.T) {
	data, err := os.ReadFile("search_literal.go")
	must(t, err)
	if string(data) != literalSource {
		t.Errorf("the source built in is not search_literal.go")
	}
	for _, p := range stepSource {
		for _, text := range p.texts {
			if c := strings.Count(string(data), text); c != 1 {
				t.Errorf("the stepper's part %q finds its line by %q, which occurs %d times in search_literal.go (want once): update stepsource.go", p.part, text, c)
			}
		}
	}
	lines := stepSourceLines(literalSource)
	file := strings.Split(literalSource, "\n")
	for _, p := range stepSource {
		if len(lines[p.part]) < len(p.texts) {
			t.Errorf("part %q lights lines %v", p.part, lines[p.part])
		}
		for _, n := range lines[p.part] {
			if n < 1 || n > len(file) || strings.TrimSpace(file[n-1]) == "" {
				t.Errorf("part %q lights line %d, which is no code", p.part, n)
			}
		}
	}
	// A statement over two lines lights both; one of one line, one.
	if got := lines["store"]; len(got) < 8 {
		t.Errorf("the store lights %v: the whole of slot.store(...) and hook.iterated", got)
	}
	if got := lines["cut"]; len(got) != 2 || got[1] != got[0]+1 {
		t.Errorf("the cut lights %v: if best >= beta { and break scan", got)
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

// jsonPathKeys names the nodes of a tree by their paths: each move with how
// many times its node had made it before (children, pruned moves) in the
// order made.
func jsonPathKeys(tree jsonTree) []string {
	keys := make([]string, len(tree.Tree))
	children := make([][]int, len(tree.Tree))
	for i, n := range tree.Tree[1:] {
		children[n.Parent] = append(children[n.Parent], i+1)
	}
	for i := range tree.Tree {
		seen := map[string]int{}
		k := 0
		child := func(c int) {
			keys[c] = fmt.Sprintf("%s/%s#%d", keys[i], tree.Tree[c].Move, seen[tree.Tree[c].Move])
			seen[tree.Tree[c].Move]++
		}
		for _, s := range tree.Stubs {
			if s.Node != i {
				continue
			}
			for ; k < len(children[i]) && children[i][k] < s.After; k++ {
				child(children[i][k])
			}
			seen[s.Move]++
		}
		for ; k < len(children[i]); k++ {
			child(children[i][k])
		}
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
	d := newUCIDialogue(t, newEngine(defaultHashEntries), config{})
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
	if f := diff.First; f == nil || fmt.Sprint(f.A) != "[move 2 5 g8h6 7 15 futile false Nh6]" || fmt.Sprint(f.B) != "[move 2 5 g8h6 7 15 searched false Nh6]" ||
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

// TestWebSteps: umax steps sends the steps of the tree umax tree sends, or
// says why there are none; umax source sends search_literal.go and the
// lines of each part of a step; umax san at PLY gives the SAN of moves from
// an earlier position of the game (a search's root, after the engine's move).
func TestWebSteps(t *testing.T) {
	d := newUCIDialogue(t, newEngine(1<<16), config{})
	d.sync("uci")
	var steps jsonSteps
	webAnswer(t, d, "umax steps", &steps)
	if !strings.Contains(steps.Error, "umax record") {
		t.Errorf("steps before any recording: %+v", steps)
	}
	d.expectNothing("umax record 2")
	d.search("position startpos moves e2e4", "go depth 2")
	steps = jsonSteps{}
	webAnswer(t, d, "umax steps", &steps)
	if steps.Error != "" || steps.Plies != 2 || steps.Nodes != 138-6 || len(steps.Steps) == 0 || steps.FEN != steps.Boards[0] {
		t.Errorf("the steps of the 2-ply iteration after 1.e4: %+v", steps.Error)
	}
	var source struct {
		File, Text string
		Lines      map[string][]int
	}
	webAnswer(t, d, "umax source", &source)
	if source.File != "search_literal.go" || source.Text != literalSource || len(source.Lines) != len(stepSource) || len(source.Lines["leave"]) != 2 {
		t.Errorf("umax source: %s, %d bytes, lines %v", source.File, len(source.Text), source.Lines)
	}
	var san struct{ SAN []string }
	d.expectNothing("position startpos moves e2e4 e7e5 g1f3")
	for command, want := range map[string]string{
		"umax san at 1 e7e5 g1f3 b8c6": "e5 Nf3 Nc6", "umax san at 0 e2e4": "e4", "umax san at 3 b8c6": "Nc6",
		"umax san at 4 b8c6": "", "umax san at x e2e4": "", "umax san b8c6": "Nc6", "umax san at": "",
	} {
		san.SAN = nil
		webAnswer(t, d, command, &san)
		if strings.Join(san.SAN, " ") != want {
			t.Errorf("%s: %v, want %q", command, san.SAN, want)
		}
	}
}
