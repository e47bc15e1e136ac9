package main

import (
	"fmt"
	"testing"
	"time"
)

// rootTimeline is a hook that records what the thinking root decides, move
// by move: each root move, the node count when its search was over, and
// whether it gave the root a new best score. It is the oracle of
// TestStopPlaysBestSoFar, kept apart from the job's own bookkeeping
// (searchJob.rootMove): it watches the search through the hook alone.
type rootTimeline struct {
	e      *Engine
	level  int // calls entered and not left: 1 at the root
	events []rootDecision
	cur    *rootDecision // the root move being searched
	starts map[int]int   // the node count when each root iteration began
}

// rootDecision is a root move and what became of it.
type rootDecision struct {
	iter     int // micro-Max's iteration (reported as depth iter-1)
	from, to int
	done     int  // the node count when its search was over
	best     bool // it gave the root a new best
}

func (r *rootTimeline) thinking() bool { return r.level == 1 && r.e.pendingFrom == infinity }

func (r *rootTimeline) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	r.level++
	return tableDepth
}
func (r *rootTimeline) leave(best, score, nodes int) { r.level-- }
func (r *rootTimeline) iterate(iter, firstSq, bestTo int, thinkingRoot bool, nodes int) {
	if thinkingRoot {
		r.starts[iter] = nodes
	}
}
func (r *rootTimeline) close(nodes int) {
	if r.cur != nil {
		r.cur.done = nodes
		r.events = append(r.events, *r.cur)
		r.cur = nil
	}
}
func (r *rootTimeline) move(m *searchMove) (pruneRule, int) {
	if r.thinking() {
		r.close(r.e.nodes) // no node is counted between a move's search and the next move
		r.cur = &rootDecision{iter: m.iter, from: m.from, to: m.to}
	}
	return m.rule, m.score
}
func (r *rootTimeline) newBest() {
	if r.thinking() {
		r.cur.best = true
	}
}
func (r *rootTimeline) iterated(best, nodes int) bool {
	if r.thinking() {
		r.close(nodes)
	}
	return false
}

// expected is the move a search stopped at node count stop plays, by the
// rule: the unfinished iteration's best so far once it has searched the
// last finished iteration's best move, else that move. A search is stopped
// at the poll right after its node counter reaches stop, so a move whose
// search was over at stop-1 or before counts, one at stop does not.
func (r *rootTimeline) expected(stop int) (from, to int, iter int, ok bool) {
	iter = 0
	for i, start := range r.starts {
		if start < stop && i > iter {
			iter = i // the iteration in progress
		}
	}
	prevFrom, prevTo, prevDone := -1, -1, false
	bestFrom, bestTo, found := -1, -1, false
	for _, d := range r.events {
		switch {
		case d.iter == iter-1 && d.best:
			prevFrom, prevTo = d.from, d.to
		case d.iter == iter && d.done < stop:
			if d.from == prevFrom && d.to == prevTo {
				prevDone = true
			}
			if d.best {
				bestFrom, bestTo, found = d.from, d.to, true
			}
		}
	}
	if prevFrom < 0 {
		return 0, 0, iter, false // no iteration finished before: not a case this test takes
	}
	if prevDone && found {
		return bestFrom, bestTo, iter, true
	}
	return prevFrom, prevTo, iter, true
}

// TestStopPlaysBestSoFar: a search stopped mid-iteration plays micro-Max's
// own best move so far, once the iteration has searched the best move of
// the iteration before; until then, that move. The stops are at fixed node
// counts (the node clock: a hard limit at N microseconds at 1 node a
// microsecond stops at the poll at N nodes), so the test is exact: each
// stop's move is the one the recorded timeline of the same search gives.
// The position after 1.e4 has e7e5, a double step, as its best move for
// several iterations: micro-Max does not try it first (only moves that set
// bit 7 of the table's to-square are), and searches e7e6 before it, so
// the rule about the previous best is put to the test too.
func TestStopPlaysBestSoFar(t *testing.T) {
	root := newGame()
	root.makeMove(mustMove(t, &root, "e2e4"))
	const budget = 130000
	rec := smallEngine()
	rec.Position = root
	tl := &rootTimeline{e: rec, starts: map[int]int{}}
	rec.pendingFrom = infinity
	rec.rootSearch(&searchControl{budget: budget, hooks: []searchHook{tl}})

	// The stops: polls of the iterations of depth 3 and more, the first
	// few of each kind: where the rule gives the best so far, a move other
	// than the last finished iteration's (changed); where another move is
	// best so far but the rule keeps the previous best, not yet searched
	// (waiting); and the others.
	type stop struct {
		nodes, iter int
		move        string
		changed     bool // the best so far is not the last finished iteration's move
		waiting     bool // another move is best so far, but the previous best is not yet searched
	}
	var stops []stop
	changed, waiting, others := 0, 0, 0
	for n := stopPollNodes; n < budget; n += stopPollNodes {
		from, to, iter, ok := tl.expected(n)
		if !ok || iter < 4 {
			continue
		}
		prev := tl.lastBest(iter - 1)
		s := stop{nodes: n, iter: iter, move: squareName(from) + squareName(to), changed: [2]int{from, to} != prev}
		s.waiting = !s.changed && tl.otherBestBefore(iter, n)
		switch {
		case s.changed && changed < 3:
			changed++
		case s.waiting && waiting < 3:
			waiting++
		case !s.changed && !s.waiting && others < 2:
			others++
		default:
			continue
		}
		stops = append(stops, s)
	}
	if changed == 0 || waiting == 0 {
		t.Fatalf("no stop to test the rule with: %d where the best so far changed, %d where the previous best is awaited (%d stops)", changed, waiting, len(stops))
	}
	for _, s := range stops {
		e := smallEngine()
		e.Position = root
		limit := time.Duration(s.nodes) * time.Microsecond
		_, res := runJob(t, e, searchLimits{nps: 1000000, soft: limit, hard: limit})
		got := squareName(res.best.from) + squareName(res.best.to)
		if !res.aborted || res.nodes != s.nodes || got != s.move {
			t.Errorf("stop at %d nodes in iteration %d (changed %v, waiting %v): aborted %v at %d nodes, played %s, want %s",
				s.nodes, s.iter, s.changed, s.waiting, res.aborted, res.nodes, got, s.move)
			continue
		}
		// The move is reported as the unfinished iteration's, so that it
		// heads the last PV the GUI saw (fastchess checks it).
		if s.changed && (!res.last.partial || res.last.depth != s.iter-1 || res.last.pv[0] != res.best) {
			t.Errorf("stop at %d nodes: last iteration %+v, best %v", s.nodes, res.last, res.best)
		}
	}
	t.Logf("%d stops, %d where the best so far changed, %d where the previous best was awaited: %+v", len(stops), changed, waiting, stops)
}

// lastBest is the best move at the end of iteration iter.
func (r *rootTimeline) lastBest(iter int) [2]int {
	best := [2]int{-1, -1}
	for _, d := range r.events {
		if d.iter == iter && d.best {
			best = [2]int{d.from, d.to}
		}
	}
	return best
}

// otherBestBefore reports whether iteration iter, before node count stop,
// had found a new best in a move that is not the previous iteration's best
// (which it had not yet searched): the rule keeps the previous best then.
func (r *rootTimeline) otherBestBefore(iter, stop int) bool {
	prev := r.lastBest(iter - 1)
	for _, d := range r.events {
		if d.iter == iter && d.done < stop && d.best && [2]int{d.from, d.to} != prev {
			return true
		}
	}
	return false
}

// TestClockShare: no move of a game on a clock is given a sixth of the
// clock (the hard limit is at most a seventh of it), whatever the clock,
// the increment, the moves to go and the overhead, and its soft limit is
// below the hard one (the two equal are a fixed time); and a fixed time per
// move of 100 ms or more is used to 80% or more of it, both limits at its
// end. The allocation function (moveClock.budget) itself, over a grid.
func TestClockShare(t *testing.T) {
	ms := time.Millisecond
	lefts := []time.Duration{100 * ms, 250 * ms, time.Second, 3 * time.Second, 10 * time.Second, 30 * time.Second,
		time.Minute, 5 * time.Minute, time.Hour}
	for _, left := range lefts {
		for _, inc := range []time.Duration{0, 10 * ms, 100 * ms, 500 * ms, 2 * time.Second, 30 * time.Second} {
			for _, togo := range []int{0, 1, 2, 5, 10, 40} {
				for _, overhead := range []time.Duration{0, 25 * ms, 100 * ms} {
					c := moveClock{left: left, increment: inc, movesToGo: togo, overhead: overhead}
					soft, hard := c.budget()
					if hard > left/6 || hard > max(left/maxShare-overhead, minThink) || soft >= hard || soft < 0 { // (soft == hard is a fixed time per move)
						t.Errorf("%+v: soft %v hard %v: a sixth of the clock is %v", c, soft, hard, left/6)
					}
				}
			}
		}
	}
	for _, per := range []time.Duration{100 * ms, 150 * ms, 300 * ms, time.Second, 3 * time.Second, time.Minute} {
		for _, overhead := range []time.Duration{0, 25 * ms, 5000 * ms} {
			c := moveClock{left: time.Second, perMove: per, overhead: overhead}
			soft, hard := c.budget()
			if soft != hard || hard < per*8/10 || hard > per {
				t.Errorf("%+v: soft %v hard %v, want both from %v to %v", c, soft, hard, per*8/10, per)
			}
		}
	}
}

// TestMoveTimeUsed: go movetime N takes N ms less a small overhead, for N
// of 100 ms and more: at least 75% of N by the clock of the test (80% by
// the engine's: the overhead it keeps is a fifth at most), at most 200 ms
// more, and no info line's time more than 50 ms over N. Timing on a real
// clock: only with UMAX_FULL=1 (switch_test.go).
func TestMoveTimeUsed(t *testing.T) {
	needFull(t, "timing on a real clock")
	d := newUCIDialogue(t, newEngine(defaultHashEntries), config{})
	d.sync("uci")
	for _, n := range []int{100, 300, 1000} {
		for _, pos := range []string{"position startpos moves e2e4", "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"} {
			d.sync("ucinewgame", pos)
			sent := d.send(fmt.Sprintf("go movetime %d", n))
			got := d.until("bestmove", isBestmove)
			took := time.Since(sent)
			if took < time.Duration(n)*time.Millisecond*75/100 || took > time.Duration(n+200)*time.Millisecond {
				t.Errorf("%s, go movetime %d: bestmove after %v", pos, n, took)
			}
			for _, l := range got {
				if i, ok := parseInfo(l); ok && i.ms > n+50 { // (50 ms for a loaded machine)
					t.Errorf("%s, go movetime %d: %q", pos, n, l)
				}
			}
			t.Logf("%s, go movetime %d: %v", pos, n, took)
		}
	}
}
