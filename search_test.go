package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestStatsAddUp checks the -stats counters against each other: every move
// made is searched or pruned; every call of search is the root, the reply to
// a searched move or a stalemate probe; without futility pruning nothing is
// pruned; and -stats only adds lines.
func TestStatsAddUp(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	input := []byte("e2e4\n\nd2d4\n\n\n")
	for _, futility := range []bool{true, false} {
		e := newEngine(defaultHashEntries)
		e.futility = futility
		c := &console{e: e, budget: 20000, stats: true}
		var got bytes.Buffer
		c.run(bytes.NewReader(input), &got)
		s := &c.last // the last search
		nodes, searched, pruned := statsAddUp(t, fmt.Sprintf("futility %v", futility), s)
		if futility != (pruned > 0) {
			t.Errorf("futility %v: %d moves pruned", futility, pruned)
		}
		// Without the "#" lines the output is the plain console output.
		e = newEngine(defaultHashEntries)
		e.futility = futility
		var plain bytes.Buffer
		(&console{e: e, budget: 20000}).run(bytes.NewReader(input), &plain)
		var stripped []byte
		for _, line := range bytes.SplitAfter(got.Bytes(), []byte("\n")) {
			if !bytes.HasPrefix(line, []byte("#")) {
				stripped = append(stripped, line...)
			}
		}
		compareOutput(t, plain.Bytes(), stripped)
		if !bytes.Contains(got.Bytes(), []byte("#  1 ply: moves made")) {
			t.Errorf("no statistics in the output:\n%s", got.Bytes())
		}
		// The last search's sum, after its lines.
		sum := fmt.Sprintf("# all: nodes %d = 1 root + %d searched + %d stalemate probes\n", nodes, searched, s.probes)
		if !bytes.Contains(got.Bytes(), []byte(sum)) {
			t.Errorf("the output has no line %q:\n%s", sum, got.Bytes())
		}
	}
}

// statsAddUp checks a search's -stats counters against each other, at
// every depth: every move made is searched or pruned, complete table hits
// are hits and hits are nodes; and every call of search is the root, the
// reply to a searched move or a stalemate probe. It returns the totals.
func statsAddUp(t *testing.T, name string, s *searchStats) (nodes, searched, pruned int64) {
	t.Helper()
	for d := range s.nodes {
		nodes += s.nodes[d]
		searched += s.searched[d]
		pruned += s.pruned[d]
		if s.made[d] != s.searched[d]+s.pruned[d] {
			t.Errorf("%s, depth %d: %d moves made, %d searched + %d pruned", name, d, s.made[d], s.searched[d], s.pruned[d])
		}
		if s.hashDone[d] > s.hashHits[d] || s.hashHits[d] > s.nodes[d] {
			t.Errorf("%s, depth %d: %d complete hits, %d hits, %d nodes", name, d, s.hashDone[d], s.hashHits[d], s.nodes[d])
		}
	}
	if nodes != 1+searched+s.probes {
		t.Errorf("%s: %d calls of search, but 1 root + %d searched moves + %d probes", name, nodes, searched, s.probes)
	}
	return nodes, searched, pruned
}

// mateCases are positions along two mating lines of king and rook against
// king, with micro-Max's score for the side to move and the mate in moves:
// a mate in N moves scores infinity-N, being mated in N -(infinity-N), since
// the delayed-loss bonus (C: m+=m<e) gives a point back on the losing side
// only, and so counts the winner's moves.
var mateCases = []struct {
	name, fen string
	score     int // micro-Max's score, the console's kibitz line
	moves     int // the mate in moves, negative when the side to move is mated
}{
	{"mate in 1", "k7/8/1K6/8/8/8/8/7R w - - 0 1", 7999, 1},
	{"mate in 2", "k7/8/2K5/8/8/8/8/7R w - - 0 1", 7998, 2},
	{"mate in 3", "3k4/8/8/3K4/8/8/8/7R w - - 0 1", 7997, 3},
	{"mated in 1", "k7/8/1K6/8/8/8/8/7R b - - 0 1", -7999, -1},
	{"mated in 2", "3k4/8/3K4/8/8/8/8/7R b - - 0 1", -7998, -2},
}

// TestMateScoreText: micro-Max's mate scores written as each protocol
// wants them, CECP's 100000+N and UCI's mate N, without a search; it runs
// at once, before the dialogues that check the same through a session.
func TestMateScoreText(t *testing.T) {
	for _, c := range mateCases {
		want := 100000 + c.moves
		if c.moves < 0 {
			want = -100000 + c.moves
		}
		if got := cecpScore(c.score); got != want {
			t.Errorf("%s: CECP score %d, want %d", c.name, got, want)
		}
		if got, want := uciScore(c.score), fmt.Sprintf("mate %d", c.moves); got != want {
			t.Errorf("%s: UCI score %q, want %q", c.name, got, want)
		}
	}
}

// TestMateDistance pins micro-Max's mate scores, the console mode's kibitz
// line, of searches of the mateCases; TestMateScoreText holds the
// protocols' texts to the same scores (and the dialogues' goldens,
// TestNodeCountsMatchC and TestUCINodeCountsMatchC, every score they print).
func TestMateDistance(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	for _, c := range mateCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newEngine(1 << 16)
			e.Position = mustFEN(t, c.fen).pos
			var out bytes.Buffer
			(&console{e: e, budget: microMaxBudget}).run(strings.NewReader("\n"), &out)
			score, found := 0, false
			for _, l := range strings.Split(out.String(), "\n") {
				if i := strings.Index(l, "score="); i >= 0 {
					_, err := fmt.Sscanf(l[i:], "score=%d", &score)
					found = err == nil
				}
			}
			if !found || score != c.score {
				t.Errorf("console: score %d (found %v), want %d:\n%s", score, found, c.score, out.String())
			}
		})
	}
}
