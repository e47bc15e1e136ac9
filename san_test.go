package main

import (
	"strings"
	"testing"
)

// TestSAN writes moves in SAN, from the start position after some moves or
// from a FEN: pawn moves and captures (e.p. too), pieces, the three kinds
// of disambiguation, castling both ways, promotions, check and mate.
func TestSAN(t *testing.T) {
	for _, c := range []struct {
		fen, moves string // the position: a FEN (the start if empty), then moves played
		move, want string
	}{
		{"", "", "e2e4", "e4"},
		{"", "", "g1f3", "Nf3"},
		{"", "e2e4 d7d5", "e4d5", "exd5"},
		{"", "e2e4 a7a6 e4e5 d7d5", "e5d6", "exd6"},                  // e.p.
		{"", "f2f3 e7e5 g2g4", "d8h4", "Qh4#"},                       // fool's mate
		{"", "e2e4 f7f6 d2d4", "g7g5", "g5"},                         // not yet mate
		{"", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6", "h5f7", "Qxf7#"},       // scholar's mate
		{"", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6", "e1g1", "O-O"},         // castling short
		{"r3kbnr/8/8/8/8/8/8/4K3 b kq - 0 1", "", "e8c8", "O-O-O"},   // castling long
		{"4k3/8/8/8/8/8/8/RN1NK3 w - - 0 1", "", "b1c3", "Nbc3"},     // by file
		{"4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "", "a1a2", "R1a2"},      // by rank
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "", "a4b3", "Qa4b3"},    // by both
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "", "a2a3", "Q2a3"},     // a4 reaches a3 too: by rank
		{"4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1", "", "g1e2", "Nge2"},    // file and rank differ: by file
		{"4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1", "", "c3e2", "Nce2"},    // (the rank would do too; SAN takes the file)
		{"7Q/8/2k5/8/8/8/8/Q3K3 w - - 0 1", "", "h8a8", "Qha8+"},     // along a rank and a file: by file
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "", "a1d1", "Rad1"},      // same rank: by file
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "", "h1f1", "Rhf1"},      // the other rook
		{"R7/7k/8/8/8/8/8/R3K3 w - - 0 1", "", "a8a4", "R8a4"},       // same file: by rank
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "a1a4", "Ra4"},        // one rook: nothing
		{"4k3/8/8/1N3N2/8/1N6/8/4K3 w - - 0 1", "", "b5d4", "Nb5d4"}, // b3 on the file, f5 on the rank: both
		{"4k3/8/8/1N3N2/8/1N6/8/4K3 w - - 0 1", "", "b3d4", "N3d4"},  // b5 on the file: by rank
		{"4k3/8/8/1N3N2/8/1N6/8/4K3 w - - 0 1", "", "f5d4", "Nfd4"},  // the others on the b-file: by file
		{"3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "", "e7d8q", "exd8=Q+"}, // promotion with capture and check
		{"3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "", "e7d8n", "exd8=N"},  // under-promotion
		{"4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "", "a2a1r", "a1=R+"},     // Black promotes with check
		{"7k/8/8/8/8/8/8/K5R1 w - - 0 1", "", "g1g8", "Rg8+"},        // king takes
		{"7k/8/6K1/8/8/8/8/6R1 w - - 0 1", "", "g1g2", "Rg2"},        // quiet
		{"7k/8/6K1/8/8/8/8/R7 w - - 0 1", "", "a1a8", "Ra8#"},        // back-rank mate
		{"k7/8/1Q6/8/8/8/8/7K w - - 0 1", "", "b6c7", "Qc7"},         // stalemate is no check
	} {
		p := gameAfter(t, c.fen, strings.Fields(c.moves)...).current().pos
		m := mustMove(t, &p, c.move)
		if got := p.san(m, p.legalMoves()); got != c.want {
			t.Errorf("%s %s: %s is %s in SAN, want %s", c.fen, c.moves, c.move, got, c.want)
		}
	}
}
