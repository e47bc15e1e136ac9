package main

import "fmt"

// The shadow search (-shadow): how often a pruning rule is wrong. Every
// move that a rule prunes, micro-Max's futility included, is searched all
// the same, as the search would have searched it had no rule cut it: its
// reply with the window (-l, -f) and the depth s, from the board, the table
// and the laboratory's state of that moment. Its score is only counted: the
// search then goes on as if nothing had happened, with the node counter,
// the board, the table and the laboratory's state as they were, so that its
// nodes, scores and moves are those of the search without the shadow. The
// shadow's nodes are counted apart.
//
// For each rule it counts (shadowCount):
//
//	pruned   the moves it pruned;
//	wrong    those whose searched score falls on another side of the node's
//	         window (f, l) than the score the rule gave: a rule that scores
//	         its move at most f (futility, and every rule that calls a move
//	         futile) is wrong when the move would have raised alpha
//	         (searched score > f); one that scores it l, a fail high
//	         (aggressive futility, over-kill), is wrong when the move would
//	         not have failed high (searched score < l);
//	changed  the wrong prunes on which the node's result rests, judged when
//	         the node's iteration ends with best score m: a futile-type
//	         prune whose searched score beats m (the node would have
//	         returned more), a fail-high prune that gave the node its best
//	         score m (its cutoff stands on a fail high that is not one);
//	tabled   the wrong prunes whose reply (a null move's cut: whose node) a
//	         table entry answered: it resumed from an entry as deep as it was
//	         asked for, so that its score is that of another search
//	         (doc/laboratory.md, "Soundness: the shadow search").
//
// f is alpha as the node had it when the move was pruned (micro-Max's f:
// alpha after q--, raised to the best score so far), l its beta.
//
// A null move's cut (and the super stand-pat's) prunes the node's first
// move with the score l, and stands for the whole node: what it claims is
// that the node fails high. So the shadow search searches the node itself
// again, its iteration to the same depth without the null move (its later
// calls as the search makes them), and the cut is wrong when the node's
// score is below l.
//
// The table: the shadow search reads and writes it as any search does, and
// then puts back every slot it wrote (each call's slot is saved when the
// call begins, and the slots are put back in reverse order). A pruned move
// is not shadowed inside a shadow search.

// shadowCount is what the shadow search found of one rule's prunes.
type shadowCount struct{ pruned, wrong, changed, tabled int64 }

// shadowTally is what the shadow search found in one search.
type shadowTally struct {
	byRule [numPruneRules]shadowCount
	nodes  int64 // the node counter's steps in the shadow searches, not in the search's
}

// lines are the tally as text, one line for each rule that pruned
// ("shadow futile pruned N wrong K changed C"), then the shadow's nodes; no
// lines if the shadow searched nothing (or t is nil).
func (t *shadowTally) lines() []string {
	if t == nil {
		return nil
	}
	var lines []string
	for r, c := range t.byRule {
		if c.pruned > 0 {
			lines = append(lines, fmt.Sprintf("shadow %s pruned %d wrong %d changed %d", pruneRule(r), c.pruned, c.wrong, c.changed))
		}
	}
	if lines != nil {
		lines = append(lines, fmt.Sprintf("shadow nodes %d (apart from the search's)", t.nodes))
	}
	return lines
}

// shadowHook is the engine's rules (labRules) with the shadow search
// around them: what they prune it searches, as the engine's hook.
type shadowHook struct {
	e     *Engine
	rules *labRules
	tally shadowTally

	// The search's calls: in each, the shadowed prunes of the iteration
	// running (records[start:] of its frame), and which of them gave it its
	// best score.
	frames  []shadowFrame
	records []shadowRecord

	// While a shadow search runs (running), the slots it will write: the
	// calls' keys (for a stalemate probe's slot), the slot of the next call
	// (next: the reply of the move last told) and the slots' contents
	// before it began (saved).
	running bool
	keys    []int32
	next    shadowSlot
	saved   []savedSlot
	// tableAnswered: the shadow search's first call resumed from an entry
	// as deep as it was asked for.
	tableAnswered bool
	// watch, if set, is told of every shadowed prune of the search: the
	// move (m.made: on the board) and what the shadow search found.
	watch func(m *searchMove, r *shadowRecord)
	// poll is the stop poll a shadow search runs under: the search's own
	// (pollBefore), asked with the node counter as the shadow search found
	// it (nodesBefore), so that a stop still stops it and a node limit
	// counts the search's nodes only.
	nodesBefore int
	poll        func(nodes int) bool
	pollBefore  func(nodes int) bool
}

// shadowFrame is a call of the search as the shadow keeps it.
type shadowFrame struct {
	start int // its iteration's first record
	told  int // the record of the move it told last, or -1
	best  int // the record that gave it its best score, or -1
	// The call as made, to search the node again (a null move's cut).
	alpha, lastTo int // q before q--, z
	epSquare      int // E: what the move to it passed (its parent's toldPassed); noSquare in a call no move made (a test's own)
	toldPassed    int // F of the move it told last: its reply's E
}

// shadowRecord is one shadowed prune.
type shadowRecord struct {
	rule            pruneRule
	claim, searched int  // the score the rule gave, the score the shadow search found (a node's cut: the node's)
	wrong           bool // they fall on different sides of the window (windowSide)
	failHigh        bool // the rule claimed a fail high (scored the move l)
	tabled          bool // the table answered the reply (a node's cut: the node)
}

// shadowSlot is a call's slot in the table and its J key.
type shadowSlot struct {
	index    int32
	indexKey int32
}

// savedSlot is a table slot as it was before a shadow search wrote it.
type savedSlot struct {
	index int32
	slot  hashSlot
}

// newShadowHook is the shadow search around rules.
func newShadowHook(e *Engine, rules *labRules) *shadowHook {
	s := &shadowHook{e: e, rules: rules}
	s.poll = func(int) bool { return s.pollBefore(s.nodesBefore) }
	return s
}

// shadowTally is the shadow search's tally of e's last search, or nil if
// the shadow is off.
func (e *Engine) shadowTally() *shadowTally {
	if s, ok := e.rules.(*shadowHook); ok {
		return &s.tally
	}
	return nil
}

func (s *shadowHook) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	tableDepth = s.rules.enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes)
	switch {
	case s.running: // a call of the shadow search: keep its slot
		slot := s.next
		if lastTo == noSquare && len(s.keys) > 0 { // a stalemate probe, in its caller's slot of the other side
			key := s.keys[len(s.keys)-1]
			slot = shadowSlot{s.e.slotIndex(key, side, noSquare), key}
		}
		if len(s.keys) == 0 {
			s.tableAnswered = tableDepth >= depth
		}
		s.keys = append(s.keys, slot.indexKey)
		s.saved = append(s.saved, savedSlot{slot.index, s.e.table[slot.index]})
	case lastTo == 8: // the root: a new search
		s.frames, s.records, s.tally = s.frames[:0], s.records[:0], shadowTally{}
		fallthrough
	default:
		f := shadowFrame{start: len(s.records), told: -1, best: -1, alpha: alpha, lastTo: lastTo, epSquare: noSquare}
		if n := len(s.frames); n > 0 && lastTo&offBoard == 0 { // a move's reply (not the root, a stalemate probe or a null move's reply)
			f.epSquare = s.frames[n-1].toldPassed
		}
		s.frames = append(s.frames, f)
	}
	return tableDepth
}

func (s *shadowHook) iterate(iter, firstSq, bestTo int, thinkingRoot bool, nodes int) {
	s.rules.iterate(iter, firstSq, bestTo, thinkingRoot, nodes)
	if !s.running {
		f := &s.frames[len(s.frames)-1]
		s.records, f.told, f.best = s.records[:f.start], -1, -1
	}
}

func (s *shadowHook) move(m *searchMove) (pruneRule, int) {
	v := m.score // the move's own score, before a rule changes it
	if !s.running {
		s.frames[len(s.frames)-1].toldPassed = m.passed
	}
	rule, score := s.rules.move(m)
	switch {
	case s.running:
		if rule == notPruned { // its reply is the next call
			s.next = s.replySlot(m)
		}
	case rule == notPruned:
		s.frames[len(s.frames)-1].told = -1
	default:
		searched, tabled := s.search(m, v, rule)
		s.frames[len(s.frames)-1].told = len(s.records)
		s.records = append(s.records, shadowRecord{rule: rule, claim: score, searched: searched,
			wrong: windowSide(searched, m) != windowSide(score, m), failHigh: score >= m.beta, tabled: tabled})
		if s.watch != nil {
			s.watch(m, &s.records[len(s.records)-1])
		}
	}
	return rule, score
}

func (s *shadowHook) newBest() {
	s.rules.newBest()
	if !s.running {
		f := &s.frames[len(s.frames)-1]
		f.best = f.told
	}
}

func (s *shadowHook) iterated(best, nodes int) bool {
	if !s.running {
		s.count(best)
	}
	return s.rules.iterated(best, nodes)
}

func (s *shadowHook) leave(best, score, nodes int) {
	s.rules.leave(best, score, nodes)
	if s.running {
		s.keys = s.keys[:len(s.keys)-1]
		return
	}
	s.count(best) // the root leaving with its move made leaves an iteration unfinished
	s.frames = s.frames[:len(s.frames)-1]
}

// count counts the shadowed prunes of the iteration that ended with best
// score best.
func (s *shadowHook) count(best int) {
	f := &s.frames[len(s.frames)-1]
	for i := f.start; i < len(s.records); i++ {
		r := &s.records[i]
		c := &s.tally.byRule[r.rule]
		c.pruned++
		if !r.wrong {
			continue
		}
		c.wrong++
		if r.tabled {
			c.tabled++
		}
		if r.failHigh && i == f.best && best == r.claim || !r.failHigh && r.searched > best {
			c.changed++
		}
	}
	s.records = s.records[:f.start]
}

// windowSide is where score falls in m's window: -1 at or below f (a fail
// low), 1 at or above l (a fail high), 0 inside.
func windowSide(score int, m *searchMove) int {
	switch {
	case score <= m.alphaNow:
		return -1
	case score >= m.beta:
		return 1
	}
	return 0
}

// replySlot is the table slot and J key of the reply to m.
func (s *shadowHook) replySlot(m *searchMove) shadowSlot {
	index, _ := m.replyKeys()
	return shadowSlot{s.e.slotIndex(index, 24-m.side, m.passed), index}
}

// replyKeys are the keys of the position after m (C: J+J(0), Z+J(8)+G-S).
func (m *searchMove) replyKeys() (int32, int32) {
	return moveKeys(m.indexKey, m.lockKey, m.from, m.to, m.captureSq, m.piece, m.newPiece, m.victim, m.rookFrom)
}

// search is the shadow search of m, which rule pruned: its reply searched
// as the search would have searched it (v: m's own score), or, for a null
// move's cut, its node. It returns m's score (the node's), and whether the
// table answered the reply (the node). Everything it changes it puts back,
// also when a stop abandons the search inside it. The node searched again
// resumes from its own table entry of the iteration before, which the
// node stored, as the node itself did.
func (s *shadowHook) search(m *searchMove, v int, rule pruneRule) (score int, tabled bool) {
	e := s.e
	told := *m // the hook's copy of the move (e.told), which the shadow's moves overwrite
	board, pieces, kings := e.board, e.pieces, e.kings
	hook, lab := e.hook, s.rules.save()
	s.nodesBefore, s.pollBefore = e.nodes, e.ctl.poll
	defer func() {
		for i := len(s.saved) - 1; i >= 0; i-- { // the table as it was
			e.table[s.saved[i].index] = s.saved[i].slot
		}
		s.tally.nodes += int64(e.nodes - s.nodesBefore)
		e.nodes, e.ctl.poll, e.hook, *m = s.nodesBefore, s.pollBefore, hook, told
		e.board, e.pieces, e.kings = board, pieces, kings
		s.rules.restore(lab)
		s.running, s.saved, s.keys = false, s.saved[:0], s.keys[:0]
	}()
	if rule == ruleGooseBudget { // searched, it would pass on the budget of the pass that first affords it
		s.rules.frames[len(s.rules.frames)-1].passOn = 0
	}
	search := e.search
	if m.made {
		search = e.searchLiteral // the literal search has made the move
	}
	if e.ctl.poll != nil {
		e.ctl.poll = s.poll // a stop still stops, a node limit counts the search's nodes only
	}
	s.running, e.hook = true, s
	if rule == ruleNullMove || rule == ruleStandPat { // a cut of the node: the node searched again
		if m.made {
			m.unmakeOn(&e.board)
		}
		node, eval := s.frames[len(s.frames)-1], s.rules.frames[len(s.rules.frames)-1].eval
		s.next = shadowSlot{e.slotIndex(m.indexKey, m.side, node.epSquare), m.indexKey}
		s.rules.nulling = true // its iterations without the null move (as a null move's reply's)
		score = search(m.side, node.alpha, m.beta, eval, m.indexKey, m.lockKey, node.epSquare, node.lastTo, m.iter)
		return score, s.tableAnswered
	}
	if !m.made {
		m.makeOn(&e.board)
		e.findPieces()
	}
	s.next = s.replySlot(m)
	index, lock := m.replyKeys()
	score = -search(24-m.side, -m.beta, -m.alphaNow, -v, index, lock, m.passed, m.to, m.remaining)
	return score, s.tableAnswered
}

// unmakeOn takes m back on board b, which holds the position after it.
func (m *searchMove) unmakeOn(b *[256]int8) {
	squares := [...]int{m.from, m.to, m.captureSq, m.rookFrom, m.passed}
	var before [len(squares)]int8
	for i, sq := range squares {
		before[i] = int8(m.at(b, sq, false))
	}
	for i, sq := range squares {
		if sq&offBoard == 0 { // (noSquare: no rook, nothing passed)
			b[sq] = before[i]
		}
	}
}

// makeOn makes m on board b, which holds the position before it, as the
// search makes a move.
func (m *searchMove) makeOn(b *[256]int8) {
	b[uint8(m.rookFrom)], b[uint8(m.captureSq)], b[uint8(m.from)] = 0, 0, 0
	b[uint8(m.to)] = int8(m.newPiece)
	if m.rookFrom&offBoard == 0 { // castling: the rook
		b[uint8(m.passed)] = int8(m.side + 6)
	}
}

// labState is what the laboratory's rules keep that a shadow search
// changes: the calls under way (the last one's book-keeping), the goose
// budget's counts and the null move's flag.
type labState struct {
	calls            int
	last             labFrame
	repeated, capped int
	nulling          bool
}

// save is the rules' state now.
func (l *labRules) save() labState {
	return labState{len(l.frames), l.frames[len(l.frames)-1], l.repeated, l.capped, l.nulling}
}

// restore puts the rules' state back as save found it.
func (l *labRules) restore(st labState) {
	l.frames = l.frames[:st.calls]
	l.frames[st.calls-1] = st.last
	l.repeated, l.capped, l.nulling = st.repeated, st.capped, st.nulling
}

// setLab sets the laboratory's switches: every search of e then applies
// them (rootSearch tells e.rules first), until setLab changes them.
func (e *Engine) setLab(lab labSettings) {
	e.rules = nil
	if lab.active() {
		rules := &labRules{e: e, lab: lab}
		e.rules = rules
		if lab.shadow {
			e.rules = newShadowHook(e, rules)
		}
	}
}

// lab is the laboratory's switches of e (setLab): the zero value, micro-Max,
// if none is on.
func (e *Engine) lab() labSettings {
	switch r := e.rules.(type) {
	case *labRules:
		return r.lab
	case *shadowHook:
		return r.rules.lab
	}
	return labSettings{}
}
