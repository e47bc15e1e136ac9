package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// BenchmarkSelfPlay times 20 plies of self-play at a 50000-node budget, the
// console mode's work without the output.
func BenchmarkSelfPlay(b *testing.B) {
	input, err := os.ReadFile("testdata/classic/selfplay40.50000.in")
	if err != nil {
		b.Fatal(err)
	}
	c := &console{e: newEngine(defaultHashEntries), budget: 50000}
	for i := 0; i < b.N; i++ {
		c.e.restart()
		c.run(bytes.NewReader(input[:20]), io.Discard)
	}
}

// TestBenchSignature runs what -bench and "umax bench" run (five searches
// at micro-Max's budget of 1e6 nodes, each from an empty table) and checks
// the node total that README gives as the signature of the search, on the
// total line and on the last two lines, "N nodes" and "N nps", which
// OpenBench reads.
func TestBenchSignature(t *testing.T) {
	t.Parallel() // a search of its own: it runs beside the goldens
	const signature = 10120228
	var out strings.Builder
	runBench(newEngine(defaultHashEntries), microMaxBudget, &out) // as main runs -bench
	t.Logf("-bench:\n%s", out.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(benchPositions)+3 {
		t.Fatalf("%d lines, want one per position (%d), the total, nodes and nps", len(lines), len(benchPositions))
	}
	var total, nodes, nps int
	if _, err := fmt.Sscanf(strings.TrimPrefix(lines[len(lines)-3], "total"), "%d nodes", &total); err != nil {
		t.Fatalf("no node total in %q: %v", lines[len(lines)-3], err)
	}
	if _, err := fmt.Sscanf(lines[len(lines)-2]+" "+lines[len(lines)-1], "%d nodes %d nps", &nodes, &nps); err != nil || nps <= 0 {
		t.Fatalf("the last lines are not N nodes and N nps: %q: %v", lines[len(lines)-2:], err)
	}
	if total != signature || nodes != signature {
		t.Errorf("bench node total %d and %d, want %d: the search has changed", total, nodes, signature)
	}
}
