package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// treeCase is a search whose iteration of plies ply -tree records: the
// position set up by fen (the initial position if empty) and the moves
// played from it.
type treeCase struct {
	name     string
	fen      string
	moves    string
	plies    int
	futility bool
}

// treeCases are the searches the tree tests record: after 1.e4 at each
// depth the pictures show and one more, a middle-game position, a mate
// (every reply loses the king: stalemate probes) and a stalemate at the
// root, each with futility pruning on and off. At the root a mate score
// (and a stalemate) ends the deepening: the iteration that finds it is the
// last, and its kibitz line says 97 ply.
func treeCases() []treeCase {
	var cases []treeCase
	for _, futility := range []bool{true, false} {
		for plies := 1; plies <= 4; plies++ {
			cases = append(cases, treeCase{"e4", "", "e2e4", plies, futility})
		}
		cases = append(cases,
			treeCase{"Najdorf", "", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6", 3, futility},
			treeCase{"mate", "k7/8/1K6/8/8/8/8/7R w - - 0 1", "", 2, futility},
			treeCase{"stalemate", "k7/8/1Q6/8/8/8/8/7K b - - 0 1", "", 1, futility})
	}
	return cases
}

// tracedIteration is a recorded iteration with what the search itself said
// of it: its kibitz lines and its statistics.
type tracedIteration struct {
	rec             *treeRecorder
	nodes           int         // the iteration's nodes: the difference of its kibitz line and the one before
	before, after   searchStats // the statistics at the iteration's start and end
	score, from, to int         // its kibitz line's score and move
	pv              []Move      // the principal variation the table holds after it
}

// trace searches the case's position with a recorder attached, stopping
// after the iteration to record, and returns the recording with the
// search's own account of that iteration.
func (c treeCase) trace(t *testing.T) tracedIteration {
	t.Helper()
	e := newEngine(1 << 20)
	e.futility = c.futility
	if c.fen != "" {
		e.Position = mustFEN(t, c.fen).pos
	}
	for _, text := range strings.Fields(c.moves) {
		must(t, e.play(mustMove(t, &e.Position, text)))
	}
	var tr tracedIteration
	root := e.Position
	tr.rec = newTreeRecorder(c.plies, root, startCounters)
	e.pendingFrom = infinity
	var stats searchStats
	ctl := &searchControl{budget: noBudget, literal: true, hooks: []searchHook{&stats, tr.rec}}
	lastNodes, recorded := 0, false
	ctl.report = func(depth, nodes, score, from, to int) {
		switch {
		case recorded:
		case depth < c.plies:
			tr.before = stats
		default: // the iteration recorded (a mate makes its kibitz line say 97 ply)
			recorded = true
			tr.after, tr.nodes = stats, nodes-lastNodes
			tr.score, tr.from, tr.to = score, from, to
			tr.pv = e.principalVariation(&root, from, to, 20)
			ctl.softStop.Store(true)
		}
		lastNodes = nodes
	}
	e.rootSearch(ctl)
	if !tr.rec.done {
		t.Fatalf("%s: the %d-ply iteration was not recorded", c.name, c.plies)
	}
	return tr
}

// sum adds up a statistic over all depths.
func sum(counts *[maxIter]int64) int {
	n := int64(0)
	for _, c := range counts {
		n += c
	}
	return int(n)
}

// TestTreePruned is TestTreeCounts's check of the pruned moves on one small
// search (1.e4, 2 plies), not in parallel: a miscount fails in seconds,
// rather than at the end of the suite with the parallel tests.
func TestTreePruned(t *testing.T) {
	tr := treeCase{"e4", "", "e2e4", 2, true}.trace(t)
	if got, want := tr.rec.totals().pruned, prunedByStats(tr); got != want || got == 0 {
		t.Errorf("1.e4, 2 ply: %d moves pruned in the tree, -stats says %d", got, want)
	}
}

// prunedByStats is the moves pruned in the traced iteration as -stats
// counts them: moves made less moves searched.
func prunedByStats(tr tracedIteration) int {
	return sum(&tr.after.made) - sum(&tr.after.searched) - (sum(&tr.before.made) - sum(&tr.before.searched))
}

// TestTreeCounts checks that the recorded tree accounts for the whole
// iteration as the search counted it: its nodes (the kibitz lines), its
// calls, table hits and pruned moves (-stats), each split into what the
// picture draws and what it summarises, the parts adding up.
func TestTreeCounts(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	for _, c := range treeCases() {
		tr := c.trace(t)
		r, tot := tr.rec, tr.rec.totals()
		name := c.name
		if !c.futility {
			name += " (4.0)"
		}
		if tot.nodes != tr.nodes || tot.drawn+tot.summarised+tot.inBoxes != tot.nodes {
			t.Errorf("%s, %d ply: nodes %d = %d drawn + %d summarised + %d in boxes; the kibitz lines say %d",
				name, c.plies, tot.nodes, tot.drawn, tot.summarised, tot.inBoxes, tr.nodes)
		}
		pruned := prunedByStats(tr)
		if tot.pruned != pruned || tot.stubs+tot.prunedEarly+tot.prunedBoxes != tot.pruned {
			t.Errorf("%s, %d ply: pruned %d = %d stubs + %d summarised + %d in boxes; -stats says %d",
				name, c.plies, tot.pruned, tot.stubs, tot.prunedEarly, tot.prunedBoxes, pruned)
		}
		calls := sum(&tr.after.nodes) - sum(&tr.before.nodes)
		hits := sum(&tr.after.hashHits) - sum(&tr.before.hashHits)
		done := sum(&tr.after.hashDone) - sum(&tr.before.hashDone)
		if r.calls != calls || r.tableHits != hits || r.answered != done {
			t.Errorf("%s, %d ply: calls %d, table hits %d (%d answered); -stats says %d, %d (%d)",
				name, c.plies, r.calls, r.tableHits, r.answered, calls, hits, done)
		}
		if c.futility && c.name == "e4" && c.plies >= 2 && tot.stubs == 0 {
			t.Errorf("%s, %d ply: no futile move drawn", name, c.plies)
		}
		if !c.futility && tot.pruned != 0 {
			t.Errorf("%s, %d ply: 4.0 pruned %d moves", name, c.plies, tot.pruned)
		}
		probes := 0
		for i, n := range r.nodes {
			if i > 0 && (n.parent < 0 || n.parent >= i) {
				t.Fatalf("%s, %d ply: node %d has parent %d", name, c.plies, i, n.parent)
			}
			if i > 0 && n.from == noSquare {
				probes++
			}
		}
		if c.name != "e4" && c.name != "Najdorf" && probes == 0 {
			t.Errorf("%s, %d ply: no stalemate probe recorded", name, c.plies)
		}
	}
}

// TestTreeBestLine checks that the bold line of the picture is the
// search's: it starts with the iteration's best move and score, as its
// kibitz line says, and its moves are those of the principal variation the
// table holds after the iteration.
func TestTreeBestLine(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	for _, c := range treeCases() {
		tr := c.trace(t)
		r := tr.rec
		var line []string // the moves of the bold line: its nodes', and a best pruned move at its end
		last := 0
		for i := r.nodes[0].bestChild; i >= 0; i = r.nodes[i].bestChild {
			line = append(line, moveName(r.nodes[i].from, r.nodes[i].to))
			last = i
		}
		if s := r.nodes[last].bestStub; s >= 0 {
			line = append(line, moveName(r.stubs[s].from, r.stubs[s].to))
		}
		var pv []string
		for _, m := range tr.pv {
			pv = append(pv, moveName(m.from, m.to))
		}
		root := &r.nodes[0]
		if root.best != tr.score {
			t.Errorf("%s, %d ply: the root's score is %d, the kibitz line's %d", c.name, c.plies, root.best, tr.score)
		}
		if root.bestChild < 0 && root.bestStub < 0 {
			if c.name != "stalemate" && c.name != "mate" {
				t.Errorf("%s, %d ply: no best move at the root", c.name, c.plies)
			}
			continue
		}
		if line[0] != moveName(tr.from, tr.to) {
			t.Errorf("%s, %d ply: the bold line starts with %s, the kibitz line says %s", c.name, c.plies, line[0], moveName(tr.from, tr.to))
		}
		n := min(len(line), len(pv))
		if strings.Join(line[:n], " ") != strings.Join(pv[:n], " ") || len(line) < min(c.plies, len(pv)) {
			t.Errorf("%s, %d ply (futility %v): bold line %v, the table's PV %v", c.name, c.plies, c.futility, line, pv)
		}
	}
}

// dotLine is a statement of the DOT writeDOT writes: a node or an edge.
var dotLine = regexp.MustCompile(`^\t(\w+)(?: -> (\w+))? ?(\[.*\])?;$`)

// TestTreeDOT checks that the picture is a well-formed tree in DOT: every
// statement parses, every node is declared once, every edge joins declared
// nodes, every node but the root has exactly one parent.
func TestTreeDOT(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	for _, c := range treeCases() {
		tr := c.trace(t)
		var out bytes.Buffer
		must(t, tr.rec.writeDOT(&out, "test"))
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if !strings.HasPrefix(lines[0], "digraph tree {") || lines[len(lines)-1] != "}" {
			t.Fatalf("%s: not a digraph: %q ... %q", c.name, lines[0], lines[len(lines)-1])
		}
		declared := map[string]bool{}
		parents := map[string]int{}
		var edges [][2]string
		for _, line := range lines[1 : len(lines)-1] {
			if strings.HasPrefix(line, "\tgraph [") || strings.HasPrefix(line, "\tnode [") || strings.HasPrefix(line, "\tedge [") {
				continue
			}
			m := dotLine.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("%s: a line that is neither node nor edge: %q", c.name, line)
			}
			if (strings.Count(m[3], `"`)-strings.Count(m[3], `\"`))%2 != 0 {
				t.Fatalf("%s: unbalanced quotes: %q", c.name, line)
			}
			if m[2] == "" {
				if declared[m[1]] {
					t.Fatalf("%s: %s declared twice", c.name, m[1])
				}
				declared[m[1]] = true
				continue
			}
			edges = append(edges, [2]string{m[1], m[2]})
			parents[m[2]]++
		}
		for _, e := range edges {
			if !declared[e[0]] || !declared[e[1]] {
				t.Fatalf("%s: edge %s -> %s joins an undeclared node", c.name, e[0], e[1])
			}
		}
		for id := range declared {
			if want := map[bool]int{true: 0, false: 1}[id == "n0"]; parents[id] != want {
				t.Errorf("%s: %s has %d parents", c.name, id, parents[id])
			}
		}
		if len(edges) != len(declared)-1 {
			t.Errorf("%s: %d nodes, %d edges: not a tree", c.name, len(declared), len(edges))
		}
	}
}

// TestTreeGraphviz checks that Graphviz draws the pictures (dot -Tsvg), up
// to 3 ply.
func TestTreeGraphviz(t *testing.T) {
	needFull(t, "draws the tree with Graphviz's dot (graphviz)")
	dot := needProgram(t, "dot", "graphviz")
	for _, c := range treeCases() {
		if c.plies > 3 {
			continue // a picture of thousands of nodes: Graphviz takes seconds
		}
		tr := c.trace(t)
		var out bytes.Buffer
		must(t, tr.rec.writeDOT(&out, "test"))
		cmd := exec.Command(dot, "-Tsvg")
		cmd.Stdin = &out
		svg, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: dot -Tsvg: %v", c.name, err)
		}
		if !bytes.Contains(svg, []byte("<svg")) {
			t.Fatalf("%s: dot wrote no SVG", c.name)
		}
	}
}

// TestTreeSameOutput checks that a search with -tree prints what a search
// without it prints, byte for byte (kibitz lines, moves, -stats), for 4.1
// and 4.0, and that it writes the picture of the search asked for.
func TestTreeSameOutput(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	input := []byte("e2e4\n\nd2d4\n\n")
	for _, futility := range []bool{true, false} {
		var out [2]bytes.Buffer
		var log bytes.Buffer
		path := filepath.Join(t.TempDir(), "tree.dot")
		for i, traced := range []bool{false, true} {
			c := statsConsole(futility)
			if traced {
				c.treePlies = 3
			}
			c.run(bytes.NewReader(input), &out[i])
			if traced {
				writeTreeFile(c.tree, path, treeCaption(c.e), &log)
			}
		}
		compareOutput(t, out[0].Bytes(), out[1].Bytes())
		dot, err := os.ReadFile(path)
		if err != nil || !bytes.HasPrefix(dot, []byte("digraph tree {")) {
			t.Errorf("futility %v: no picture written (%v); log: %s", futility, err, log.String())
		}
		if !strings.Contains(log.String(), "3-ply iteration's tree") {
			t.Errorf("futility %v: log %q", futility, log.String())
		}
	}
}

// TestTreeNotReached checks that a search which ends before the iteration
// asked for writes no picture and says why.
func TestTreeNotReached(t *testing.T) {
	c := &console{e: newEngine(1 << 16), budget: 1000}
	var log bytes.Buffer
	path := filepath.Join(t.TempDir(), "tree.dot")
	c.treePlies = 9
	c.run(strings.NewReader("\n"), &bytes.Buffer{})
	wrote := writeTreeFile(c.tree, path, "test", &log)
	if wrote || !strings.Contains(log.String(), "before its 9-ply iteration") {
		t.Errorf("wrote %v, log %q", wrote, log.String())
	}
	if _, err := os.Stat(path); err == nil {
		t.Errorf("a picture was written")
	}
}

// TestTreeTitleCounters: the picture's title writes the root's FEN with
// the game's move counters, counted over the moves typed and played.
func TestTreeTitleCounters(t *testing.T) {
	c := &console{e: newEngine(1 << 16), budget: 1000, treePlies: 2}
	c.run(strings.NewReader("g1f3\ng8f6\nb1c3\n\n"), io.Discard)
	var dot bytes.Buffer
	must(t, c.tree.writeDOT(&dot, "test"))
	if want := "Black to move: rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - 3 2"; !strings.Contains(dot.String(), want) {
		t.Errorf("the title does not say %q:\n%.600s", want, dot.String())
	}
}

// TestTreeImages checks that the DOT files of doc/laboratory.md's pictures
// (scripts/tree-images.sh) are what the engine writes now: the 3-ply
// iteration after 1.e4, with futility pruning and without. The search
// runs to a small budget: the iteration's tree depends only on the table
// the iterations before it leave, not on how long the root goes on.
func TestTreeImages(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	for _, c := range []struct {
		file     string
		futility bool
	}{{"doc/tree-e4-41.dot", true}, {"doc/tree-e4-40.dot", false}} {
		want := readFile(t, c.file)
		e := newEngine(defaultHashEntries)
		e.futility = c.futility
		var got bytes.Buffer
		cons := &console{e: e, budget: 1000, treePlies: 3}
		cons.run(strings.NewReader("e2e4\n\n"), io.Discard)
		if err := cons.tree.writeDOT(&got, treeCaption(e)); err != nil {
			t.Error(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s is not what -tree 3 writes now: run scripts/tree-images.sh", c.file)
			compareOutput(t, want, got.Bytes())
		}
	}
}
