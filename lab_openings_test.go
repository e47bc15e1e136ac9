//go:build generate

package main

// The openings of the laboratory's long matches (scripts/lab-match.sh -o):
// testdata/openings.epd's 66 positions, each followed by every move of the
// side to move that leaves the game balanced: micro-Max 4.1, searching the
// position after the move at 20,000 nodes, scores it within 60 centipawns
// of level. Both engines of a match are deterministic, so that a match of
// N openings can play only 2N different games; these give more than 750.
// Not part of go test ./...: scripts/lab-openings.sh runs
//
//	go test -tags generate -run '^TestWriteLabOpenings$' .

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func TestWriteLabOpenings(t *testing.T) {
	in := readFile(t, "testdata/openings.epd")
	seen := map[string]bool{}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(in)), "\n") {
		s, err := parseFEN(strings.TrimSpace(line) + " 0 1")
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		for _, m := range s.pos.legalMoves() {
			if m.promo != 0 && m.promo != 7 {
				continue
			}
			after := s.pos
			after.makeMove(m)
			fen := strings.Join(strings.Fields(fenOf(&after))[:4], " ")
			if seen[fen] {
				continue
			}
			seen[fen] = true
			e := newEngine(1 << 18)
			e.Position = after
			e.pendingFrom = infinity
			score := 0
			e.rootSearch(&searchControl{budget: 20000, report: func(depth, nodes, s, from, to int) { score = s }})
			if score >= -60 && score <= 60 {
				out = append(out, fen)
			}
		}
	}
	f, err := os.Create("testdata/lab-openings.epd")
	must(t, err)
	w := bufio.NewWriter(f)
	for _, fen := range out {
		w.WriteString(fen + "\n")
	}
	must(t, w.Flush())
	f.Close()
	t.Logf("%d openings", len(out))
}
