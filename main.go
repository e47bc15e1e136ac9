// Command umax is micro-Max 4.1, H.G. Muller's chess program of 1770
// characters of C, ported to Go node for node: for the same input it
// searches the same tree as the C program and prints the same depths, node
// counts, scores and moves, iteration by iteration. Around that search it is
// a chess engine for XBoard and WinBoard and for UCI GUIs and match runners,
// and a teaching instrument: a literal transliteration of the search to read
// beside the C listing, pictures of the search tree, and a laboratory of
// futility-pruning rules.
//
// Usage:
//
//	umax [flags] [bench]
//
// # Modes
//
// Without flags umax is an engine on standard input and output, and the
// first command it reads chooses the protocol: "uci" starts a UCI session
// (fastchess, cutechess, Arena, OpenBench, lichess-bot), anything else a
// session of the Chess Engine Communication Protocol, version 2, of XBoard
// and WinBoard (XBoard sends "xboard" and "protover 2"). The other modes:
//
//	umax -uci       UCI from the start
//	umax -classic   micro-Max's own console dialogue: a move such as e2e4, or an empty line to think
//	umax bench      five searches at micro-Max's budget; the node total, 10120228, is the search's signature
//	umax -version   the engine's name and version
//
// # Flags
//
//	-nodes N          the root budget: deepen while fewer than N nodes (default 1e6; in the protocols only if given)
//	-futility=false   micro-Max 4.0's search, without futility pruning
//	-literal          search with the literal transliteration of micro-Max's D(): the same output, slower
//	-stats            after each search, per ply: moves made, searched and pruned; nodes; hash hits
//	-tree N           with -classic: the N-ply iteration's search tree as Graphviz DOT, to -tree-out FILE
//	-lab              the futility laboratory: the protocols list its options (and futility pruning)
//	-futility-margin M, -extended-futility, -deep-futility, -aggressive-futility, -goose-pruning,
//	-goose-budget N, -null-move R, ...
//	                  the futility laboratory's rules, all off by default (each implies -lab)
//	-shadow           with -stats: every pruned move also searched; per rule, how many prunes were wrong
//
// # The code, in reading order
//
// One package, a file per concern, read in the order README's "Read the
// code" gives (TestReadingOrder holds this list and the page's to it). The
// core is micro-Max itself, and names nothing around it
// (TestCoreStandsAlone); read it with the C listing beside you:
//
//  1. umax.go: micro-Max's globals: the 0x88 board and its constants, o[],
//     w[] and n[] as steps, pieceValue and pieceLetters, the Position and
//     its key, the Engine, rootSearch (micro-Max's call of D() in main())
//     and the hook's declaration; its header is the glossary of C letters.
//  2. search_literal.go: micro-Max's D() statement for statement, with the
//     C's variables and jumps and micro-Max's comments; it needs only
//     umax.go, the hook and the table slot's packing in hash.go.
//  3. hash.go: glibc's rand() replayed, the hash keys, the transposition
//     table's 9-byte slots and its size; table_linux.go and table_other.go,
//     its memory.
//  4. search.go: the fast search, the same tree as the literal one with
//     shortcuts that change its speed and nothing else, numbered in its
//     header: pieces.go (the piece sets, recaptures found directly),
//     prefetch_amd64.go and prefetch_other.go (the table's slots fetched
//     ahead).
//  5. board.go (micro-Max's rules, each written once, for the fast search
//     and the code around the searches) and hook.go (the hook: what
//     watches a search, and what may decide a move's reply).
//
// Around the core, which no protocol text enters:
//
//  6. The engine: movegen.go (legal moves, a move's side effects),
//     engine.go (a move
//     played with micro-Max's own check, the PV, mate distances, a new
//     game), job.go (a search in a goroutine of its own, under a clock,
//     and several lines, MultiPV), clock.go (the time of a move),
//     game.go (the game record: undo, mate, draws by rule), fen.go
//     (set-up positions), san.go (moves in SAN),
//     textio.go (lines in and out), options.go (the one table of settings),
//     version.go (the name the GUIs show), and main.go: the flags, the
//     protocol's choice, micro-Max's console dialogue (console.run, its
//     main() loop), the bench.
//  7. The protocols: xboard.go (CECP) and uci.go (UCI).
//  8. The instruments, which watch a search: stats.go (-stats), lab.go (the
//     futility laboratory), shadow.go (the shadow search: how often a rule
//     prunes wrongly), tree.go and treedot.go (-tree), strength.go (the
//     strength levels, the opening book, a human's pace).
//  9. The browser page's engine: worker_js.go (the Web Worker), uci_web.go
//     (the page's own commands), treejson.go (the tree as JSON),
//     stepsource.go (the stepper's lines of the literal search),
//     stepscan.go (the board scan the stepper walks), treediff.go (two
//     trees compared).
//
// README.md says how to play, test and compare node counts with the C
// program; doc/protocols.md, doc/laboratory.md, doc/speed.md and
// doc/testing.md hold the details.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"
)

func main() {
	cl, err := parseCommandLine(flag.CommandLine, os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "umax:", err)
		os.Exit(2)
	}
	if cl.version {
		fmt.Println(versionLine())
		return
	}
	e := cl.engine()
	switch {
	case cl.bench:
		runBench(e, cl.nodes, os.Stdout)
	case cl.classic:
		os.Exit(runConsole(e, cl, os.Stdin, os.Stdout))
	case cl.uci:
		newUCISession(e, os.Stdout, cl.cfg).serve(os.Stdin)
	default:
		runProtocol(e, os.Stdin, os.Stdout, cl.cfg)
	}
}

// commandLine is what the flags ask for.
type commandLine struct {
	classic, uci, bench, literal, version bool
	nodes, treePlies                      int
	treeOut                               string
	cfg                                   config                           // the sessions' settings (-nodes only if given)
	applyOptions                          func(e *Engine, c *config) error // the option table's flags (options.go)
}

// parseCommandLine reads the flags and the word "bench" from args into fs.
func parseCommandLine(fs *flag.FlagSet, args []string) (*commandLine, error) {
	cl := &commandLine{}
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: %s [flags] [bench]\n", os.Args[0])
		fs.PrintDefaults()
	}
	fs.BoolVar(&cl.classic, "classic", false, "run micro-Max's own console dialogue instead of XBoard mode")
	fs.BoolVar(&cl.uci, "uci", false, "UCI mode from the start (without it the first command decides: uci for UCI, anything else XBoard)")
	fs.IntVar(&cl.nodes, "nodes", microMaxBudget, "root node budget: deepen while the node counter is below it (XBoard mode: only if given)")
	fs.BoolVar(&cl.bench, "bench", false, "search a fixed set of positions and print the node total and speed")
	fs.BoolVar(&cl.cfg.lab, "lab", false, "the futility laboratory: XBoard's and UCI's option lists add its switches and futility pruning, and take them (a laboratory flag, such as -deep-futility, implies it)")
	fs.BoolVar(&cl.cfg.stats, "stats", false, "after each search, print per depth the moves searched and pruned and the hash hits")
	fs.BoolVar(&cl.literal, "literal", false, "search with the literal transliteration of micro-Max's D() (search_literal.go): same moves and node counts, slower")
	fs.IntVar(&cl.treePlies, "tree", 0, "with -classic: write the tree of the N-ply iteration of the first search that thinks, as Graphviz DOT, to the file -tree-out names")
	fs.StringVar(&cl.treeOut, "tree-out", "tree.dot", "the file -tree writes")
	fs.BoolVar(&cl.version, "version", false, "print the engine's name and version and exit")
	fs.Var(levelFlag{&cl.cfg.strength}, "level", "a strength level by its knobs, BUDGET[,SPREAD] (root node budget; spread in points, 99 a pawn: a move SPREAD points worse half as likely), instead of -elo's (for scripts/strength-calibrate.sh)")
	cl.applyOptions = addOptionFlags(fs) // the option table's flags: -futility, the laboratory's, -elo, -seed, -hash
	if err := fs.Parse(args); err != nil {
		os.Exit(2) // the flag package has said why
	}
	switch {
	case cl.nodes < 1:
		return nil, fmt.Errorf("-nodes must be at least 1")
	case cl.treePlies < 0 || cl.treePlies > 96 || cl.treePlies > 0 && !cl.classic:
		return nil, fmt.Errorf("-tree takes a ply from 1 to 96, and needs -classic")
	case fs.NArg() == 1 && fs.Arg(0) == "bench": // OpenBench's "umax bench"
		cl.bench = true
	case fs.NArg() > 0:
		fs.Usage()
		os.Exit(2)
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "nodes" { // in the protocols the clock decides, unless -nodes is given
			cl.cfg.nodeBudget = cl.nodes
		}
		for i := range options { // a laboratory flag works in the laboratory: its options are listed
			if o := &options[i]; o.flag == f.Name && o.labOption() {
				cl.cfg.lab = true
			}
		}
	})
	return cl, nil
}

// engine makes the engine the flags ask for. Its table is made once the
// flags are read, at -hash's size or micro-Max's, and is resident before
// the engine reads a line (prefaultTables): before uciok, CECP's done=1 and
// the console's first search. A bad flag ends the program, with the reason
// on standard error and exit status 2.
func (cl *commandLine) engine() *Engine {
	prefaultTables = true
	e := newEngine(minTableSize)
	e.literal = cl.literal
	if err := cl.applyOptions(e, &cl.cfg); err != nil {
		fmt.Fprintln(os.Stderr, "umax:", err)
		os.Exit(2)
	}
	if len(e.table) == minTableSize { // no -hash, whose smallest table is larger
		e.resizeTable(defaultHashEntries)
	}
	return e
}

// runConsole runs micro-Max's own console dialogue (-classic) on in and
// out and writes the tree -tree asks for; it returns the exit status.
func runConsole(e *Engine, cl *commandLine, in io.Reader, out io.Writer) int {
	if cl.cfg.strength.limit {
		fmt.Fprintln(os.Stderr, "umax: playing at", cl.cfg.strength) // -elo or -level
	}
	c := &console{e: e, budget: cl.nodes, stats: cl.cfg.stats, treePlies: cl.treePlies, cfg: cl.cfg.playerDefaults(false, true), textMode: runtime.GOOS == "windows"}
	c.run(in, out)
	switch {
	case cl.treePlies > 0 && c.tree == nil: // no empty line: nothing thought
		fmt.Fprintf(os.Stderr, "umax: -tree %d: no search thought (an empty line makes one); no tree written\n", cl.treePlies)
		return 1
	case cl.treePlies > 0 && !writeTreeFile(c.tree, cl.treeOut, treeCaption(e), os.Stderr):
		return 1
	}
	return 0
}

// runProtocol lets the first command choose the protocol, as the package
// doc says; the session reads the lines read here again (empty ones too),
// then the rest of the input.
func runProtocol(e *Engine, in io.Reader, out io.Writer, cfg config) {
	br := bufio.NewReaderSize(in, maxLineBytes)
	var seen []byte
	first := ""
	for first == "" {
		line, err := br.ReadSlice('\n')
		seen = append(seen, line...)
		if err == bufio.ErrBufferFull { // a line longer than any command: not "uci"
			first = "?"
			break
		}
		if fields := strings.Fields(string(line)); len(fields) > 0 {
			first = fields[0]
		} else if err != nil {
			break // end of input
		}
	}
	rest := io.MultiReader(bytes.NewReader(seen), br)
	if first == "uci" {
		newUCISession(e, out, cfg).serve(rest)
		return
	}
	newSession(e, out, cfg.playerDefaults(true, true)).serve(rest) // a player's: the book and the pace (strength.go)
}

// console is micro-Max's own console dialogue (-classic) on an engine, with
// what it asks of every search.
type console struct {
	e      *Engine
	cfg    config // the laboratory's switches and the strength level
	budget int    // the root node budget: deepen while N < budget (micro-Max: 1e6; -nodes)
	stats  bool   // print the statistics of every search (-stats)
	// -tree: the root iteration of treePlies ply of the first search that
	// thinks is recorded in tree.
	treePlies int
	tree      *treeRecorder
	counters  moveCounters // the game's move counters, for the tree's FEN
	last      searchStats  // the statistics of the last search, with stats
	// textMode reads "\r\n" as "\n", as the C library reads stdin on
	// Windows, whose console ends every line so (main sets it there).
	textMode bool

	out *bufio.Writer // where run writes, and turn its kibitz lines
}

// run is micro-Max's main loop: print the board, read a line, and either
// check and play the typed move or (on an empty line) think and play. It
// prints a kibitz line for every finished root iteration and returns at
// end of input.
func (c *console) run(in io.Reader, out io.Writer) {
	r := bufio.NewReader(in)
	c.out = bufio.NewWriter(out)
	c.counters = startCounters // micro-Max's game starts at its initial position
	defer c.out.Flush()
	var line [9]int // micro-Max's line buffer c[]: a short line leaves the old bytes behind it
	for {
		c.e.print(c.out)
		c.out.Flush()
		// Read up to a byte <= 10 (newline, tab, NUL) or end of input, as C's getchar loop.
		for n := 0; ; n++ {
			ch, err := r.ReadByte()
			if c.textMode && ch == '\r' && err == nil {
				if next, _ := r.Peek(1); len(next) == 1 && next[0] == '\n' {
					ch, err = r.ReadByte() // text mode: the "\r" of "\r\n" is not read
				}
			}
			v := int(ch)
			if err != nil {
				v = -1 // EOF
			}
			if n < len(line) {
				line[n] = v
			}
			if v <= 10 {
				break
			}
		}
		if line[0] == -1 {
			return // end of input
		}
		c.turn(&line)
		if c.stats {
			for _, l := range c.last.lines() {
				fmt.Fprintln(c.out, "# "+l)
			}
		}
	}
}

// turn does what micro-Max's main loop (run) does with a line it has read.
func (c *console) turn(line *[9]int) {
	e := c.e
	before := e.Position
	defer func() {
		if e.side != before.side { // a move was played (pendingFrom, pendingTo): the counters go on
			c.counters = c.counters.after(&before, before.microMaxMove(e.pendingFrom, e.pendingTo))
		}
	}()
	ctl := &searchControl{budget: c.budget, report: c.kibitz}
	if c.stats {
		c.last = searchStats{shadow: e.shadowTally()}
		ctl.hooks = append(ctl.hooks, &c.last)
	}
	e.pendingFrom = infinity // think
	if line[0] != 10 {
		e.pendingFrom = line[0] - 16*line[1] + parseBias          // "e2" is 'e' - 16*'2' + 799 = 100
		e.pendingTo = int(int8(line[2] - 16*line[3] + parseBias)) // L is a char in C
	} else if c.treePlies > 0 && c.tree == nil { // -tree: record this search
		c.tree = newTreeRecorder(c.treePlies, e.Position, c.counters)
		c.tree.board = &e.board
		ctl.literal = true // the tree is the literal search's (tree.go)
	}
	if c.tree != nil {
		ctl.hooks = append(ctl.hooks, c.tree)
	}
	if line[0] == 10 && c.thinkAsPlayer(ctl) { // -elo (strength.go), -book (strength.go)
		return
	}
	e.rootSearch(ctl)
}

// thinkAsPlayer plays the move of the strength setting, if it has one: a
// level's, whose kibitz line it prints, or the book's, which it names; with
// the pace on, a human's moment after the line was read. It reports
// whether it played.
func (c *console) thinkAsPlayer(ctl *searchControl) bool {
	e, s, start := c.e, c.cfg.strength, time.Now()
	level, atLevel := s.level()
	m, inBook := drawBook(&e.Position, s.random(&e.Position))
	switch {
	case atLevel:
		if _, choice := e.thinkAt(level, s.random(&e.Position), ctl, nil); choice != nil {
			c.kibitz(choice.depth, choice.nodes, choice.score, choice.move.from, choice.move.to)
		}
	case inBook && s.book.on():
		fmt.Fprintln(c.out, "book move", m)
		e.playBook(m)
	default:
		return false
	}
	if s.pace.on() {
		c.out.Flush()
		time.Sleep(time.Until(start.Add(humanMoment(0))))
	}
	return true
}

// kibitz prints micro-Max's kibitz line of a finished root iteration (C:
// the printf that umax41's listing has commented out).
func (c *console) kibitz(depth, nodes, score, from, to int) {
	fmt.Fprintf(c.out, "%2d ply, %9d searched, score=%6d by %c%c%c%c\n", depth, nodes, score,
		'a'+from&7, '8'-from>>4, 'a'+to&7, '8'-(to>>4&7))
}

// treeCaption is the first line of a -tree picture's title: which search
// e makes. A laboratory switch that is on is named after it.
func treeCaption(e *Engine) string {
	caption := "umax -futility=false: micro-Max 4.0 (no futility pruning)"
	if e.futility {
		caption = "umax: micro-Max 4.1 (futility pruning)"
	}
	if e.lab().active() {
		caption += ", with " + labFlags(e)
	}
	return caption
}

// writeTreeFile writes -tree's picture of a recorded search to the file
// named path, and says so (or why not) on log; it reports whether it wrote.
func writeTreeFile(r *treeRecorder, path, caption string, log io.Writer) bool {
	if !r.done {
		fmt.Fprintf(log, "umax: -tree %d: the search ended before its %d-ply iteration; no tree written\n", r.plies, r.plies)
		return false
	}
	f, err := os.Create(path)
	if err == nil {
		err = r.writeDOT(f, caption)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(log, "umax: -tree: %v\n", err)
		return false
	}
	t := r.totals()
	fmt.Fprintf(log, "umax: the %d-ply iteration's tree (%d nodes of the search, %d drawn) written to %s\n", r.plies, t.nodes, t.drawnNodes, path)
	return true
}

// benchPositions are the games -bench searches: moves typed from the start,
// then one search at micro-Max's budget of 1e6 nodes (microMaxBudget).
var benchPositions = []struct{ name, moves string }{
	{"initial position", ""},
	{"Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"},
	{"Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7"},
	{"Sicilian Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"},
	{"open game after castling", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d3 d7d6"},
}

// setUpBench sets e up to search bench position i from an empty table: its
// moves played from the start, none pending.
func (e *Engine) setUpBench(i int) {
	e.Position = newGame()
	e.clearTable()
	for _, mv := range strings.Fields(benchPositions[i].moves) {
		if m, ok := e.parseMove(mv); !ok || e.play(m) != nil {
			panic("bench: illegal move " + mv)
		}
	}
	e.pendingFrom = infinity
}

// runBench searches every bench position from an empty table, to the root
// node budget budget (-nodes), and prints the nodes (micro-Max's N: passes
// of the iterative-deepening loops) and the time of each, then the total, a
// signature of the search that changes only when the search does, and the
// speed. The last two lines are "N nodes" and "N nps", as OpenBench reads.
func runBench(e *Engine, budget int, w io.Writer) {
	total, elapsed := 0, time.Duration(0)
	for i, pos := range benchPositions {
		e.setUpBench(i)
		start := time.Now()
		e.rootSearch(&searchControl{budget: budget})
		took := time.Since(start)
		total += e.nodes
		elapsed += took
		fmt.Fprintf(w, "%-26s %10d nodes %8.3f s %6.2f Mnodes/s\n", pos.name, e.nodes, took.Seconds(), float64(e.nodes)/took.Seconds()/1e6)
	}
	fmt.Fprintf(w, "%-26s %10d nodes %8.3f s %6.2f Mnodes/s\n", "total", total, elapsed.Seconds(), float64(total)/elapsed.Seconds()/1e6)
	fmt.Fprintf(w, "%d nodes\n%d nps\n", total, int(float64(total)/elapsed.Seconds()))
}
