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

// labSource is lab.go, as built into the program: at a laboratory's cut
// the page lights its rule's test there.
//
//go:embed lab.go
var labSource string

// stepSource names, for each part of a step the page shows, the texts of
// the lines that act then, in the order of the file.
var stepSource = []sourcePart{
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

// scanSource names, for each event of the board scan (stepscan.go), the
// lines of search_literal.go that act then, as stepSource does for steps.
var scanSource = []sourcePart{
	{"scan-start", []string{"from = bestFrom", "firstSq = bestFrom", "hashFirst = bestTo & noSquare"}},                                                 // the scan starts at B
	{"scan-square", []string{"piece = int(b[from])", "if piece&side != 0 {"}},                                                                          // a square, an own piece?
	{"scan-dir", []string{"dir = steps[kind+16]", "if kind > 2 && step < 0", "dir++", "step = -steps[dir]", "if step == 0 {"}},                         // a direction from o[]
	{"scan-hash", []string{"to = bestTo ^ hashFirst"}},                                                                                                 // the table's move first
	{"scan-step", []string{"to += step"}},                                                                                                              // a step along the ray
	{"scan-off", []string{"if to&offBoard != 0 {", "break // the board's edge"}},                                                                       // the 0x88 test
	{"scan-castling", []string{"(epSquare-noSquare)&int(b[epSquare])", "best = infinity // bad castling"}},                                             // the king passed an attacked square
	{"scan-own", []string{"victim = int(b[captureSq])", "if victim&side != 0 ||"}},                                                                     // an own piece, or a pawn's wrong mode
	{"scan-king", []string{"gain = 99 * pieceValue", "if gain < 0 {", "best = infinity // a king capture", "if best >= beta {"}},                       // a king capture
	{"scan-move", []string{"gain = 99 * pieceValue", "if best >= beta {", "remaining = iter - b2i", "if remaining != 0 {"}},                            // a move made (unless the scan is cut off)
	{"scan-skip", []string{"remaining = iter - b2i", "if remaining != 0 {"}},                                                                           // s=0: not made (d=1, not a recapture)
	{"scan-ray", []string{"noCastling := kind != 4", "if to != from+step ||", "victim += b2i(kind < 5)", "passed = to // enable", "if victim != 0 {"}}, // does the ray go on?
	{"scan-next", []string{"from = (from + 9) &^ offBoard", "if from == firstSq {"}},                                                                   // the next square, round the board
}

// labRuleSource names, for each laboratory rule (pruneRule's names), the
// lines of lab.go that test it: the case that cuts the move, and the test
// it calls.
var labRuleSource = []sourcePart{
	{"futile", []string{"case e.futility && v+lab.frontierMargin <= f:", "return ruleFutility, min(v, f)"}},
	{"extended", []string{"case lab.extended && m.remaining == 2 && v+extendedMargin <= f", "!e.givesCheck(m) && !e.inCheckBefore(m):", "return ruleExtended, v"}},
	{"deep", []string{"case lab.deep && e.deepFutile(m):", "gap := m.alphaNow - m.score - posMargin // what the next", "if gap < 99*pieceValue[7]+promoGain", "return !e.givesCheck(m)"}},
	{"aggressive", []string{"case lab.aggressive && m.remaining == 2", "v > m.beta+aggressiveMargin", "!e.inCheckBefore(m) && !e.leavesKingAttacked(m):", "return ruleAggressive, m.beta"}},
	{"goose", []string{"case m.iter == 1 && (lab.goose", "if lab.goose && e.gooseChase(m) {"}},
	{"late", []string{"case lab.lateMove && e.lateMove(m, node.made):", "return m.remaining <= 2 && !m.root && m.gain == 0"}},
	{"general", []string{"case lab.general || lab.weak:", "gap := m.alphaNow - eval - 2*posMargin", "case top[0]+top[1] <= gap:", "return ruleGeneral"}},
	{"weak", []string{"case lab.general || lab.weak:", "gap := m.alphaNow - eval - 2*posMargin", "case !lab.weak || m.remaining > 3:", "case top[0] == 99*pieceValue[7] && top[1]+top[2] <= gap+posMargin2", "case top[0] == 99*pieceValue[7]: // the limit"}},
	{"overkill", []string{"case lab.overkill && e.overkill(m):", "return m.remaining <= 2 && m.beta < infinity-offBoard && m.score-posMargin >= m.beta"}},
	{"goose-legal", []string{"case m.iter == 1 && (lab.goose", "protector := e.legalProtector(m)", "case lab.gooseLegal:"}},
	{"goose-refined", []string{"case m.iter == 1 && (lab.goose", "if e.legalProtector(m) >= 0 && !attacked(m.to", "case capturer == 4 || !attacked(m.to, m.side, m.after(&e.board)) || protector <"}},
	{"goose-budget", []string{"if charge > f.budget {", "return ruleGooseBudget, min(m.score, m.alphaNow)"}},
	{"goose-equal", []string{"if equal && lab.gooseEqual && e.gooseChase(m) {", "return ruleGooseEqual"}},
	{"null-move", []string{"score := -search(24-m.side, -m.beta, 1-m.beta", "if score >= m.beta {", "return ruleNullMove"}},
	{"stand-pat", []string{"if m.iter-1 <= 2+r && f.eval-e.gainOn(m, 24-m.side, 4, false)-posMargin >= m.beta {", "return ruleStandPat"}},
}

// labMargins are the laboratory's constants the page shows with a rule's
// numbers (lab.go).
var labMargins = []struct {
	name  string
	value int
}{{"extended", extendedMargin}, {"aggressive", aggressiveMargin}, {"posMargin", posMargin}, {"posMargin2", posMargin2}, {"lateMoveBase", lateMoveBase}}

// sourcePart is a part of a step (or of a scan, or a laboratory rule)
// and the texts of the lines that act then, in the order of the file.
type sourcePart struct {
	part  string
	texts []string
}

// stepSourceLines finds the lines of each part of stepSource in source.
func stepSourceLines(source string) map[string][]int { return sourceLines(source, stepSource) }

// sourceLines finds the lines of each part of table in source, numbered
// from 1: the line of each text, and the lines after it up to the end of
// a statement whose parentheses it leaves open. A text that is not in
// source lights nothing.
func sourceLines(source string, table []sourcePart) map[string][]int {
	lines := strings.Split(source, "\n")
	parts := map[string][]int{}
	for _, p := range table {
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
