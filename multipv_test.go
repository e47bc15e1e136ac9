package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// multiPVInfo is a UCI info line of a search of several lines.
var multiPVInfo = regexp.MustCompile(`^info multipv (\d+) depth (\d+) score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ time \d+ pv ((?: ?[a-h][1-8][a-h][1-8][qrbn]?)+)$`)

// pvLine is what the tests read from a line of a search of several.
type pvLine struct {
	line, depth int
	score       string
	pv          []string
}

// readPVLines reads the lines of a UCI search of several lines (every info
// line with a score must be one), and its bestmove.
func readPVLines(t *testing.T, got []string) (lines []pvLine, best string) {
	t.Helper()
	for _, l := range got[:len(got)-1] {
		if strings.HasPrefix(l, "info string") {
			continue
		}
		if m := multiPVInfo.FindStringSubmatch(l); m != nil {
			k, _ := strconv.Atoi(m[1])
			d, _ := strconv.Atoi(m[2])
			lines = append(lines, pvLine{line: k, depth: d, score: m[3], pv: strings.Fields(m[4])})
		} else if _, ok := parseInfo(l); !ok || strings.Contains(l, " score ") {
			t.Errorf("not a line of a search of several: %q", l)
		}
	}
	best, _ = bestmoveOf(t, got[len(got)-1])
	return lines, best
}

// checkLines checks the lines of a search of several from root: at each
// depth, lines 1 to want in order (the last depth may have fewer), their
// PVs legal, their first moves different and among allowed (nil: all);
// the bestmove is the first move of the last line 1. It returns the
// deepest depth whose lines are all there.
func checkLines(t *testing.T, root Position, lines []pvLine, best string, want int, allowed []string) int {
	t.Helper()
	if len(lines) == 0 {
		t.Fatalf("no lines")
	}
	full, next, depth := 0, 1, 1
	var firsts []string
	var lastFirst string
	for _, l := range lines {
		if l.line == 1 && next != 1 { // a new depth after a short one: only the last may be short
			t.Errorf("depth %d has %d lines, want %d", depth, next-1, want)
		}
		if l.line == 1 {
			depth, firsts = l.depth, nil
			lastFirst = l.pv[0]
		}
		if l.line != next || l.depth != depth {
			t.Fatalf("line %d of depth %d where line %d of depth %d was due: %+v", l.line, l.depth, next, depth, lines)
		}
		pvMoves(t, root, l.pv, fmt.Sprintf("line %+v", l))
		if slices.Contains(firsts, l.pv[0]) {
			t.Errorf("depth %d: line %d starts with %s, as a line before it", depth, l.line, l.pv[0])
		}
		if allowed != nil && !slices.Contains(allowed, l.pv[0]) {
			t.Errorf("depth %d: line %d starts with %s, not one of %v", depth, l.line, l.pv[0], allowed)
		}
		firsts = append(firsts, l.pv[0])
		next = l.line%want + 1
		if l.line == want {
			full = depth
		}
	}
	if best != lastFirst {
		t.Errorf("bestmove %s, the last line 1 starts with %s", best, lastFirst)
	}
	return full
}

// TestMultiPVOneIsMicroMax: MultiPV 1 is micro-Max node for node: after
// MultiPV 3 and back to 1, go nodes 30000 after e2e4 gives exactly the info
// lines of a session that never set it, among them the C program's kibitz
// line "5 ply, 43403 searched, score= 15 by e7e5" (reference/README.md).
func TestMultiPVOneIsMicroMax(t *testing.T) {
	strip := func(got []string) []string { // the lines without nps and time
		var out []string
		for _, l := range got {
			out = append(out, regexp.MustCompile(` nps \d+ time \d+`).ReplaceAllString(l, ""))
		}
		return out
	}
	plain := newUCIDialogue(t, newEngine(defaultHashEntries), config{})
	want := strip(plain.search("position startpos moves e2e4", "go nodes 30000"))
	plain.close()
	d := newUCIDialogue(t, newEngine(defaultHashEntries), config{})
	d.sync("setoption name MultiPV value 3", "setoption name multipv value 1")
	got := strip(d.search("position startpos moves e2e4", "go nodes 30000"))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("MultiPV 1:\n%s\nnever set:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !slices.Contains(got, "info depth 5 score cp 15 nodes 43403 pv e7e5 b1c3 b8c6 d2d3 g8f6") {
		t.Errorf("no line of the C program's 5 ply in %q", got)
	}
}

// TestMultiPVLines: UCI's MultiPV N gives, depth after depth, lines 1 to N
// as "info multipv K depth D score ... pv ...", each PV legal, their first
// moves all different, the best line's score not below the others'; the
// bestmove is the first move of the last line 1. python-chess's
// engine.analyse(board, limit, multipv=3) asks just this: setoption, then
// go with a limit, or go infinite and stop. With fewer legal moves than N,
// one line for each; searchmoves limits the lines to its moves.
func TestMultiPVLines(t *testing.T) {
	d := newUCIDialogue(t, smallEngine(), config{})
	d.sync("setoption name MultiPV value 3")
	start := newGame()
	lines, best := readPVLines(t, d.search("position startpos", "go depth 4"))
	if full := checkLines(t, start, lines, best, 3, nil); full != 4 {
		t.Errorf("deepest depth with all lines: %d, want 4", full)
	}
	for _, l := range lines {
		if n, _ := strconv.Atoi(strings.Fields(l.score)[1]); l.line > 1 {
			var first int
			for _, f := range lines {
				if f.depth == l.depth && f.line == 1 {
					first, _ = strconv.Atoi(strings.Fields(f.score)[1])
				}
			}
			if n > first {
				t.Errorf("depth %d: line %d scores %s, above the best line's %d", l.depth, l.line, l.score, first)
			}
		}
	}
	// go infinite and stop, as python-chess's analyse without a limit.
	fen := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	d.send("position fen "+fen, "go infinite")
	got := d.until("line 3 of depth 3", func(l string) bool { return strings.HasPrefix(l, "info multipv 3 depth 3 ") })
	d.send("stop")
	got = append(got, d.until("bestmove", isBestmove)...)
	lines, best = readPVLines(t, got)
	if full := checkLines(t, mustFEN(t, fen).pos, lines, best, 3, nil); full < 3 {
		t.Errorf("go infinite, stop: deepest depth with all lines %d", full)
	}
	// Two legal moves: two lines, whatever MultiPV says.
	d.sync("setoption name MultiPV value 8")
	fen = "k7/8/8/8/8/8/r7/6K1 w - - 0 1" // the king's only squares are f1 and h1
	pos := mustFEN(t, fen).pos
	if n := len(pos.legalMoves()); n != 2 {
		t.Fatalf("%s: %d legal moves", fen, n)
	}
	lines, best = readPVLines(t, d.search("position fen "+fen, "go depth 3"))
	if full := checkLines(t, pos, lines, best, 2, nil); full != 3 {
		t.Errorf("two legal moves, MultiPV 8: deepest depth with both lines %d", full)
	}
	// searchmoves: the lines come from its moves.
	d.sync("setoption name MultiPV value 2")
	allowed := []string{"g1f3", "e2e4", "a2a3"}
	lines, best = readPVLines(t, d.search("position startpos", "go depth 3 searchmoves "+strings.Join(allowed, " ")))
	checkLines(t, start, lines, best, 2, allowed)
}

// TestMultiPVAnalysisCECP: in XBoard's analysis, option MultiPV=N (XBoard
// knows the option by its name) gives N thinking lines a depth, with
// different first moves; exclude leaves a move out of the analysis and
// include puts it back (feature exclude=1), until the position changes;
// a move that is not legal is an Error; exclude all leaves nothing to
// analyse. A game's move is searched as micro-Max searches, one line.
func TestMultiPVAnalysisCECP(t *testing.T) {
	d := newDialogue(t, smallEngine(), config{})
	d.syncNow("new", "force", "post", "option MultiPV=2")
	d.send("analyze")
	for depth, firsts := range analysisLines(t, d, 4, 2) { // (the first lines of an analysis may come before a pong)
		if len(firsts) > 2 || len(firsts) == 2 && firsts[0] == firsts[1] {
			t.Errorf("depth %d: first moves %v, want two different", depth, firsts)
		}
	}
	d.syncNow("exclude e2e4", "exclude d2d4")
	for depth, firsts := range analysisLines(t, d, 4, 2) {
		if slices.Contains(firsts, "e2e4") || slices.Contains(firsts, "d2d4") {
			t.Errorf("depth %d after exclude e2e4 and d2d4: first moves %v", depth, firsts)
		}
	}
	// (the analysis's thinking lines may come before and after the answer)
	if got := d.syncNow("exclude e2e5"); !slices.Contains(got, "Error (not a legal move here): exclude e2e5") {
		t.Errorf("exclude e2e5: %q", got)
	}
	if got := d.syncNow("option MultiPV=9"); !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, "Error (bad option value") }) {
		t.Errorf("option MultiPV=9: %q", got)
	}
	d.syncNow("exclude all", "include g1f3")
	for depth, firsts := range analysisLines(t, d, 3, 1) {
		if len(firsts) != 1 || firsts[0] != "g1f3" {
			t.Errorf("depth %d with g1f3 alone included: first moves %v", depth, firsts)
		}
	}
	d.syncNow("exclude all")
	if got := d.syncNow("."); len(got) != 1 || got[0] != "stat01: 0 0 0 0 0" {
		t.Errorf("exclude all: %q, want nothing analysed", got)
	}
	d.syncNow("include all")
	analysisLines(t, d, 4, 2)
	// A new position includes every move again.
	d.syncNow("exit", "new", "force", "exclude e2e4", "new", "force")
	d.send("analyze")
	seen := false
	for _, firsts := range analysisLines(t, d, 4, 2) {
		seen = seen || slices.Contains(firsts, "e2e4")
	}
	if !seen {
		t.Errorf("after new, e2e4 is still left out")
	}
	// The game's own move: one line a depth.
	d.syncNow("exit", "new", "sd 4")
	got := d.search("usermove e2e4")
	count := map[int]int{}
	for _, l := range got {
		if depth, ok := thinkingDepth(l); ok {
			count[depth]++
		}
	}
	for depth, n := range count {
		if n != 1 {
			t.Errorf("a game's move: %d lines at depth %d: %q", n, depth, got)
		}
	}
}

// analysisLines reads an analysis's thinking lines up to the lines-th line
// of a depth of depth or more, and returns the first moves of each depth.
func analysisLines(t *testing.T, d *cecpDialogue, depth, lines int) map[int][]string {
	t.Helper()
	firsts := map[int][]string{}
	for {
		l := d.next().text
		n, ok := thinkingDepth(l)
		if !ok {
			t.Fatalf("not a thinking line: %q", l)
		}
		firsts[n] = append(firsts[n], strings.Fields(l)[4])
		if n >= depth && len(firsts[n]) == lines {
			return firsts
		}
	}
}
