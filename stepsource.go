package main

// The stepper's map of the literal search: which lines of
// search_literal.go act at each kind of step (tree.go's treeStep), so that
// the page can light them in its source pane. Each line is found by a text
// of it that occurs once in the file (TestStepSourceTexts checks that
// every text does): an edit of the literal search that loses one fails
// that test, rather than lighting a wrong line. After such an edit, this
// table is the one place to update.
//
// The page gets the file and the lines from the engine (umax source,
// uci_web.go): the source is built into the program, so that its lines
// are those of the search that ran.

import (
	_ "embed"
	"strings"
)

// literalSource is search_literal.go, as built into the program.
//
//go:embed search_literal.go
var literalSource string

// stepSource names, for each part of a step the page shows, the texts of
// the lines that act then, in the order of the file.
var stepSource = []struct {
	part  string
	texts []string
}{
	{"enter", []string{"slot := &e.table[", "entry := slot.load()", "hook.enter(side"}},                                           // a call looks up the table
	{"enter-miss", []string{"if entry.lock != lockKey", "iter, bestTo = 0, 0"}},                                                   // ... and finds nothing usable
	{"enter-hit", []string{"iter, best = int(entry.depth), int(entry.score)", "bestFrom, bestTo = int(entry.from)"}},              // ... and resumes from it
	{"iterate", []string{"deeper := iter < depth", "e.nodes++", "hook.iterate(iter"}},                                             // an iteration begins
	{"iterate-deeper", []string{"best = -infinity // nothing considered yet"}},                                                    // ... with no best yet
	{"iterate-stand", []string{"best = eval // except at depth 1"}},                                                               // ... standing pat (depth 1)
	{"pass", []string{"for { // iterative deepening", "hook.iterated(best"}},                                                      // an earlier iteration, summarised
	{"move", []string{"score += eval + gain", "alphaNow = alpha", "rule, score = e.tell(searchMove{"}},                            // a move is made, with its v and f
	{"move-searched", []string{"remaining > 1 || score > alphaNow", "score = -e.searchLiteral(24-side, -beta"}},                   // ... and its reply searched
	{"move-futile", []string{"remaining > 1 || score > alphaNow", "rule = ruleFutility"}},                                         // ... and found futile
	{"reply", []string{"score = -e.searchLiteral(24-side, -beta"}},                                                                // a reply has returned
	{"best", []string{"if score > best {", "hook.newBest()", "best, bestFrom, bestTo = score, from, to"}},                         // a new best
	{"cut", []string{"if best >= beta {", "break scan"}},                                                                          // a fail high ends the scan
	{"cut-king", []string{"if gain < 0 {", "best = infinity // a king capture", "break scan"}},                                    // ... a king capture
	{"store", []string{"slot.store(hashEntry{", "hook.iterated(best"}},                                                            // the iteration's end, in the table
	{"leave", []string{"hook.leave(best, best+b2i", "return best + b2i(best < eval)"}},                                            // the call returns
	{"leave-answered", []string{"break // not the root thinking", "hook.leave(best, best+b2i", "return best + b2i(best < eval)"}}, // ... the table answered it
}

// stepSourceLines finds the lines of each part of stepSource in source,
// numbered from 1: the line of each text, and the lines after it up to the
// end of a statement whose parentheses it leaves open. A text that is not
// in source lights nothing.
func stepSourceLines(source string) map[string][]int {
	lines := strings.Split(source, "\n")
	parts := map[string][]int{}
	for _, p := range stepSource {
		list := []int{}
		for _, text := range p.texts {
			for i, l := range lines {
				if !strings.Contains(l, text) {
					continue
				}
				open := 0
				for k := i; k < len(lines); k++ {
					code, _, _ := strings.Cut(lines[k], "//")
					open += strings.Count(code, "(") - strings.Count(code, ")")
					list = append(list, k+1)
					if open <= 0 {
						break
					}
				}
				break
			}
		}
		parts[p.part] = list
	}
	return parts
}
