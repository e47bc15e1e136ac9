package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// webState is umax state's answer.
type webState struct {
	Start, FEN, Side, End, Result string
	StartPos, Check               bool
	Legal, Moves, SAN             []string
}

// webAnswer sends a page command and reads its one-line answer, which must
// start with the command's first two words, into v. umax tree, steps and
// diff may take as long as a search: they build the recorded search's tree
// first (megabytes of JSON for a middle game's 4-ply iteration), diff two
// searches' trees; the others answer at once.
func webAnswer(t *testing.T, d *uciDialogue, command string, v any) {
	t.Helper()
	var got []string
	switch strings.Fields(command)[1] {
	case "tree", "steps", "diff":
		got = d.ask([]string{command}, searchWait, ", which builds a search's tree first")
	default:
		got = d.sync(command)
	}
	prefix := strings.Join(strings.Fields(command)[:2], " ") + " "
	if len(got) != 1 || !strings.HasPrefix(got[0], prefix) {
		t.Fatalf("%s answered %q", command, got)
	}
	if err := json.Unmarshal([]byte(strings.TrimPrefix(got[0], prefix)), v); err != nil {
		t.Fatalf("%s: %v: %s", command, err, got[0])
	}
}

// TestWebState: umax state gives the game as the page shows it: the FENs
// with their move counters, the legal moves, the moves in coordinates and
// SAN, check, and how the game ended.
func TestWebState(t *testing.T) {
	d := newUCIDialogue(t, newEngine(defaultHashEntries), config{})
	d.sync("uci")
	state := func(position string) (s webState) { // after the position command, if any
		t.Helper()
		if position != "" {
			d.expectNothing(position)
		}
		webAnswer(t, d, "umax state", &s)
		return s
	}
	if s := state(""); !s.StartPos || s.FEN != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" || s.Start != s.FEN ||
		len(s.Legal) != 20 || len(s.Moves) != 0 || s.End != "" || s.Result != "*" || s.Side != "w" {
		t.Errorf("the start: %+v", s)
	}
	if s := state("position startpos moves f2f3 e7e5 g2g4 d8h4"); s.End != "checkmate" || s.Result != "0-1" || !s.Check || len(s.Legal) != 0 ||
		strings.Join(s.SAN, " ") != "f3 e5 g4 Qh4#" || strings.Join(s.Moves, " ") != "f2f3 e7e5 g2g4 d8h4" ||
		s.FEN != "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" {
		t.Errorf("fool's mate: %+v", s)
	}
	if s := state("position fen 7k/8/8/8/8/8/8/K6R b - - 12 40 moves h8g8 h1h2"); s.StartPos || s.Start != "7k/8/8/8/8/8/8/K6R b - - 12 40" ||
		s.FEN != "6k1/8/8/8/8/8/7R/K7 b - - 14 41" || strings.Join(s.SAN, " ") != "Kg8 Rh2" || s.End != "" {
		t.Errorf("from a FEN: %+v", s)
	}
	if s := state("position fen 7k/8/8/8/8/8/8/K7 w - - 0 1"); s.End != "insufficient material" || s.Result != "1/2-1/2" {
		t.Errorf("kings alone: %+v", s)
	}
	// The start a second time goes on; a third time is the draw.
	if s := state("position startpos moves g1f3 g8f6 f3g1 f6g8"); s.End != "" || s.Result != "*" {
		t.Errorf("the start a second time: %+v", s)
	}
	if s := state("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"); s.End != "threefold repetition" || s.Result != "1/2-1/2" {
		t.Errorf("the start a third time: %+v", s)
	}
	var san struct{ SAN []string }
	d.expectNothing("position startpos moves e2e4 e7e5")
	webAnswer(t, d, "umax san g1f3 b8c6 f1b5 a7a6 b5c6 x1x2 d7c6", &san)
	if strings.Join(san.SAN, " ") != "Nf3 Nc6 Bb5 a6 Bxc6" {
		t.Errorf("umax san: %v", san.SAN)
	}
	refusedEach(t, d.sync, "info string ", "", "umax", "umax record", "umax record 5", "umax record -1", "umax record x", "umax what")
}

// TestWebTree: after umax record N, the next search records its N-ply
// iteration in the literal search, with the same node counts as the fast
// search, and umax tree sends it; without a recording, umax tree says why.
func TestWebTree(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	d := newUCIDialogue(t, newEngine(defaultHashEntries), config{lab: true})
	d.sync("uci")
	var tree jsonTree
	webAnswer(t, d, "umax tree", &tree)
	if tree.Error == "" {
		t.Errorf("a tree before any recording: %+v", tree)
	}
	plain := d.search("position startpos moves e2e4", "go nodes 20000")
	d.expectNothing("ucinewgame", "umax record 3")
	tree = jsonTree{}
	webAnswer(t, d, "umax tree", &tree)
	if !strings.Contains(tree.Error, "no search") {
		t.Errorf("a tree before the search: %+v", tree)
	}
	recorded := d.search("position startpos moves e2e4", "go nodes 20000")
	if strings.Join(infoWithoutTime(plain), "\n") != strings.Join(infoWithoutTime(recorded), "\n") {
		t.Errorf("recording changed the search:\n%q\n%q", plain, recorded)
	}
	tree = jsonTree{}
	webAnswer(t, d, "umax tree", &tree)
	var nodes3 int // the 3-ply iteration's nodes: the difference of two info lines
	for _, l := range recorded {
		if info, ok := parseInfo(l); ok && info.depth == 2 {
			nodes3 = -info.nodes
		} else if ok && info.depth == 3 {
			nodes3 += info.nodes
		}
	}
	if tree.Error != "" || tree.Plies != 3 || tree.Nodes != nodes3 || tree.Tree[0].Total != nodes3 ||
		tree.Caption != "umax: micro-Max 4.1 (futility pruning)" || tree.Side != "b" {
		t.Errorf("the tree: plies %d, nodes %d (the info lines: %d), caption %q, error %q", tree.Plies, tree.Nodes, nodes3, tree.Caption, tree.Error)
	}
	// A position without a move: the tree and the steps say why there is
	// no iteration; a search that ends early says that.
	for _, c := range []struct{ position, goLine, want string }{
		{"position fen k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "go depth 3", "checkmate: Black is mated and has no move, so there is no iteration to record"},
		{"position fen 7k/8/8/8/8/8/8/KQ6 w - - 0 1 moves b1g6", "go depth 3", "stalemate: Black is not in check but has no legal move, so there is no iteration to record"},
		{"position fen 7k/8/8/8/8/8/8/K7 w - - 0 1", "go depth 1", "the search ended before its 3-ply iteration"},
	} {
		d.search(c.position, c.goLine)
		for _, command := range []string{"umax tree", "umax steps"} {
			tree = jsonTree{}
			webAnswer(t, d, command, &tree)
			if tree.Error != c.want {
				t.Errorf("%s, %s: %s says %q, want %q", c.position, c.goLine, command, tree.Error, c.want)
			}
		}
	}
	d.expectNothing("umax record 0", "setoption name Futility Pruning value false")
	d.search("go nodes 20000")
	tree = jsonTree{}
	webAnswer(t, d, "umax tree", &tree)
	if tree.Error == "" {
		t.Errorf("a tree after umax record 0: %+v", tree.Plies)
	}
}

// infoWithoutTime is the info lines of a search without their nps and time.
func infoWithoutTime(lines []string) []string {
	var out []string
	for _, l := range lines {
		if i := strings.Index(l, " nps "); i >= 0 {
			j := strings.Index(l, " pv ")
			if j < 0 {
				j = len(l)
			}
			l = l[:i] + l[j:]
		}
		out = append(out, l)
	}
	return out
}
