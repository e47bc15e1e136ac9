package main

// The board scan of the stepper (stepscan.go) against recorded iterations.

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// checkScan checks the board scan (scanWalk) of every iteration the steps
// show, walked as the page asks for it (umax scan): from the node's
// position as the steps give it (its FEN and its e.p. square E), from the
// scan's start B and the table's move Y of the iteration's step. The moves
// it reaches are the moves the iteration made, in order: all of them, or,
// where a cut-off stopped the scan, as many as it made. It returns the
// iterations checked.
func checkScan(t *testing.T, name string, tree jsonTree, steps jsonSteps) int {
	t.Helper()
	all := append(append([]jsonNode(nil), tree.Tree...), steps.Inner...)
	s := steps.Steps
	checked := 0
	for k, st := range s {
		if st[0] != "iterate" {
			continue
		}
		node, iter := stepInt(st, 1), stepInt(st, 3)
		var made []string
		cut := false
	moves:
		for _, x := range s[k+1:] {
			if stepInt(x, 1) != node {
				continue
			}
			switch x[0] {
			case "move":
				made = append(made, x[3].(string))
			case "cut":
				cut = true
			case "store":
				break moves
			}
		}
		p, err := scanPosition(steps.Boards[node], steps.Eps[node])
		if err != nil {
			t.Fatalf("%s: node %d's board %q: %v", name, node, steps.Boards[node], err)
		}
		lastTo := noSquare // a stalemate probe
		switch {
		case node == 0:
			lastTo = 8
		case all[node].Move != "":
			lastTo, _ = parseSquare(all[node].Move[2:4])
		}
		var got []string
		events := scanWalk(&p, stepInt(st, 5), stepInt(st, 6), iter, lastTo, p.epSquare)
		for _, e := range events {
			if e.kind == scanTarget && (e.result == "move" || e.result == "king" && all[node].Beta > infinity && iter-b2i(e.y != lastTo) != 0) {
				got = append(got, moveName(e.x, e.y))
			}
		}
		if cut && len(got) > len(made) {
			got = got[:len(made)]
		}
		if !slices.Equal(got, made) {
			t.Fatalf("%s: node %d (%s), iteration d=%d from B=%s, Y=%d, E=%d: the scan reaches the moves\n%v\nthe search made\n%v",
				name, node, steps.Boards[node], iter, squareName(stepInt(st, 5)), stepInt(st, 6), p.epSquare, got, made)
		}
		if events[0].kind != scanStart || events[len(events)-1].kind != scanDone {
			t.Fatalf("%s: node %d: the scan's events start with %v and end with %v", name, node, events[0], events[len(events)-1])
		}
		checked++
	}
	return checked
}

// TestScanWalk walks the board scan of every iteration of the recorded
// trees (treeCases: after 1.e4, the Najdorf, a mate, a stalemate; 4.1 and
// 4.0) and checks each against the moves the search made (checkScan);
// TestStepsMatchC does the same in the golden games, with castling, e.p.
// and promotions. A scan visits each of the 64 squares once, in steps of
// 9 round the 0x88 board, and its JSON reads back.
func TestScanWalk(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, c := range treeCases() {
		if c.plies > 3 {
			continue // 4 ply: many thousands of scans; 3 plies and the goldens (TestStepsMatchC) meet every kind of move
		}
		tr := c.trace(t)
		checked += checkScan(t, fmt.Sprintf("%s, %d ply, futility %v", c.name, c.plies, c.futility), decodeTree(t, tr.rec), decodeSteps(t, tr.rec))
	}
	p := newGame()
	events := scanWalk(&p, 100, 0, 3, 8, noSquare) // e2, no table move
	seen := map[int]bool{}
	for _, e := range events {
		if e.kind == scanSquare {
			if seen[e.x] || e.x&offBoard != 0 {
				t.Fatalf("the scan from e2 visits %s again, or off the board", squareName(e.x))
			}
			seen[e.x] = true
		}
	}
	var b strings.Builder
	must(t, writeScanJSON(&b, events))
	if len(seen) != 64 || events[1].x != 100 || !strings.HasPrefix(b.String(), `{"events":[["start",100,128],["square",100,9,true],["dir",100,9,8,-16]`) {
		t.Errorf("the scan from e2: %d squares, first %d; its JSON %.120s", len(seen), events[1].x, b.String())
	}
	t.Logf("%d iterations' scans checked against the moves made", checked)
}

// TestWebScan: umax scan, as the page asks it, for the root of a recorded
// iteration: the moves it reaches are the root's moves; bad numbers and a
// bad FEN are answered with an error.
func TestWebScan(t *testing.T) {
	t.Parallel()
	d := newUCIDialogue(t, newEngine(1<<16), config{})
	d.sync("uci")
	d.expectNothing("umax record 2")
	d.search("position startpos moves e2e4", "go depth 2")
	var steps jsonSteps
	webAnswer(t, d, "umax steps", &steps)
	it := steps.Steps[0]
	if it[0] != "iterate" {
		t.Fatalf("the first step %v", it)
	}
	// The calls inside the quiescence boxes are there to step through:
	// entered and left, each with its board.
	var tree jsonTree
	webAnswer(t, d, "umax tree", &tree)
	innerSteps := 0
	for _, s := range steps.Steps {
		if stepInt(s, 1) >= len(tree.Tree) {
			innerSteps++
		}
	}
	if len(steps.Inner) == 0 || innerSteps < 4*len(steps.Inner) || len(steps.Boards) != len(tree.Tree)+len(steps.Inner) {
		t.Errorf("after 1.e4, 2 ply: %d inner nodes, %d steps at them, %d boards for %d nodes of the tree", len(steps.Inner), innerSteps, len(steps.Boards), len(tree.Tree))
	}
	checkSteps(t, "after 1.e4, 2 ply", tree, steps, steps.Nodes)
	var scan struct {
		Events [][]any
		Error  string
	}
	webAnswer(t, d, fmt.Sprintf("umax scan %d %d %d 8 %d %s", stepInt(it, 5), stepInt(it, 6), stepInt(it, 3), steps.Eps[0], steps.Boards[0]), &scan)
	var reached, made []string
	for _, e := range scan.Events {
		if e[0] == "target" && e[6] == "move" {
			reached = append(reached, moveName(int(e[1].(float64)), int(e[2].(float64))))
		}
	}
	for _, s := range steps.Steps {
		if s[0] == "move" && stepInt(s, 1) == 0 {
			made = append(made, s[3].(string))
		}
	}
	if scan.Error != "" || !slices.Equal(reached, made) || len(made) != 21 { // the table's move first, then all 20 (Nc6 twice)
		t.Errorf("umax scan of the root after 1.e4: %s; reaches %v, the root made %v", scan.Error, reached, made)
	}
	for _, bad := range []string{"umax scan", "umax scan 8 0 2 8 128 " + steps.Boards[0], "umax scan 100 0 2 8 128 8/8/8 w - - 0 1"} {
		scan.Error = ""
		webAnswer(t, d, bad, &scan)
		if scan.Error == "" {
			t.Errorf("%s: no error", bad)
		}
	}
}
