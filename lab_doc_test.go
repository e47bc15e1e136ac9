package main

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The laboratory's chapter (doc/laboratory.md) and its results chapter
// (doc/lab-results/README.md) are held to what they show: the cards'
// positions cut what they say, every figure of the teaching text is its
// table's, the tables are the stored matches', and a switch reads the same
// where it is chosen (the page, doc/protocols.md).

const (
	labDoc      = "doc/laboratory.md"
	labResults  = "doc/lab-results/README.md"
	labCardFile = "doc/lab-boards/positions.txt"
)

// labCard is a card's position (doc/lab-boards/positions.txt): the search
// the page's stepper records from root (its plies-ply iteration, under the
// options), the rule whose first cut the card shows, and where that cut is:
// the node's position, the move in coordinates, and the line (SAN) from
// the root to the node.
type labCard struct {
	name, root string
	plies      int
	options    [][2]string // UCI option name, value
	rule       string
	node, move string
	line       string
}

// stop is the stepper's "run to the next" kind that meets the card's cut.
func (c labCard) stop() string {
	if c.rule == "futile" {
		return "futile"
	}
	return "lab"
}

// link is the address that opens the page's stepper at the card's cut, as
// scripts/web.sh serve serves it (web/app.js: openFromAddress).
func (c labCard) link() string {
	plus := func(s string) string { return strings.ReplaceAll(s, " ", "+") }
	s := fmt.Sprintf("http://127.0.0.1:8000/web/#fen=%s&plies=%d&stop=%s", plus(c.root), c.plies, c.stop())
	for _, o := range c.options {
		s += "&" + plus(o[0]) + "=" + o[1]
	}
	return s
}

func (c labCard) String() string {
	var opts []string
	for _, o := range c.options {
		opts = append(opts, o[0]+"="+o[1])
	}
	return strings.Join([]string{c.name, c.root, fmt.Sprint(c.plies), strings.Join(opts, ";"), c.rule, c.node, c.move, c.line}, "|")
}

// readLabCards reads doc/lab-boards/positions.txt, its comment lines apart.
func readLabCards(t *testing.T) (cards []labCard, comments []string) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimRight(string(readFile(t, labCardFile)), "\n"), "\n") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			comments = append(comments, line)
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 8 {
			t.Fatalf("%s: %q: %d fields, want 8", labCardFile, line, len(f))
		}
		c := labCard{name: f[0], root: f[1], rule: f[4], node: f[5], move: f[6], line: f[7]}
		if _, err := fmt.Sscan(f[2], &c.plies); err != nil || c.plies < 2 || c.plies > 4 {
			t.Fatalf("%s: %s: plies %q (the stepper records 2 to 4)", labCardFile, c.name, f[2])
		}
		for _, o := range strings.Split(f[3], ";") {
			if o == "" {
				continue
			}
			name, value, ok := strings.Cut(o, "=")
			if !ok {
				t.Fatalf("%s: %s: option %q", labCardFile, c.name, o)
			}
			c.options = append(c.options, [2]string{name, value})
		}
		cards = append(cards, c)
	}
	return cards, comments
}

// recordCut records the card's search as the page's stepper does (a fresh
// table, umax record, go depth) and returns where the stepper's "run to
// the next" stops first from the first step: the node's position, the
// move, the rule and the line from the root; found false if it never does.
func recordCut(t *testing.T, d *uciDialogue, c labCard) (node, move, rule, line string, found bool) {
	t.Helper()
	for _, o := range c.options {
		d.expectNothing("setoption name " + o[0] + " value " + o[1])
	}
	defer func() { // back to micro-Max 4.1 for the next card
		for _, o := range c.options {
			off := "false"
			if o[1] != "true" && o[1] != "false" {
				off = "0"
			}
			d.expectNothing("setoption name " + o[0] + " value " + off)
		}
	}()
	d.expectNothing("ucinewgame", fmt.Sprintf("umax record %d", c.plies))
	d.search("position fen "+c.root, fmt.Sprintf("go depth %d", c.plies))
	var steps jsonSteps
	webAnswer(t, d, "umax steps", &steps)
	var tree jsonTree
	webAnswer(t, d, "umax tree", &tree)
	if steps.Error != "" || tree.Error != "" {
		t.Fatalf("%s: %s %s", c.name, steps.Error, tree.Error)
	}
	for k, s := range steps.Steps {
		if k == 0 || s[0] != "move" {
			continue
		}
		r := s[6].(string)
		if (c.stop() == "futile") != (r == "futile") || r == "searched" {
			continue
		}
		n := int(s[1].(float64))
		var path []string
		for i := n; i > 0; i = tree.Tree[i].Parent {
			path = append([]string{tree.Tree[i].San}, path...)
		}
		return steps.Boards[n], s[3].(string), r, strings.Join(path, " "), true
	}
	return "", "", "", "", false
}

// TestLabCards: each card's search cuts, first, the move the card draws,
// by the card's rule, where the card says (with -update the test writes
// the cuts it finds into doc/lab-boards/positions.txt); the drawings are
// what scripts/board-svg.go makes of them; and doc/laboratory.md shows each
// drawing with the link that opens the stepper at that cut.
func TestLabCards(t *testing.T) {
	// Not parallel: its searches are small, but its table is micro-Max's
	// 144 MiB, and the parallel tests have tables of their own.
	cards, comments := readLabCards(t)
	if len(cards) < 10 {
		t.Fatalf("%d cards in %s", len(cards), labCardFile)
	}
	d := newUCIDialogue(t, newEngine(defaultHashEntries), config{lab: true}) // umax -lab: the page's worker
	d.sync("uci")
	changed := false
	for i, c := range cards {
		node, move, rule, line, found := recordCut(t, d, c)
		if !found {
			t.Errorf("%s: the %d-ply iteration from %s cuts nothing the stepper stops at (%s)", c.name, c.plies, c.root, c.stop())
			continue
		}
		if *update {
			cards[i].node, cards[i].move, cards[i].rule, cards[i].line = node, move, rule, line
			changed = changed || cards[i].String() != c.String()
			continue
		}
		if node != c.node || move != c.move || rule != c.rule || line != c.line {
			t.Errorf("%s: the first cut is %s by %s after %q in %s; the card says %s by %s after %q in %s (go test -run TestLabCards -update, then go run scripts/board-svg.go)",
				c.name, move, rule, line, node, c.move, c.rule, c.line, c.node)
		}
	}
	if *update && changed {
		var b strings.Builder
		for _, l := range comments {
			b.WriteString(l + "\n")
		}
		for _, c := range cards {
			b.WriteString(c.String() + "\n")
		}
		must(t, os.WriteFile(labCardFile, []byte(b.String()), 0o644))
		t.Logf("wrote %s: now go run scripts/board-svg.go", labCardFile)
		return
	}

	// The drawings, each what scripts/board-svg.go draws (not in the short
	// runs: the emulated ones, qemu and Wine, cannot start the host's go).
	dir := t.TempDir()
	if out, err := exec.Command("go", "run", "scripts/board-svg.go", "-o", dir).CombinedOutput(); err != nil && !testing.Short() {
		t.Fatalf("go run scripts/board-svg.go: %v\n%s", err, out)
	}
	doc := string(readFile(t, labDoc))
	for _, c := range cards {
		want, err := os.ReadFile(filepath.Join(dir, c.name+".svg"))
		if got, err2 := os.ReadFile(filepath.Join("doc", "lab-boards", c.name+".svg")); err2 != nil || !testing.Short() && (err != nil || !bytes.Equal(got, want)) {
			t.Errorf("doc/lab-boards/%s.svg is not what go run scripts/board-svg.go writes (%v, %v)", c.name, err, err2)
		}
		img := fmt.Sprintf(`src="lab-boards/%s.svg"`, c.name)
		at := strings.Index(doc, img)
		if at < 0 {
			t.Errorf("%s does not show lab-boards/%s.svg", labDoc, c.name)
			continue
		}
		// The link is in the card: within a few lines of the drawing.
		near := doc[max(0, at-1500):min(len(doc), at+1500)]
		if !strings.Contains(near, "("+c.link()+")") {
			t.Errorf("%s: no link %s beside lab-boards/%s.svg", labDoc, c.link(), c.name)
		}
	}
}

// mdTable is a Markdown table: its header's cells and its rows' cells, as
// written (trimmed).
type mdTable struct {
	header []string
	rows   [][]string
	raw    []string // the rows' lines as written
}

// mdTables are the tables of a Markdown text, outside its code blocks.
func mdTables(doc string) []mdTable {
	prose, _ := splitMarkdown(doc)
	var tables []mdTable
	lines := strings.Split(prose, "\n")
	cells := func(l string) []string {
		var c []string
		for _, s := range strings.Split(strings.Trim(strings.TrimSpace(l), "|"), "|") {
			c = append(c, strings.TrimSpace(s))
		}
		return c
	}
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "|") || !strings.HasPrefix(lines[i+1], "|---") {
			continue
		}
		t := mdTable{header: cells(lines[i])}
		j := i + 2
		for ; j < len(lines) && strings.HasPrefix(lines[j], "|"); j++ {
			t.rows = append(t.rows, cells(lines[j]))
			t.raw = append(t.raw, lines[j])
		}
		tables = append(tables, t)
		i = j
	}
	return tables
}

// findTable is the n-th table (from 0) whose header starts with the cells.
func findTable(t *testing.T, tables []mdTable, file string, n int, header ...string) mdTable {
	t.Helper()
	for _, tb := range tables {
		if len(tb.header) >= len(header) && slices.Equal(tb.header[:len(header)], header) {
			if n == 0 {
				return tb
			}
			n--
		}
	}
	t.Fatalf("%s: no table with the header %q", file, header)
	return mdTable{}
}

// row is the table's row whose first cell (cleaned) is name, or nil.
func (tb mdTable) row(name string) []string {
	for _, r := range tb.rows {
		if cleanCell(r[0]) == name {
			return r
		}
	}
	return nil
}

var (
	mdLinkText = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	numberText = regexp.MustCompile(`[+-]?\d+(?:\.\d+)?`)
)

// cleanCell is a cell's text as read: links as their text, no bold, no °.
func cleanCell(c string) string {
	c = mdLinkText.ReplaceAllString(c, "$1")
	c = strings.ReplaceAll(c, "**", "")
	return strings.TrimSpace(strings.TrimSuffix(c, "°"))
}

// labSettingNames are the laboratory's settings as the lab scripts name
// them (scripts/lab-configs.sh), and the rule before its fix.
func labSettingNames(t *testing.T) []string {
	t.Helper()
	var names []string
	in := false
	for _, line := range strings.Split(string(readFile(t, "scripts/lab-configs.sh")), "\n") {
		if after, ok := strings.CutPrefix(line, "LAB_CONFIGS='"); ok {
			line, in = after, true
		}
		if !in {
			continue
		}
		name, _, _ := strings.Cut(line, "|")
		names = append(names, name)
		if strings.HasSuffix(line, "'") {
			break
		}
	}
	if len(names) < 10 {
		t.Fatalf("scripts/lab-configs.sh: settings %q", names)
	}
	return append(names, "aggressive, before the fix")
}

// labDocs are the two chapters' texts and tables.
type labDocs struct {
	doc, results             string
	docTables, resultsTables []mdTable
}

func readLabDocs(t *testing.T) labDocs {
	t.Helper()
	d := labDocs{doc: string(readFile(t, labDoc)), results: string(readFile(t, labResults))}
	d.docTables, d.resultsTables = mdTables(d.doc), mdTables(d.results)
	return d
}

// nodeMeans is each setting's geometric means of nodes against 4.1, by ply,
// from the results' node table ("geometric mean / 4.1" rows).
func (d labDocs) nodeMeans(t *testing.T) map[string]map[int]string {
	t.Helper()
	tb := findTable(t, d.resultsTables, labResults, 0, "position", "ply", "4.1")
	means := map[string]map[int]string{}
	for _, r := range tb.rows {
		if r[0] != "geometric mean / 4.1" {
			continue
		}
		var ply int
		fmt.Sscan(r[1], &ply)
		for i := 2; i < len(r); i++ {
			if means[tb.header[i]] == nil {
				means[tb.header[i]] = map[int]string{}
			}
			means[tb.header[i]][ply], _, _ = strings.Cut(r[i], " ")
		}
	}
	return means
}

// nodeRange is "lo–hi" of a setting's geometric means at 3 to 6 ply, the
// plies every position finished under every setting.
func nodeRange(means map[string]map[int]string, setting string) string {
	lo, hi := "", ""
	for ply := 3; ply <= 6; ply++ {
		v, ok := means[setting][ply]
		if !ok {
			return ""
		}
		if lo == "" || v < lo {
			lo = v
		}
		if hi == "" || v > hi {
			hi = v
		}
	}
	return lo + "–" + hi
}

// TestLabDocMeans: the geometric means of the results' node table are the
// means of its rows (each setting's nodes over 4.1's, over the positions
// where both finished the iteration).
func TestLabDocMeans(t *testing.T) {
	d := readLabDocs(t)
	tb := findTable(t, d.resultsTables, labResults, 0, "position", "ply", "4.1")
	logs := map[[2]int][]float64{} // (column, ply) -> log ratios
	for _, r := range tb.rows {
		if r[0] == "geometric mean / 4.1" {
			continue
		}
		var ply int
		fmt.Sscan(r[1], &ply)
		var base float64
		if _, err := fmt.Sscan(r[2], &base); err != nil {
			continue
		}
		for i := 2; i < len(r); i++ {
			var n float64
			if _, err := fmt.Sscan(r[i], &n); err == nil {
				logs[[2]int{i, ply}] = append(logs[[2]int{i, ply}], math.Log(n/base))
			}
		}
	}
	checked := 0
	for _, r := range tb.rows {
		if r[0] != "geometric mean / 4.1" {
			continue
		}
		var ply int
		fmt.Sscan(r[1], &ply)
		for i := 2; i < len(r); i++ {
			l := logs[[2]int{i, ply}]
			sum := 0.0
			for _, x := range l {
				sum += x
			}
			want := fmt.Sprintf("%.2f (%d)", math.Exp(sum/float64(len(l))), len(l))
			if r[i] != want {
				t.Errorf("%s: %s at %d ply: the geometric mean is %s, the table says %s", labResults, tb.header[i], ply, want, r[i])
			}
			checked++
		}
	}
	if checked < 50 {
		t.Errorf("%d geometric means checked", checked)
	}
}

// storedMatchRows are the rows lab-match.sh stored (doc/lab-results/*/NAME.table
// and */clock-*/NAME.table): the node clock's and the clock's, by setting.
func storedMatchRows(t *testing.T) (node, clock map[string]string) {
	t.Helper()
	node, clock = map[string]string{}, map[string]string{}
	files, err := filepath.Glob("doc/lab-results/*/*.table")
	must(t, err)
	clocked, err := filepath.Glob("doc/lab-results/*/clock-*/*.table")
	must(t, err)
	for _, set := range []struct {
		files []string
		rows  map[string]string
	}{{files, node}, {clocked, clock}} {
		for _, f := range set.files {
			line := strings.TrimSpace(string(readFile(t, f)))
			name := cleanCell(strings.Split(strings.Trim(line, "|"), "|")[0])
			if _, dup := set.rows[name]; dup {
				t.Errorf("%s: a second stored match of %s", f, name)
			}
			set.rows[name] = line
		}
	}
	if len(node) < 17 || len(clock) < 16 {
		t.Fatalf("stored matches: %d on the node clock, %d on a clock", len(node), len(clock))
	}
	return node, clock
}

// TestLabDocMatches: the results' tables of the long matches are the rows
// the matches stored, each once; the pentanomial tables are what
// scripts/pentanomial.go writes with the command shown above each.
func TestLabDocMatches(t *testing.T) {
	d := readLabDocs(t)
	node, clock := storedMatchRows(t)
	stored := map[string]int{}
	for _, rows := range []map[string]string{node, clock} {
		for _, r := range rows {
			stored[r] = 0
		}
	}
	for _, tb := range d.resultsTables {
		if len(tb.header) < 3 || tb.header[0] != "setting" || tb.header[2] != "won" {
			continue
		}
		fromStore := 0
		for _, raw := range tb.raw {
			if _, ok := stored[raw]; ok {
				stored[raw]++
				fromStore++
			}
		}
		if fromStore > 0 && fromStore < len(tb.raw) {
			for _, raw := range tb.raw {
				if _, ok := stored[raw]; !ok {
					t.Errorf("%s: a row of a table of stored matches that no match stored: %s", labResults, raw)
				}
			}
		}
	}
	for r, n := range stored {
		if n != 1 {
			t.Errorf("%s shows the stored match %d times: %s", labResults, n, r)
		}
	}

	// The pentanomial tables, each after its command (not in the short runs:
	// the emulated ones cannot start the host's go).
	if testing.Short() {
		return
	}
	lines := strings.Split(d.results, "\n")
	found := 0
	for i, l := range lines {
		cmd, ok := strings.CutPrefix(l, "    $ go run scripts/pentanomial.go")
		if !ok {
			continue
		}
		found++
		out, err := exec.Command("bash", "-c", "go run scripts/pentanomial.go"+cmd).Output()
		if err != nil {
			t.Fatalf("go run scripts/pentanomial.go%s: %v", cmd, err)
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "|") {
			j++
		}
		want := strings.Split(strings.TrimSpace(string(out)), "\n")
		if j+len(want) > len(lines) || !slices.Equal(lines[j:j+len(want)], want) || (j+len(want) < len(lines) && strings.HasPrefix(lines[j+len(want)], "|")) {
			t.Errorf("%s: the table after line %d is not what go run scripts/pentanomial.go%s writes:\n%s", labResults, i+1, cmd, out)
		}
	}
	if found != 2 {
		t.Errorf("%s: %d pentanomial commands, want 2 (the node clock, a clock)", labResults, found)
	}
}

// labFigures are the figures of a setting the teaching chapter may give,
// from the results' tables.
type labFigures struct {
	nodes, tactics        string // "lo–hi"; "a/b/c" at 30,000, 100,000 and 300,000 nodes
	eloNode, eloClock     string // "E (lo to hi)", pentanomial (a clock's trinomial where its pairs were not counted)
	holdsNode, holdsClock bool   // after Holm's correction
	trinomialClock        bool
	instructions, speed   string // "/ 4.1" of the callgrind and speed tables, the speed's "R (lo to hi)"
	shadow                string // the error rates of its rules on WAC (the shadow table), joined by " / "; "—" if it prunes nothing
}

func (d labDocs) figures(t *testing.T) map[string]labFigures {
	t.Helper()
	means := d.nodeMeans(t)
	tactics := findTable(t, d.resultsTables, labResults, 0, "setting", "30000 nodes", "100000", "300000")
	callgrind := findTable(t, d.resultsTables, labResults, 0, "setting", "instructions", "nodes", "instructions per node", "/ 4.1")
	speed := findTable(t, d.resultsTables, labResults, 0, "setting", "nodes", "nodes per second (median)")
	pentaNode := findTable(t, d.resultsTables, labResults, 0, "setting", "games", "pairs (LL, LD, WL+DD, WD, WW)")
	pentaClock := findTable(t, d.resultsTables, labResults, 1, "setting", "games", "pairs (LL, LD, WL+DD, WD, WW)")
	shadow := findTable(t, d.resultsTables, labResults, 0, "setting", "rule", "pruned", "wrong", "changed", "error rate")
	rates := map[string][]string{}
	for _, r := range shadow.rows {
		rates[cleanCell(r[0])] = append(rates[cleanCell(r[0])], r[5])
	}
	_, clockRows := storedMatchRows(t)
	holds := func(p string) bool {
		if p == "<0.0001" {
			return true
		}
		var x float64
		_, err := fmt.Sscan(p, &x)
		return err == nil && x < 0.05
	}
	out := map[string]labFigures{}
	for _, name := range labSettingNames(t) {
		var f labFigures
		f.nodes = nodeRange(means, name)
		f.shadow = cmp.Or(strings.Join(rates[name], " / "), "—")
		if r := tactics.row(name); r != nil {
			f.tactics = r[1] + "/" + r[2] + "/" + r[3]
		}
		if r := callgrind.row(name); r != nil {
			f.instructions = r[4]
		}
		if r := speed.row(name); r != nil {
			i := slices.Index(speed.header, "/ 4.1") // the median ratio, then its lowest and highest
			f.speed = r[i] + " (" + r[i+1] + " to " + r[i+2] + ")"
		}
		if r := pentaNode.row(name); r != nil {
			f.eloNode, f.holdsNode = r[4], holds(r[6])
		}
		if r := pentaClock.row(name); r != nil {
			if r[2] == "not counted" {
				f.trinomialClock = true
				f.eloClock = cleanCell(strings.Split(strings.Trim(clockRows[name], "|"), "|")[6])
			} else {
				f.eloClock, f.holdsClock = r[4], holds(r[6])
			}
		}
		out[name] = f
	}
	return out
}

// TestLabDocVerdict: the verdict table's figures are the results' tables':
// nodes, the shadow's error rates, tactics, Elo on the node clock and on a clock (bold where Holm's
// correction keeps the result; ° where the interval is the games'), for
// every setting the lab scripts compare.
func TestLabDocVerdict(t *testing.T) {
	d := readLabDocs(t)
	figures := d.figures(t)
	tb := findTable(t, d.docTables, labDoc, 0, "rule", "seed", "what it prunes", "nodes against 4.1", "shadow error rate", "tactics",
		"Elo, node clock", "Elo, on a clock", "verdict")
	seen := map[string]bool{}
	for _, r := range tb.rows {
		name := cleanCell(r[0])
		f, ok := figures[name]
		if !ok {
			t.Errorf("the verdict's row %q names no setting of scripts/lab-configs.sh", r[0])
			continue
		}
		seen[name] = true
		elo := func(cell, want string, holds, trinomial bool) string {
			w := want
			if w == "" {
				w = labNotPlayed
			}
			if holds {
				w = "**" + w + "**"
			}
			if trinomial {
				w += "°"
			}
			if cell != w {
				return fmt.Sprintf(" %q, want %q;", cell, w)
			}
			return ""
		}
		var bad string
		if r[3] != f.nodes {
			bad += fmt.Sprintf(" nodes %q, want %q;", r[3], f.nodes)
		}
		if r[4] != f.shadow {
			bad += fmt.Sprintf(" shadow error rate %q, want %q;", r[4], f.shadow)
		}
		if r[5] != f.tactics {
			bad += fmt.Sprintf(" tactics %q, want %q;", r[5], f.tactics)
		}
		bad += elo(r[6], f.eloNode, f.holdsNode, false)
		bad += elo(r[7], f.eloClock, f.holdsClock, f.trinomialClock)
		if bad != "" {
			t.Errorf("%s: the verdict's row %s:%s", labDoc, name, bad)
		}
	}
	for name := range figures {
		if !seen[name] && name != "4.1" && !strings.Contains(name, ",") {
			t.Errorf("%s: the verdict has no row for %s", labDoc, name)
		}
	}
}

// labNotPlayed is the verdict's Elo cell of a setting no stored match
// played; a numbers line says "no match played" there (or "no match on a
// clock" after the node clock's Elo, or "no match on the node clock" before
// the clock's), and "cost per node
// not measured" for a setting the callgrind and speed tables lack.
const labNotPlayed = "not played"

var numbersLine = regexp.MustCompile("^\\*\\*Numbers\\*\\* \\(`([^`]+)`[^)]*\\): nodes (\\S+) of 4\\.1's; tactics (\\d+), (\\d+), (\\d+); " +
	"(?:Elo (\\S+ \\(\\S+ to \\S+\\)) on the node clock, (?:(\\S+ \\(\\S+ to \\S+\\)) on a clock|no match on a clock)|" +
	"no match on the node clock, Elo (\\S+ \\(\\S+ to \\S+\\)) on a clock|no match played); " +
	"(?:([\\d.]+) times 4\\.1's instructions a node, ([\\d.]+ \\([\\d.]+ to [\\d.]+\\)) times its speed|cost per node not measured)\\.$")

// TestLabDocNumbers: each card's numbers are its setting's, from the
// results' tables, and every setting but the combination has a card.
func TestLabDocNumbers(t *testing.T) {
	d := readLabDocs(t)
	figures := d.figures(t)
	seen := map[string]bool{}
	for i, l := range strings.Split(d.doc, "\n") {
		if !strings.HasPrefix(l, "**Numbers**") {
			continue
		}
		m := numbersLine.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("%s:%d: a numbers line not in the form the test reads: %s", labDoc, i+1, l)
			continue
		}
		f, ok := figures[m[1]]
		if !ok {
			t.Errorf("%s:%d: no setting %q", labDoc, i+1, m[1])
			continue
		}
		seen[m[1]] = true
		got := []string{m[2], m[3] + "/" + m[4] + "/" + m[5], m[6], m[7] + m[8], m[9], m[10]}
		want := []string{f.nodes, f.tactics, f.eloNode, f.eloClock, f.instructions, f.speed}
		if !slices.Equal(got, want) {
			t.Errorf("%s:%d: %s's numbers are %q, the tables say %q", labDoc, i+1, m[1], got, want)
		}
	}
	for name := range figures {
		if !seen[name] && name != "4.1" && name != "all four rules" && !strings.Contains(name, ",") {
			t.Errorf("%s: no numbers line for %s", labDoc, name)
		}
	}
}

// settingWords are the words that name a setting in the text: its own name,
// and the rule's name where that differs.
var settingWords = map[string][]string{
	"extended":       {"extended futility"},
	"deep":           {"deep futility"},
	"aggressive":     {"aggressive futility"},
	"goose":          {"goose chases", "goose chase"},
	"late move":      {"late move pruning"},
	"general":        {"general deep futility"},
	"weak":           {"weak deep futility"},
	"overkill":       {"over-kill"},
	"goose legal":    {"legal protection"},
	"goose refined":  {"refined"},
	"goose budget 1": {"one pass"},
	"goose budget 9": {"nine passes"},
	"4.0":            {"micro-Max 4.0"},
	"4.1":            {"micro-Max 4.1", "4.1's"},
}

var (
	checkedFigure = regexp.MustCompile(`\d+\.\d+|(?:^|[\s(])[+-]\d+(?:\.\d+)?|\d+(?:\.\d+)?%`)
	codeSpan      = regexp.MustCompile("`[^`]*`")
	quotation     = regexp.MustCompile(`"[^"]*"`)
)

// proseSentences are the sentences of a Markdown text's prose: its
// paragraphs and list items, without code blocks, tables and HTML, split
// where a full stop, question or exclamation mark is followed by a space.
func proseSentences(doc string) []string {
	prose, _ := splitMarkdown(doc)
	var paragraphs []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			paragraphs = append(paragraphs, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, l := range strings.Split(prose, "\n") {
		s := strings.TrimSpace(l)
		switch {
		case s == "", strings.HasPrefix(s, "|"), strings.HasPrefix(s, "<"), strings.HasPrefix(s, "#"):
			flush()
		case strings.HasPrefix(s, "- "):
			flush()
			cur = append(cur, s)
		default:
			cur = append(cur, s)
		}
	}
	flush()
	var sentences []string
	for _, p := range paragraphs {
		start, code := 0, false
		for i := 0; i+1 < len(p); i++ {
			if p[i] == '`' {
				code = !code
			}
			if !code && strings.ContainsRune(".?!", rune(p[i])) && p[i+1] == ' ' {
				sentences = append(sentences, p[start:i+1])
				start = i + 2
			}
		}
		sentences = append(sentences, p[start:])
	}
	return sentences
}

// settingTokens are the numbers of each setting's rows and columns in the
// tables: a row whose first cell names it, a column whose header does.
func settingTokens(names []string, tables ...[]mdTable) map[string]map[string]bool {
	tokens := map[string]map[string]bool{}
	add := func(name, cell string) {
		if tokens[name] == nil {
			tokens[name] = map[string]bool{}
		}
		for _, n := range numberText.FindAllString(cleanCell(cell), -1) {
			tokens[name][n] = true
		}
	}
	for _, list := range tables {
		for _, tb := range list {
			for _, r := range tb.rows {
				if name := cleanCell(r[0]); slices.Contains(names, name) {
					for _, c := range r {
						add(name, c)
					}
				}
				for i, h := range tb.header {
					if slices.Contains(names, h) && i < len(r) && i > 0 {
						add(h, r[i])
					}
				}
			}
		}
	}
	return tokens
}

// namedSettings are the settings a sentence names, and the sentence without
// those names and without its code spans.
func namedSettings(sentence string, names []string) (named []string, rest string) {
	rest = sentence
	type word struct{ text, name string }
	var words []word
	for _, n := range names {
		words = append(words, word{n, n})
		for _, w := range settingWords[n] {
			words = append(words, word{w, n})
		}
	}
	slices.SortFunc(words, func(a, b word) int { return len(b.text) - len(a.text) })
	for _, w := range words {
		re := regexp.MustCompile(`(?i)(^|[^\w+-])` + regexp.QuoteMeta(w.text) + `($|[^\w])`)
		if re.MatchString(rest) {
			if !slices.Contains(named, w.name) {
				named = append(named, w.name)
			}
			rest = re.ReplaceAllString(rest, "$1 $2")
		}
	}
	for _, span := range codeSpan.FindAllString(sentence, -1) {
		inner := strings.Trim(span, "`")
		if slices.Contains(names, inner) && !slices.Contains(named, inner) {
			named = append(named, inner)
		}
	}
	return named, codeSpan.ReplaceAllString(rest, " ")
}

// labConstants are figures of the chapters that are settings of the
// measurements, not their results: the intervals' confidence, the clock's
// increment.
var labConstants = map[string]bool{"95": true, "0.02": true, "+0.02": true}

// labFigureProblems are the figures of a chapter's prose that are not the
// figures of a setting the sentence names, in the tables given: every
// decimal, signed number and percentage.
//
// With rounded true a figure may be a table's rounded to fewer decimals
// (0.52 for 0.520, -65 for -64.66), and a sentence that gives a date or
// names an issue is history, not checked: the results chapter's rule.
func labFigureProblems(doc string, names []string, rounded bool, tables ...[]mdTable) []string {
	tokens := settingTokens(names, tables...)
	history := regexp.MustCompile(`\b20\d\d-\d\d-\d\d\b|(?i)\bissue \d+`)
	matches := func(f string, set map[string]bool) bool {
		if set[f] || !rounded {
			return set[f]
		}
		decimals := 0
		if _, frac, ok := strings.Cut(f, "."); ok {
			decimals = len(frac)
		}
		var x float64
		fmt.Sscan(f, &x)
		scale := math.Pow(10, float64(decimals))
		for tok := range set {
			var y float64
			if _, err := fmt.Sscan(tok, &y); err == nil && math.Round(y*scale) == math.Round(x*scale) && (tok[0] == '-') == (f[0] == '-') {
				return true
			}
		}
		return false
	}
	var problems []string
	for _, s := range proseSentences(doc) {
		s = mdLinkText.ReplaceAllString(s, "$1") // a link's address is no figure
		if rounded && history.MatchString(s) {
			continue
		}
		named, rest := namedSettings(s, names)
		rest = quotation.ReplaceAllString(rest, " ") // a quotation's figures are its author's
		for _, f := range checkedFigure.FindAllString(rest, -1) {
			f = strings.TrimRight(strings.TrimLeft(f, " (\t"), "%")
			ok := labConstants[f]
			for _, n := range named {
				ok = ok || matches(f, tokens[n])
			}
			if !ok {
				problems = append(problems, fmt.Sprintf("%s, in %q (naming %q)", f, s, named))
			}
		}
	}
	return problems
}

// TestLabDocFigures: every figure of the teaching chapter's prose (a
// decimal, a signed number, a percentage) is in a table row of a setting
// its sentence names, so that no figure contradicts its table.
func TestLabDocFigures(t *testing.T) {
	d := readLabDocs(t)
	for _, p := range labFigureProblems(d.doc, labSettingNames(t), false, d.docTables, d.resultsTables) {
		t.Errorf("%s: a figure no table of the setting named has: %s", labDoc, p)
	}
	for _, p := range labFigureProblems(d.results, labSettingNames(t), true, d.resultsTables) {
		t.Errorf("%s: a figure no table of the setting named has: %s", labResults, p)
	}
}

// TestLabDocFiguresFindsBroken checks the checker on the contradictions a
// reader found once: a ratio beside its table's other value.
func TestLabDocFiguresFindsBroken(t *testing.T) {
	names := []string{"4.1", "margin +50", "general"}
	tables := mdTables("| setting | / 4.1 |\n|---|---:|\n| 4.1 | 1.000 |\n| margin +50 | 0.938 |\n| general | 1.449 |\n")
	doc := "Margin +50, at 1.02 times the instructions a node, searches more. " +
		"General deep futility costs 1.449 times 4.1's instructions a node.\n\n" +
		"At 1.55 times the instructions a node it loses.\n\n" +
		"    margin +50 at 9.99 in a code block\n\n`margin +50` costs 0.938 of 4.1's.\n"
	got := labFigureProblems(doc, names, false, tables)
	if len(got) != 2 || !strings.HasPrefix(got[0], "1.02,") || !strings.HasPrefix(got[1], "1.55,") {
		t.Errorf("problems %q, want 1.02 (not margin +50's) and 1.55 (no setting named)", got)
	}
}

// TestLabDocTeaching: the teaching chapter names no issue, no commit and no
// date (they are the results chapter's), its goose section opens with
// what micro-Max's quiescence search is, and the numbers of its picture of
// the tree are the pictures' titles'.
func TestLabDocTeaching(t *testing.T) {
	d := readLabDocs(t)
	prose, _ := splitMarkdown(d.doc)
	for _, bad := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)\bissues? \d+`),
		regexp.MustCompile(`\b20\d\d-\d\d-\d\d\b`),
		regexp.MustCompile(`\b[0-9a-f]*[0-9][0-9a-f]*[a-f][0-9a-f]*\b|\b[0-9a-f]*[a-f][0-9a-f]*[0-9][0-9a-f]*\b`),
	} {
		for _, m := range bad.FindAllString(prose, -1) {
			if len(m) >= 7 || !strings.ContainsAny(m, "abcdef") {
				t.Errorf("%s names %q: history belongs in %s", labDoc, m, labResults)
			}
		}
	}
	_, goose, ok := strings.Cut(d.doc, "### Goose chases\n\n")
	if first, _, _ := strings.Cut(goose, "\n\n"); !ok || !strings.Contains(strings.Join(strings.Fields(first), " "), "quiescence search is one exchange on one square") {
		t.Errorf("%s: the goose section does not open with micro-Max's quiescence search being one exchange on one square", labDoc)
	}
	_, pic, _ := strings.Cut(d.doc, "## A picture of the tree")
	pic, _, _ = strings.Cut(pic, "\n## ")
	titles := ""
	for _, f := range []string{"doc/tree-e4-41.dot", "doc/tree-e4-40.dot"} {
		dot := string(readFile(t, f))
		_, label, _ := strings.Cut(dot, "label=\"")
		label, _, _ = strings.Cut(label, "\"]")
		titles += label + " "
	}
	for _, n := range regexp.MustCompile(`\b\d{3,}\b`).FindAllString(codeSpan.ReplaceAllString(strings.Join(proseSentences(pic), " "), ""), -1) {
		if !regexp.MustCompile(`\b` + n + `\b`).MatchString(titles) {
			t.Errorf("%s: the picture's %s is in neither picture's title", labDoc, n)
		}
	}
}

// TestLabSwitchLines: every switch of the page's settings has a line and a
// card (web/app.js: labHelp), the card is a heading of the chapter, and
// doc/protocols.md's table of the switches gives the same line and card.
func TestLabSwitchLines(t *testing.T) {
	app := string(readFile(t, "web/app.js"))
	switches := regexp.MustCompile(`\{ name: "([^"]+)", label:`).FindAllStringSubmatch(app, -1)
	help := map[string][2]string{}
	for _, m := range regexp.MustCompile(`(?m)^  "([^"]+)": \["([^"]+)", "([^"]+)"\],$`).FindAllStringSubmatch(app, -1) {
		help[m[1]] = [2]string{m[2], m[3]}
	}
	_, headings := splitMarkdown(string(readFile(t, labDoc)))
	anchors := map[string]bool{}
	for _, h := range headings {
		anchors[githubAnchor(h)] = true
	}
	protocols := string(readFile(t, "doc/protocols.md"))
	_, section, ok := strings.Cut(protocols, "## The laboratory's switches")
	if !ok {
		t.Fatal("doc/protocols.md has no section The laboratory's switches")
	}
	rows := map[string][]string{}
	for _, tb := range mdTables(section) {
		for _, r := range tb.rows {
			rows[strings.Trim(r[0], "`")] = r
		}
	}
	if len(switches) < 13 {
		t.Fatalf("web/app.js: %d switches found", len(switches))
	}
	for _, sw := range switches {
		name := sw[1]
		h, ok := help[name]
		if !ok {
			t.Errorf("web/app.js: the switch %s has no line in labHelp", name)
			continue
		}
		if !anchors[h[1]] {
			t.Errorf("web/app.js: %s's card #%s is no heading of %s", name, h[1], labDoc)
		}
		r := rows[name]
		if r == nil {
			t.Errorf("doc/protocols.md: no line for the switch %s", name)
			continue
		}
		if r[3] != h[0] || r[4] != "[card](laboratory.md#"+h[1]+")" {
			t.Errorf("doc/protocols.md: %s reads %q, %q; the page %q, card %s", name, r[3], r[4], h[0], h[1])
		}
	}
}
