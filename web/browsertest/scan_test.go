package browsertest

// What the stepper shows for the lessons (issue 49): the board scan and the
// ray walk of a node, a move's v in its terms, the calls inside the
// quiescence boxes stepped through, and a laboratory rule's test lit in
// lab.go with its numbers.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// scanShown is what the stepper shows of the board scan.
type scanShown struct {
	Scan, Step                     string
	Kind, Result, Lines, What, Box string
	Events                         int
}

func (b *browser) scanShown() scanShown {
	b.t.Helper()
	var s scanShown
	b.eval(`(() => { const v = document.getElementById("step-view").dataset;
		return { scan: v.scan, kind: v.scanKind, result: v.scanResult, step: v.scanStep, lines: v.lines,
		  what: document.getElementById("scan-what").textContent, box: document.getElementById("scan-where").textContent,
		  events: window.umax.stepper.scan ? window.umax.stepper.scan.events.length : 0 }; })()`, &s)
	return s
}

// TestStepperScan walks the board scan of the root after 1.e4 and of a
// node that fails high, move by move: each move the scan makes is the
// search's next move step, and a cut-off ends the scan where the search's
// did; the lines of the scan's loops are lit, the 0x88 numbers said. Then
// a move's v in its terms, a step inside a quiescence box, and a
// laboratory cut with lab.go's test lit.
func TestStepperScan(t *testing.T) {
	b := newBrowser(t, 5*time.Minute)
	n := startNative(t)
	b.choose("user-side", "both")
	b.clickMove("e2e4")
	b.waitJS(`window.umax.state().moves.length === 1`, 10*time.Second)
	rec := recordNative(t, n, "position startpos moves e2e4", 2)
	b.choose("step-plies", "2")
	b.click("#step-load")
	b.waitJS(`!document.getElementById("step-view").hidden && document.getElementById("step-view").dataset.step === "0"`, 30*time.Second)

	// walk opens the scan of the node at step k and goes from move to move
	// to the end, returning the steps its moves name and its last event.
	walk := func(k int) ([]string, scanShown) {
		b.eval(fmt.Sprintf(`window.umax.stepper.go(%d)`, k), nil)
		b.click("#step-scan")
		b.waitJS(`!document.getElementById("scan-box").hidden && document.getElementById("step-view").dataset.scan === "0"`, 10*time.Second)
		var steps []string
		for i := 0; i < 200; i++ {
			before := b.scanShown()
			if before.Scan == fmt.Sprint(before.Events-1) {
				return steps, before
			}
			b.click("#scan-move")
			b.waitJS(fmt.Sprintf(`document.getElementById("step-view").dataset.scan !== %q`, before.Scan), 5*time.Second)
			if s := b.scanShown(); s.Step != "" {
				steps = append(steps, s.Step)
				if !strings.Contains(s.Lines, " ") || !strings.Contains(s.What, "0x") || !strings.Contains(s.What, "a move") {
					t.Errorf("a move of the scan: %+v", s)
				}
			}
		}
		t.Fatal("the scan did not end in 200 moves")
		return nil, scanShown{}
	}
	movesOf := func(node, from int) []string {
		var list []string
		for k := from + 1; k < len(rec.Steps.Steps); k++ {
			s := rec.Steps.Steps[k]
			if int(s[1].(float64)) != node {
				continue
			}
			if s[0] == "store" {
				break
			}
			if s[0] == "move" {
				list = append(list, fmt.Sprint(k))
			}
		}
		return list
	}
	// The root: its iteration's moves, all of them, the scan round the board.
	steps, last := walk(0)
	if want := movesOf(0, 0); fmt.Sprint(steps) != fmt.Sprint(want) || last.Kind != "done" {
		t.Errorf("the root's scan makes the moves of steps %v, the search %v; it ends with %+v", steps, want, last)
	}
	// The first step of the scan: the 0x88 board, B and the table's move.
	b.eval(`window.umax.stepper.scanGo(0)`, nil)
	if s := b.scanShown(); !strings.Contains(s.What, "B = ") || !strings.Contains(s.What, "(x + 9) & ~0x88") {
		t.Errorf("the scan's start says %q", s.What)
	}
	b.look("#stepper", "stepper-scan.png")
	b.click("#scan-close")
	// A node that fails high: its scan ends where the search's cut-off did.
	cut := -1
	for k, s := range rec.Steps.Steps {
		if s[0] == "cut" && s[3].(float64) < 8000 && int(s[1].(float64)) > 0 {
			cut = k
			break
		}
	}
	node := int(rec.Steps.Steps[cut][1].(float64))
	it := cut
	for rec.Steps.Steps[it][0] != "iterate" || int(rec.Steps.Steps[it][1].(float64)) != node {
		it--
	}
	steps, last = walk(it)
	if want := movesOf(node, it); fmt.Sprint(steps) != fmt.Sprint(want) || last.Kind != "break" || !strings.Contains(last.What, "break scan") {
		t.Errorf("node %d's scan makes the moves of steps %v, the search %v; it ends with %+v", node, steps, want, last)
	}
	b.screenshot("#step-view .step-grid", "web-step-scan.png", false)
	b.click("#scan-close")

	// A move's v in its terms: e plus the terms, the step's own v.
	k := 1
	for rec.Steps.Steps[k][0] != "move" {
		k++
	}
	b.eval(fmt.Sprintf(`window.umax.stepper.go(%d)`, k), nil)
	s := b.shown()
	checkShown(t, "a move's terms", s, rec, k)
	if !strings.Contains(s.Info, "v in its terms") || !strings.Contains(s.What, "v = e ") || !strings.Contains(s.What, "centre") {
		t.Errorf("a move's v in its terms: %q, %q", s.What, s.Info)
	}
	t.Logf("a move's v: %s", s.What)

	// A call inside a quiescence box: stepped into, its board and lines.
	inner := -1
	for k, s := range rec.Steps.Steps {
		if s[0] == "enter" && int(s[1].(float64)) >= len(rec.Tree.Tree) {
			inner = k
			break
		}
	}
	if inner < 0 {
		t.Fatal("no call inside a quiescence box in the 2-ply iteration after 1.e4")
	}
	b.eval(fmt.Sprintf(`window.umax.stepper.go(%d)`, inner-1), nil)
	in := b.clickStep("step-into")
	checkShown(t, "into a quiescence box's reply", in, rec, inner)
	if !strings.Contains(in.What, "inside the quiescence box") {
		t.Errorf("a call inside a quiescence box says %q", in.What)
	}
	for i := 0; i < 4; i++ {
		checkShown(t, "inside a quiescence box", b.clickStep("step-into"), rec, inner+1+i)
	}

	// A laboratory cut: lab.go's test lit, with its numbers.
	const ruy = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
	b.choose("step-from", "fen")
	b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("step-fen").value = ""`))
	b.do(chromedp.SendKeys(chromedp.CSS("#step-fen"), ruy))
	b.click(".step-lab > summary")
	b.click(`#step-setting input[name="Aggressive Futility"]`)
	b.choose("step-plies", "3")
	b.click("#step-load")
	b.waitJS(`document.getElementById("step-status").textContent.includes("aggressive futility") && document.getElementById("step-view").dataset.step === "0"`, time.Minute)
	lab := recordNative(t, n, "position fen "+ruy, 3, "setoption name Aggressive Futility value true")
	b.choose("step-kind", "lab")
	got := b.clickStep("step-run")
	checkShown(t, "a laboratory cut", got, lab, nextOf(lab, 0, "lab"))
	var labLines string
	b.eval(`document.getElementById("step-view").dataset.labLines + "|" + [...document.querySelectorAll("#step-lab-source .src-line.lit")].map((l) => l.textContent).join("\n")`, &labLines)
	if !strings.Contains(labLines, "case lab.aggressive && m.remaining == 2") || !strings.Contains(got.What, "aggressive futility: s=2") ||
		!strings.Contains(got.What, "v > l + 50") {
		t.Errorf("a laboratory cut: %q; lab.go's lines lit %q", got.What, labLines)
	}
	t.Logf("a laboratory cut: %s", got.What) // (TestStepper saves its picture, web-step-lab.png)
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
