package main

// The tests' shared helpers: a small engine; positions and moves read, or
// the test fails; the golden files read; and the dialogue, one harness that
// talks to a session of either protocol as a GUI does, holds it to what the
// protocol promises, and fails in seconds, saying why, when it does not
// answer.

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// smallEngine is an engine with a small table, for tests that do not
// compare node counts with the C program.
func smallEngine() *Engine { return newEngine(1 << 16) }

// mustFEN reads a FEN, or fails the test.
func mustFEN(t *testing.T, fen string) setup {
	t.Helper()
	s, err := parseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return s
}

// mustMove reads a legal move, or fails the test.
func mustMove(t *testing.T, p *Position, s string) Move {
	t.Helper()
	m, ok := p.parseMove(s)
	if !ok {
		t.Fatalf("%q is not legal in %s", s, fenOf(p))
	}
	return m
}

// gameAfter is the game from fen (the initial position if empty) with the
// moves played, each legal or the test fails.
func gameAfter(t *testing.T, fen string, moves ...string) *gameRecord {
	t.Helper()
	st := setup{pos: newGame()}
	if fen != "" {
		st = mustFEN(t, fen)
	}
	g := &gameRecord{}
	g.reset(st)
	for _, m := range moves {
		g.play(mustMove(t, &g.current().pos, m))
	}
	return g
}

// samePos compares what a Position holds, the dummy square aside.
func samePos(p, q Position) bool {
	return p.side == q.side && p.eval == q.eval && p.epSquare == q.epSquare &&
		[128]int8(p.board[:128]) == [128]int8(q.board[:128])
}

// pos is the engine's position as a pointer, for messages.
func (e *Engine) pos() *Position { return &e.Position }

// --- The golden files -------------------------------------------------------

// kibitz is one line of micro-Max's kibitz output.
type kibitz struct {
	depth, nodes, score int
	move                string
}

// goldenReplay is a golden console game: its input lines and, for each, the
// kibitz lines the C program printed, with the game's node budget and
// version (4.0, without futility pruning, in testdata/classic40).
type goldenReplay struct {
	name     string
	inputs   []string
	blocks   [][]kibitz
	budget   int
	futility bool
}

// readGoldenReplay reads the golden game base (base.in and base.out).
func readGoldenReplay(t *testing.T, base string) goldenReplay {
	t.Helper()
	in := readFile(t, base+".in")
	out := readFile(t, base+".out")
	g := goldenReplay{name: base, futility: !strings.Contains(base, "classic40")}
	g.budget, _ = strconv.Atoi(filepath.Ext(base)[1:])
	// The kibitz lines that follow each board print answer one input line.
	outLines := strings.Split(string(out), "\n")
	for i := 0; i < len(outLines); i++ {
		if len(outLines[i]) == 17 && !strings.Contains(outLines[i], "ply") { // a board print: 8 lines
			i += 7
			g.blocks = append(g.blocks, nil)
			continue
		}
		var k kibitz
		if n, _ := fmt.Sscanf(outLines[i], "%d ply, %d searched, score=%d by %s", &k.depth, &k.nodes, &k.score, &k.move); n == 4 {
			g.blocks[len(g.blocks)-1] = append(g.blocks[len(g.blocks)-1], k)
		}
	}
	g.inputs = strings.Split(strings.TrimSuffix(string(in), "\n"), "\n")
	if len(g.blocks) < len(g.inputs) {
		t.Fatalf("%s: %d kibitz blocks for %d input lines", base, len(g.blocks), len(g.inputs))
	}
	return g
}

// thinks are the C program's iterations of its search at input i: its
// kibitz lines but the 0-ply one.
func (g goldenReplay) thinks(i int) []kibitz {
	var its []kibitz
	for _, k := range g.blocks[i] {
		if k.depth > 0 {
			its = append(its, k)
		}
	}
	return its
}

// playUCI plays the golden game as a GUI plays one through UCI: the typed
// moves (one that is illegal, which UCI cannot send, is left out, and the
// game has diverged from the C program's from there on), and at every think
// the game so far, given to think with the input's index and the position
// command that sets it up. think returns the bestmove, which is played,
// 0000 ending the game.
func (g goldenReplay) playUCI(t *testing.T, think func(i int, game *gameRecord, position string, diverged bool) (best string)) {
	t.Helper()
	game, diverged := gameAfter(t, ""), false
	moves := []string{"position startpos moves"}
	for i, line := range g.inputs {
		if line == "" {
			if line = think(i, game, strings.Join(moves, " "), diverged); line == "0000" {
				return
			}
		}
		m, ok := game.current().pos.parseMove(line)
		if !ok {
			if !diverged {
				t.Logf("%s: input %d, %s, is illegal: from here on the game is not the C program's", g.name, i, line)
			}
			diverged = true
			continue
		}
		game.play(m)
		moves = append(moves, m.String())
	}
}

// --- Dialogues ----------------------------------------------------------------

// The waits of a dialogue: as long as the slowest honest answer needs on a
// loaded two-core machine, with a margin, and no longer, so that an engine
// that hangs or withholds an answer fails its test in seconds; the waits
// measured under load (-dialogue.log) are in doc/testing.md's "The
// dialogues".
const (
	// answerWait bounds an answer that needs no search: readyok, which
	// comes at once even while a search runs, and the end of a session at
	// the end of its input or after quit. The tests of stopping a search
	// give it the same margin (TestStopSearch).
	answerWait = 5 * time.Second
	// searchWait bounds the wait for the end of a search, or for a line of
	// one: a move, a bestmove, a thinking line; and CECP's pong, which
	// waits for the engine's move when it is thinking on one.
	searchWait = 15 * time.Second
	// recentLines is how many of the dialogue's last lines a failure shows.
	recentLines = 16
)

// dialogueLog is the file -dialogue.log names, if any: every wait of the
// dialogues is added to it, with how long it took, to measure the waits
// above.
var dialogueLog = flag.String("dialogue.log", "", "append every wait of the dialogues to this file: seconds, the test, what it waited for")

// logMu keeps the lines of parallel tests apart in the log.
var logMu sync.Mutex

// logWait adds a wait to the log, if there is one.
func logWait(t *testing.T, took time.Duration, what string) {
	if *dialogueLog == "" {
		return
	}
	logMu.Lock()
	defer logMu.Unlock()
	f, err := os.OpenFile(*dialogueLog, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	must(t, err)
	defer f.Close()
	fmt.Fprintf(f, "%.3f\t%s\t%s\n", took.Seconds(), t.Name(), what)
}

// outputLine is a line a session wrote, with the time it arrived.
type outputLine struct {
	text string
	at   time.Time
}

// outputLines reads r's lines as they come, each with its time, and queues
// them for the test: the engine never waits for a test to read, and the
// queue holds only the lines not yet read (a large buffered channel would
// hold its whole size for the garbage collector to scan, in every dialogue).
func outputLines(r io.Reader) <-chan outputLine {
	read, out := make(chan outputLine), make(chan outputLine)
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			read <- outputLine{sc.Text(), time.Now()}
		}
		close(read)
	}()
	go func() {
		var queue []outputLine
		for read != nil || len(queue) > 0 {
			var send chan outputLine // nil, never ready, while the queue is empty
			var first outputLine
			if len(queue) > 0 {
				send, first = out, queue[0]
			}
			select {
			case l, ok := <-read:
				if !ok {
					read = nil
					continue
				}
				queue = append(queue, l)
			case send <- first:
				queue = queue[1:]
			}
		}
		close(out)
	}()
	return out
}

// protocol is the protocol whose promises a driver holds a session to.
type protocol int

const (
	anyProtocol protocol = iota // none checked: the session chooses (runProtocol), or the test checks
	cecpProtocol
	uciProtocol
)

// driver is the one driver of the tests' sessions: it writes command lines
// to a session's input, as a GUI does, and reads its output lines as they
// come, each with the time it arrived; the session runs in this process
// (a dialogue, the model tests, the native engine of the npm tests) or is
// a process of its own (the npm package under Node). For a protocol, it
// holds the session to what the protocol promises, line by line as the
// test reads them: in CECP each ping's pong, in the order of the pings and
// with their numbers; in UCI a readyok only for an isready and a bestmove
// only for a go still owed one. A line that breaks a promise fails the
// test at once, naming the line, and so does a wait that outlives its
// bound; each failure shows the driver's last lines.
type driver struct {
	t     *testing.T
	in    io.WriteCloser
	eol   string // what ends each line sent: "\n", or "\r\n" as on Windows
	lines <-chan outputLine
	done  <-chan struct{} // closed when the session has ended
	once  sync.Once
	start time.Time
	pid   int      // the process's, when the session is one
	proto protocol // the promises checked
	uci   bool     // sync asks as UCI does (isready); else as CECP does (ping)
	ready time.Duration
	keep  int // how many of the last lines a failure shows

	pings       int      // CECP: the pings sync has sent, numbered from 1
	pongsDue    []string // CECP: the pongs owed, in the order of their pings
	readyDue    int      // UCI: isready commands not yet answered
	searchesDue int      // UCI: go commands still owed their bestmove
	recent      []string // the last lines sent (>) and read (<), for failures
}

// newDriver drives a session that reads in and writes out, and has ended
// when done is closed. It reads as UCI (sync asks isready) unless proto is
// CECP's, and UCI's readyok comes within answerWait.
func newDriver(t *testing.T, proto protocol, in io.WriteCloser, out io.Reader, done <-chan struct{}) *driver {
	return &driver{t: t, in: in, eol: "\n", lines: outputLines(out), done: done, start: time.Now(),
		proto: proto, uci: proto != cecpProtocol, ready: answerWait, keep: recentLines}
}

// serveDriver runs a session in this process, writing to one pipe and
// reading from another, and drives it: open makes it with its output, and
// returns what serves its input. The session ends when the test does.
func serveDriver(t *testing.T, proto protocol, open func(out io.Writer) func(in io.Reader)) *driver {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	d := newDriver(t, proto, inW, outR, done)
	serve := open(outW)
	go func() {
		serve(inR)
		outW.Close()
		close(done)
	}()
	t.Cleanup(d.close)
	return d
}

// protocolSession is a session of either protocol: CECP's or UCI's.
type protocolSession interface {
	*session | *uciSession
	serve(in io.Reader)
}

// dialogue is a driver of a session of either protocol on an engine, held
// to the protocol's promises; the session's fields may be read while it is
// idle.
type dialogue[S protocolSession] struct {
	*driver
	e *Engine
	s S
}

// cecpDialogue and uciDialogue are dialogues with each protocol's session.
type (
	cecpDialogue = dialogue[*session]
	uciDialogue  = dialogue[*uciSession]
)

// newDialogue starts a CECP session on e; cfg as the command line would set it.
func newDialogue(t *testing.T, e *Engine, cfg config) *cecpDialogue {
	t.Helper()
	return startDialogue(t, e, cecpProtocol, func(out io.Writer) *session { return newSession(e, out, cfg) })
}

// newUCIDialogue starts a UCI session on e; cfg as the command line would set it.
func newUCIDialogue(t *testing.T, e *Engine, cfg config) *uciDialogue {
	t.Helper()
	return startDialogue(t, e, uciProtocol, func(out io.Writer) *uciSession { return newUCISession(e, out, cfg) })
}

// startDialogue runs the session open makes on e, writing to a pipe, with
// its input from another; the dialogue ends when the test does.
func startDialogue[S protocolSession](t *testing.T, e *Engine, proto protocol, open func(out io.Writer) S) *dialogue[S] {
	d := &dialogue[S]{e: e}
	d.driver = serveDriver(t, proto, func(out io.Writer) func(io.Reader) {
		d.s = open(out)
		return d.s.serve
	})
	return d
}

// send writes command lines, and notes the answers they are owed.
func (d *driver) send(cmds ...string) time.Time {
	d.t.Helper()
	for _, c := range cmds {
		d.note(">", c)
		d.owe(c)
		if _, err := io.WriteString(d.in, c+d.eol); err != nil {
			d.fail("send %q: %v", c, err)
		}
	}
	return time.Now()
}

// endInput closes the session's input, as a GUI that exits does.
func (d *driver) endInput() {
	d.note(">", "(the end of input)")
	d.in.Close()
}

// owe notes the answer a command is owed: in CECP a pong for a ping with a
// number (one without gets an Error), in UCI a readyok for isready and a
// bestmove for go.
func (d *driver) owe(cmd string) {
	f := strings.Fields(cmd)
	switch {
	case len(f) == 0:
	case d.proto == cecpProtocol && f[0] == "ping" && len(f) == 2:
		if _, err := strconv.ParseInt(f[1], 10, 32); err == nil {
			d.pongsDue = append(d.pongsDue, "pong "+f[1])
		}
	case d.proto == uciProtocol && f[0] == "isready":
		d.readyDue++
	case d.proto == uciProtocol && f[0] == "go":
		d.searchesDue++
	}
}

// check holds a line read to the answers owed (see owe), and fails the test
// at once when it breaks a promise.
func (d *driver) check(line string) {
	d.t.Helper()
	switch {
	case d.proto == cecpProtocol && strings.HasPrefix(line, "pong "):
		if len(d.pongsDue) == 0 {
			d.fail("%q: no ping is waiting for its pong", line)
		}
		if line != d.pongsDue[0] {
			d.fail("%q: want %q, the answer to the first ping not yet answered", line, d.pongsDue[0])
		}
		d.pongsDue = d.pongsDue[1:]
	case d.proto == uciProtocol && line == "readyok":
		if d.readyDue == 0 {
			d.fail("%q: no isready is waiting for it", line)
		}
		d.readyDue--
	case d.proto == uciProtocol && isBestmove(line):
		if d.searchesDue == 0 {
			d.fail("%q: no go is waiting for its bestmove", line)
		}
		d.searchesDue--
	}
}

// note keeps a line of the dialogue for the failure messages.
func (d *driver) note(direction, line string) {
	if len(line) > 120 {
		line = line[:120] + fmt.Sprintf("... (%d bytes)", len(line))
	}
	d.recent = append(d.recent, fmt.Sprintf("%8.3fs %s %q", time.Since(d.start).Seconds(), direction, line))
	if len(d.recent) > 2*d.keep {
		d.recent = slices.Delete(d.recent, 0, len(d.recent)-d.keep)
	}
}

// fail fails the test at once, with the driver's last lines.
func (d *driver) fail(format string, args ...any) {
	d.t.Helper()
	last := d.recent[max(len(d.recent)-d.keep, 0):]
	d.t.Fatalf(format+"\nthe dialogue's last lines (> sent, < read; seconds since it began):\n%s",
		append(args, strings.Join(last, "\n"))...)
}

// read returns the next output line, checked, or fails the test when none
// has come by the time timer fires, wait after the test began to wait for
// what (which names the line awaited, for the failure).
func (d *driver) read(timer *time.Timer, wait time.Duration, what string) outputLine {
	d.t.Helper()
	select {
	case l, ok := <-d.lines:
		if !ok {
			d.fail("the session ended; the test waits for %s", what)
		}
		d.note("<", l.text)
		d.check(l.text)
		return l
	case <-timer.C:
		d.fail("no %s within %v; the slowest honest one takes a fraction of that", what, wait)
	}
	return outputLine{}
}

// next returns the next output line, which must come within searchWait.
func (d *driver) next() outputLine {
	d.t.Helper()
	timer := time.NewTimer(searchWait)
	defer timer.Stop()
	return d.read(timer, searchWait, "line")
}

// within returns the output lines up to and including the first one for
// which stop is true, which must come within wait; what names that line.
func (d *driver) within(wait time.Duration, what string, stop func(string) bool) []string {
	d.t.Helper()
	start := time.Now()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	var got []string
	for {
		l := d.read(timer, wait, what)
		got = append(got, l.text)
		if stop(l.text) {
			logWait(d.t, time.Since(start), what)
			return got
		}
	}
}

// until returns the output lines up to and including the first one for
// which stop is true, which must come within searchWait; what names it.
func (d *driver) until(what string, stop func(string) bool) []string {
	d.t.Helper()
	return d.within(searchWait, what, stop)
}

// awaitLine returns the output lines up to and including the line text.
func (d *driver) awaitLine(text string) []string {
	d.t.Helper()
	return d.until(strconv.Quote(text), func(l string) bool { return l == text })
}

// search sends cmds and returns the lines up to and including the engine's
// move: UCI's bestmove, CECP's move line.
func (d *driver) search(cmds ...string) []string {
	d.t.Helper()
	d.send(cmds...)
	if d.uci {
		return d.until("bestmove", isBestmove)
	}
	return d.until("move", isMove)
}

// awaitThinking returns the output lines up to and including the first
// iteration of at least depth plies: a CECP thinking line, a UCI info line.
func (d *driver) awaitThinking(depth int) []string {
	d.t.Helper()
	return d.until(fmt.Sprintf("iteration of depth %d or more", depth), func(l string) bool {
		n, ok := thinkingDepth(l)
		if d.uci {
			i, isInfo := parseInfo(l)
			n, ok = i.depth, isInfo && i.hasDepth
		}
		return ok && n >= depth
	})
}

// sync sends cmds and a question the session answers when it has run them,
// and returns the lines before the answer. CECP's is "ping N", answered
// "pong N" after the engine's move if it is thinking on one (within
// searchWait); UCI's is isready, answered readyok at once, also while a
// search runs (within d.ready, answerWait unless the session is slow to
// start).
func (d *driver) sync(cmds ...string) []string {
	d.t.Helper()
	wait, why := d.ready, ""
	if !d.uci {
		wait, why = searchWait, ", which may wait for the engine's move"
	}
	return d.ask(cmds, wait, why)
}

// syncNow is sync when the engine owes no move: it is idle, pondering or
// analysing, or the commands stop its search. CECP's pong then comes at
// once, as UCI's readyok always does: within answerWait, so that an engine
// that thinks where it should not (a ponder search taken for a search for
// its move, say) fails the test in seconds, not after searchWait.
func (d *driver) syncNow(cmds ...string) []string {
	d.t.Helper()
	return d.ask(cmds, answerWait, ", owed at once: the engine owes no move")
}

// ask sends cmds and the question of sync, and returns the lines before
// its answer, which must come within wait; why says why it may take that.
func (d *driver) ask(cmds []string, wait time.Duration, why string) []string {
	d.t.Helper()
	question, answer := "isready", "readyok"
	if !d.uci {
		d.pings++
		question, answer = fmt.Sprintf("ping %d", d.pings), fmt.Sprintf("pong %d", d.pings)
	}
	d.send(append(slices.Clip(cmds), question)...)
	got := d.within(wait, fmt.Sprintf("%s (the answer to %s%s)", answer, question, why), func(l string) bool { return l == answer })
	return got[:len(got)-1]
}

// run sends a UCI script, waiting after every go for its bestmove (within
// two minutes: a search under Node on a loaded machine), and at the end
// for the answer to an isready; it returns the lines before it.
func (d *driver) run(script []string) []string {
	d.t.Helper()
	var got []string
	for _, c := range script {
		d.send(c)
		if strings.HasPrefix(c, "go") {
			got = append(got, d.within(2*time.Minute, "bestmove", isBestmove)...)
		}
	}
	return append(got, d.sync()...)
}

// expectNothing fails unless cmds are answered with no output at all: the
// engine owes no move (a move would be output), so the answer is owed at
// once (syncNow).
func (d *driver) expectNothing(cmds ...string) {
	d.t.Helper()
	if got := d.syncNow(cmds...); len(got) != 0 {
		d.t.Errorf("%q answered %q, want nothing", cmds, got)
	}
}

// expect fails the test unless cmd is answered with the lines want and no
// others (sync).
func (d *driver) expect(cmd string, want ...string) {
	d.t.Helper()
	if got := d.sync(cmd); !slices.Equal(got, want) {
		d.t.Errorf("%q answered %q, want %q; the dialogue's last lines:\n%s", cmd, got, want, strings.Join(d.recent[max(len(d.recent)-8, 0):], "\n"))
	}
}

// hasLines reports each of wants that is not a line of got.
func hasLines(t *testing.T, what string, got []string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !slices.Contains(got, want) {
			t.Errorf("%s: no %q in %q", what, want, got)
		}
	}
}

// refusedEach sends each of bads alone and wants one line back, starting with
// prefix and containing part.
func refusedEach(t *testing.T, sync func(...string) []string, prefix, part string, bads ...string) {
	t.Helper()
	for _, bad := range bads {
		if got := sync(bad); len(got) != 1 || !strings.HasPrefix(got[0], prefix) || !strings.Contains(got[0], part) {
			t.Errorf("%q answered %q", bad, got)
		}
	}
}

// quiet fails the test if the session writes anything for the time given.
func (d *driver) quiet(period time.Duration) {
	d.t.Helper()
	select {
	case l, ok := <-d.lines:
		if ok {
			d.note("<", l.text)
			d.fail("%q: want nothing for %v", l.text, period)
		}
		d.fail("the session ended; want it silent for %v", period)
	case <-time.After(period):
	}
}

// endedWithin waits up to wait for the session to end (after quit or the
// end of its input) and returns the lines it wrote that were not read,
// each checked; ok is false if it did not end.
func (d *driver) endedWithin(wait time.Duration) (rest []outputLine, ok bool) {
	d.t.Helper()
	start := time.Now()
	deadline := time.After(wait)
	for lines := d.lines; lines != nil; {
		select {
		case l, open := <-lines:
			if !open { // the session has closed its output
				lines = nil
				continue
			}
			d.note("<", l.text)
			d.check(l.text)
			rest = append(rest, l)
		case <-deadline:
			return rest, false
		}
	}
	select {
	case <-d.done:
	case <-deadline:
		return rest, false
	}
	logWait(d.t, time.Since(start), "the end of the session")
	return rest, true
}

// endBy ends the session's input with quit, or by closing it (any other
// how), as a GUI does, and returns the lines it writes before it ends,
// which it must within wait.
func (d *driver) endBy(how string, wait time.Duration) []string {
	d.t.Helper()
	start := time.Now()
	if how == "quit" {
		d.send("quit")
	} else {
		d.endInput()
	}
	rest, ok := d.endedWithin(wait)
	if !ok {
		d.fail("the session did not end within %v of %s", wait, how)
	}
	d.t.Logf("%s: the session ended after %v", how, time.Since(start).Round(time.Millisecond))
	return texts(rest)
}

// ended waits for the session to end within answerWait, and returns the
// lines it wrote that were not read, each checked.
func (d *driver) ended() []string {
	d.t.Helper()
	rest, ok := d.endedWithin(answerWait)
	if !ok {
		d.fail("the session did not end within %v", answerWait)
	}
	return texts(rest)
}

// texts are the lines' texts.
func texts(lines []outputLine) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.text
	}
	return out
}

// close ends the input and waits for the session to end.
func (d *driver) close() {
	d.once.Do(func() {
		d.in.Close()
		select {
		case <-d.done:
		case <-time.After(answerWait):
			d.t.Errorf("the session did not end within %v of the end of its input", answerWait)
		}
	})
}

// position returns the engine's position, once the session is idle (after
// a sync with no search running).
func (d *dialogue[S]) position() Position { return d.e.Position }

// --- The protocols' lines -------------------------------------------------------

// moveLine finds the CECP "move" line among lines, and returns its move.
func moveLine(lines []string) (string, bool) {
	for _, l := range lines {
		if m, ok := strings.CutPrefix(l, "move "); ok {
			return m, true
		}
	}
	return "", false
}

// isMove reports whether a line is CECP's move.
func isMove(s string) bool { return strings.HasPrefix(s, "move ") }

// isBestmove reports whether a line is UCI's bestmove.
func isBestmove(l string) bool { return strings.HasPrefix(l, "bestmove ") }

// thinkingDepth reads the depth of a CECP thinking line (ok false for any
// other line).
func thinkingDepth(line string) (depth int, ok bool) {
	f := strings.Fields(line)
	if len(f) < 5 {
		return 0, false
	}
	depth, err := strconv.Atoi(f[0])
	return depth, err == nil
}

// notThinking is lines without the CECP thinking lines among them.
func notThinking(lines []string) []string {
	var out []string
	for _, l := range lines {
		if _, thinking := thinkingDepth(l); !thinking {
			out = append(out, l)
		}
	}
	return out
}

// uciInfo is what the tests read from a UCI info line.
type uciInfo struct {
	depth, nodes, ms int
	hasDepth         bool
	score            string // "cp 15", "mate 2", or "" if none
	pv               []string
}

// infoPattern is the form of every info line but info string.
var infoPattern = regexp.MustCompile(`^info( depth \d+ score (cp -?\d+|mate -?\d+))? nodes \d+ nps \d+ time \d+( pv( [a-h][1-8][a-h][1-8][qrbn]?)+)?$`)

// parseInfo reads an info line (ok false for any other line).
func parseInfo(l string) (info uciInfo, ok bool) {
	if !infoPattern.MatchString(l) {
		return info, false
	}
	f := strings.Fields(l)
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth":
			info.depth, _ = strconv.Atoi(f[i+1])
			info.hasDepth = true
		case "score":
			info.score = f[i+1] + " " + f[i+2]
		case "nodes":
			info.nodes, _ = strconv.Atoi(f[i+1])
		case "time":
			info.ms, _ = strconv.Atoi(f[i+1])
		case "pv":
			info.pv = f[i+1:]
			return info, true
		}
	}
	return info, true
}

// bestmoveOf reads a bestmove line: the move and the ponder move, if any.
func bestmoveOf(t *testing.T, l string) (best, ponder string) {
	t.Helper()
	f := strings.Fields(l)
	switch {
	case len(f) == 2 && f[0] == "bestmove":
		return f[1], ""
	case len(f) == 4 && f[0] == "bestmove" && f[2] == "ponder":
		return f[1], f[3]
	}
	t.Fatalf("not a bestmove line: %q", l)
	return "", ""
}

// pvMoves plays the moves of pv from root, and fails the test at one that
// is not legal there (what names the line they come from).
func pvMoves(t *testing.T, root Position, pv []string, what string) []Move {
	t.Helper()
	var moves []Move
	p := root
	for _, text := range pv {
		m, ok := p.parseMove(text)
		if !ok {
			t.Fatalf("%s: %s is not legal in %s", what, text, fenOf(&p))
		}
		p.makeMove(m)
		moves = append(moves, m)
	}
	return moves
}

// checkSearch checks the output of one UCI search from position root in
// game: every line an info line, each PV legal and not going on past the
// end of the game, a score before the bestmove, and the bestmove legal, the
// first move of the last PV, with a legal ponder move. It returns the info
// lines with a depth, and the bestmove.
func checkSearch(t *testing.T, game *gameRecord, got []string) (iterations []uciInfo, best, ponder string) {
	t.Helper()
	root := game.current().pos
	scored := false
	var lastPV []string
	for _, l := range got[:len(got)-1] {
		if strings.HasPrefix(l, "info string ") {
			continue
		}
		info, ok := parseInfo(l)
		if !ok {
			t.Fatalf("not an info line: %q", l)
		}
		scored = scored || info.score != ""
		if len(info.pv) > 0 {
			lastPV = info.pv
			pv := pvMoves(t, root, info.pv, fmt.Sprintf("%q", l))
			if n := game.pvLength(pv); n != len(pv) {
				t.Errorf("%q goes on past the end of the game after %d moves", l, n)
			}
		}
		if info.hasDepth {
			iterations = append(iterations, info)
		}
	}
	if !scored {
		t.Errorf("no score before the bestmove: %q", got)
	}
	best, ponder = bestmoveOf(t, got[len(got)-1])
	if best == "0000" {
		if root.hasLegalMove() {
			t.Errorf("bestmove 0000 with legal moves in %s", fenOf(&root))
		}
		return iterations, best, ponder
	}
	m, ok := root.parseMove(best)
	if !ok || m.String() != best {
		t.Fatalf("bestmove %s is not legal in %s", best, fenOf(&root))
	}
	if lastPV != nil && lastPV[0] != best {
		t.Errorf("bestmove %s, last PV %v", best, lastPV)
	}
	if ponder != "" {
		after := root
		after.makeMove(m)
		if _, ok := after.parseMove(ponder); !ok {
			t.Errorf("ponder move %s is not legal after %s", ponder, best)
		}
	}
	return iterations, best, ponder
}

// must fails the test at once if err is not nil.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// readFile reads a file, or fails the test.
func readFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	must(t, err)
	return data
}
