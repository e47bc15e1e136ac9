package browsertest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// course is web/lessons.json, as far as the browser test reads it.
type course struct {
	Lessons []struct {
		ID, Title, FEN string
		Plies          int
		Setting        map[string]any
		Checkpoints    []struct {
			Setting map[string]any
			At      struct {
				Path               string
				Visit, Nth, Offset int
				Kind, Move         string
			}
			Answers []struct {
				Text, Feedback string
				Right          bool
			}
			Code []string
		}
	}
	Glossary []struct{ ID, Term string }
}

// learnRecording is the native engine's recording of an iteration: its
// steps, its tree, and the lines of each part of a step.
type learnRecording struct {
	Steps struct{ Steps [][]any }
	Tree  struct {
		Tree []struct {
			Parent            int
			Move, San         string
			TableDepth, Depth int
			Last              []any
		}
	}
	Lines map[string][]int
	paths []string
}

// recordLearn records an iteration natively, from an empty table, as the
// course does in a worker of its own, with the options of setting; it
// puts the options it set back to their defaults (defaults) after.
func recordLearn(t *testing.T, n *nativeEngine, fen string, plies int, setting map[string]any, defaults map[string]string) *learnRecording {
	t.Helper()
	var options, reset []string
	for name, v := range setting {
		options = append(options, fmt.Sprintf("setoption name %s value %v", name, v))
		reset = append(reset, fmt.Sprintf("setoption name %s value %s", name, defaults[name]))
	}
	script := append(append(options, "ucinewgame", fmt.Sprintf("umax record %d", plies), "position fen "+fen), fmt.Sprintf("go depth %d", plies))
	n.run(t, script)
	out := n.run(t, append([]string{"umax steps", "umax tree", "umax source"}, reset...))
	r := &learnRecording{}
	answer(t, out, "umax steps", &r.Steps)
	answer(t, out, "umax tree", &r.Tree)
	var source struct{ Lines map[string][]int }
	answer(t, out, "umax source", &source)
	r.Lines = source.Lines
	r.paths = make([]string, len(r.Tree.Tree))
	for i, nd := range r.Tree.Tree[1:] {
		san := nd.San
		if nd.Move == "" {
			san = "(probe)"
		}
		r.paths[i+1] = strings.TrimSpace(r.paths[nd.Parent] + " " + san)
	}
	return r
}

// find is the step a checkpoint's description names (learn_test.go's
// find, in the engine's package), or -1.
func (r *learnRecording) find(path string, visit int, kind, move string, nth, offset int) int {
	node := -1
	v := max(visit, 1)
	for i, p := range r.paths {
		if p == strings.Join(strings.Fields(path), " ") {
			if v--; v == 0 {
				node = i
				break
			}
		}
	}
	k := max(nth, 1)
	for j, s := range r.Steps.Steps {
		if node < 0 || int(s[1].(float64)) != node || s[0] != kind || move != "" && s[len(s)-1] != move {
			continue
		}
		if k--; k == 0 {
			if j+offset < 0 || j+offset >= len(r.Steps.Steps) {
				return -1
			}
			return j + offset
		}
	}
	return -1
}

// parts are the parts of the source the stepper lights at step k
// (stepper.js's parts).
func (r *learnRecording) parts(k int) []string {
	s := r.Steps.Steps[k]
	nd := r.Tree.Tree[int(s[1].(float64))]
	switch s[0] {
	case "enter":
		if nd.TableDepth > 0 {
			return []string{"enter", "enter-hit"}
		}
		return []string{"enter", "enter-miss"}
	case "iterate":
		if s[3].(float64) > 1 {
			return []string{"iterate", "iterate-deeper"}
		}
		return []string{"iterate", "iterate-stand"}
	case "move":
		switch s[6] {
		case "searched":
			return []string{"move", "move-searched"}
		case "futile":
			return []string{"move", "move-futile"}
		}
		return []string{"move"}
	case "cut":
		if s[3].(float64) >= 8000 {
			return []string{"cut-king"}
		}
	case "leave":
		if nd.Last[0].(float64) == 0 {
			return []string{"leave-answered"}
		}
	}
	return []string{s[0].(string)}
}

// learnShown is what the course shows: its state, the lesson and
// checkpoint, the step revealed, the feedback, the lesson's lines, and
// the stepper's step and lines.
type learnShown struct {
	State, Lesson, Checkpoint, Step string
	Lit, Feedback, Class            string
	Explain                         string
	ViewStep, Kind, Lines           string
	InStage, Predicting             bool
	WhatShown                       bool
}

func (b *browser) learnShown() learnShown {
	b.t.Helper()
	var s learnShown
	b.eval(`(() => { const l = document.getElementById("learn"), v = document.getElementById("step-view"), f = document.getElementById("learn-feedback");
		return { state: l.dataset.state || "", lesson: l.dataset.lesson || "", checkpoint: l.dataset.checkpoint || "", step: l.dataset.step || "",
		  lit: l.dataset.lit || "", feedback: f.textContent, class: f.className, explain: document.getElementById("learn-explain").hidden ? "" : document.getElementById("learn-explain").textContent,
		  viewStep: v.dataset.step || "", kind: v.dataset.kind || "", lines: v.dataset.lines || "",
		  inStage: v.parentElement === document.getElementById("learn-stage"), predicting: l.classList.contains("learn-predict"),
		  whatShown: getComputedStyle(document.getElementById("step-what")).display !== "none" }; })()`, &s)
	return s
}

// hover moves the mouse to the centre of an element.
func (b *browser) hover(selector string) {
	b.t.Helper()
	var p struct{ X, Y float64 }
	b.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.scrollIntoView({block: "center"});
		const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`, selector), &p)
	b.do(chromedp.MouseEvent(chromedp.MouseMoved, p.X, p.Y))
}

// learnPlain is a text of the course as the page shows it: its markup
// (code spans, glossary links) taken off.
func learnPlain(text string) string {
	text = regexp.MustCompile(`\[\[([^\]|]*)(?:\|[^\]]*)?\]\]`).ReplaceAllString(text, "$1")
	return strings.ReplaceAll(text, "`", "")
}

// TestLearn completes the course by mouse, as a student does: every
// lesson opened, and at each checkpoint a wrong answer clicked first, then
// the right one. Each reveal must show the native engine's step (found by
// the checkpoint's description in the native recording), with the
// feedback of the answer given, the explanation, the stepper's lines of
// the step's kind and the lesson's own lit; each lesson, once done, its
// tick. Then the keys, #lesson-N, the glossary's anchors, the ticks kept
// over a reload, and no console error. It logs how long each checkpoint
// took to reach from the click, and fails if an answer's reveal or the
// next checkpoint of a lesson took a second or more.
func TestLearn(t *testing.T) {
	b := newBrowser(t, 20*time.Minute)
	n := startNative(t)
	var c course
	data, err := os.ReadFile(filepath.Join(repoRoot, "web", "lessons.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	source, err := os.ReadFile(filepath.Join(repoRoot, "search_literal.go"))
	if err != nil {
		t.Fatal(err)
	}
	sourceLines := strings.Split(string(source), "\n")
	defaults := map[string]string{}
	for _, l := range n.run(t, []string{"uci"}) {
		if name, rest, ok := strings.Cut(strings.TrimPrefix(l, "option name "), " type "); ok {
			if _, def, ok := strings.Cut(rest, " default "); ok {
				defaults[name] = strings.Fields(def + " ")[0]
			}
		}
	}
	recordings := map[string]*learnRecording{}

	b.waitJS(`document.getElementById("learn").dataset.ready === "true"`, 30*time.Second)
	var entries []string
	b.eval(`[...document.querySelectorAll("#learn li[data-lesson]")].map((li) => li.dataset.lesson + " " + li.dataset.done)`, &entries)
	if len(entries) != len(c.Lessons) || len(entries) < 12 {
		t.Fatalf("the course lists %v, lessons.json has %d lessons", entries, len(c.Lessons))
	}
	for i, e := range entries {
		if e != fmt.Sprintf("%d false", i+1) {
			t.Errorf("lesson entry %d: %q, want data-lesson %d, not done", i+1, e, i+1)
		}
	}
	shots := map[string]string{"4 1": "web-learn-cut.png", "7 2": "web-learn-hash.png", "9 1": "web-learn-futile.png"}
	var reach []string
	var slow []string
	// A student's pointer comes over the list, which starts the course's
	// worker, and rests on the first lesson a moment before the click.
	b.hover(`#learn li[data-lesson="1"] button`)
	time.Sleep(time.Second)
	b.click(`#learn li[data-lesson="1"] button`)
	for i, l := range c.Lessons {
		lesson := strconv.Itoa(i + 1)
		for j, cp := range l.Checkpoints {
			checkpoint := strconv.Itoa(j + 1)
			where := fmt.Sprintf("lesson %s (%s), checkpoint %s", lesson, l.ID, checkpoint)
			b.waitJS(fmt.Sprintf(`(() => { const d = document.getElementById("learn").dataset; return d.state === "predict" && d.lesson === %q && d.checkpoint === %q; })()`,
				lesson, checkpoint), time.Minute)
			before := b.learnShown()
			if !before.InStage || !before.Predicting || before.WhatShown || before.Feedback != "" || before.Explain != "" {
				t.Errorf("%s, before an answer: %+v: want the board alone in the lesson, no feedback, no explanation", where, before)
			}
			setting := map[string]any{}
			for k, v := range l.Setting {
				setting[k] = v
			}
			for k, v := range cp.Setting {
				setting[k] = v
			}
			key := fmt.Sprintf("%s %d %v", l.FEN, l.Plies, setting)
			if recordings[key] == nil {
				recordings[key] = recordLearn(t, n, l.FEN, l.Plies, setting, defaults)
			}
			rec := recordings[key]
			k := rec.find(cp.At.Path, cp.At.Visit, cp.At.Kind, cp.At.Move, cp.At.Nth, cp.At.Offset)
			if k < 0 {
				t.Fatalf("%s: the native recording has no step %+v", where, cp.At)
			}
			var wantLines []int
			for _, part := range rec.parts(k) {
				wantLines = append(wantLines, rec.Lines[part]...)
			}
			var wantLit []string
			for _, text := range cp.Code {
				for n, line := range sourceLines {
					if strings.Contains(line, text) {
						wantLit = append(wantLit, strconv.Itoa(n+1))
						break
					}
				}
			}
			right := 0
			for a, answer := range cp.Answers {
				if answer.Right {
					right = a
				}
			}
			wrong := (right + 1) % len(cp.Answers)
			for _, pick := range []int{wrong, right} {
				a := cp.Answers[pick]
				b.click(fmt.Sprintf(`#learn-answers button[data-answer="%d"]`, pick))
				b.waitJS(fmt.Sprintf(`document.getElementById("learn").dataset.state === "revealed" && document.getElementById("learn-feedback").className === %q`,
					map[bool]string{true: "right", false: "wrong"}[a.Right]), 10*time.Second)
				got := b.learnShown()
				what := fmt.Sprintf("%s, answer %q", where, a.Text)
				if got.Step != strconv.Itoa(k) || got.ViewStep != got.Step || (cp.At.Offset == 0 && got.Kind != cp.At.Kind) || got.Kind != rec.Steps.Steps[k][0] {
					t.Errorf("%s: the course reveals step %s (the stepper shows %s, %s), the native engine's step is %d %v",
						what, got.Step, got.ViewStep, got.Kind, k, rec.Steps.Steps[k])
				}
				if !strings.Contains(got.Feedback, learnPlain(a.Feedback)) || !got.InStage || got.Predicting || !got.WhatShown ||
					got.Explain == "" || (a.Right != strings.HasPrefix(got.Feedback, "✓")) {
					t.Errorf("%s: %+v: want its feedback %q, the explanation, and the stepper in the lesson", what, got, a.Feedback)
				}
				for _, line := range wantLines {
					if !slices.Contains(strings.Fields(got.Lines), strconv.Itoa(line)) {
						t.Errorf("%s: the stepper lights %q, not line %d of its step's parts %v", what, got.Lines, line, rec.parts(k))
					}
				}
				if got.Lit != strings.Join(wantLit, " ") {
					t.Errorf("%s: the lesson lights lines %q, want %q (%q)", what, got.Lit, strings.Join(wantLit, " "), cp.Code)
				}
			}
			var ms int
			b.eval(`Number(document.getElementById("learn").dataset.ms)`, &ms)
			reach = append(reach, fmt.Sprintf("%s: answer revealed in %d ms", where, ms))
			if name := shots[lesson+" "+checkpoint]; name != "" {
				b.eval(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, nil)
				b.screenshot("#learn-lesson", name, false)
			}
			if i == 0 && j == 0 { // the keys, once
				b.do(chromedp.KeyEvent(kb.ArrowRight))
				b.waitJS(fmt.Sprintf(`document.getElementById("step-view").dataset.step === "%d"`, k+1), 5*time.Second)
				b.do(chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft))
				b.waitJS(fmt.Sprintf(`document.getElementById("step-view").dataset.step === "%d"`, k-1), 5*time.Second)
				b.do(chromedp.KeyEvent("c"))
				b.waitJS(fmt.Sprintf(`document.getElementById("step-view").dataset.step === "%d"`, k), 5*time.Second)
				b.do(chromedp.KeyEvent("n"))
				continue
			}
			last := j == len(l.Checkpoints)-1
			if last {
				var done string
				b.eval(fmt.Sprintf(`(() => { const li = document.querySelector('#learn li[data-lesson="%s"]');
					return li.dataset.done + " " + getComputedStyle(li.querySelector(".learn-tick")).visibility; })()`, lesson), &done)
				if done != "true visible" {
					t.Errorf("lesson %s, completed: its entry's data-done and tick are %q", lesson, done)
				}
			}
			b.click("#learn-next")
		}
	}
	b.waitJS(`document.getElementById("learn").dataset.state === "list" && document.getElementById("learn-lesson").hidden`, 10*time.Second)

	// How long each checkpoint took to reach from its click: an answer's
	// reveal, the next checkpoint of a lesson, a lesson opened (its
	// iteration recorded in a worker of its own, unless recorded before).
	var times []struct {
		What               string
		Lesson, Checkpoint int
		Ms                 int
	}
	b.eval(`window.umax.learn.times`, &times)
	byKind := map[string][]int{}
	for _, tm := range times {
		byKind[tm.What] = append(byKind[tm.What], tm.Ms)
		if tm.What != "open" && tm.Ms >= 1000 {
			slow = append(slow, fmt.Sprintf("lesson %d, checkpoint %d: %s in %d ms", tm.Lesson, tm.Checkpoint, tm.What, tm.Ms))
		}
	}
	var summary []string
	for _, what := range []string{"open", "next", "answer"} {
		ms := byKind[what]
		sort.Ints(ms)
		if len(ms) > 0 {
			summary = append(summary, fmt.Sprintf("%s: %d times, %d to %d ms, median %d", what, len(ms), ms[0], ms[len(ms)-1], ms[len(ms)/2]))
		}
	}
	var recorded []struct {
		Lesson         string
		Worker, Search int
	}
	b.eval(`window.umax.learn.recorded`, &recorded)
	for _, tm := range times {
		summary = append(summary, fmt.Sprintf("lesson %d, checkpoint %d, %s: %d ms", tm.Lesson, tm.Checkpoint, tm.What, tm.Ms))
	}
	for _, r := range recorded {
		summary = append(summary, fmt.Sprintf("recorded for %s: the worker started in %d ms, the search and its data %d ms", r.Lesson, r.Worker, r.Search))
	}
	t.Logf("checkpoints reached, from the click:\n%s\n%s", strings.Join(summary, "\n"), strings.Join(reach, "\n"))
	if len(slow) > 0 {
		t.Errorf("checkpoints reached in a second or more: %s", strings.Join(slow, "; "))
	}

	// #lesson-N opens lesson N; the ticks are kept over a reload.
	b.do(chromedp.Navigate("about:blank"))
	b.open(site.page + "#lesson-3")
	b.waitJS(`(() => { const d = document.getElementById("learn").dataset; return d.state === "predict" && d.lesson === "3" && d.checkpoint === "1"; })()`, time.Minute)
	b.eval(`[...document.querySelectorAll("#learn li[data-lesson]")].map((li) => li.dataset.lesson + " " + li.dataset.done)`, &entries)
	for i, e := range entries {
		if e != fmt.Sprintf("%d true", i+1) {
			t.Errorf("after a reload, lesson entry %d: %q, want it done", i+1, e)
		}
	}
	var title string
	b.eval(`document.getElementById("learn-title").textContent`, &title)
	if want := "Lesson 3. " + c.Lessons[2].Title; title != want {
		t.Errorf("#lesson-3 opens %q, want %q", title, want)
	}
	// The glossary: every term once, each at its anchor, which a link opens.
	for _, g := range c.Glossary {
		var term string
		b.eval(fmt.Sprintf(`document.getElementById("glossary-%s")?.textContent ?? ""`, g.ID), &term)
		if term != g.Term {
			t.Errorf("#glossary-%s holds %q, want %q", g.ID, term, g.Term)
		}
	}
	b.click(`#learn-intro a.gloss[href="#glossary-negamax"]`)
	b.waitJS(`document.getElementById("glossary").open && document.querySelector("#glossary dt.target")?.id === "glossary-negamax"`, 5*time.Second)
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
