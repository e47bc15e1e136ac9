package main

import (
	"slices"
	"strings"
	"testing"
)

// ponderGame starts a game in which the engine (Black) ponders, on the node
// clock (nps 200000, st 1: 200000 nodes a move, the same on any machine),
// answers 1.e4 and starts pondering on its hint. It returns the dialogue,
// the engine's move and the hint, after the first thinking line of the
// ponder search, which shows the hint first.
func ponderGame(t *testing.T) (d *cecpDialogue, reply, hint string) {
	t.Helper()
	d = newDialogue(t, smallEngine(), config{})
	d.syncNow("xboard", "protover 2", "new", "hard", "post", "nps 200000", "st 1")
	d.send("usermove e2e4")
	got := d.until("move", isMove)
	reply = strings.TrimPrefix(got[len(got)-1], "move ")
	ponder := d.awaitThinking(3)
	hint = strings.Fields(ponder[0])[4]
	for _, l := range ponder {
		if f := strings.Fields(l); len(f) < 6 || f[4] != hint {
			t.Fatalf("ponder output %q does not start with the hint %s", l, hint)
		}
	}
	// The hint is answered at once, and so is the ping: the engine ponders
	// (its thinking output may come before or after the hint).
	if got := notThinking(d.syncNow("hint")); !slices.Equal(got, []string{"Hint: " + hint}) {
		t.Errorf("hint while pondering: %q, want one Hint: %s", got, hint)
	}
	return d, reply, hint
}

// TestPonderHit: after "hard" the engine thinks on the opponent's time
// about its answer to its hint; ping is answered at once while it ponders;
// when the opponent plays the hint, the same search goes on and the engine
// moves under the clock's limits from that moment, with the game and
// micro-Max's board in step.
func TestPonderHit(t *testing.T) {
	d, reply, hint := ponderGame(t)
	for _, l := range d.syncNow() { // ping: at once, during the ponder search
		if isMove(l) {
			t.Fatalf("a move while pondering: %q", l)
		}
	}
	got := d.sync("usermove " + hint)
	move, ok := moveLine(got)
	if !ok {
		t.Fatalf("no move after the ponder hit: %q", got)
	}
	d.syncNow("easy") // the next ponder search stops: the session is idle
	want := gameAfter(t, "", "e2e4", reply, hint, move).current().pos
	if !samePos(d.position(), want) {
		t.Errorf("board %s, want %s", fenOf(d.e.pos()), fenOf(&want))
	}
	// micro-Max's root key counter (C's j) counts every root search: the
	// moves e2e4, the hint and the next hint checked and played, the first
	// search, the ponder search (which played the move) and the next one;
	// and one more when the hard limit, counted from the ponder hit, stopped
	// the ponder search mid-iteration, which depends on how far it had got
	// by then, and the move was played through micro-Max's check.
	if d.e.rootLock != 6 && d.e.rootLock != 7 {
		t.Errorf("%d root searches, want 6 (7 after a stop mid-iteration)", d.e.rootLock)
	}
}

// TestPonderMiss: another move than the hint stops the ponder search with
// nothing played; the move is played and thought about as usual.
func TestPonderMiss(t *testing.T) {
	d, reply, hint := ponderGame(t)
	p := gameAfter(t, "", "e2e4", reply).current().pos
	var other string
	for _, m := range p.legalMoves() {
		if m.String() != hint {
			other = m.String()
			break
		}
	}
	got := d.sync("usermove " + other)
	move, ok := moveLine(got)
	if !ok || strings.Count(strings.Join(got, "\n"), "move ") != 1 {
		t.Fatalf("after a ponder miss: %q", got)
	}
	p.makeMove(mustMove(t, &p, other))
	for _, l := range got {
		if f := strings.Fields(l); len(f) > 4 && !isMove(l) {
			if _, ok := p.parseMove(f[4]); !ok {
				t.Errorf("thinking line %q is not of the position after %s", l, other)
			}
		}
	}
	p.makeMove(mustMove(t, &p, move))
	d.syncNow("easy") // the next ponder search stops: the session is idle
	if !samePos(d.position(), p) {
		t.Errorf("board %s, want %s", fenOf(d.e.pos()), fenOf(&p))
	}
}

// TestPonderStops: easy, force, new, undo, ? and the end of input during a
// ponder search: no move, nothing thought after the command, and the board
// is the game's; after easy no new ponder search starts, after hard one
// does.
func TestPonderStops(t *testing.T) {
	for _, c := range []struct {
		cmds  []string
		plies int // the game's length after them
	}{
		{[]string{"easy"}, 2},
		{[]string{"force"}, 2},
		{[]string{"new"}, 0},
		{[]string{"force", "undo"}, 1},
		{[]string{"?"}, 2},
	} {
		d, _, _ := ponderGame(t)
		got := d.syncNow(c.cmds...) // at once: each stops the ponder search, or (?) is ignored
		for _, l := range got {
			if isMove(l) {
				t.Errorf("%q while pondering: %q", c.cmds, got)
			}
		}
		if c.cmds[0] == "?" { // ignored: the ponder search goes on
			d.awaitThinking(5)
			continue
		}
		if after := d.syncNow(); len(after) != 0 {
			t.Errorf("%q: output after them: %q", c.cmds, after)
		}
		if d.s.search != nil || d.s.game.length() != c.plies || !samePos(d.position(), d.s.game.current().pos) {
			t.Errorf("%q: search %v, %d plies, board %s", c.cmds, d.s.search != nil, d.s.game.length(), fenOf(d.e.pos()))
		}
		if c.cmds[0] == "easy" {
			d.send("hard")
			d.awaitThinking(2) // pondering again
		}
	}
	d, _, _ := ponderGame(t)
	d.endBy("EOF", answerWait)
}

// TestEasyWaitingWhenPonderStarts: commands that waited for the engine's
// move are taken as if they came when the ponder search after it starts;
// "easy" among them stops that search at once, and the ones after it wait
// for the loop, in order (they once reached a search that was gone, and the
// engine crashed: the model test found it).
func TestEasyWaitingWhenPonderStarts(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{})
	d.syncNow("xboard", "protover 2", "new", "hard", "post", "st 30")
	d.send("usermove e2e4")
	d.awaitThinking(3)
	d.send("ping 101", "easy", "ping 102", "?")
	// "?" moves at once, and the ponder search that follows ends at "easy":
	// the pongs are owed at once too.
	got := d.within(answerWait, `"pong 102" (after ?, the move and the pongs at once)`, func(l string) bool { return l == "pong 102" })
	if answers := notThinking(got); len(answers) != 3 || !isMove(answers[0]) || answers[1] != "pong 101" || answers[2] != "pong 102" {
		t.Fatalf("after ping, easy, ping and ?: %q, want the move and the two pongs", got)
	}
	if after := d.syncNow(); len(after) != 0 {
		t.Errorf("after easy: %q, want nothing (no pondering)", after)
	}
}
