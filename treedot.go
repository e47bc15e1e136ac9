package main

// The picture of -tree: a recorded search tree (tree.go) written in
// Graphviz's DOT language, for `dot -Tsvg`. The tree grows from left to
// right, a column per ply, the moves of a node top to bottom in the order
// searched. What the shapes and colours mean is in doc/laboratory.md ("A
// picture of the tree").

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Colours of the picture.
const (
	dotPlain    = "white"   // a node that ran its iterations
	dotResumed  = "#d6e6f5" // a node that resumed from a table entry
	dotAnswered = "#8fb8de" // a node the table answered without an iteration
	dotBox      = "#fff0c0" // a quiescence box
	dotRoot     = "#e0e0e0" // the root
	dotFailHigh = "#c00000" // the border of a node that failed high, and the cut-off move
	dotPruned   = "#707070" // pruned moves
)

// stubMovesPerLine is how many pruned moves a stub's label lists on a line.
const stubMovesPerLine = 5

// writeDOT writes the recorded iteration as a Graphviz digraph whose title
// starts with caption. Every node is a box: the move that led to it, the
// window, depth and evaluation it received, its table entry, its
// iterations and the score it returned; a node's pruned moves hang from it
// as dashed stubs, one per rule, listing the moves. The best line is bold.
func (r *treeRecorder) writeDOT(w io.Writer, caption string) error {
	if !r.done {
		return errors.New("the search did not finish the iteration to record")
	}
	bw := bufio.NewWriter(w)
	onLine := r.bestLine()
	t := r.totals()
	groups, grouped := r.standPatGroups(onLine)

	title := []string{
		caption,
		fmt.Sprintf("%s to move: %s", sideName(r.root.side), r.rootFEN()),
		fmt.Sprintf("the %d-ply iteration (iteration depth d=%d): %d nodes = %d drawn + %d in earlier iterations of nodes + %d in quiescence boxes",
			r.plies, r.plies+1, t.nodes, t.drawn, t.summarised, t.inBoxes),
		fmt.Sprintf("pruned moves: %d = %d in stubs + %d in earlier iterations + %d in quiescence boxes",
			t.pruned, t.stubs, t.prunedEarly, t.prunedBoxes),
		fmt.Sprintf("calls of the search: %d, %d of them resumed from the table, %d answered by it; drawn: %d (%d in groups of replies that stand pat)",
			r.calls, r.tableHits, r.answered, t.drawnNodes, len(grouped)),
		"in a box: n depth asked, q and l the window received, e the evaluation, d an iteration, m the best score, v a move's new evaluation",
		"yellow: quiescence; blue: resumed from the table (dark: answered by it); red: fail high, and the move that cut; dashed: pruned moves; bold: the best line",
	}
	fmt.Fprintf(bw, "digraph tree {\n")
	fmt.Fprintf(bw, "\tgraph [rankdir=LR, ordering=out, nodesep=0.06, ranksep=0.35, fontname=Helvetica, fontsize=12, labelloc=t, labeljust=l, label=%s];\n", dotQuote(title))
	fmt.Fprintf(bw, "\tnode [shape=box, style=\"rounded,filled\", fillcolor=%q, fontname=Helvetica, fontsize=9, margin=\"0.05,0.02\", height=0.2];\n", dotPlain)
	fmt.Fprintf(bw, "\tedge [arrowsize=0.5, fontname=Helvetica, fontsize=8];\n")

	for i := range r.nodes {
		n := &r.nodes[i]
		if grouped[i] {
			if group := groups[n.parent]; group[0] == i {
				r.writeStandPatGroup(bw, n.parent, group)
			}
			continue
		}
		r.writeNode(bw, i, onLine)
		r.writeStubs(bw, i, onLine)
	}
	fmt.Fprintf(bw, "}\n")
	return bw.Flush()
}

// writeNode writes node i of the tree and the edge from its parent, in
// the colours and widths the title explains.
func (r *treeRecorder) writeNode(bw *bufio.Writer, i int, onLine map[int]bool) {
	n := &r.nodes[i]
	attrs := []string{"label=" + dotQuote(r.nodeLabel(n))}
	switch {
	case n.parent < 0:
		attrs = append(attrs, "fillcolor=\""+dotRoot+"\"")
	case n.last.iter == 0 && len(n.earlier) == 0:
		attrs = append(attrs, "fillcolor=\""+dotAnswered+"\"")
	case n.quiescence:
		attrs = append(attrs, "fillcolor=\""+dotBox+"\"", "style=filled")
	case n.tableDepth > 0:
		attrs = append(attrs, "fillcolor=\""+dotResumed+"\"")
	}
	if n.best >= n.beta {
		attrs = append(attrs, "color=\""+dotFailHigh+"\"")
	}
	if onLine[i] {
		attrs = append(attrs, "penwidth=2.5")
	}
	fmt.Fprintf(bw, "\tn%d [%s];\n", i, strings.Join(attrs, ", "))
	if n.parent >= 0 {
		p := &r.nodes[n.parent]
		var edge []string
		if onLine[i] {
			edge = append(edge, "penwidth=2.5")
		}
		if p.bestChild == i && p.best >= p.beta {
			edge = append(edge, "color=\""+dotFailHigh+"\"", "fontcolor=\""+dotFailHigh+"\"", "label=\"cut-off\"")
		}
		fmt.Fprintf(bw, "\tn%d -> n%d [%s];\n", n.parent, i, strings.Join(edge, ", "))
	}
}

// writeStubs writes the pruned moves of node i, one dashed stub per rule
// that cut any, listing the moves with their evaluations in the order made.
func (r *treeRecorder) writeStubs(w io.Writer, i int, onLine map[int]bool) {
	var rules []pruneRule // the rules, in the order they first cut a move here
	byRule := map[pruneRule][]int{}
	for s := range r.stubs {
		if r.stubs[s].node != i {
			continue
		}
		rule := r.stubs[s].rule
		if byRule[rule] == nil {
			rules = append(rules, rule)
		}
		byRule[rule] = append(byRule[rule], s)
	}
	n := &r.nodes[i]
	for _, rule := range rules {
		list := byRule[rule]
		best := false
		moves := make([]string, len(list))
		for k, s := range list {
			stub := &r.stubs[s]
			moves[k] = fmt.Sprintf("%s %d", moveName(stub.from, stub.to), stub.eval)
			if s == n.bestStub {
				moves[k] += " (best)"
				best = true
			}
		}
		text := moveLines(fmt.Sprintf("%d %s, with v:", len(list), plural(len(list), "move", "moves")), moves)
		id := fmt.Sprintf("p%d_%d", i, rule)
		width := ""
		if best && onLine[i] {
			width = ", penwidth=2.5"
		}
		fmt.Fprintf(w, "\t%s [label=%s, style=\"rounded,dashed\", color=%q, fontcolor=%q, fontsize=8%s];\n",
			id, dotQuote(text), dotPruned, dotPruned, width)
		fmt.Fprintf(w, "\tn%d -> %s [style=dashed, color=%q, fontcolor=%q, label=%s%s];\n",
			i, id, dotPruned, dotPruned, dotQuote([]string{rule.String()}), width)
	}
}

// standPatGroups finds, for every node, its children that are quiescence
// nodes which only stood pat and failed high (the replies futility pruning
// spares the search of), none of them on the best line; where a node has
// two or more, they are drawn as one group. It returns the groups by
// parent, in the order searched, and the set of grouped nodes.
func (r *treeRecorder) standPatGroups(onLine map[int]bool) (map[int][]int, map[int]bool) {
	all := map[int][]int{}
	for i := range r.nodes {
		n := &r.nodes[i]
		if n.quiescence && n.from != noSquare && n.last.iter == 1 && n.boxNodes == 1 && len(n.moves) == 0 &&
			n.tableDepth == 0 && n.best >= n.beta && n.best < infinity && !onLine[i] {
			all[n.parent] = append(all[n.parent], i)
		}
	}
	groups, grouped := map[int][]int{}, map[int]bool{}
	for parent, list := range all {
		if len(list) < 2 {
			continue
		}
		groups[parent] = list
		for _, i := range list {
			grouped[i] = true
		}
	}
	return groups, grouped
}

// writeStandPatGroup writes a group of replies of node parent that stood
// pat and failed high as one box: the moves with their evaluations v, from
// the mover's view (the reply's stand pat is -v), as a stub lists the moves
// it pruned.
func (r *treeRecorder) writeStandPatGroup(w io.Writer, parent int, group []int) {
	moves := make([]string, len(group))
	for k, i := range group {
		n := &r.nodes[i]
		moves[k] = fmt.Sprintf("%s %d", moveName(n.from, n.to), -n.eval)
	}
	text := append(moveLines(fmt.Sprintf("%d moves searched, with v:", len(group)), moves),
		"each reply: quiescence, 1 node,", "stand pat e=-v >= l: fail high")
	fmt.Fprintf(w, "	g%d [label=%s, shape=box3d, style=filled, fillcolor=%q, color=%q, fontsize=8];\n", parent, dotQuote(text), dotBox, dotFailHigh)
	fmt.Fprintf(w, "	n%d -> g%d;\n", parent, parent)
}

// bestLine marks the nodes of the best line: from the root, each node's
// child that gave it its best score in its last iteration.
func (r *treeRecorder) bestLine() map[int]bool {
	on := map[int]bool{}
	for i := 0; i >= 0 && i < len(r.nodes); i = r.nodes[i].bestChild {
		on[i] = true
	}
	return on
}

// nodeLabel is the text of a node, line by line: the move that led to it,
// the call's arguments, its table entry, its earlier iterations (not drawn)
// and its result.
func (r *treeRecorder) nodeLabel(n *treeNode) []string {
	var lines []string
	args := fmt.Sprintf("n=%d  q=%d  l=%d  e=%d", n.depth, n.alpha, n.beta, n.eval)
	switch {
	case n.parent < 0:
		lines = append(lines, fmt.Sprintf("root: %s to move, the %d-ply iteration", sideName(n.side), n.depth-1),
			fmt.Sprintf("d=%d  q=%d  l=%d  e=%d", n.depth, n.alpha, n.beta, n.eval))
	case n.from == noSquare:
		lines = append(lines, "stalemate probe: the other side moves", args)
	case n.quiescence:
		lines = append(lines, moveName(n.from, n.to)+"  quiescence", fmt.Sprintf("q=%d  l=%d  stand pat e=%d", n.alpha, n.beta, n.eval))
	default:
		head := moveName(n.from, n.to)
		if n.tableMove {
			head += "  (the table's move, first)"
		}
		lines = append(lines, head, args)
	}
	switch {
	case n.tableDepth > 0 && n.last.iter == 0:
		lines = append(lines, fmt.Sprintf("table: d=%d, answers it", n.tableDepth))
	case n.tableDepth > 0:
		lines = append(lines, fmt.Sprintf("table: d=%d, resumed", n.tableDepth))
	}
	for _, p := range n.earlier {
		line := fmt.Sprintf("d=%d: %s, %d %s", p.iter, passResult(p), p.nodes, plural(p.nodes, "node", "nodes"))
		if p.pruned > 0 {
			line += fmt.Sprintf(", %d pruned", p.pruned)
		}
		lines = append(lines, line+" (not drawn)")
	}
	for _, m := range n.moves {
		if m.rule == notPruned {
			lines = append(lines, fmt.Sprintf("recapture %s: %d", moveName(m.from, m.to), m.score))
		} else {
			lines = append(lines, fmt.Sprintf("recapture %s: %s, v=%d", moveName(m.from, m.to), m.rule, m.eval))
		}
	}
	result := fmt.Sprintf("m=%d", n.best)
	if n.last.iter > 0 && !n.quiescence {
		result = fmt.Sprintf("d=%d: m=%s", n.last.iter, passResult(n.last))
	}
	result += ": " + bound(n)
	if n.score != n.best {
		result += fmt.Sprintf(", returns %d", n.score)
	}
	lines = append(lines, result)
	if n.quiescence && n.boxNodes > 1 {
		lines = append(lines, fmt.Sprintf("%d nodes, %d pruned in the box", n.boxNodes, n.boxPruned))
	}
	return lines
}

// passResult says what an iteration found: its best score and the move
// that gave it.
func passResult(p treePass) string {
	switch {
	case p.best >= infinity:
		return fmt.Sprintf("%d, king capture", p.best)
	case p.from != noSquare:
		return fmt.Sprintf("%d by %s", p.best, moveName(p.from, p.to))
	case p.iter == 1:
		return fmt.Sprintf("%d, stand pat", p.best)
	case p.best <= -infinity: // every move lost the king, and the probe took it
		return fmt.Sprintf("%d, no legal move (mated)", p.best)
	default:
		return fmt.Sprintf("%d, no legal move (stalemate)", p.best)
	}
}

// bound says how a node's best score m stands to the window it received:
// micro-Max lowers q by one at once (q--, making room for the delayed-loss
// bonus), so m < q is a fail low (an upper bound), m >= l a fail high (a
// lower bound), and anything between exact; a king capture says the move
// that led to the node was illegal. A stalemate probe tells mate from
// stalemate.
func bound(n *treeNode) string {
	switch {
	case n.parent >= 0 && n.from == noSquare && n.best >= infinity:
		return "it takes the king: mate"
	case n.parent >= 0 && n.from == noSquare:
		return "it cannot take the king: stalemate"
	case n.best >= infinity:
		return "the move here was illegal"
	case n.best >= n.beta:
		return "fail high (m >= l)"
	case n.best < n.alpha:
		return "fail low (m < q)"
	}
	return "exact"
}

// moveName writes a move of the recorded search in coordinate notation,
// e2e4 (Move.String), without the flag micro-Max keeps in a square's bit 7.
func moveName(from, to int) string {
	return Move{from: from &^ offBoard, to: to &^ offBoard}.String()
}

// moveLines lays out a list of moves under a header, stubMovesPerLine a
// line, as the stubs and the groups of stand-pat replies show them.
func moveLines(header string, moves []string) []string {
	lines := []string{header}
	for k, m := range moves {
		if k%stubMovesPerLine == 0 {
			lines = append(lines, m)
		} else {
			lines[len(lines)-1] += "   " + m
		}
	}
	return lines
}

// plural picks the word for a count.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// dotQuote makes lines of text a DOT label: a quoted string, every line
// left-justified (\l).
func dotQuote(lines []string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, line := range lines {
		for _, c := range line {
			if c == '"' || c == '\\' {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
		}
		b.WriteString(`\l`)
	}
	b.WriteByte('"')
	return b.String()
}
