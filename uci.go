package main

// The UCI adapter: micro-Max as an engine for the Universal Chess Interface
// (/usr/share/doc/stockfish/engine-interface.txt.gz), the protocol of
// fastchess, cutechess, Arena, lichess-bot and OpenBench. This file holds
// only the protocol: its commands and their text. The game record is
// game.go's, the clock's budget clock.go's, and the search in the
// background a search job's (job.go), as in the XBoard adapter.
//
// Two goroutines besides the search take part: readLines reads standard
// input, and the session's loop (run) executes each line as it arrives,
// also while a search runs. While a search runs, isready, stop, ponderhit,
// debug and uci are answered at once; a command that would change the
// engine's state (position, go, ucinewgame, setoption) first stops the
// search and lets it send its bestmove, so that the board never changes
// under a running search and every go gets exactly one bestmove.
//
// The position: go searches the position the last position command set up,
// whatever ended the search before (a depth, nodes, a clock, stop,
// ponderhit); a second go searches it again. micro-Max plays its own move
// on its board at the end of a search; the session keeps that move and the
// position it reached aside (own) and puts the board back at the root.
//
// Node identity with the C program: micro-Max keeps its table from search
// to search. A position command that continues the game the session holds
// makes only the new moves, each through micro-Max's own root check
// (Engine.play), as the C program does with a typed move; when its next
// move is the engine's own, the board micro-Max left after it is taken as
// it stands, as the C program goes on after its own move. ucinewgame puts
// the engine where a freshly started C program is. So "position
// startpos moves ..." and "go nodes N" search exactly what the C program
// searches with its node budget at N: the same iterations (its kibitz
// lines' "ply" and "searched" are the info lines' depth and nodes) and the
// same move.

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// uciAuthor is the author the engine names.
const uciAuthor = "H.G. Muller (micro-Max 4.1), ported to Go"

// uciSession is one UCI conversation: the game of the last position
// command as the engine's board holds it, the options, and the search
// running in the background.
type uciSession struct {
	e   *Engine
	out *protocolWriter
	cfg config // the settings (options.go): the command line's, then the options'

	// game is the game the engine's board holds when no search runs: the
	// start position of the last position command and its moves. base
	// names the start: "startpos", or "fen" and the FEN's fields.
	game  gameRecord
	base  string
	debug bool // debug on: the time limits and the statistics of each search as info strings
	// own is the engine's own move, which micro-Max played on its board at
	// the end of the last search (searchResult.played), with the position
	// after it; nil if none. The board is back at the game's position; a
	// position command that goes on with this move takes own.pos for it.
	own *gamePly

	search   *uciSearch // the search running, or nil
	quitting bool
	web      webSession // the browser page's commands (uci_web.go)
}

// uciSearch is the search job the session runs, and what it knows of it.
type uciSearch struct {
	job     *searchJob
	stopped bool // stop (or a command that implies it) was sent
	// reported: an info line with a score has been written. Written on the
	// search's goroutine before the job is done, read after.
	reported bool
}

// newUCISession returns a session on the engine's position, taken as the
// initial position (an engine just made by newEngine is the C program at
// its start).
func newUCISession(e *Engine, out io.Writer, cfg config) *uciSession {
	cfg.overhead = defaultMoveOverhead // no flag sets it
	s := &uciSession{e: e, out: &protocolWriter{w: out}, cfg: cfg, base: "startpos"}
	s.game.reset(setup{pos: e.Position})
	return s
}

// serve reads commands from in and runs them until quit or the end of
// input.
func (s *uciSession) serve(in io.Reader) { serveLines(in, maxUCILineBytes, s.run) }

// run is the session's loop: it executes every line as it arrives, and
// sends the bestmove of each search when it is done. At the end of input
// a running search is stopped and sends its bestmove.
func (s *uciSession) run(lines <-chan inputLine) {
	for !s.quitting {
		var done <-chan struct{}
		if s.search != nil {
			done = s.search.job.done()
		}
		select {
		case l, ok := <-lines:
			if !ok {
				s.stopSearch()
				return
			}
			s.execute(l)
		case <-done:
			s.finish()
		}
	}
}

// uciCommand is an entry of the command table: what a command does with
// the words after it and the time its line arrived.
type uciCommand struct {
	run     func(s *uciSession, args []string, at time.Time)
	settles bool // the command changes the engine's state: a running search is stopped first (settle)
}

// uciCommands are the commands of the protocol, and the page's own (umax
// ..., which uci_web.go adds). The others are answered at once, also during a search.
var uciCommands = map[string]uciCommand{
	"uci":        {run: func(s *uciSession, _ []string, _ time.Time) { s.identify() }},
	"isready":    {run: func(s *uciSession, _ []string, _ time.Time) { s.out.line("readyok") }},
	"debug":      {run: (*uciSession).setDebug},
	"setoption":  {run: func(s *uciSession, args []string, _ time.Time) { s.setOption(args) }, settles: true},
	"register":   {run: func(*uciSession, []string, time.Time) {}}, // no registration needed
	"ucinewgame": {run: func(s *uciSession, _ []string, _ time.Time) { s.newGame() }, settles: true},
	"position":   {run: func(s *uciSession, args []string, _ time.Time) { s.position(args) }, settles: true},
	"go":         {run: (*uciSession).goCmd, settles: true},
	"stop":       {run: func(s *uciSession, _ []string, _ time.Time) { s.stop() }},
	"ponderhit":  {run: (*uciSession).ponderhit},
	"quit":       {run: func(s *uciSession, _ []string, _ time.Time) { s.stopSearch(); s.quitting = true }},
}

// execute runs one line. As the protocol asks, words before the first
// command word are skipped ("joho debug on" is "debug on"), and said so.
func (s *uciSession) execute(l inputLine) {
	if l.tooLong {
		s.infof("line of more than %d bytes ignored", maxUCILineBytes)
		return
	}
	words := strings.Fields(l.text)
	for i, w := range words {
		if c, ok := uciCommands[w]; ok {
			if i > 0 {
				s.infof("unknown command %s skipped", quoteWords(words[:i]))
			}
			if c.settles {
				s.settle(w)
			}
			c.run(s, words[i+1:], l.at)
			return
		}
	}
	if len(words) > 0 {
		s.infof("unknown command %s ignored", quoteWords(words))
	}
}

// infof writes an info string: how the engine tells the GUI (and its user)
// about input it could not use.
func (s *uciSession) infof(format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	s.out.line("info string " + clip(text, len(text))) // printable ASCII only
}

// quoteWords repeats words of the input in an info string: printable,
// quoted, and not too long.
func quoteWords(words []string) string {
	return strconv.Quote(clip(strings.Join(words, " "), maxEchoBytes))
}

// identify answers uci: the engine's name and author, its options, uciok.
func (s *uciSession) identify() {
	s.out.line("id name " + engineTitle) // with the version of a release build
	s.out.line("id author " + uciAuthor)
	for i := range options {
		if o := &options[i]; o.uci != "" && (s.cfg.lab || !o.labOption()) { // the laboratory's only under -lab
			s.out.line("option name " + o.uci + " type " + s.uciType(o))
		}
	}
	s.out.line("uciok")
}

// setDebug is "debug on" and "debug off".
func (s *uciSession) setDebug(args []string, _ time.Time) {
	switch {
	case len(args) == 1 && args[0] == "on":
		s.debug = true
	case len(args) == 1 && args[0] == "off":
		s.debug = false
	default:
		s.infof("debug wants on or off, not %s", quoteWords(args))
	}
}

// stop is "stop": the search ends at once and sends the best move of its
// last finished iteration. Without a search it is ignored.
func (s *uciSession) stop() {
	if s.search != nil {
		s.search.stopped = true
		s.search.job.stop()
	}
}

// ponderhit is "ponderhit": the opponent has played the move the engine is
// pondering on, and the ponder search goes on as a timed search whose
// clock starts now. Without a ponder search it is ignored.
func (s *uciSession) ponderhit(_ []string, at time.Time) {
	if s.search != nil {
		s.search.job.ponderhit(at)
	}
}

// stopSearch stops a running search and sends its bestmove.
func (s *uciSession) stopSearch() {
	if s.search != nil {
		s.stop()
		s.finish()
	}
}

// settle makes the engine idle before a command that changes its state: a
// search still running is stopped, and sends its bestmove. A search not
// yet told to stop means the GUI forgot "stop"; the engine says so.
func (s *uciSession) settle(command string) {
	if s.search != nil {
		if !s.search.stopped {
			s.infof("%s during a search: the search is stopped first", command)
		}
		s.stopSearch()
	}
}

// newGame is "ucinewgame": a freshly started C program (Engine.restart).
func (s *uciSession) newGame() {
	s.e.restart()
	s.game.reset(setup{pos: s.e.Position})
	s.base, s.own = "startpos", nil
}

// --- Options ------------------------------------------------------------

// uciType is an option's type, default and range as UCI's option line
// declares them: "check default true", "spin default 0 min -300 max 900",
// "button". The default is the setting now (the command line's, say).
func (s *uciSession) uciType(o *option) string {
	switch o.kind {
	case checkOption:
		return fmt.Sprintf("check default %v", o.get(s.e, &s.cfg) != 0)
	case spinOption:
		return fmt.Sprintf("spin default %d min %d max %d", o.get(s.e, &s.cfg), o.lo, o.maxValue(s.e, &s.cfg))
	}
	return "button"
}

// setOption is "setoption name NAME [value VALUE]". Names are matched in
// any case and with any spacing; a bad value leaves the option unchanged.
func (s *uciSession) setOption(args []string) {
	if len(args) == 0 || args[0] != "name" {
		s.infof("setoption wants: setoption name NAME [value VALUE]")
		return
	}
	nameWords, valueWords := args[1:], []string(nil)
	if i := slices.Index(nameWords, "value"); i >= 0 {
		nameWords, valueWords = nameWords[:i], nameWords[i+1:]
	}
	name, value := strings.Join(nameWords, " "), strings.Join(valueWords, " ")
	for i := range options {
		o := &options[i]
		switch {
		case o.uci == "" || !strings.EqualFold(o.uci, name):
			continue
		case o.labOption() && !s.cfg.lab:
			s.infof("option %s refused (%v); unchanged", o.uci, errLabOption)
		case o.kind == buttonOption && strings.EqualFold(value, "false"): // fastchess sends a button's value: true presses it
		case o.kind == buttonOption:
			o.set(s.e, &s.cfg, 0)
		default:
			if err := o.setText(s.e, &s.cfg, value, "true", "false"); err != nil {
				s.infof("option %s: value %s refused (%v); unchanged", o.uci, quoteWords(valueWords), err)
			} else if o.note != nil {
				if note := o.note(s.e, &s.cfg, o.get(s.e, &s.cfg)); note != "" {
					s.infof("%s", note)
				}
			}
		}
		return
	}
	s.infof("no option %s", quoteWords(nameWords))
}

// --- Position -------------------------------------------------------------

// position is "position startpos|fen FEN [moves M1 M2 ...]". The moves are
// checked first: a broken FEN or an illegal move leaves everything as it
// was. If the command continues the game the engine's board holds (the
// same start and the same moves so far), only the new moves are made, with
// Engine.play; otherwise the engine goes back to where the two games part
// (the start, if they do not share it) and makes the moves from there. The
// engine's own move, if the game goes on with it, is not made again: the
// board micro-Max left after it is taken (own).
func (s *uciSession) position(args []string) {
	start, base, moves, ok := s.readPosition(args)
	if !ok {
		return
	}
	own := s.own // good only if the new game goes on from the game's position
	s.own = nil
	// Where the engine's game and the new one part: the engine goes back
	// there (micro-Max has no undo: the game record has the positions).
	common := 0
	if base == s.base {
		for common < len(moves) && common < s.game.length() && s.game.plies[common+1].move == moves[common] {
			common++
		}
	} else {
		s.game.reset(start)
		s.base = base
		for i := 0; i < len(start.dropped); i++ { // said once, not with every move of the game
			s.infof("castling right %c dropped: its king or rook is not at home", start.dropped[i])
		}
	}
	goesOn := base == s.base && common == s.game.length() // nothing taken back
	s.game.undo(s.game.length() - common)
	s.e.Position = s.game.current().pos
	rest := moves[common:]
	if own != nil && goesOn && len(rest) > 0 && rest[0] == own.move {
		s.e.Position = own.pos // micro-Max has made it, as the C program has
		s.game.push(own.move, own.pos)
		rest = rest[1:]
	}
	for _, m := range rest {
		if err := s.e.play(m); err != nil { // cannot happen: the moves were checked
			s.infof("position: %v", err) // (play left the position as it was)
			return
		}
		s.game.push(m, s.e.Position)
	}
}

// readPosition reads the words of position: the start (and its name, base:
// "startpos" or "fen" and the FEN) and the moves, each legal where it is
// played. Anything wrong is said in an info string, and ok is false.
func (s *uciSession) readPosition(args []string) (start setup, base string, moves []Move, ok bool) {
	if len(args) == 0 {
		s.infof("position wants startpos or fen; position unchanged")
		return
	}
	rest := args[1:]
	switch args[0] {
	case "startpos":
		start, base = setup{pos: newGame()}, "startpos"
	case "fen":
		n := 0
		for n < len(rest) && rest[n] != "moves" {
			n++
		}
		fen := strings.Join(rest[:n], " ")
		st, err := parseFEN(fen)
		if err != nil {
			s.infof("position fen %s refused: %v; position unchanged", quoteWords(rest[:n]), err)
			return
		}
		start, base, rest = st, "fen "+fen, rest[n:]
	default:
		s.infof("position wants startpos or fen, not %s; position unchanged", quoteWords(args[:1]))
		return
	}
	if len(rest) > 0 && rest[0] != "moves" {
		s.infof("position: %s skipped", quoteWords(rest[:1]))
		rest = rest[1:]
	}
	if len(rest) > 0 && rest[0] == "moves" {
		rest = rest[1:]
	}
	p := start.pos
	for i, text := range rest {
		m, legal := p.parseMove(text)
		if !legal {
			s.infof("position: move %d, %s, is not legal here; position unchanged", i+1, quoteWords(rest[i:i+1]))
			return
		}
		p.makeMove(m)
		moves = append(moves, m)
	}
	return start, base, moves, true
}

// --- Searching ------------------------------------------------------------

// goCmd is "go" with its limits: wtime btime winc binc movestogo movetime
// depth nodes mate infinite ponder searchmoves. A word it does not know, or
// a bad number, is said and skipped; the search starts anyway, since the
// GUI waits for its bestmove. Without any limit the engine thinks as
// micro-Max does, with its budget of 1e6 nodes.
func (s *uciSession) goCmd(args []string, at time.Time) {
	limits := s.goLimits(s.readGo(args))
	if s.debug {
		s.infof("search limits: soft %d ms, hard %d ms, nodes %d, depth %d, infinite %v, ponder %v",
			limits.soft.Milliseconds(), limits.hard.Milliseconds(), limits.budget, limits.depth, limits.infinite, limits.ponder)
	}
	limits.stats = s.debug || s.cfg.stats
	limits.strength, limits.yield, limits.multiPV = s.cfg.strength, s.cfg.yield, s.cfg.multiPV
	limits.tree = s.web.recording(s.e, s.game.counters(s.game.length()))
	sr := &uciSearch{}
	sr.job = startSearchJob(s.e, at, limits, func(it iteration) {
		pv := it.pv[:s.game.pvLength(it.pv)] // the game record does not change while the job runs
		line := ""
		if it.line > 0 {
			line = " multipv " + strconv.Itoa(it.line)
		}
		s.out.line("info" + line + " depth " + strconv.Itoa(it.depth) + " score " + uciScore(it.score) + progress(it.nodes, it.elapsed) +
			" pv " + movesText(pv))
		sr.reported = true
	})
	s.search = sr
}

// goArgs are the words of a go command, read: the engine's own clock
// (wtime or btime, winc or binc), movestogo, movetime, depth, nodes, mate,
// infinite, ponder and searchmoves.
type goArgs struct {
	myTime, myInc, movesToGo, moveTime, depth, nodes, mate int
	haveTime, haveMoveTime                                 bool
	infinite, ponder                                       bool
	searchMoves                                            []Move
}

// goNumber is a word of go that takes a number: where it goes, its range,
// and whether it belongs to one side's clock (w... or b...).
type goNumber struct {
	value    func(g *goArgs) *int
	lo, hi   int
	present  func(g *goArgs) *bool
	mineOnly bool
}

// goNumbers are the words of go that take a number.
var goNumbers = map[string]goNumber{
	"wtime":     {value: func(g *goArgs) *int { return &g.myTime }, lo: math.MinInt32, hi: math.MaxInt32, present: func(g *goArgs) *bool { return &g.haveTime }, mineOnly: true},
	"btime":     {value: func(g *goArgs) *int { return &g.myTime }, lo: math.MinInt32, hi: math.MaxInt32, present: func(g *goArgs) *bool { return &g.haveTime }, mineOnly: true},
	"winc":      {value: func(g *goArgs) *int { return &g.myInc }, lo: 0, hi: math.MaxInt32, mineOnly: true},
	"binc":      {value: func(g *goArgs) *int { return &g.myInc }, lo: 0, hi: math.MaxInt32, mineOnly: true},
	"movestogo": {value: func(g *goArgs) *int { return &g.movesToGo }, lo: 0, hi: math.MaxInt32},
	"movetime":  {value: func(g *goArgs) *int { return &g.moveTime }, lo: 0, hi: math.MaxInt32, present: func(g *goArgs) *bool { return &g.haveMoveTime }},
	"depth":     {value: func(g *goArgs) *int { return &g.depth }, lo: 1, hi: maxIter},
	"nodes":     {value: func(g *goArgs) *int { return &g.nodes }, lo: 1, hi: noBudget},
	"mate":      {value: func(g *goArgs) *int { return &g.mate }, lo: 1, hi: maxIter / 2},
}

// readGo reads the words of go; a word it cannot use is skipped and said
// in an info string.
func (s *uciSession) readGo(args []string) *goArgs {
	g := &goArgs{}
	for i := 0; i < len(args); i++ {
		word := args[i]
		if n, ok := goNumbers[word]; ok {
			if i+1 == len(args) {
				s.infof("go: %s without a value skipped", word)
				continue
			}
			i++
			v, ok := parseInt(args[i], n.lo, n.hi)
			switch {
			case !ok:
				s.infof("go: %s %s skipped: want a whole number from %d to %d", word, quoteWords(args[i:i+1]), n.lo, n.hi)
			case n.mineOnly && (word[0] == 'w') != (s.e.side == white): // the opponent's clock
			default:
				*n.value(g) = v
				if n.present != nil {
					*n.present(g) = true
				}
			}
			continue
		}
		switch word {
		case "infinite":
			g.infinite = true
		case "ponder":
			g.ponder = true
		case "searchmoves":
			i = s.readSearchMoves(g, args, i)
		default:
			s.infof("go: %s skipped", quoteWords(args[i:i+1]))
		}
	}
	return g
}

// readSearchMoves reads the moves after "searchmoves" at args[i], up to
// the next word of go, and returns the index of the last word read.
func (s *uciSession) readSearchMoves(g *goArgs, args []string, i int) int {
	for i+1 < len(args) {
		if _, keyword := goNumbers[args[i+1]]; keyword || args[i+1] == "infinite" || args[i+1] == "ponder" {
			break
		}
		i++
		if m, ok := s.e.parseMove(args[i]); ok {
			g.searchMoves = append(g.searchMoves, m)
		} else {
			s.infof("go searchmoves: %s is not legal here; skipped", quoteWords(args[i:i+1]))
		}
	}
	if g.searchMoves == nil {
		s.infof("go searchmoves: no legal move listed; searching every move")
	}
	return i
}

// goLimits are the limits of the search go asks for: a clock's budget
// (moveClock), a depth (a mate in N is a search of 2N plies), a node budget
// (-nodes unless go nodes gives one), or micro-Max's 1e6 nodes.
func (s *uciSession) goLimits(g *goArgs) searchLimits {
	limits := searchLimits{infinite: g.infinite, ponder: g.ponder, searchMoves: g.searchMoves, budget: g.nodes, depth: g.depth}
	if g.mate > 0 && g.depth == 0 {
		limits.depth = 2 * g.mate // a mate in N moves is found by a search of 2N plies
	}
	if limits.budget == 0 {
		limits.budget = s.cfg.nodeBudget
	}
	switch {
	case g.haveTime || g.haveMoveTime:
		c := moveClock{overhead: s.cfg.overhead}
		if g.haveMoveTime {
			c.perMove = max(time.Duration(g.moveTime)*time.Millisecond, time.Millisecond)
		}
		if g.haveTime {
			c.left = time.Duration(g.myTime) * time.Millisecond
			c.increment = time.Duration(g.myInc) * time.Millisecond
			c.movesToGo = g.movesToGo
		}
		limits.soft, limits.hard = c.budget()
	case limits.budget == 0 && limits.depth == 0 && !limits.infinite:
		limits.budget = microMaxBudget // (a ponder search reaches it and waits for ponderhit)
	}
	return limits
}

// uciScore writes micro-Max's score as UCI wants it: "cp S", micro-Max's
// own score with 99 to a pawn, or "mate N" for a mate in N moves (negative
// when the engine is mated).
func uciScore(score int) string {
	if n, mate := mateDistance(score); mate {
		return "mate " + strconv.Itoa(n)
	}
	return "cp " + strconv.Itoa(score)
}

// progress writes the nodes, speed and time of a search so far.
func progress(nodes int, elapsed time.Duration) string {
	nps := 0
	if elapsed > 0 {
		nps = int(float64(nodes) / elapsed.Seconds())
	}
	return fmt.Sprintf(" nodes %d nps %d time %d", nodes, nps, elapsed.Milliseconds())
}

// finish takes the result of the search that has ended and sends its
// bestmove, after a last info line: the totals of the search, or, if no
// iteration was reported, a score (the evaluation of the position, or a
// mate or a draw where there is no legal move), since GUIs want one before
// every bestmove. If micro-Max has played its move on its board, the move
// and the position after it are kept aside (own) and the board goes back to
// the game's position: the position the next go searches, unless a position
// command comes first.
func (s *uciSession) finish() {
	sr := s.search
	s.search = nil
	res := sr.job.wait()
	total := progress(res.nodes, res.elapsed)
	switch {
	case !res.hasBest && sr.job.root.inCheck():
		s.out.line("info depth 0 score mate 0" + total)
	case !res.hasBest:
		s.out.line("info depth 0 score cp 0" + total)
	case !sr.reported:
		s.out.line("info depth 0 score cp " + strconv.Itoa(sr.job.root.eval) + total + " pv " + res.best.String())
	case res.nodes != res.last.nodes:
		s.out.line("info" + total)
	}
	for _, l := range res.stats.lines() {
		s.infof("%s", l)
	}
	if !res.hasBest {
		s.out.line("bestmove 0000")
		return
	}
	line := "bestmove " + res.best.String()
	if res.hasPonder && s.game.pvLength([]Move{res.best, res.ponder}) == 2 {
		line += " ponder " + res.ponder.String()
	}
	if res.played {
		s.own = &gamePly{pos: s.e.Position, move: res.best}
		s.e.Position = s.game.current().pos // the search's root
	}
	s.out.line(line)
}
