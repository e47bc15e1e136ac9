package main

// What the browser page's own commands answer, in UCI mode (webCommand,
// below, runs them for uci.go's command table): what the page (web/app.js)
// asks the engine besides standard UCI, so that legal moves, the game's
// state, SAN and the search tree all come from the engine itself. They all
// start with the word "umax", which no UCI GUI sends, and each answers in
// one line that starts with the same two words as the command, then JSON:
//
//	umax state           umax state {"fen":..., "moves":[legal moves], "san":[the game's moves], "end":..., ...}
//	umax san M1 M2 ...   umax san {"san":[...]}: the moves, from the game's position, in SAN;
//	                     umax san at PLY M1 ...: from the position after the game's first PLY moves
//	umax record PLIES    (no answer) every search from now on records the tree of
//	                     its PLIES-ply iteration (tree.go), in the literal search; 0: none
//	umax tree            umax tree {...}: the tree the last search recorded (treejson.go),
//	                     or {"error":"..."}
//	umax steps           umax steps {...}: the steps of that iteration, for a stepper (treejson.go)
//	umax diff            umax diff {...}: the trees of the last two searches that recorded
//	                     one, compared (treediff.go)
//	umax source          umax source {...}: search_literal.go and the lines each kind
//	                     of step lights (stepsource.go), and lab.go with its rules' tests
//	umax scan B Y D Z E FEN
//	                     umax scan {"events":[...]}: the board scan and ray walk of an
//	                     iteration of depth D of a recorded node (stepscan.go): the
//	                     node's position FEN, its e.p. square E, the previous move's
//	                     destination Z (8: the root), the scan's start B and the
//	                     table's move Y, as umax steps gives them; or {"error":"..."}
//
// The state is the game of the last position command, the same game the
// session searches: a search's own move is in it once a position command
// plays it, as a second go searches the same position again.
// umax state, umax san, umax source and umax scan are answered at once,
// also during a search; umax record, tree, steps and diff, like position and go, first
// let a running search end (stopped, with its bestmove).

import (
	"bufio"
	"strconv"
	"strings"
	"time"
)

// maxTreePlies is the deepest iteration the page may record: the trees of
// deeper ones take too much memory in a browser (doc/web.md).
const maxTreePlies = 4

// webSession is what the page's commands keep in a UCI session.
type webSession struct {
	recordPlies int           // record the tree of this iteration in every search; 0: none
	recorder    *treeRecorder // the recorder of the search running or last run, if it records
	caption     string        // which search recorded it

	// recorded are the recorders of the last two searches that recorded a
	// tree, the earlier first, for umax diff, and captions name them.
	recorded [2]*treeRecorder
	captions [2]string
}

// The page's commands join the protocol's (uci.go), as "umax".
func init() { uciCommands["umax"] = uciCommand{run: (*uciSession).webCommand} }

// webCommand is "umax ...": the browser page's commands (see the top of
// the file).
func (s *uciSession) webCommand(args []string, _ time.Time) {
	if len(args) == 0 {
		s.infof("umax wants state, san, record, tree, steps, diff, source or scan")
		return
	}
	switch args[0] {
	case "state":
		s.out.line("umax state " + s.stateJSON())
	case "san":
		s.out.line("umax san " + s.sanJSON(args[1:]))
	case "record":
		plies, ok := 0, len(args) == 2
		if ok {
			plies, ok = parseInt(args[1], 0, maxTreePlies)
		}
		if !ok {
			s.infof("umax record wants a ply from 0 (none) to %d, not %s", maxTreePlies, quoteWords(args[1:]))
			return
		}
		s.settle("umax record")
		s.web.recordPlies = plies
	case "tree", "steps":
		s.settle("umax " + args[0])
		s.out.line("umax " + args[0] + " " + s.treeJSON(args[0] == "steps"))
	case "diff":
		s.settle("umax diff")
		s.out.line("umax diff " + s.diffJSON())
	case "source":
		var b strings.Builder
		writeSourceJSON(&b)
		s.out.line("umax source " + b.String())
	case "scan":
		s.out.line("umax scan " + scanJSON(args[1:]))
	default:
		s.infof("umax %s: no such command (state, san, record, tree, steps, diff, source, scan)", quoteWords(args[:1]))
	}
}

// recording is the recorder for a search about to start from e's position
// (searchLimits.tree), whose move counters are counters, if the page asked
// for one.
func (w *webSession) recording(e *Engine, counters moveCounters) *treeRecorder {
	w.recorder = nil
	if w.recordPlies > 0 {
		w.recorder = newTreeRecorder(w.recordPlies, e.Position, counters)
		w.recorder.board = &e.board // the pawn terms of the moves' evaluations
		w.caption = treeCaption(e)
		w.recorded = [2]*treeRecorder{w.recorded[1], w.recorder}
		w.captions = [2]string{w.captions[1], w.caption}
	}
	return w.recorder
}

// diffJSON compares the trees of the last two searches that recorded one
// (treediff.go), or says why it cannot.
func (s *uciSession) diffJSON() string {
	a, b := s.web.recorded[0], s.web.recorded[1]
	if a == nil || b == nil {
		return `{"error":"umax diff compares the trees of the last two searches: umax record PLIES, then two searches"}`
	}
	d, err := diffTrees(a, b)
	var text strings.Builder
	if err == nil {
		err = d.writeJSON(&text, s.web.captions[0], s.web.captions[1])
	}
	if err != nil {
		return `{"error":` + jsonQuote(err.Error()) + `}`
	}
	return text.String()
}

// treeJSON is the tree the last search recorded as JSON, or its steps, or
// an object that says why there is none. The search is over (settled).
func (s *uciSession) treeJSON(steps bool) string {
	r := s.web.recorder
	switch {
	case r == nil && s.web.recordPlies == 0:
		return `{"error":"the last search recorded no tree: umax record PLIES first, then go"}`
	case r == nil:
		return `{"error":"no search since umax record"}`
	case !r.done:
		return `{"error":` + jsonQuote(noIteration(r)) + `}`
	}
	var b strings.Builder
	var err error
	if steps {
		err = r.writeStepsJSON(&b)
	} else {
		err = r.writeJSON(&b, s.web.caption)
	}
	if err != nil {
		return `{"error":` + jsonQuote(err.Error()) + `}`
	}
	return b.String()
}

// noIteration says why a search did not reach the iteration r was to
// record: the side to move was mated or stalemated, so micro-Max had no
// move to search, or the search ended first.
func noIteration(r *treeRecorder) string {
	side := sideName(r.root.side)
	switch {
	case r.root.hasLegalMove():
		return "the search ended before its " + strconv.Itoa(r.plies) + "-ply iteration"
	case r.root.inCheck():
		return "checkmate: " + side + " is mated and has no move, so there is no iteration to record"
	}
	return "stalemate: " + side + " is not in check but has no legal move, so there is no iteration to record"
}

// stateJSON is the game as the page needs it: the start position and the
// current one as FENs (with their move counters), the side to move, its
// legal moves (every promotion piece listed), the moves played in
// coordinates and in SAN, whether the side to move is in check, and how
// the game has ended ("end" empty and "result" "*" while it goes on).
func (s *uciSession) stateJSON() string {
	g := &s.game
	now := g.current()
	legal := now.pos.legalMoves()
	end := endTexts[g.end()]
	var b strings.Builder
	j := &jsonWriter{w: bufio.NewWriter(&b)}
	j.raw("{")
	j.field("start").str(g.fen(0))
	j.field("startpos").boolean(s.base == "startpos")
	j.field("fen").str(g.fen(g.length()))
	j.field("side").str(sideLetter(now.pos.side))
	j.field("check").boolean(now.pos.inCheck())
	j.field("end").str(end.name)
	j.field("result").str(end.result)
	legalText := make([]string, len(legal))
	for i, m := range legal {
		legalText[i] = m.String()
	}
	j.field("legal").strings(legalText)
	played := make([]string, g.length())
	sans := make([]string, g.length())
	for i := 1; i < len(g.plies); i++ {
		before := &g.plies[i-1].pos
		m := g.plies[i].move
		played[i-1], sans[i-1] = m.String(), before.san(m, before.legalMoves())
	}
	j.field("moves").strings(played)
	j.field("san").strings(sans)
	j.raw("}")
	j.w.Flush()
	return b.String()
}

// sanJSON writes the moves, played one after the other from the game's
// position, in SAN; it stops at the first that is not legal. Moves that
// start with "at PLY" are played from the position after the game's first
// PLY moves: the root of a search, after a position command has played the
// engine's move.
func (s *uciSession) sanJSON(moves []string) string {
	p := s.game.current().pos
	if len(moves) >= 2 && moves[0] == "at" {
		if ply, ok := parseInt(moves[1], 0, s.game.length()); ok {
			p = s.game.plies[ply].pos
			moves = moves[2:]
		} else {
			moves = nil
		}
	}
	var sans []string
	for _, text := range moves {
		m, ok := p.parseMove(text)
		if !ok {
			break
		}
		sans = append(sans, p.san(m, p.legalMoves()))
		p.makeMove(m)
	}
	var b strings.Builder
	j := &jsonWriter{w: bufio.NewWriter(&b)}
	j.raw("{")
	j.field("san").strings(sans)
	j.raw("}")
	j.w.Flush()
	return b.String()
}

// scanJSON is umax scan's answer: the board scan of an iteration of a
// recorded node, from the numbers B Y D Z E and the node's FEN (see the top
// of the file), or an object that says what is wrong with them.
func scanJSON(args []string) string {
	var n [5]int
	ok := len(args) >= 8
	for i := 0; ok && i < 5; i++ {
		n[i], ok = parseInt(args[i], 0, 255)
	}
	if !ok || n[0]&offBoard != 0 || n[2] < 1 || n[2] > 99 {
		return `{"error":"umax scan wants B Y D Z E (0x88 squares, D the iteration's depth from 1) and the node's FEN, as umax steps gives them"}`
	}
	p, err := scanPosition(strings.Join(args[5:], " "), n[4])
	if err != nil {
		return `{"error":` + jsonQuote(err.Error()) + `}`
	}
	var b strings.Builder
	writeScanJSON(&b, scanWalk(&p, n[0], n[1], n[2], n[3], n[4]))
	return b.String()
}
