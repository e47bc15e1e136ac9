package main

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

// The laboratory's rules that state the seeds' departures (doc/laboratory.md,
// "Four departures, measured"): the goose budget iterated in horizon nodes
// only, the goose rule 2 alone and the thread's revision of it, the weak
// form's second queen, and the null move with its super stand-pat and the
// seed's ranges 2+R and 3+R. Each has a small position where it fires. And
// the laboratory's options, which a player's GUI does not list (-lab).

// labRuleCombos are the new rules' settings: the tests that run every
// setting of labCombos (the two searches agree, -stats adds up) run these
// too.
var labRuleCombos = []struct {
	name     string
	futility bool
	lab      labSettings
}{
	{"goose budget, horizon only", true, labSettings{gooseBudget: 4, gooseHorizon: true}},
	{"goose equal", true, labSettings{gooseEqual: true}},
	{"goose budget, try equal, refined", true, labSettings{gooseBudget: maxGooseBudget, gooseTryEqual: true, gooseRefined: true}},
	{"null move 1", true, labSettings{nullMove: 1}},
	{"null move 3 and deep", true, labSettings{nullMove: 3, deep: true}},
	{"null move 2 and general", true, labSettings{nullMove: 2, general: true}},
	{"4.0 with null move 2 and weak", false, labSettings{nullMove: 2, weak: true}},
}

func init() { labCombos = append(labCombos, labRuleCombos...) }

// TestLabGooseEqual: rule 2 alone (-goose-equal): an equal capture of a
// piece the opponent attacks after it is not searched in the quiescence
// search; anything else is. And the revision (-goose-try-equal): the goose
// budget charges no equal capture, and the refinement prunes none.
func TestLabGooseEqual(t *testing.T) {
	const (
		nxProtectedN = "4k3/8/2p5/3n4/8/4N3/8/4K3 w - - 0 1" // c6 protects d5, and attacks it after NxN
		nxLoneN      = "4k3/8/8/3n4/8/4N3/8/4K3 w - - 0 1"
		bxProtectedN = "4k3/8/4p3/3n4/8/1B6/8/4K3 w - - 0 1"   // a bishop takes a knight (3 for 3), e6 protects
		qxProtectedP = "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1"    // rule 1's, not rule 2's
		nxNLone      = "4k3/8/8/3n4/8/4N3/3R4/4K3 w - - 0 1"   // NxN, nothing protects d5, our rook protects it
		equalOnly    = "4k3/8/4b3/3n4/8/4N3/3R4/4K3 w - - 0 1" // NxN, the bishop protects d5, our rook too
		equalLone    = "4k3/8/4b3/3n4/8/4N3/8/4K3 w - - 0 1"   // the same, no second attacker
	)
	on := labSettings{gooseEqual: true}
	for _, c := range []struct {
		name, fen, move string
		lab             labSettings
		s               int
		want            pruneRule
	}{
		{"N x protected N", nxProtectedN, "e3d5", on, 1, ruleGooseEqual},
		{"N x lone N", nxLoneN, "e3d5", on, 1, notPruned},
		{"B x protected N", bxProtectedN, "b3d5", on, 1, ruleGooseEqual},
		{"Q x protected P: rule 1's", qxProtectedP, "d1d5", on, 1, notPruned},
		{"Q x protected P under rule 1", qxProtectedP, "d1d5", labSettings{goose: true, gooseEqual: true}, 1, ruleGoose},
		{"N x protected N, the switch off", nxProtectedN, "e3d5", labSettings{goose: true}, 1, notPruned},
		{"N x protected N, not in a deeper iteration", nxProtectedN, "e3d5", on, 2, notPruned},
		{"N x protected N by a bishop", equalOnly, "e3d5", on, 1, ruleGooseEqual},
	} {
		eachBoard(t, c.fen, c.move, func(e *Engine, lm *searchMove) {
			e.side, e.futility = lm.side, true
			lm.iter, lm.remaining = c.s, c.s
			lm.score, lm.alphaNow, lm.beta, lm.gain = 80, 10, 100, 99*pieceValue[lm.victim&7]
			if rule, _ := e.labRule(lm, labFrame{}, &c.lab); rule != c.want {
				t.Errorf("%s (made %v): %v, want %v", c.name, lm.made, rule, c.want)
			}
		})
	}
	// The budget's charges, plain and revised: rule 2 is the one charge
	// the revision drops; rule 3's (the pawn that attacks the knight after
	// NxN) stays.
	for _, c := range []struct {
		name, fen, move string
		plain, revised  int
	}{
		{"N x protected N, attacked by a pawn", nxProtectedN, "e3d5", 2, 1},
		{"N x N protected by a bishop, nothing attacks ours", equalOnly, "e3d5", 1, 0},
		{"N x lone N", nxNLone, "e3d5", 0, 0},
		{"Q x protected P", qxProtectedP, "d1d5", 2, 2},
	} {
		eachBoard(t, c.fen, c.move, func(e *Engine, lm *searchMove) {
			if got := [2]int{e.gooseCharge(lm, false), e.gooseCharge(lm, true)}; got != [2]int{c.plain, c.revised} {
				t.Errorf("%s (made %v): charges %v, want %d plain, %d revised", c.name, lm.made, got, c.plain, c.revised)
			}
		})
	}
	// The refinement prunes an equal capture without a second attacker
	// where the budget makes it a goose chase; with the revision it is tried.
	refined := labSettings{gooseRefined: true, gooseBudget: 3}
	revised := refined
	revised.gooseTryEqual = true
	eachBoard(t, equalLone, "e3d5", func(e *Engine, lm *searchMove) {
		e.side, e.futility = lm.side, true
		lm.iter, lm.remaining = 1, 1
		lm.score, lm.alphaNow, lm.beta, lm.gain = 80, 10, 100, 297
		if rule, _ := e.labRule(lm, labFrame{}, &refined); rule != ruleGooseRefined {
			t.Errorf("refined, N x N without a second attacker (made %v): %v", lm.made, rule)
		}
		if rule, _ := e.labRule(lm, labFrame{}, &revised); rule != notPruned {
			t.Errorf("refined and revised, N x N without a second attacker (made %v): %v", lm.made, rule)
		}
	})
}

// depthOneWatch is a hook that counts, for each call of the search, the
// iterations of depth 1 it ran (the goose budget's passes repeat it), and
// keeps the most of any call asked for depth 1 and of any deeper call.
type depthOneWatch struct {
	quietHook
	calls            [][2]int // depth asked for, depth-1 iterations run
	horizon, deeper  int      // the most passes of a call asked for depth 1, and of a deeper one
	deepRepeatsCalls int      // deeper calls that repeated their depth-1 iteration
}

func (w *depthOneWatch) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	w.calls = append(w.calls, [2]int{depth, 0})
	return tableDepth
}
func (w *depthOneWatch) iterate(iter, _, _ int, thinkingRoot bool, nodes int) {
	if iter == 1 {
		w.calls[len(w.calls)-1][1]++
	}
}
func (w *depthOneWatch) leave(best, score, nodes int) {
	c := w.calls[len(w.calls)-1]
	w.calls = w.calls[:len(w.calls)-1]
	if c[0] == 1 {
		w.horizon = max(w.horizon, c[1])
	} else {
		w.deeper = max(w.deeper, c[1])
		if c[1] > 1 {
			w.deepRepeatsCalls++
		}
	}
}

// TestLabGooseHorizon: the goose budget iterated as the thread says, "in the
// horizon node" (-goose-horizon): only calls asked for depth 1 repeat their
// quiescence search; a deeper call searches its depth-1 iteration (internal
// deepening) once. Without the switch, deeper calls repeat it too.
func TestLabGooseHorizon(t *testing.T) {
	// The goose budget's position (TestLabGooseBudget): Qa5xd5 is a goose
	// chase, and the pawn's recapture wins a piece.
	p := mustFEN(t, "4k3/8/2p5/Q2n4/4P3/8/8/4K3 w - - 0 1").pos
	for _, horizon := range []bool{true, false} {
		e := newEngine(1 << 14)
		e.Position = p
		e.pendingFrom = infinity
		e.setLab(labSettings{gooseBudget: maxGooseBudget, gooseHorizon: horizon})
		w := &depthOneWatch{}
		e.rootSearch(&searchControl{budget: 20000, hooks: []searchHook{w}})
		l := e.rules.(*labRules)
		t.Logf("horizon only %v: %d passes repeated; most depth-1 passes of a call asked for depth 1: %d, of a deeper call: %d (%d calls repeated it)",
			horizon, l.repeated, w.horizon, w.deeper, w.deepRepeatsCalls)
		if l.repeated == 0 || w.horizon < 2 {
			t.Errorf("horizon only %v: the budget repeated nothing in horizon nodes (%d passes, %d at most)", horizon, l.repeated, w.horizon)
		}
		if horizon && w.deeper != 1 || !horizon && w.deeper < 2 {
			t.Errorf("horizon only %v: a deeper call ran its depth-1 iteration up to %d times", horizon, w.deeper)
		}
	}
}

// TestLabWeakSecondQueen: the weak form's "all but the queen" leaves out
// one queen: with two, the second counts, in the per-move step (the gap
// less his second piece, here the other queen) and in the weak test itself.
func TestLabWeakSecondQueen(t *testing.T) {
	const twoQueens = "4k3/8/8/3q4/8/q7/8/R3K3 w - - 0 1"   // Black: two queens
	const queenKnight = "4k3/8/8/3n4/8/q7/8/R3K3 w - - 0 1" // Black: a queen and a knight
	weak := labSettings{weak: true}
	for _, c := range []struct {
		name, fen  string
		s, f, e, v int
		want       pruneRule
	}{
		// gap = f-e-60 = 440: neither the general (1782) nor the weak test
		// (891+0 <= 410) holds; per move, the limit f-v-30 = 470 is less
		// than the second queen, 891: searched.
		{"per move: the second queen counts", twoQueens, 2, 500, 0, 0, notPruned},
		// With a knight for the second queen (gap 320: the weak test
		// 297 <= 290 fails), the limit 350 is more than the knight: pruned.
		{"per move: a knight", queenKnight, 2, 380, 0, 0, ruleWeak},
		// The per move step with the second queen's margin: f-v-30 >= 891.
		{"per move: the second queen made up", twoQueens, 2, 500, 0, -421, ruleWeak},
		{"per move: the second queen, a point short", twoQueens, 2, 500, 0, -420, notPruned},
		// The weak test: the two pieces after the first queen, 891+0 <= gap-30.
		{"weak: the second queen made up", twoQueens, 2, 981, 0, 0, ruleWeak},
		// Not at s=4 with the null move: the weak form stops at 3.
		{"weak: s=4", twoQueens, 4, 981, 0, 0, notPruned},
	} {
		eachBoard(t, c.fen, "a1a2", func(e *Engine, lm *searchMove) {
			e.side, e.futility = lm.side, true
			lm.iter, lm.remaining = c.s+1, c.s
			lm.score, lm.alphaNow, lm.beta = c.v, c.f, 2000
			lab := weak
			lab.nullMove = maxNullMove
			if rule, _ := e.labRule(lm, labFrame{eval: c.e}, &lab); rule != c.want {
				t.Errorf("%s (made %v): %v, want %v", c.name, lm.made, rule, c.want)
			}
		})
	}
	// gainAfterBut's count: the second queen, and none where one is left out.
	eachBoard(t, twoQueens, "a1a2", func(e *Engine, lm *searchMove) {
		if got := [2]int{e.gainAfterBut(lm, white, 7), e.gainAfter(lm, white)}; got != [2]int{891, 891} {
			t.Errorf("two queens (made %v): all but the queen %d, all %d; want 891, 891", lm.made, got[0], got[1])
		}
	})
	eachBoard(t, "4k3/8/8/8/8/q7/8/R3K3 w - - 0 1", "a1a2", func(e *Engine, lm *searchMove) {
		if got := e.gainAfterBut(lm, white, 7); got != 0 {
			t.Errorf("one queen (made %v): all but the queen %d, want 0", lm.made, got)
		}
	})
}

// TestLabNullMoveRanges: with the null move's reduction R, deep futility and
// general deep futility prune up to s=3+R (the seed's 1<d<=3+R); without
// it, up to 3.
func TestLabNullMoveRanges(t *testing.T) {
	const knight = "4k3/8/8/3n4/8/8/8/R3K3 w - - 0 1"
	const pieces = "4k3/8/8/3n4/8/8/3r4/R3K3 w - - 0 1" // a rook and a knight, 792
	for _, c := range []struct {
		name, fen string
		lab       labSettings
		s, f      int
		want      pruneRule
	}{
		{"deep, s=3", knight, labSettings{deep: true}, 3, 327, ruleDeep},
		{"deep, s=4", knight, labSettings{deep: true}, 4, 327, notPruned},
		{"deep, R=2, s=5", knight, labSettings{deep: true, nullMove: 2}, 5, 327, ruleDeep},
		{"deep, R=2, s=6", knight, labSettings{deep: true, nullMove: 2}, 6, 327, notPruned},
		{"general, s=4", pieces, labSettings{general: true}, 4, 852, notPruned},
		{"general, R=1, s=4", pieces, labSettings{general: true, nullMove: 1}, 4, 852, ruleGeneral},
		{"general, R=1, s=5", pieces, labSettings{general: true, nullMove: 1}, 5, 852, notPruned},
		{"extended, R=3, s=3", knight, labSettings{extended: true, nullMove: 3}, 3, 900, notPruned},
	} {
		eachBoard(t, c.fen, "a1a2", func(e *Engine, lm *searchMove) {
			e.side, e.futility = lm.side, true
			lm.iter, lm.remaining = c.s+1, c.s
			lm.score, lm.alphaNow, lm.beta = 0, c.f, 2000
			if rule, _ := e.labRule(lm, labFrame{}, &c.lab); rule != c.want {
				t.Errorf("%s (made %v): %v, want %v", c.name, lm.made, rule, c.want)
			}
		})
	}
}

// TestLabNullMove: the null move's verdict at a node's first move, with the
// board before the move (the fast search) and after it (the literal
// search): the super stand-pat without search up to the seed's d=2+R (the
// iteration 3+R), the null move searched beyond, and none where it is not
// tried. The board and the move told are as they were after it.
func TestLabNullMove(t *testing.T) {
	const (
		queen    = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"   // White is a queen up
		attacked = "4k3/8/8/8/8/8/3r4/3QK3 w - - 0 1" // ... and the rook takes it if White passes
		check    = "4k3/8/8/8/8/8/8/3QK2r w - - 0 1"  // White is in check
		pawns    = "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"
	)
	for _, c := range []struct {
		name, fen, move string
		r, iter, beta   int // R, the node's iteration, beta as eval less this
		afterNull, root bool
		want            pruneRule
	}{
		{"stand-pat at d=2+R", queen, "d1d2", 1, 4, 921, false, false, ruleStandPat},
		{"stand-pat: a point short, searched", queen, "d1d2", 1, 4, 920, false, false, ruleNullMove},
		{"beyond 2+R: searched", queen, "d1d2", 1, 5, 921, false, false, ruleNullMove},
		{"R=3: stand-pat at d=5", queen, "d1d2", 3, 6, 921, false, false, ruleStandPat},
		{"searched: fails high", queen, "d1d2", 2, 6, 50, false, false, ruleNullMove},
		{"searched: the rook takes the queen", attacked, "d1d2", 1, 5, 50, false, false, notPruned},
		{"eval below beta", queen, "d1d2", 1, 5, -1, false, false, notPruned},
		{"in check", check, "e1e2", 1, 4, 921, false, false, notPruned}, // (the stand-pat range: beyond it the reply takes the king)
		{"only pawns", pawns, "a2a3", 1, 4, 921, false, false, notPruned},
		{"a null move's reply", queen, "d1d2", 1, 4, 921, true, false, notPruned},
		{"the root", queen, "d1d2", 1, 4, 921, false, true, notPruned},
		{"the quiescence search", queen, "d1d2", 1, 1, 921, false, false, notPruned},
	} {
		s := mustFEN(t, c.fen)
		mv, ok := pseudoMove(&s.pos, c.move)
		if !ok {
			t.Fatalf("%s: no %s", c.fen, c.move)
		}
		for _, made := range []bool{false, true} {
			lm, after := labMoveOf(&s.pos, mv)
			e := newEngine(1 << 12)
			e.Position, e.literal = s.pos, made
			if made {
				e.Position = after
			}
			e.findPieces()
			lm.made, lm.root, lm.iter, lm.remaining = made, c.root, c.iter, c.iter-1
			lm.beta = s.pos.eval - c.beta
			lm.alphaNow, lm.score, lm.indexKey, lm.lockKey = lm.beta-1, 0, 1, 1
			l := &labRules{e: e, lab: labSettings{nullMove: c.r}}
			l.frames = []labFrame{{eval: s.pos.eval, beta: lm.beta, afterNull: c.afterNull}}
			e.rules, e.hook, e.ctl = l, l, &searchControl{}
			board, told := e.board, lm
			e.told = lm
			if got := l.nullMove(&e.told); got != c.want {
				t.Errorf("%s (made %v): %v, want %v", c.name, made, got, c.want)
			}
			if e.board != board || e.told != told || len(l.frames) != 1 {
				t.Errorf("%s (made %v): the board, the move told or the frames changed", c.name, made)
			}
		}
	}
}

// TestLabNullMoveSearch: in a search the null move and the super stand-pat
// cut nodes where one side is far ahead, and none where both have pawns
// only; the moves played are sane (the queen up wins the rook).
func TestLabNullMoveSearch(t *testing.T) {
	for _, c := range []struct {
		fen             string
		r               int
		null, standPats bool   // the null move cuts, the super stand-pat cuts
		best            string // the move played, if it matters
	}{
		{"6k1/5pp1/7p/8/8/8/5PPP/3R2K1 w - - 0 1", 2, true, false, ""}, // a rook up: no piece more to fall
		{"r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/2KR3R w - - 0 1", 3, true, true, ""},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 3, false, false, "h5f7"}, // a mate: a mate score in the window
		{"4k3/pp6/8/8/8/8/6PP/4K3 w - - 0 1", 2, false, false, ""},                                       // pawns only: zugzwang
	} {
		s := mustFEN(t, c.fen)
		e := newEngine(1 << 16)
		e.Position = s.pos
		e.pendingFrom = infinity
		e.setLab(labSettings{nullMove: c.r})
		var st searchStats
		from := e.Position
		if !e.rootSearch(&searchControl{budget: 30000, hooks: []searchHook{&st}}) {
			t.Fatalf("%s: no move", c.fen)
		}
		var null, standPat int64
		for d := range st.prunedBy[ruleNullMove] {
			null += st.prunedBy[ruleNullMove][d]
			standPat += st.prunedBy[ruleStandPat][d]
		}
		played := ""
		for _, m := range from.legalMoves() {
			q := from
			q.makeMove(m)
			if q.board == e.board {
				played = m.String()
			}
		}
		t.Logf("%s, R=%d: %d nodes cut by the null move, %d by the super stand-pat; %s played", c.fen, c.r, null, standPat, played)
		if c.null != (null > 0) || c.standPats != (standPat > 0) {
			t.Errorf("%s, R=%d: %d null move cuts, %d super stand-pats", c.fen, c.r, null, standPat)
		}
		if c.best != "" && played != c.best {
			t.Errorf("%s, R=%d: played %s, want %s", c.fen, c.r, played, c.best)
		}
	}
}

// TestLabOptionLists: a player's GUI lists no option of the laboratory's
// and is refused one, in UCI (an info string) and CECP (Error); with -lab
// both protocols list every option of the table, and take them. On the
// command line -lab, or any flag of the laboratory's, asks for the
// laboratory; the player's flags do not.
func TestLabOptionLists(t *testing.T) {
	var labUCI, labCECP, playerUCI, playerCECP []string
	for i := range options {
		o := &options[i]
		lists := [2]*[]string{&playerUCI, &playerCECP}
		if o.labOption() {
			lists = [2]*[]string{&labUCI, &labCECP}
		}
		if o.uci != "" {
			*lists[0] = append(*lists[0], o.uci)
		}
		if o.cecp != "" {
			*lists[1] = append(*lists[1], o.cecp)
		}
	}
	if !slices.Contains(labUCI, "Futility Pruning") || !slices.Contains(labUCI, "Null Move") || !slices.Contains(labCECP, "Goose try equal") {
		t.Fatalf("the laboratory's options: %q, %q", labUCI, labCECP)
	}
	for _, lab := range []bool{false, true} {
		u := newUCIDialogue(t, smallEngine(), config{lab: lab})
		var uci []string
		for _, l := range u.sync("uci") {
			if name, ok := strings.CutPrefix(l, "option name "); ok {
				uci = append(uci, name[:strings.Index(name, " type ")])
			}
		}
		c := newDialogue(t, smallEngine(), config{lab: lab})
		var cecp []string
		for _, l := range c.sync("xboard", "protover 2") {
			if f, ok := strings.CutPrefix(l, `feature option="`); ok {
				cecp = append(cecp, f[:strings.Index(f, " -")])
			}
		}
		wantUCI, wantCECP := playerUCI, playerCECP
		if lab {
			wantUCI, wantCECP = uciOrder(), cecpOrder()
		}
		if !slices.Equal(uci, wantUCI) || !slices.Equal(cecp, wantCECP) {
			t.Errorf("-lab %v: UCI lists %q, want %q; CECP %q, want %q", lab, uci, wantUCI, cecp, wantCECP)
		}
		for _, name := range labUCI {
			got := u.sync("setoption name " + name + " value 1")
			refused := len(got) == 1 && strings.Contains(got[0], "refused") && strings.Contains(got[0], "-lab")
			if refused == lab {
				t.Errorf("-lab %v: setoption %s answered %q", lab, name, got)
			}
		}
		for _, name := range labCECP {
			got := c.sync("option " + name + "=1")
			refused := len(got) == 1 && strings.HasPrefix(got[0], "Error (") && strings.Contains(got[0], "-lab")
			if lab && len(got) != 0 || !lab && !refused {
				t.Errorf("-lab %v: option %s=1 answered %q", lab, name, got)
			}
		}
		if got, want := u.s.e.lab() == (labSettings{}), !lab; got != want {
			t.Errorf("-lab %v: the settings after the options: %+v", lab, u.s.e.lab())
		}
	}
	for _, c := range []struct {
		args []string
		lab  bool
	}{
		{nil, false}, {[]string{"-elo", "800"}, false}, {[]string{"-hash", "16", "-stats"}, false}, {[]string{"-lab"}, true},
		{[]string{"-deep-futility"}, true}, {[]string{"-null-move", "2"}, true}, {[]string{"-futility=false"}, true},
		{[]string{"-goose-horizon=false"}, true},
	} {
		fs := flag.NewFlagSet("umax", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		cl, err := parseCommandLine(fs, c.args)
		if err != nil || cl.cfg.lab != c.lab {
			t.Errorf("%q: the laboratory %v (%v), want %v", c.args, cl.cfg.lab, err, c.lab)
		}
	}
}

// uciOrder and cecpOrder are the names of every option in each protocol,
// in the table's order.
func uciOrder() (names []string) {
	for i := range options {
		if options[i].uci != "" {
			names = append(names, options[i].uci)
		}
	}
	return names
}

func cecpOrder() (names []string) {
	for i := range options {
		if options[i].cecp != "" {
			names = append(names, options[i].cecp)
		}
	}
	return names
}

// TestLabNewSwitches: the new switches as flags, UCI options and CECP
// options, each setting its field of the laboratory's settings.
func TestLabNewSwitches(t *testing.T) {
	want := labSettings{gooseHorizon: true, gooseEqual: true, gooseTryEqual: true, nullMove: 2}
	fs := flag.NewFlagSet("umax", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	apply := addOptionFlags(fs)
	if err := fs.Parse([]string{"-goose-horizon", "-goose-equal", "-goose-try-equal", "-null-move", "2"}); err != nil {
		t.Fatal(err)
	}
	e := newEngine(minTableSize)
	if err := apply(e, &config{}); err != nil || e.lab() != want {
		t.Errorf("flags: %+v (%v), want %+v", e.lab(), err, want)
	}
	if got := labFlags(e); got != "-goose-horizon -goose-equal -goose-try-equal -null-move=2" {
		t.Errorf("labFlags: %q", got)
	}
	u := newUCIDialogue(t, smallEngine(), config{lab: true})
	u.expectNothing("setoption name Goose Horizon Only value true", "setoption name goose equal captures value true",
		"setoption name Goose Try Equal value true", "setoption name Null Move value 2")
	if u.s.e.lab() != want {
		t.Errorf("UCI: %+v, want %+v", u.s.e.lab(), want)
	}
	if got := u.sync("setoption name Null Move value 4"); len(got) != 1 || !strings.Contains(got[0], "refused") {
		t.Errorf("Null Move 4 answered %q", got)
	}
	c := newDialogue(t, smallEngine(), config{lab: true, nodeBudget: 3000})
	c.expectNothing("option Goose horizon only=1", "option Goose equal captures=1", "option Goose try equal=1", "option Null move=2")
	if c.s.e.lab() != want {
		t.Errorf("CECP: %+v, want %+v", c.s.e.lab(), want)
	}
	if got := c.sync("new", "go"); len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "move ") {
		t.Errorf("no move with the new switches on: %q", got)
	}
}
