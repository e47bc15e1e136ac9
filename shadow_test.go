package main

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The shadow search's tests (shadow.go): it leaves the search alone (nodes,
// scores, moves, table, the laboratory's state and the other hooks' view),
// its counts add up, micro-Max's futility is never wrong but where the table
// answers the reply, and deep futility is wrong only through the table,
// but for the positions where it fails (doc/laboratory.md, "Soundness: the
// shadow search").

// shadowRun is what a game of two searches left: what the shadow search must
// not change, and its tally of the first search.
type shadowRun struct {
	pos              Position
	nodes            []int
	reports          []string
	stats            []searchStats // without the shadow's tally
	table            []hashSlot
	repeated, capped int
	tally            shadowTally
}

// playShadow searches fen twice from a table of 4096 entries, the side to
// move and then the other (the second search reads what the first stored;
// none if the first finds no move),
// with the switches lab (the shadow search on or off), futility, and the
// literal search or the fast one.
func playShadow(t *testing.T, fen string, lab labSettings, futility, literal bool, budget int) shadowRun {
	t.Helper()
	e := newEngine(1 << 12)
	e.futility, e.literal = futility, literal
	e.Position = mustFEN(t, fen).pos
	e.setLab(lab)
	var r shadowRun
	for search := 0; search < 2; search++ {
		stats := &searchStats{}
		e.pendingFrom = infinity
		ctl := &searchControl{budget: budget, hooks: []searchHook{stats}, report: func(depth, nodes, score, from, to int) {
			r.reports = append(r.reports, fmt.Sprint(depth, nodes, score, moveName(from, to)))
		}}
		played := e.rootSearch(ctl)
		if tally := e.shadowTally(); tally != nil && search == 0 {
			r.tally = *tally
		}
		r.nodes, r.stats = append(r.nodes, e.nodes), append(r.stats, *stats)
		if !played {
			break // mate or stalemate
		}
	}
	r.pos, r.table = e.Position, slices.Clone(e.table)
	if l := rulesOf(e); l != nil {
		r.repeated, r.capped = l.repeated, l.capped
	}
	return r
}

// rulesOf is e's laboratory rules, or nil.
func rulesOf(e *Engine) *labRules {
	switch r := e.rules.(type) {
	case *labRules:
		return r
	case *shadowHook:
		return r.rules
	}
	return nil
}

// TestShadowLeavesSearchAlone: with the shadow search on, every switch of
// the laboratory (and none) searches as it does with the shadow off: the
// same nodes, kibitz lines, statistics (the hooks that watch see the same
// moves), moves, table contents and goose-budget passes, in the fast search
// and the literal one; and the two searches' shadows count the same.
func TestShadowLeavesSearchAlone(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	budget, starts, literalEvery := 20000, labStarts, 2
	if reduced() { // a middlegame, castling, e.p. and promotions
		budget, starts, literalEvery = 5000, []string{labStarts[1], labStarts[3], labStarts[4], labStarts[7]}, 4
	}
	for _, combo := range shadowCombos {
		for i, fen := range starts {
			var tallies []shadowTally
			for _, literal := range []bool{false, true} {
				if literal && i%literalEvery != 0 {
					continue // the literal search is slow: only some starts
				}
				off := playShadow(t, fen, combo.lab, combo.futility, literal, budget)
				lab := combo.lab
				lab.shadow = true
				on := playShadow(t, fen, lab, combo.futility, literal, budget)
				if on.pos != off.pos || !slices.Equal(on.nodes, off.nodes) || !slices.Equal(on.reports, off.reports) ||
					!slices.Equal(on.stats, off.stats) || on.repeated != off.repeated || on.capped != off.capped {
					t.Errorf("%s, %s, literal %v: the shadow search changed the search: nodes %v, not %v; kibitz\n%v\nnot\n%v",
						combo.name, fen, literal, on.nodes, off.nodes, on.reports, off.reports)
				}
				if !slices.Equal(on.table, off.table) {
					t.Errorf("%s, %s, literal %v: the shadow search changed the table", combo.name, fen, literal)
				}
				tallies = append(tallies, on.tally)
			}
			if len(tallies) == 2 && tallies[0] != tallies[1] {
				t.Errorf("%s, %s: the fast search's shadow counted %+v, the literal's %+v", combo.name, fen, tallies[0].byRule, tallies[1].byRule)
			}
		}
	}
}

// shadowCombos are the switch settings the shadow's tests run: none, and
// labCombos, and the switches that came after them.
var shadowCombos = append(append([]struct {
	name     string
	futility bool
	lab      labSettings
}{{"micro-Max 4.1", true, labSettings{}}}, labCombos...), []struct {
	name     string
	futility bool
	lab      labSettings
}{
	{"goose equal", true, labSettings{gooseEqual: true}},
	{"goose budget, horizon, try equal", true, labSettings{gooseBudget: 4, gooseHorizon: true, gooseTryEqual: true}},
	{"null move 1", true, labSettings{nullMove: 1}},
	{"null move 2 + deep + general", true, labSettings{nullMove: 2, deep: true, general: true}},
}...)

// TestShadowBench: the bench with the shadow search on counts the nodes it
// counts with it off (the full run: micro-Max's budget, the signature
// 10120228; the fast one a smaller budget).
func TestShadowBench(t *testing.T) {
	t.Parallel() // a search of its own: it runs beside the goldens
	budget := microMaxBudget
	if reduced() {
		budget = 50000
	}
	total := func(lab labSettings) string {
		e := newEngine(defaultHashEntries) // the table bench searches with
		e.setLab(lab)
		var out strings.Builder
		runBench(e, budget, &out)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		return lines[len(lines)-2] // "N nodes"
	}
	on, off := total(labSettings{shadow: true}), total(labSettings{})
	if on != off || budget == microMaxBudget && on != "10120228 nodes" {
		t.Errorf("bench at %d nodes: %s with the shadow search, %s without", budget, on, off)
	}
}

// TestShadowCounts: the shadow's counts add up: it shadows every move a
// rule pruned (the statistics' prunes, rule by rule), wrong ones are among
// the pruned, changed and tabled ones among the wrong; the lines of -stats
// and of UCI's debug say them.
func TestShadowCounts(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	for _, combo := range shadowCombos[1:] {
		lab := combo.lab
		lab.shadow = true
		r := playShadow(t, labStarts[1], lab, combo.futility, false, 8000)
		var pruned [numPruneRules]int64
		for d := range r.stats[0].pruned {
			pruned[ruleFutility] += r.stats[0].pruned[d]
			for rule := ruleExtended; rule < numPruneRules; rule++ {
				pruned[rule] += r.stats[0].prunedBy[rule][d]
				pruned[ruleFutility] -= r.stats[0].prunedBy[rule][d]
			}
		}
		for rule, c := range r.tally.byRule {
			if c.pruned != pruned[rule] || c.wrong > c.pruned || c.changed > c.wrong || c.tabled > c.wrong {
				t.Errorf("%s, rule %v: shadow %+v, the statistics count %d prunes", combo.name, pruneRule(rule), c, pruned[rule])
			}
		}
		if r.tally.nodes == 0 {
			t.Errorf("%s: no shadow nodes", combo.name)
		}
	}

	// The lines: -stats, and UCI with debug on.
	tally := &shadowTally{nodes: 77}
	tally.byRule[ruleFutility] = shadowCount{pruned: 10, wrong: 2, changed: 1, tabled: 2}
	tally.byRule[ruleDeep] = shadowCount{pruned: 5}
	want := []string{"shadow futile pruned 10 wrong 2 changed 1", "shadow deep pruned 5 wrong 0 changed 0", "shadow nodes 77 (apart from the search's)"}
	if got := tally.lines(); !slices.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
	e := smallEngine()
	e.setLab(labSettings{shadow: true})
	var out strings.Builder
	(&console{e: e, budget: 3000, stats: true}).run(strings.NewReader("\n"), &out)
	if !regexp.MustCompile(`(?m)^# shadow futile pruned \d+ wrong \d+ changed \d+\n# shadow nodes \d+ `).MatchString(out.String()) {
		t.Errorf("-stats -shadow printed\n%s", out.String())
	}
	d := newUCIDialogue(t, smallEngine(), config{lab: true}) // umax -lab
	d.sync("uci", "setoption name Lab Shadow value true", "setoption name Deep Futility value true", "debug on",
		"position fen "+labStarts[1])
	lines := d.search("go nodes 5000")
	d.close()
	var shadow []string
	for _, l := range lines {
		if strings.HasPrefix(l, "info string shadow ") {
			shadow = append(shadow, l)
		}
	}
	if len(shadow) != 3 || !strings.HasPrefix(shadow[0], "info string shadow futile pruned ") ||
		!strings.HasPrefix(shadow[1], "info string shadow deep pruned ") || !strings.HasPrefix(shadow[2], "info string shadow nodes ") {
		t.Errorf("UCI with debug on and Lab Shadow: the shadow's lines are %q", shadow)
	}
}

// TestShadowJudges: a prune is wrong when its searched score falls on
// another side of the window than the rule's (a tie with f or l is on f's or
// l's side), and changed, when the iteration ends, if it is a futile-type
// prune whose score beats the best or a fail-high prune that gave it.
func TestShadowJudges(t *testing.T) {
	m := &searchMove{alphaNow: 20, beta: 100}
	for score, want := range map[int]int{-infinity: -1, 19: -1, 20: -1, 21: 0, 99: 0, 100: 1, infinity: 1} {
		if got := windowSide(score, m); got != want {
			t.Errorf("score %d in the window (20, 100): side %d, want %d", score, got, want)
		}
	}
	futile := func(searched int) shadowRecord {
		return shadowRecord{rule: ruleFutility, claim: 10, searched: searched, wrong: searched > 20} // f 20, l 100
	}
	overkill := shadowRecord{rule: ruleOverkill, claim: 100, searched: 90, wrong: true, failHigh: true}
	for _, c := range []struct {
		records []shadowRecord
		best    int // the record that gave the best score
		score   int // the best score
		want    [2]shadowCount
	}{
		{[]shadowRecord{futile(60), futile(40), futile(50), futile(15), overkill}, -1, 50,
			[2]shadowCount{{pruned: 4, wrong: 3, changed: 1}, {pruned: 1, wrong: 1}}},
		{[]shadowRecord{futile(60), overkill}, 1, 100, [2]shadowCount{{pruned: 1, wrong: 1}, {pruned: 1, wrong: 1, changed: 1}}},
	} {
		s := &shadowHook{frames: []shadowFrame{{best: c.best}}, records: c.records}
		s.count(c.score)
		if got := [2]shadowCount{s.tally.byRule[ruleFutility], s.tally.byRule[ruleOverkill]}; got != c.want {
			t.Errorf("best %d: futility and over-kill counted %+v, want %+v", c.score, got, c.want)
		}
	}
}

// shadowPrune is a prune the shadow search found, with the node's board as
// the fast search has it (before the move).
type shadowPrune struct {
	m     searchMove
	board [256]int8
	r     shadowRecord
	v     int // the move's own score, before the rule changed it
	ep    int // the node's e.p. square (E), or noSquare
}

// watchShadow has e's shadow search keep in *got every prune by rule for
// which keep says so.
func watchShadow(e *Engine, rule pruneRule, keep func(m *searchMove, r *shadowRecord) bool, got *[]shadowPrune) {
	e.rules.(*shadowHook).watch = func(m *searchMove, r *shadowRecord) {
		if r.rule == rule && keep(m, r) {
			*got = append(*got, shadowPrune{m: *m, board: e.board, r: *r, v: m.score})
		}
	}
}

// freshScore searches the move of p again, as the shadow search did, but
// from an empty table, under the laboratory's switches lab: its score.
func freshScore(p shadowPrune, lab labSettings) int {
	e := newEngine(1 << 16)
	lab.shadow = false
	e.setLab(lab)
	e.board, e.side = p.board, p.m.side
	m := p.m
	m.makeOn(&e.board)
	e.findPieces()
	e.ctl, e.hook = &searchControl{}, e.rules
	index, lock := m.replyKeys()
	return -e.search(24-m.side, -m.beta, -m.alphaNow, -p.v, index, lock, m.passed, m.to, m.remaining)
}

// shadowPositions are positions the soundness tests search: the
// laboratory's starts and the first tactics of WAC.
func shadowPositions(t *testing.T) []string {
	positions := slices.Clone(labStarts)
	for i, l := range readEPD(t, tacticsFile) {
		if i < 12 {
			positions = append(positions, fenOf(&l.pos))
		}
	}
	return positions
}

// TestShadowFutilitySound: micro-Max's futility is never wrong where the
// table does not answer the pruned move's reply: the reply stands pat, and
// the move scores exactly its v (or -infinity: the reply captures the king).
// The wrong prunes are exactly those whose reply the table answered.
func TestShadowFutilitySound(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	budget := 30000
	if reduced() {
		budget = 10000
	}
	var total shadowCount
	for _, fen := range shadowPositions(t) {
		for _, literal := range []bool{false, true} {
			e := newEngine(1 << 16)
			e.literal = literal
			e.Position = mustFEN(t, fen).pos
			e.pendingFrom = infinity
			e.setLab(labSettings{shadow: true})
			var inexact []shadowPrune
			watchShadow(e, ruleFutility, func(m *searchMove, r *shadowRecord) bool {
				return !r.tabled && r.searched != r.claim && r.searched != -infinity
			}, &inexact)
			e.rootSearch(&searchControl{budget: budget})
			c := e.shadowTally().byRule[ruleFutility]
			if c.wrong != c.tabled || len(inexact) > 0 {
				t.Errorf("%s, literal %v: futility %+v; prunes whose reply was searched and did not score v: %d", fen, literal, c, len(inexact))
			}
			total.pruned, total.wrong = total.pruned+c.pruned, total.wrong+c.wrong
		}
	}
	if total.pruned < 100000 {
		t.Errorf("%d futile moves shadowed", total.pruned)
	}
	t.Logf("futility: %d prunes, %d wrong, every one through the table", total.pruned, total.wrong)
}

// TestShadowDeepFutility: deep futility's wrong prunes come from the table:
// each, searched again from an empty table, is right. And the positions
// where it fails without the table's help (doc/laboratory.md): a move that
// stalemates, and a zugzwang where the opponent's forced move loses
// positional points.
func TestShadowDeepFutility(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	budget := 30000
	if reduced() {
		budget = 10000
	}
	lab := labSettings{deep: true, shadow: true}
	var pruned, wrong int64
	for _, fen := range shadowPositions(t) {
		e := newEngine(1 << 16)
		e.Position = mustFEN(t, fen).pos
		e.pendingFrom = infinity
		e.setLab(lab)
		var wrongs []shadowPrune
		watchShadow(e, ruleDeep, func(m *searchMove, r *shadowRecord) bool { return r.wrong }, &wrongs)
		e.rootSearch(&searchControl{budget: budget})
		for _, p := range wrongs {
			if fresh := freshScore(p, lab); fresh > p.m.alphaNow {
				t.Errorf("%s: deep futility pruned %s (v %d, f %d), which scores %d from an empty table", fen,
					moveName(p.m.from, p.m.to), p.v, p.m.alphaNow, fresh)
			}
		}
		c := e.shadowTally().byRule[ruleDeep]
		pruned, wrong = pruned+c.pruned, wrong+c.wrong
	}
	if pruned < 10000 {
		t.Errorf("%d deep futile moves shadowed", pruned)
	}
	t.Logf("deep futility: %d prunes, %d wrong, none without the table", pruned, wrong)

	for _, c := range []struct {
		why, fen     string
		depth        int
		alpha, beta  int
		move         string
		remaining    int
		v, f, scored int
	}{
		// Ke6-f7 stalemates Black, whose rook, bishop and pawns cannot
		// move: a draw (0, less the delayed-loss point: -1) where White, a
		// rook and more behind, has alpha -201.
		{"stalemate", "rb5k/p1p4p/P1P1K2P/8/8/8/8/8 w - - 0 1", 3, -200, -100, "e6f7", 2, -745, -201, -1},
		// Kg1-f2 leaves Black one move, Kc8-b8, 5 centre points worse;
		// then Ba1-e5 gains 28: 33, less the delayed-loss point, is 32,
		// more than posMargin's 30 (Black has no piece: nothing to gain).
		{"zugzwang", "2k5/7R/4N3/8/8/8/8/B5K1 w - - 0 1", 4, 1019, 1119, "g1f2", 3, 1068, 1099, 1100},
	} {
		s := mustFEN(t, c.fen)
		e := newEngine(1 << 16)
		e.Position = s.pos
		e.findPieces()
		e.pendingFrom = infinity
		e.setLab(lab)
		var found []shadowPrune
		watchShadow(e, ruleDeep, func(m *searchMove, r *shadowRecord) bool {
			return moveName(m.from, m.to) == c.move && m.remaining == c.remaining && r.wrong
		}, &found)
		e.ctl, e.hook = &searchControl{}, e.rules
		e.search(e.side, c.alpha, c.beta, e.eval, 1, 1, noSquare, noSquare, c.depth)
		if len(found) == 0 {
			t.Errorf("%s, %s: deep futility did not prune %s wrongly", c.why, c.fen, c.move)
			continue
		}
		p := found[0]
		if p.v != c.v || p.m.alphaNow != c.f || p.r.searched != c.scored || freshScore(p, lab) != c.scored {
			t.Errorf("%s, %s: %s pruned with v %d, f %d; it scores %d, from an empty table %d; want %d, %d, %d",
				c.why, c.fen, c.move, p.v, p.m.alphaNow, p.r.searched, freshScore(p, lab), c.v, c.f, c.scored)
		}
	}
}

// unpruneOne is the laboratory's rules but for one move, the k-th that they
// prune away from the root: that one the search searches, and result is its
// score as the search found it (its reply's value, negated). A null move's
// cut (or the super stand-pat's) it lets through instead: the node's
// iteration goes on without the null move, and result is the node's score
// at its end.
type unpruneOne struct {
	rules    *labRules
	k, n     int
	told     string // the move let through
	level    int    // the calls under way
	searched int    // the level of the call that searches the move, or 0
	node     int    // the level of the node whose cut was let through, or 0
	result   int
}

func (u *unpruneOne) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	u.level++
	return u.rules.enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes)
}
func (u *unpruneOne) iterate(iter, firstSq, bestTo int, thinkingRoot bool, nodes int) {
	u.rules.iterate(iter, firstSq, bestTo, thinkingRoot, nodes)
}
func (u *unpruneOne) newBest() { u.rules.newBest() }
func (u *unpruneOne) iterated(best, nodes int) bool {
	if u.level == u.node { // the iteration whose cut was let through: what the node returns
		u.result, u.node = best+b2i(best < u.rules.frames[len(u.rules.frames)-1].eval), 0
	}
	return u.rules.iterated(best, nodes)
}
func (u *unpruneOne) leave(best, score, nodes int) {
	if u.level == u.searched {
		u.result, u.searched = -score, 0
	}
	u.level--
	u.rules.leave(best, score, nodes)
}
func (u *unpruneOne) move(m *searchMove) (pruneRule, int) {
	v := m.score
	node := u.rules.frames[len(u.rules.frames)-1]
	rule, score := u.rules.move(m)
	if rule == notPruned || m.root {
		return rule, score
	}
	if u.n++; u.n != u.k {
		return rule, score
	}
	if rule == ruleNullMove || rule == ruleStandPat { // the node's cut: its first move told again, without the null move
		node.afterNull = true
		u.rules.frames[len(u.rules.frames)-1] = node
		u.told, u.node = moveName(m.from, m.to), u.level
		return u.rules.move(m)
	}
	if rule == ruleGooseBudget { // as the shadow search passes it on
		u.rules.frames[len(u.rules.frames)-1].passOn = 0
	}
	u.told, u.searched = moveName(m.from, m.to), u.level+1
	return notPruned, v
}

// TestShadowScoresAsSearched: the shadow search scores a pruned move as the
// search scores it when the rule lets that one move through (a null move's
// cut: the node as it scores when its iteration goes on without the null
// move): the same window, depth, board (castling, e.p., promotions),
// evaluation, table and laboratory state. For every switch, a few prunes
// of each search.
func TestShadowScoresAsSearched(t *testing.T) {
	t.Parallel()                                                               // a computation of its own: it runs beside the goldens
	starts := []string{labStarts[1], labStarts[3], labStarts[4], labStarts[7]} // a middlegame, castling, e.p., promotions
	checked, nodeCuts := 0, 0
	for _, combo := range shadowCombos[1:] {
		for _, fen := range starts {
			pos := mustFEN(t, fen).pos
			search := func(lab labSettings, rules func(e *Engine) searchHook) *Engine {
				e := newEngine(1 << 12)
				e.futility, e.Position, e.pendingFrom = combo.futility, pos, infinity
				e.setLab(lab)
				if rules != nil {
					e.rules = rules(e)
				}
				e.rootSearch(&searchControl{budget: 3000})
				return e
			}
			var shadowed []shadowPrune
			lab := combo.lab
			lab.shadow = true
			search(lab, func(e *Engine) searchHook {
				e.rules.(*shadowHook).watch = func(m *searchMove, r *shadowRecord) {
					if !m.root {
						sh := e.rules.(*shadowHook)
						shadowed = append(shadowed, shadowPrune{m: *m, r: *r, ep: sh.frames[len(sh.frames)-1].epSquare})
					}
				}
				return e.rules
			})
			ks := []int{1, 5, 30, 200, 1000}
			special := map[string]bool{}
			nodeCut := 0
			for i, p := range shadowed { // and the first castling, e.p. capture, promotion and stand-pat pruned
				kind := map[bool]string{p.m.rookFrom != noSquare: "castling", p.m.captureSq != p.m.to: "e.p.",
					p.m.newPiece&7 != p.m.piece&7: "promotion", p.r.rule == ruleStandPat: "stand-pat"}[true]
				if kind != "" && !special[kind] {
					special[kind] = true
					ks = append(ks, i+1)
				}
				if p.r.rule == ruleNullMove { // and a null move's 1st to 5th, 10th and 30th cut, and those after a double step or castling
					if nodeCut++; nodeCut <= 5 || nodeCut == 10 || nodeCut == 30 || p.ep != noSquare {
						ks = append(ks, i+1)
					}
				}
			}
			for _, k := range ks {
				if k > len(shadowed) {
					continue
				}
				u := &unpruneOne{k: k}
				search(combo.lab, func(e *Engine) searchHook { u.rules = rulesOf(e); return u })
				want := shadowed[k-1]
				if u.told != moveName(want.m.from, want.m.to) || u.result != want.r.searched {
					t.Errorf("%s, %s: the %dth prune, %s by %v: the shadow search scored %d, the search scores %s %d",
						combo.name, fen, k, moveName(want.m.from, want.m.to), want.r.rule, want.r.searched, u.told, u.result)
				}
				checked++
				if want.r.rule == ruleNullMove {
					nodeCuts++
				}
			}
		}
	}
	if checked < 200 || nodeCuts < 40 {
		t.Errorf("%d prunes checked, %d of them a null move's cut", checked, nodeCuts)
	}
}

// nodeCallCheck is the shadow search with a check of the node's call it
// keeps for a null move's cut: at a node's first move of an iteration d>=2
// the node's own table slot holds the entry its iteration before stored
// there, found with the e.p. square the shadow search keeps for the node
// (the slot's index holds it) only if that is the square the search passed.
type nodeCallCheck struct {
	*shadowHook
	checked, withEP, missed int
}

func (c *nodeCallCheck) move(m *searchMove) (pruneRule, int) {
	s := c.shadowHook
	if !s.running && !m.root && m.iter >= 2 && s.rules.frames[len(s.rules.frames)-1].made == 0 {
		node := s.frames[len(s.frames)-1]
		c.checked++
		if node.epSquare != noSquare {
			c.withEP++
		}
		if s.e.table[s.e.slotIndex(m.indexKey, m.side, node.epSquare)].load().lock != m.lockKey {
			c.missed++
		}
	}
	return s.move(m)
}

// TestShadowNodeCall: the e.p. square (and so the table slot) that the
// shadow search keeps for each node, to search it again at a null move's
// cut, is the one the search called it with, after double steps and
// castling too.
func TestShadowNodeCall(t *testing.T) {
	for _, fen := range []string{labStarts[1], labStarts[2], labStarts[7]} { // double steps, castling
		e := newEngine(1 << 12)
		e.Position, e.pendingFrom = mustFEN(t, fen).pos, infinity
		e.setLab(labSettings{nullMove: 2, shadow: true})
		c := &nodeCallCheck{shadowHook: e.rules.(*shadowHook)}
		e.rules = c
		e.rootSearch(&searchControl{budget: 3000})
		if c.missed > 0 || c.checked < 500 || c.withEP == 0 {
			t.Errorf("%s: of %d nodes' first moves (%d with an e.p. square), %d found no entry of their own", fen, c.checked, c.withEP, c.missed)
		}
	}
}

// TestShadowMakesMoves: the shadow search makes a move (makeOn) as the
// search does (makeMove, search's move at the root), and takes it back
// (unmakeOn, for the literal search's board): castling's rook, the e.p.
// capture, a promotion, every move of the laboratory's starts.
func TestShadowMakesMoves(t *testing.T) {
	kinds := map[string]int{}
	for _, fen := range labStarts {
		s := mustFEN(t, fen)
		for _, mv := range s.pos.pseudoMoves(nil) {
			m, after := labMoveOf(&s.pos, mv)
			board := s.pos.board
			m.makeOn(&board)
			if board != after.board {
				t.Errorf("%s: %s made as the search does not make it", fen, mv)
			}
			m.made = true
			if m.unmakeOn(&board); board != s.pos.board {
				t.Errorf("%s: %s taken back does not give the position before it", fen, mv)
			}
			kinds[map[bool]string{m.rookFrom != noSquare: "castling", m.captureSq != m.to: "e.p.",
				m.newPiece&7 != m.piece&7: "promotion"}[true]]++
		}
	}
	if kinds["castling"] == 0 || kinds["e.p."] == 0 || kinds["promotion"] == 0 {
		t.Errorf("moves made: %v", kinds)
	}
}

// TestShadowDeepFutilityEndgames (the full run): in random endgames, where
// zugzwang and stalemate are nearer, deep futility's wrong prunes still all
// come from the table.
func TestShadowDeepFutilityEndgames(t *testing.T) {
	needFull(t, "200 random endgames with deep futility and the shadow search")
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 9))
	lab := labSettings{deep: true, shadow: true}
	var pruned, wrong int64
	for played := 0; played < 200; {
		s, err := parseFEN(randomEndgame(rng))
		if err != nil || !s.pos.hasLegalMove() {
			continue
		}
		played++
		e := newEngine(1 << 16)
		e.Position, e.pendingFrom = s.pos, infinity
		e.setLab(lab)
		var wrongs []shadowPrune
		watchShadow(e, ruleDeep, func(m *searchMove, r *shadowRecord) bool { return r.wrong }, &wrongs)
		e.rootSearch(&searchControl{budget: 20000})
		for _, p := range wrongs {
			if fresh := freshScore(p, lab); fresh > p.m.alphaNow {
				t.Errorf("%s: deep futility pruned %s (v %d, f %d), which scores %d from an empty table", fenOf(&s.pos),
					moveName(p.m.from, p.m.to), p.v, p.m.alphaNow, fresh)
			}
		}
		c := e.shadowTally().byRule[ruleDeep]
		pruned, wrong = pruned+c.pruned, wrong+c.wrong
	}
	t.Logf("deep futility in 200 endgames: %d prunes, %d wrong, none without the table", pruned, wrong)
}

// randomEndgame is a FEN of the two kings and up to three more pieces a
// side (pawns most often) on random squares, either side to move; it may
// be illegal (parseFEN says so).
func randomEndgame(rng *rand.Rand) string {
	var board [64]byte
	put := func(piece byte) {
		for {
			sq := rng.IntN(64)
			if board[sq] == 0 && (piece|32 != 'p' || sq >= 8 && sq < 56) {
				board[sq] = piece
				return
			}
		}
	}
	put('K')
	put('k')
	for _, lower := range []byte{0, 32} {
		for n := rng.IntN(4); n > 0; n-- {
			put("PPPPPNBRQ"[rng.IntN(9)] | lower)
		}
	}
	var fen strings.Builder
	for sq, piece := range board {
		if sq > 0 && sq%8 == 0 {
			fen.WriteByte('/')
		}
		if piece == 0 {
			piece = '1'
		}
		fen.WriteByte(piece)
	}
	return fen.String() + [2]string{" w - - 0 1", " b - - 0 1"}[rng.IntN(2)]
}

// TestShadowLabPositions: on the laboratory's positions
// (TestLabRules' and TestLabNewRules' FENs, as scripts/shadow-table.sh
// takes them), deep futility's wrong prunes are all the table's doing, and
// general deep futility's that stay wrong from an empty table are all moves
// of a side with a pawn on its seventh rank: its test does not count the
// promotion.
func TestShadowLabPositions(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	var fens []string
	for _, test := range []string{"TestLabRules", "TestLabNewRules"} {
		src := string(readFile(t, "lab_test.go"))
		_, body, _ := strings.Cut(src, "\nfunc "+test+"(")
		body, _, _ = strings.Cut(body, "\n}\n")
		for _, m := range regexp.MustCompile(`"([^"]*/[^"]*/[^"]* [wb] \S+ \S+)`).FindAllStringSubmatch(body, -1) {
			if !slices.Contains(fens, m[1]) {
				fens = append(fens, m[1])
			}
		}
	}
	if len(fens) < 20 {
		t.Fatalf("%d positions", len(fens))
	}
	for _, rule := range []pruneRule{ruleDeep, ruleGeneral} {
		lab := labSettings{deep: rule == ruleDeep, general: rule == ruleGeneral, shadow: true}
		wrong, stay := 0, 0
		for _, fen := range fens {
			e := newEngine(tableEntries(16))
			e.Position, e.pendingFrom = mustFEN(t, fen).pos, infinity
			e.setLab(lab)
			var wrongs []shadowPrune
			watchShadow(e, rule, func(m *searchMove, r *shadowRecord) bool { return r.wrong }, &wrongs)
			e.rootSearch(&searchControl{budget: 30000})
			for _, p := range wrongs {
				wrong++
				if freshScore(p, lab) <= p.m.alphaNow {
					continue
				}
				stay++
				seventh := 16 // White's pawns promote from 16..23, Black's from 96..103
				if p.m.side == black {
					seventh = 96
				}
				pawn := false
				for sq := seventh; sq < seventh+8; sq++ {
					piece := int(p.board[sq])
					pawn = pawn || piece&p.m.side != 0 && piece&7 < 3
				}
				if rule == ruleDeep || !pawn {
					t.Errorf("%s: %v pruned %s (v %d, f %d) wrongly, also from an empty table", fen, rule, moveName(p.m.from, p.m.to), p.v, p.m.alphaNow)
				}
			}
		}
		t.Logf("%v: %d wrong, %d of them also from an empty table", rule, wrong, stay)
	}
}
