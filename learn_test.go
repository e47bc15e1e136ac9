package main

// The page's course, "Learn" (web/lessons.json, read by web/learn.js):
// every lesson's checkpoints replayed against the native engine's
// recordings, so that a change to the search or to the stepper's steps
// that moves a checkpoint fails the fast command.
//
// A checkpoint names its step by a description that does not depend on
// step numbers: the node reached by a path of moves in SAN from the root
// (the visit-th node with that path, in the tree's order; "(probe)" for a
// stalemate probe), the nth step of a kind at that node (of those with a
// move's SAN, if move is given), and an offset from there. The page
// (learn.js) finds it the same way in the recording it makes in its worker
// (recordSearches: the position from an empty table, go depth PLIES). This
// test records the same iterations natively and checks, for every
// checkpoint: that its step is found; its kind; that the answer marked
// right is what the step says (ask: the step's kind, move, rule, value, f,
// the node's window, its table use, its best move) and no other answer is;
// the facts the texts quote (the node's evaluation, window, depth, the
// move's v and f, the iteration's nodes); and the lines the page lights:
// the stepper's lines of the step's kind (stepsource.go, as stepper.js's
// parts choose them) and the lesson's own (code, each a text that occurs
// once in search_literal.go). TestLearnCourse checks the file itself.
//
//	go test -run TestLearn -v .                     the checkpoints, step by step
//	go test -run TestLearnCheckpoints . -args -learn.dump 6
//	                                                lesson 6's recordings, every step with its node's path (to write checkpoints)

import (
	"encoding/json"
	"flag"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

var learnDump = flag.Int("learn.dump", 0, "TestLearnCheckpoints: print the steps of lesson N's recordings, each with its node's path")

// learnCourse is web/lessons.json.
type learnCourse struct {
	Lessons  []learnLesson
	Glossary []learnTerm
}

// learnTerm is a glossary entry: its id is the anchor #glossary-ID; its
// forms are other words of the term, which the stepper's texts link too.
type learnTerm struct {
	ID, Term, Text string
	Forms          []string
}

type learnLesson struct {
	ID, Title, FEN string
	Plies          int
	Setting        map[string]any // the engine's options by name (micro-Max 4.1 where none)
	Intro          []string
	Checkpoints    []learnCheckpoint
}

type learnCheckpoint struct {
	Setting  map[string]any // options over the lesson's, for this checkpoint's recording
	At       learnAt
	Ask      string
	Question string
	Answers  []learnAnswer
	Explain  []string
	Code     []string       // texts of search_literal.go's lines the lesson lights
	Mark     []string       // squares marked on the board
	Facts    map[string]any // numbers the texts quote, checked here
}

// learnAt describes a checkpoint's step (see the top of the file).
type learnAt struct {
	Path               string
	Visit, Nth, Offset int
	Kind, Move         string
}

type learnAnswer struct {
	Text     string
	Value    any
	Right    bool
	Feedback string
}

// learnAsks are the questions a checkpoint may ask of its step.
var learnAsks = []string{"kind", "move", "rule", "value", "f", "window", "table", "best"}

// learnTermsWanted are the glossary's terms that issue 49 asks for.
var learnTermsWanted = []string{"node", "ply", "depth", "negamax", "alpha-beta", "window", "fail-high", "fail-low",
	"stand-pat", "iterative-deepening", "transposition-table", "quiescence-search", "futility", "0x88", "pseudo-legal-move"}

// readCourse reads web/lessons.json.
func readCourse(t *testing.T) learnCourse {
	t.Helper()
	var c learnCourse
	dec := json.NewDecoder(strings.NewReader(string(readFile(t, "web/lessons.json"))))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		t.Fatalf("web/lessons.json: %v", err)
	}
	return c
}

// learnLinks are a text's glossary links, [[term]] or [[text|term]].
var learnLinks = regexp.MustCompile(`\[\[([^\]|]*)(?:\|([^\]]*))?\]\]`)

// learnWords counts a text's words as the page shows them.
func learnWords(texts ...string) int {
	n := 0
	for _, text := range texts {
		text = learnLinks.ReplaceAllString(text, "$1")
		n += len(strings.Fields(text))
	}
	return n
}

// learnTexts are all of a lesson's texts, for the links.
func learnTexts(l learnLesson) []string {
	texts := append([]string{l.Title}, l.Intro...)
	for _, c := range l.Checkpoints {
		texts = append(append(texts, c.Question), c.Explain...)
		for _, a := range c.Answers {
			texts = append(texts, a.Text, a.Feedback)
		}
	}
	return texts
}

// TestLearnCourse checks the course's file: at least 12 lessons, each
// with a position the engine takes, a short text, and checkpoints with
// answer buttons, exactly one of them right, and texts of at most about
// 150 words; the glossary with every term asked for, each once (and its
// forms, each a word of one term), and every link of a text to one of its
// terms; the lesson's lines found in search_literal.go.
func TestLearnCourse(t *testing.T) {
	c := readCourse(t)
	if len(c.Lessons) < 12 {
		t.Errorf("%d lessons, want at least 12", len(c.Lessons))
	}
	terms := map[string]bool{}
	names := map[string]bool{}
	for _, g := range c.Glossary {
		if terms[g.ID] || g.Term == "" || g.Text == "" || !regexp.MustCompile(`^[a-z0-9-]+$`).MatchString(g.ID) {
			t.Errorf("glossary entry %+v: an id (a-z, 0-9, -), a term and a text, each term once", g)
		}
		terms[g.ID] = true
		for _, w := range append([]string{g.Term}, g.Forms...) {
			if names[strings.ToLower(w)] || strings.TrimSpace(w) != w || w == "" {
				t.Errorf("glossary entry %s: the word %q is empty, padded or another term's", g.ID, w)
			}
			names[strings.ToLower(w)] = true
		}
		if learnWords(g.Text) > 100 {
			t.Errorf("glossary entry %s: %d words, want at most 100", g.ID, learnWords(g.Text))
		}
	}
	for _, id := range learnTermsWanted {
		if !terms[id] {
			t.Errorf("the glossary has no %q", id)
		}
	}
	checkLinks := func(where string, texts []string) {
		for _, text := range texts {
			for _, m := range learnLinks.FindAllStringSubmatch(text, -1) {
				id := m[2]
				if id == "" {
					id = strings.ReplaceAll(strings.ToLower(m[1]), " ", "-")
				}
				if !terms[id] {
					t.Errorf("%s links %q to the glossary, which has no %q", where, m[0], id)
				}
			}
			if strings.Count(text, "`")%2 != 0 {
				t.Errorf("%s: a code span is not closed: %q", where, text)
			}
		}
	}
	for _, g := range c.Glossary {
		checkLinks("glossary entry "+g.ID, []string{g.Text})
	}
	ids := map[string]bool{}
	for i, l := range c.Lessons {
		where := fmt.Sprintf("lesson %d (%s)", i+1, l.ID)
		if ids[l.ID] || !regexp.MustCompile(`^[a-z0-9-]+$`).MatchString(l.ID) || l.Title == "" {
			t.Errorf("%s: an id of its own (a-z, 0-9, -) and a title", where)
		}
		ids[l.ID] = true
		if _, err := parseFEN(l.FEN); err != nil {
			t.Errorf("%s: FEN %q: %v", where, l.FEN, err)
		}
		if l.Plies < 1 || l.Plies > maxTreePlies {
			t.Errorf("%s: plies %d, want 1 to %d", where, l.Plies, maxTreePlies)
		}
		if len(l.Intro) == 0 || learnWords(l.Intro...) > 160 {
			t.Errorf("%s: its text has %d words, want some and at most about 150", where, learnWords(l.Intro...))
		}
		if len(l.Checkpoints) == 0 {
			t.Errorf("%s has no checkpoint", where)
		}
		checkLinks(where, learnTexts(l))
		for j, cp := range l.Checkpoints {
			where := fmt.Sprintf("%s, checkpoint %d", where, j+1)
			if !slices.Contains(learnAsks, cp.Ask) || !slices.Contains(stepNames[:], cp.At.Kind) {
				t.Errorf("%s: ask %q (one of %v) at a step of kind %q (one of %v)", where, cp.Ask, learnAsks, cp.At.Kind, stepNames)
			}
			if cp.Question == "" || len(cp.Explain) == 0 || learnWords(append([]string{cp.Question}, cp.Explain...)...) > 160 {
				t.Errorf("%s: its question and explanation have %d words, want some and at most about 150",
					where, learnWords(append([]string{cp.Question}, cp.Explain...)...))
			}
			right := 0
			values := map[string]bool{}
			for _, a := range cp.Answers {
				v := fmt.Sprint(a.Value)
				if a.Text == "" || a.Feedback == "" || a.Value == nil || values[v] {
					t.Errorf("%s: answer %+v: a text, a feedback and a value of its own", where, a)
				}
				values[v] = true
				if a.Right {
					right++
				}
			}
			if len(cp.Answers) < 2 || right != 1 {
				t.Errorf("%s: %d answers, %d right: want at least 2, exactly one right", where, len(cp.Answers), right)
			}
			for _, text := range cp.Code {
				if n := strings.Count(literalSource, text); n != 1 {
					t.Errorf("%s lights the line of %q, which occurs %d times in search_literal.go (want once)", where, text, n)
				}
			}
			for _, sq := range cp.Mark {
				if !regexp.MustCompile(`^[a-h][1-8]$`).MatchString(sq) {
					t.Errorf("%s marks %q, not a square", where, sq)
				}
			}
		}
	}
}

// learnRun is a recorded iteration as the page reads it.
type learnRun struct {
	tree  jsonTree
	steps jsonSteps
	paths []string // each node's path from the root, its moves in SAN
	best  string   // the search's bestmove, in coordinates
}

// learnSetting is a checkpoint's setting: the lesson's options with the
// checkpoint's over them.
func learnSetting(l learnLesson, cp learnCheckpoint) map[string]any {
	s := map[string]any{}
	for k, v := range l.Setting {
		s[k] = v
	}
	for k, v := range cp.Setting {
		s[k] = v
	}
	return s
}

// learnKey names a recording: the position, the plies, the setting.
func learnKey(fen string, plies int, setting map[string]any) string {
	names := make([]string, 0, len(setting))
	for k := range setting {
		names = append(names, k)
	}
	sort.Strings(names)
	key := fmt.Sprintf("%s | %d", fen, plies)
	for _, k := range names {
		key += fmt.Sprintf(" | %s=%v", k, setting[k])
	}
	return key
}

// learnRecorder records iterations natively as the page's stepper does
// in a worker of its own: the options set, an empty table, the position,
// go depth PLIES; then it puts the options back to their defaults.
type learnRecorder struct {
	t        *testing.T
	d        *uciDialogue
	defaults map[string]string // the engine's options' defaults, from its uci answer
	runs     map[string]*learnRun
}

func newLearnRecorder(t *testing.T) *learnRecorder {
	r := &learnRecorder{t: t, d: newUCIDialogue(t, newEngine(defaultHashEntries), config{lab: true}), defaults: map[string]string{}, runs: map[string]*learnRun{}}
	for _, l := range r.d.sync("uci") {
		if name, rest, ok := strings.Cut(strings.TrimPrefix(l, "option name "), " type "); ok && strings.HasPrefix(l, "option name ") {
			if _, def, ok := strings.Cut(rest, " default "); ok {
				r.defaults[name] = strings.Fields(def + " ")[0]
			}
		}
	}
	return r
}

func (r *learnRecorder) record(fen string, plies int, setting map[string]any) *learnRun {
	t := r.t
	t.Helper()
	key := learnKey(fen, plies, setting)
	if run, ok := r.runs[key]; ok {
		return run
	}
	for name, v := range setting {
		if _, ok := r.defaults[name]; !ok {
			t.Fatalf("%s: the engine has no option %q", key, name)
		}
		r.d.expectNothing(fmt.Sprintf("setoption name %s value %v", name, v))
	}
	r.d.expectNothing("ucinewgame", fmt.Sprintf("umax record %d", plies))
	lines := r.d.search("position fen "+fen, fmt.Sprintf("go depth %d", plies))
	run := &learnRun{best: strings.Fields(lines[len(lines)-1] + " -")[1]}
	webAnswer(t, r.d, "umax tree", &run.tree)
	webAnswer(t, r.d, "umax steps", &run.steps)
	if run.tree.Error != "" || run.steps.Error != "" {
		t.Fatalf("%s: %s %s", key, run.tree.Error, run.steps.Error)
	}
	for name := range setting {
		r.d.expectNothing(fmt.Sprintf("setoption name %s value %s", name, r.defaults[name]))
	}
	run.paths = make([]string, len(run.tree.Tree))
	for i, n := range run.tree.Tree {
		if i == 0 {
			continue
		}
		san := n.San
		if n.Move == "" {
			san = "(probe)"
		}
		run.paths[i] = strings.TrimSpace(run.paths[n.Parent] + " " + san)
	}
	r.runs[key] = run
	return run
}

// find is the index of the step at describes, or an error.
func (run *learnRun) find(at learnAt) (int, error) {
	visit, nth := max(at.Visit, 1), max(at.Nth, 1)
	node := -1
	for i, p := range run.paths {
		if p == strings.Join(strings.Fields(at.Path), " ") {
			if visit--; visit == 0 {
				node = i
				break
			}
		}
	}
	if node < 0 {
		return -1, fmt.Errorf("no node (visit %d) after %q", max(at.Visit, 1), at.Path)
	}
	for k, s := range run.steps.Steps {
		if stepInt(s, 1) != node || s[0] != at.Kind || at.Move != "" && s[len(s)-1] != at.Move {
			continue
		}
		if nth--; nth == 0 {
			k += at.Offset
			if k < 0 || k >= len(run.steps.Steps) {
				return -1, fmt.Errorf("offset %d leaves the iteration", at.Offset)
			}
			return k, nil
		}
	}
	return -1, fmt.Errorf("node %d (after %q) has no step %d of kind %s%s", node, at.Path, max(at.Nth, 1), at.Kind,
		map[bool]string{true: " with the move " + at.Move}[at.Move != ""])
}

// bestAt is the best move (SAN) of step k's node as the stepper shows it
// at step k: the last new best of its iteration so far.
func (run *learnRun) bestAt(k int) string {
	node := stepInt(run.steps.Steps[k], 1)
	for j := k; j >= 0; j-- {
		s := run.steps.Steps[j]
		if stepInt(s, 1) != node {
			continue
		}
		switch s[0] {
		case "best":
			return s[5].(string)
		case "iterate":
			return ""
		}
	}
	return ""
}

// answer is what step k says to a question (learnAsks).
func (run *learnRun) answer(ask string, k int) (string, error) {
	s := run.steps.Steps[k]
	n := run.tree.Tree[stepInt(s, 1)]
	kind := s[0].(string)
	switch ask {
	case "kind":
		return kind, nil
	case "move":
		if kind == "move" || kind == "best" || kind == "pass" {
			return s[len(s)-1].(string), nil
		}
	case "rule":
		if kind == "move" {
			return s[6].(string), nil
		}
	case "f":
		if kind == "move" {
			return fmt.Sprint(stepInt(s, 5)), nil
		}
	case "value":
		at := map[string]int{"iterate": 4, "pass": 4, "move": 4, "reply": 4, "best": 3, "cut": 3, "store": 4, "leave": 4}
		if i, ok := at[kind]; ok {
			return fmt.Sprint(stepInt(s, i)), nil
		}
	case "window":
		return fmt.Sprintf("%d %d", n.Alpha, n.Beta), nil
	case "table":
		switch {
		case n.TableDepth == 0:
			return "none", nil
		case n.TableDepth >= n.Depth:
			return "answers", nil
		}
		return "resumes", nil
	case "best":
		return run.bestAt(k), nil
	}
	return "", fmt.Errorf("a step %v has no %q", s, ask)
}

// fact is a number a text quotes, at step k.
func (run *learnRun) fact(name string, k int) (string, error) {
	s := run.steps.Steps[k]
	n := run.tree.Tree[stepInt(s, 1)]
	switch name {
	case "eval":
		return fmt.Sprint(n.Eval), nil
	case "alpha":
		return fmt.Sprint(n.Alpha), nil
	case "beta":
		return fmt.Sprint(n.Beta), nil
	case "depth":
		return fmt.Sprint(n.Depth), nil
	case "tableDepth":
		return fmt.Sprint(n.TableDepth), nil
	case "nodes":
		return fmt.Sprint(run.steps.Nodes), nil
	case "bestmove":
		return run.best, nil
	case "v", "f":
		if s[0] == "move" {
			return fmt.Sprint(stepInt(s, map[string]int{"v": 4, "f": 5}[name])), nil
		}
	}
	return "", fmt.Errorf("no fact %q at a step %v", name, s)
}

// learnParts are the parts of stepsource.go the stepper lights at a step
// (stepper.js's parts).
func learnParts(s []any, n jsonNode) []string {
	switch s[0] {
	case "enter":
		if n.TableDepth > 0 {
			return []string{"enter", "enter-hit"}
		}
		return []string{"enter", "enter-miss"}
	case "iterate":
		if stepInt(s, 3) > 1 {
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
		if stepInt(s, 3) >= infinity {
			return []string{"cut-king"}
		}
	case "leave":
		if n.Last[0].(float64) == 0 {
			return []string{"leave-answered"}
		}
	}
	return []string{s[0].(string)}
}

// learnCodeLine is the line (from 1) of search_literal.go that holds text.
func learnCodeLine(text string) int {
	for i, l := range strings.Split(literalSource, "\n") {
		if strings.Contains(l, text) {
			return i + 1
		}
	}
	return 0
}

// TestLearnCheckpoints replays every checkpoint of the course against the
// native engine's recording of its iteration (see the top of the file).
func TestLearnCheckpoints(t *testing.T) {
	t.Parallel() // the recordings run beside the other searches
	c := readCourse(t)
	r := newLearnRecorder(t)
	source := stepSourceLines(literalSource)
	dumped := map[string]bool{}
	for i, l := range c.Lessons {
		for j, cp := range l.Checkpoints {
			where := fmt.Sprintf("lesson %d (%s), checkpoint %d", i+1, l.ID, j+1)
			run := r.record(l.FEN, l.Plies, learnSetting(l, cp))
			if key := learnKey(l.FEN, l.Plies, learnSetting(l, cp)); *learnDump == i+1 && !dumped[key] {
				dumped[key] = true
				run.dump(t, key)
			}
			k, err := run.find(cp.At)
			if err != nil {
				t.Errorf("%s: %v", where, err)
				continue
			}
			s := run.steps.Steps[k]
			if cp.At.Offset == 0 && s[0] != cp.At.Kind {
				t.Errorf("%s: step %d is %v, not a step of kind %s", where, k, s, cp.At.Kind)
			}
			got, err := run.answer(cp.Ask, k)
			if err != nil {
				t.Errorf("%s: %v", where, err)
				continue
			}
			for _, a := range cp.Answers {
				if a.Right != (fmt.Sprint(a.Value) == got) {
					t.Errorf("%s: the answer %q (value %v) is marked right %v, but the step %d %v says %s %q",
						where, a.Text, a.Value, a.Right, k, s, cp.Ask, got)
				}
			}
			for name, want := range cp.Facts {
				got, err := run.fact(name, k)
				if err != nil || got != fmt.Sprint(want) {
					t.Errorf("%s: the text says %s = %v, the step %d %v: %s %v", where, name, want, k, s, got, err)
				}
			}
			var lit []int
			for _, part := range learnParts(s, run.tree.Tree[stepInt(s, 1)]) {
				if len(source[part]) == 0 {
					t.Errorf("%s: the stepper's part %q lights no line", where, part)
				}
				lit = append(lit, source[part]...)
			}
			var code []int
			for _, text := range cp.Code {
				code = append(code, learnCodeLine(text))
			}
			t.Logf("%s: step %d of %d, %v at the node after %q (%s); answer %s %q; lit %v, the lesson's lines %v",
				where, k, len(run.steps.Steps), s[0], run.paths[stepInt(s, 1)], learnKey(l.FEN, l.Plies, learnSetting(l, cp)),
				cp.Ask, got, lit, code)
		}
	}
}

// dump prints the recording's steps, each with its node's path.
func (run *learnRun) dump(t *testing.T, key string) {
	t.Logf("%s: %d nodes, %d steps", key, run.steps.Nodes, len(run.steps.Steps))
	for k, s := range run.steps.Steps {
		node := stepInt(s, 1)
		n := run.tree.Tree[node]
		extra := ""
		if s[0] == "enter" {
			extra = fmt.Sprintf("  window (%d, %d), e=%d, n=%d, table depth %d", n.Alpha, n.Beta, n.Eval, n.Depth, n.TableDepth)
		}
		t.Logf("%5d %-7s node %-4d [%s] %v%s", k, s[0], node, run.paths[node], s[2:], extra)
	}
}
