package main

// The XBoard adapter: micro-Max as an engine for XBoard and WinBoard,
// speaking the Chess Engine Communication Protocol version 2
// (/usr/share/doc/xboard/engine-intf.html). This file holds only the
// protocol: its commands, the order in which they run, and their text. The
// game record is game.go's, the clock's budget clock.go's, and the search
// in the background a search job's (job.go).
//
// Three goroutines take part. readLines reads standard input and hands each
// line, stamped with the time it arrived, to the session's loop (run), so
// that input is read while the engine thinks. The loop executes commands and
// owns the game and the engine. A search job runs in a goroutine of its
// own; while it runs the loop touches neither the board nor the table.
//
// While a search runs, a few commands take effect at once ("?", ".", post,
// nopost, and the ones that only set a value, such as time or level). Every
// other command waits in a queue until the search is over, in the order it
// came; the ones that make the search pointless (force, new, undo, quit,
// ...) also stop it and silence it at once, and any waiting command stops
// an analysis or a ponder search. So "ping" during the engine's move is
// answered after the move, as the protocol wants, and the board never
// changes under a running search. When the search is over the waiting
// commands run in order, and a new search starts only once no command is
// left waiting that would stop it: no thinking output, move or hint follows
// new, force, quit, result, setboard, undo, remove or exit until the engine
// is asked to think again.
//
// Pondering (after "hard"): once the engine has moved, it plays the reply
// it expects (its hint) on micro-Max's board and thinks about its answer
// on the opponent's time. If the opponent plays that move, the same search
// goes on as the engine's search for its move, under the clock's limits
// from that moment (a ponder hit); any other move, and any command that
// must wait, stops it with nothing played, and the move is then played and
// thought about as usual. "ping" is answered at once while pondering.
//
// Moves reach micro-Max's board the way they do in micro-Max's main(),
// checked and played by its root search (the engine's play method), so
// that with the same table size and node budget an XBoard game searches
// exactly the trees the C program searches.

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// features are what the engine asks of XBoard after "protover 2", before
// the option table's options and done=1: done=0 first, so that XBoard
// waits for done=1 however long it takes, rather than two seconds (the
// engine is ready then: its table, made before the first command was
// read, is resident). debug=1 makes XBoard ignore the lines that start
// with "#" (-stats, and a note on a set-up position). exclude=1: XBoard
// may leave moves out of the analysis (exclude, include).
var features = []string{
	"done=0", "ping=1", "setboard=1", "playother=1", "usermove=1", "time=1", "draw=0",
	"sigint=0", "sigterm=0", "reuse=1", "analyze=1", "colors=0", "memory=1", "debug=1", "exclude=1",
	`variants="normal"`, `myname="` + engineTitle + `"`,
}

// cecpSearch is the search job the session runs, and what the session
// decided about it.
type cecpSearch struct {
	job      *searchJob
	analysis bool // analyze mode: think until stopped, play nothing
	// discard: a command has made the search useless; it is stopped, its
	// result is not played and its thinking output no longer written.
	// Set under the writer's lock (the thinking output reads it there).
	discard bool
	// pondering: a ponder search on the opponent's time, after ponderMove
	// (the engine's hint; the job's root is the position after it), until a
	// ponder hit. Set under the writer's lock, as discard.
	pondering  bool
	ponderMove Move
	hitAt      time.Duration // the search's time at the ponder hit: what it took before is not on the engine's clock
}

// session is one CECP conversation: the game, the modes, the clocks, and
// the search running in the background.
type session struct {
	e   *Engine
	out *protocolWriter
	cfg config // the settings (options.go): the command line's, then the options'

	game         gameRecord
	illegal      bool   // a refused setboard: every move is illegal and nothing is thought about, until new or setboard
	force        bool   // play neither side
	ponder       bool   // "hard": think on the opponent's time
	engineSide   int    // the side the engine plays when not in force mode
	analyzing    bool   // analyze mode
	analysisDone bool   // the position has nothing to analyse (no legal move)
	excluded     []Move // the moves "exclude" leaves out of the analysis of this position
	post         atomic.Bool
	hint         Move // the reply the engine expects to its last move
	hasHint      bool
	clock        clock
	depthLimit   int
	nps          int  // "nps": nodes per second of the engine's clock; 0 if it reads the real clock
	lastScore    int  // the score of the engine's last search for a move, from its side's view
	hasScore     bool // ... if it has searched in this game

	search   *cecpSearch // the search running, or nil
	queue    []inputLine // commands waiting for the search to end
	lastAt   time.Time   // when the last command executed arrived
	quitting bool
}

// cecpState is what the session's engine is doing, as its search says.
type cecpState int

const (
	cecpIdle      cecpState = iota // no search runs
	cecpThinking                   // a search for the engine's move
	cecpPondering                  // a search on the opponent's time, after the engine's hint
	cecpAnalysing                  // analyze mode's search, until stopped
)

// state is what the engine is doing now.
func (s *session) state() cecpState {
	switch {
	case s.search == nil:
		return cecpIdle
	case s.search.analysis:
		return cecpAnalysing
	case s.search.pondering:
		return cecpPondering
	}
	return cecpThinking
}

// newSession returns a session at the start of a new game.
func newSession(e *Engine, out io.Writer, cfg config) *session {
	s := &session{e: e, out: &protocolWriter{w: out}, cfg: cfg, clock: newClock()}
	s.newGame()
	return s
}

// serve reads commands from in and runs them until "quit" or the end of input.
func (s *session) serve(in io.Reader) { serveLines(in, maxLineBytes, s.run) }

// run is the session's loop: it executes commands, starts searches when
// the engine is to think, and collects their results.
func (s *session) run(lines <-chan inputLine) {
	for !s.quitting {
		if s.search == nil && len(s.queue) > 0 { // the commands that waited, in order
			l := s.queue[0]
			s.queue = s.queue[1:]
			s.execute(l)
			s.maybeSearch()
			continue
		}
		if s.search == nil {
			s.maybeSearch()
		}
		var done <-chan struct{}
		if s.search != nil {
			done = s.search.job.done()
		}
		select {
		case l, ok := <-lines:
			if !ok {
				s.quitting = true // the end of input is "quit"
				continue
			}
			if s.search == nil {
				s.execute(l)
			} else {
				s.receive(l)
			}
		case <-done:
			s.finish()
		}
	}
	s.abandonSearch()
}

// abandonSearch stops a running search, waits for it, and discards it.
func (s *session) abandonSearch() {
	if s.search != nil {
		s.discard()
		s.finish()
	}
}

// discard silences the running search, stops it, and marks its result
// useless.
func (s *session) discard() {
	s.out.locked(func() { s.search.discard = true })
	s.search.job.stop()
}

// receive takes a line that arrives while a search runs: it runs at once,
// or waits in the queue, and then may stop the search. The move the engine
// is pondering on is a ponder hit.
func (s *session) receive(l inputLine) {
	sr := s.search
	if sr.pondering && !sr.discard && len(s.queue) == 0 {
		if name, args, _, ok := lookup(l.text); ok && name == "usermove" {
			if m, ok := s.game.current().pos.parseMove(args); ok && m == sr.ponderMove {
				s.ponderHit(l)
				return
			}
		}
	}
	atOnce, stops := classify(l, s.state() != cecpThinking, len(s.queue) == 0)
	if atOnce {
		s.execute(l)
		return
	}
	s.queue = append(s.queue, l)
	if stops {
		s.discard()
	}
}

// classify says what receive does with a line (see command): run it at
// once, or queue it and perhaps stop the search. Any queued line stops an
// analysis or a ponder search (notOnMove), during which ping runs at once.
func classify(l inputLine, notOnMove, queueEmpty bool) (atOnce, stops bool) {
	name, _, c, known := lookup(l.text)
	switch {
	case l.tooLong || !known || c.urgent:
		return true, false
	case queueEmpty && (c.anytime || notOnMove && name == "ping"):
		return true, false
	}
	return false, notOnMove || c.interrupts
}

// queueStops reports whether a command waiting in the queue would stop a
// search started now (notOnMove: an analysis or a ponder search).
func (s *session) queueStops(notOnMove bool) bool {
	empty := true
	for _, l := range s.queue {
		atOnce, stops := classify(l, notOnMove, empty)
		if stops {
			return true
		}
		empty = empty && atOnce
	}
	return false
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
	// analysis or a ponder search.)
	interrupts bool
	// urgent commands run at once whatever is waiting.
	urgent bool
}

// commands is the command table: every command of CECP version 2 that the
// engine knows.
var commands = map[string]command{
	"xboard":    {run: func(*session, string) {}, anytime: true},
	"protover":  {run: (*session).protover, anytime: true},
	"accepted":  {run: func(*session, string) {}, anytime: true},
	"rejected":  {run: func(*session, string) {}, anytime: true},
	"new":       {run: func(s *session, _ string) { s.newGame() }, interrupts: true}, // in analyze mode it goes on analysing
	"variant":   {run: (*session).variant, interrupts: true},
	"quit":      {run: func(s *session, _ string) { s.quitting = true }, interrupts: true},
	"random":    {run: func(*session, string) {}, anytime: true},
	"force":     {run: func(s *session, _ string) { s.force = true }, interrupts: true},
	"go":        {run: (*session).cmdGo},
	"playother": {run: (*session).playother, interrupts: true},
	"white":     {run: func(s *session, _ string) { s.colour(white, "white") }, interrupts: true},
	"black":     {run: func(s *session, _ string) { s.colour(black, "black") }, interrupts: true},
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
	"hard":      {run: func(s *session, _ string) { s.ponder = true }, anytime: true},
	"easy":      {run: (*session).easy, anytime: true},
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
	"exclude":   {run: func(s *session, a string) { s.exclude(a, true) }},
	"include":   {run: func(s *session, a string) { s.exclude(a, false) }},
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

// looksLikeMove reports whether a word has the shape of a coordinate move,
// letter digit letter digit and perhaps a letter ("e2e4", "e7e8q", also a
// garbled "i9a1"), so that a bare word can be told from an unknown command.
func looksLikeMove(word string) bool {
	if len(word) != 4 && len(word) != 5 {
		return false
	}
	for i := 0; i < len(word); i++ {
		c := word[i] | 0x20 // lower case for letters
		if i%2 == 1 && i < 4 && (word[i] < '0' || word[i] > '9') || (i%2 == 0 || i == 4) && (c < 'a' || c > 'z') {
			return false
		}
	}
	return true
}

// execute runs one line.
func (s *session) execute(l inputLine) {
	s.lastAt = l.at
	_, args, c, ok := lookup(l.text)
	switch text := strings.TrimSpace(l.text); {
	case l.tooLong:
		s.errorf("line too long", "")
	case ok:
		c.run(s, args)
	case text != "":
		s.errorf("unknown command", text)
	}
}

// errorf answers a command that cannot be carried out, quoting it.
func (s *session) errorf(kind, text string) {
	s.out.line("Error (" + printable(kind) + "): " + printable(text))
}

// number reads the whole number from lo to hi that a command takes; a bad
// one is answered with an error of kind, quoting the command.
func (s *session) number(command, args string, lo, hi int, kind string) (int, bool) {
	n, ok := parseInt(args, lo, hi)
	if !ok {
		s.errorf(kind, command+" "+args)
	}
	return n, ok
}

// printable is text clipped to maxEchoBytes (clip), and never with the
// letters "llegal", in any case: XBoard takes any "Error" line that contains
// them for the rejection of a move, and forfeits an engine for a false one.
func printable(text string) string {
	b := []byte(clip(text, maxEchoBytes))
	for {
		i := strings.Index(strings.ToLower(string(b)), "llegal")
		if i < 0 {
			return string(b)
		}
		b[i+2] = '?'
	}
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
	if _, ok := s.number("protover", args, 1, math.MaxInt32, "bad protocol version"); !ok {
		return
	}
	s.out.line("feature " + strings.Join(features, " "))
	for i := range options {
		if o := &options[i]; o.cecp != "" && (s.cfg.lab || !o.labOption()) { // the laboratory's only under -lab
			s.out.line(`feature option="` + o.cecp + " " + s.cecpKind(o) + `"`)
		}
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

// setPosition starts the game at a position, which ends the
// illegal-position state.
func (s *session) setPosition(st setup) {
	s.game.reset(st)
	s.e.Position = st.pos
	s.illegal = false
	s.hasScore = false
	s.positionChanged()
}

// positionChanged forgets what belonged to the previous position.
func (s *session) positionChanged() {
	s.analysisDone = false
	s.hasHint = false
	s.excluded = nil
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
	if r := s.resultLine(); r != "" {
		s.out.line(r)
	}
}

// playother leaves force mode with the engine playing the side not to move.
func (s *session) playother(string) {
	s.force = false
	s.engineSide = s.e.side ^ (white | black)
}

// colour is the obsolete "white" and "black" (name): that side is to move
// and the engine plays the other. The game starts again from this position.
func (s *session) colour(side int, name string) {
	s.engineSide = side ^ (white | black)
	p := s.game.current().pos
	if p.side == side || s.illegal {
		return
	}
	p.side, p.eval, p.epSquare = side, -p.eval, noSquare
	if p.kingCapturable() {
		s.errorf("the side not to move would be in check", name)
		return
	}
	s.setPosition(setup{pos: p})
}

// userMove plays the opponent's move (or, in force mode, either side's).
// In the illegal-position state every move is illegal.
func (s *session) userMove(text string) {
	m, ok := s.e.parseMove(text)
	if s.illegal || !ok || s.e.play(m) != nil {
		s.out.line("Illegal move: " + printable(text))
		return
	}
	s.game.push(m, s.e.Position)
	s.positionChanged()
	if !s.force && !s.analyzing && s.engineSide == s.e.side {
		if r := s.resultLine(); r != "" {
			s.out.line(r) // the opponent's move ended the game
		}
	}
}

// takeBack is "undo" (one move) and "remove" (two).
func (s *session) takeBack(n int, name string) {
	if s.illegal || !s.game.undo(n) {
		s.errorf("command not legal now", name)
		return
	}
	s.e.Position = s.game.current().pos
	s.positionChanged()
}

// setboard sets up a position given as a FEN. A castling right whose king
// or rook is not at home is dropped, and said so in a "#" line. A FEN the
// engine cannot play from (malformed, or an illegal position) enters the
// illegal-position state the protocol describes: "tellusererror Illegal
// position", then every move is answered "Illegal move" and nothing is
// thought about until the next new or setboard. (An "Error" line would not
// do: XBoard ignores every Error that contains the word "board", and would
// go on with the position it sent while the engine played on the old one.)
func (s *session) setboard(args string) {
	st, err := parseFEN(args)
	if err != nil {
		s.out.line("tellusererror Illegal position")
		s.out.line("# setboard refused: " + printable(err.Error()))
		s.illegal = true
		s.positionChanged()
		return
	}
	for i := 0; i < len(st.dropped); i++ {
		for _, k := range castlingCorners {
			if k.letter == st.dropped[i] {
				s.out.line(fmt.Sprintf("# setboard: castling right %c dropped: no king on %s or no rook on %s",
					k.letter, squareName(k.king), squareName(k.rook)))
			}
		}
	}
	s.setPosition(st)
}

// ping answers "pong" once every command before it is done.
func (s *session) ping(args string) {
	if _, ok := s.number("ping", args, math.MinInt32, math.MaxInt32, "bad number"); ok {
		s.out.line("pong " + args)
	}
}

// moveNow is "?": the engine's search stops and it plays the best move of
// its last finished iteration. (Not on move, analysing or pondering, the
// engine ignores it.)
func (s *session) moveNow(string) {
	if s.state() == cecpThinking {
		s.search.job.stop()
	}
}

// easy is "easy": no more pondering; a ponder search stops, and is gone
// before the next command runs.
func (s *session) easy(string) {
	s.ponder = false
	if s.state() == cecpPondering {
		s.abandonSearch()
	}
}

// cmdHint suggests a move: in analysis the best so far, otherwise the reply
// the engine expected to its last move.
func (s *session) cmdHint(string) {
	var m Move
	switch {
	case s.state() == cecpAnalysing:
		_, _, last := s.search.job.progress()
		if len(last.pv) == 0 {
			return
		}
		m = last.pv[0]
	case s.state() == cecpPondering:
		m = s.search.ponderMove
	case s.hasHint && s.state() == cecpIdle && !s.illegal && s.e.isLegal(s.hint):
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
	f := append(strings.Fields(args), "", "")
	_, ok1 := parseInt(f[0], 0, 100000)
	_, ok2 := parseInt(f[1], 0, 100000)
	if len(f) != 4 || !ok1 || !ok2 {
		s.errorf("bad ratings", "rating "+args)
	}
}

// cores takes the number of cores; micro-Max uses one.
func (s *session) cores(args string) {
	s.number("cores", args, 1, 1<<16, "bad number of cores")
}

// memory is "memory N": the table's size in MiB, set as UCI's Hash sets it
// (setMemory).
func (s *session) memory(args string) {
	top := s.cfg.memoryLimit()
	if mb, ok := s.number("memory", args, 1, top, fmt.Sprintf("bad memory size, want 1..%d MB", top)); ok {
		s.e.setMemory(mb)
	}
}

// cecpKind is an option's control as CECP's feature option declares it,
// with its default (the setting now) and range: "-check 1", "-spin 0 -300
// 900".
func (s *session) cecpKind(o *option) string {
	if o.kind == checkOption {
		return fmt.Sprintf("-check %d", o.get(s.e, &s.cfg))
	}
	return fmt.Sprintf("-spin %d %d %d", o.get(s.e, &s.cfg), o.lo, o.maxValue(s.e, &s.cfg))
}

// option sets an option of the option table (options.go): "option NAME=VALUE".
func (s *session) option(args string) {
	name, value, _ := strings.Cut(args, "=")
	for i := range options {
		if o := &options[i]; o.cecp != "" && o.cecp == name {
			if o.labOption() && !s.cfg.lab {
				s.errorf(errLabOption.Error(), "option "+args)
				return
			}
			if err := o.setText(s.e, &s.cfg, value, "1", "0"); err != nil {
				s.errorf("bad option value: "+err.Error(), "option "+args)
			}
			return
		}
	}
	s.errorf("unknown option", "option "+args)
}

// level is "level MPS BASE INC": MPS moves per session (0: the whole game),
// BASE minutes or MIN:SEC (parseBase), INC seconds added after every move.
func (s *session) level(args string) {
	if f := strings.Fields(args); len(f) == 3 {
		mps, ok1 := parseInt(f[0], 0, 10000)
		base, ok2 := parseBase(f[1])
		inc, ok3 := parseSeconds(f[2])
		if ok1 && ok2 && ok3 {
			s.clock = clock{movesPerSession: mps, base: base, increment: inc, levelPly: s.game.length(),
				mine: base, theirs: base}
			return
		}
	}
	s.errorf("bad time control", "level "+args)
}

// parseBase reads the BASE of "level": minutes, or minutes:seconds (0..59
// seconds), up to a week, with anything after the digits ignored as the
// protocol asks ("25+5" is 25 minutes).
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
	if n, ok := s.number("nps", args, 0, 1000000000, "bad node rate"); ok {
		s.nps = n
	}
}

// writeStats sends the statistics of a search (-stats), if it counted
// them, as lines that begin with "#", which XBoard ignores (feature debug=1).
func (s *session) writeStats(stats *searchStats) {
	for _, line := range stats.lines() {
		s.out.line("# " + line)
	}
}

// sd is "sd DEPTH": search no deeper than DEPTH plies.
func (s *session) sd(args string) {
	if d, ok := s.number("sd", args, 1, 1000, "bad depth"); ok {
		s.depthLimit = d
	}
}

// setClock is "time N" and "otim N": a clock in centiseconds (it may be
// negative when a flag has fallen and the increment is still to come).
func (s *session) setClock(c *time.Duration, name, args string) {
	if cs, ok := s.number(name, args, -100000000, 100000000, "bad clock"); ok {
		*c = time.Duration(cs) * 10 * time.Millisecond
	}
}

// --- Analysis -----------------------------------------------------------

// analyze enters analyze mode: think about the position, play nothing.
func (s *session) analyze(string) {
	s.analyzing = true
	s.analysisDone = false
	s.force = true
}

// exclude is "exclude MOVE", "exclude all" (out is true), "include MOVE"
// and "include all": the moves the analysis of this position leaves out,
// until the position changes. A move that is not legal here is an error.
// (A game's own moves are searched among all legal moves.)
func (s *session) exclude(args string, out bool) {
	name := map[bool]string{true: "exclude", false: "include"}[out]
	s.analysisDone = false
	if args == "all" {
		s.excluded = nil
		if out {
			s.excluded = s.e.legalMoves()
		}
		return
	}
	m, ok := s.e.parseMove(args)
	if s.illegal || !ok {
		s.errorf("not a legal move here", name+" "+args)
		return
	}
	s.excluded = slices.DeleteFunc(s.excluded, func(x Move) bool { return x == m })
	if out {
		s.excluded = append(s.excluded, m)
	}
}

// analysedMoves are the root moves the analysis searches (every legal move
// but the excluded ones), or nil for all of them.
func (s *session) analysedMoves() []Move {
	if len(s.excluded) == 0 {
		return nil
	}
	moves := s.e.legalMoves()
	return slices.DeleteFunc(moves, func(m Move) bool { return slices.Contains(s.excluded, m) })
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

// status answers "." in analysis: elapsed time, nodes, the depth of the
// last finished iteration, and the number of legal moves. (micro-Max does
// not count the moves of an iteration, so the moves left are given as 0.)
// An analysis whose search is over (a mate found) still answers, with the
// figures it ended with; a position with nothing to analyse (no legal
// move, or an illegal position) answers zeros.
func (s *session) status(string) {
	if !s.analyzing {
		return
	}
	if s.state() != cecpAnalysing {
		s.out.line("stat01: 0 0 0 0 0")
		return
	}
	elapsed, nodes, last := s.search.job.progress()
	s.out.line(fmt.Sprintf("stat01: %d %d %d 0 %d", elapsed/(10*time.Millisecond), nodes, last.depth, len(s.search.job.legal)))
}

// --- Searching ----------------------------------------------------------

// maybeSearch starts a search if the engine is to think: in analyze mode
// while the position has something to analyse, else on its own move in a
// game that is not over; never in the illegal-position state, and never
// while a waiting command would stop the search at once.
func (s *session) maybeSearch() {
	if s.search != nil || s.quitting || s.illegal {
		return
	}
	analysis := s.analyzing
	if analysis {
		if s.analysisDone {
			return
		}
		if !s.e.hasLegalMove() || len(s.excluded) > 0 && len(s.analysedMoves()) == 0 {
			s.analysisDone = true // nothing to analyse: no legal move, or every one excluded
			return
		}
	} else if s.force || s.engineSide != s.e.side || s.resultLine() != "" {
		if s.ponder && !s.force && s.engineSide != s.e.side && s.hasHint && s.resultLine() == "" && !s.queueStops(true) {
			s.startPonder()
		}
		return
	}
	if s.queueStops(analysis) {
		return
	}
	s.startSearch(analysis)
}

// startPonder starts a ponder search (see the top of the file): micro-Max
// plays the hint on its board, with its own check, and thinks about its
// answer. If the hint ends the game there is nothing to ponder.
func (s *session) startPonder() {
	after := s.e.Position
	if !after.isLegal(s.hint) {
		return
	}
	after.makeMove(s.hint)
	if !after.hasLegalMove() || s.e.play(s.hint) != nil {
		return
	}
	sr := &cecpSearch{pondering: true, ponderMove: s.hint}
	s.runJob(sr, searchLimits{ponder: true, budget: s.cfg.nodeBudget, depth: s.depthLimit, nps: s.nps})
}

// ponderHit is the opponent's move that the engine ponders on: the ponder
// search goes on under the clock's limits from now, or, if the move ends
// the game, stops with nothing played.
func (s *session) ponderHit(l inputLine) {
	sr := s.search
	s.lastAt = l.at
	s.game.push(sr.ponderMove, sr.job.root)
	s.positionChanged()
	s.out.locked(func() { sr.pondering = false })
	if r := s.resultLine(); r != "" {
		s.discard()
		s.out.line(r)
		return
	}
	sr.hitAt, _, _ = sr.job.progress()
	soft, hard := s.clock.reading(s.game.length()).budget()
	sr.job.ponderhitWith(l.at, soft, hard)
}

// startSearch starts micro-Max thinking: an analysis until stopped, or a
// search for a move under the clock's budget, the depth limit and the node
// rate.
func (s *session) startSearch(analysis bool) {
	limits := searchLimits{budget: s.cfg.nodeBudget}
	if analysis {
		limits.infinite, limits.multiPV, limits.searchMoves = true, s.cfg.multiPV, s.analysedMoves()
	} else {
		limits.soft, limits.hard = s.clock.reading(s.game.length()).budget()
		limits.depth = s.depthLimit
		limits.nps = s.nps
	}
	s.runJob(&cecpSearch{analysis: analysis}, limits)
}

// runJob starts sr's search job under limits, with thinking output in post
// mode (while pondering, with the ponder move first, so that the PV starts
// from the position XBoard shows). Commands still waiting are taken as if
// they came now.
func (s *session) runJob(sr *cecpSearch, limits searchLimits) {
	limits.stats = s.cfg.stats
	limits.strength, limits.yield = s.cfg.strength, s.cfg.yield
	sr.job = startSearchJob(s.e, s.lastAt, limits, func(it iteration) {
		if !s.post.Load() {
			return
		}
		s.out.lineFrom(func() (string, bool) {
			if sr.pondering {
				it.pv = append([]Move{sr.ponderMove}, it.pv...)
			}
			return thinkingLine(it), !sr.discard
		})
	})
	s.search = sr
	waiting := s.queue
	s.queue = nil
	for i, l := range waiting {
		if s.search == nil { // "easy" has stopped a ponder search: the rest waits for the loop
			s.queue = append(s.queue, waiting[i:]...)
			return
		}
		s.receive(l)
	}
}

// thinkingLine is the thinking output of an iteration: ply, score
// (cecpScore), time in centiseconds, nodes, PV.
func thinkingLine(it iteration) string {
	return fmt.Sprintf("%d %d %d %d %s", it.depth, cecpScore(it.score), it.elapsed/(10*time.Millisecond), it.nodes, movesText(it.pv))
}

// cecpScore writes micro-Max's score as the protocol wants it: a mate in N
// moves (mateDistance) is 100000+N, being mated in N -100000-N.
func cecpScore(score int) int {
	if n, mate := mateDistance(score); mate {
		if n < 0 {
			return -100000 + n
		}
		return 100000 + n
	}
	return score
}

// finish takes the result of the search that has ended. A discarded search
// or an analysis leaves the board as the game has it (micro-Max may have
// played its move, or not). Otherwise the engine plays: micro-Max's own
// move if it played one on its board, or else (after "?" or the hard limit)
// the best move of the last finished iteration, through micro-Max's check.
func (s *session) finish() {
	sr := s.search
	s.search = nil
	res := sr.job.wait()
	e := s.e
	if sr.analysis || sr.discard {
		e.Position = s.game.current().pos
		return
	}
	s.clock.tick(res.elapsed-sr.hitAt, s.game.length())
	defer s.writeStats(res.stats)
	if !res.hasBest {
		return // cannot happen: no search starts in a position without a move
	}
	if !res.played {
		if err := e.play(res.best); err != nil { // cannot happen: the job checked the move
			s.out.line("# " + printable(err.Error()))
			return
		}
	}
	s.game.push(res.best, e.Position)
	s.positionChanged()
	if res.last.depth > 0 {
		s.lastScore, s.hasScore = res.last.score, true
	}
	s.out.line("move " + res.best.String())
	if res.hasPonder {
		s.hint, s.hasHint = res.ponder, true
	}
	if r := s.resultLine(); r != "" {
		s.out.line(r)
	}
}

// resultLine returns the line that ends the game at the current position,
// or "" if the game goes on. Mate, stalemate and a lack of mating material
// end it always. A draw by repetition or the 50-move rule is claimed only
// when the engine is not ahead by the score of its last search: micro-Max
// knows nothing of either rule, so it walks into them, and a side that is
// winning plays on (the opponent may claim).
func (s *session) resultLine() string {
	end := s.game.end()
	if end == notOver || end.claimable() && s.hasScore && s.lastScore > 0 {
		return ""
	}
	return endTexts[end].result + " {" + endTexts[end].comment + "}"
}
