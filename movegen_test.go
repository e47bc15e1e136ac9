package main

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Standard perft positions (from the Chess Programming Wiki's "Perft
// Results" page) with their known leaf counts, every promotion piece
// counted. micro-Max's rules are FIDE's, so the counts must agree. The
// first counts from micro-Max's own initial position (newGame, whose e.p.
// square is 0 as in the C program), not from a FEN.
var perftCases = []struct {
	name, fen string
	counts    []int // depth 1, 2, ...
}{
	{"newGame", "", []int{20, 400, 8902}},
	{"initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []int{20, 400, 8902, 197281}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []int{48, 2039, 97862}},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []int{14, 191, 2812, 43238}},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []int{6, 264, 9467}},
	{"position4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", []int{6, 264, 9467}},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []int{44, 1486, 62379}},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []int{46, 2079, 89890}},
}

func TestPerft(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	for _, c := range perftCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := gameAfter(t, c.fen).current().pos
			for depth, want := range c.counts {
				if got := p.perft(depth + 1); got != want {
					t.Errorf("perft(%d) = %d, want %d", depth+1, got, want)
				}
			}
		})
	}
}

// agreementStarts are the positions the random walks of the agreement test
// start from: castling, e.p., promotions and pins come up often from them.
var agreementStarts = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
	"r3k2r/1b4b1/8/8/8/8/1B4B1/R3K2R w KQkq - 0 1",
	"4k3/8/8/2pPp3/8/8/8/4K3 w - c6 0 1",
	"4k3/8/8/8/3pPp2/8/8/4K3 b - e3 0 1",
	"8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
	"1r2k2r/P1P3P1/8/8/8/8/p1p3p1/1R2K2R w Kk - 0 1",
}

// checkAgainstMicroMax compares the generator with micro-Max's own
// legality check at one position: every pseudo-legal move (and some random
// square pairs) is given to rootSearch as the pending move; micro-Max must
// play exactly the legal ones, and leave exactly the position makeMove makes.
func checkAgainstMicroMax(t *testing.T, e *Engine, pos Position, rng *rand.Rand) {
	t.Helper()
	legal := map[Move]bool{}
	for _, m := range pos.legalMoves() {
		legal[m] = true
	}
	candidates := pos.pseudoMoves(nil)
	for i := 0; i < 8; i++ {
		candidates = append(candidates, Move{rng.IntN(120) &^ offBoard, rng.IntN(120) &^ offBoard, 0})
	}
	for _, m := range candidates {
		if m.promo != 0 && m.promo != 7 {
			continue // micro-Max only knows the squares; the queen stands for all
		}
		e.Position = pos
		e.pendingFrom, e.pendingTo = m.from, m.to
		played := e.rootSearch(&searchControl{})
		if played != legal[m] {
			t.Fatalf("position %s, move %v: micro-Max plays it: %v, generator: %v", fenOf(&pos), m, played, legal[m])
		}
		if played {
			q := pos
			q.makeMove(m)
			if q.side != e.side || q.eval != e.eval || q.epSquare != e.epSquare || [128]int8(q.board[:128]) != [128]int8(e.board[:128]) {
				t.Fatalf("position %s, move %v: makeMove differs from micro-Max's move:\n%+v\n%+v",
					fenOf(&pos), m, q, e.Position)
			}
		}
	}
}

// TestLegalMovesAgreeWithMicroMax walks random games from the positions
// above and checks the generator against micro-Max at every position.
func TestLegalMovesAgreeWithMicroMax(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	e := newEngine(1 << 16)
	rng := rand.New(rand.NewPCG(3, 4))
	walks, plies := 6, 60
	if reduced() {
		walks = 2
	}
	positions := 0
	randomWalks(t, agreementStarts, walks, plies, rng, func(pos Position, _ []Move) {
		checkAgainstMicroMax(t, e, pos, rng)
		positions++
	})
	t.Logf("%d positions checked", positions)
}

// randomWalks calls visit with each position, and its legal moves, of walks
// random games of up to plies plies from each of fens (the last position
// one without moves, or after plies moves), rng choosing after each visit.
func randomWalks(t *testing.T, fens []string, walks, plies int, rng *rand.Rand, visit func(Position, []Move)) {
	for _, fen := range fens {
		start := mustFEN(t, fen).pos
		for range walks {
			p := start
			for range plies {
				legal := p.legalMoves()
				visit(p, legal)
				if len(legal) == 0 {
					break
				}
				p.makeMove(legal[rng.IntN(len(legal))])
			}
		}
	}
}

// perft counts the leaf nodes of the legal move tree to the given depth,
// every promotion piece counted: the standard test of a move generator.
func (p *Position) perft(depth int) int {
	moves := p.legalMoves()
	if depth <= 1 {
		if depth < 1 {
			return 1
		}
		return len(moves)
	}
	n := 0
	for _, m := range moves {
		q := *p
		q.makeMove(m)
		n += q.perft(depth - 1)
	}
	return n
}

// TestAttackersAgree: the attack test is attacked (movegen.go); the fast
// search's set form, attackers (pieces.go), must name exactly the pieces
// that attacked finds, each alone, on every square, for both sides, in every
// position of testdata's openings and tactics and of the perft cases, and in
// the positions of 8 random legal moves from each.
func TestAttackersAgree(t *testing.T) {
	t.Parallel()
	var starts []string
	for _, c := range perftCases[1:] { // (the first is newGame's)
		starts = append(starts, c.fen)
	}
	for _, name := range []string{"testdata/openings.epd", "testdata/tactics.epd"} {
		text := readFile(t, name)
		for _, line := range strings.Split(strings.TrimSpace(string(text)), "\n") {
			starts = append(starts, strings.Join(strings.Fields(line)[:4], " ")+" 0 1")
		}
	}
	var positions []Position
	randomWalks(t, starts, 1, 9, rand.New(rand.NewPCG(37, 1)), func(p Position, _ []Move) { positions = append(positions, p) })
	if len(positions) < 1400 {
		t.Fatalf("%d positions", len(positions))
	}
	for _, p := range positions {
		e := &Engine{Position: p}
		e.findPieces()
		for _, target := range boardSquares {
			for _, side := range []int{white, black} {
				set := e.attackers(target, side)
				for _, sq := range boardSquares { // each piece of side alone: the others recoloured, still blocking
					if p.board[sq]&int8(side) == 0 {
						continue
					}
					alone := func(s int) int {
						if v := p.at(s); s != sq && v&side != 0 {
							return v ^ (white | black)
						}
						return p.at(s)
					}
					if attacked(target, side, alone) != (set&bit(sq) != 0) {
						t.Fatalf("%s: %s on %s attacks %s: attacked says %v, attackers %v", fenOf(&p), string(pieceLetters[p.board[sq]&15]),
							squareName(sq), squareName(target), attacked(target, side, alone), set&bit(sq) != 0)
					}
				}
				if attacked(target, side, p.at) != (set != 0) {
					t.Fatalf("%s, %s attacked by %d: attacked %v, attackers %x", fenOf(&p), squareName(target), side, attacked(target, side, p.at), set)
				}
			}
		}
	}
	t.Logf("%d positions", len(positions))
}
