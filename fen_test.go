package main

import "testing"

// The FENs the engine writes of a game, in a file of its own that comes
// early in the fast command's order (the sequential tests run file by
// file), so that a FEN without its counters fails the command soon.

// TestWebFENCounters: every FEN the engine writes of a game carries the
// game's move counters (the halfmove clock and the fullmove number): umax
// state's, the tree's (the page's tree header shows it), the stepper's root
// and boards, the diff's, and the start of a set-up game (the PGN's FEN
// tag, which the page takes from umax state).
func TestWebFENCounters(t *testing.T) {
	d := newUCIDialogue(t, newEngine(1<<16), config{})
	d.sync("uci", "umax record 2")
	fens := func(position, want string) (jsonTree, jsonSteps) {
		t.Helper()
		d.search(position, "go depth 2")
		var st webState
		var tree jsonTree
		var steps jsonSteps
		webAnswer(t, d, "umax state", &st)
		webAnswer(t, d, "umax tree", &tree)
		webAnswer(t, d, "umax steps", &steps)
		if len(steps.Boards) == 0 {
			t.Fatalf("%s: the stepper has no boards", position)
		}
		if st.FEN != want || tree.FEN != want || steps.FEN != want || steps.Boards[0] != want {
			t.Errorf("%s: umax state %q, tree %q, steps %q, the stepper's first board %q; want %q", position, st.FEN, tree.FEN, steps.FEN, steps.Boards[0], want)
		}
		return tree, steps
	}
	fens("position startpos moves e2e4 e7e5", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
	tree, steps := fens("position startpos moves e2e4 e7e5 g1f3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
	// The stepper's boards go on counting: Black's knight move is the
	// second reversible ply, a pawn move resets the clock; both end move 2.
	for move, want := range map[string]string{
		"b8c6": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"d7d6": "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
	} {
		found := false
		for i, n := range tree.Tree {
			if n.Parent == 0 && i > 0 && n.Move == move {
				found = true
				if steps.Boards[i] != want {
					t.Errorf("the stepper's board after %s: %q, want %q", move, steps.Boards[i], want)
				}
			}
		}
		if !found {
			t.Errorf("no root move %s in the tree", move)
		}
	}
	d.search("go depth 2") // the same position again: a diff of the two
	var diff jsonDiff
	webAnswer(t, d, "umax diff", &diff)
	if want := tree.FEN; diff.Error != "" || diff.FEN != want {
		t.Errorf("umax diff: %q (%s), want %q", diff.FEN, diff.Error, want)
	}
	// A set-up game: its start keeps the FEN's counters (the PGN's FEN tag),
	// and its positions count on from them.
	fens("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30 moves e1f1 e8d8 a1b1",
		"r2k3r/8/8/8/8/8/8/1R3K1R b - - 10 31")
	var st webState
	webAnswer(t, d, "umax state", &st)
	if st.Start != "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30" {
		t.Errorf("the start of a set-up game: %q", st.Start)
	}
}
