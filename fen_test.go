package main

// FENs: the positions a FEN sets up, through setboard, and those it
// cannot; the FENs the engine writes of a game (the page's commands), with
// their counters. The file comes early in the fast command's order (the
// sequential tests run file by file), so that a FEN without its counters
// fails the command soon (scripts/mutate.sh: within its 60 s).

import (
	"strings"
	"testing"
)

// TestSetboard: a FEN the engine cannot play from enters the
// illegal-position state, and changes nothing; a castling right without its
// king and rook is dropped with a note; good FENs map onto micro-Max's
// moved bits, e.p. square and evaluation.
func TestSetboard(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{nodeBudget: 5000})
	d.syncNow("new", "force", "usermove d2d4")
	before := d.position()
	bad := []string{
		"",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
		"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1",
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w Qkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq z3 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
		"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", // Black, not to move, in check
	}
	for _, fen := range bad {
		got := d.sync("setboard " + fen)
		if len(got) != 2 || got[0] != "tellusererror Illegal position" || !strings.HasPrefix(got[1], "# setboard refused: ") {
			t.Errorf("setboard %q: %q", fen, got)
		}
		if !samePos(before, d.position()) {
			t.Fatalf("setboard %q changed the board", fen)
		}
		d.expect("usermove e7e5", "Illegal move: e7e5")
		d.syncNow("new", "force", "usermove d2d4") // leaves the state
		before = d.position()
	}
	// A castling right whose king or rook is not at home is dropped.
	for _, c := range []struct {
		fen, note, move string
		rights          int // K, Q, k, q: bits 0..3
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "K dropped: no king on e1 or no rook on h1", "a2a3", 0b1110},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w Qkq - 0 1", "Q dropped: no king on e1 or no rook on a1", "a2a3", 0b1100},
		{"4k3/8/8/8/8/8/8/4K2R w Kk - 0 1", "k dropped: no king on e8 or no rook on h8", "e1g1", 0b0001},
	} {
		d.expect("setboard "+c.fen, "# setboard: castling right "+c.note)
		if p := d.position(); p.castlingRights() != c.rights {
			t.Errorf("setboard %q: castling rights %04b, want %04b", c.fen, p.castlingRights(), c.rights)
		}
		d.expect("usermove " + c.move)
	}
	// The initial position set up by FEN is micro-Max's own, but for the
	// e.p. square (none, not the C program's 0).
	d.expectNothing("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	p, start := d.position(), newGame()
	start.epSquare = noSquare
	if !samePos(p, start) {
		t.Errorf("initial FEN: %+v", p)
	}
	// Moved bits: pawns off their rank and kings and rooks without rights.
	d.expectNothing("setboard r3k2r/1p6/8/8/8/P7/1P6/R3K2R w Qk - 3 40")
	p = d.position()
	for sq, want := range map[int]int8{112: 14, 119: 14 | movedBit, 116: 12, 0: 22 | movedBit, 7: 22, 4: 20,
		17: 18, 80: 9 | movedBit, 97: 9} {
		if p.board[sq] != want {
			t.Errorf("%s: %d, want %d", squareName(sq), p.board[sq], want)
		}
	}
	if p.castlingRights() != 0b0110 { // Q and k
		t.Errorf("castling rights %b", p.castlingRights())
	}
	// The e.p. square and the evaluation: material plus centre table.
	d.expectNothing("setboard 4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1")
	p = d.position()
	if p.epSquare != 83 || p.side != black {
		t.Errorf("e.p. square %d side %d", p.epSquare, p.side)
	}
	// From Black's view: the kings on e8 and e1 (both 12 from the centre)
	// cancel; the pawns: black e4 (0 from the centre) against white d4 (1).
	if p.eval != 1 {
		t.Errorf("eval %d, want 1 (e4 is 0 from the centre, d4 is 1)", p.eval)
	}
	d.expect("usermove e4d3") // e.p.
}

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
