package main

// The statistics of a search (-stats, UCI's debug): per depth, the moves
// made, searched and pruned, the calls and their table hits. A search hook
// (umax.go).

import "fmt"

// maxIter bounds the depth of an iteration (98 or 99 for a mate, +1).
const maxIter = 128

// searchStats counts, per depth, what one search did: the moves it made at
// each iteration depth and what became of them, and the table hits of the
// nodes asked for each depth. At depth 1 only recaptures are made.
type searchStats struct {
	quietHook
	made     [maxIter]int64 // moves generated and decided on (searched or pruned), by iteration depth
	searched [maxIter]int64 // moves made whose reply was searched
	pruned   [maxIter]int64 // moves found futile (or cut by a rule): reply not searched
	nodes    [maxIter]int64 // calls of search, by the depth asked for
	hashHits [maxIter]int64 // ... that resumed from a table entry, skipping iterations
	hashDone [maxIter]int64 // ... whose table entry answered them with no iteration
	probes   int64          // stalemate probes: calls made when every move lost the king

	// prunedBy counts, of the pruned moves, those that a rule of the
	// laboratory (lab.go) or searchmoves cut, by rule; the rest are
	// micro-Max's futile ones.
	prunedBy [numPruneRules][maxIter]int64

	// shadow is the shadow search's tally (shadow.go), if it is on.
	shadow *shadowTally
}

func (s *searchStats) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	s.nodes[depth&(maxIter-1)]++
	if lastTo == noSquare {
		s.probes++
	}
	if tableDepth > 0 {
		s.hashHits[depth&(maxIter-1)]++
		if tableDepth >= depth {
			s.hashDone[depth&(maxIter-1)]++
		}
	}
	return tableDepth
}

func (s *searchStats) move(m *searchMove) (pruneRule, int) {
	d := m.iter & (maxIter - 1)
	s.made[d]++
	if m.rule == notPruned {
		s.searched[d]++
	} else {
		s.pruned[d]++
		s.prunedBy[m.rule][d]++
	}
	return m.rule, m.score
}

// lines are the statistics as text, a line per ply numbered as in the
// kibitz lines (micro-Max's depth d is "d-1 ply"; ply 0 is the quiescence
// search): the moves made in iterations of that depth, searched and pruned
// as futile (counted apart, so that the sum checks the count), and the
// nodes asked for that depth with their hash hits. A rule of the laboratory
// (or searchmoves) that cut moves adds a column after "futile" ("+ extended
// N"); "futile" is then micro-Max's own test (with the lab's margin).
// A last line sums the nodes: the root, the searched moves' replies and the
// stalemate probes (when every move lost the king, the call that asks
// whether the other side can take it now: mate, else stalemate). Statistics
// not counted (nil) have no lines.
func (s *searchStats) lines() []string {
	if s == nil {
		return nil
	}
	var used [numPruneRules]bool
	for r := ruleExtended; r < numPruneRules; r++ {
		for d := range s.prunedBy[r] {
			used[r] = used[r] || s.prunedBy[r][d] != 0
		}
	}
	var lines []string
	for d := 1; d < maxIter; d++ {
		if s.searched[d]|s.pruned[d]|s.nodes[d] == 0 {
			continue
		}
		futile := s.pruned[d]
		for r := ruleExtended; r < numPruneRules; r++ {
			futile -= s.prunedBy[r][d]
		}
		line := fmt.Sprintf("%2d ply: moves made %9d = searched %9d + futile %9d", d-1, s.made[d], s.searched[d], futile)
		for r := ruleExtended; r < numPruneRules; r++ {
			if used[r] {
				line += fmt.Sprintf(" + %s %9d", r, s.prunedBy[r][d])
			}
		}
		lines = append(lines, line+fmt.Sprintf("; nodes %9d, hash hits %8d (%d complete)", s.nodes[d], s.hashHits[d], s.hashDone[d]))
	}
	if lines != nil { // every call of search is the root, a searched move's reply or a stalemate probe
		var nodes, searched int64
		for d := range s.nodes {
			nodes, searched = nodes+s.nodes[d], searched+s.searched[d]
		}
		lines = append(lines, fmt.Sprintf("all: nodes %d = 1 root + %d searched + %d stalemate probes", nodes, searched, s.probes))
	}
	return append(lines, s.shadow.lines()...)
}
