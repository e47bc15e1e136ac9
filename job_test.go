package main

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// runJob runs a search job on e and returns its iterations and result.
func runJob(t *testing.T, e *Engine, limits searchLimits) ([]iteration, searchResult) {
	t.Helper()
	var its []iteration
	j := startSearchJob(e, time.Time{}, limits, func(it iteration) { its = append(its, it) })
	select {
	case <-j.done():
	case <-time.After(time.Minute):
		j.stop()
		t.Fatal("the job did not end")
	}
	return its, j.wait()
}

// kibitzLines formats iterations as micro-Max's kibitz lines.
func kibitzLines(its []iteration) string {
	var b strings.Builder
	for _, it := range its {
		m := it.pv[0]
		fmt.Fprintf(&b, "%2d ply, %9d searched, score=%6d by %s\n", it.depth, it.nodes, it.score, squareName(m.from)+squareName(m.to))
	}
	return b.String()
}

// TestJobStop: a stopped search reports the last finished iteration's best
// move, and leaves the engine's board at the root.
func TestJobStop(t *testing.T) {
	e := smallEngine()
	root := e.Position
	started := make(chan struct{}, 100)
	j := startSearchJob(e, time.Time{}, searchLimits{}, func(it iteration) {
		if it.depth >= 3 {
			started <- struct{}{}
		}
	})
	<-started
	j.stop()
	res := j.wait()
	if res.played || !res.aborted || !res.hasBest || res.best != res.last.pv[0] || res.last.depth < 3 {
		t.Errorf("played %v aborted %v best %v last %+v", res.played, res.aborted, res.best, res.last)
	}
	if res.hasPonder != (len(res.last.pv) > 1) || res.hasPonder && res.ponder != res.last.pv[1] {
		t.Errorf("ponder %v %v, PV %v", res.hasPonder, res.ponder, res.last.pv)
	}
	if !samePos(e.Position, root) {
		t.Errorf("the board is not the root: %s", fenOf(&e.Position))
	}
}

// TestJobSoftStop: a soft stop lets the iteration under way finish, and
// micro-Max then plays its best move, as when its budget is spent.
func TestJobSoftStop(t *testing.T) {
	e := smallEngine()
	root := e.Position
	deep := make(chan struct{}, 100)
	var its []iteration
	j := startSearchJob(e, time.Time{}, searchLimits{}, func(it iteration) {
		its = append(its, it)
		if it.depth == 3 {
			deep <- struct{}{}
		}
	})
	<-deep
	j.ctl.softStop.Store(true) // finish the iteration, then play
	res := j.wait()
	last := its[len(its)-1]
	if !res.played || res.aborted || res.best != last.pv[0] || res.last.depth != last.depth {
		t.Errorf("played %v aborted %v best %v, last iteration %+v", res.played, res.aborted, res.best, last)
	}
	root.makeMove(res.best)
	if !samePos(e.Position, root) {
		t.Errorf("the board is not the root after %v: %s", res.best, fenOf(&e.Position))
	}
}

// TestJobNoIterationPastHardLimit: a timed search begins no iteration it
// expects not to end before the hard limit, and plays the move of the last
// one it finished rather than be cut off mid-iteration. On the node clock
// (1 node a microsecond) the test is exact: the hard limit lies half an
// iteration after the end of an iteration whose next one takes more than
// that (the rule expects at least twice the last), and the soft limit is
// a node before the hard one (the same would be a fixed time per move,
// used to its end), so that only the rule stops the search in time.
func TestJobNoIterationPastHardLimit(t *testing.T) {
	for _, fen := range []string{"", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"} {
		fresh := func() *Engine {
			e := smallEngine()
			if fen != "" {
				e.Position = mustFEN(t, fen).pos
			}
			return e
		}
		its, _ := runJob(t, fresh(), searchLimits{budget: 300000}) // the iterations' nodes, untimed
		k := 0                                                     // the iteration after which the next cannot end in time
		for i := 3; i+1 < len(its) && k == 0; i++ {
			own, next := its[i].nodes-its[i-1].nodes, its[i+1].nodes-its[i].nodes
			if own > 1000 && 2*next > 3*own {
				k = i
			}
		}
		if k == 0 {
			t.Fatalf("%q: no iteration to test: %v", fen, kibitzLines(its))
		}
		const nps = 1000000
		hardNodes := its[k].nodes + 3*(its[k].nodes-its[k-1].nodes)/2 // before the next iteration ends
		hard := time.Duration(hardNodes) * time.Microsecond
		_, res := runJob(t, fresh(), searchLimits{nps: nps, soft: hard - time.Microsecond, hard: hard})
		if res.aborted || !res.played || res.nodes >= hardNodes || res.last.depth < its[k-1].depth {
			t.Errorf("%q, hard limit at %d nodes (iteration %d ends at %d, the next at %d): aborted %v, played %v, %d nodes, the last iteration %d",
				fen, hardNodes, its[k].depth, its[k].nodes, its[k+1].nodes, res.aborted, res.played, res.nodes, res.last.depth)
		}
	}
}

// TestJobInfinite: an infinite job whose search ends by itself (it finds a
// mate) reports only after stop, and micro-Max's move is then on the board.
func TestJobInfinite(t *testing.T) {
	e := smallEngine()
	e.Position = mustFEN(t, "k7/8/1K6/8/8/8/8/7R w - - 0 1").pos
	root := e.Position
	j := startSearchJob(e, time.Time{}, searchLimits{infinite: true}, nil)
	select {
	case <-j.done():
		t.Fatal("an infinite job reported by itself")
	case <-time.After(300 * time.Millisecond):
	}
	if _, nodes, last := j.progress(); last.depth == 0 || nodes == 0 {
		t.Errorf("progress: %d nodes, last %+v", nodes, last)
	}
	j.stop()
	res := j.wait()
	if !res.played || res.best.String() != "h1h8" {
		t.Errorf("played %v best %v", res.played, res.best)
	}
	root.makeMove(res.best)
	if !samePos(e.Position, root) {
		t.Errorf("board after the played move: %s", fenOf(&e.Position))
	}
}

// TestJobPonder: a ponder search runs until ponderhit, then under its time
// limits (here on the node clock); one whose search has ended waits for
// ponderhit.
func TestJobPonder(t *testing.T) {
	e := smallEngine()
	limits := searchLimits{ponder: true, nps: 100000, soft: 50 * time.Millisecond, hard: 100 * time.Millisecond}
	deep := make(chan struct{}, 100)
	j := startSearchJob(e, time.Time{}, limits, func(it iteration) {
		if it.nodes > 200000 { // far beyond the time limits: no limits while pondering
			deep <- struct{}{}
		}
	})
	select {
	case <-deep:
	case <-j.done():
		t.Fatal("the ponder search ended by itself")
	case <-time.After(time.Minute):
		t.Fatal("the ponder search did not get deep")
	}
	_, atHit, _ := j.progress()
	j.ponderhit(time.Now())
	res := j.wait()
	if !res.hasBest || res.nodes-atHit > 10000+2*stopPollNodes {
		t.Errorf("after ponderhit at about %d nodes: %d nodes, best %v", atHit, res.nodes, res.best)
	}
	// A mate found while pondering: the job waits for ponderhit.
	e.Position = mustFEN(t, "k7/8/1K6/8/8/8/8/7R w - - 0 1").pos
	j = startSearchJob(e, time.Time{}, limits, nil)
	select {
	case <-j.done():
		t.Fatal("a ponder job reported before ponderhit")
	case <-time.After(300 * time.Millisecond):
	}
	j.ponderhit(time.Now())
	if res := j.wait(); !res.played || res.best.String() != "h1h8" {
		t.Errorf("played %v best %v", res.played, res.best)
	}
}

// TestJobSearchMoves: with searchmoves the root searches only the listed
// moves; the best move, the PV's first move and a stopped search's move are
// always listed; an under-promotion listed alone is what is played.
func TestJobSearchMoves(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	e := smallEngine()
	for i, list := range [][]string{{"a2a3"}, {"h2h4", "b1a3"}, {"g1h3", "e2e4", "a2a4"}, {"a2a3"}, {"h2h4", "b1a3"}, {"g1h3", "e2e4", "a2a4"}} {
		e.literal = i >= 3 // the literal search honours the list too
		e.Position = newGame()
		var moves []Move
		for _, m := range list {
			moves = append(moves, mustMove(t, &e.Position, m))
		}
		its, res := runJob(t, e, searchLimits{budget: 20000, searchMoves: moves})
		listed := func(m Move) bool {
			for _, l := range moves {
				if l == m {
					return true
				}
			}
			return false
		}
		if !res.hasBest || !listed(res.best) || !res.played {
			t.Errorf("%v: best %v played %v", list, res.best, res.played)
		}
		for _, it := range its {
			if !listed(it.pv[0]) {
				t.Errorf("%v: iteration %d's PV starts with %v", list, it.depth, it.pv[0])
			}
		}
	}
	e.literal = false
	// An under-promotion: micro-Max makes a queen; the job plays the knight.
	e.Position = mustFEN(t, "8/1P2k3/8/8/8/8/8/4K3 w - - 0 1").pos
	knight := mustMove(t, &e.Position, "b7b8n")
	its, res := runJob(t, e, searchLimits{budget: 5000, searchMoves: []Move{knight}})
	if res.best != knight || !res.played || e.Position.board[1] != white+3+movedBit || len(its) == 0 || its[0].pv[0] != knight {
		t.Errorf("best %v played %v, b8 holds %d", res.best, res.played, e.Position.board[1])
	}
	want := mustFEN(t, "8/1P2k3/8/8/8/8/8/4K3 w - - 0 1").pos
	want.makeMove(knight)
	if !samePos(e.Position, want) {
		t.Errorf("board %s (eval %d), want %s (eval %d)", fenOf(&e.Position), e.eval, fenOf(&want), want.eval)
	}
	// No listed move is legal: no search, no move.
	e.Position = newGame()
	_, res = runJob(t, e, searchLimits{budget: 5000, searchMoves: []Move{{from: 100, to: 52}}}) // e2e5
	if res.hasBest || res.played || !samePos(e.Position, newGame()) {
		t.Errorf("no legal listed move: best %v (%v) played %v", res.best, res.hasBest, res.played)
	}
}

// TestBudgetPure: the time budget of a move is a pure function of the clock:
// the moves to go share the clock after the overhead, the increment adds,
// a seventh of the clock is the most, a fixed time per move ignores the
// clock and is used to its end, less at most a fifth of it.
func TestBudgetPure(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		clock      moveClock
		soft, hard time.Duration
	}{
		{moveClock{left: 7 * time.Second, movesToGo: 10, overhead: 0}, 420 * ms, 1000 * ms},
		{moveClock{left: 14 * time.Second, movesToGo: 10, overhead: 100 * ms}, 780 * ms, 1900 * ms},
		{moveClock{left: 40 * time.Second, movesToGo: 25, overhead: 100 * ms}, 900 * ms, 4500 * ms},
		{moveClock{left: 3500 * ms, increment: time.Second}, 300 * ms, 500 * ms},                               // 25 moves: 140 ms + 1 s, at most a seventh of the clock
		{moveClock{left: 70 * time.Second, movesToGo: 1, overhead: 50 * ms}, 5970 * ms, 9950 * ms},             // a seventh of the clock
		{moveClock{left: 60 * time.Second, perMove: 2 * time.Second, overhead: 50 * ms}, 1950 * ms, 1950 * ms}, // fixed
		{moveClock{left: 60 * time.Second, perMove: 100 * ms, overhead: 50 * ms}, 80 * ms, 80 * ms},            // fixed, short: a fifth kept
		{moveClock{perMove: ms, overhead: 50 * ms}, minThink, minThink},
		{moveClock{left: -time.Second, overhead: 50 * ms}, 0, minThink},
	} {
		if soft, hard := c.clock.budget(); soft != c.soft || hard != c.hard {
			t.Errorf("%+v: soft %v hard %v, want %v %v", c.clock, soft, hard, c.soft, c.hard)
		}
	}
}

// TestJobMateDepth: an iteration that finds a mate reports its own depth,
// not the depth micro-Max stores a mate with (98: "depth 97" in a GUI).
func TestJobMateDepth(t *testing.T) {
	e := smallEngine()
	e.Position = mustFEN(t, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").pos
	its, _ := runJob(t, e, searchLimits{depth: 3})
	for i, it := range its {
		if it.depth != i+1 {
			t.Errorf("iteration %d reports depth %d (score %d)", i+1, it.depth, it.score)
		}
	}
	if len(its) == 0 || its[len(its)-1].score < infinity-offBoard {
		t.Errorf("no mate found: %+v", its)
	}
}
