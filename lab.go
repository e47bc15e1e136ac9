package main

// The futility laboratory: the pruning rules of the seed documents beside
// micro-Max's own, each a switch that is off by default. With every switch
// off the search is micro-Max 4.1 (or 4.0 with futility off), node for node:
// nothing of this file runs. While a switch is on, labRules is the engine's
// rules (setLab, in shadow.go, which may wrap them in the shadow search),
// and labRule decides every move it makes, micro-Max's own futility test
// included, before the fast search makes the
// move (the literal search has made it): the tests read the board after
// the move through searchMove.at either way.
//
// The seeds, the documents the rules come from:
//
//	000  H.G. Muller, "Deep Futility Pruning" (his micro-Max pages)
//	001  Chess Programming Wiki, "Futility Pruning" (extended futility after E.A. Heinz)
//	002  H.G. Muller, "Micro-Max 4: Futility Pruning" (micro-Max 4.1's own)
//	003  H.G. Muller and others, "Pruning in QS" (TalkChess, March 2013): goose chases
//	004  Project Invincible, "AggressiveFutilityPruning"
//
// Every rule is decided where micro-Max decides its own futility: in the
// parent, after the move's new evaluation v is known and before the reply
// is searched (C: v=s>1|v>f?-D(...):v). The words are micro-Max's, as
// searchMove (umax.go) names them: s remaining (the reply's depth), v
// score, f alphaNow (alpha after micro-Max's q--, raised to the best score
// so far), l beta. v is exact, not an estimate: the node's eval e, plus the
// gain i, plus the move's positional points (centre table, castling, pawns).
//
// A node asked for depth 1 is micro-Max's quiescence search: it stands pat on
// e and searches only recaptures on the last move's square. So micro-Max's
// s is the seeds' depth d: s=1 is the "frontier" (the reply stands pat),
// s=2 the "pre-frontier", s=2..3 the seeds' "two moves before the horizon".
//
// A pruned move gets a score, as micro-Max's futile move gets v: extended
// and deep futility score it v (below alpha by their test); the frontier
// rule, goose chases (the goose budget too), late move pruning and general
// and weak futility score min(v, f), since there v could be higher, so that
// a score nobody verified never raises alpha. Aggressive futility and over-kill declare a
// fail high, so the move scores exactly beta (the weakest fail high).

// The laboratory's pruning rules, numbered after micro-Max's own
// (umax.go: notPruned, ruleFutility, which the laboratory applies with its
// frontier margin).
const (
	ruleExtended     = ruleFutility + 1 + iota // extended futility at the pre-frontier (Heinz)
	ruleDeep                                   // deep futility, two moves before the horizon (Muller)
	ruleAggressive                             // aggressive futility on the engine's own frontier nodes
	ruleGoose                                  // a goose chase in the quiescence search
	ruleLateMove                               // late move (move-count based) pruning (the CPW page)
	ruleGeneral                                // general deep futility, two pieces (Muller)
	ruleWeak                                   // weak general deep futility, the queen excluded (Muller)
	ruleOverkill                               // over-kill: a super-cutoff without search (Muller)
	ruleGooseLegal                             // a goose chase, protection by a legal recapture
	ruleGooseRefined                           // a goose chase pruned for good (the thread's refinement)
	ruleGooseBudget                            // a goose chase out of the budget of its branch (the thread's iterated QS)
	ruleGooseEqual                             // an equal capture of a protected piece in the quiescence search (the thread's rule 2)
	ruleNullMove                               // the null move failed high: the node is cut (its first move carries the cut)
	ruleStandPat                               // the super stand-pat: the null move's cut taken without its search (Muller)
	numPruneRules    = ruleUnlisted + 1        // how many values a pruneRule takes: searchmoves' ruleUnlisted (job.go) is the last
)

// ruleNames are the rules' short names, as -stats and -tree print them.
var ruleNames = [numPruneRules]string{"searched", "futile", "extended", "deep", "aggressive", "goose",
	"late", "general", "weak", "overkill", "goose-legal", "goose-refined", "goose-budget", "goose-equal", "null-move",
	"stand-pat", ruleUnlisted: "unlisted"}

func (r pruneRule) String() string {
	if r < numPruneRules {
		return ruleNames[r]
	}
	return "?"
}

// labSettings are the laboratory's switches. The zero value is micro-Max.
type labSettings struct {
	frontierMargin int  // M: a move with s<=1 is searched only if v+M > f (micro-Max: 0)
	extended       bool // extended futility at s==2, margin extendedMargin
	deep           bool // deep futility at s==2..3 (2..3+R with the null move)
	aggressive     bool // aggressive futility, margin aggressiveMargin
	goose          bool // no goose chases in the quiescence search
	lateMove       bool // late move pruning at s<=2
	general        bool // general deep futility at s==2..3 (2..3+R with the null move)
	weak           bool // general deep futility, and its weak form without the queen
	overkill       bool // over-kill at s<=2
	gooseLegal     bool // goose chases, protected meaning a legal recapture
	gooseRefined   bool // goose chases pruned only for good (legal protection, no second attacker or a cheap protector)
	gooseBudget    int  // the goose budget's passes in a horizon node (the thread's MAX_QS_ITER+1), 0: off
	gooseHorizon   bool // the goose budget iterated only in horizon nodes, calls asked for depth 1 (else also in the first iteration of every call)
	gooseEqual     bool // rule 2 alone: no equal capture of a protected piece in the quiescence search
	gooseTryEqual  bool // the thread's revision of rule 2, "Do try equal captures": the goose budget charges none
	nullMove       int  // R: a null move with reduction R at every node with two plies left or more; 0: none (micro-Max)
	shadow         bool // every pruned move also searched, its score only counted (shadow.go)
}

// The laboratory's margins, in micro-Max's units (a pawn is 99).
const (
	// minFrontierMargin and maxFrontierMargin bound the frontier margin: from
	// three pawns below micro-Max's test (it then prunes moves that would
	// raise alpha by up to three pawns) to a queen above it.
	minFrontierMargin = -300
	maxFrontierMargin = 900
	// extendedMargin is Heinz's pre-frontier margin, "more like the value of
	// a rook" (the CPW page): micro-Max's rook, 5*99.
	extendedMargin = 5 * 99
	// aggressiveMargin is the aggressive futility page's margin, "100 points
	// which is equal to half a pawn" there: half of micro-Max's pawn.
	aggressiveMargin = 50
	// posMargin is deep futility's PosMargin: the most that one move can
	// change micro-Max's evaluation besides material. micro-Max's positional
	// terms are the centre table (b[s+8], the squared distance from the
	// centre truncated, 0 on e4/e5 to 28 on a8/a1; pawns, knights, bishops
	// and the king), +30 for castling and the pawn structure's
	// -9*(undefended squares - 1), i.e. -9..+9. The largest gain of one move
	// is a bishop's from a corner to e4/e5: 28. Castling gains 30 minus the
	// king's centre loss (e1-g1: 4), 26; a pawn at most 11 (a2xb3) plus 9, 20
	// (TestPosMargin enumerates them). Rooks and queens have no positional
	// term. So 28, and 2 more for the delayed-loss bonus, which adds a point
	// to a score below the eval at each of the two plies.
	posMargin = 30
	// posMargin2 is the seed's PosMargin2, "a lower bound to the positional
	// component of the move ... usually a negative quantity": micro-Max's
	// largest positional loss of one move is a piece's from e4/e5 to a
	// corner, 28 (a pawn's is less, its structure term included;
	// TestPosMargin enumerates them), and 2 for the delayed-loss bonus.
	posMargin2 = -30
	// lateMoveBase is the move count after which late move pruning prunes
	// at s: lateMoveBase + s*s moves made before (the CPW page names the
	// idea, "Move Count Based Pruning or Late Move Pruning (LMP) as
	// implemented in Stockfish", without numbers; 3 + d*d is the count of
	// Stockfish's early versions, here with micro-Max's s for d).
	lateMoveBase = 3
	// maxGooseBudget is the most passes of the goose budget: budgets 0 to
	// 8 goose chases a branch (the thread's MAX_QS_ITER, which it leaves
	// open; micro-Max's exchanges on one square seldom charge more).
	maxGooseBudget = 9
	// maxNullMove is the largest reduction R of the null move (-null-move):
	// 1 to 3 span the values engines have used (R=2 and 3 are the common
	// ones; seed 000 leaves R open).
	maxNullMove = 3
)

// active reports whether any switch is on: then labRule decides the moves.
func (l labSettings) active() bool { return l != labSettings{} }

// labRules is the laboratory as a hook (umax.go), the engine's rules
// while a switch is on: with its switches, it decides every move (labRule).
type labRules struct {
	e      *Engine
	lab    labSettings
	frames []labFrame // the calls under way, the root first
	// The goose budget's passes (gooseBudget): horizon nodes that searched
	// their quiescence search again, and those that stopped at the last
	// pass with a goose chase pruned in its essential tree.
	repeated, capped int
	// nulling says that the next call is the null move's reply (nullMove).
	nulling bool
}

// labFrame is what the laboratory keeps of a call of the search: its
// evaluation (C: e) and the moves it made so far in its iteration (late
// move pruning counts them; micro-Max does not), and the goose budget's
// book-keeping (gooseBudget, below).
type labFrame struct {
	eval, made int
	beta, iter int  // the window's top, the iteration running
	horizon    bool // the goose budget's horizon node: its depth-1 iteration is a quiescence search's first
	pass       int  // the horizon node's passes of that iteration so far: its budget
	budget     int  // goose chases a branch may still make from here (the thread's budget)
	passOn     int  // the budget the move last told passes on to its reply
	prunes     int  // goose chases pruned for want of budget in this iteration's subtree so far
	movePrunes int  // ... in the move last told (itself, or in its reply's essential tree)
	bestPrunes int  // ... in the move that gave the best score
	essential  int  // ... in the essential tree of the iteration ended last
	afterNull  bool // a null move's reply, where no null move is tried (nullMove)
}

func (l *labRules) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	if lastTo == 8 { // the root: a new search (one stopped may have left calls)
		l.frames, l.nulling = l.frames[:0], false
	}
	f := labFrame{eval: eval, beta: beta}
	f.afterNull, l.nulling = l.nulling, false
	if l.lab.gooseBudget > 0 {
		if n := len(l.frames); n > 0 && l.frames[n-1].iter == 1 { // a reply inside a quiescence search
			f.budget = l.frames[n-1].passOn
		} else {
			f.horizon = lastTo&offBoard == 0 && (depth == 1 || !l.lab.gooseHorizon) // not the root, nor a stalemate probe (nor a null move's reply)
		}
		if depth == 1 {
			tableDepth = 0 // a depth-1 entry does not say under which budget it was searched
		}
	}
	l.frames = append(l.frames, f)
	return tableDepth
}
func (l *labRules) iterate(iter, firstSq, bestTo int, thinkingRoot bool, nodes int) {
	f := &l.frames[len(l.frames)-1]
	f.made, f.iter = 0, iter
	if f.horizon && iter == 1 {
		f.budget = f.pass
	}
	f.prunes, f.movePrunes, f.bestPrunes = 0, 0, 0
}
func (l *labRules) newBest() {
	f := &l.frames[len(l.frames)-1]
	f.bestPrunes = f.movePrunes
}

// iterated asks a horizon node's quiescence search again, with one more
// goose chase allowed in a branch, while goose chases were pruned for want
// of budget in its essential tree, up to the budget's passes (gooseBudget).
func (l *labRules) iterated(best, nodes int) bool {
	f := &l.frames[len(l.frames)-1]
	f.essential = f.prunes
	if best >= f.beta { // a cut: only the move that failed high mattered
		f.essential = f.bestPrunes
		if best >= infinity { // a king capture, which nothing pruned
			f.essential = 0
		}
	}
	if !f.horizon || f.iter != 1 || f.essential == 0 || mateWindow(best, 0) {
		return false
	}
	if f.pass+1 == l.lab.gooseBudget { // the thread's MAX_QS_ITER: "abort the deepening"
		l.capped++
		return false
	}
	f.pass++
	l.repeated++
	return true
}
func (l *labRules) leave(best, score, nodes int) {
	f := l.frames[len(l.frames)-1]
	l.frames = l.frames[:len(l.frames)-1]
	if n := len(l.frames); n > 0 && !f.horizon && l.frames[n-1].iter == 1 { // a reply in a quiescence search
		p := &l.frames[n-1]
		p.movePrunes = f.essential
		p.prunes += f.essential
	}
}

func (l *labRules) move(m *searchMove) (pruneRule, int) {
	f := &l.frames[len(l.frames)-1]
	node := *f // the node's evaluation and the moves it made before m
	f.made++
	f.movePrunes = 0
	if node.made == 0 && l.lab.nullMove > 0 { // the node's null move, before its first move
		if rule := l.nullMove(m); rule != notPruned {
			return rule, m.beta
		}
		f = &l.frames[len(l.frames)-1] // (the null move's search may have moved the frames)
	}
	rule, score := l.e.labRule(m, node, &l.lab)
	if rule == notPruned && l.lab.gooseBudget > 0 && m.iter == 1 && m.remaining == 1 {
		charge := l.e.gooseCharge(m, l.lab.gooseTryEqual)
		if charge > f.budget { // a goose chase, out of budget
			f.prunes++
			f.movePrunes = 1
			return ruleGooseBudget, min(m.score, m.alphaNow)
		}
		f.passOn = f.budget - charge
	}
	return rule, score
}

// nullMove is the null move (-null-move R), which micro-Max does not
// have, tried where a node would make its first move m (the fast search
// asks before it makes m, the literal search after: the move is then taken
// back for the null move's search, and made again): the node passes, and
// the opponent's reply is searched R plies shallower than a move's, with
// the window at beta, from the node's position with the other side to move
// (C's keys J and Z, no e.p. square). If it fails high the node is cut:
// its first move is pruned with the score beta (ruleNullMove), so that the
// node fails high at its next move (as over-kill fails a node high) and
// stores m as its best move. Tried as engines try it: with two plies left
// or more (the node's iteration d>=2: its moves have s>=1), not at the
// root, not in a null move's reply (no two in a row), not when the side to
// move is in check, its evaluation e is below beta or the window holds a
// mate score, and not without a piece besides its pawns and its king, where
// passing may be the best move (zugzwang).
//
// Its search is taken without search where seed 000 says it must fail high
// ("Deep Futility"): the super stand-pat, "such a cutoff on the null move
// can be taken upto d = 2+R, as up to this depth the reply would be
// searched with d<=1", when
//
//	CurEval >= Beta + PVal[FirstPiece(SideToMove)] + PosMargin
//
// that is e - (the opponent's best gain: our best piece but the king, a
// promotion if he has a pawn on his seventh rank) - posMargin >= l, at the
// seed's d, micro-Max's s of the node's moves, iteration d less one, up to
// 2+R (ruleStandPat). Deep futility and general deep futility then prune,
// in the parent, the moves that lead to such nodes, up to s=3+R (labRule).
func (l *labRules) nullMove(m *searchMove) pruneRule {
	e, r := l.e, l.lab.nullMove
	f := &l.frames[len(l.frames)-1]
	if m.iter < 2 || m.root || f.afterNull || f.eval < m.beta || mateWindow(m.alphaNow, m.beta) ||
		e.inCheckBefore(m) || !e.hasPiece(m) {
		return notPruned
	}
	if m.iter-1 <= 2+r && f.eval-e.gainOn(m, 24-m.side, 4, false)-posMargin >= m.beta {
		return ruleStandPat
	}
	told := *m // the searches tell every move in e.told: m is overwritten below
	b := &e.board
	var made [256]int8
	if m.made { // the literal search: take the move back
		made = *b
		m.unmakeOn(b)
	}
	search := e.search
	if e.literal || e.ctl.literal {
		search = e.searchLiteral
	}
	l.nulling = true
	score := -search(24-m.side, -m.beta, 1-m.beta, -f.eval, m.indexKey, m.lockKey, noSquare, noSquare, max(m.iter-1-r, 1))
	*m = told
	if m.made { // and make it again
		*b = made
	}
	if score >= m.beta {
		return ruleNullMove
	}
	return notPruned
}

// hasPiece reports whether the side to move before m has a piece besides
// its pawns and its king.
func (e *Engine) hasPiece(m *searchMove) bool {
	for _, sq := range boardSquares {
		if p := m.at(&e.board, sq, false); p&m.side != 0 && p&7 > 2 && p&7 != 4 {
			return true
		}
	}
	return false
}

// labRule decides the fate of a move by micro-Max's futility test and the
// switched-on rules, the first that applies, and returns it with the score
// the move gets: v if its reply is to be searched (notPruned), else the
// pruned move's score. It replaces micro-Max's test C: s>1|v>f, which it
// gives back with every rule off (margin 0).
//
// node is what the laboratory keeps of m's node: its evaluation and the
// moves it made before m in this iteration, which the search does not tell.
func (e *Engine) labRule(m *searchMove, node labFrame, lab *labSettings) (pruneRule, int) {
	rule, score := notPruned, m.score
	switch {
	case m.remaining <= 1:
		rule, score = e.frontierRule(m, lab)
	case m.remaining <= 3+lab.nullMove: // the seed's 1<d<=3+R
		rule, score = e.preFrontierRule(m, node, lab)
	}
	switch {
	case rule != notPruned:
	// Over-kill (seed 000, "General Futility and Over-Kill"): see overkill.
	case lab.overkill && e.overkill(m):
		return ruleOverkill, m.beta
	// Late move pruning (seed 001, the CPW page): "A further variation of
	// Extended Futility Pruning combining the ideas of Fruit's History
	// Leaf Pruning and Late Move Reductions is called Move Count Based
	// Pruning or Late Move Pruning (LMP)". See lateMove.
	case lab.lateMove && e.lateMove(m, node.made):
		return ruleLateMove, min(m.score, m.alphaNow)
	}
	return rule, score
}

// lateMove reports whether late move pruning cuts m: a quiet move (no
// capture, no promotion, not the table's move, not a check, the mover not
// in check, no mate score in the window) at s<=2, after lateMoveBase + s*s
// moves of its node's iteration (number: those made before it). micro-Max
// has no move ordering but the table's move first, so "late" is late in
// its board scan.
func (e *Engine) lateMove(m *searchMove, number int) bool {
	return m.remaining <= 2 && !m.root && m.gain == 0 && !m.tableMove && number >= lateMoveBase+m.remaining*m.remaining &&
		!mateWindow(m.alphaNow, m.beta) && !e.inCheckBefore(m) && !e.givesCheck(m)
}

// overkill is the seed's over-kill or super-cutoff (seed 000): "At d <= 2
// we can take such a super-cutoff on a move with a high victim without
// actually searching the move", when
//
//	PVal[Victim] >= Beta - CurEval + PVal[FirstPiece(SideToMove)] + PosMargin - PosMargin2
//
// that is, the move leaves the evaluation so far above beta that the
// opponent's reply, taking the mover's best piece with the largest
// positional gain, cannot bring it back. With micro-Max's exact v for the
// lazy estimate (PosMargin2 drops out), at s<=2:
//
//	v - (the opponent's next gain) - posMargin >= l
//
// where the next gain is the mover's most valuable piece but the king after
// the move, plus a promotion if the opponent has a pawn on its seventh
// rank. The move scores l, the weakest fail high. Not a move that leaves
// the mover's king attacked (micro-Max refutes it by the king capture), nor
// with a mate score in the window.
func (e *Engine) overkill(m *searchMove) bool {
	return m.remaining <= 2 && m.beta < infinity-offBoard && m.score-posMargin >= m.beta &&
		m.score-posMargin-e.gainAfter(m, 24-m.side) >= m.beta && !mateWindow(m.alphaNow, m.beta) && !e.leavesKingAttacked(m)
}

// frontierRule decides a move whose reply stands pat (s<=1): micro-Max's
// futility with the laboratory's margin, and goose chases.
func (e *Engine) frontierRule(m *searchMove, lab *labSettings) (pruneRule, int) {
	v, f := m.score, m.alphaNow
	switch {
	// Futility pruning (micro-Max 4.1, seed 002, with the lab's margin M):
	// a move is futile when "the evaluation after the move ... should be
	// below the lower window limit", its reply standing pat: searched
	// only if v+M > f (micro-Max: M=0). A negative M also prunes moves
	// that would raise alpha, by less than -M: they score f, not v, so
	// that the unsearched move raises nothing.
	case e.futility && v+lab.frontierMargin <= f:
		return ruleFutility, min(v, f)
	// Goose chases (seed 003, "Pruning in QS", H.G. Muller's rule 1):
	// "Don't try Higher x Lower if the victim is protected". micro-Max's
	// quiescence search is its depth-1 iterations, which search only
	// recaptures on the last move's square (s=1 at d=1); there a
	// recapture by a more valuable piece of a victim the opponent can
	// capture back is not searched (the budget of goose chases is 0).
	case m.iter == 1 && (lab.goose || lab.gooseLegal || lab.gooseRefined || lab.gooseEqual):
		if rule := e.gooseRule(m, lab); rule != notPruned {
			return rule, min(v, f)
		}
	}
	return notPruned, v
}

// preFrontierRule decides a move whose reply has two or three plies left
// (s==2..3; with the null move's reduction R up to 3+R, where only deep
// and general deep futility apply): extended, deep and aggressive futility.
func (e *Engine) preFrontierRule(m *searchMove, node labFrame, lab *labSettings) (pruneRule, int) {
	v, f := m.score, m.alphaNow
	switch {
	// Extended futility (seed 001, the CPW page, after E.A. Heinz):
	// "employing similar algorithm at pre frontier nodes at depth == 2,
	// only with the greater margin ... more like the value of a rook".
	// At s==2 a move with v + 5*99 <= f is not searched, except, as the
	// page's conditions say: moves that give check, when the side to
	// move is in check, and when alpha or beta is a mate score.
	case lab.extended && m.remaining == 2 && v+extendedMargin <= f && !mateWindow(f, m.beta) &&
		!e.givesCheck(m) && !e.inCheckBefore(m):
		return ruleExtended, v
	// Deep futility (seed 000) at s==2..3+R: see deepFutile.
	case lab.deep && e.deepFutile(m):
		return ruleDeep, v
	// Aggressive futility (seed 004): "only attempted if it's the
	// computer's turn", at a frontier node, "not tried if the last move
	// was a capture", with a margin ("The margin is very low"): a
	// frontier node whose evaluation plus the margin does not reach
	// alpha is pruned: "we can prune immediately if the frontier node
	// turns out to be bad".
	// In micro-Max the frontier node is a depth-2 node (its moves have
	// s=1: their replies stand pat). We prune in its parent, as
	// micro-Max prunes: here the opponent (side is not the root's side)
	// makes a quiet move (no capture, no promotion) with s==2, which
	// leads to the engine's frontier node, with eval -v and window
	// (-l, -f), which micro-Max's q-- makes alpha -l-1. That node is bad
	// when -v + margin <= -l-1, i.e. v >= l+margin+1: had it been
	// searched and failed low (m <= -l-1), it would have returned at
	// most -l (m plus the delayed-loss bonus), and this move would have
	// scored at least l. So the move scores l: a fail high, the least
	// one, as the seed's pruned node claims no more than a fail low.
	// Not when l is a mate in the mover's favour, which the move would
	// claim unearned.
	// And only what micro-Max could not have refuted had it searched the
	// node: micro-Max makes pseudo-legal moves and refutes an illegal one
	// when the reply captures the king, so a move that leaves the mover's
	// king attacked is searched (its reply captures the king), and so is
	// an answer to a check (most of which are illegal, and the others
	// the engine's attack may still refute at the frontier).
	case lab.aggressive && m.remaining == 2 && m.side != e.side && m.gain == 0 &&
		v > m.beta+aggressiveMargin && m.beta < infinity-offBoard &&
		!e.inCheckBefore(m) && !e.leavesKingAttacked(m):
		return ruleAggressive, m.beta
	// General deep futility (seed 000 and the CPW page), and its weak
	// form: see generalFutile. (Last: a case that holds
	// but does not prune ends the switch.)
	case lab.general || lab.weak:
		if rule := e.generalFutile(m, node.eval, lab); rule != notPruned {
			return rule, min(v, f)
		}
	}
	return notPruned, v
}

// mateWindow reports whether alpha or beta is a mate score.
func mateWindow(alpha, beta int) bool {
	return alpha < offBoard-infinity || alpha > infinity-offBoard || beta < offBoard-infinity || beta > infinity-offBoard
}

// deepFutile is deep futility pruning (seed 000, H.G. Muller's "Deep
// Futility"), for a move with s==2 or 3 (the seed's 1<d<=3+R: R=0 as
// micro-Max has no null move; with -null-move R up to s=3+R). The seed
// prunes a move when
//
//	NewEval <= Alpha - PVal[FirstPiece(Opponent)] - PosMargin
//
// ("it is useless to consider moves that do not raise the evaluation enough
// to prevent super stand pat"): even if the opponent passed and our next move
// took his best piece with the largest positional gain, alpha would not be
// reached. The seed then estimates NewEval lazily as CurEval + PVal[Victim] +
// PosMargin; micro-Max has NewEval exactly, v (e plus gain i plus the move's
// own positional points), so one PosMargin is left, for the next move, and
// the test is
//
//	v + (the opponent's best piece after the move) + posMargin <= f
//
// FirstPiece is "evaluated after the move, as the highest remaining piece"
// (so taking his queen leaves his rook as the limit), and "applies to all
// pieces except King": "at d>=2, checks are never futile", so a move that
// gives check is searched. A promotion is material too: if we have a pawn on
// the seventh rank after the move, our next move may also gain a promotion
// (promoGain). Where micro-Max has no null move the seed's opponent "passes"
// by his best move; like the seed we assume having the move never hurts.
// With the null move (-null-move R) he does pass: the node after the move
// would take the super stand-pat (labRules.nullMove), which deep futility
// foresees up to s=3+R.
func (e *Engine) deepFutile(m *searchMove) bool {
	gap := m.alphaNow - m.score - posMargin // what the next move would have to gain
	if gap < 0 {
		return false
	}
	if gap < 99*pieceValue[7]+promoGain && e.nextGain(m) > gap { // (no piece and promotion fill a larger gap)
		return false
	}
	return !e.givesCheck(m)
}

// nextGain is the most material the mover's next move can gain after m: the
// opponent's most valuable piece but the king, and a promotion if the mover
// has a pawn on its seventh rank.
func (e *Engine) nextGain(m *searchMove) int { return e.gainAfter(m, m.side) }

// gainAfter is the most material one move of side can gain after m: the
// other side's most valuable piece but the king, and a promotion if side
// has a pawn on its seventh rank.
func (e *Engine) gainAfter(m *searchMove, side int) int { return e.gainOn(m, side, 4, true) }

// gainAfterBut is gainAfter without one of the other side's pieces of kind
// but (7: "all but the queen"; a second queen counts).
func (e *Engine) gainAfterBut(m *searchMove, side, but int) int { return e.gainOn(m, side, but, true) }

// gainOn is the most material one move of side can gain on the board after
// m (after) or before it: the other side's most valuable piece but the
// king and but one piece of kind but (4: none more; 7: the queen, "all but
// the queen", so that a second queen counts), and a promotion if side has a
// pawn on its seventh rank.
func (e *Engine) gainOn(m *searchMove, side, but int, after bool) int {
	b := &e.board
	them := 24 - side
	best, skipped := 0, but == 4
	for _, sq := range boardSquares {
		p := m.at(b, sq, after)
		if p&them == 0 || p&7 == 4 {
			continue
		}
		if p&7 == but && !skipped {
			skipped = true
			continue
		}
		best = max(best, 99*pieceValue[p&7])
	}
	seventh := 16 // White's pawns promote on rank 8 (squares 0..7), from 16..23
	if side == black {
		seventh = 96
	}
	for sq := seventh; sq < seventh+8; sq++ {
		if p := m.at(b, sq, after); p&side != 0 && p&7 < 3 {
			return best + promoGain
		}
	}
	return best
}

// generalFutile is general deep futility (seed 000, "General Deep
// Futility", and the CPW page's form of it), for a move with s==2..3
// ("applied at depths of 1<d<=3+R, i.e. with two moves to go"; with
// -null-move R up to s=3+R, its weak form only to 3):
//
//	CurEval <= Alpha - PVal[FirstPiece(Opponent)] - PVal[SecondPiece(Opponent)] - 2*PosMargin
//
// "capturing his two highest pieces plus margins, won't make it to alpha",
// so every move but the checks is pruned ("we would not even have to
// generate moves, except for the checks"). CurEval is the node's e, the
// pieces the opponent's two most valuable but the king before the move;
// Alpha is f, alpha raised to the best score so far.
//
// With lab.weak also its weak form ("Weak General Futility"): when the
// opponent has a queen, "declare a kind of weak general deep futility
// based on the sum of the two highest opponent's pieces except Queen":
//
//	CurEval <= Alpha - PVal[SecondPiece(Opponent) - PVal[ThirdPiece(Opponent) - 2*PosMargin + PosMargin2
//
// where only the checks and the captures of the queen are searched ("we do
// have to generate moves to try all Queen captures"); the checks "incl. Q
// pins", the moves that would give check but for the queen in between
// ("easily discovered as failed checking attempts (where the Queen turned
// out to block the ray between prospective checker and King)").
//
// And where neither holds and the opponent has a queen, the seed's last
// step: "we have to set the limit for specific futility ... as the
// futility gap minus the opponent's second piece, rather than his Queen"
// ("we can hope for the Rook later (while the opponent might be busy
// saving his Queen, you never know...)"): deepFutile's test with the
// opponent's best piece but his queen, checks and queen pins searched.
// (Without a queen that step is deep futility itself, -deep-futility; the
// two switches together are the seed's DEEPFUTILITY block.)
func (e *Engine) generalFutile(m *searchMove, eval int, lab *labSettings) pruneRule {
	gap := m.alphaNow - eval - 2*posMargin
	if gap < 0 {
		return notPruned
	}
	var top [3]int // the opponent's three most valuable pieces but the king, before the move
	for _, sq := range boardSquares {
		if p := m.at(&e.board, sq, false); p&(24-m.side) != 0 && p&7 != 4 {
			v := 99 * pieceValue[p&7]
			switch {
			case v > top[0]:
				top = [3]int{v, top[0], top[1]}
			case v > top[1]:
				top[1], top[2] = v, top[1]
			case v > top[2]:
				top[2] = v
			}
		}
	}
	switch {
	case top[0]+top[1] <= gap:
		if !e.givesCheck(m) {
			return ruleGeneral
		}
	case !lab.weak || m.remaining > 3: // the weak form is "Unfortunately not upto d=3+R"
	case top[0] == 99*pieceValue[7] && top[1]+top[2] <= gap+posMargin2 && m.victim&7 != 7:
		if !e.givesCheck(m) && !e.pinsQueen(m) {
			return ruleWeak
		}
	case top[0] == 99*pieceValue[7]: // the limit less his second piece
		next := m.alphaNow - m.score - posMargin // what the next move would have to gain
		if next >= 0 && e.gainAfterBut(m, m.side, 7) <= next && !e.givesCheck(m) && !e.pinsQueen(m) {
			return ruleWeak
		}
	}
	return notPruned
}

// pinsQueen reports whether the move would give check but for the
// opponent's queen: a queen pinned on its king (weak deep futility's "Q
// pins", searched as checks are).
func (e *Engine) pinsQueen(m *searchMove) bool {
	them := 24 - m.side
	king := e.labKing(m, them)
	return king&offBoard == 0 && attacked(king, m.side, func(sq int) int {
		if p := m.at(&e.board, sq, true); p&7 != 7 || p&them == 0 {
			return p
		}
		return 0 // his queen, taken away
	})
}

// gooseRule is the goose-chase rule that cuts m in the quiescence search,
// or notPruned: the plain one (protection by attack), with protection by a
// legal recapture, or pruned for good only (the thread's refinement), the
// first of those switched on that applies.
func (e *Engine) gooseRule(m *searchMove, lab *labSettings) pruneRule {
	capturer, victim := m.piece&7, m.victim&7
	equal := capturer != 4 && victim != 0 && pieceValue[capturer] == pieceValue[victim]
	// Rule 2 alone (seed 003): "Don't try equal captures if the victim is
	// protected", protected as for rule 1 (gooseChase): the plain attack.
	if equal && lab.gooseEqual && e.gooseChase(m) {
		return ruleGooseEqual
	}
	if equal && lab.gooseRefined && lab.gooseBudget > 0 && !lab.gooseTryEqual {
		// The refinement's equal captures, where the goose budget makes
		// them goose chases (rule 2): "if you don't have a second attacker
		// of the square ... even equal captures might always be pointless".
		if e.legalProtector(m) >= 0 && !attacked(m.to, m.side, m.after(&e.board)) {
			return ruleGooseRefined
		}
		return notPruned
	}
	if capturer != 4 && pieceValue[capturer] <= pieceValue[victim] {
		return notPruned // lower x higher, or equal
	}
	if lab.goose && e.gooseChase(m) {
		return ruleGoose
	}
	if !lab.gooseLegal && !lab.gooseRefined {
		return notPruned
	}
	protector := e.legalProtector(m)
	switch {
	case protector < 0:
		return notPruned
	case lab.gooseLegal:
		return ruleGooseLegal
	// The thread's refinement (seed 003, hgm): "if you don't have a second
	// attacker of the square ... High x protected Low is certainly bad. In
	// the latter case SEE would also be certainly < 0 if the value of the
	// protector is less than H - L. These could be reasons to always prune
	// the move". The other goose chases the thread postpones to a later
	// pass of its budget: searched here, or charged with -goose-budget
	// (gooseCharge). A king never captures a protected piece legally.
	case capturer == 4 || !attacked(m.to, m.side, m.after(&e.board)) || protector < pieceValue[capturer]-pieceValue[victim]:
		return ruleGooseRefined
	}
	return notPruned
}

// gooseChase reports whether the victim of m, a capture by a more valuable
// piece (seed 003's "Higher x Lower"), is "protected" by the plain attack
// test: the opponent has a piece that captures on its square after the
// move. A pinned protector counts, and so does a king that would step into
// a second attacker: the thread's "false protectors" (Ron Murawski:
// "Sometimes the protecting piece is pinned and then it may not really be
// a protector").
func (e *Engine) gooseChase(m *searchMove) bool {
	return attacked(m.to, 24-m.side, m.after(&e.board))
}

// gooseCharge is what the move m, a recapture in a quiescence search,
// costs of its branch's goose budget (seed 003, the thread's iterated QS:
// "iterate over capture searches that allow at most 0, 1, 2, 3, ... goose
// chases in any branch"). One for a capture of a protected piece by one
// worth as much or more, rules 1 and 2 ("Don't try Higher x Lower if the
// victim is protected", "Don't try equal captures if the victim is
// protected"), protected meaning a legal recapture (the thread's
// Protected(); a king is worth the most); and one more when the reply can
// take something of ours worth as much as m's victim or more with obvious
// gain, rule 3 ("Don't try to capture something if the opponent can
// capture something more or equally valuable with his reply"), the
// thread's pre-screening in the daughter ("previous move was goose
// chase"). The thread's code charges the two apart, the daughter
// rejecting the move when its budget goes below 0; micro-Max decides in
// the parent, so the move is pruned when its charge exceeds the budget.
//
// With tryEqual, the thread's revision ("2) Do try equal captures (even if
// the victim is protected)"), an equal capture costs nothing: rule 2 is
// not charged. Rule 3's replies stay those of obvious gain (the revision's
// "through moves other than (1) or (2)"): an equal recapture of a protected
// piece is none, and an unprotected piece under attack still is ("it would
// stop me from trying that same PxB ... if my R or Q were unprotected and
// under Q attack").
func (e *Engine) gooseCharge(m *searchMove, tryEqual bool) int {
	charge := 0
	capturer, victim := m.piece&7, m.victim&7
	higher := capturer == 4 || pieceValue[capturer] > pieceValue[victim]
	equal := capturer != 4 && pieceValue[capturer] == pieceValue[victim]
	if victim != 0 && (higher || equal && !tryEqual) && e.legalProtector(m) >= 0 {
		charge++
	}
	if e.obviousReply(m) {
		charge++
	}
	return charge
}

// obviousReply reports whether, after m, the opponent can capture a piece
// of the mover's worth as much as m's victim or more (not the king), by a
// less valuable piece or unprotected: the thread's pre-screening, "if
// value[victim] > value[piece] || !Protected(move.toSqr)" over the
// daughter's captures of victims at or above the last one ("threshold").
// Protected is here the plain attack test: the thread's makes the reply
// and tests that the recapture is legal.
func (e *Engine) obviousReply(m *searchMove) bool {
	us, them, board := m.side, 24-m.side, m.after(&e.board)
	threshold := pieceValue[m.victim&7]
	for _, sq := range boardSquares {
		p := board(sq)
		if p&us == 0 || p&7 == 4 || pieceValue[p&7] < threshold || !attacked(sq, them, board) {
			continue
		}
		if !attacked(sq, us, board) {
			return true // unprotected
		}
		value := pieceValue[p&7]
		cheaper := func(s int) int { // his pieces worth value or more block, and capture nothing
			if q := board(s); q&them == 0 || q&7 != 4 && pieceValue[q&7] < value {
				return q
			}
			return us | 1
		}
		if attacked(sq, them, cheaper) {
			return true // lower x higher
		}
	}
	return false
}

// legalProtector is the value, in pawns, of the least valuable piece of the
// opponent that recaptures on m's square legally after m (a king: 0), or -1
// if none does: the thread's Protected(), "legal = !Attacked(kingSqr)"
// after the recapture ("check if a recapture is possible, and legal"), so
// that a pinned piece, or a king facing a second attacker, does not protect
// ("Sometimes the protecting piece is pinned and then it may not really be
// a protector").
func (e *Engine) legalProtector(m *searchMove) int {
	them, board := 24-m.side, m.after(&e.board)
	king := e.labKing(m, them)
	least := -1
	eachAttacker(m.to, them, board, func(sq, p int) bool { // p on sq recaptures on m.to: legal?
		if least >= 0 && pieceValue[p&7] >= least {
			return false // no cheaper than one found
		}
		recaptured := func(s int) int { // the board after the recapture
			switch s {
			case sq:
				return 0
			case m.to:
				return p
			}
			return board(s)
		}
		kingNow := king
		if p&7 == 4 {
			kingNow = m.to
		}
		if kingNow&offBoard != 0 || !attacked(kingNow, m.side, recaptured) {
			least = max(pieceValue[p&7], 0)
		}
		return false
	})
	return least
}

// at is the piece on square sq of board b after the move (after true) or
// before it, whether or not the move stands on b.
func (m *searchMove) at(b *[256]int8, sq int, after bool) int {
	if after == m.made {
		return int(b[uint8(sq)])
	}
	if after { // b is the board before the move
		switch {
		case sq == m.to:
			return m.newPiece
		case sq == m.from || sq == m.captureSq || sq == m.rookFrom:
			return 0
		case m.rookFrom != noSquare && sq == m.passed:
			return m.side + 6 // the castled rook, as micro-Max places it
		}
	} else { // b is the board after the move
		switch {
		case sq == m.from:
			return m.piece
		case sq == m.captureSq:
			return m.victim
		case sq == m.rookFrom:
			return m.side + 6
		case sq == m.to, m.rookFrom != noSquare && sq == m.passed:
			return 0
		}
	}
	return int(b[uint8(sq)])
}

// givesCheck reports whether the move attacks the opponent's king: the
// engine's one attack test (movegen.go's attacked) on the board after the
// move, seen through m.at whether or not the move stands on the board (the
// fast search asks before it makes the move, the literal search after).
func (e *Engine) givesCheck(m *searchMove) bool {
	king := e.labKing(m, 24-m.side)
	return king&offBoard == 0 && attacked(king, m.side, m.after(&e.board))
}

// after is board b after the move, as attacked and kingSquare read a board.
func (m *searchMove) after(b *[256]int8) func(sq int) int {
	return func(sq int) int { return m.at(b, sq, true) }
}

// leavesKingAttacked reports whether the move leaves the mover's king where
// the reply can capture it: micro-Max's refutation of an illegal move. A
// castling king is also captured on the square it passed and the square it
// left (C: y-E<2&E-y<2 in the reply).
func (e *Engine) leavesKingAttacked(m *searchMove) bool {
	them, board := 24-m.side, m.after(&e.board)
	if m.piece&7 == 4 {
		return attacked(m.to, them, board) ||
			m.rookFrom != noSquare && (attacked(m.passed, them, board) || attacked(m.from, them, board))
	}
	king := e.labKing(m, m.side)
	return king&offBoard == 0 && attacked(king, them, board)
}

// inCheckBefore reports whether the side making the move is in check before it.
func (e *Engine) inCheckBefore(m *searchMove) bool {
	king := e.labKing(m, m.side)
	return king&offBoard == 0 && attacked(king, 24-m.side, func(sq int) int { return m.at(&e.board, sq, false) })
}

// labKing is the square of color's king before the move (the move does not
// move the opponent's king), or an off-board square if there is none.
func (e *Engine) labKing(m *searchMove, color int) int {
	if color == m.side && m.piece&7 == 4 {
		return m.from
	}
	return kingSquare(color, func(sq int) int { return m.at(&e.board, sq, false) })
}
