//go:build ignore

// lab-plot draws the futility laboratory's two pictures as SVG, from the
// Markdown tables of the lab scripts, with the standard library only:
//
//	scripts/futility-table.sh -lab | go run scripts/lab-plot.go nodes > doc/lab-nodes.svg
//	scripts/lab-match.sh ... | go run scripts/lab-plot.go elo > doc/lab-elo.svg
//	cat doc/lab-results/.../*.table | go run scripts/lab-plot.go elo "at 2+0.02" > SVG
//
// nodes: for each setting, the nodes to finish each iteration (the
// geometric mean over the positions, on a log scale), at the plies every
// position finished under every setting; the legend gives each setting's
// effective branching factor, the mean ratio of one iteration's nodes to
// the one before. elo: each setting's Elo against 4.1 with its 95%
// interval (the games' trinomial interval, the table's "Elo (95%
// interval)"; scripts/pentanomial.go gives the one over pairs of games),
// from the rows of lab-match.sh's table, with what follows elo
// (the games' clock, say) added to its title.
package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) < 2 || (os.Args[1] != "nodes" && os.Args[1] != "elo") || (os.Args[1] == "nodes" && len(os.Args) > 2) {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/lab-plot.go nodes|elo [TITLE...] < TABLE > SVG")
		os.Exit(2)
	}
	var rows [][]string
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "|---") {
			continue
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(line, "|"), "|") {
			cells = append(cells, strings.TrimSpace(c))
		}
		rows = append(rows, cells)
	}
	if os.Args[1] == "nodes" {
		nodesPlot(rows)
	} else {
		eloPlot(rows, strings.Join(os.Args[2:], " "))
	}
}

var palette = []string{"#000000", "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
	"#bcbd22", "#17becf", "#ff7f0e", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173"}

func nodesPlot(rows [][]string) {
	if len(rows) < 2 || rows[0][0] != "position" {
		fmt.Fprintln(os.Stderr, "lab-plot: not a futility-table.sh -lab table")
		os.Exit(1)
	}
	names := rows[0][2:]
	logSum := map[int][]float64{} // ply: per setting, the sum of log nodes
	count := map[int][]int{}
	for _, r := range rows[1:] {
		if strings.HasPrefix(r[0], "geometric") {
			continue
		}
		ply, _ := strconv.Atoi(r[1])
		if logSum[ply] == nil {
			logSum[ply], count[ply] = make([]float64, len(names)), make([]int, len(names))
		}
		for i := range names {
			if v, err := strconv.ParseFloat(r[2+i], 64); err == nil && v > 0 {
				logSum[ply][i] += math.Log(v)
				count[ply][i]++
			}
		}
	}
	var plies []int // the plies every setting finished in every position
	for ply := 1; ply < 30; ply++ {
		c := count[ply]
		if c == nil {
			continue
		}
		full := true
		for i := range names {
			full = full && c[i] == c[0] && c[0] > 0
		}
		if full {
			plies = append(plies, ply)
		}
	}
	if len(plies) < 2 {
		fmt.Fprintln(os.Stderr, "lab-plot: fewer than two plies finished by every setting")
		os.Exit(1)
	}
	mean := func(ply, i int) float64 { return logSum[ply][i] / float64(count[ply][i]) } // log of the geometric mean
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range plies {
		for i := range names {
			lo, hi = math.Min(lo, mean(p, i)), math.Max(hi, mean(p, i))
		}
	}
	lo, hi = math.Floor(lo/math.Ln10), math.Ceil(hi/math.Ln10) // decades
	const w, left, top, plotW, plotH = 820, 70, 40, 460, 380
	h := max(480, top+10+len(names)*22) // the legend, a line a setting, may run below the plot
	x := func(ply int) float64 {
		return left + float64(ply-plies[0])*plotW/float64(plies[len(plies)-1]-plies[0])
	}
	y := func(logv float64) float64 { return top + plotH - (logv/math.Ln10-lo)*plotH/(hi-lo) }
	var b strings.Builder
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", w, h)
	fmt.Fprintf(&b, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", w, h)
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"20\" font-size=\"14\">Nodes to finish each iteration (geometric mean over the %d positions, log scale)</text>\n", left, count[plies[0]][0])
	for d := lo; d <= hi; d++ {
		yy := y(d * math.Ln10)
		fmt.Fprintf(&b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", left, yy, left+plotW, yy)
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", left-6, yy+4, strconv.FormatFloat(math.Pow(10, d), 'f', -1, 64))
	}
	for _, p := range plies {
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", x(p), top, x(p), top+plotH)
		fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d ply</text>\n", x(p), top+plotH+16, p)
	}
	for i, name := range names {
		color := palette[i%len(palette)]
		var pts []string
		for _, p := range plies {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p), y(mean(p, i))))
		}
		dash := "" // solid, then dashed, then dotted: the palette's colours come again
		if i >= 16 {
			dash = " stroke-dasharray=\"2,2\""
		} else if i >= 8 {
			dash = " stroke-dasharray=\"5,3\""
		}
		fmt.Fprintf(&b, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s/>\n", strings.Join(pts, " "), color, dash)
		ebf := math.Exp((mean(plies[len(plies)-1], i) - mean(plies[0], i)) / float64(plies[len(plies)-1]-plies[0]))
		ly := top + 10 + i*22
		fmt.Fprintf(&b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>\n", left+plotW+20, ly, left+plotW+44, ly, color, dash)
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\">%s (EBF %.2f)</text>\n", left+plotW+50, ly+4, escape(name), ebf)
	}
	b.WriteString("</svg>\n")
	os.Stdout.WriteString(b.String())
}

var interval = regexp.MustCompile(`^([+-]?\d+|[+-]inf) \(([+-]?\d+|[+-]inf) to ([+-]?\d+|[+-]inf)\)$`)

func eloPlot(rows [][]string, title string) {
	type result struct {
		name          string
		games         int
		elo, low, top float64
	}
	var results []result
	for _, r := range rows {
		if len(r) < 7 {
			continue
		}
		m := interval.FindStringSubmatch(r[6])
		if m == nil {
			continue
		}
		games, _ := strconv.Atoi(r[1])
		num := func(s string) float64 { v, _ := strconv.ParseFloat(strings.TrimPrefix(s, "+"), 64); return v }
		results = append(results, result{r[0], games, num(m[1]), num(m[2]), num(m[3])})
	}
	if len(results) == 0 {
		fmt.Fprintln(os.Stderr, "lab-plot: no rows of lab-match.sh's table")
		os.Exit(1)
	}
	lo, hi := -50.0, 50.0
	for _, r := range results {
		lo, hi = math.Min(lo, r.low), math.Max(hi, r.top)
	}
	step := 25.0 // a tick every step Elo, about a dozen of them
	for (hi-lo)/step > 12 {
		step *= 2
	}
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	const top, plotW, rowH = 40, 520, 24
	left := 190 // room for the longest label, at about 7 pixels a character
	for _, r := range results {
		left = max(left, 7*len(fmt.Sprintf("%s (%d games)", r.name, r.games))+16)
	}
	w, h := left+plotW+40, top+rowH*len(results)+40
	x := func(v float64) float64 { return float64(left) + (v-lo)*plotW/(hi-lo) }
	var b strings.Builder
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", w, h)
	fmt.Fprintf(&b, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", w, h)
	if title != "" {
		title = ", " + title
	}
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"20\" font-size=\"14\">Elo against micro-Max 4.1, with 95%% intervals%s</text>\n", left, escape(title))
	for v := lo; v <= hi; v += step {
		stroke := "#ddd"
		if v == 0 {
			stroke = "#888"
		}
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n", x(v), top, x(v), top+rowH*len(results), stroke)
		fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%+.0f</text>\n", x(v), top+rowH*len(results)+16, v)
	}
	for i, r := range results {
		yy := top + rowH*i + rowH/2
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s (%d games)</text>\n", left-8, yy+4, escape(r.name), r.games)
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#1f77b4\" stroke-width=\"2\"/>\n", x(r.low), yy, x(r.top), yy)
		fmt.Fprintf(&b, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"#d62728\"/>\n", x(r.elo), yy)
	}
	b.WriteString("</svg>\n")
	os.Stdout.WriteString(b.String())
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
