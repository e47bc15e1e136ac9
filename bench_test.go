package main

import (
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
	e := newEngine()
	for i := 0; i < b.N; i++ {
		e.Position = newGame()
		clear(e.table)
		e.nodeBudget = 50000
		runClassic(e, bytesReader(input[:20]), io.Discard)
	}
}

func bytesReader(b []byte) io.Reader { return &sliceReader{b} }

type sliceReader struct{ b []byte }

func (r *sliceReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.b)
	r.b = r.b[n:]
	return n, nil
}

// TestBenchSignature runs what -bench and "umax bench" run (five searches
// at micro-Max's budget of 1e6 nodes, each from an empty table) and checks
// the node total that README gives as the signature of the search, on the
// total line and on the last two lines, "N nodes" and "N nps", which
// OpenBench reads.
func TestBenchSignature(t *testing.T) {
	const signature = 10120228
	e := newEngine() // as main sets it up for -bench
	e.nodeBudget = 1000000
	e.setFutility(true)
	var out strings.Builder
	runBench(e, &out)
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
