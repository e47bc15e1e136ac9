package main

// The time budget of a move: how long the engine may think, from what it
// knows of its clock. Both protocols read their clock commands into a
// moveClock (CECP: level, st, time; UCI: go wtime btime winc binc
// movestogo movetime) and ask it for the limits of a search.

import "time"

const (
	// defaultMoveOverhead is the time a move costs that the engine cannot
	// see on its own clock: the GUI's clock runs from the moment it sends a
	// move until it reads the answer, through pipes, process switches and
	// the GUI's own work, on a machine that may be loaded. Every move keeps
	// this much (CECP always; UCI's Move Overhead option by default).
	defaultMoveOverhead = 25 * time.Millisecond
	// minThink is the shortest search the engine allows itself: micro-Max
	// looks at the stop flag every 4096 nodes, a few milliseconds.
	minThink = 2 * time.Millisecond
	// horizon is the number of moves a game without moves per session is
	// assumed still to last, when sharing out the clock.
	horizon = 25
	// maxShare is the largest part of its clock a move may take, the
	// overhead included: a seventh, so that no move takes a sixth (a stop
	// comes a few milliseconds after the hard limit).
	maxShare = 7
	// fixedOverheadShare: a fixed time per move keeps at most this part of
	// it as the overhead (a fifth of 100 ms: 20 ms; a tenth, 10 ms, lost
	// on time by 1 ms in fastchess on a loaded machine), so that a short
	// time is used as the GUI gives it.
	fixedOverheadShare = 5
)

// moveClock is what the engine knows of its clock when a search starts.
type moveClock struct {
	left      time.Duration // time left on the engine's clock (may be negative)
	increment time.Duration // added to the engine's clock after each of its moves
	movesToGo int           // moves to make until the clock gets more time; 0: the game is one session
	perMove   time.Duration // a fixed time for every move (CECP st, UCI movetime), or 0
	overhead  time.Duration // what every move costs beyond the search (defaultMoveOverhead)
}

// budget returns the time limits of the search: after soft it starts no
// new iteration, at hard it stops. It is a pure function of the clock.
//
// With a time per move, the search uses it all: both limits are that time
// less the overhead, but never more than a fifth of it (the clock is not
// read). Otherwise the clock is shared out over the moves left in the
// session (horizon if the game is one session), after keeping the overhead
// for each of them; each move also gets the increment. The target is that
// share; a search stops at three times it, but never takes more than a
// seventh of the clock less the overhead (maxShare), and an iteration is
// not begun after 60% of the share or of that hard limit, whichever is less
// (so soft < hard: soft == hard is a fixed time). Every search may take
// minThink.
func (c moveClock) budget() (soft, hard time.Duration) {
	if c.perMove > 0 {
		hard = max(c.perMove-min(c.overhead, c.perMove/fixedOverheadShare), minThink)
		return hard, hard
	}
	movesLeft := horizon
	if c.movesToGo > 0 {
		movesLeft = c.movesToGo
	}
	spare := c.left - time.Duration(movesLeft)*c.overhead
	target := max(spare, 0)/time.Duration(movesLeft) + c.increment
	hard = max(min(3*target, c.left/maxShare-c.overhead), minThink)
	soft = min(target, hard) * 6 / 10
	return soft, hard
}

// clock is CECP's time control and clocks, in time.Duration; the
// protocol's centiseconds are converted where they are read. It keeps
// what XBoard says (level, st, time, otim) and the engine's own count of
// sessions; the budget of a move is moveClock's.
type clock struct {
	movesPerSession int           // moves in each session; 0 for one session (sudden death or incremental)
	base            time.Duration // time of a session
	increment       time.Duration // added to a player's clock after each of his moves
	perMove         time.Duration // "st": the exact time for every move (0 if not in use)
	levelPly        int           // game length when "level" came: sessions count from there
	mine, theirs    time.Duration // the clocks as "time" and "otim" last said
}

// newClock is XBoard's default time control, 40 moves in 5 minutes.
func newClock() clock {
	return clock{movesPerSession: 40, base: 5 * time.Minute, mine: 5 * time.Minute, theirs: 5 * time.Minute}
}

// reading is the clock as a move at the given game length sees it: the
// moves to go count from the ply at which "level" came, one session after
// another.
func (c *clock) reading(ply int) moveClock {
	r := moveClock{left: c.mine, increment: c.increment, perMove: c.perMove, overhead: defaultMoveOverhead}
	if c.movesPerSession > 0 {
		r.movesToGo = c.movesPerSession - max(ply-c.levelPly, 0)/2%c.movesPerSession
	}
	return r
}

// tick keeps the engine's own clock between "time" commands, as XBoard
// keeps it: a move the engine made at the given game length took used; the
// increment is added, and a new session's time once the engine has made the
// session's moves. A "time" command sets the clock to what XBoard says.
func (c *clock) tick(used time.Duration, ply int) {
	c.mine += c.increment - used
	if c.movesPerSession > 0 && (max(ply-c.levelPly, 0)/2+1)%c.movesPerSession == 0 {
		c.mine += c.base
	}
}
