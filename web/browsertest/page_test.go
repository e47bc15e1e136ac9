package browsertest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// pageState is the engine's "umax state" as the page holds it.
type pageState struct {
	FEN, Side, End, Result, Start string
	Legal, Moves, SAN             []string
	Check                         bool
}

func (b *browser) state() pageState {
	b.t.Helper()
	var s pageState
	b.eval(`window.umax.state()`, &s)
	return s
}

// squareCentre is where a square of the board is on the screen.
func (b *browser) squareCentre(square string) (x, y float64) {
	b.t.Helper()
	var p struct{ X, Y float64 }
	b.eval(fmt.Sprintf(`(() => { const r = document.querySelector("#board rect[data-square='%s']").getBoundingClientRect();
		return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`, square), &p)
	return p.X, p.Y
}

// click clicks the centre of an element.
func (b *browser) click(selector string) {
	b.t.Helper()
	var p struct{ X, Y float64 }
	b.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.scrollIntoView({block: "center"});
		const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`, selector), &p)
	b.do(chromedp.MouseClickXY(p.X, p.Y))
}

// showBoard scrolls the board into view and waits for two frames, so that
// the squares are where they will be clicked.
func (b *browser) showBoard() {
	b.t.Helper()
	b.eval(`(async () => { document.getElementById("board").scrollIntoView({block: "center"});
		await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); return true; })()`, nil)
}

// clickMove makes a move by clicking its from-square, then its to-square.
func (b *browser) clickMove(move string) {
	b.t.Helper()
	b.showBoard()
	x0, y0 := b.squareCentre(move[0:2])
	x1, y1 := b.squareCentre(move[2:4])
	b.do(chromedp.MouseClickXY(x0, y0))
	b.do(chromedp.MouseClickXY(x1, y1))
}

// dragMove makes a move by dragging the piece with the mouse.
func (b *browser) dragMove(move string) {
	b.t.Helper()
	b.showBoard()
	x0, y0 := b.squareCentre(move[0:2])
	x1, y1 := b.squareCentre(move[2:4])
	actions := []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0, y0),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)),
	}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		actions = append(actions, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft))
	}
	actions = append(actions, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	b.do(actions...)
}

// choose sets a select to a value, as a user picks an option (the change event).
func (b *browser) choose(id, value string) {
	b.t.Helper()
	b.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q;
		s.dispatchEvent(new Event("change")); })()`, id, value)))
}

// iterations reads the thinking table: depth and nodes of every row.
func (b *browser) iterations() [][2]int {
	b.t.Helper()
	var rows [][2]int
	b.eval(`[...document.querySelectorAll("#iterations tr.iteration")].map((r) => [Number(r.dataset.depth), Number(r.dataset.nodes)])`, &rows)
	return rows
}

// waitUsersTurn waits until the engine has moved and the user may move (or
// the game is over).
func (b *browser) waitUsersTurn(timeout time.Duration) {
	b.t.Helper()
	b.waitJS(`document.body.dataset.turn === "user" || (window.umax.state() && window.umax.state().end !== "")`, timeout)
}

// nativeBest asks the native engine for a move (the test's player).
func nativeBest(t *testing.T, n *nativeEngine, moves []string) string {
	t.Helper()
	position := "position startpos"
	if len(moves) > 0 {
		position += " moves " + strings.Join(moves, " ")
	}
	out := n.run(t, []string{position, "go nodes 3000"})
	return strings.Fields(out[len(out)-1])[1]
}

// logLoadSize says what loading the page fetched: the engine (umax.wasm),
// JavaScript, CSS and the rest (the page, the board's SVG sprites), in
// bytes as served (uncompressed: the test's server does not compress).
func logLoadSize(t *testing.T, served map[string]int) {
	t.Helper()
	kinds := map[string]int{}
	total := 0
	var paths []string
	for path, n := range served {
		kind := "other"
		switch {
		case strings.HasSuffix(path, ".wasm"):
			kind = "wasm"
		case strings.HasSuffix(path, ".js"):
			kind = "JavaScript"
		case strings.HasSuffix(path, ".css"):
			kind = "CSS"
		}
		kinds[kind] += n
		total += n
		paths = append(paths, fmt.Sprintf("%s %d", path, n))
	}
	sort.Strings(paths)
	t.Logf("the page's load: %d bytes in %d files: wasm %d, JavaScript %d, CSS %d, other (HTML, SVG) %d\n%s",
		total, len(served), kinds["wasm"], kinds["JavaScript"], kinds["CSS"], kinds["other"], strings.Join(paths, "\n"))
	if kinds["wasm"] == 0 {
		t.Errorf("umax.wasm was not fetched")
	}
}

// nativeLegal asks the native engine for the legal moves after moves.
func nativeLegal(t *testing.T, n *nativeEngine, moves []string) []string {
	t.Helper()
	out := n.run(t, []string{"position startpos moves " + strings.Join(moves, " "), "umax state"})
	var st pageState
	if err := json.Unmarshal([]byte(strings.TrimPrefix(out[len(out)-1], "umax state ")), &st); err != nil {
		t.Fatal(err)
	}
	return st.Legal
}

// TestPage plays the page as a user does, with the mouse: a game of more
// than ten moves against the engine, by clicks and by drags, each answered
// with a legal move and its thinking lines; a click during the engine's
// think, which does nothing; undo; the tree of a search, whose counts add
// up; a promotion through the dialog; a bad FEN; the PGN; flip. It saves
// the screenshots of the README.
func TestPage(t *testing.T) {
	servedBytes() // only this page's load is counted
	b := newBrowser(t, 10*time.Minute)
	n := startNative(t)
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Fatalf("the page loaded with console errors: %q", errs)
	}
	logLoadSize(t, servedBytes())
	b.choose("budget", "nodes 10000")
	s := b.state()
	if len(s.Legal) != 20 || s.Side != "w" {
		t.Fatalf("the start: %+v", s)
	}

	// A game: the native engine chooses White's moves, the mouse makes them.
	moves := 0
	for moves < 12 && s.End == "" {
		move := nativeBest(t, n, s.Moves)
		if moves == 3 { // a long think, to click during it and stop it
			b.choose("budget", "nodes 3000000")
		}
		if moves%2 == 0 {
			b.clickMove(move)
		} else {
			b.dragMove(move)
		}
		b.waitJS(fmt.Sprintf(`window.umax.state().moves.length >= %d`, len(s.Moves)+1), 10*time.Second)
		after := b.state()
		if played := after.Moves[len(s.Moves)]; played != move[:4] && played != move {
			t.Fatalf("move %d: played %s, the page has %v", moves+1, move, after.Moves)
		}
		after.Moves = after.Moves[:len(s.Moves)+1]
		if moves == 3 { // a click during the engine's think does nothing; stop makes it move
			b.waitJS(`window.umax.searching() && document.querySelectorAll("#iterations tr.iteration").length >= 3`, 30*time.Second)
			b.clickMove("a2a3")
			b.dragMove("b1c3")
			var still struct {
				Searching bool
				Moves     []string
			}
			b.eval(`({ searching: window.umax.searching(), moves: window.umax.state().moves })`, &still)
			if !still.Searching || len(still.Moves) != len(after.Moves) {
				t.Fatalf("moves made during the engine's think: searching %v, moves %v", still.Searching, still.Moves)
			}
			b.click("#stop")
			b.waitJS(fmt.Sprintf(`window.umax.state().moves.length >= %d`, len(after.Moves)+1), 5*time.Second)
			b.choose("budget", "nodes 10000")
		}
		b.waitJS(fmt.Sprintf(`window.umax.state().moves.length >= %d || window.umax.state().end !== ""`, len(after.Moves)+1), time.Minute)
		b.waitUsersTurn(time.Minute)
		s = b.state()
		if s.End != "" {
			break
		}
		reply := s.Moves[len(s.Moves)-1]
		after.Legal = nativeLegal(t, n, after.Moves)
		if !slices.Contains(after.Legal, reply) || len(s.Moves) != len(after.Moves)+1 {
			var sent []string
			b.eval(`window.umax.engine.sent`, &sent)
			t.Logf("the last commands the page sent:\n%s", strings.Join(sent, "\n"))
			t.Fatalf("move %d: the engine's reply %s is not one of the legal moves %v (moves %v)", moves+1, reply, after.Legal, s.Moves)
		}
		if rows := b.iterations(); len(rows) == 0 {
			t.Fatalf("move %d: no thinking lines for the engine's reply", moves+1)
		}
		moves++
	}
	if moves < 10 {
		t.Fatalf("the game lasted %d moves: %v", moves, s.SAN)
	}
	t.Logf("a game of %d moves by the mouse: %s", moves, strings.Join(s.SAN, " "))

	// The tree of the engine's last search: the iteration's nodes are the
	// difference of two thinking lines, and each node's count is one plus
	// its children's.
	rows := b.iterations()
	var nodes3 int
	for _, r := range rows {
		switch r[0] {
		case 2:
			nodes3 -= r[1]
		case 3:
			nodes3 += r[1]
		}
	}
	b.waitJS(`!document.getElementById("open-tree").disabled`, 10*time.Second)
	b.click("#open-tree")
	b.waitJS(`document.querySelector("#tree-view li.tree-node li.tree-node")`, 10*time.Second) // the root opened (its toggle event is a task of its own)
	var root struct {
		Total    int
		Children []int
		Head     string
	}
	b.eval(`(() => { const root = document.querySelector("#tree-view li.tree-node");
		return { total: Number(root.dataset.total), head: document.querySelector(".tree-head").textContent,
		  children: [...root.querySelectorAll(":scope > details > ul > li.tree-node")].map((li) => Number(li.dataset.total)) }; })()`, &root)
	sum := 1
	for _, c := range root.Children {
		sum += c
	}
	if root.Total != nodes3 || sum != root.Total || len(root.Children) == 0 {
		t.Errorf("the tree: root %d nodes, 1 + its children's %d, the thinking lines' 3-ply iteration %d", root.Total, sum, nodes3)
	}
	// The iteration's name and its root's header agree: the 3-ply
	// iteration is micro-Max's d=4, and both say so.
	var rootLine string
	b.eval(`document.querySelector("#tree-view li.tree-node > details > summary").textContent`, &rootLine)
	if !strings.Contains(root.Head, "The 3-ply iteration (micro-Max's d=4): ") || !strings.Contains(rootLine, "iteration d=4") {
		t.Errorf("the tree's head %q and its root %q do not both say d=4", root.Head, rootLine)
	}
	// Open the first child of the root and one of its children: their moves are there.
	b.click("#tree-view li.tree-node li.tree-node > details > summary")
	b.waitJS(`document.querySelectorAll("#tree-view li.tree-node li.tree-node li").length > 0`, 5*time.Second)
	var opened struct{ Total, Sum, Moves int }
	b.eval(`(() => { const li = document.querySelector("#tree-view li.tree-node li.tree-node");
		const kids = [...li.querySelectorAll(":scope > details > ul > li.tree-node")].map((k) => Number(k.dataset.total));
		return { total: Number(li.dataset.total), sum: kids.reduce((a, b) => a + b, 1),
		  moves: li.querySelectorAll(":scope > details > ul > li").length - 1 }; })()`, &opened)
	if opened.Moves == 0 {
		t.Errorf("the root's first move, opened, lists no moves")
	}
	t.Logf("the tree: %d nodes in the 3-ply iteration = 1 + %d moves' nodes; its first move: %d nodes, %d moves listed", root.Total, len(root.Children), opened.Total, opened.Moves)
	// Its moves in SAN, the legend saying what the mark * is.
	listed := checkTreeSAN(t, b, "#tree-view")
	if !strings.Contains(root.Head, "Moves in SAN") || !strings.Contains(root.Head, "marked *") {
		t.Errorf("the tree's head has no legend of its notation: %q", root.Head)
	}
	t.Logf("the tree's moves opened: %d in SAN, %d marked as not legal", listed[0], listed[1])
	b.screenshot("#tree", "web-tree.png", true)

	b.screenshot("header", "web.png", true)

	// Undo takes back the engine's reply and the user's move.
	before := b.state()
	b.click("#undo")
	b.waitJS(fmt.Sprintf(`window.umax.state().moves.length === %d`, len(before.Moves)-2), 10*time.Second)
	if s := b.state(); strings.Join(s.Moves, " ") != strings.Join(before.Moves[:len(before.Moves)-2], " ") || s.Side != "w" {
		t.Errorf("undo: %v, before %v", s.Moves, before.Moves)
	}

	// Flip: Black at the bottom.
	b.click("#flip")
	b.waitJS(`document.querySelector("#board rect[data-square='h8']").getBoundingClientRect().y > document.querySelector("#board rect[data-square='a1']").getBoundingClientRect().y`, 5*time.Second)
	b.click("#flip")

	// A bad FEN is refused and changes nothing; a good one sets up a
	// promotion, made through the dialog.
	b.click(".io summary")
	setFEN := func(fen string) {
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("fen").value = ""`))
		b.do(chromedp.SendKeys(chromedp.CSS("#fen"), fen), chromedp.KeyEvent("\r"))
	}
	before = b.state()
	setFEN("8/8/8/8/8/8/8/8 w - - 0 1")
	b.waitJS(`document.getElementById("fen-error").textContent !== ""`, 10*time.Second)
	var refusal string
	b.eval(`document.getElementById("fen-error").textContent`, &refusal)
	if s := b.state(); !strings.Contains(refusal, "Not set up") || s.FEN != before.FEN {
		t.Errorf("a FEN without kings: %q, position %s (was %s)", refusal, s.FEN, before.FEN)
	}
	setFEN("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
	b.waitJS(`window.umax.state().start === "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"`, 10*time.Second)
	b.dragMove("b7b8")
	b.waitJS(`document.querySelector(".promotion-dialog-button[data-piece='wn']")`, 5*time.Second)
	b.click(".promotion-dialog-button[data-piece='wn']")
	b.waitJS(`window.umax.state().moves.length >= 1`, 10*time.Second)
	if s := b.state(); s.Moves[0] != "b7b8n" || s.SAN[0] != "b8=N" {
		t.Errorf("the promotion through the dialog: %v %v", s.Moves, s.SAN)
	}
	b.waitUsersTurn(time.Minute)
	b.waitJS(`document.getElementById("pgn").value.includes("b8=N")`, 5*time.Second)
	var pgn string
	b.eval(`document.getElementById("pgn").value`, &pgn)
	if !strings.Contains(pgn, `[FEN "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"]`) || !strings.Contains(pgn, "1. b8=N") {
		t.Errorf("the PGN:\n%s", pgn)
	}

	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// TestPage40 sets the engine to micro-Max 4.0 and checks that its first
// search after 1.e4 is the C program 4.0's (testdata/classic40/default.1000000),
// iteration for iteration, in the thinking lines, each principal variation
// in SAN, the last one's too; then compares 4.1 and
// 4.0 on that position in the compare panel, whose columns are the C
// programs' too.
func TestPage40(t *testing.T) {
	b := newBrowser(t, 10*time.Minute)
	want40 := goldenFirstSearch(t, "classic40/default.1000000")
	want41 := goldenFirstSearch(t, "classic/default.1000000")
	b.choose("version", "40")
	b.choose("budget", "nodes 1000000")
	b.click("#new-game")
	b.waitUsersTurn(10 * time.Second)
	b.clickMove("e2e4")
	b.waitJS(`window.umax.state().moves.length === 2`, 2*time.Minute)
	// Every iteration's PV in SAN, the last one's too (its answer comes
	// after the engine has played its move).
	const allSAN = `[...document.querySelectorAll("#iterations td.pv")].every((td) => !/^[a-h][1-8][a-h][1-8]/.test(td.textContent))`
	deadline := time.Now().Add(5 * time.Second)
	for ok := false; !ok; {
		b.eval(allSAN, &ok)
		if !ok && time.Now().After(deadline) {
			var pvs []string
			b.eval(`[...document.querySelectorAll("#iterations td.pv")].map((td) => td.textContent)`, &pvs)
			t.Errorf("principal variations not in SAN: %q", pvs)
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	got := b.iterations()
	if fmt.Sprint(got) != fmt.Sprint(want40) {
		t.Errorf("4.0 after 1.e4: the page's iterations %v, the C program's %v", got, want40)
	} else {
		t.Logf("4.0 after 1.e4: %d iterations as the C program 4.0's: %v", len(got), got)
	}

	// Compare: the position after 1.e4 (the game's moves taken back).
	b.click("#undo")
	b.waitJS(`window.umax.state().moves.length === 0`, 10*time.Second)
	b.choose("user-side", "both")
	b.clickMove("e2e4")
	b.waitJS(`window.umax.state().moves.length === 1`, 10*time.Second)
	b.choose("compare-budget", "1000000")
	b.click("#run-compare")
	b.waitJS(`document.getElementById("compare-summary").textContent.includes("plays")`, 3*time.Minute)
	var rows [][3]string
	b.eval(`[...document.querySelectorAll("#comparison tr.compare-row")].map((r) => [r.dataset.depth, r.dataset.nodesA, r.dataset.nodesB])`, &rows)
	var a, c [][2]int
	for _, r := range rows {
		var d, na, nb int
		fmt.Sscan(r[0], &d)
		if _, err := fmt.Sscan(r[1], &na); err == nil {
			a = append(a, [2]int{d, na})
		}
		if _, err := fmt.Sscan(r[2], &nb); err == nil {
			c = append(c, [2]int{d, nb})
		}
	}
	if fmt.Sprint(a) != fmt.Sprint(want41) || fmt.Sprint(c) != fmt.Sprint(want40) {
		var heads, summary string
		b.eval(`document.getElementById("compare-head-a").textContent + " | " + document.getElementById("compare-head-b").textContent`, &heads)
		b.eval(`document.getElementById("compare-summary").textContent + " " + JSON.stringify(window.umax.state().moves)`, &summary)
		t.Errorf("compare after 1.e4 (%s; %s): A (4.1) %v, the C program's %v; B (4.0) %v, the C program's %v", heads, summary, a, want41, c, want40)
	}
	// The moves in SAN, as everywhere on the page: each row's and the summary's.
	var moves []string
	var summary string
	b.eval(`[...document.querySelectorAll("#comparison tr.compare-row")].flatMap((r) => [r.cells[4].textContent, r.cells[8].textContent])`, &moves)
	b.eval(`document.getElementById("compare-summary").textContent`, &summary)
	coordinates := regexp.MustCompile(`\b[a-h][1-8][a-h][1-8]`)
	san := regexp.MustCompile(`^([NBRQK][a-h]?[1-8]?x?[a-h][1-8]|[a-h](x[a-h])?[1-8](=[NBRQ])?|O-O(-O)?)[+#]?$`)
	for _, m := range moves {
		if !san.MatchString(m) {
			t.Errorf("the compare table's moves are not all in SAN: %q", moves)
			break
		}
	}
	if coordinates.MatchString(summary) || !strings.HasPrefix(summary, "A plays ") {
		t.Errorf("the compare summary %q is not in SAN", summary)
	}
	// The reason: each side's depth reached on the same budget.
	reached := fmt.Sprintf("(depth %d reached), B plays ", want41[len(want41)-1][0])
	if !strings.Contains(summary, reached) || !strings.Contains(summary, fmt.Sprintf("(depth %d reached) on the same budget", want40[len(want40)-1][0])) ||
		want41[len(want41)-1][0] != want40[len(want40)-1][0] && !strings.Contains(summary, "the moves differ because") && !strings.Contains(summary, "the same move") {
		t.Errorf("the compare summary %q does not give each side's depth reached (4.1: %v, 4.0: %v)", summary, want41, want40)
	}
	t.Logf("the compare summary: %s", summary)
	b.look("#compare", "compare-san.png")
	b.screenshot("#compare", "web-compare.png", false)

	// The laboratory's spin, the goose budget's passes: B as 4.1 with up to
	// nine, each iteration's nodes those of the native engine so set.
	var done bool
	b.eval(`(() => { const f = document.getElementById("setting-b");
		f.querySelector('input[name="Futility Pruning"]').checked = true;
		f.querySelector('input[name="Goose Budget"]').value = "9";
		document.getElementById("compare-summary").textContent = ""; return true })()`, &done)
	b.choose("compare-budget", "100000")
	b.click("#run-compare")
	b.waitJS(`document.getElementById("compare-summary").textContent.includes("plays")`, 3*time.Minute)
	var head string
	b.eval(`document.getElementById("compare-head-b").textContent`, &head)
	rows = nil
	b.eval(`[...document.querySelectorAll("#comparison tr.compare-row")].map((r) => [r.dataset.depth, r.dataset.nodesA, r.dataset.nodesB])`, &rows)
	var page, native [][2]int
	for _, r := range rows {
		var d, nb int
		fmt.Sscan(r[0], &d)
		if _, err := fmt.Sscan(r[2], &nb); err == nil {
			page = append(page, [2]int{d, nb})
		}
	}
	n := startNative(t)
	for _, l := range n.run(t, []string{"setoption name Goose Budget value 9", "ucinewgame", "position startpos moves e2e4", "go nodes 100000"}) {
		var d, nodes int
		f := strings.Fields(l)
		if len(f) > 2 && f[0] == "info" && f[1] == "depth" && !strings.Contains(l, "currmove") {
			fmt.Sscan(f[2], &d)
			for i := 3; i+1 < len(f); i++ {
				if f[i] == "nodes" {
					fmt.Sscan(f[i+1], &nodes)
				}
			}
			native = append(native, [2]int{d, nodes})
		}
	}
	if !strings.Contains(head, "goose budget 9") || len(page) == 0 || fmt.Sprint(page) != fmt.Sprint(native) {
		t.Errorf("compare, B %q: the page's iterations %v, the native engine's with Goose Budget 9 %v", head, page, native)
	} else {
		t.Logf("compare, B %q: %v, as the native engine's", head, page)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// goldenFirstSearch reads the depth and nodes of the first search (after
// the first typed move) of a golden console game, the C program's kibitz
// lines, depth 0 left out as UCI leaves it out.
func goldenFirstSearch(t *testing.T, path string) [][2]int {
	t.Helper()
	f, err := os.Open(filepath.Join(repoRoot, "testdata", path+".out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][2]int
	boards := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if len(l) == 17 && !strings.Contains(l, "ply") {
			boards++
			for i := 0; i < 7; i++ {
				sc.Scan()
			}
			if boards == 3 { // the board after the reply: the search is over
				break
			}
			continue
		}
		var depth, nodes int
		if n, _ := fmt.Sscanf(l, "%d ply, %d searched", &depth, &nodes); n == 2 && boards == 2 && depth > 0 {
			rows = append(rows, [2]int{depth, nodes})
		}
	}
	return rows
}

// TestPageMore plays the rest of what a user does: Black against the
// engine's White on a clock (the engine's searches get go wtime btime), a
// new game while the engine thinks, "Engine, move", and a mate on the board.
func TestPageMore(t *testing.T) {
	b := newBrowser(t, 5*time.Minute)
	sent := func() string {
		var s []string
		b.eval(`window.umax.engine.sent`, &s)
		return strings.Join(s, "\n")
	}
	// Black on a clock: the engine opens, the board turns, the clocks run.
	b.choose("budget", "clock 60 0")
	b.choose("user-side", "b")
	b.waitJS(`window.umax.state().moves.length === 1 && document.body.dataset.turn === "user"`, 30*time.Second)
	if !strings.Contains(sent(), "go wtime 60000 btime 60000 winc 0 binc 0") {
		t.Errorf("the engine's first search on the clock was not go wtime 60000 btime 60000:\n%s", sent())
	}
	var clocks struct {
		Hidden bool
		Black  string
	}
	b.eval(`({ hidden: document.getElementById("clocks").hidden, black: document.getElementById("clock-b").textContent })`, &clocks)
	if clocks.Hidden || !strings.HasPrefix(clocks.Black, "Black ") {
		t.Errorf("the clocks: %+v", clocks)
	}
	var h8 float64
	b.eval(`document.querySelector("#board rect[data-square='a1']").getBoundingClientRect().y - document.querySelector("#board rect[data-square='a8']").getBoundingClientRect().y`, &h8)
	if h8 >= 0 {
		t.Errorf("playing Black, the board has White at the bottom")
	}
	legal := b.state().Legal
	b.dragMove(legal[len(legal)-1])
	b.waitJS(`window.umax.state().moves.length === 3 && document.body.dataset.turn === "user"`, 30*time.Second)
	if c := strings.Count(sent(), "go wtime"); c != 2 {
		t.Errorf("%d searches on the clock, want 2:\n%s", c, sent())
	}

	// A new game while the engine thinks: the search is stopped, its move
	// dropped, and the engine (White) opens the new game.
	b.choose("budget", "nodes 3000000")
	legal = b.state().Legal
	b.clickMove(legal[0])
	b.waitJS(`window.umax.searching()`, 10*time.Second)
	b.choose("budget", "nodes 10000") // the new game's first search: short, also on a loaded machine
	b.click("#new-game")
	b.waitJS(`window.umax.state().moves.length === 1 && document.body.dataset.turn === "user"`, time.Minute)
	if s := b.state(); s.Start != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("after a new game during the think: %+v", s)
	}

	// "Engine, move": the engine takes Black's side, and the user White's.
	b.click("#move-now")
	b.waitJS(`window.umax.state().moves.length === 2 && document.body.dataset.turn === "user"`, 30*time.Second)
	var side string
	b.eval(`document.getElementById("user-side").value`, &side)
	if side != "w" {
		t.Errorf("after Engine, move the user plays %q, want w", side)
	}

	// A mate on the board ends the game.
	b.click(".io summary")
	b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("fen").value = ""`))
	b.do(chromedp.SendKeys(chromedp.CSS("#fen"), "k7/8/1K6/8/8/8/8/7R w - - 0 1"), chromedp.KeyEvent("\r"))
	b.waitJS(`window.umax.state().start === "k7/8/1K6/8/8/8/8/7R w - - 0 1" && document.body.dataset.turn === "user"`, 10*time.Second)
	b.dragMove("h1h8")
	// The engine's state first, then the page shows it (sync: the board set, then the status).
	b.waitJS(`window.umax.state().end !== "" && document.getElementById("status").textContent.startsWith("Checkmate")`, 10*time.Second)
	var status, pgn string
	b.eval(`document.getElementById("status").textContent`, &status)
	b.eval(`document.getElementById("pgn").value`, &pgn)
	if status != "Checkmate: 1-0" || !strings.Contains(pgn, "1. Rh8# 1-0") || !strings.Contains(pgn, `[Result "1-0"]`) {
		t.Errorf("mate: status %q, PGN\n%s", status, pgn)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
