package main

// The stepper's steps (umax steps, stepsource.go).

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// jsonSteps is umax steps' answer (treejson.go) as a page reads it.
type jsonSteps struct {
	Plies  int
	FEN    string
	Nodes  int
	Boards []string
	Eps    []int
	Inner  []jsonNode // the calls inside quiescence boxes, numbered after the tree's nodes
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
	all := append(append([]jsonNode(nil), tree.Tree...), steps.Inner...) // the steps' nodes: the tree's, then the inner ones
	if len(steps.Boards) != len(all) || len(steps.Eps) != len(all) || steps.Boards[0] != tree.FEN {
		fail("%d boards, %d e.p. squares for %d nodes, the root's %q", len(steps.Boards), len(steps.Eps), len(all), steps.Boards[0])
	}
	for i, nd := range steps.Inner { // an inner node is a call inside a quiescence box, below the box
		p := nd.Parent
		for p >= len(tree.Tree) {
			p = all[p].Parent
		}
		if nd.Depth != 1 || nd.Parent >= len(tree.Tree)+i || !tree.Tree[p].QS {
			fail("inner node %d %+v is not inside a quiescence box", len(tree.Tree)+i, nd)
		}
	}
	n := len(all)
	enter, leave := make([]int, n), make([]int, n)
	for i := range enter {
		enter[i], leave[i] = -1, -1
	}
	enter[0], leave[0] = 0, len(s)-1
	next, innerNext := 1, 0
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
			if node != next && node != len(tree.Tree)+innerNext || all[node].Parent != top {
				fail("step %d enters node %d (parent %d) after node %d, within %d", k, node, all[node].Parent, next-1, top)
			}
			if node >= len(tree.Tree) { // the inner nodes are entered in their order, among the tree's
				innerNext++
				enter[node] = k
				stack = append(stack, node)
				continue
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
			if got := nodes - stepInt(s[enter[node]], 2); node < len(tree.Tree) && got != tree.Tree[node].Total {
				fail("node %d counted %d nodes between its entry and its return, the tree says %d", node, got, tree.Tree[node].Total)
			}
			if stepInt(st, 3) != all[node].Best || stepInt(st, 4) != all[node].Score {
				fail("node %d returns %v, the tree says best %d, score %d", node, st, all[node].Best, all[node].Score)
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
			terms, e := st[8].([]any), all[node].Eval
			for _, x := range terms {
				e += int(x.(float64))
			}
			if lab := st[6] != "searched" && st[6] != "futile"; len(terms) != 5 || e != stepInt(st, 4) && !lab {
				fail("step %d %v: v is not e %d plus its terms", k, st, all[node].Eval)
			}
		case "best":
			best[node] = st[4].(string)
		case "cut":
			if stepInt(st, 3) < all[node].Beta {
				fail("step %d %v: a cut-off below beta %d", k, st, all[node].Beta)
			}
		case "store":
			if l := all[node].Last; stepInt(st, 3) != int(l[0].(float64)) || stepInt(st, 4) != int(l[1].(float64)) {
				fail("node %d stores %v, its last iteration is %v", node, st, l)
			}
		case "reply":
			box := tree.Tree[node].Box
			if k := stepInt(st, 3); !tree.Tree[node].QS || k >= len(box) || box[k][2] != st[4] {
				fail("step %d %v: not a reply of the box %v", k, st, box)
			}
		}
	}
	if next+innerNext != n || len(stack) != 1 {
		fail("%d nodes entered of %d, %d not left", next+innerNext, n, len(stack)-1)
	}
	for k, st := range s {
		for i := stepInt(st, 1); i > 0; i = all[i].Parent {
			if k < enter[i] || k > leave[i] {
				fail("step %d %v is outside node %d's steps %d to %d", k, st, i, enter[i], leave[i])
			}
		}
	}
	children := tree.children()
	for i, nd := range tree.Tree {
		if fmt.Sprint(passes[i]) != fmt.Sprint(nd.Earlier) && !(len(passes[i]) == 0 && len(nd.Earlier) == 0) {
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
			tree.eachMove(i, children[i], func(c int) { want = appendChild(want, tree.Tree[c].Move) },
				func(st jsonStub) { want = append(want, move{st.Move, st.Rule, st.Eval}) })
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
	checked, scans := 0, 0
	d := newUCIDialogue(t, newEngine(defaultHashEntries), config{lab: true})
	d.sync("uci")
	for _, name := range games {
		g := readGoldenReplay(t, filepath.Join("testdata", name))
		d.expectNothing(fmt.Sprintf("setoption name Futility Pruning value %v", g.futility), "ucinewgame")
		search := 0
		g.playUCI(t, func(i int, _ *gameRecord, position string, diverged bool) string {
			if diverged {
				return "0000" // an illegal move typed: the C program's counts are of another game
			}
			plies := 2 + search%3 // 2, 3, 4, 2, ...
			if reduced() && search > 0 {
				plies = 2 + search%2 // a 4-ply iteration in the opening only: in the middle game its JSON is megabytes
			}
			search++
			d.expectNothing(fmt.Sprintf("umax record %d", plies))
			got := d.search(position, fmt.Sprintf("go nodes %d", g.budget))
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
				if plies < 4 {
					scans += checkScan(t, fmt.Sprintf("%s, input %d, %d ply", name, i, plies), tree, steps)
				}
				checked++
			}
			return strings.Fields(got[len(got)-1])[1]
		})
	}
	if checked < 10 {
		t.Errorf("only %d iterations checked", checked)
	}
	t.Logf("%d iterations' steps checked against the C program's node counts, %d nodes' board scans against their moves", checked, scans)
}

// TestStepSourceTexts checks the stepper's map of the literal search
// (stepsource.go): every text it finds a line by occurs exactly once in
// search_literal.go, every part lights a line, and the source built into
// the program is the file.
func TestStepSourceTexts(t *testing.T) {
	data := readFile(t, "search_literal.go")
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
	// The board scan's parts in search_literal.go, the laboratory rules'
	// tests in lab.go: each text once, each part some code.
	lab := readFile(t, "lab.go")
	if string(lab) != labSource {
		t.Errorf("the lab.go built in is not lab.go")
	}
	for _, c := range []struct {
		file, text string
		table      []sourcePart
	}{{"search_literal.go", literalSource, scanSource}, {"lab.go", labSource, labRuleSource}} {
		lines := sourceLines(c.text, c.table)
		for _, p := range c.table {
			for _, text := range p.texts {
				if n := strings.Count(c.text, text); n != 1 {
					t.Errorf("the part %q finds its line by %q, which occurs %d times in %s (want once): update stepsource.go", p.part, text, n, c.file)
				}
			}
			if len(lines[p.part]) < len(p.texts) {
				t.Errorf("%s: part %q lights lines %v", c.file, p.part, lines[p.part])
			}
		}
	}
	for _, r := range ruleNames[ruleFutility:ruleUnlisted] {
		if !slices.ContainsFunc(labRuleSource, func(p sourcePart) bool { return p.part == r }) {
			t.Errorf("the laboratory's rule %q has no lines in stepsource.go's labRuleSource", r)
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
