package main

import (
	"io"
	"os"
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
