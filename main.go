// Command umax is micro-Max 4.1, H.G. Muller's chess program, ported to Go
// node for node. With -classic it is the original console program; without
// flags it is an XBoard (CECP version 2) engine.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	classic := flag.Bool("classic", false, "run micro-Max's own console dialogue instead of XBoard mode")
	nodes := flag.Int("nodes", 1000000, "root node budget: deepen while the node counter is below it (XBoard mode: only if given)")
	futility := flag.Bool("futility", true, "futility pruning (micro-Max 4.1); -futility=false gives micro-Max 4.0's search")
	flag.Parse()
	if *nodes < 1 {
		fmt.Fprintln(os.Stderr, "umax: -nodes must be at least 1")
		os.Exit(2)
	}
	e := newEngine()
	e.nodeBudget = *nodes
	e.setFutility(*futility)
	if *classic {
		runClassic(e, os.Stdin, os.Stdout)
		return
	}
	var cfg xboardConfig
	flag.Visit(func(f *flag.Flag) { // in XBoard mode the clock decides, unless -nodes is given
		if f.Name == "nodes" {
			cfg.nodeBudget = *nodes
		}
	})
	runXboard(e, os.Stdin, os.Stdout, cfg)
}

// runClassic is micro-Max's main loop: print the board, read a line, and
// either check and play the typed move or (on an empty line) think and
// play. It prints a kibitz line for every finished root iteration and
// returns at end of input.
func runClassic(e *Engine, in io.Reader, out io.Writer) {
	r := bufio.NewReader(in)
	w := bufio.NewWriter(out)
	defer w.Flush()
	e.report = func(depth, nodes, score, from, to int) {
		fmt.Fprintf(w, "%2d ply, %9d searched, score=%6d by %c%c%c%c\n", depth, nodes, score,
			'a'+from&7, '8'-from>>4, 'a'+to&7, '8'-(to>>4&7))
	}
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
		e.pendingFrom = infinity // think
		if c[0] != 10 {
			e.pendingFrom = c[0] - 16*c[1] + promoGain          // "e2" is 'e' - 16*'2' + 799 = 100
			e.pendingTo = int(int8(c[2] - 16*c[3] + promoGain)) // L is a char in C
		}
		e.rootSearch()
	}
}
