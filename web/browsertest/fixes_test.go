package browsertest

// The defects a student met by mouse (issue 49), each fixed and checked
// here: Undo after "Engine, move", the node budget's wording, the tree's
// numbers and windows, the stepper's cut move, keys and "run to step", a
// layout that holds at 800 px, and the favicon.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPageUndoEngineFirst: after "Engine, move" from the start, Undo takes
// the engine's move back and the engine does not play it again: the user
// has the side to move, until "Engine, move" again.
func TestPageUndoEngineFirst(t *testing.T) {
	servedBytes()
	b := newBrowser(t, 3*time.Minute)
	b.choose("budget", "nodes 10000")
	b.click("#move-now")
	b.waitJS(`window.umax.state().moves.length === 1 && document.body.dataset.turn === "user"`, 30*time.Second)
	b.click("#undo")
	b.waitJS(`window.umax.state().moves.length === 0`, 10*time.Second)
	time.Sleep(2 * time.Second) // time enough for the engine to move again, were it to
	var after struct {
		Moves     []string
		Searching bool
		Side      string
		Turn      string
	}
	b.eval(`({ moves: window.umax.state().moves, searching: window.umax.searching(),
		side: document.getElementById("user-side").value, turn: document.body.dataset.turn })`, &after)
	if len(after.Moves) != 0 || after.Searching || after.Side != "w" || after.Turn != "user" {
		t.Errorf("Undo after Engine, move from the start: %+v; want no move, no search, the user to move White", after)
	}
	// "Engine, move" lets it play again.
	b.click("#move-now")
	b.waitJS(`window.umax.state().moves.length === 1 && document.body.dataset.turn === "user"`, 30*time.Second)

	// The favicon: the page names one, and it is served; nothing asks for a missing one.
	served := servedBytes()
	if served["/web/favicon.svg"] == 0 {
		t.Errorf("the favicon was not fetched: %v", served)
	}
	for path := range served {
		if strings.Contains(path, "favicon.ico") {
			t.Errorf("the browser asked for %s", path)
		}
	}

	// The budget's wording: looked at only before an iteration starts, and
	// the summary says where the last iteration started.
	note := b.text("think-note")
	if !strings.Contains(note, "only before it starts an iteration") || strings.Contains(note, "until its node budget is spent") {
		t.Errorf("the thinking panel says %q", note)
	}
	summary := b.text("search-summary")
	m := regexp.MustCompile(`the last one, depth (\d+), started at ([\d,]+) nodes, under the budget`).FindStringSubmatch(summary)
	if m == nil {
		t.Fatalf("the search's summary does not say where its last iteration began: %q", summary)
	}
	began, _ := strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
	rows := b.iterations()
	if began >= 10000 || len(rows) < 2 || rows[len(rows)-2][1] != began || strconv.Itoa(rows[len(rows)-1][0]) != m[1] {
		t.Errorf("the summary %q against the thinking lines %v", summary, rows)
	}
	t.Logf("undo after Engine, move: the user moves; the summary: %s", summary)
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// TestTreeWindows: the tree writes micro-Max's INF as ∞, as the stepper
// does, says once how a child's window reads, and says which iteration of
// the search it shows while the search went deeper.
func TestTreeWindows(t *testing.T) {
	b := newBrowser(t, 3*time.Minute)
	b.choose("budget", "nodes 100000")
	b.clickMove("e2e4")
	b.waitUsersTurn(time.Minute)
	b.waitJS(`!document.getElementById("open-tree").disabled`, 10*time.Second)
	b.click("#open-tree")
	b.waitJS(`document.querySelector("#tree-view li.tree-node li.tree-node")`, 10*time.Second)
	var tree struct{ Which, Head, Root, Text string }
	b.eval(`({ which: document.getElementById("tree-which").textContent, head: document.querySelector("#tree-view .tree-head").textContent,
		root: document.querySelector("#tree-view li.tree-node > details > summary").textContent,
		text: document.querySelector("#tree-view ul.tree-list").textContent })`, &tree)
	rows := b.iterations()
	want := fmt.Sprintf("which went on to depth %d", rows[len(rows)-1][0])
	if !strings.Contains(tree.Which, "the 3-ply iteration") || !strings.Contains(tree.Which, want) {
		t.Errorf("the tree does not say which iteration it is (%s): %q", want, tree.Which)
	}
	if !strings.Contains(tree.Root, "q=-∞ l=∞") || strings.Contains(tree.Text, "8000") {
		t.Errorf("the tree writes INF as 8000: root %q", tree.Root)
	}
	if !strings.Contains(tree.Head, "negated and swapped") {
		t.Errorf("the tree's head does not say how a child's window reads: %q", tree.Head)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// TestStepperKeysAt800 steps by the keyboard and runs to a chosen step, at
// a window 800 px wide, where the code stays beside the board and no line
// of it is cut off; the move that cut is marked at a cut-off, and a
// child's entry says how its window reads.
func TestStepperKeysAt800(t *testing.T) {
	b := newBrowser(t, 5*time.Minute)
	n := startNative(t)
	b.do(chromedp.EmulateViewport(800, 900))
	b.choose("user-side", "both")
	b.clickMove("e2e4")
	b.waitJS(`window.umax.state().moves.length === 1`, 10*time.Second)
	rec := recordNative(t, n, "position startpos moves e2e4", 2)
	b.choose("step-plies", "2")
	b.click("#step-load")
	b.waitJS(`!document.getElementById("step-view").hidden && document.getElementById("step-view").dataset.step === "0"`, 30*time.Second)

	// The layout at 800 px: the code beside the board, no line cut off,
	// nothing wider than the window.
	var layout struct {
		BoardRight, BoardTop, SourceLeft, SourceTop, PageWidth float64
		Cut                                                    []string
	}
	b.eval(`(() => { const board = document.getElementById("step-board").getBoundingClientRect();
		const src = document.getElementById("step-source").getBoundingClientRect();
		const cut = [...document.querySelectorAll("#step-source .src-line")].filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent);
		return { boardRight: board.right, boardTop: board.top, sourceLeft: src.left, sourceTop: src.top,
		  pageWidth: document.documentElement.scrollWidth, cut }; })()`, &layout)
	if layout.SourceLeft < layout.BoardRight || layout.SourceTop > layout.BoardTop+50 || layout.PageWidth > 800 || len(layout.Cut) > 0 {
		t.Errorf("at 800 px: board right %.0f top %.0f, code left %.0f top %.0f, page %.0f px wide, lines cut off %q",
			layout.BoardRight, layout.BoardTop, layout.SourceLeft, layout.SourceTop, layout.PageWidth, layout.Cut)
	}
	b.look("#stepper", "stepper-800.png")

	// The keys: → into, ← back, ↓ over, ↑ out.
	key := func(k string) stepShown {
		before := b.shown().Step
		b.do(chromedp.KeyEvent(k))
		b.waitJS(fmt.Sprintf(`Number(document.getElementById("step-view").dataset.step) !== %d`, before), 5*time.Second)
		return b.shown()
	}
	// The focus off the buttons and fields: a click on the keys' line, no
	// link there (#step-what's words link to the glossary, and a click on
	// one would open it).
	b.click("#step-view .step-keys")
	for k := 1; k <= 3; k++ {
		checkShown(t, fmt.Sprintf("→ %d", k), key(kb.ArrowRight), rec, k)
	}
	checkShown(t, "←", key(kb.ArrowLeft), rec, 2)
	// Run to a chosen step: the field and Enter.
	far := len(rec.Steps.Steps) / 2
	b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("step-goto").value = ""`))
	b.do(chromedp.SendKeys(chromedp.CSS("#step-goto"), strconv.Itoa(far+1)), chromedp.KeyEvent("\r"))
	b.waitJS(fmt.Sprintf(`document.getElementById("step-view").dataset.step === "%d"`, far), 5*time.Second)
	checkShown(t, "run to a chosen step", b.shown(), rec, far)
	// ↓ over, ↑ out, from a step of the root's.
	b.eval(`window.umax.stepper.go(1)`, nil)
	b.click("#step-view .step-keys")
	k := 1
	for rec.Steps.Steps[k][0] != "move" || rec.Steps.Steps[k][6] != "searched" || rec.Steps.Steps[k][1].(float64) != 0 {
		k++
	}
	b.eval(fmt.Sprintf(`window.umax.stepper.go(%d)`, k), nil)
	var over int
	b.eval(fmt.Sprintf(`window.umax.stepper.over(%d)`, k), &over)
	checkShown(t, "↓ over", key(kb.ArrowDown), rec, over)
	b.eval(fmt.Sprintf(`window.umax.stepper.go(%d)`, k+1), nil) // the child's entry
	entry := b.shown()
	if !strings.Contains(entry.What, "negated and swapped") || !strings.Contains(entry.Info, "as this node sees it") {
		t.Errorf("a child's entry does not say how its window reads: %q", entry.What)
	}
	var out int
	b.eval(fmt.Sprintf(`window.umax.stepper.out(%d)`, k+1), &out)
	checkShown(t, "↑ out", key(kb.ArrowUp), rec, out)

	// A cut-off: the move that cut marked red.
	b.eval(`window.umax.stepper.go(0)`, nil)
	b.choose("step-kind", "cut")
	for i := 0; i < 3; i++ {
		from := b.shown().Step
		want := nextOf(rec, from, "cut")
		if want < 0 {
			break
		}
		got := b.clickStep("step-run")
		checkShown(t, "run to the next cut", got, rec, want)
		var cut string
		b.eval(`document.getElementById("step-view").dataset.cut`, &cut)
		if cut == "" || !strings.Contains(got.What, "marked red") && !strings.Contains(got.What, "circled") {
			t.Errorf("a cut-off at step %d marks %q and says %q", want, cut, got.What)
		}
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// TestDocPages opens the chapters from the page's links, as a student
// does: README's "Read the code" scrolls to its heading, and
// doc/laboratory.md shows its headings, tables and pictures rendered, its
// links to other chapters opening them rendered too, and an anchor in the
// address scrolling to its heading.
func TestDocPages(t *testing.T) {
	b := newBrowser(t, 3*time.Minute)
	type page struct {
		Title, Hash, Raw   string
		Headings, Tables   int
		Images, Loaded     int
		Top                float64
		ChapterLinks, Text int
	}
	read := func() page {
		var p page
		b.eval(`(() => { const a = document.getElementById("doc"); const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
			const imgs = [...a.querySelectorAll("img")];
			return { title: document.title, hash: location.hash, headings: a.querySelectorAll("h1, h2, h3").length, tables: a.querySelectorAll("table").length,
			  images: imgs.length, loaded: imgs.filter((i) => i.complete && i.naturalWidth > 0).length,
			  top: target ? target.getBoundingClientRect().top : -9999,
			  raw: ([...a.querySelectorAll(":scope > :not(pre)")].map((e) => e.textContent).join("\n").match(/\|---|^#+ |!\[/m) || [""])[0],
			  chapterLinks: a.querySelectorAll("a[href^='doc.html?']").length, text: a.textContent.length }; })()`, &p)
		return p
	}
	// How it works: README's reading order, by the link.
	b.click(`#how a[href="doc.html?README.md#read-the-code"]`)
	b.waitLoaded(`location.pathname.endsWith("/doc.html") && document.body?.dataset.ready === "true"`, 20*time.Second)
	b.eval(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`, nil)
	readme := read()
	if readme.Hash != "#read-the-code" || readme.Top < -2 || readme.Top > 40 || readme.Tables == 0 || readme.Raw != "" || readme.ChapterLinks == 0 {
		t.Errorf("README.md#read-the-code: %+v (the heading should be at the top of the window)", readme)
	}
	// README's link to the laboratory's chapter, at an anchor: rendered,
	// scrolled there, its tables and pictures shown.
	const href = "doc.html?doc/laboratory.md#the-futility-laboratory"
	b.click(fmt.Sprintf(`#doc a[href=%q]`, href))
	b.waitLoaded(`location.search === "?doc/laboratory.md" && document.body?.dataset.ready === "true"`, 20*time.Second)
	b.eval(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`, nil)
	lab := read()
	if lab.Hash != "#the-futility-laboratory" || lab.Top < -2 || lab.Top > 40 || lab.Headings < 5 || lab.Tables < 3 || lab.Images == 0 ||
		lab.Loaded != lab.Images || lab.Raw != "" {
		t.Errorf("%s rendered: %+v", href, lab)
	}
	// An anchor of the chapter's own table of contents scrolls.
	b.click(`#doc a[href="#a-picture-of-the-tree"]`)
	b.waitJS(`location.hash === "#a-picture-of-the-tree"`, 5*time.Second)
	b.eval(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`, nil)
	if p := read(); p.Top < -2 || p.Top > 40 {
		t.Errorf("#a-picture-of-the-tree: the heading is at %.0f px", p.Top)
	}
	// The page's own link to the chapter.
	b.open(site.page)
	b.click(`#how a[href="doc.html?doc/laboratory.md"]`)
	b.waitLoaded(`location.search === "?doc/laboratory.md" && document.body?.dataset.ready === "true"`, 20*time.Second)
	t.Logf("README %+v; laboratory.md %+v", readme, lab)
	b.look("#doc", "doc-laboratory.png")
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// waitLoaded waits, across a navigation, until a JavaScript condition
// holds in the page loaded: an evaluation that the navigation cuts off is
// tried again.
func (b *browser) waitLoaded(condition string, timeout time.Duration) {
	b.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool]("Boolean("+condition+")"))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waited %v for %s (%v)", timeout, condition, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
