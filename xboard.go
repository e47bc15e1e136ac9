package main

// The XBoard adapter: micro-Max as an engine for XBoard and WinBoard,
// speaking the Chess Engine Communication Protocol version 2
// (/usr/share/doc/xboard/engine-intf.html).
//
// Three goroutines take part. readLines reads standard input and hands each
// line, stamped with the time it arrived, to the session's loop (run), so
// that input is read while the engine thinks. The loop executes commands and
// owns the game and the engine. A search runs in a goroutine of its own,
// started by the loop; while it runs the loop touches neither the board nor
// the table, and talks to the search only through the engine's two atomic
// flags: softStop (start no new iteration) and stop (give up now: the search
// unwinds, restoring the board, and stores nothing more in the table).
//
// While a search runs, a few commands take effect at once ("?", ".", post,
// nopost, and the ones that only set a value, such as time or level). Every
// other command waits in a queue until the search is over, in the order it
// came; the ones that make the search pointless (force, new, undo, quit,
// ...) also stop it, and any waiting command stops an analysis. So "ping"
// during the engine's move is answered after the move, as the protocol
// wants, and the board never changes under a running search.
//
// Moves reach micro-Max's board the way they do in micro-Max's main():
// rootSearch checks and plays a pending move. The move generator
// (movegen.go) reads the move first, so that an under-promotion can be fixed
// after micro-Max has made a queen, and an illegal move is refused before
// micro-Max sees it. With the same table size and node budget, an XBoard
// game therefore searches exactly the trees the C program searches.

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// features are what the engine asks of XBoard after "protover 2", in
// order; the option features of engineOptions follow, and then done=1.
var features = []string{
	"ping=1", "setboard=1", "playother=1", "usermove=1", "time=1", "draw=0",
	"sigint=0", "sigterm=0", "reuse=1", "analyze=1", "colors=0", "memory=1",
	`variants="normal"`, `myname="micro-Max 4.1 (Go)"`,
}

// engineOption is a setting XBoard shows in its engine-settings dialog. It
// is announced as feature option="NAME KIND" and set by "option NAME=VALUE".
type engineOption struct {
	name string                               // as XBoard shows it and sends it back
	kind string                               // XBoard's control with its default and range, e.g. "-check 1"
	set  func(s *session, value string) error // applies a value (a check's is "0" or "1")
}

// engineOptions are the engine's settings; an option is one entry here.
var engineOptions = []engineOption{
	{name: "Futility pruning", kind: "-check 1", set: func(s *session, value string) error {
		switch value {
		case "0", "1":
			s.e.setFutility(value == "1")
			return nil
		}
		return fmt.Errorf("%q is not 0 or 1", value)
	}},
}

// Limits of the adapter.
const (
	maxLineBytes = 4096 // longer input lines are refused whole
	maxEchoBytes = 80   // how much of a bad command an error message repeats
	maxPVMoves   = 32   // thinking output follows the hash table no further
	maxMemoryMB  = 8192 // the largest "memory" the table may take
	minTableSize = 1 << 10

	// moveLag is the time a move costs that the engine cannot see on its
	// own clock: XBoard's clock runs from the moment it sends a move until
	// it reads the answer, through pipes, process switches and XBoard's
	// own work, on a machine that may be loaded. Every move keeps this much.
	moveLag = 25 * time.Millisecond
	// minThink is the shortest search the engine allows itself: micro-Max
	// looks at the stop flag every 4096 nodes, a few milliseconds.
	minThink = 2 * time.Millisecond
	// horizon is the number of moves a game without moves per session is
	// assumed still to last, when sharing out the clock.
	horizon = 30
)

// xboardConfig holds what the command line sets for XBoard mode.
type xboardConfig struct {
	nodeBudget int // if > 0, no search goes beyond this many nodes (micro-Max's budget)
	maxMemory  int // the largest "memory" accepted, in MB (maxMemoryMB if 0)
}

// inputLine is a line of input with the time it arrived.
type inputLine struct {
	text    string
	at      time.Time
	tooLong bool
}

// readLines sends every line of r to lines, and closes lines at the end of
// input; it gives up when quit is closed. A line longer than maxLineBytes is
// passed on empty and marked too long, after the rest of it has been read
// and dropped.
func readLines(r io.Reader, lines chan<- inputLine, quit <-chan struct{}) {
	br := bufio.NewReaderSize(r, maxLineBytes)
	var buf []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > maxLineBytes+1 {
			tooLong, buf = true, buf[:0]
		} else if !tooLong {
			buf = append(buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if len(buf) > 0 || tooLong || err == nil {
			text := strings.TrimRight(string(buf), "\r\n")
			if tooLong {
				text = ""
			}
			select {
			case lines <- inputLine{text: text, at: time.Now(), tooLong: tooLong}:
			case <-quit:
				return
			}
		}
		buf, tooLong = buf[:0], false
		if err != nil {
			close(lines)
			return
		}
	}
}

// protocolWriter writes whole lines to XBoard, from the loop and from the
// search goroutine alike, each line in one write.
type protocolWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (o *protocolWriter) line(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	io.WriteString(o.w, s+"\n")
}

// clock is the time control and the clocks, in time.Duration; the protocol's
// centiseconds are converted where they are read.
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

// budget returns the time limits of the engine's next move at the given
// game length: after soft it starts no new iteration, at hard it stops.
//
// With "st" the hard limit is the time per move less moveLag. Otherwise the
// clock is shared out over the moves left in the session (horizon if the
// game is one session), after keeping moveLag for each of them; each move
// also gets the increment. The target is that share; an iteration is not
// begun after 60% of it, and a search stops at three times it, but never
// takes more than half of the clock (less moveLag).
func (c *clock) budget(ply int) (soft, hard time.Duration) {
	if c.perMove > 0 {
		hard = max(c.perMove-moveLag, minThink)
		return hard / 2, hard
	}
	movesLeft := horizon
	if c.movesPerSession > 0 {
		movesLeft = c.movesPerSession - max(ply-c.levelPly, 0)/2%c.movesPerSession
	}
	spare := c.mine - time.Duration(movesLeft)*moveLag
	target := max(spare, 0)/time.Duration(movesLeft) + c.increment
	hard = min(3*target, c.mine/2-moveLag)
	hard = max(hard, minThink)
	soft = min(target*6/10, hard)
	return soft, hard
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

// iteration is what one finished iteration of a search found.
type iteration struct {
	depth, score, nodes int
	elapsed             time.Duration
	pv                  []Move
}

// searchJob is one search running in the background.
type searchJob struct {
	analysis   bool          // analyze mode: think until stopped, play nothing
	start      time.Time     // when the command that started it arrived
	root       Position      // the position searched
	soft, hard time.Duration // time limits (0 in analysis)
	depthLimit int           // "sd" (0: none)
	nps        int           // "nps": its clock counts nodes at this rate (0: real time)
	discard    bool          // a command has made the result useless: play nothing
	timer      *time.Timer   // fires at the hard limit

	mu   sync.Mutex
	best iteration // the last finished iteration of depth >= 1

	// only for the search goroutine's report callback:
	lastIterTime time.Duration
}

// elapsed is the search's time after nodes nodes: real time since the
// command that started it, or with "nps" nodes divided by the rate.
func (j *searchJob) elapsed(nodes int) time.Duration {
	if j.nps > 0 {
		return time.Duration(float64(nodes) / float64(j.nps) * float64(time.Second))
	}
	return time.Since(j.start)
}

// lastBest returns the last finished iteration.
func (j *searchJob) lastBest() iteration {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.best
}

// searchOutcome is what the search goroutine sends back.
type searchOutcome struct {
	played  bool // micro-Max played its move on the board
	aborted bool // the stop flag ended the search mid-iteration
}

// session is one CECP conversation: the game, the modes, the clocks, and
// the search running in the background.
type session struct {
	e   *Engine
	out *protocolWriter
	cfg xboardConfig

	game         gameRecord
	force        bool // play neither side
	engineSide   int  // the side the engine plays when not in force mode
	analyzing    bool // analyze mode
	analysisDone bool // the analysis of this position is over
	post         atomic.Bool
	hint         Move // the reply the engine expects to its last move
	hasHint      bool
	clock        clock
	depthLimit   int
	nps          int // "nps": nodes per second of the engine's clock; 0 if it reads the real clock

	job      *searchJob
	done     chan searchOutcome
	queue    []inputLine
	lastAt   time.Time // when the last command executed arrived
	quitting bool
}

// runXboard runs a CECP session on in and out until "quit" or the end of
// input.
func runXboard(e *Engine, in io.Reader, out io.Writer, cfg xboardConfig) {
	newSession(e, out, cfg).serve(in)
}

// newSession returns a session at the start of a new game.
func newSession(e *Engine, out io.Writer, cfg xboardConfig) *session {
	if cfg.maxMemory == 0 {
		cfg.maxMemory = maxMemoryMB
	}
	s := &session{e: e, out: &protocolWriter{w: out}, cfg: cfg, done: make(chan searchOutcome, 1), clock: newClock()}
	s.newGame()
	return s
}

// serve reads commands from in and runs them until "quit" or the end of input.
func (s *session) serve(in io.Reader) {
	lines := make(chan inputLine)
	quit := make(chan struct{})
	defer close(quit)
	go readLines(in, lines, quit)
	s.run(lines)
}

// run is the session's loop: it executes commands, starts searches when
// the engine is to think, and collects their results.
func (s *session) run(lines <-chan inputLine) {
	for !s.quitting {
		if s.job == nil && len(s.queue) > 0 { // the commands that waited, in order
			l := s.queue[0]
			s.queue = s.queue[1:]
			s.execute(l)
			s.maybeSearch()
			continue
		}
		if s.job == nil {
			s.maybeSearch()
		}
		var timeout <-chan time.Time
		if s.job != nil && s.job.timer != nil {
			timeout = s.job.timer.C
		}
		select {
		case l, ok := <-lines:
			if !ok {
				s.endOfInput()
				return
			}
			if s.job == nil {
				s.execute(l)
			} else {
				s.receive(l)
			}
		case o := <-s.done:
			s.finish(o)
		case <-timeout:
			s.e.stop.Store(true) // the hard limit: stop mid-iteration
		}
	}
	s.abandonSearch()
}

// endOfInput ends the session as "quit" does.
func (s *session) endOfInput() {
	s.abandonSearch()
	s.quitting = true
}

// abandonSearch stops a running search, waits for it, and discards it.
func (s *session) abandonSearch() {
	if s.job == nil {
		return
	}
	s.job.discard = true
	s.e.stop.Store(true)
	s.finish(<-s.done)
}

// command is an entry of the command table.
type command struct {
	run func(s *session, args string)
	// anytime commands only set values the next search will read, or
	// answer questions: they run at once even while a search runs (unless
	// commands are already waiting, to keep the order).
	anytime bool
	// interrupts: a waiting command of this kind stops the engine's search
	// for a move, which it makes pointless. (Every waiting command stops an
	// analysis.)
	interrupts bool
	// urgent commands run at once whatever is waiting.
	urgent bool
}

// commands is the command table: every command of CECP version 2 that the
// engine knows.
var commands map[string]command

func init() {
	commands = map[string]command{
		"xboard":    {run: func(*session, string) {}, anytime: true},
		"protover":  {run: (*session).protover, anytime: true},
		"accepted":  {run: func(*session, string) {}, anytime: true},
		"rejected":  {run: func(*session, string) {}, anytime: true},
		"new":       {run: (*session).cmdNew, interrupts: true},
		"variant":   {run: (*session).variant, interrupts: true},
		"quit":      {run: func(s *session, _ string) { s.quitting = true }, interrupts: true},
		"random":    {run: func(*session, string) {}, anytime: true},
		"force":     {run: func(s *session, _ string) { s.force = true }, interrupts: true},
		"go":        {run: (*session).cmdGo},
		"playother": {run: (*session).playother, interrupts: true},
		"white":     {run: func(s *session, _ string) { s.colour(white) }, interrupts: true},
		"black":     {run: func(s *session, _ string) { s.colour(black) }, interrupts: true},
		"level":     {run: (*session).level, anytime: true},
		"st":        {run: (*session).st, anytime: true},
		"sd":        {run: (*session).sd, anytime: true},
		"time":      {run: func(s *session, a string) { s.setClock(&s.clock.mine, "time", a) }, anytime: true},
		"otim":      {run: func(s *session, a string) { s.setClock(&s.clock.theirs, "otim", a) }, anytime: true},
		"usermove":  {run: (*session).userMove},
		"?":         {run: (*session).moveNow, anytime: true, urgent: true},
		"ping":      {run: (*session).ping},
		"draw":      {run: func(*session, string) {}, anytime: true}, // a draw offer: declined by saying nothing
		"result":    {run: func(s *session, _ string) { s.force = true }, interrupts: true},
		"setboard":  {run: (*session).setboard, interrupts: true},
		"hint":      {run: (*session).cmdHint, anytime: true},
		"bk":        {run: (*session).bk, anytime: true},
		"undo":      {run: func(s *session, _ string) { s.takeBack(1, "undo") }, interrupts: true},
		"remove":    {run: func(s *session, _ string) { s.takeBack(2, "remove") }, interrupts: true},
		"hard":      {run: func(*session, string) {}, anytime: true}, // the engine never ponders
		"easy":      {run: func(*session, string) {}, anytime: true},
		"post":      {run: func(s *session, _ string) { s.post.Store(true) }, anytime: true, urgent: true},
		"nopost":    {run: func(s *session, _ string) { s.post.Store(false) }, anytime: true, urgent: true},
		"analyze":   {run: (*session).analyze, interrupts: true},
		"exit":      {run: (*session).exitAnalysis, interrupts: true},
		".":         {run: (*session).status, anytime: true, urgent: true},
		"name":      {run: func(*session, string) {}, anytime: true},
		"rating":    {run: (*session).rating, anytime: true},
		"ics":       {run: func(*session, string) {}, anytime: true},
		"computer":  {run: func(*session, string) {}, anytime: true},
		"memory":    {run: (*session).memory},
		"cores":     {run: (*session).cores, anytime: true},
		"option":    {run: (*session).option},
		"nps":       {run: (*session).cmdNps, anytime: true},
	}
}

// lookup finds a line's command; a bare move is "usermove".
func lookup(text string) (name, args string, c command, ok bool) {
	text = strings.TrimSpace(text)
	name, args = text, ""
	if i := strings.IndexAny(text, " \t"); i >= 0 {
		name, args = text[:i], strings.TrimSpace(text[i:])
	}
	if c, ok = commands[name]; ok {
		return name, args, c, true
	}
	if looksLikeMove(name) && args == "" {
		return "usermove", name, commands["usermove"], true
	}
	return name, args, command{}, false
}

// receive takes a line that arrives while a search runs.
func (s *session) receive(l inputLine) {
	name, _, c, known := lookup(l.text)
	switch {
	case l.tooLong || !known || c.urgent:
		s.execute(l) // an error message, or a command that cannot wait
	case name == "ping" && s.job.analysis && len(s.queue) == 0:
		s.execute(l) // analysis is not the engine's move: answer at once
	case c.anytime && len(s.queue) == 0:
		s.execute(l)
	default:
		s.queue = append(s.queue, l)
		if s.job.analysis || c.interrupts {
			s.job.discard = true
			s.e.stop.Store(true)
		}
	}
}

// execute runs one line.
func (s *session) execute(l inputLine) {
	s.lastAt = l.at
	if l.tooLong {
		s.errorf("line too long", "")
		return
	}
	text := strings.TrimSpace(l.text)
	if text == "" {
		return
	}
	_, args, c, ok := lookup(text)
	if !ok {
		s.errorf("unknown command", text)
		return
	}
	c.run(s, args)
}

// errorf answers a command that cannot be carried out, quoting it.
func (s *session) errorf(kind, text string) {
	s.out.line("Error (" + printable(kind) + "): " + printable(text))
}

// printable makes text safe to repeat in an answer: printable ASCII only,
// at most maxEchoBytes of it, and never the letters "llegal", in any case:
// XBoard takes any "Error" line that contains them for the rejection of a
// move, and in a game between engines forfeits the engine for a false one.
func printable(text string) string {
	b := []byte(text)
	if len(b) > maxEchoBytes {
		b = append(b[:maxEchoBytes:maxEchoBytes], "..."...)
	}
	for i, c := range b {
		if c < ' ' || c > '~' {
			b[i] = '?'
		}
	}
	for {
		i := strings.Index(strings.ToLower(string(b)), "llegal")
		if i < 0 {
			return string(b)
		}
		b[i+2] = '?'
	}
}

// parseInt reads a decimal integer within [lo, hi].
func parseInt(s string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo && n <= hi
}

// parseSeconds reads a non-negative number of seconds such as "30" or
// "0.5", up to a day.
func parseSeconds(s string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 86400 || math.IsNaN(f) {
		return 0, false
	}
	return time.Duration(f * float64(time.Second)), true
}

// --- Game flow --------------------------------------------------------

// protover answers "protover N" with the feature list.
func (s *session) protover(args string) {
	if _, ok := parseInt(args, 1, math.MaxInt32); !ok {
		s.errorf("bad protocol version", "protover "+args)
		return
	}
	s.out.line("feature " + strings.Join(features, " "))
	for _, o := range engineOptions {
		s.out.line(`feature option="` + o.name + " " + o.kind + `"`)
	}
	s.out.line("feature done=1")
}

// newGame sets up micro-Max's initial position (with the C program's e.p.
// square 0) as a new game with the engine playing Black, and resets the
// clocks and the depth limit.
func (s *session) newGame() {
	s.setPosition(setup{pos: newGame()})
	s.force = false
	s.engineSide = black
	s.clock.mine, s.clock.theirs, s.clock.levelPly = s.clock.base, s.clock.base, 0
	s.depthLimit = 0
	s.nps = 0
}

// cmdNew is "new"; in analyze mode the engine goes on analysing.
func (s *session) cmdNew(string) { s.newGame() }

// setPosition starts the game at a position.
func (s *session) setPosition(st setup) {
	s.game.reset(st)
	s.e.Position = st.pos
	s.positionChanged()
}

// positionChanged forgets what belonged to the previous position.
func (s *session) positionChanged() {
	s.analysisDone = false
	s.hasHint = false
}

// variant accepts only normal chess.
func (s *session) variant(args string) {
	if args != "normal" {
		s.errorf("unsupported variant", "variant "+args)
	}
}

// cmdGo leaves force mode with the engine playing the side to move; if the
// game is already over it says so instead of thinking.
func (s *session) cmdGo(string) {
	s.force = false
	s.engineSide = s.e.side
	if r := s.game.result(); r != "" {
		s.out.line(r)
	}
}

// playother leaves force mode with the engine playing the side not to move.
func (s *session) playother(string) {
	s.force = false
	s.engineSide = s.e.side ^ (white | black)
}

// colour is the obsolete "white" and "black": that side is to move and
// the engine plays the other. The game starts again from this position.
func (s *session) colour(side int) {
	s.engineSide = side ^ (white | black)
	p := s.game.current().pos
	if p.side == side {
		return
	}
	p.side, p.eval, p.epSquare = side, -p.eval, noSquare
	if p.kingCapturable() {
		name := "white"
		if side == black {
			name = "black"
		}
		s.errorf("the side not to move would be in check", name)
		return
	}
	s.setPosition(setup{pos: p})
}

// userMove plays the opponent's move (or, in force mode, either side's).
func (s *session) userMove(text string) {
	m, ok := s.e.parseMove(text)
	if !ok || !s.play(m) {
		s.out.line("Illegal move: " + printable(text))
		return
	}
	if !s.force && !s.analyzing && s.engineSide == s.e.side {
		if r := s.game.result(); r != "" {
			s.out.line(r) // the opponent's move ended the game
		}
	}
}

// play makes a legal move on micro-Max's board with micro-Max's own check,
// rootSearch with the move pending, and records it. An under-promotion,
// which micro-Max makes a queen, is fixed afterwards: the piece, and the
// evaluation by the difference in promotion gain.
func (s *session) play(m Move) bool {
	e := s.e
	before := e.Position
	e.report = nil
	e.stop.Store(false)
	e.pendingFrom, e.pendingTo = m.from, m.to
	played := e.rootSearch()
	e.pendingFrom = infinity
	if !played { // cannot happen: the generator and micro-Max agree (movegen_test.go)
		e.Position = before
		return false
	}
	if m.promo != 0 && m.promo != 7 {
		e.board[m.to] = int8(before.side | m.promo | movedBit)
		e.eval += promoGain - promotionGain[m.promo]
	}
	s.game.push(m, e.Position)
	s.positionChanged()
	return true
}

// takeBack is "undo" (one move) and "remove" (two).
func (s *session) takeBack(n int, name string) {
	if !s.game.undo(n) {
		s.errorf("command not legal now", name)
		return
	}
	s.e.Position = s.game.current().pos
	s.positionChanged()
}

// setboard sets up a position given as a FEN.
func (s *session) setboard(args string) {
	st, err := parseFEN(args)
	if err != nil {
		s.errorf("invalid FEN: "+err.Error(), "setboard "+args)
		return
	}
	s.setPosition(st)
}

// ping answers "pong" once every command before it is done.
func (s *session) ping(args string) {
	if _, ok := parseInt(args, math.MinInt32, math.MaxInt32); !ok {
		s.errorf("bad number", "ping "+args)
		return
	}
	s.out.line("pong " + args)
}

// moveNow is "?": the engine's search stops and it plays the best move of
// its last finished iteration.
func (s *session) moveNow(string) {
	if s.job != nil && !s.job.analysis {
		s.e.stop.Store(true)
	}
}

// cmdHint suggests a move: in analysis the best so far, otherwise the reply
// the engine expected to its last move.
func (s *session) cmdHint(string) {
	var m Move
	switch {
	case s.job != nil && s.job.analysis:
		best := s.job.lastBest()
		if len(best.pv) == 0 {
			return
		}
		m = best.pv[0]
	case s.hasHint && s.job == nil && s.e.isLegal(s.hint):
		m = s.hint
	default:
		return
	}
	s.out.line("Hint: " + m.String())
}

// bk answers the book request: micro-Max has no book.
func (s *session) bk(string) {
	s.out.line(" micro-Max has no opening book.")
	s.out.line("")
}

// rating takes the two ratings; they change nothing.
func (s *session) rating(args string) {
	f := strings.Fields(args)
	if len(f) != 2 {
		s.errorf("bad ratings", "rating "+args)
		return
	}
	for _, r := range f {
		if _, ok := parseInt(r, 0, 100000); !ok {
			s.errorf("bad ratings", "rating "+args)
			return
		}
	}
}

// cores takes the number of cores; micro-Max uses one.
func (s *session) cores(args string) {
	if _, ok := parseInt(args, 1, 1<<16); !ok {
		s.errorf("bad number of cores", "cores "+args)
	}
}

// memory resizes the hash table to the largest power of two of entries
// (11 bytes each) that fits in N megabytes (MiB). micro-Max's own table of
// 1<<24 entries takes 176 MiB in ours.
func (s *session) memory(args string) {
	mb, ok := parseInt(args, 1, s.cfg.maxMemory)
	if !ok {
		s.errorf(fmt.Sprintf("bad memory size, want 1..%d MB", s.cfg.maxMemory), "memory "+args)
		return
	}
	entries := minTableSize
	for entries*2*len(hashSlot{}) <= mb<<20 {
		entries *= 2
	}
	if entries != len(s.e.table) {
		s.e.resizeTable(entries)
	}
}

// option sets one of the engineOptions: "option NAME=VALUE".
func (s *session) option(args string) {
	name, value, _ := strings.Cut(args, "=")
	for _, o := range engineOptions {
		if o.name == name {
			if err := o.set(s, value); err != nil {
				s.errorf("bad option value: "+err.Error(), "option "+args)
			}
			return
		}
	}
	s.errorf("unknown option", "option "+args)
}

// --- Clocks -------------------------------------------------------------

// level is "level MPS BASE INC": MPS moves per session (0: the whole game),
// BASE minutes or MIN:SEC (anything after that is ignored, as the protocol
// asks), INC seconds added after every move.
func (s *session) level(args string) {
	f := strings.Fields(args)
	bad := func() { s.errorf("bad time control", "level "+args) }
	if len(f) != 3 {
		bad()
		return
	}
	mps, ok := parseInt(f[0], 0, 10000)
	if !ok {
		bad()
		return
	}
	base, ok := parseBase(f[1])
	if !ok {
		bad()
		return
	}
	inc, ok := parseSeconds(f[2])
	if !ok {
		bad()
		return
	}
	s.clock = clock{movesPerSession: mps, base: base, increment: inc, levelPly: s.game.length(),
		mine: base, theirs: base}
}

// parseBase reads the BASE of "level": minutes, or minutes:seconds, with
// anything after the digits ignored ("25+5" is 25 minutes), up to a week;
// the seconds of minutes:seconds are 0..59.
func parseBase(s string) (time.Duration, bool) {
	digits := func(s string) (int, string, bool) {
		i := 0
		for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(s[:i])
		return n, s[i:], err == nil
	}
	min, rest, ok := digits(s)
	if !ok {
		return 0, false
	}
	sec := 0
	if strings.HasPrefix(rest, ":") {
		if sec, _, ok = digits(rest[1:]); !ok || sec > 59 {
			return 0, false
		}
	}
	d := time.Duration(min)*time.Minute + time.Duration(sec)*time.Second
	return d, d <= 7*24*time.Hour
}

// st is "st TIME": exactly TIME seconds for every move.
func (s *session) st(args string) {
	d, ok := parseSeconds(args)
	if !ok || d <= 0 {
		s.errorf("bad time per move", "st "+args)
		return
	}
	s.clock.perMove = d
}

// cmdNps is "nps N": until "new", the engine's clock counts N nodes a
// second instead of reading real time, so that a game at a node rate is the
// same game on any machine. "nps 0" (the protocol's CPU time) keeps the
// real clock: Go has no portable CPU-time clock.
func (s *session) cmdNps(args string) {
	n, ok := parseInt(args, 0, 1000000000)
	if !ok {
		s.errorf("bad node rate", "nps "+args)
		return
	}
	s.nps = n
}

// writeStats sends the statistics of the last search (-stats) as lines
// that begin with "#", which XBoard ignores.
func (s *session) writeStats() {
	if !s.e.showStats {
		return
	}
	var buf strings.Builder
	s.e.stats.write(&buf)
	for _, line := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		s.out.line(line)
	}
}

// sd is "sd DEPTH": search no deeper than DEPTH plies.
func (s *session) sd(args string) {
	d, ok := parseInt(args, 1, 1000)
	if !ok {
		s.errorf("bad depth", "sd "+args)
		return
	}
	s.depthLimit = d
}

// setClock is "time N" and "otim N": a clock in centiseconds (it may be
// negative when a flag has fallen and the increment is still to come).
func (s *session) setClock(c *time.Duration, name, args string) {
	cs, ok := parseInt(args, -100000000, 100000000)
	if !ok {
		s.errorf("bad clock", name+" "+args)
		return
	}
	*c = time.Duration(cs) * 10 * time.Millisecond
}

// --- Analysis -----------------------------------------------------------

// analyze enters analyze mode: think about the position, play nothing.
func (s *session) analyze(string) {
	s.analyzing = true
	s.analysisDone = false
	s.force = true
}

// exitAnalysis leaves analyze mode, in force mode.
func (s *session) exitAnalysis(string) {
	if !s.analyzing {
		s.errorf("command not legal now", "exit")
		return
	}
	s.analyzing = false
	s.force = true
}

// status answers "." in analysis: elapsed time, nodes and depth of the last
// finished iteration, and the number of legal moves. (micro-Max does not
// count the moves of an iteration, so the moves left are given as 0.)
func (s *session) status(string) {
	if !s.analyzing || s.job == nil {
		return
	}
	best := s.job.lastBest()
	cs := time.Since(s.job.start) / (10 * time.Millisecond)
	s.out.line(fmt.Sprintf("stat01: %d %d %d 0 %d", cs, best.nodes, best.depth, len(s.job.root.legalMoves())))
}

// --- Searching ----------------------------------------------------------

// maybeSearch starts a search if the engine is to think: in analyze mode
// until the analysis of the position is over, else on its own move in a game
// that is not over.
func (s *session) maybeSearch() {
	if s.job != nil || s.quitting {
		return
	}
	if s.analyzing {
		if !s.analysisDone && len(s.queue) == 0 {
			if s.e.hasLegalMove() {
				s.startSearch(true)
			} else {
				s.analysisDone = true
			}
		}
		return
	}
	if s.force || s.engineSide != s.e.side || s.game.result() != "" {
		return
	}
	s.startSearch(false)
}

// startSearch starts micro-Max thinking in a goroutine of its own.
func (s *session) startSearch(analysis bool) {
	e := s.e
	job := &searchJob{analysis: analysis, start: s.lastAt, root: e.Position}
	if job.start.IsZero() {
		job.start = time.Now()
	}
	e.nodeBudget, e.nodeLimit = math.MaxInt/2, math.MaxInt
	if !analysis {
		job.soft, job.hard = s.clock.budget(s.game.length())
		job.depthLimit = s.depthLimit
		job.nps = s.nps
		if job.nps > 0 { // the hard limit in nodes: the search stops itself
			e.nodeLimit = int(min(job.hard.Seconds()*float64(job.nps), math.MaxInt/2))
		} else {
			job.timer = time.NewTimer(time.Until(job.start.Add(job.hard)))
		}
	}
	if s.cfg.nodeBudget > 0 {
		e.nodeBudget = s.cfg.nodeBudget
	}
	e.pendingFrom = infinity
	e.stop.Store(false)
	e.softStop.Store(false)
	e.report = func(depth, nodes, score, from, to int) {
		s.iterationDone(job, depth, nodes, score, from, to)
	}
	s.job = job
	go func() {
		played := e.rootSearch()
		s.done <- searchOutcome{played: played, aborted: e.aborted}
	}()
	// Commands still waiting are taken as if they came now: a "ping" waits
	// for the move, a "force" stops the search.
	waiting := s.queue
	s.queue = nil
	for _, l := range waiting {
		s.receive(l)
	}
}

// iterationDone is the report callback, run by the search goroutine after
// every finished iteration of the root: it reads the PV from the table,
// sends the thinking output, and decides whether to begin another
// iteration. Depth 0 (the root standing pat) and the final check of the move
// micro-Max is about to play are not reported.
func (s *session) iterationDone(job *searchJob, depth, nodes, score, from, to int) {
	e := s.e
	if depth < 1 || e.pendingFrom != infinity {
		return
	}
	elapsed := job.elapsed(nodes)
	it := iteration{depth: depth, score: score, nodes: nodes, elapsed: elapsed,
		pv: s.principalVariation(&job.root, from&^offBoard, to&^offBoard)}
	if len(it.pv) == 0 {
		return
	}
	job.mu.Lock()
	previous := job.best.elapsed
	job.best = it
	job.mu.Unlock()
	if s.post.Load() {
		s.out.line(thinkingLine(it))
	}
	if job.analysis {
		return
	}
	// Start no new iteration after the soft limit, nor one that would not
	// end before the hard limit: each takes some times longer than the one
	// before (the growth measured, between 2 and 8; 5 until measured).
	iterTime := elapsed - previous
	growth := 5.0
	if job.lastIterTime > time.Millisecond {
		growth = min(max(float64(iterTime)/float64(job.lastIterTime), 2), 8)
	}
	job.lastIterTime = iterTime
	next := time.Duration(growth * float64(iterTime))
	if elapsed >= job.soft || elapsed+next > job.hard || job.depthLimit > 0 && depth >= job.depthLimit {
		e.softStop.Store(true)
	}
}

// thinkingLine is the thinking output of an iteration: ply, score, time in
// centiseconds, nodes, PV. A mate in N moves scores 100000+N as the protocol
// asks (micro-Max's own score is 8000-N), being mated -100000-N.
func thinkingLine(it iteration) string {
	score := it.score
	switch {
	case score > infinity-offBoard:
		score = 100000 + infinity - score
	case score < offBoard-infinity:
		score = -100000 - infinity - score
	}
	moves := make([]string, len(it.pv))
	for i, m := range it.pv {
		moves[i] = m.String()
	}
	return fmt.Sprintf("%d %d %d %d %s", it.depth, score, it.elapsed/(10*time.Millisecond), it.nodes,
		strings.Join(moves, " "))
}

// principalVariation follows the best moves the table holds from root,
// starting with first, for as long as they are legal, no position repeats,
// and maxPVMoves. It rebuilds micro-Max's hash keys along the way: the
// root's are 1 and the search's root lock, and every move adds the keys of
// the piece on its destination and subtracts those of the piece that left
// and of the piece captured, exactly as search() does. It runs on the
// search goroutine, between iterations, when the table is quiet.
func (s *session) principalVariation(root *Position, from, to int) []Move {
	e := s.e
	pos := *root
	indexKey, lockKey := int32(1), e.rootLock-1
	seen := []Position{pos}
	var pv []Move
	for len(pv) < maxPVMoves {
		m := pos.microMaxMove(from, to)
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
		from, to = int(entry.from)&^offBoard, int(entry.to)&^offBoard
	}
	return pv
}

// finish takes the outcome of a search. A discarded search or an analysis
// leaves the board as the game has it (after an analysis micro-Max may have
// played its move; after an abort the search has already put the board
// back). Otherwise the engine plays: micro-Max's own move if it played one,
// or else the best move of the last finished iteration.
func (s *session) finish(o searchOutcome) {
	e := s.e
	job := s.job
	s.job = nil
	if job.timer != nil {
		job.timer.Stop()
	}
	e.report = nil
	if job.analysis || job.discard {
		e.Position = s.game.current().pos
		e.pendingFrom = infinity
		if job.analysis && !job.discard {
			s.analysisDone = true
		}
		return
	}
	s.clock.tick(job.elapsed(e.nodes), s.game.length())
	defer s.writeStats()
	var m Move
	if o.played {
		m = job.root.microMaxMove(e.pendingFrom, e.pendingTo)
		e.pendingFrom = infinity
		s.game.push(m, e.Position)
		s.positionChanged()
	} else {
		e.Position = s.game.current().pos
		best := job.lastBest()
		if len(best.pv) > 0 && e.isLegal(best.pv[0]) {
			m = best.pv[0]
		} else if moves := e.legalMoves(); len(moves) > 0 {
			m = moves[0] // no iteration finished: cannot happen after 4096 nodes
		} else {
			return
		}
		s.play(m)
	}
	s.out.line("move " + m.String())
	best := job.lastBest()
	if len(best.pv) > 1 && best.pv[0] == m {
		s.hint, s.hasHint = best.pv[1], true
	}
	if r := s.game.result(); r != "" {
		s.out.line(r)
	}
}
