package main

import (
	"bytes"
	"flag"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// labCombos are switch settings the tests run: each rule alone, margins on
// both sides of micro-Max's, and combinations, some with futility off.
var labCombos = []struct {
	name     string
	futility bool
	lab      labSettings
}{
	{"margin -100", true, labSettings{frontierMargin: -100}},
	{"margin +60", true, labSettings{frontierMargin: 60}},
	{"extended", true, labSettings{extended: true}},
	{"deep", true, labSettings{deep: true}},
	{"aggressive", true, labSettings{aggressive: true}},
	{"goose", true, labSettings{goose: true}},
	{"extended+deep", true, labSettings{extended: true, deep: true}},
	{"late move", true, labSettings{lateMove: true}},
	{"general", true, labSettings{general: true}},
	{"weak", true, labSettings{weak: true}},
	{"overkill", true, labSettings{overkill: true}},
	{"goose legal", true, labSettings{gooseLegal: true}},
	{"goose refined", true, labSettings{gooseRefined: true}},
	{"goose budget, one pass", true, labSettings{gooseBudget: 1}},
	{"goose budget, four passes", true, labSettings{gooseBudget: 4}},
	{"goose budget and refined", true, labSettings{gooseBudget: maxGooseBudget, gooseRefined: true}},
	{"all", true, labSettings{frontierMargin: -30, extended: true, deep: true, aggressive: true, goose: true}},
	{"all new", true, labSettings{lateMove: true, general: true, weak: true, overkill: true, gooseLegal: true, gooseRefined: true, gooseBudget: 3}},
	{"4.0 with deep+aggressive", false, labSettings{deep: true, aggressive: true}},
	{"4.0 with all", false, labSettings{extended: true, deep: true, aggressive: true, goose: true, lateMove: true, weak: true, overkill: true, gooseRefined: true}},
}

// labStarts are positions for the searches and the check test: some
// middlegames, and positions with castling, e.p., promotions and checks
// (a castling check, an e.p. capture that discovers a rook, a promotion
// check, a knight that discovers a rook).
var labStarts = []string{
	"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
	"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
	"r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/2KR3R w - - 0 1",
	"5k2/8/8/8/8/8/8/4K2R w K - 0 1",
	"8/8/8/8/K2Pp2r/8/8/7k b - d3 0 1",
	"k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",
	"1r2k2r/P1P3P1/8/8/8/8/p1p3p1/1R2K2R w Kk - 0 1",
}

// labMoveOf is the searchMove of micro-Max's move m in p (a promotion is to
// a queen), and the position after it.
func labMoveOf(p *Position, m Move) (searchMove, Position) {
	q := *p
	d := q.makeMove(m)
	return searchMove{side: p.side, from: m.from, to: m.to, captureSq: d.captureSq, rookFrom: d.rookFrom,
		passed: d.passed, piece: d.piece, newPiece: int(q.board[m.to]), victim: d.victim}, q
}

// eachBoard calls look with an engine and the searchMove of move in fen,
// twice: on the board before the move (the fast search's view) and after
// it (the literal search's, m.made).
func eachBoard(t *testing.T, fen, move string, look func(e *Engine, m *searchMove)) {
	t.Helper()
	s := mustFEN(t, fen)
	m, ok := pseudoMove(&s.pos, move)
	if !ok {
		t.Fatalf("%s not a move in %s", move, fen)
	}
	for _, made := range []bool{false, true} {
		lm, q := labMoveOf(&s.pos, m)
		e := labEngine(s.pos)
		if made {
			e = labEngine(q)
		}
		lm.made = made
		look(e, &lm)
	}
}

// labEngine is an engine without a table standing at p, its kings found.
func labEngine(p Position) *Engine {
	e := &Engine{Position: p}
	e.findPieces()
	return e
}

// TestGivesCheck holds the laboratory's check tests to brute force over
// random games: for every move micro-Max can make, givesCheck against making
// the move and asking whether the mover could capture the king, with the
// board before the move (search.go's view) and after it (the literal
// search's); inCheckBefore against inCheck; leavesKingAttacked, for every
// pseudo-legal move, against the reply's king capture (kingCapturable); and
// the goose rule's "protected" against the opponent's captures on the square.
func TestGivesCheck(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	rng := rand.New(rand.NewPCG(12, 34))
	walks, plies := 12, 80
	if reduced() {
		walks = 3
	}
	var positions, moves, checks, protected, illegal int
	randomWalks(t, append(labStarts, agreementStarts...), walks, plies, rng, func(pos Position, legal []Move) {
		positions++
		if len(legal) == 0 {
			return
		}
		before := labEngine(pos)
		inCheck := pos.inCheck()
		for _, m := range legal {
			if m.promo != 0 && m.promo != 7 {
				continue
			}
			moves++
			lm, q := labMoveOf(&pos, m)
			after := labEngine(q)
			wantCheck := q.inCheck()
			wantProtected := slices.ContainsFunc(q.pseudoMoves(nil), func(r Move) bool { return r.to == m.to })
			if wantCheck {
				checks++
			}
			if wantProtected {
				protected++
			}
			for _, made := range []bool{false, true} {
				e := before
				if made {
					e = after
				}
				lm.made = made
				if got := e.givesCheck(&lm); got != wantCheck {
					t.Fatalf("%s, %v (made %v): gives check %v, want %v", fenOf(&pos), m, made, got, wantCheck)
				}
				if got := e.inCheckBefore(&lm); got != inCheck {
					t.Fatalf("%s, %v (made %v): in check %v, want %v", fenOf(&pos), m, made, got, inCheck)
				}
				if got := attacked(m.to, 24-pos.side, func(sq int) int { return lm.at(&e.board, sq, true) }); got != wantProtected {
					t.Fatalf("%s, %v (made %v): protected %v, want %v", fenOf(&pos), m, made, got, wantProtected)
				}
			}
		}
		for _, m := range pos.pseudoMoves(nil) { // illegal moves too: what the reply refutes
			if m.promo != 0 && m.promo != 7 {
				continue
			}
			lm, q := labMoveOf(&pos, m)
			want := q.kingCapturable()
			if want {
				illegal++
			}
			for _, e := range []*Engine{before, labEngine(q)} {
				lm.made = e != before
				if got := e.leavesKingAttacked(&lm); got != want {
					t.Fatalf("%s, %v (made %v): leaves its king attacked %v, want %v", fenOf(&pos), m, lm.made, got, want)
				}
			}
		}
	})
	if checks < 500 || protected < 5000 || illegal < 1000 {
		t.Errorf("too few cases: %d checks, %d protected squares, %d illegal moves", checks, protected, illegal)
	}
	t.Logf("%d positions, %d moves, %d checks, %d recapturable, %d illegal", positions, moves, checks, protected, illegal)
}

// TestGivesCheckKinds: the kinds of check in labStarts are found.
func TestGivesCheckKinds(t *testing.T) {
	for _, c := range []struct{ fen, move string }{
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"},                                // the castled rook
		{"8/8/8/8/K2Pp2r/8/8/7k b - d3 0 1", "e4d3"},                              // e.p.: two pawns leave the rank
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8"},                                // the new queen
		{"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4c5"},                             // discovered
		{"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "d2d4"},                               // no check
		{"r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8"},                                // no check: the rook stops at d8
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"},                                // no check
		{"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"},                                // the rook on d1
		{"8/8/8/8/K2Pp2r/8/8/7k b - d3 0 1", "e4e3"},                              // the pawn in d4 still blocks
		{"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "a1a4"},                                // a queen on a diagonal
		{"4k3/8/8/8/1B6/8/8/4K3 w - - 0 1", "b4a5"},                               // no check: a5-d8
		{"4k3/8/8/8/8/2B5/8/4K3 w - - 0 1", "c3b4"},                               // no check: b4-e7
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1h8"},                                // a rook along the last rank
		{"4k3/8/8/8/2B5/8/8/4K3 w - - 0 1", "c4b5"},                               // b5-c6-d7-e8
		{"4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", "d6d7"},                               // a pawn
		{"4k3/8/8/8/8/8/8/1B2K3 w - - 0 1", "b1a2"},                               // no check
		{"rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "d1h5"}, // the fool's mate, reversed
	} {
		s := mustFEN(t, c.fen)
		lm, q := labMoveOf(&s.pos, mustMove(t, &s.pos, c.move))
		if got, want := labEngine(s.pos).givesCheck(&lm), q.inCheck(); got != want {
			t.Errorf("%s %s: gives check %v, want %v", c.fen, c.move, got, want)
		}
	}
}

// TestPosMargin enumerates the positional points of every move micro-Max
// makes (centre table, castling, pawn structure at its best) and checks
// that none exceeds posMargin less the 2 points of the delayed-loss bonus,
// and none loses more than -posMargin2 less those 2.
func TestPosMargin(t *testing.T) {
	var centre [256]int8
	setCentre(&centre)
	most, least := 0, 0
	for from := 0; from < 120; from++ {
		if from&offBoard != 0 {
			continue
		}
		for _, kind := range []int{1, 2, 3, 4, 5} { // the types the centre table scores
			for _, step := range kindSteps[kind] {
				if step == 0 {
					break
				}
				for to := from + step; to&offBoard == 0; to += step {
					gain := int(centre[from+8]) - int(centre[to+8])
					least = min(least, gain)
					if kind < 3 {
						least = min(least, gain-9) // no neighbour two files away an own pawn
						gain += 9                  // both neighbours two files away own pawns
					}
					most = max(most, gain)
					if kind < 5 && !(kind < 3 && to == from+step && step%16 == 0) {
						break // one step, but a pawn's double step
					}
					if kind < 3 && to != from+step {
						break
					}
				}
			}
		}
	}
	for _, c := range [][2]int{{116, 118}, {116, 114}, {4, 6}, {4, 2}} { // castling: the king's move, +30
		most = max(most, int(centre[c[0]+8])-int(centre[c[1]+8])+30)
	}
	if most != 28 || most+2 != posMargin {
		t.Errorf("the largest positional gain of a move is %d; posMargin %d", most, posMargin)
	}
	if least != -28 || least-2 != posMargin2 {
		t.Errorf("the largest positional loss of a move is %d; posMargin2 %d", least, posMargin2)
	}
}

// TestLabSearchesAgree runs both searches with the switches on, alone and
// combined, and wants the same tree: the same node counts, statistics and
// moves.
func TestLabSearchesAgree(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	budget := 30000
	if reduced() {
		budget = 8000
	}
	for _, combo := range labCombos {
		for _, fen := range labStarts {
			s := mustFEN(t, fen)
			var got [2]struct {
				Position
				nodes int
				stats searchStats
			}
			for i, literal := range []bool{false, true} {
				e := newEngine(1 << 16)
				e.futility = combo.futility
				e.literal = literal
				e.Position = s.pos
				e.pendingFrom = infinity
				e.setLab(combo.lab)
				played := e.rootSearch(&searchControl{budget: budget, hooks: []searchHook{&got[i].stats}})
				if !played {
					t.Fatalf("%s, %s: no move", combo.name, fen)
				}
				got[i].Position, got[i].nodes = e.Position, e.nodes
			}
			if got[0].nodes != got[1].nodes || got[0].stats != got[1].stats || got[0].Position != got[1].Position {
				t.Errorf("%s, %s: fast search %d nodes, literal %d, or their statistics or moves differ", combo.name, fen, got[0].nodes, got[1].nodes)
			}
		}
	}
}

// labCheck is a hook that asks labRule about every move a search makes and
// compares its verdict with the search's own.
type labCheck struct {
	quietHook
	e     *Engine
	t     *testing.T
	moves int
}

func (c *labCheck) move(m *searchMove) (pruneRule, int) {
	c.moves++
	if rule, score := c.e.labRule(m, labFrame{}, &labSettings{}); rule != m.rule || score != m.score {
		c.t.Fatalf("%v at depth %d (v %d, f %d): labRule %v %d, the search %v %d", moveName(m.from, m.to), m.iter,
			m.score, m.alphaNow, rule, score, m.rule, m.score)
	}
	return m.rule, m.score
}

// TestLabRuleIsMicroMax: with every switch off, labRule is micro-Max's
// futility test: at every move both searches make, 4.1 and 4.0, it gives
// the verdict and the score the search gives.
func TestLabRuleIsMicroMax(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	moves := 0
	for _, fen := range labStarts {
		for _, futility := range []bool{true, false} {
			for _, literal := range []bool{false, true} {
				e := newEngine(1 << 16)
				e.futility, e.literal = futility, literal
				e.Position = mustFEN(t, fen).pos
				e.pendingFrom = infinity
				check := &labCheck{e: e, t: t}
				e.rootSearch(&searchControl{budget: 5000, hooks: []searchHook{check}})
				moves += check.moves
			}
		}
	}
	if moves < 100000 {
		t.Errorf("%d moves checked", moves)
	}
	t.Logf("%d moves checked", moves)
}

// TestLabStatsAddUp: with the switches on the -stats counters still add
// up, each rule that is on prunes something, and its column is printed.
func TestLabStatsAddUp(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	input := []byte("e2e4\n\nd2d4\n\n\n")
	for _, combo := range labCombos {
		e := newEngine(1 << 18)
		e.futility = combo.futility
		e.setLab(combo.lab)
		var out bytes.Buffer
		var cut [numPruneRules]int64
		runClassicEach(&console{e: e, budget: 30000, stats: true}, input, &out, func(s *searchStats) {
			_, _, pruned := statsAddUp(t, combo.name, s)
			byLab := int64(0)
			for d := range s.nodes {
				lab := int64(0)
				for r := ruleExtended; r < numPruneRules; r++ {
					lab += s.prunedBy[r][d]
					cut[r] += s.prunedBy[r][d]
				}
				if lab > s.pruned[d] {
					t.Errorf("%s, depth %d: %d pruned, %d of them by the lab's rules", combo.name, d, s.pruned[d], lab)
				}
				byLab += lab
			}
			cut[ruleFutility] += pruned - byLab
		})
		l := combo.lab
		on := map[pruneRule]bool{ruleFutility: combo.futility, ruleExtended: l.extended, ruleDeep: l.deep,
			ruleAggressive: l.aggressive, ruleGoose: l.goose, ruleLateMove: l.lateMove, ruleGeneral: l.general,
			ruleWeak: l.weak, ruleOverkill: l.overkill, ruleGooseLegal: l.gooseLegal && !l.goose, ruleGooseRefined: l.gooseRefined && (!l.goose && !l.gooseLegal || l.gooseBudget > 0),
			ruleGooseBudget: l.gooseBudget > 0, ruleGooseEqual: l.gooseEqual, ruleNullMove: l.nullMove > 0}
		maybe := map[pruneRule]bool{ruleGeneral: l.weak, // the weak switch applies the general form too, where it holds
			ruleStandPat: l.nullMove > 0} // the null move's super stand-pat, where a side is a piece ahead of beta
		for r := ruleFutility; r < numPruneRules; r++ {
			if on[r] != (cut[r] > 0) && !maybe[r] {
				t.Errorf("%s: rule %v on %v, pruned %d", combo.name, r, on[r], cut[r])
			}
			if r > ruleFutility && cut[r] > 0 && !strings.Contains(out.String(), " + "+r.String()+" ") {
				t.Errorf("%s: no %v column in\n%s", combo.name, r, out.String())
			}
		}
	}
}

// runClassicEach runs the console mode with a look at the statistics of
// every search (each line of input is one).
func runClassicEach(c *console, input []byte, out io.Writer, look func(*searchStats)) {
	for _, line := range bytes.SplitAfter(input, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		c.run(bytes.NewReader(line), out)
		look(&c.last)
	}
}

// TestLabRules tries each rule on single moves, at the edges of its
// conditions: the rule that cuts and the score the move gets.
func TestLabRules(t *testing.T) {
	type want struct {
		rule  pruneRule
		score int
	}
	cases := []struct {
		name      string
		fen, move string
		lab       labSettings
		futility  bool
		rootSide  int // the engine's side, if not the mover's
		remaining int
		v, f, l   int // the move's score v and the window
		want      want
	}{
		// The frontier margin M: searched if v+M > f; a pruned move scores at most f.
		{"micro-Max futile", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{}, true, 0, 1, 10, 10, 50, want{ruleFutility, 10}},
		{"micro-Max searched", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{}, true, 0, 1, 11, 10, 50, want{notPruned, 11}},
		{"4.0: nothing futile", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{}, false, 0, 1, 10, 10, 50, want{notPruned, 10}},
		{"margin -50 prunes", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{frontierMargin: -50}, true, 0, 1, 59, 10, 80, want{ruleFutility, 10}},
		{"margin -50 searches", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{frontierMargin: -50}, true, 0, 1, 61, 10, 80, want{notPruned, 61}},
		{"margin +50 searches", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{frontierMargin: 50}, true, 0, 1, -39, 10, 80, want{notPruned, -39}},
		{"margin +50 prunes", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{frontierMargin: 50}, true, 0, 1, -40, 10, 80, want{ruleFutility, -40}},
		{"no margin at s=2", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{frontierMargin: -50}, true, 0, 2, 59, 10, 80, want{notPruned, 59}},
		// Extended futility at s==2: v+495 <= f, not a check, not in check, no mate score.
		{"extended", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{extended: true}, true, 0, 2, 0, 495, 600, want{ruleExtended, 0}},
		{"extended: a rook short", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{extended: true}, true, 0, 2, 1, 495, 600, want{notPruned, 1}},
		{"extended: s=3", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{extended: true}, true, 0, 3, 0, 495, 600, want{notPruned, 0}},
		{"extended: a check", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", labSettings{extended: true}, true, 0, 2, 0, 495, 600, want{notPruned, 0}},
		{"extended: in check", "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", "e1d1", labSettings{extended: true}, true, 0, 2, 0, 495, 600, want{notPruned, 0}},
		{"extended: mate score", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{extended: true}, true, 0, 2, 0, 495, infinity - 20, want{notPruned, 0}},
		// Deep futility at s==2..3: v + his best piece after the move (+ a promotion) + 30 <= f, not a check.
		{"deep: a knight", "4k3/8/8/3n4/8/8/8/R3K3 w - - 0 1", "a1a2", labSettings{deep: true}, true, 0, 3, 0, 297 + 30, 900, want{ruleDeep, 0}},
		{"deep: a knight, short", "4k3/8/8/3n4/8/8/8/R3K3 w - - 0 1", "a1a2", labSettings{deep: true}, true, 0, 3, 0, 297 + 29, 900, want{notPruned, 0}},
		{"deep: s=4", "4k3/8/8/3n4/8/8/8/R3K3 w - - 0 1", "a1a2", labSettings{deep: true}, true, 0, 4, 0, 297 + 30, 900, want{notPruned, 0}},
		{"deep: the queen taken", "4k3/8/8/3n4/8/8/8/R2qK3 w - - 0 1", "a1d1", labSettings{deep: true}, true, 0, 2, 0, 297 + 30, 900, want{ruleDeep, 0}},
		{"deep: a queen left", "4k3/8/8/3q4/8/8/8/R2nK3 w - - 0 1", "a1d1", labSettings{deep: true}, true, 0, 2, 0, 297 + 30, 900, want{notPruned, 0}},
		{"deep: a pawn on the 7th", "4k3/P7/8/3n4/8/8/8/R3K3 w - - 0 1", "a1a2", labSettings{deep: true}, true, 0, 2, 0, 297 + 30, 2000, want{notPruned, 0}},
		{"deep: a pawn on the 7th, gap", "4k3/P7/8/3n4/8/8/8/R3K3 w - - 0 1", "a1a2", labSettings{deep: true}, true, 0, 2, 0, 297 + 799 + 30, 2000, want{ruleDeep, 0}},
		{"deep: a check", "4k3/8/8/3n4/8/8/8/R3K3 w - - 0 1", "a1a8", labSettings{deep: true}, true, 0, 2, 0, 297 + 30, 900, want{notPruned, 0}},
		// Aggressive futility: the opponent's quiet move at s==2 with v >= l+51 scores l.
		{"aggressive", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{aggressive: true}, true, black, 2, 151, 0, 100, want{ruleAggressive, 100}},
		{"aggressive: at the margin", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{aggressive: true}, true, black, 2, 150, 0, 100, want{notPruned, 150}},
		{"aggressive: the engine's move", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{aggressive: true}, true, 0, 2, 151, 0, 100, want{notPruned, 151}},
		{"aggressive: a capture", "4k3/8/8/r7/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{aggressive: true}, true, black, 2, 151, 0, 100, want{notPruned, 151}},
		{"aggressive: s=3", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{aggressive: true}, true, black, 3, 151, 0, 100, want{notPruned, 151}},
		{"aggressive: leaves its king attacked", "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", "e2d3", labSettings{aggressive: true}, true, black, 2, 151, 0, 100, want{notPruned, 151}},
		{"aggressive: castles through check", "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "e1g1", labSettings{aggressive: true}, true, black, 2, 151, 0, 100, want{notPruned, 151}},
		{"aggressive: an answer to a check", "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1", "e1d1", labSettings{aggressive: true}, true, black, 2, 151, 0, 100, want{notPruned, 151}},
		{"aggressive: beta a mate", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5", labSettings{aggressive: true}, true, black, 2, infinity, 0, infinity - 10, want{notPruned, infinity}},
		// Goose chases in QS (d=1, s=1): higher x protected lower.
		{"goose: Q x protected P", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", labSettings{goose: true}, true, 0, 1, 80, 10, 100, want{ruleGoose, 10}},
		{"goose: Q x lone P", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", labSettings{goose: true}, true, 0, 1, 80, 10, 100, want{notPruned, 80}},
		{"goose: N x protected N", "4k3/8/2p5/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", labSettings{goose: true}, true, 0, 1, 80, 10, 100, want{notPruned, 80}},
		{"goose: R x protected P", "3rk3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", labSettings{goose: true}, true, 0, 1, 80, 10, 100, want{ruleGoose, 10}},
		{"goose: through the from-square", "4k3/8/8/4pQ1r/8/8/8/4K3 w - - 0 1", "f5e5", labSettings{goose: true}, true, 0, 1, 80, 10, 100, want{ruleGoose, 10}},
		{"goose: not in a deeper iteration", "3rk3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", labSettings{goose: true}, true, 0, 2, 80, 10, 100, want{notPruned, 80}},
	}
	for _, c := range cases {
		eachBoard(t, c.fen, c.move, func(e *Engine, lm *searchMove) {
			e.side = lm.side // the root's side
			if c.rootSide != 0 {
				e.side = c.rootSide
			}
			e.futility = c.futility
			lm.iter, lm.remaining = max(c.remaining, 1), c.remaining
			lm.score, lm.alphaNow, lm.beta, lm.gain = c.v, c.f, c.l, 99*pieceValue[lm.victim&7]
			rule, score := e.labRule(lm, labFrame{}, &c.lab)
			if (want{rule, score}) != c.want {
				t.Errorf("%s (made %v): %v %d, want %v %d", c.name, lm.made, rule, score, c.want.rule, c.want.score)
			}
		})
	}
}

// TestLabFlags: the flags set the switches and -futility; a margin out of
// range, or a value that is not a number or a truth value, is refused and
// changes nothing.
func TestLabFlags(t *testing.T) {
	for _, c := range []struct {
		args     []string
		want     labSettings
		futility bool
		bad      bool // refused when parsed
		badLate  bool // refused when applied
	}{
		{nil, labSettings{}, true, false, false},
		{[]string{"-futility-margin", "-300", "-extended-futility", "-deep-futility", "-aggressive-futility", "-goose-pruning"},
			labSettings{frontierMargin: -300, extended: true, deep: true, aggressive: true, goose: true}, true, false, false},
		{[]string{"-futility-margin=900"}, labSettings{frontierMargin: 900}, true, false, false},
		{[]string{"-futility-margin=900", "-futility=false"}, labSettings{}, true, false, true}, // 4.0 has no futility test to move
		{[]string{"-futility-margin=0", "-futility=false"}, labSettings{}, false, false, false},
		{[]string{"-deep-futility=false", "-futility-margin=0"}, labSettings{}, true, false, false},
		{[]string{"-futility-margin=-301", "-futility=false"}, labSettings{}, true, false, true},
		{[]string{"-futility-margin=901"}, labSettings{}, true, false, true},
		{[]string{"-futility-margin=x"}, labSettings{}, true, true, false},
		{[]string{"-deep-futility=maybe"}, labSettings{}, true, true, false},
	} {
		fs := flag.NewFlagSet("umax", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		apply := addOptionFlags(fs)
		err := fs.Parse(c.args)
		if (err != nil) != c.bad {
			t.Errorf("%q: parse error %v", c.args, err)
			continue
		}
		if err != nil {
			continue
		}
		e, cfg := newEngine(minTableSize), config{}
		err = apply(e, &cfg)
		if (err != nil) != c.badLate {
			t.Errorf("%q: apply error %v", c.args, err)
		}
		if e.lab() != c.want || e.futility != c.futility {
			t.Errorf("%q: %+v (futility %v), want %+v (futility %v)", c.args, e.lab(), e.futility, c.want, c.futility)
		}
	}
}

// pseudoMove finds a move of micro-Max's, legal or not (a promotion is to a
// queen), by its coordinates.
func pseudoMove(p *Position, text string) (Move, bool) {
	for _, m := range p.pseudoMoves(nil) {
		if m.String() == text && (m.promo == 0 || m.promo == 7) || m.String() == text+"q" {
			return m, true
		}
	}
	return Move{}, false
}

// TestLabNewRules tries the rules added for the seeds' other ideas on single
// moves, at the edges of their conditions, as TestLabRules does: late move
// pruning, general deep futility and its weak form, over-kill, and goose
// chases with protection by a legal recapture and refined.
func TestLabNewRules(t *testing.T) {
	const rook = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
	const pieces = "4k3/8/8/3n4/8/8/3r4/R3K3 w - - 0 1"         // Black: a rook and a knight, 792
	const withQueen = "4k3/8/8/3n4/8/q7/3r4/R3K3 w - - 0 1"     // and a queen
	const queenOnFile = "4k3/8/8/3nq3/8/8/3r4/R6K w - - 0 1"    // the same, the queen on the king's file
	const pinnedBishop = "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1"    // the bishop is pinned
	const pinnedPawn = "4k3/8/2p5/1B1p4/8/8/8/3QK3 w - - 0 1"   // c6 protects d5, pinned by b5
	const kingProtects = "8/8/4k3/3p4/8/8/3Q4/3RK3 w - - 0 1"   // only the king protects d5, the rook behind the queen
	const pawnProtects = "4k3/8/2p5/3p4/8/3Q4/8/3RK3 w - - 0 1" // c6 protects d5; a second attacker
	const bishopProtects = "4k3/1b6/8/3n4/8/3R4/8/3QK3 w - - 0 1"
	const lone = "4k3/1b6/8/3n4/8/3R4/8/4K3 w - - 0 1" // the same, no second attacker
	type want struct {
		rule  pruneRule
		score int
	}
	cases := []struct {
		name, fen, move     string
		lab                 labSettings
		s, v, f, l, e, made int // remaining, score, alpha, beta, the node's eval, moves made before
		table               bool
		want                want
	}{
		{name: "late", fen: rook, move: "a1a5", lab: labSettings{lateMove: true}, s: 2, v: 50, f: 10, l: 100, made: 7, want: want{ruleLateMove, 10}},
		{name: "late: early", fen: rook, move: "a1a5", lab: labSettings{lateMove: true}, s: 2, v: 50, f: 10, l: 100, made: 6, want: want{notPruned, 50}},
		{name: "late: s=1", fen: rook, move: "a1a5", lab: labSettings{lateMove: true}, s: 1, v: 50, f: 10, l: 100, made: 4, want: want{ruleLateMove, 10}},
		{name: "late: s=1, early", fen: rook, move: "a1a5", lab: labSettings{lateMove: true}, s: 1, v: 50, f: 10, l: 100, made: 3, want: want{notPruned, 50}},
		{name: "late: s=3", fen: rook, move: "a1a5", lab: labSettings{lateMove: true}, s: 3, v: 50, f: 10, l: 100, made: 30, want: want{notPruned, 50}},
		{name: "late: a check", fen: rook, move: "a1a8", lab: labSettings{lateMove: true}, s: 2, v: 50, f: 10, l: 100, made: 30, want: want{notPruned, 50}},
		{name: "late: a capture", fen: pieces, move: "e1d2", lab: labSettings{lateMove: true}, s: 2, v: 50, f: 10, l: 100, made: 30, want: want{notPruned, 50}},
		{name: "late: the table's move", fen: rook, move: "a1a5", lab: labSettings{lateMove: true}, s: 2, v: 50, f: 10, l: 100, made: 30, table: true, want: want{notPruned, 50}},
		{name: "general", fen: pieces, move: "a1a3", lab: labSettings{general: true}, s: 2, v: 0, f: 852, l: 900, want: want{ruleGeneral, 0}},
		{name: "general: short", fen: pieces, move: "a1a3", lab: labSettings{general: true}, s: 2, v: 0, f: 851, l: 900, want: want{notPruned, 0}},
		{name: "general: s=3, the eval", fen: pieces, move: "a1a3", lab: labSettings{general: true}, s: 3, v: 0, f: 952, l: 990, e: 100, want: want{ruleGeneral, 0}},
		{name: "general: s=4", fen: pieces, move: "a1a3", lab: labSettings{general: true}, s: 4, v: 0, f: 852, l: 900, want: want{notPruned, 0}},
		{name: "general: a check", fen: pieces, move: "a1a8", lab: labSettings{general: true}, s: 2, v: 0, f: 852, l: 900, want: want{notPruned, 0}},
		{name: "general: a queen", fen: withQueen, move: "a1a2", lab: labSettings{general: true}, s: 2, v: 0, f: 882, l: 900, want: want{notPruned, 0}},
		{name: "weak", fen: withQueen, move: "a1a2", lab: labSettings{weak: true}, s: 2, v: 0, f: 882, l: 900, want: want{ruleWeak, 0}},
		{name: "weak: short, then per move", fen: withQueen, move: "a1a2", lab: labSettings{weak: true}, s: 2, v: 0, f: 881, l: 900, want: want{ruleWeak, 0}},
		{name: "weak: per move", fen: withQueen, move: "a1a2", lab: labSettings{weak: true}, s: 3, v: 100, f: 625, l: 900, e: 100, want: want{ruleWeak, 100}},
		{name: "weak: per move, short", fen: withQueen, move: "a1a2", lab: labSettings{weak: true}, s: 3, v: 100, f: 624, l: 900, e: 100, want: want{notPruned, 100}},
		{name: "weak: per move, a check", fen: queenOnFile, move: "a1a8", lab: labSettings{weak: true}, s: 2, v: 0, f: 881, l: 900, want: want{notPruned, 0}},
		{name: "weak: per move, a queen pin", fen: queenOnFile, move: "a1e1", lab: labSettings{weak: true}, s: 2, v: 0, f: 881, l: 900, want: want{notPruned, 0}},
		{name: "weak: per move, no pin", fen: queenOnFile, move: "a1a2", lab: labSettings{weak: true}, s: 2, v: 0, f: 881, l: 900, want: want{ruleWeak, 0}},
		{name: "weak: a queen pin", fen: queenOnFile, move: "a1e1", lab: labSettings{weak: true}, s: 2, v: 0, f: 882, l: 900, want: want{notPruned, 0}},
		{name: "weak: per move, deep's job without a queen", fen: pieces, move: "a1a3", lab: labSettings{weak: true}, s: 2, v: 0, f: 851, l: 900, want: want{notPruned, 0}},
		{name: "weak: takes the queen", fen: withQueen, move: "a1a3", lab: labSettings{weak: true}, s: 2, v: 891, f: 882, l: 900, want: want{notPruned, 891}},
		{name: "weak: no queen", fen: pieces, move: "a1a3", lab: labSettings{weak: true}, s: 2, v: 0, f: 852, l: 900, want: want{ruleGeneral, 0}},
		{name: "overkill", fen: rook, move: "a1a5", lab: labSettings{overkill: true}, s: 2, v: 495 + 30 + 100, f: 0, l: 100, want: want{ruleOverkill, 100}},
		{name: "overkill: short", fen: rook, move: "a1a5", lab: labSettings{overkill: true}, s: 2, v: 495 + 30 + 99, f: 0, l: 100, want: want{notPruned, 624}},
		{name: "overkill: s=3", fen: rook, move: "a1a5", lab: labSettings{overkill: true}, s: 3, v: 2000, f: 0, l: 100, want: want{notPruned, 2000}},
		{name: "overkill: the bishop", fen: pinnedBishop, move: "e1d1", lab: labSettings{overkill: true}, s: 1, v: 297 + 30 + 100, f: 0, l: 100, want: want{ruleOverkill, 100}},
		{name: "overkill: illegal", fen: pinnedBishop, move: "e2d3", lab: labSettings{overkill: true}, s: 1, v: 2000, f: 0, l: 100, want: want{notPruned, 2000}},
		{name: "overkill: beta a mate", fen: rook, move: "a1a5", lab: labSettings{overkill: true}, s: 2, v: infinity, f: 0, l: infinity - 10, want: want{notPruned, infinity}},
		{name: "goose: a pinned protector counts", fen: pinnedPawn, move: "d1d5", lab: labSettings{goose: true}, s: 1, v: 80, f: 10, l: 100, want: want{ruleGoose, 10}},
		{name: "goose legal: a pinned protector", fen: pinnedPawn, move: "d1d5", lab: labSettings{gooseLegal: true}, s: 1, v: 80, f: 10, l: 100, want: want{notPruned, 80}},
		{name: "goose: the king protects", fen: kingProtects, move: "d2d5", lab: labSettings{goose: true}, s: 1, v: 80, f: 10, l: 100, want: want{ruleGoose, 10}},
		{name: "goose legal: the king faces the rook", fen: kingProtects, move: "d2d5", lab: labSettings{gooseLegal: true}, s: 1, v: 80, f: 10, l: 100, want: want{notPruned, 80}},
		{name: "goose legal: a protected pawn", fen: pawnProtects, move: "d3d5", lab: labSettings{gooseLegal: true}, s: 1, v: 80, f: 10, l: 100, want: want{ruleGooseLegal, 10}},
		{name: "goose refined: a pawn protects", fen: pawnProtects, move: "d3d5", lab: labSettings{gooseRefined: true}, s: 1, v: 80, f: 10, l: 100, want: want{ruleGooseRefined, 10}},
		{name: "goose legal: R x N, a bishop protects", fen: bishopProtects, move: "d3d5", lab: labSettings{gooseLegal: true}, s: 1, v: 80, f: 10, l: 100, want: want{ruleGooseLegal, 10}},
		{name: "goose refined: a second attacker", fen: bishopProtects, move: "d3d5", lab: labSettings{gooseRefined: true}, s: 1, v: 80, f: 10, l: 100, want: want{notPruned, 80}},
		{name: "goose refined: no second attacker", fen: lone, move: "d3d5", lab: labSettings{gooseRefined: true}, s: 1, v: 80, f: 10, l: 100, want: want{ruleGooseRefined, 10}},
		{name: "goose refined: the pinned protector", fen: pinnedPawn, move: "d1d5", lab: labSettings{gooseRefined: true}, s: 1, v: 80, f: 10, l: 100, want: want{notPruned, 80}},
	}
	for _, c := range cases {
		eachBoard(t, c.fen, c.move, func(e *Engine, lm *searchMove) {
			e.side, e.futility = lm.side, true
			lm.iter, lm.remaining = max(c.s, 1), c.s
			lm.score, lm.alphaNow, lm.beta, lm.gain = c.v, c.f, c.l, 99*pieceValue[lm.victim&7]
			lm.tableMove = c.table
			if rule, score := e.labRule(lm, labFrame{eval: c.e, made: c.made}, &c.lab); (want{rule, score}) != c.want {
				t.Errorf("%s (made %v): %v %d, want %v %d", c.name, lm.made, rule, score, c.want.rule, c.want.score)
			}
		})
	}
}

// TestLabGooseBudget: the goose budget, the thread's iterated quiescence
// search (seed 003). Its charges: rules 1 and 2 by legal protection, rule 3
// by the pre-screening. And over the quiescence searches after every
// capture of random games, with the full window: one pass (a budget of 0)
// prunes and changes values; more passes repeat where a goose chase was
// pruned in the essential tree; and every search whose passes ended before
// the cap (nothing pruned that mattered) has micro-Max's own value.
func TestLabGooseBudget(t *testing.T) {
	charges := []struct {
		name, fen, move string
		want            int
	}{
		{"Q x protected P, the queen attacked by a pawn", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 2},
		{"Q x lone P", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 0},
		{"N x protected N, attacked by a pawn", "4k3/8/2p5/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", 2},
		{"Q x P protected by a pinned pawn, which attacks the queen", "4k3/8/2p5/1B1p4/8/8/8/3QK3 w - - 0 1", "d1d5", 1},
		{"B x lone N, our rook hanging", "3rk3/8/8/4n3/8/8/1B6/3R2K1 w - - 0 1", "b2e5", 1},
		{"B x lone N, our rook protected", "3rk3/8/8/4n3/8/8/1B6/3RK3 w - - 0 1", "b2e5", 0},
		{"B x lone N, only a pawn hanging", "3rk3/8/8/4n3/8/8/1B1P4/6K1 w - - 0 1", "b2e5", 0},
		{"B x lone N, our protected rook attacked by a knight", "4k3/8/8/4n3/8/1n6/1B6/RK6 w - - 0 1", "b2e5", 1},
	}
	for _, c := range charges {
		eachBoard(t, c.fen, c.move, func(e *Engine, lm *searchMove) {
			if got := e.gooseCharge(lm, false); got != c.want {
				t.Errorf("%s (made %v): charge %d, want %d", c.name, lm.made, got, c.want)
			}
		})
	}

	// The essential tree: Qa5xd5 (Q x protected N, and the pawn's reply on
	// the queen) is pruned at budget 0, then exd5 wins a piece. With beta
	// below that, exd5 fails high and the prune did not matter: one pass.
	// With the full window it did: budget 1 (Q x N costs 2) and 2.
	cut := mustFEN(t, "4k3/8/2p5/Q2n4/4P3/8/8/4K3 w - - 0 1").pos
	for _, c := range []struct {
		alpha, beta, repeated int
	}{{cut.eval, cut.eval + 100, 0}, {-infinity, infinity, 2}} {
		e := newEngine(1 << 10)
		e.Position = cut
		e.findPieces()
		e.setLab(labSettings{gooseBudget: maxGooseBudget})
		e.ctl, e.hook = &searchControl{}, e.rules
		score := e.search(cut.side, c.alpha, c.beta, cut.eval, 1, 1, noSquare, 0x33, 1)
		if l := e.rules.(*labRules); l.repeated != c.repeated {
			t.Errorf("window %d to %d: %d passes repeated (score %d), want %d", c.alpha, c.beta, l.repeated, score, c.repeated)
		}
	}

	rng := rand.New(rand.NewPCG(5, 6))
	walks, plies := 24, 80
	if reduced() {
		walks = 6
	}
	engines := map[int]*Engine{} // by gooseBudget, their tables emptied before each search
	qs := func(q Position, lastTo int, lab labSettings) (int, *labRules) {
		e := engines[lab.gooseBudget]
		if e == nil {
			e = newEngine(1 << 10)
			engines[lab.gooseBudget] = e
		}
		e.clearTable()
		e.Position = q
		e.findPieces()
		e.setLab(lab)
		e.ctl = &searchControl{}
		e.hook = hookOf(e.rules, nil)
		score := e.search(q.side, -infinity, infinity, q.eval, 1, 1, q.epSquare, lastTo, 1)
		l, _ := e.rules.(*labRules)
		return score, l
	}
	var searches, differOnePass, repeated, converged, capped int
	randomWalks(t, append(labStarts, agreementStarts...), walks, plies, rng, func(p Position, legal []Move) {
		for _, m := range legal {
			if m.promo != 0 && m.promo != 7 || p.board[m.to] == 0 {
				continue
			}
			q := p
			q.makeMove(m)
			searches++
			plain, _ := qs(q, m.to, labSettings{})
			one, _ := qs(q, m.to, labSettings{gooseBudget: 1})
			if one != plain {
				differOnePass++
			}
			many, l := qs(q, m.to, labSettings{gooseBudget: maxGooseBudget})
			repeated += l.repeated
			if l.capped > 0 {
				capped++
				continue
			}
			converged++
			if many != plain {
				t.Errorf("%s after %s: the budget's passes converged at %d, micro-Max's quiescence search says %d", fenOf(&p), m, many, plain)
			}
		}
	})
	t.Logf("%d quiescence searches: one pass changed %d values; %d passes repeated; %d converged, %d stopped at the cap", searches, differOnePass, repeated, converged, capped)
	if differOnePass == 0 || repeated == 0 || converged < searches*9/10 {
		t.Errorf("the goose budget does nothing that shows: %d of %d values changed by one pass, %d passes repeated, %d converged", differOnePass, searches, repeated, converged)
	}
}
