package main

// Model-based protocol tests. A driver sends random but well-formed command
// sequences to a session, CECP or UCI, at random moments (many while a
// search runs), and checks every line the session writes against a model of
// the protocol: what the engine may write after the commands it has been
// sent, in that order.
//
// The engine reads commands at moments the driver does not see, and its
// searches end when they end, so the model is nondeterministic: it keeps
// every state the engine could be in (a small set) and, for each line that
// arrives, the states that can write it next, having read at most the
// commands sent before the line arrived. An empty set is a failure, shown
// with the end of the transcript and the seed that reproduces the sequence
// (doc/testing.md's "Model tests" says how to run more).
//
// A sequence is one game: from the first command to quit or the end of
// input. The commands are drawn from the seed; where the engine's moves
// depend on time ("?", time controls) the rest follows the engine's moves.

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	modelSeqs = flag.Int("model.seqs", 0, "sequences per protocol for TestModel* (0: 8, or with UMAX_FULL=1 as many as fit in -model.time)")
	modelTime = flag.Duration("model.time", 20*time.Second, "time per protocol for TestModel* with UMAX_FULL=1 when -model.seqs is 0")
	modelSeed = flag.Uint64("model.seed", 1, "seed of TestModel*'s first sequence (the others follow it)")
)

// --- The driver ------------------------------------------------------------

// modelDriver is what the CECP and UCI drivers share: the driver of the
// session, the random choices of the sequence, and the time each command
// was sent. A line cannot answer a command sent after it arrived: a
// command's time is taken before it is written to the session, a line's
// after the session wrote it.
type modelDriver struct {
	*driver
	name   string // the protocol, for failures
	rng    *rand.Rand
	seed   uint64
	sentAt []time.Time
	lines  int                          // the lines read
	model  func(line string, limit int) // the model takes a line the engine wrote, having read at most limit commands
}

// startModelDriver starts the session open makes, and its driver.
func startModelDriver(t *testing.T, name string, seed, stream uint64, model func(string, int), open func(rng *rand.Rand, out io.Writer) func(io.Reader)) *modelDriver {
	d := &modelDriver{name: name, rng: rand.New(rand.NewPCG(seed, stream)), seed: seed, model: model}
	d.driver = serveDriver(t, anyProtocol, func(out io.Writer) func(io.Reader) { return open(d.rng, out) })
	d.keep = 40
	return d
}

func (d *modelDriver) fail(format string, args ...any) {
	d.t.Helper()
	d.driver.fail("%s sequence of seed %d: %s", d.name, d.seed, fmt.Sprintf(format, args...))
}

// write notes the time of a command and sends it.
func (d *modelDriver) write(text string) {
	d.sentAt = append(d.sentAt, time.Now())
	if text == eofMark {
		d.endInput()
		return
	}
	d.send(text)
}

// eofMark stands for the end of input among the commands.
const eofMark = "<end of input>"

// take gives the model a line the session wrote.
func (d *modelDriver) take(l outputLine) {
	d.t.Helper()
	d.lines++
	d.model(l.text, sort.Search(len(d.sentAt), func(i int) bool { return d.sentAt[i].After(l.at) }))
}

// await gives the model the lines that arrive, up to and including the
// first for which stop is true, which must come within wait.
func (d *modelDriver) await(what string, wait time.Duration, stop func(string) bool) {
	d.t.Helper()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		l := d.read(timer, wait, what)
		d.take(l)
		if stop(l.text) {
			return
		}
	}
}

// end sends quit, or ends the input (end(eofMark)) at a random moment, and
// gives the model the lines the session writes before it ends, which it
// must within a second.
func (d *modelDriver) end(last func(text string)) {
	d.t.Helper()
	pause(d.rng)
	at := time.Now()
	if d.rng.IntN(2) == 0 {
		last("quit")
	} else {
		last(eofMark)
	}
	rest, ok := d.endedWithin(10 * time.Second)
	if !ok {
		d.fail("the session did not end")
	}
	if took := time.Since(at); took > time.Second {
		d.fail("the session took %v to end", took)
	}
	for _, l := range rest {
		d.take(l)
	}
}

// pause waits a random moment: often none, mostly a few milliseconds.
func pause(rng *rand.Rand) {
	if rng.IntN(3) > 0 {
		time.Sleep(time.Duration(rng.ExpFloat64() * float64(3*time.Millisecond)))
	}
}

func (d *modelDriver) pick(list ...string) string { return list[d.rng.IntN(len(list))] }

// --- Nondeterminism ----------------------------------------------------------

// oracle answers the choices of one run of a model's transition: the path
// given, then false, noting that the path was too short.
type oracle struct {
	path  []bool
	i     int
	short bool
}

func (o *oracle) choose() bool {
	if o.i < len(o.path) {
		o.i++
		return o.path[o.i-1]
	}
	o.short = true
	return false
}

// model is a protocol model's state: steps are the engine's moves no line
// shows, having read at most limit commands (reading the next command, a
// search ending unseen); consume is the engine writing line next.
type model[M any] interface {
	clone() M
	key() string
	steps(limit int) []M
	consume(line string, o *oracle) bool
}

// explore runs f on copies of m, once for every sequence of choices f can
// make, and returns the copies on which it succeeded.
func explore[M model[M]](m M, f func(M, *oracle) bool) []M {
	var out []M
	todo := [][]bool{nil}
	for len(todo) > 0 {
		path := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		c := m.clone()
		o := &oracle{path: path}
		ok := f(c, o)
		if o.short {
			todo = append(todo, append(slices.Clip(path), false), append(slices.Clip(path), true))
			continue
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// advance returns the states that can write line next, having read at most
// limit commands: each state may first take steps, then must write line;
// it fails d's test if there are none (or too many to follow).
func advance[M model[M]](d *modelDriver, states []M, line string, limit int) []M {
	d.t.Helper()
	taken := map[string]bool{}
	var out []M
	for _, s := range closure(states, limit) {
		for _, c := range explore(s, func(c M, o *oracle) bool { return c.consume(line, o) }) {
			if k := c.key(); !taken[k] {
				taken[k] = true
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 || len(out) > 2000 {
		d.fail("%q cannot be written here (%d states)", line, len(out))
	}
	return out
}

// closure returns states and every state they can reach by steps, having
// read at most limit commands.
func closure[M model[M]](states []M, limit int) []M {
	states = slices.Clone(states) // a stack of its own: the caller's states stay as they are
	seen := map[string]bool{}
	var out []M
	for len(states) > 0 {
		s := states[len(states)-1]
		states = states[:len(states)-1]
		if k := s.key(); !seen[k] {
			seen[k] = true
			out = append(out, s)
			states = append(states, s.steps(limit)...)
		}
	}
	return out
}

// want is a line the engine has written that has not yet arrived.
type want struct {
	desc  string
	match func(string) bool
}

func wantLine(line string) want {
	return want{line, func(s string) bool { return s == line }}
}

func wantPrefix(prefix string) want {
	return want{prefix + "...", func(s string) bool { return strings.HasPrefix(s, prefix) }}
}

// wantLegalMove is a line "prefix MOVE" with a legal move of p.
func wantLegalMove(prefix string, p Position) want {
	return want{prefix + "(a legal move)", func(s string) bool {
		m, ok := strings.CutPrefix(s, prefix)
		_, legal := p.parseMove(m)
		return ok && legal
	}}
}

func owedKey(owed []want) string {
	var b strings.Builder
	for _, w := range owed {
		b.WriteString(w.desc + "|")
	}
	return b.String()
}

// gameKey names a game's positions well enough to tell states apart.
func gameKey(g *gameRecord) string {
	var b strings.Builder
	for _, p := range g.plies[1:] {
		b.WriteString(p.move.String() + " ")
	}
	fmt.Fprintf(&b, "%d %v", g.current().pos.side, g.current().pos.board[:128])
	return b.String()
}

// --- The rules of a game's end -----------------------------------------------
//
// The model's own, as the protocol and XBoard state them, so that it cannot
// share an error with the engine's game record: only the legal moves and
// check (the move generator, held to micro-Max and to perft by its own
// tests) are the engine's.

// moveShape is a word CECP's engine takes for a move, legal or not: letter
// digit letter digit and perhaps a promotion letter.
var moveShape = regexp.MustCompile(`^[a-zA-Z][0-9][a-zA-Z][0-9][a-zA-Z]?$`)

// modelEnd is the result line the game's current position calls for ("" if
// none), and whether it is a draw that a player may claim or play on.
func modelEnd(g *gameRecord) (text string, claimable bool) {
	p := &g.current().pos
	switch {
	case len(p.legalMoves()) == 0 && !p.inCheck():
		return "1/2-1/2 {Stalemate}", false
	case len(p.legalMoves()) == 0 && p.side == white:
		return "0-1 {Black mates}", false
	case len(p.legalMoves()) == 0:
		return "1-0 {White mates}", false
	case bareKings(p):
		return "1/2-1/2 {Insufficient mating material}", false
	case quietPlies(g) >= 100:
		return "1/2-1/2 {Draw by 50-move rule}", true
	case repeated(g) >= 2:
		return "1/2-1/2 {Draw by repetition}", true
	}
	return "", false
}

// bareKings: no pawn, rook or queen, and at most one knight and no bishop,
// or bishops on squares of one colour only.
func bareKings(p *Position) bool {
	count := map[int]int{}
	colours := map[int]bool{}
	for rank := 0; rank < 8; rank++ {
		for file := 0; file < 8; file++ {
			kind := int(p.board[16*rank+file] & 7)
			count[kind]++
			if kind == 5 {
				colours[(rank+file)%2] = true
			}
		}
	}
	minors := count[3] + count[5]
	return count[1]+count[2]+count[6]+count[7] == 0 && (minors <= 1 || count[3] == 0 && len(colours) == 1)
}

// quiet reports whether the move that led to ply i moved no pawn and
// captured nothing.
func quiet(g *gameRecord, i int) bool {
	before := &g.plies[i-1].pos.board
	m := g.plies[i].move
	return before[m.from]&7 > 2 && before[m.to] == 0
}

// quietPlies counts the plies since the last capture or pawn move, the
// set-up's halfmove clock included.
func quietPlies(g *gameRecord) int {
	n := 0
	for i := g.length(); i > 0; i-- {
		if !quiet(g, i) {
			return n
		}
		n++
	}
	return n + g.plies[0].rule50 // what the set-up's FEN said
}

// epPossible reports whether XBoard would count ply i as a position where
// an e.p. capture is possible: after a double step beside an enemy pawn, or
// a set-up position with an e.p. square.
func epPossible(g *gameRecord, i int) bool {
	if i == 0 {
		return g.plies[0].epMarked // what the set-up's FEN said
	}
	m, after := g.plies[i].move, &g.plies[i].pos.board
	pawn := int(after[m.to] & 7)
	if pawn > 2 || m.to-m.from != 32 && m.from-m.to != 32 {
		return false
	}
	for _, sq := range []int{m.to - 1, m.to + 1} {
		if sq&0x88 == 0 && after[sq] != 0 && int(after[sq]&7) == 3-pawn {
			return true
		}
	}
	return false
}

// samePlace reports whether two positions are the same for the repetition
// rule: the pieces (type and colour) on every square, the side to move, and
// the castling rights (king and rook unmoved at home).
func samePlace(p, q *Position) bool {
	if p.side != q.side {
		return false
	}
	for rank := 0; rank < 8; rank++ {
		for file := 0; file < 8; file++ {
			if p.board[16*rank+file]&31 != q.board[16*rank+file]&31 {
				return false
			}
		}
	}
	return rights(p) == rights(q)
}

// rights are the castling rights left: for each corner, whether an unmoved
// king and an unmoved rook stand at home.
func rights(p *Position) [4]bool {
	var r [4]bool
	for i, c := range [4][3]int{{116, 119, white}, {116, 112, white}, {4, 7, black}, {4, 0, black}} {
		r[i] = int(p.board[c[0]]) == c[2]+4 && int(p.board[c[1]]) == c[2]+6
	}
	return r
}

// repeated counts the earlier occurrences of the current position that a
// claim counts: back over quiet moves only, at most 100 plies, and never a
// position in which an e.p. capture was possible.
func repeated(g *gameRecord) int {
	n, count := g.length(), 0
	for k := n - 2; k >= 0 && k >= n-100 && quiet(g, k+1) && quiet(g, k+2) && !epPossible(g, k); k -= 2 {
		if samePlace(&g.plies[k].pos, &g.current().pos) {
			count++
		}
	}
	return count
}

// --- The CECP model ----------------------------------------------------------

// cecpCmd is a command the driver sent, with the answer a bad one must get.
type cecpCmd struct {
	text   string
	answer string // the line a deliberately bad command is answered with
}

type searchKind int

const (
	noSearch  searchKind = iota
	onMove               // the engine's search for its move
	analysing            // analyze mode
	pondering            // on the opponent's time
)

// cecpModel is what the engine may be doing after reading r commands.
type cecpModel struct {
	sent        *[]cecpCmd
	r           int
	game        gameRecord
	force       bool
	analyzing   bool
	ponder      bool
	illegal     bool // a refused setboard
	quit        bool
	engineSide  int
	engineMoved bool // the last move was the engine's: it may hold a hint, and ponder on it
	claims      int  // claimable draws: 0 not known (it depends on the engine's score), 1 claimed, 2 played on
	search      searchKind
	discarded   bool  // the search was stopped by a waiting command; it writes nothing more
	queue       []int // commands waiting for the search to end
	owed        []want
}

func (m *cecpModel) clone() *cecpModel {
	c := *m
	c.game.plies = slices.Clone(m.game.plies)
	c.queue = slices.Clone(m.queue)
	c.owed = slices.Clone(m.owed)
	return &c
}

func (m *cecpModel) key() string {
	return fmt.Sprint(m.r, m.force, m.analyzing, m.ponder, m.illegal, m.quit, m.engineSide, m.engineMoved,
		m.claims, m.search, m.discarded, m.queue, owedKey(m.owed), gameKey(&m.game))
}

func (m *cecpModel) pos() *Position { return &m.game.current().pos }

func (m *cecpModel) owe(w want) { m.owed = append(m.owed, w) }

// cecpKinds is the protocol's rule for a command that arrives while the
// engine thinks: urgent ones are answered at once, anytime ones at once
// unless others wait, and the rest wait for the search to end, the
// stoppers ending it (an analysis or a ponder search ends for any of them).
var cecpKinds = func() map[string]string {
	k := map[string]string{}
	for _, c := range strings.Fields("? post nopost .") {
		k[c] = "urgent"
	}
	for _, c := range strings.Fields("xboard protover accepted rejected random level st sd time otim hint draw bk hard easy name rating ics computer cores nps") {
		k[c] = "anytime"
	}
	for _, c := range strings.Fields("new variant quit force playother white black result setboard undo remove analyze exit") {
		k[c] = "stops"
	}
	for _, c := range strings.Fields("go usermove ping memory option") {
		k[c] = "waits"
	}
	return k
}()

// cecpName is the command a line is: its first word, "usermove" for a bare
// move, "" for an unknown command.
func cecpName(text string) (name, args string) {
	name, args, _ = strings.Cut(strings.TrimSpace(text), " ")
	if _, ok := cecpKinds[name]; ok {
		return name, strings.TrimSpace(args)
	}
	if moveShape.MatchString(name) && args == "" {
		return "usermove", name
	}
	return "", text
}

func classifyModel(name string, notOnMove, queueEmpty bool) (atOnce, stops bool) {
	kind := cecpKinds[name]
	switch {
	case name == "" || kind == "urgent":
		return true, false
	case queueEmpty && (kind == "anytime" || notOnMove && name == "ping"):
		return true, false
	}
	return false, notOnMove || kind == "stops"
}

// queueStops: a waiting command would stop a search started now.
func (m *cecpModel) queueStops(notOnMove bool) bool {
	empty := true
	for _, i := range m.queue {
		name, _ := cecpName((*m.sent)[i].text)
		atOnce, stops := classifyModel(name, notOnMove, empty)
		if stops {
			return true
		}
		empty = empty && atOnce
	}
	return false
}

// result is the result line the game's position calls for, if any.
// Whether a draw by repetition or the 50-move rule is claimed depends on
// the engine's last score, which the model does not know: both are
// possible, until the engine's next move.
func (m *cecpModel) result(o *oracle) (string, bool) {
	text, claimable := modelEnd(&m.game)
	if text == "" {
		return "", false
	}
	if claimable {
		if m.claims == 0 {
			m.claims = 2
			if o.choose() {
				m.claims = 1
			}
		}
		if m.claims == 2 {
			return "", false
		}
	}
	return text, true
}

func (m *cecpModel) setGame(st setup) {
	m.game.reset(st)
	m.illegal, m.engineMoved, m.claims = false, false, 1
}

func (m *cecpModel) push(mv Move) {
	p := *m.pos()
	p.makeMove(mv)
	m.game.push(mv, p)
}

// execute is what command i does.
func (m *cecpModel) execute(i int, o *oracle) {
	c := (*m.sent)[i]
	if c.text == eofMark {
		m.quit = true
		return
	}
	if c.answer != "" {
		m.owe(wantLine(c.answer))
		return
	}
	name, args := cecpName(c.text)
	switch name {
	case "":
		m.owe(wantLine("Error (unknown command): " + printable(strings.TrimSpace(c.text))))
	case "protover":
		m.owe(wantPrefix("feature "))
		for _, o := range options {
			if o.cecp != "" {
				m.owe(wantPrefix("feature option="))
			}
		}
		m.owe(wantLine("feature done=1"))
	case "ping":
		m.owe(wantLine("pong " + args))
	case "new":
		m.setGame(setup{pos: newGame()})
		m.force, m.engineSide = false, black
	case "force", "result":
		m.force = true
	case "quit":
		m.quit = true
	case "go":
		m.force, m.engineSide = false, m.pos().side
		if r, ok := m.result(o); ok {
			m.owe(wantLine(r))
		}
	case "playother":
		m.force, m.engineSide = false, m.pos().side^(white|black)
	case "usermove":
		mv, ok := m.pos().parseMove(args)
		if m.illegal || !ok {
			m.owe(wantLine("Illegal move: " + printable(args)))
			return
		}
		m.push(mv)
		m.engineMoved = false
		if !m.force && !m.analyzing && m.engineSide == m.pos().side {
			if r, ok := m.result(o); ok {
				m.owe(wantLine(r))
			}
		}
	case "undo", "remove":
		n := 1
		if name == "remove" {
			n = 2
		}
		if m.illegal || !m.game.undo(n) {
			m.owe(wantLine("Error (command not legal now): " + name))
			return
		}
		m.engineMoved = false
	case "setboard":
		st, err := parseFEN(args)
		if err != nil {
			m.owe(wantLine("tellusererror Illegal position"))
			m.illegal, m.engineMoved = true, false
			return
		}
		m.setGame(st)
	case "hard":
		m.ponder = true
	case "easy":
		m.ponder = false
		if m.search == pondering {
			m.search, m.discarded = noSearch, false // stopped, and gone before the next command
		}
	case "analyze":
		m.analyzing, m.force = true, true
	case "exit":
		if !m.analyzing {
			m.owe(wantLine("Error (command not legal now): exit"))
			return
		}
		m.analyzing, m.force = false, true
	case ".":
		if m.analyzing {
			m.owe(want{"stat01", regexp.MustCompile(`^stat01: \d+ \d+ \d+ \d+ \d+$`).MatchString})
		}
	case "hint":
		switch {
		case m.search == pondering:
			m.owe(wantLegalMove("Hint: ", *m.pos()))
		case m.search == analysing || m.search == noSearch && m.engineMoved && !m.illegal:
			if o.choose() {
				m.owe(wantLegalMove("Hint: ", *m.pos()))
			}
		}
	}
}

// maybeSearch starts a search if the engine is to think.
func (m *cecpModel) maybeSearch(o *oracle) {
	if m.search != noSearch || m.quit || m.illegal {
		return
	}
	if m.analyzing {
		if m.pos().hasLegalMove() && !m.queueStops(true) {
			m.start(analysing, o)
		}
		return
	}
	_, over := m.result(o)
	if m.force || m.engineSide != m.pos().side || over {
		if m.ponder && !m.force && m.engineSide != m.pos().side && m.engineMoved && !over && !m.queueStops(true) && o.choose() {
			m.start(pondering, o)
		}
		return
	}
	if !m.queueStops(false) {
		m.start(onMove, o)
	}
}

// start starts a search; the commands waiting are taken as if they came now.
func (m *cecpModel) start(kind searchKind, o *oracle) {
	m.search, m.discarded = kind, false
	waiting := m.queue
	m.queue = nil
	for j, i := range waiting {
		if m.search == noSearch { // "easy" stopped a ponder search: the rest waits for the loop
			m.queue = append(m.queue, waiting[j:]...)
			return
		}
		m.receive(i, o)
	}
}

// receive takes command i while a search runs.
func (m *cecpModel) receive(i int, o *oracle) {
	c := (*m.sent)[i]
	if c.text == eofMark {
		m.search, m.discarded, m.queue, m.quit = noSearch, false, nil, true
		return
	}
	name, args := cecpName(c.text)
	if m.search == pondering && !m.discarded && len(m.queue) == 0 && name == "usermove" && c.answer == "" {
		if mv, ok := m.pos().parseMove(args); ok && o.choose() { // the move pondered on
			m.push(mv)
			m.engineMoved = false
			m.search = onMove
			if r, ok := m.result(o); ok {
				m.discarded = true
				m.owe(wantLine(r))
			}
			return
		}
	}
	atOnce, stops := classifyModel(name, m.search != onMove, len(m.queue) == 0)
	if atOnce {
		m.execute(i, o)
		return
	}
	m.queue = append(m.queue, i)
	if stops {
		m.discarded = true
	}
}

// settle is the session's loop between lines: the commands that waited
// run once no search runs, and a search may start.
func (m *cecpModel) settle(o *oracle) {
	for !m.quit {
		if m.search == noSearch && len(m.queue) > 0 {
			i := m.queue[0]
			m.queue = m.queue[1:]
			m.execute(i, o)
			m.maybeSearch(o)
			continue
		}
		m.maybeSearch(o)
		return
	}
}

// steps are the engine's moves no line shows: reading the next of the
// first limit commands, and a stopped search ending.
func (m *cecpModel) steps(limit int) []*cecpModel {
	var out []*cecpModel
	if m.r < limit && !m.quit {
		out = append(out, explore(m, func(c *cecpModel, o *oracle) bool {
			i := c.r
			c.r++
			if c.search == noSearch {
				c.execute(i, o)
			} else {
				c.receive(i, o)
			}
			c.settle(o)
			return true
		})...)
	}
	if m.search != noSearch && m.discarded {
		out = append(out, explore(m, func(c *cecpModel, o *oracle) bool {
			c.search, c.discarded = noSearch, false
			c.settle(o)
			return true
		})...)
	}
	return out
}

var thinkingForm = regexp.MustCompile(`^\d+ -?\d+ \d+ \d+ ?((?: [a-h][1-8][a-h][1-8][qrbn]?)*)$`)

// consume is the engine writing line next.
func (m *cecpModel) consume(line string, o *oracle) bool {
	if len(m.owed) > 0 && m.owed[0].match(line) {
		m.owed = m.owed[1:]
		return true
	}
	if t := thinkingForm.FindStringSubmatch(line); t != nil {
		// thinking output, from a search that has not been stopped, and
		// whose PV starts with a legal move
		pv := strings.Fields(t[1])
		if len(pv) > 0 {
			if _, ok := m.pos().parseMove(pv[0]); !ok {
				return false
			}
		}
		return m.search != noSearch && !m.discarded
	}
	text, isMove := strings.CutPrefix(line, "move ")
	if !isMove || len(m.owed) > 0 || m.search != onMove || m.discarded {
		return false
	}
	mv, ok := m.pos().parseMove(text)
	if !ok {
		return false
	}
	m.push(mv)
	m.search, m.engineMoved, m.claims = noSearch, true, 0
	if r, ok := m.result(o); ok {
		m.owe(wantLine(r))
	}
	m.settle(o)
	return true
}

// --- The CECP driver ---------------------------------------------------------

// modelFENs are set-up positions for setboard and position fen: quiet and
// sharp ones, mates and stalemates in one, draws near by rule, and broken
// ones (which must be refused).
var modelFENs = []struct {
	fen string
	ok  bool
}{
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true},
	{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", true}, // Qxf7 mates
	{"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", true},                                      // mates and stalemates in one
	{"8/8/8/8/8/8/k7/1q5K w - - 0 1", true},                                       // White in check, one move
	{"7k/8/8/8/8/8/8/7K w - - 0 1", true},                                         // no mating material
	{"4k3/8/8/8/8/8/4P3/4K3 w - - 98 80", true},                                   // the 50-move rule in two plies
	{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", true},                                      // promotions
	{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", true},                                // castling
	{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", true},                                   // e.p.
	{"8/8/8/8/8/8/8/8 w - - 0 1", false},
	{"rnbqkbnr/pppppppp/8/8 w KQkq - 0 1", false},
	{"4k3/8/8/8/8/8/8/4K2p w - - 0 1", false},
	{"4k3/8/8/8/8/8/8/R3K3 x - - 0 1", false},
}

// cecpDriver plays one sequence.
type cecpDriver struct {
	*modelDriver
	sent   []cecpCmd
	states []*cecpModel
}

func (d *cecpDriver) send(text, answer string) {
	d.sent = append(d.sent, cecpCmd{text, answer})
	d.write(text)
}

// consume gives the model a line the engine wrote.
func (d *cecpDriver) consume(line string, limit int) {
	d.t.Helper()
	if !strings.HasPrefix(line, "#") { // comments (statistics, castling rights dropped)
		d.states = advance(d.modelDriver, d.states, line, limit)
	}
}

// sync sends a ping and waits for its pong; then the model knows where
// the engine is.
func (d *cecpDriver) sync() *cecpModel {
	d.t.Helper()
	d.pings++
	pong := "pong " + strconv.Itoa(d.pings)
	// The pong is owed at once unless the engine may be thinking on its
	// move when it reads the ping (analysing and pondering answer at once).
	wait, all := answerWait, len(d.sent)
	for _, m := range closure(d.states, all) {
		if m.search == onMove {
			wait = 30 * time.Second
			break
		}
	}
	d.send("ping "+strconv.Itoa(d.pings), "")
	d.await(strconv.Quote(pong), wait, func(s string) bool { return s == pong })
	// Every state has read every command now (the ping was the last).
	var rest []*cecpModel
	for _, s := range d.states {
		if s.r == len(d.sent) && len(s.owed) == 0 {
			rest = append(rest, s)
		}
	}
	if len(rest) == 0 {
		d.fail("after %q the model still owes lines", pong)
	}
	d.states = rest
	return rest[0]
}

// anytime sends one of the commands a GUI sends while the engine thinks.
func (d *cecpDriver) anytime() {
	switch r := d.rng.IntN(16); r {
	case 2:
		d.pings++
		d.send("ping "+strconv.Itoa(d.pings), "")
	case 3:
		d.send(d.pick("post", "nopost"), "")
	case 4:
		d.send(fmt.Sprintf("time %d", 50+d.rng.IntN(3000)), "")
		d.send(fmt.Sprintf("otim %d", 50+d.rng.IntN(3000)), "")
	case 10:
		d.send(d.pick("hard", "easy"), "")
	default: // a command, and the answer it must get if it is a bad one
		c := [16][2]string{0: {"?"}, 1: {"?"}, 5: {"hint"}, 6: {"."}, 7: {"force"}, 8: {"new"}, 9: {"result 1/2-1/2 {adjudication}"},
			11: {"xyzzy 42", "Error (unknown command): xyzzy 42"}, 12: {"usermove z9z9", "Illegal move: z9z9"}, 13: {"exit"},
			14: {"draw"}, 15: {"ping x", "Error (bad number): ping x"}}[r]
		d.send(c[0], c[1])
	}
}

// step sends one batch of commands from the state the engine is known to
// be in, perhaps some more while it thinks, and a ping.
func (d *cecpDriver) step(m *cecpModel) {
	p := m.pos()
	legal := p.legalMoves()
	canMove := len(legal) > 0 && (m.force || m.analyzing || p.side != m.engineSide)
	switch r := d.rng.IntN(30); {
	case r < 10 && canMove:
		mv := legal[d.rng.IntN(len(legal))]
		if d.rng.IntN(4) == 0 {
			d.send(mv.String(), "")
		} else {
			d.send("usermove "+mv.String(), "")
		}
	case r < 13 && !m.analyzing:
		d.send("go", "")
	case r < 14:
		d.send("force", "")
	case r < 15:
		d.send("new", "")
	case r < 16:
		f := modelFENs[d.rng.IntN(len(modelFENs))]
		if d.rng.IntN(2) == 0 {
			d.send("force", "")
		}
		d.send("setboard "+f.fen, "")
	case r < 18:
		d.send(d.pick("undo", "remove"), "")
	case r < 19:
		d.send(d.pick("analyze", "exit"), "")
	case r < 21:
		d.send(d.pick("st 0.02", "st 0.1", "sd 2", "sd 4", "level 40 0:05 0", "level 0 0:02 0.1", "level 0 1 0",
			"time 500", "otim 500", "time 20", "nps 0"), "")
	case r < 22:
		d.send(d.pick("hard", "easy", "post", "nopost", "random", "computer", "name Fairy-Max", "rating 2000 1900",
			"cores 1", "memory 1", "option Futility pruning=0", "option Futility pruning=1", "accepted ping", "variant normal"), "")
	case r < 24:
		bad := [][2]string{{"level 1", "Error (bad time control): level 1"}, {"sd 0", "Error (bad depth): sd 0"},
			{"st -3", "Error (bad time per move): st -3"}, {"e9e4", "Illegal move: e9e4"},
			{"option Nothing=1", "Error (unknown option): option Nothing=1"}, {"usermove a1a1", "Illegal move: a1a1"}}[d.rng.IntN(6)]
		d.send(bad[0], bad[1])
	case r < 25:
		d.send(".", "")
	case r < 26:
		d.send("hint", "")
	default:
		d.send("?", "")
	}
	for n := d.rng.IntN(4); n > 0; n-- { // more, perhaps while it thinks
		pause(d.rng)
		d.anytime()
	}
}

// runCECPSequence plays one sequence of seed: the commands of a game and
// more, to quit or the end of input.
func runCECPSequence(t *testing.T, seed uint64) (commands, lines int) {
	t.Helper()
	e := smallEngine()
	d := &cecpDriver{}
	d.modelDriver = startModelDriver(t, "CECP", seed, 0x6d6f64656c, d.consume, func(rng *rand.Rand, out io.Writer) func(io.Reader) {
		return newSession(e, out, config{nodeBudget: 3000 + rng.IntN(100000), lab: true}).serve
	})
	start := &cecpModel{sent: &d.sent, engineSide: black}
	start.setGame(setup{pos: newGame()})
	d.states = []*cecpModel{start}
	d.send("xboard", "")
	d.send("protover 2", "")
	if d.rng.IntN(5) > 0 {
		d.send("post", "")
	}
	for n := 10 + d.rng.IntN(60); n > 0; n-- {
		d.step(d.sync())
	}
	d.sync()
	if d.rng.IntN(4) == 0 {
		d.step(d.states[0]) // the end comes while the engine may think
	}
	d.end(func(text string) { d.send(text, "") })
	// The session has ended: it has read quit, or every command.
	all := len(d.sent)
	for _, s := range closure(d.states, all) {
		if len(s.owed) == 0 && s.quit {
			return len(d.sent), d.lines
		}
	}
	d.fail("the session ended owing lines")
	return 0, 0
}

// modelQuickSeqs is how many sequences each model test plays without the
// switch (about 3 s here): the same ones every run.
const modelQuickSeqs = 8

// runModel plays sequences from the seed on: -model.seqs of them; without
// it, modelQuickSeqs, or with the switch on as many as fit in -model.time.
func runModel(t *testing.T, name string, run func(*testing.T, uint64) (int, int)) {
	deadline := time.Now().Add(*modelTime)
	want := *modelSeqs
	if want == 0 && reduced() {
		want = modelQuickSeqs
	}
	seqs, commands, lines := 0, 0, 0
	for seed := *modelSeed; ; seed++ {
		if want > 0 && seqs == want || want == 0 && time.Now().After(deadline) {
			break
		}
		c, l := run(t, seed)
		seqs, commands, lines = seqs+1, commands+c, lines+l
	}
	t.Logf("%s: %d sequences (seeds %d..%d), %d commands, %d lines checked", name, seqs, *modelSeed, *modelSeed+uint64(seqs)-1, commands, lines)
}

func TestModelCECP(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	runModel(t, "CECP", runCECPSequence)
}

// --- The UCI model -----------------------------------------------------------

// uciCmd is a command the driver sent; a position command carries the
// position it sets up (none if it is refused).
type uciCmd struct {
	text string
	pos  *Position
}

// uciModel is what the engine may be doing after reading r commands. UCI
// commands run in order as they come; a search runs beside them and ends
// with exactly one bestmove.
type uciModel struct {
	sent    *[]uciCmd
	r       int
	pos     Position // the position of the last position command
	running bool     // a search runs: its root, and whether it may end by itself
	root    Position
	// go infinite, and go ponder before ponderhit: the search does not end
	// by itself (unless there is no move), only at stop
	infinite   bool
	ponderWait bool
	stopped    bool
	ending     int // searches stopped by a command whose bestmove has not arrived
	quit       bool
	owed       []want
	searches   int
}

func (m *uciModel) clone() *uciModel {
	c := *m
	c.owed = slices.Clone(m.owed)
	return &c
}

func (m *uciModel) key() string {
	return fmt.Sprint(m.r, m.running, m.infinite, m.ponderWait, m.stopped, m.ending, m.quit, m.searches, owedKey(m.owed),
		m.pos.side, m.pos.board[:128], m.root.board[:128])
}

// wantBestmove is the bestmove of a search of root: 0000 if it has no
// legal move, else a legal move, and a legal ponder move after it.
func wantBestmove(root Position) want {
	return want{"bestmove", func(s string) bool { return validBestmove(root, s) }}
}

func validBestmove(root Position, s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 || f[0] != "bestmove" {
		return false
	}
	if f[1] == "0000" {
		return len(f) == 2 && !root.hasLegalMove()
	}
	mv, ok := root.parseMove(f[1])
	if !ok {
		return false
	}
	if len(f) == 2 {
		return true
	}
	root.makeMove(mv)
	_, ok = root.parseMove(f[3])
	return len(f) == 4 && f[2] == "ponder" && ok
}

// stopSearch: a running search is stopped and sends its bestmove before
// the next command runs.
func (m *uciModel) stopSearch() {
	if m.running {
		m.running = false
		m.ending++
		m.owe(wantBestmove(m.root))
	}
}

func (m *uciModel) owe(w want) { m.owed = append(m.owed, w) }

// steps: the engine reads the next of the first limit commands.
func (m *uciModel) steps(limit int) []*uciModel {
	if m.r == limit || m.quit {
		return nil
	}
	c := m.clone()
	c.read()
	return []*uciModel{c}
}

// read is the engine reading the next command.
func (m *uciModel) read() {
	c := (*m.sent)[m.r]
	m.r++
	if c.text == eofMark {
		m.stopSearch()
		m.quit = true
		return
	}
	name, args := uciWord(c.text)
	switch name {
	case "uci":
		m.owe(wantLine("id name " + engineTitle))
		m.owe(wantLine("id author " + uciAuthor))
		for _, o := range options {
			if o.uci != "" {
				m.owe(wantPrefix("option name "))
			}
		}
		m.owe(wantLine("uciok"))
	case "isready":
		m.owe(wantLine("readyok"))
	case "quit":
		m.stopSearch()
		m.quit = true
	case "stop":
		m.stopped = true
	case "ponderhit":
		m.ponderWait = false // a ponder search is a timed one now
	case "setoption", "ucinewgame", "position", "go":
		m.stopSearch()
		switch name {
		case "ucinewgame":
			m.pos = newGame()
		case "position":
			if c.pos != nil {
				m.pos = *c.pos
			}
		case "go":
			m.running, m.root, m.stopped, m.searches = true, m.pos, false, m.searches+1
			m.infinite, m.ponderWait = slices.Contains(args, "infinite"), slices.Contains(args, "ponder")
		}
	}
}

var uciInfoForm = regexp.MustCompile(`^info (depth \d+ score (cp|mate) -?\d+ )?nodes \d+ nps \d+ time \d+((?: pv)(?: [a-h][1-8][a-h][1-8][qrbn]?)+)?$`)

// consume is the engine writing line next.
func (m *uciModel) consume(line string, _ *oracle) bool {
	if len(m.owed) > 0 && m.owed[0].match(line) {
		if strings.HasPrefix(line, "bestmove") {
			m.ending--
		}
		m.owed = m.owed[1:]
		return true
	}
	if t := uciInfoForm.FindStringSubmatch(line); t != nil {
		// a search's progress: while one runs or is stopping; a PV of
		// legal moves from its root
		if m.running && m.ending == 0 && t[3] != "" {
			p := m.root
			for _, w := range strings.Fields(t[3])[1:] {
				mv, ok := p.parseMove(w)
				if !ok {
					return false
				}
				p.makeMove(mv)
			}
		}
		return m.running || m.ending > 0
	}
	if !strings.HasPrefix(line, "bestmove ") || len(m.owed) > 0 || !m.running ||
		(m.infinite || m.ponderWait) && !m.stopped && m.root.hasLegalMove() {
		return false
	}
	m.running = false
	return validBestmove(m.root, line)
}

// --- The UCI driver ----------------------------------------------------------

type uciDriver struct {
	*modelDriver
	sent     []uciCmd
	states   []*uciModel
	readyoks int // the readyok lines read
	// the game the driver sets up: a start and moves
	start Position
	base  string
	moves []string
}

func (d *uciDriver) send(text string, pos *Position) {
	d.sent = append(d.sent, uciCmd{text, pos})
	d.write(text)
}

// consume gives the model a line the engine wrote.
func (d *uciDriver) consume(line string, limit int) {
	d.t.Helper()
	if line == "readyok" {
		d.readyoks++
	}
	if !strings.HasPrefix(line, "info string ") { // what the engine tells about input it could not use
		d.states = advance(d.modelDriver, d.states, line, limit)
	}
}

// sync sends isready and waits for its readyok (which comes at once, also
// during a search).
func (d *uciDriver) sync() {
	d.t.Helper()
	d.send("isready", nil)
	n := 0
	for _, c := range d.sent {
		if name, _ := uciWord(c.text); name == "isready" {
			n++
		}
	}
	d.await("readyok", answerWait, func(string) bool { return d.readyoks == n })
}

// uciWord is the command of a line: its first word that is one, as the
// protocol asks ("joho debug on" is "debug on").
func uciWord(text string) (name string, args []string) {
	f := strings.Fields(text)
	for i, w := range f {
		if _, ok := uciCommands[w]; ok {
			return w, f[i+1:]
		}
	}
	return "", nil
}

// position sends a position command: the driver's game, often a move or
// two longer, sometimes another start, and if broken is true sometimes a
// broken one. (Every go follows a position that is not broken: after a
// broken one the engine's position is the last one, or that and the move
// it played, and the model would not know which.)
func (d *uciDriver) position(broken bool) {
	r := d.rng.IntN(12)
	if !broken && (r == 0 || r == 2) {
		r = 1
	}
	switch r {
	case 0:
		f := modelFENs[d.rng.IntN(len(modelFENs))]
		if st, err := parseFEN(f.fen); err == nil {
			d.start, d.base, d.moves = st.pos, "fen "+f.fen, nil
		} else {
			d.send("position fen "+f.fen, nil)
			return
		}
	case 1:
		d.start, d.base, d.moves = newGame(), "startpos", nil
	case 2:
		d.send("position startpos moves e2e4 e7e5 e1e3", nil)
		return
	case 3:
		if len(d.moves) > 0 {
			d.moves = d.moves[:d.rng.IntN(len(d.moves))]
		}
	}
	p := d.start
	for _, w := range d.moves {
		mv, _ := p.parseMove(w)
		p.makeMove(mv)
	}
	for n := d.rng.IntN(3); n > 0; n-- {
		legal := p.legalMoves()
		if len(legal) == 0 {
			break
		}
		mv := legal[d.rng.IntN(len(legal))]
		p.makeMove(mv)
		d.moves = append(d.moves, mv.String())
	}
	text := "position " + d.base
	if len(d.moves) > 0 {
		text += " moves " + strings.Join(d.moves, " ")
	}
	d.send(text, &p)
}

// goCommand sends a position and a go with limits a GUI sends.
func (d *uciDriver) goCommand() {
	d.position(false)
	switch d.rng.IntN(9) {
	case 0:
		d.send(fmt.Sprintf("go nodes %d", 100+d.rng.IntN(20000)), nil)
	case 1:
		d.send(fmt.Sprintf("go depth %d", 1+d.rng.IntN(4)), nil)
	case 2:
		d.send(fmt.Sprintf("go movetime %d", d.rng.IntN(40)), nil)
	case 3:
		d.send(fmt.Sprintf("go wtime %d btime %d winc 10 binc 10", d.rng.IntN(3000), d.rng.IntN(3000)), nil)
	case 4:
		d.send(fmt.Sprintf("go wtime %d btime %d movestogo %d", d.rng.IntN(2000), d.rng.IntN(2000), 1+d.rng.IntN(30)), nil)
	case 5:
		d.send("go infinite", nil)
	case 6:
		d.send(fmt.Sprintf("go ponder wtime %d btime %d", d.rng.IntN(1000), d.rng.IntN(1000)), nil)
	case 7:
		d.send("go searchmoves a2a3 e2e4 g8f6 nodes 3000", nil)
	default:
		d.send("go mate 2 nodes 5000", nil)
	}
}

// anytime sends a command a GUI may send while the engine thinks.
func (d *uciDriver) anytime() {
	switch r := d.rng.IntN(12); r {
	case 0, 1, 2, 3, 4, 5:
		d.send([]string{"stop", "stop", "stop", "ponderhit", "ponderhit", "isready"}[r], nil)
	case 6:
		d.goCommand()
	case 7:
		d.send(d.pick("setoption name Futility Pruning value false", "setoption name futility pruning value true",
			"setoption name Hash value 1", "setoption name Clear Hash", "setoption name Move Overhead value 5",
			"setoption name Hash value 0"), nil)
	case 8:
		d.send(d.pick("xyzzy", "debug off", "register later", "joho isready", ""), nil)
	case 9:
		d.send("ucinewgame", nil)
		d.start, d.base, d.moves = newGame(), "startpos", nil
	default:
		d.position(true)
	}
}

func runUCISequence(t *testing.T, seed uint64) (commands, lines int) {
	t.Helper()
	e := newEngine(minTableSize)
	d := &uciDriver{start: newGame(), base: "startpos"}
	d.modelDriver = startModelDriver(t, "UCI", seed, 0x756369, d.consume, func(rng *rand.Rand, out io.Writer) func(io.Reader) {
		return newUCISession(e, out, config{nodeBudget: 3000 + rng.IntN(100000), maxMemory: 2, lab: true}).serve
	})
	d.states = []*uciModel{{sent: &d.sent, pos: newGame()}}
	d.send("uci", nil)
	for n := 10 + d.rng.IntN(60); n > 0; n-- {
		d.sync()
		if d.rng.IntN(3) > 0 {
			d.goCommand()
		} else {
			d.anytime()
		}
		for n := d.rng.IntN(4); n > 0; n-- {
			pause(d.rng)
			d.anytime()
		}
	}
	d.end(func(text string) { d.send(text, nil) })
	// The session has ended: it has read quit, or every command.
	for _, s := range closure(d.states, len(d.sent)) {
		if len(s.owed) == 0 && !s.running && s.ending == 0 && s.quit {
			return len(d.sent), d.lines
		}
	}
	d.fail("the session ended without every bestmove (%d searches)", d.states[0].searches)
	return 0, 0
}

func TestModelUCI(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	runModel(t, "UCI", runUCISequence)
}

// TestModelFENs holds the model's set-up positions to what they are meant
// to be: playable, or refused.
func TestModelFENs(t *testing.T) {
	for _, f := range modelFENs {
		if _, err := parseFEN(f.fen); (err == nil) != f.ok {
			t.Errorf("%s: parseFEN says %v", f.fen, err)
		}
	}
}
