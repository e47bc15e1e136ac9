package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// nativeSteps is what the native engine records of an iteration: its
// steps (umax steps), its tree (umax tree), the diff of the last two
// (umax diff) and the source map (umax source), as raw JSON.
type nativeSteps struct {
	Steps struct {
		Nodes  int
		FEN    string
		Boards []string
		Steps  [][]any
		Inner  []struct{ Parent int } // the calls inside quiescence boxes, numbered after the tree's nodes
	}
	Tree struct {
		Tree []struct {
			Parent     int
			Move, San  string
			TableDepth int
		}
	}
	Lines map[string][]int
}

// answer is the JSON of the native engine's answer to a page command.
func answer(t *testing.T, lines []string, prefix string, v any) {
	t.Helper()
	for _, l := range lines {
		if strings.HasPrefix(l, prefix+" ") {
			if err := json.Unmarshal([]byte(strings.TrimPrefix(l, prefix+" ")), v); err != nil {
				t.Fatalf("%s: %v", prefix, err)
			}
			return
		}
	}
	t.Fatalf("no %s answer in %d lines", prefix, len(lines))
}

// recordNative records an iteration of the native engine from an empty
// table, as the page's stepper does in its worker.
func recordNative(t *testing.T, n *nativeEngine, position string, plies int, options ...string) nativeSteps {
	t.Helper()
	script := append(append([]string{"uci"}, options...), "ucinewgame", position, fmt.Sprintf("umax record %d", plies),
		fmt.Sprintf("go depth %d", plies))
	n.run(t, script)
	out := n.run(t, []string{"umax steps", "umax tree", "umax source"})
	var r nativeSteps
	answer(t, out, "umax steps", &r.Steps)
	answer(t, out, "umax tree", &r.Tree)
	var source struct{ Lines map[string][]int }
	answer(t, out, "umax source", &source)
	r.Lines = source.Lines
	return r
}

// stepShown is what the stepper shows: its step, the step's kind, node and
// node counter, and the source lines lit.
type stepShown struct {
	Step, Node, Nodes int
	Kind, Lines       string
	What, Info        string
	Placement         string
	Marked            []string
}

// shown reads what the stepper shows.
func (b *browser) shown() stepShown {
	b.t.Helper()
	var s stepShown
	b.eval(`(() => { const v = document.getElementById("step-view").dataset;
		return { step: Number(v.step), node: Number(v.node), nodes: Number(v.nodes), kind: v.kind, lines: v.lines,
		  what: document.getElementById("step-what").textContent, info: document.getElementById("step-info").textContent,
		  placement: window.umax.stepper.board.getPosition(),
		  marked: [...document.querySelectorAll("#step-board g.markers g[data-square]")].map((g) => g.dataset.square + " " + g.querySelector("use").getAttribute("class")) }; })()`, &s)
	return s
}

// clickStep clicks a control of the stepper and waits for the step shown to change.
func (b *browser) clickStep(id string) stepShown {
	b.t.Helper()
	before := b.shown().Step
	b.click("#" + id)
	b.waitJS(fmt.Sprintf(`Number(document.getElementById("step-view").dataset.step) !== %d`, before), 5*time.Second)
	return b.shown()
}

// checkShown checks that the stepper shows step k of the native engine's
// recording: its kind, node, node counter and board, the move it makes
// marked, and the source lines of its kind lit.
func checkShown(t *testing.T, what string, got stepShown, rec nativeSteps, k int) {
	t.Helper()
	s := rec.Steps.Steps[k]
	node, nodes := int(s[1].(float64)), int(s[2].(float64))
	if got.Step != k || got.Kind != s[0] || got.Node != node || got.Nodes != nodes {
		t.Fatalf("%s: the stepper shows step %d (%s at node %d, %d nodes), the engine's step %d is %v", what, got.Step, got.Kind, got.Node, got.Nodes, k, s)
	}
	if placement := strings.Fields(rec.Steps.Boards[node])[0]; got.Placement != placement {
		t.Fatalf("%s: the board %s, node %d's position %s", what, got.Placement, node, placement)
	}
	// Its moves in SAN (the step's own last), no coordinates.
	if san, ok := s[len(s)-1].(string); ok && (s[0] == "move" || s[0] == "best") && !strings.Contains(got.What, san+":") && !strings.Contains(got.What, "by "+san) {
		t.Fatalf("%s: step %v says %q, not its move's SAN %s", what, s, got.What, san)
	}
	if coordinates.MatchString(got.What) || coordinates.MatchString(got.Info) {
		t.Fatalf("%s: step %v writes a move in coordinates: %q, %q", what, s, got.What, got.Info)
	}
	if s[0] == "move" {
		move := s[3].(string)
		framed := map[string]bool{}
		for _, m := range got.Marked {
			if f := strings.Fields(m); len(f) > 1 && strings.Contains(m, "marker-frame") {
				framed[f[0]] = true
			}
		}
		if !framed[move[0:2]] || !framed[move[2:4]] {
			t.Fatalf("%s: the move %s is not marked on the board: %v", what, move, got.Marked)
		}
	}
	if s[0] == "cut" && s[3].(float64) < 8000 { // the move that cut, the best so far, framed red
		best := ""
		for j := k - 1; j >= 0 && best == ""; j-- {
			if p := rec.Steps.Steps[j]; int(p[1].(float64)) == node && (p[0] == "best" || p[0] == "iterate") {
				best, _ = p[4].(string)
				if p[0] == "iterate" {
					break
				}
			}
		}
		red := map[string]bool{}
		for _, m := range got.Marked {
			if f := strings.Fields(m); len(f) > 1 && strings.Contains(m, "marker-frame-danger") {
				red[f[0]] = true
			}
		}
		if best == "" || !red[best[0:2]] || !red[best[2:4]] {
			t.Fatalf("%s: the cut-off's move %q is not marked red on the board: %v", what, best, got.Marked)
		}
	}
	part := map[string]string{"enter": "enter", "iterate": "iterate", "pass": "pass", "move": "move", "reply": "reply",
		"best": "best", "cut": "cut", "store": "store", "leave": "leave"}[s[0].(string)]
	if s[0] == "move" && s[6] == "futile" {
		part = "move-futile"
	}
	if s[0] == "cut" && s[3].(float64) >= 8000 {
		part = "cut-king"
	}
	if s[0] == "leave" && len(got.Lines) > 0 && strings.Contains(got.What, "answered") {
		part = "leave-answered"
	}
	for _, line := range rec.Lines[part] {
		if !strings.Contains(" "+got.Lines+" ", " "+strconv.Itoa(line)+" ") {
			t.Fatalf("%s: step %v lights lines %q, not line %d of the part %s %v", what, s, got.Lines, line, part, rec.Lines[part])
		}
	}
}

// coordinates is a move written from-square to-square, as the page no
// longer writes them.
var coordinates = regexp.MustCompile(`\b[a-h][1-8][a-h][1-8]`)

// sanMove and markedMove are a move in SAN, and one that is not legal in
// the engine's marked form (san.go).
var (
	sanMove    = regexp.MustCompile(`^([NBRQK][a-h]?[1-8]?x?[a-h][1-8]|[a-h](x[a-h])?[1-8](=[NBRQ])?|O-O(-O)?)[+#]?$`)
	markedMove = regexp.MustCompile(`^([NBRQK]?[a-h][1-8][-x][a-h][1-8](=Q)?|O-O(-O)?)\*$`)
)

// checkTreeSAN checks the tree view in view, as far as it is open: every
// move (a node's line, a pruned move, a quiescence box's move) in SAN, or
// in the marked form with the class "illegal" and a tooltip; no move in
// coordinates anywhere below the head. It returns how many moves it read
// in SAN and how many marked.
func checkTreeSAN(t *testing.T, b *browser, view string) [2]int {
	t.Helper()
	var moves [][3]string
	var text string
	b.eval(fmt.Sprintf(`[...document.querySelectorAll("%[1]s li.tree-node:not([data-node='0']) > details > summary, %[1]s li.stub, %[1]s li.box-move")]
		.map((el) => [el.textContent.trim().split(/\s+/)[0], el.className, el.title])`, view), &moves)
	b.eval(fmt.Sprintf(`[...document.querySelectorAll("%s ul.tree-list")].map((el) => el.textContent).join(" ")`, view), &text)
	if m := coordinates.FindString(text); m != "" {
		t.Errorf("the tree view %s writes %s in coordinates", view, m)
	}
	var counts [2]int
	for _, m := range moves {
		switch {
		case m[0] == "stalemate" || m[0] == "stands": // a stalemate probe, a box that stands pat
		case sanMove.MatchString(m[0]) && !strings.Contains(m[1], "illegal"):
			counts[0]++
		case markedMove.MatchString(m[0]) && strings.Contains(m[1], "illegal") && strings.Contains(m[2], "not legal"):
			counts[1]++
		default:
			t.Errorf("the tree view %s names a move %q (class %q, title %q)", view, m[0], m[1], m[2])
		}
	}
	if counts[0] == 0 {
		t.Errorf("the tree view %s shows no move in SAN (%d moves read)", view, len(moves))
	}
	return counts
}

// nextOf is the index of the first step after k that stops "run to the
// next" of kind, as the page's stopAt says, or -1.
func nextOf(rec nativeSteps, k int, kind string) int {
	for j := k + 1; j < len(rec.Steps.Steps); j++ {
		s := rec.Steps.Steps[j]
		rule := ""
		if s[0] == "move" {
			rule = s[6].(string)
		}
		switch {
		case kind == "best" && s[0] == "best", kind == "cut" && s[0] == "cut", kind == "leave" && s[0] == "leave",
			kind == "futile" && s[0] == "move" && rule == "futile",
			kind == "lab" && s[0] == "move" && rule != "futile" && rule != "searched",
			kind == "hash" && s[0] == "enter" && rec.Tree.Tree[int(s[1].(float64))].TableDepth > 0:
			return j
		}
	}
	return -1
}

// TestStepper walks an iteration in the stepper with the mouse: the 3-ply
// iteration after 1.e4, recorded in the page's worker, is the native
// engine's step for step. Stepping into, over and out, back, running to
// the next futility prune, new best, cut-off, hash hit and return, each
// lands on the step the engine's recording says, showing its node's
// position, the move tried marked, the node counter, and its lines of
// search_literal.go lit; a jump from the tree view lands on the node's
// entry, "back" returns, and "find in the tree" marks the node shown. A FEN that the engine refuses is said so; a
// laboratory rule's cut is reached. The 4-ply iteration from the opening
// loads in under a second; the memory it takes is logged.
// TestStepperNoMove: a mated or a stalemated position typed as a FEN: the
// stepper says so, not that the search ended before its iteration.
func TestStepperNoMove(t *testing.T) {
	b := newBrowser(t, 5*time.Minute)
	b.choose("step-from", "fen")
	for _, c := range []struct{ fen, want, shot string }{
		{"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "Not recorded: checkmate: Black is mated and has no move, so there is no iteration to record", "stepper-mate.png"},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "Not recorded: stalemate: Black is not in check but has no legal move, so there is no iteration to record", "stepper-stalemate.png"},
	} {
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("step-fen").value = ""`))
		b.do(chromedp.SendKeys(chromedp.CSS("#step-fen"), c.fen))
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("step-status").textContent = ""`))
		b.click("#step-load")
		b.waitJS(`document.getElementById("step-status").textContent.startsWith("Not recorded") || document.getElementById("step-status").textContent.startsWith("The ")`, time.Minute)
		if got := b.text("step-status"); got != c.want {
			t.Errorf("%s: the stepper says %q, want %q", c.fen, got, c.want)
		}
		b.look("#stepper", c.shot)
	}
}

// TestStepperGlossary checks that the stepper's words link to the
// glossary, each term once in a text, its text unchanged: at a cut-off
// "fail high", at a quiescence iteration "stands pat"; a click on such a
// link opens the glossary at the term, as a lesson's link does.
func TestStepperGlossary(t *testing.T) {
	b := newBrowser(t, 5*time.Minute)
	b.choose("user-side", "both")
	b.clickMove("e2e4")
	b.waitJS(`window.umax.state().moves.length === 1 && document.getElementById("learn").dataset.ready === "true"`, 10*time.Second)
	b.choose("step-plies", "2")
	b.click("#step-load")
	b.waitJS(`!document.getElementById("step-view").hidden && document.getElementById("step-view").dataset.step === "0"`, 30*time.Second)

	type linked struct {
		What, Plain string
		Links, Info []string // href text, in #step-what and in #step-info
		Dangling    []string // the links to no term
	}
	read := func() linked {
		var l linked
		b.eval(`(() => { const links = (id) => [...document.querySelectorAll("#" + id + " a")].map((a) => a.getAttribute("href") + " " + a.textContent);
			const all = [...document.querySelectorAll("#step-what a, #step-info a")];
			return { what: document.getElementById("step-what").textContent, plain: window.umax.stepper.describe(window.umax.stepper.k),
			  links: links("step-what"), info: links("step-info"),
			  dangling: all.filter((a) => document.querySelector(a.getAttribute("href"))?.tagName !== "DT").map((a) => a.getAttribute("href")) }; })()`, &l)
		return l
	}
	// check checks that a step's words link the term id by text, each term once in a text.
	check := func(where, id, text string) {
		t.Helper()
		l := read()
		if l.What != l.Plain {
			t.Errorf("%s: the links change the words: %q, not %q", where, l.What, l.Plain)
		}
		if !slices.Contains(l.Links, "#glossary-"+id+" "+text) {
			t.Errorf("%s: no link of %q to #glossary-%s in %q: %q", where, text, id, l.What, l.Links)
		}
		for _, links := range [][]string{l.Links, l.Info} {
			seen := map[string]bool{}
			for _, link := range links {
				href := strings.Fields(link)[0]
				if seen[href] {
					t.Errorf("%s: %s linked twice in one text: %q", where, href, links)
				}
				seen[href] = true
			}
		}
		if !slices.Contains(l.Info, "#glossary-window window") || len(l.Dangling) > 0 {
			t.Errorf("%s: the node's numbers link %q (their window not), links to no term %q", where, l.Info, l.Dangling)
		}
	}
	// open clicks the step's link to a term and waits for the glossary open at it.
	open := func(id string) {
		t.Helper()
		b.eval(`document.getElementById("glossary").open = false`, nil)
		// The middle of the link's first line: a link may wrap, and its box's
		// middle then lies between its lines.
		var p struct{ X, Y float64 }
		b.eval(fmt.Sprintf(`(() => { const a = document.querySelector('#step-what a[href="#glossary-%s"]'); a.scrollIntoView({block: "center"});
			const r = a.getClientRects()[0]; return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`, id), &p)
		b.do(chromedp.MouseClickXY(p.X, p.Y))
		b.waitJS(fmt.Sprintf(`document.getElementById("glossary").open && document.querySelector("#glossary dt.target")?.id === "glossary-%s"
			&& location.hash === "#glossary-%s"`, id, id), 5*time.Second)
	}

	b.choose("step-kind", "cut")
	if got := b.clickStep("step-run"); got.Kind != "cut" {
		t.Fatalf("run to the next cut-off: a %s step", got.Kind)
	}
	check("a cut-off", "fail-high", "fail high")
	open("fail-high")

	b.eval(`window.umax.stepper.go(window.umax.stepper.run.steps.steps.findIndex((s) => s[0] === "iterate" && s[3] === 1))`, nil)
	if got := b.shown(); got.Kind != "iterate" {
		t.Fatalf("the first iteration at depth 1: a %s step", got.Kind)
	}
	check("a quiescence iteration", "stand-pat", "stands pat")
	check("a quiescence iteration", "quiescence-search", "quiescence search")
	open("stand-pat")
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// TestStepperGlossaryLate opens the stepper at an address before the
// course's lessons.json has come (its fetch held back): the step shown is
// plain words, and once the course has loaded the same step links its
// terms, with no step taken.
func TestStepperGlossaryLate(t *testing.T) {
	setUp(t)
	b := startBrowser(t, 5*time.Minute)
	hold := `(() => { let release; const held = new Promise((r) => { release = r; }); window.releaseLessons = release;
		const fetch = window.fetch; window.fetch = (url, ...rest) => String(url).endsWith("lessons.json") ? held.then(() => fetch(url, ...rest)) : fetch(url, ...rest); })()`
	if _, err := chromedp.Run(b.ctx, func(ctx context.Context, tg *chromedp.Target) (page.AddScriptToEvaluateOnNewDocumentResult, error) {
		return cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: hold})
	}); err != nil {
		t.Fatal(err)
	}
	b.open(site.page + "#fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR+b+KQkq+-+0+1&plies=2&stop=cut")
	b.waitJS(`!document.getElementById("step-view").hidden && document.getElementById("step-view").dataset.kind === "cut"`, time.Minute)
	links := func() (n int, learn string) {
		b.eval(`document.querySelectorAll("#step-what a[href^='#glossary-']").length`, &n)
		b.eval(`document.getElementById("learn").dataset.ready || ""`, &learn)
		return n, learn
	}
	step := b.shown().Step
	if n, learn := links(); n != 0 || learn == "true" {
		t.Fatalf("before lessons.json: %d links, the course ready %q", n, learn)
	}
	b.eval(`window.releaseLessons()`, nil)
	b.waitJS(`document.getElementById("learn").dataset.ready === "true"`, 30*time.Second)
	if n, _ := links(); n == 0 || b.shown().Step != step {
		t.Errorf("the course loaded: step %d shows %d links to the glossary (step %d before): %q", b.shown().Step, n, step, b.text("step-what"))
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

func TestStepper(t *testing.T) {
	b := newBrowser(t, 10*time.Minute)
	n := startNative(t)
	b.choose("user-side", "both")
	b.clickMove("e2e4")
	b.waitJS(`window.umax.state().moves.length === 1`, 10*time.Second)
	rec := recordNative(t, n, "position startpos moves e2e4", 3)
	b.choose("step-plies", "3")
	b.click("#step-load")
	b.waitJS(`!document.getElementById("step-view").hidden && document.getElementById("step-view").dataset.step === "0"`, 30*time.Second)
	var total int
	b.eval(`window.umax.stepper.run.steps.steps.length`, &total)
	if total != len(rec.Steps.Steps) {
		t.Fatalf("the page's iteration has %d steps, the native engine's %d", total, len(rec.Steps.Steps))
	}
	checkShown(t, "the first step", b.shown(), rec, 0)
	// The iteration's name and micro-Max's d agree: the 3-ply iteration is d=4.
	if status := b.text("step-status"); !strings.HasPrefix(status, "The 3-ply iteration (micro-Max's d=4) of 4.1, Black to move") {
		t.Errorf("the stepper's status: %q", status)
	}
	b.look("#stepper", "stepper-d4.png")

	// Into, step by step: the first steps, in order.
	for k := 1; k <= 12; k++ {
		checkShown(t, fmt.Sprintf("step into %d", k), b.clickStep("step-into"), rec, k)
	}
	got := b.clickStep("step-back")
	checkShown(t, "step back", got, rec, 11)

	// Over a searched move: the next step of its node after the reply's search.
	k := got.Step
	for ; rec.Steps.Steps[k][0] != "move" || rec.Steps.Steps[k][6] != "searched"; k++ {
		b.clickStep("step-into")
	}
	child := int(rec.Steps.Steps[k+1][1].(float64))
	leave := k + 1
	for rec.Steps.Steps[leave][0] != "leave" || int(rec.Steps.Steps[leave][1].(float64)) != child {
		leave++
	}
	checkShown(t, "step over a searched move", b.clickStep("step-over"), rec, leave+1)
	// Out: the node's return.
	node := int(rec.Steps.Steps[leave+1][1].(float64))
	out := leave + 1
	for rec.Steps.Steps[out][0] != "leave" || int(rec.Steps.Steps[out][1].(float64)) != node {
		out++
	}
	checkShown(t, "step out", b.clickStep("step-out"), rec, out)

	// Run to the next event of each kind, in an order the search meets them.
	var met []string
	shot := map[string]bool{}
	for _, kind := range []string{"futile", "best", "cut", "hash", "leave", "futile", "cut", "best"} {
		from := b.shown().Step
		want := nextOf(rec, from, kind)
		if want < 0 {
			t.Fatalf("no %s after step %d in the recording", kind, from)
		}
		b.choose("step-kind", kind)
		got := b.clickStep("step-run")
		checkShown(t, "run to the next "+kind, got, rec, want)
		met = append(met, fmt.Sprintf("%s at step %d (%s)", kind, want, got.What))
		if kind == "futile" && !strings.Contains(got.What, "futile") {
			t.Errorf("a futile move's step says %q", got.What)
		}
		if !shot[kind] { // what a student sees at each kind of step
			shot[kind] = true
			if kind == "futile" {
				b.screenshot("#stepper", "web-stepper.png", false)
			} else {
				b.screenshot("#step-view .step-grid", "web-step-"+kind+".png", false)
			}
		}
	}
	t.Logf("the walk met, in order:\n%s", strings.Join(met, "\n"))

	// Back from the last run, then a jump from the tree view and back.
	before := b.shown().Step
	b.clickStep("step-return")
	afterBack := b.shown().Step
	b.click("#step-tree-box > summary")
	b.waitJS(`document.querySelector("#step-tree li.tree-node[data-node='0'] li.tree-node button.jump")`, 5*time.Second)
	var target int
	b.eval(`Number([...document.querySelectorAll("#step-tree li.tree-node[data-node='0'] > details > ul > li.tree-node")][2].dataset.node)`, &target)
	b.click(fmt.Sprintf("#step-tree li.tree-node[data-node='%d'] > details > summary > button.jump", target))
	b.waitJS(fmt.Sprintf(`document.getElementById("step-view").dataset.node === "%d"`, target), 5*time.Second)
	jumped := b.shown()
	if jumped.Kind != "enter" || before == afterBack {
		t.Errorf("a jump to node %d from the tree shows %+v (back went from %d to %d)", target, jumped, before, afterBack)
	}
	if back := b.clickStep("step-return"); back.Step != afterBack {
		t.Errorf("back from the jump shows step %d, want %d", back.Step, afterBack)
	}
	// Find in the tree: the tree opens at the node shown, marked.
	b.click("#step-find")
	b.waitJS(`document.querySelector("#step-tree summary.current")`, 5*time.Second)
	var marked int
	b.eval(`Number(document.querySelector("#step-tree summary.current").closest("li.tree-node").dataset.node)`, &marked)
	now := b.shown()
	box := now.Node // a call inside a quiescence box is found as its box
	for box >= len(rec.Tree.Tree) {
		box = rec.Steps.Inner[box-len(rec.Tree.Tree)].Parent
	}
	if marked != box {
		t.Errorf("find in the tree marks node %d, the stepper shows node %d (in the tree: %d)", marked, now.Node, box)
	}
	// A move that is not legal: the first node after one, jumped to, says
	// so, and the tree marks it, its tooltip saying why.
	illegal := -1
	for i, nd := range rec.Tree.Tree {
		if strings.HasSuffix(nd.San, "*") {
			illegal = i
			break
		}
	}
	if illegal < 0 {
		t.Fatal("the native engine's tree after 1.e4 has no move marked as not legal")
	}
	b.eval(fmt.Sprintf(`window.umax.stepper.jumpTo(%d)`, illegal), nil)
	b.waitJS(fmt.Sprintf(`document.getElementById("step-view").dataset.node === "%d"`, illegal), 5*time.Second)
	at := b.shown()
	checkShown(t, "the node after a move that is not legal", at, rec, at.Step)
	if san := rec.Tree.Tree[illegal].San; !strings.Contains(at.What, "after "+san) || !strings.Contains(at.What, "not legal") || !strings.Contains(at.Info, san) {
		t.Errorf("the node after %s (%s) says %q, %q", san, rec.Tree.Tree[illegal].Move, at.What, at.Info)
	}
	b.click("#step-find")
	b.waitJS(fmt.Sprintf(`document.querySelector("#step-tree summary.current")?.closest("li.tree-node").dataset.node === "%d"`, illegal), 5*time.Second)
	var current struct{ Text, Class, Title string }
	b.eval(`(() => { const s = document.querySelector("#step-tree summary.current"); return { text: s.textContent, class: s.className, title: s.title }; })()`, &current)
	if san := rec.Tree.Tree[illegal].San; !strings.HasPrefix(current.Text, san+" ") || !strings.Contains(current.Class, "illegal") || !strings.Contains(current.Title, "not legal") {
		t.Errorf("the tree's line of the node after %s: %+v", san, current)
	}
	if listed := checkTreeSAN(t, b, "#step-tree"); listed[1] == 0 {
		t.Errorf("the stepper's tree, opened to node %d, lists no move marked as not legal: %v", illegal, listed)
	}
	b.look("#stepper", "stepper-illegal.png")

	// From a FEN: a refused one says why; a laboratory rule's cut is met.
	b.choose("step-from", "fen")
	b.do(chromedp.SendKeys(chromedp.CSS("#step-fen"), "8/8/8/8/8/8/8/8 w - - 0 1"))
	b.click("#step-load")
	b.waitJS(`document.getElementById("step-status").textContent.startsWith("Not recorded")`, 30*time.Second)
	const ruy = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
	b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("step-fen").value = ""`))
	b.do(chromedp.SendKeys(chromedp.CSS("#step-fen"), ruy))
	b.click(".step-lab > summary")
	b.click(`#step-setting input[name="Aggressive Futility"]`)
	b.click("#step-load")
	b.waitJS(`document.getElementById("step-status").textContent.includes("aggressive futility") && document.getElementById("step-view").dataset.step === "0"`, 30*time.Second)
	lab := recordNative(t, n, "position fen "+ruy, 3, "setoption name Aggressive Futility value true")
	b.choose("step-kind", "lab")
	cut := b.clickStep("step-run")
	checkShown(t, "run to the next laboratory cut", cut, lab, nextOf(lab, 0, "lab"))
	if !strings.Contains(cut.What, "aggressive") {
		t.Errorf("a laboratory cut says %q", cut.What)
	}
	b.screenshot("#step-view .step-grid", "web-step-lab.png", false)
	n.run(t, []string{"setoption name Aggressive Futility value false"})
	b.click(`#step-setting input[name="Aggressive Futility"]`)

	// The 4-ply iteration from the opening: its load time and memory.
	opening := recordNative(t, n, "position startpos", 4)
	b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("step-fen").value = ""`))
	b.do(chromedp.SendKeys(chromedp.CSS("#step-fen"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
	b.choose("step-plies", "4")
	var loads []int
	for run := 0; run < 3; run++ {
		heapBefore := b.heapUsed()
		rssBefore := b.browserRSS()
		b.do(chromedp.Evaluate[chromedp.Void](`document.body.dataset.stepLoadMs = ""`))
		b.click("#step-load")
		peak := rssBefore
		for deadline := time.Now().Add(time.Minute); ; {
			var done bool
			b.eval(`document.body.dataset.stepLoadMs !== ""`, &done)
			peak = max(peak, b.browserRSS())
			if done {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the 4-ply iteration did not load in a minute")
			}
			time.Sleep(20 * time.Millisecond)
		}
		var ms int
		b.eval(`Number(document.body.dataset.stepLoadMs)`, &ms)
		loads = append(loads, ms)
		var status string
		b.eval(`document.getElementById("step-status").textContent`, &status)
		heapAfter := b.heapUsed()
		time.Sleep(500 * time.Millisecond) // the worker ends
		t.Logf("the 4-ply iteration from the opening, load %d: %s\nJS heap %.1f MB before, %.1f MB after (GC'd); the browser's processes %.0f MB before, %.0f MB at most while loading, %.0f MB after",
			run+1, status, heapBefore, heapAfter, rssBefore, peak, b.browserRSS())
	}
	var steps int
	b.eval(`window.umax.stepper.run.steps.steps.length`, &steps)
	if steps != len(opening.Steps.Steps) || b.shown().Nodes != 1 {
		t.Errorf("the 4-ply iteration from the opening: %d steps, the native engine's %d", steps, len(opening.Steps.Steps))
	}
	if fast := min(loads[0], loads[1], loads[2]); fast >= 1000 {
		t.Errorf("the 4-ply iteration from the opening loaded in %v ms: not under a second", loads)
	}
	// Each step answers at once: the time of a click's render.
	var stepMs float64
	b.eval(`(() => { const t0 = performance.now(); for (let i = 0; i < 200; i++) document.getElementById("step-into").click();
		return (performance.now() - t0) / 200; })()`, &stepMs)
	t.Logf("a step renders in %.2f ms (200 steps into)", stepMs)
	if stepMs > 50 {
		t.Errorf("a step takes %.1f ms to show", stepMs)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// heapUsed is the page's JavaScript heap after a garbage collection, in MB.
func (b *browser) heapUsed() float64 {
	b.t.Helper()
	usage, err := chromedp.Run(b.ctx, func(ctx context.Context, t *chromedp.Target) (runtime.GetHeapUsageResult, error) {
		if _, err := cdp.Call(ctx, t, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
			return runtime.GetHeapUsageResult{}, err
		}
		return cdp.Call(ctx, t, runtime.GetHeapUsage, cdp.Empty{})
	})
	if err != nil {
		b.t.Fatal(err)
	}
	return usage.UsedSize / (1 << 20)
}

// browserRSS is the resident memory of the test's Chromium, its process
// and all those below it (the renderer runs the page and its workers), in
// MB, from /proc.
func (b *browser) browserRSS() float64 {
	b.t.Helper()
	root := chromedp.FromContext(b.ctx).Browser.Process().Pid
	parent := map[int]int{}
	rss := map[int]float64{}
	pids, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range pids {
		pid, _ := strconv.Atoi(filepath.Base(p))
		status, err := os.ReadFile(filepath.Join(p, "status"))
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(status), "\n") {
			f := strings.Fields(l)
			switch {
			case len(f) >= 2 && f[0] == "PPid:":
				parent[pid], _ = strconv.Atoi(f[1])
			case len(f) >= 2 && f[0] == "VmRSS:":
				kb, _ := strconv.Atoi(f[1])
				rss[pid] = float64(kb) / 1024
			}
		}
	}
	total := 0.0
	for pid, mb := range rss {
		for p := pid; p > 1; p = parent[p] {
			if p == root {
				total += mb
				break
			}
		}
	}
	return total
}

// TestStepperDiff diffs 4.1 against 4.0 after 1.e4 in the compare panel,
// a position where futility prunes: the first difference is the native
// engine's (umax diff), at the first frontier node, a move 4.1 finds
// futile and 4.0 searches; the table lists, by node, the moves 4.0
// searched and 4.1 cut, with their nodes adding up to the native diff's;
// "step through A from here" opens the stepper at that step, its
// futility lines lit.
func TestStepperDiff(t *testing.T) {
	b := newBrowser(t, 10*time.Minute)
	n := startNative(t)
	b.choose("user-side", "both")
	b.clickMove("e2e4")
	b.waitJS(`window.umax.state().moves.length === 1`, 10*time.Second)
	native := n.run(t, []string{"ucinewgame", "position startpos moves e2e4", "umax record 3", "go depth 3",
		"setoption name Futility Pruning value false", "ucinewgame", "position startpos moves e2e4", "go depth 3", "umax diff"})
	var diff struct {
		First struct {
			Step    int
			SanPath string
			A, B    []any
			NodeA   int
		}
		Moves []struct {
			NodeA, NodeB, Nodes int
			Searched            string
		}
		SearchedA, SearchedB [2]int
	}
	answer(t, native, "umax diff", &diff)
	n.run(t, []string{"setoption name Futility Pruning value true"})

	b.choose("diff-plies", "3")
	b.click("#run-diff")
	b.waitJS(`document.querySelector("#diff-view tr.diff-row")`, time.Minute)
	var page struct {
		First          string
		Rows           int
		NodesA, NodesB int
		MovesB         int
		Changed        int
	}
	b.eval(`(() => { const rows = [...document.querySelectorAll("#diff-view tr.diff-row")];
		const sum = (f) => rows.reduce((n, r) => n + Number(r.dataset[f]), 0);
		return { first: document.getElementById("diff-first").textContent, rows: rows.length,
		  nodesA: sum("nodesA"), nodesB: sum("nodesB"), movesB: sum("movesB"),
		  changed: rows.filter((r) => r.classList.contains("changed")).length }; })()`, &page)
	groups := map[[2]int]bool{}
	for _, m := range diff.Moves {
		groups[[2]int{m.NodeA, m.NodeB}] = true
	}
	if page.Rows != len(groups) || page.NodesA != diff.SearchedA[1] || page.NodesB != diff.SearchedB[1] || page.MovesB != diff.SearchedB[0] {
		t.Errorf("the diff's table: %+v; the engine's diff: %d nodes, A searched %v, B %v", page, len(groups), diff.SearchedA, diff.SearchedB)
	}
	if want := fmt.Sprintf("step %d, at the node after %s", diff.First.Step+1, diff.First.SanPath); !strings.Contains(page.First, want) ||
		!strings.Contains(page.First, "cut: futile") || !strings.Contains(page.First, "searched") {
		t.Errorf("the first difference: %q, want %q (the engine's: A %v, B %v)", page.First, want, diff.First.A, diff.First.B)
	}
	// The lesson in one sentence: what 4.0 searched and 4.1 did not, and
	// at how many nodes that changed the score or the best move.
	var lesson struct {
		Text           string
		Changed, Nodes int
	}
	b.eval(`(() => { const p = document.getElementById("diff-summary");
		return { text: p.textContent, changed: Number(p.dataset.changed), nodes: Number(p.dataset.nodes) }; })()`, &lesson)
	sentence := fmt.Sprintf("B searched %s moves (%s nodes) that A did not", commas(diff.SearchedB[0]), commas(diff.SearchedB[1]))
	if lesson.Nodes != len(groups) || lesson.Changed != page.Changed || !strings.Contains(lesson.Text, sentence) ||
		lesson.Changed == 0 && !strings.Contains(lesson.Text, "changed nothing") {
		t.Errorf("the diff's sentence %q (%d of %d nodes changed), the table: %d of %d changed; want %q", lesson.Text, lesson.Changed, lesson.Nodes, page.Changed, len(groups), sentence)
	}
	t.Logf("the diff's sentence: %s", lesson.Text)
	t.Logf("4.1 against 4.0 after 1.e4, 3 ply: %s; %d nodes in the table (%d whose score or best move changed), 4.0 searched %d moves that 4.1 cut (%d nodes)",
		page.First, page.Rows, page.Changed, page.MovesB, page.NodesB)
	b.screenshot("#diff-part", "web-diff.png", false)
	// The moves in SAN: the paths, the moves listed, the best moves, what changed.
	var cells []string
	b.eval(`(() => { document.querySelectorAll("#diff-view details").forEach((d) => d.open = true); // their moves, after the screenshot
		return [...document.querySelectorAll("#diff-view td.path, #diff-view td.moves div, #diff-view td.side, #diff-view td.changes, #diff-first")].map((c) => c.textContent); })()`, &cells)
	for _, c := range cells {
		if coordinates.MatchString(c) {
			t.Errorf("the diff writes a move in coordinates: %q", c)
			break
		}
	}
	if !strings.Contains(strings.Join(cells, " "), "Nh6") {
		t.Errorf("the diff after 1.e4 does not name Nh6, the move 4.1 finds futile first: %.300q", cells)
	}

	b.click("#diff-first button.jump")
	b.waitJS(fmt.Sprintf(`document.getElementById("step-view").dataset.step === "%d"`, diff.First.Step), 10*time.Second)
	got := b.shown()
	rec := recordNative(t, n, "position startpos moves e2e4", 3)
	checkShown(t, "the first difference in the stepper", got, rec, diff.First.Step)
	if got.Kind != "move" || got.Node != diff.First.NodeA || !strings.Contains(got.What, "futile") {
		t.Errorf("the first difference in the stepper: %+v", got)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// commas writes a number as the page does (toLocaleString("en")): 12,345.
func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
