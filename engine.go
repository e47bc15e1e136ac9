package main

// What the protocol adapters ask of the engine besides a search job
// (job.go): the limits and stop flags of one search, playing a move on
// micro-Max's board with micro-Max's own check, and reading the principal
// variation from the table. Nothing here knows a protocol.

import (
	"flag"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
)

// searchControl is what one call of rootSearch is told, and the flags that
// stop it. Every search gets its own: nothing carries over to the next one.
// The search reads budget, report and rootMoves at the root only, and
// looks at the stop flags every stopPollNodes nodes.
type searchControl struct {
	// budget is micro-Max's root node budget: the root starts another
	// iteration while the node counter (C's N, which starts at 128) is
	// below it (C: N<1e6). A search that only checks and plays a pending
	// move does not read it.
	budget int
	// report, if set, is called after every finished iteration of the root,
	// on the search's goroutine, between iterations (the table is quiet):
	// depth (micro-Max's "ply", its iteration depth less one), nodes so
	// far, score and best move (micro-Max's kibitz line).
	report func(depth, nodes, score, from, to int)
	// What watches the search (hook.go), each if set: rootMoves are the
	// only root moves searched (UCI's searchmoves), stats counts the
	// search's statistics (-stats), tree records its tree (-tree; the
	// search is then the literal one), and hook is any other watcher.
	rootMoves *rootMoveSet
	stats     *searchStats
	tree      *treeRecorder
	hook      searchHook
	// outer, if set, is the control of the search this one is part of (a
	// strength level's scoring searches, strength.go): its flags stop this
	// one too, and it sees outerNodes plus this search's nodes.
	outer      *searchControl
	outerNodes int

	stop     atomic.Bool  // give up now, mid-iteration
	softStop atomic.Bool  // start no new iteration: play the best move of the last one
	maxNodes atomic.Int64 // if > 0, give up when the node counter reaches it
	polled   atomic.Int64 // the node counter when the flags were last looked at
}

// mustStop is the search's look at the flags, every stopPollNodes nodes.
func (c *searchControl) mustStop(nodes int) bool {
	pollHost() // in a browser, let the worker read its messages now and then (worker_js.go)
	c.polled.Store(int64(nodes))
	limit := c.maxNodes.Load()
	return c.stop.Load() || limit > 0 && int64(nodes) >= limit || c.outer != nil && c.outer.mustStop(c.outerNodes+nodes)
}

// noBudget is a root budget no search reaches.
const noBudget = math.MaxInt / 2

// play makes a legal move on micro-Max's board with micro-Max's own check,
// as its main() does with a typed move: rootSearch with the move pending
// (which advances the root key, as the C program's j++ does). An
// under-promotion, which micro-Max makes a queen, is fixed afterwards: the
// piece, and the evaluation by the difference in promotion gain. A move that
// is not one of the legal moves, or that micro-Max refuses, is an error,
// and the position is left as it was.
func (e *Engine) play(m Move) error {
	if !e.isLegal(m) {
		return fmt.Errorf("%v is not a legal move here", m)
	}
	before := e.Position
	e.pendingFrom, e.pendingTo = m.from, m.to
	played := e.rootSearch(&searchControl{})
	e.pendingFrom = infinity
	if !played { // cannot happen: the generator and micro-Max agree (movegen_test.go)
		e.Position = before
		return fmt.Errorf("micro-Max refused %v", m)
	}
	e.fixPromotion(m, before.side)
	return nil
}

// fixPromotion makes the queen that micro-Max made of side's pawn on m.to
// the piece m names, if m is an under-promotion, with the evaluation
// changed by the difference in promotion gain.
func (e *Engine) fixPromotion(m Move, side int) {
	if m.promo != 0 && m.promo != 7 {
		e.board[m.to] = int8(side | m.promo | movedBit)
		e.eval += promoGain - promotionGain[m.promo]
	}
}

// principalVariation follows the best moves the table holds from root, the
// root of the last search, starting with the move from-to, for as long as
// they are legal, no position repeats, and at most maxMoves moves. It
// rebuilds micro-Max's hash keys along the way from the root's keys that
// rootSearch recorded: every move adds the keys of the piece on its
// destination and subtracts those of the piece that left and of the piece
// captured, exactly as search() does. It must run while the table is
// quiet: between iterations (on the search's goroutine) or after the search.
func (e *Engine) principalVariation(root *Position, from, to, maxMoves int) []Move {
	pos := *root
	indexKey, lockKey := e.rootIndexKey, e.rootLockKey
	seen := []Position{pos}
	var pv []Move
	for len(pv) < maxMoves {
		m := pos.microMaxMove(from&^offBoard, to&^offBoard)
		if !pos.isLegal(m) {
			break
		}
		d := pos.makeMove(m)
		indexKey, lockKey = moveKeys(indexKey, lockKey, m.from, m.to, d.captureSq, d.piece, int(pos.board[m.to]), d.victim, d.rookFrom)
		pv = append(pv, m)
		for i := range seen {
			if samePosition(&seen[i], &pos) {
				return pv
			}
		}
		seen = append(seen, pos)
		entry := e.table[(indexKey+int32(pos.side*pos.epSquare))&e.tableMask].load()
		if entry.lock != lockKey {
			break
		}
		from, to = int(entry.from), int(entry.to)
	}
	return pv
}

// mateDistance reads a mate score as the number of moves n to the mate:
// micro-Max scores a mate in n moves infinity-n for the side that mates and
// -(infinity-n) for the side that is mated. A king capture is infinity; the
// delayed-loss bonus (C: m+=m<e) gives a point back only on the losing side,
// once a ply, so the distance counts the winner's moves: mate in 1 scores
// 7999, mate in 2 7998, being mated in 1 (the opponent mates with his next
// move) -7999. It returns n, positive when the side to move mates, negative
// when it is mated, and false for an ordinary score.
func mateDistance(score int) (plies int, mate bool) {
	switch {
	case score > infinity-offBoard:
		return infinity - score, true
	case score < offBoard-infinity:
		return -infinity - score, true
	}
	return 0, false
}

// The table's size, as both protocols set it (CECP's memory, UCI's Hash).
const (
	maxMemoryMB  = 8192    // the largest table a protocol may ask for, in MiB
	minTableSize = 1 << 10 // the smallest table, in entries
)

// tableEntries is the number of table entries that memory MiB give: the
// largest power of two of entries (9 bytes each) that fits, at least
// minTableSize. micro-Max's own 1<<24 entries take 144 MiB (up to 287).
func tableEntries(mb int) int {
	entries := minTableSize
	for entries*2*len(hashSlot{}) <= mb<<20 {
		entries *= 2
	}
	return entries
}

// setMemory gives the table the size that mb MiB allow (tableEntries); a
// table that already has that size is kept, with what it holds.
func (e *Engine) setMemory(mb int) {
	if n := tableEntries(mb); n != len(e.table) {
		e.resizeTable(n)
	}
}

// memoryMB is the table's size in whole MiB (at least 1): 144 for
// micro-Max's 1<<24 entries.
func (e *Engine) memoryMB() int {
	return max(len(e.table)*len(hashSlot{})>>20, 1)
}

// restart puts the engine where a freshly started C program is: micro-Max's
// initial position, an empty table, and the root key counter (C's j) at 0,
// so that the searches that follow are the C program's, node for node.
// The table keeps its size, and the settings (futility, literal) stay.
func (e *Engine) restart() {
	e.Position = newGame()
	clear(e.table)
	e.rootLock = 0
}

// variantOption is a setting of the search variant, micro-Max's futility or
// a switch of the laboratory (lab.go), as the command line and both
// protocols show it: a flag, a CECP feature option, a UCI option.
type variantOption struct {
	flag   string // the command-line flag
	xboard string // the CECP option's name (sentence case, as "Futility pruning")
	uci    string // the UCI option's name
	usage  string // the flag's help text
	spin   bool   // a number in lo..hi (a -spin / spin), else on or off (a -check / check)
	lo, hi int
	def    int                 // the default, micro-Max 4.1 (a check: 0 or 1)
	get    func(e *Engine) int // the setting as a number (a check: 0 or 1)
	set    func(e *Engine, v int)
}

// variantOptions are the search variant's settings, in the order the
// protocols list them: micro-Max's futility, then the laboratory's switches.
var variantOptions = []variantOption{
	{flag: "futility", xboard: "Futility pruning", uci: "Futility Pruning", def: 1,
		usage: "futility pruning (micro-Max 4.1); -futility=false gives micro-Max 4.0's search",
		get:   func(e *Engine) int { return b2i(e.futility) }, set: func(e *Engine, v int) { e.futility = v != 0 }},
	{flag: "futility-margin", xboard: "Futility margin", uci: "Futility Margin",
		usage: "frontier futility margin M: with at most one ply left a move is searched only if its new evaluation + M beats alpha (0: micro-Max)",
		spin:  true, lo: minFrontierMargin, hi: maxFrontierMargin,
		get: func(e *Engine) int { return e.lab.frontierMargin }, set: func(e *Engine, v int) { e.lab.frontierMargin = v }},
	{flag: "extended-futility", xboard: "Extended futility", uci: "Extended Futility",
		usage: "Heinz's extended futility pruning: with two plies left, a move that cannot come within a rook of alpha is not searched (checks are)",
		get:   func(e *Engine) int { return b2i(e.lab.extended) }, set: func(e *Engine, v int) { e.lab.extended = v != 0 }},
	{flag: "deep-futility", xboard: "Deep futility", uci: "Deep Futility",
		usage: "Muller's deep futility pruning: with two or three plies left, a move that cannot reach alpha even if the opponent's best piece falls next is not searched (checks are)",
		get:   func(e *Engine) int { return b2i(e.lab.deep) }, set: func(e *Engine, v int) { e.lab.deep = v != 0 }},
	{flag: "aggressive-futility", xboard: "Aggressive futility", uci: "Aggressive Futility",
		usage: "aggressive futility pruning: the engine's own frontier nodes after a quiet move are given up when their evaluation is half a pawn short of alpha",
		get:   func(e *Engine) int { return b2i(e.lab.aggressive) }, set: func(e *Engine, v int) { e.lab.aggressive = v != 0 }},
	{flag: "goose-pruning", xboard: "Goose chase pruning", uci: "Goose Chase Pruning",
		usage: "no goose chases in the quiescence search: a recapture by a more valuable piece of a protected piece is not searched",
		get:   func(e *Engine) int { return b2i(e.lab.goose) }, set: func(e *Engine, v int) { e.lab.goose = v != 0 }},
}

// cecpKind is the option's control as CECP's feature option declares it:
// "-check 1", "-spin 0 -300 900".
func (o *variantOption) cecpKind() string {
	if o.spin {
		return fmt.Sprintf("-spin %d %d %d", o.def, o.lo, o.hi)
	}
	return fmt.Sprintf("-check %d", o.def)
}

// uciType is the option's type as UCI's option line declares it: "check
// default true", "spin default 0 min -300 max 900".
func (o *variantOption) uciType() string {
	if o.spin {
		return fmt.Sprintf("spin default %d min %d max %d", o.def, o.lo, o.hi)
	}
	return fmt.Sprintf("check default %v", o.def != 0)
}

// setVariantText sets the option from a protocol's text: a spin's whole
// number in range, a check's words for on and off (CECP's 1 and 0, UCI's
// true and false, in any case). Other text is refused and changes nothing.
func (e *Engine) setVariantText(o *variantOption, text, on, off string) error {
	v, ok := parseInt(text, o.lo, o.hi)
	if !o.spin {
		v, ok = b2i(strings.EqualFold(text, on)), strings.EqualFold(text, on) || strings.EqualFold(text, off)
	}
	switch {
	case !ok && o.spin:
		return fmt.Errorf("want a whole number from %d to %d", o.lo, o.hi)
	case !ok:
		return fmt.Errorf("want %s or %s", on, off)
	}
	o.set(e, v)
	return nil
}

// addVariantFlags defines the variant's flags on fs. The function it
// returns applies them to an engine once fs is parsed, or says which one is
// out of range and changes nothing.
func addVariantFlags(fs *flag.FlagSet) func(e *Engine) error {
	values := make([]func() int, len(variantOptions))
	for i := range variantOptions {
		o := &variantOptions[i]
		if o.spin {
			p := fs.Int(o.flag, o.def, fmt.Sprintf("%s (%d to %d)", o.usage, o.lo, o.hi))
			values[i] = func() int { return *p }
		} else {
			p := fs.Bool(o.flag, o.def != 0, o.usage)
			values[i] = func() int { return b2i(*p) }
		}
	}
	return func(e *Engine) error {
		for i := range variantOptions {
			if o := &variantOptions[i]; o.spin && (values[i]() < o.lo || values[i]() > o.hi) {
				return fmt.Errorf("-%s must be from %d to %d", o.flag, o.lo, o.hi)
			}
		}
		for i := range variantOptions {
			variantOptions[i].set(e, values[i]())
		}
		return nil
	}
}

// labFlags names the laboratory's switches that are on, as their flags
// with their values ("-extended-futility -futility-margin=50"), or says
// that none is.
func (e *Engine) labFlags() string {
	var on []string
	for i := range variantOptions[1:] { // the laboratory's, after micro-Max's futility
		o := &variantOptions[1+i]
		switch v := o.get(e); {
		case v != o.def && o.spin:
			on = append(on, fmt.Sprintf("-%s=%d", o.flag, v))
		case v != o.def:
			on = append(on, "-"+o.flag)
		}
	}
	if len(on) == 0 {
		return "no laboratory switch"
	}
	return strings.Join(on, " ")
}
