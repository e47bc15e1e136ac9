// Command umax is micro-Max 4.1, H.G. Muller's chess program, ported to Go
// node for node. With -classic it is the original console program; without
// flags it is an engine for XBoard (CECP version 2) or for UCI GUIs, as the
// first command says; "umax bench" searches the bench positions.
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
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: %s [flags] [bench]\n", os.Args[0])
		flag.PrintDefaults()
	}
	classic := flag.Bool("classic", false, "run micro-Max's own console dialogue instead of XBoard mode")
	uci := flag.Bool("uci", false, "UCI mode from the start (without it the first command decides: uci for UCI, anything else XBoard)")
	nodes := flag.Int("nodes", 1000000, "root node budget: deepen while the node counter is below it (XBoard mode: only if given)")
	futility := flag.Bool("futility", true, "futility pruning (micro-Max 4.1); -futility=false gives micro-Max 4.0's search")
	bench := flag.Bool("bench", false, "search a fixed set of positions and print the node total and speed")
	stats := flag.Bool("stats", false, "after each search, print per depth the moves searched and pruned and the hash hits")
	literal := flag.Bool("literal", false, "search with the literal transliteration of micro-Max's D() (search_literal.go): same moves and node counts, slower")
	treePlies := flag.Int("tree", 0, "with -classic: write the tree of the N-ply iteration of the first search that thinks, as Graphviz DOT, to the file -tree-out names")
	treeOut := flag.String("tree-out", "tree.dot", "the file -tree writes")
	showVersion := flag.Bool("version", false, "print the engine's name and version and exit")
	applyLab := addLabFlags(flag.CommandLine) // the futility laboratory's switches (lab.go)
	var strength strengthSetting              // the strength level (strength.go)
	flag.Var(strengthFlag{&strength}, "elo", fmt.Sprintf("play at the strength level nearest to this Elo, %d to %d (0: full strength); in the protocols, the options' first setting", minStrengthElo, maxStrengthElo))
	flag.Var(levelFlag{&strength}, "level", "a strength level by its knobs, BUDGET[,MARGIN] (root node budget, margin in points, 99 a pawn), instead of -elo's (for scripts/strength-calibrate.sh)")
	flag.Var(seedFlag{&strength}, "seed", "the strength level's seed: the same seed and moves, the same game (0: from the clock, every game differs)")
	flag.Parse()
	if *showVersion {
		fmt.Println(versionLine())
		return
	}
	if *nodes < 1 {
		fmt.Fprintln(os.Stderr, "umax: -nodes must be at least 1")
		os.Exit(2)
	}
	if *treePlies < 0 || *treePlies > 96 || *treePlies > 0 && !*classic {
		fmt.Fprintln(os.Stderr, "umax: -tree takes a ply from 1 to 96, and needs -classic")
		os.Exit(2)
	}
	switch {
	case flag.NArg() == 1 && flag.Arg(0) == "bench": // OpenBench's "umax bench"
		*bench = true
	case flag.NArg() > 0:
		flag.Usage()
		os.Exit(2)
	}
	prefaultTables = runtime.NumCPU() > 1 // fault the table in on another core (table_linux.go)
	e := newEngine()
	e.nodeBudget = *nodes
	e.setFutility(*futility)
	e.literal = *literal
	e.strength = strength
	if err := applyLab(e); err != nil {
		fmt.Fprintln(os.Stderr, "umax:", err)
		os.Exit(2)
	}
	if *bench {
		runBench(e, os.Stdout)
		return
	}
	e.showStats = *stats
	if *classic {
		if strength.limit {
			fmt.Fprintln(os.Stderr, "umax: playing at", strength) // -elo or -level
		}
		written := true
		if *treePlies > 0 {
			written = false
			e.treeRequest = &treeRequest{plies: *treePlies, done: func(r *treeRecorder) {
				written = writeTreeFile(r, *treeOut, treeCaption(*futility, e.lab), os.Stderr)
			}}
		}
		runClassic(e, os.Stdin, os.Stdout)
		if e.treeRequest != nil { // no empty line: nothing thought
			fmt.Fprintf(os.Stderr, "umax: -tree %d: no search thought (an empty line makes one); no tree written\n", *treePlies)
		}
		if !written {
			os.Exit(1)
		}
		return
	}
	var xcfg xboardConfig
	var ucfg uciConfig
	flag.Visit(func(f *flag.Flag) { // in the protocols the clock decides, unless -nodes is given
		if f.Name == "nodes" {
			xcfg.nodeBudget, ucfg.nodeBudget = *nodes, *nodes
		}
	})
	if *uci {
		runUCI(e, os.Stdin, os.Stdout, ucfg)
		return
	}
	runProtocol(e, os.Stdin, os.Stdout, xcfg, ucfg)
}

// runProtocol lets the first command choose the protocol: "uci" starts a
// UCI session, anything else (XBoard's "xboard" and "protover" first) a
// CECP session. Empty lines before it are passed on. The session reads the
// lines read here again, then the rest of the input.
func runProtocol(e *Engine, in io.Reader, out io.Writer, xcfg xboardConfig, ucfg uciConfig) {
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
		runUCI(e, rest, out, ucfg)
		return
	}
	runXboard(e, rest, out, xcfg)
}

// runClassic is micro-Max's main loop: print the board, read a line, and
// either check and play the typed move or (on an empty line) think and
// play. It prints a kibitz line for every finished root iteration and
// returns at end of input.
func runClassic(e *Engine, in io.Reader, out io.Writer) {
	r := bufio.NewReader(in)
	w := bufio.NewWriter(out)
	defer w.Flush()
	e.kibitz = func(depth, nodes, score, from, to int) {
		fmt.Fprintf(w, "%2d ply, %9d searched, score=%6d by %c%c%c%c\n", depth, nodes, score,
			'a'+from&7, '8'-from>>4, 'a'+to&7, '8'-(to>>4&7))
	}
	defer func() { e.kibitz = nil }()
	var c [9]int // micro-Max's line buffer c[]: a short line leaves the old bytes behind it
	for {
		e.print(w)
		w.Flush()
		// Read up to a byte <= 10 (newline, tab, NUL) or end of input, as C's getchar loop.
		for n := 0; ; n++ {
			ch, err := r.ReadByte()
			v := int(ch)
			if err != nil {
				v = -1 // EOF
			}
			if n < len(c) {
				c[n] = v
			}
			if v <= 10 {
				break
			}
		}
		if c[0] == -1 {
			return // end of input
		}
		e.classicTurn(&c)
		if e.showStats {
			e.stats.write(w)
		}
	}
}

// classicTurn does what micro-Max's main loop does with a line it has read
// into c: an empty line makes the engine think and play, anything else is
// parsed as a move to check and play. The search has the console mode's
// node budget and prints its kibitz lines.
func (e *Engine) classicTurn(c *[9]int) {
	e.pendingFrom = infinity                // think
	if c[0] == 10 && e.treeRequest != nil { // -tree: record this search
		e.tree = newTreeRecorder(e.treeRequest.plies, e.Position)
	}
	if c[0] != 10 {
		e.pendingFrom = c[0] - 16*c[1] + parseBias          // "e2" is 'e' - 16*'2' + 799 = 100
		e.pendingTo = int(int8(c[2] - 16*c[3] + parseBias)) // L is a char in C
	}
	if level, ok := e.strength.level(); ok && c[0] == 10 {
		e.thinkAtLevel(level) // -elo (strength.go)
	} else {
		e.rootSearch(&searchControl{budget: e.nodeBudget, report: e.kibitz})
	}
	if e.tree != nil {
		tree, done := e.tree, e.treeRequest.done
		e.tree, e.treeRequest = nil, nil
		done(tree)
	}
}

// treeCaption is the first line of a -tree picture's title: which search.
// A laboratory switch that is on is named after it.
func treeCaption(futility bool, lab labSettings) string {
	caption := "umax -futility=false: micro-Max 4.0 (no futility pruning)"
	if futility {
		caption = "umax: micro-Max 4.1 (futility pruning)"
	}
	if lab.on {
		caption += ", with " + lab.String()
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
// then one search at micro-Max's budget of 1e6 nodes.
var benchPositions = []struct{ name, moves string }{
	{"initial position", ""},
	{"Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"},
	{"Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7"},
	{"Sicilian Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"},
	{"open game after castling", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d3 d7d6"},
}

// runBench searches every bench position from an empty table and prints the
// nodes (micro-Max's N: passes of the iterative-deepening loops) and the
// time of each, then the total, a signature of the search that changes only
// when the search does, and the speed. The last two lines are "N nodes" and
// "N nps", as OpenBench reads a bench.
func runBench(e *Engine, w io.Writer) {
	budget := e.nodeBudget
	total, elapsed := 0, time.Duration(0)
	for _, pos := range benchPositions {
		e.Position = newGame()
		clear(e.table)
		e.nodeBudget = budget
		for _, mv := range strings.Fields(pos.moves) {
			e.pendingFrom = int(mv[0]) - 16*int(mv[1]) + parseBias
			e.pendingTo = int(mv[2]) - 16*int(mv[3]) + parseBias
			if !e.rootSearch(&searchControl{}) {
				panic("bench: illegal move " + mv)
			}
		}
		e.pendingFrom = infinity
		start := time.Now()
		e.rootSearch(&searchControl{budget: e.nodeBudget})
		took := time.Since(start)
		total += e.nodes
		elapsed += took
		fmt.Fprintf(w, "%-26s %10d nodes %8.3f s %6.2f Mnodes/s\n", pos.name, e.nodes, took.Seconds(), float64(e.nodes)/took.Seconds()/1e6)
	}
	fmt.Fprintf(w, "%-26s %10d nodes %8.3f s %6.2f Mnodes/s\n", "total", total, elapsed.Seconds(), float64(total)/elapsed.Seconds()/1e6)
	fmt.Fprintf(w, "%d nodes\n%d nps\n", total, int(float64(total)/elapsed.Seconds()))
}
