package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestClassicGolden replays every console-mode input in testdata/classic
// (micro-Max 4.1) and testdata/classic40 (4.0, futility off) and compares the
// output byte for byte with what the C reference printed for it
// (scripts/golden.sh). A file NAME.NODES.in runs with root budget NODES.
func TestClassicGolden(t *testing.T) {
	for _, dir := range []string{"classic", "classic40"} {
		inputs, _ := filepath.Glob(filepath.Join("testdata", dir, "*.in"))
		if dir == "classic" && len(inputs) == 0 {
			t.Fatal("no golden inputs found")
		}
		for _, in := range inputs {
			name := strings.TrimSuffix(in, ".in")
			budget, err := strconv.Atoi(filepath.Ext(name)[1:])
			if err != nil {
				t.Fatalf("%s: name must end in .NODES.in: %v", in, err)
			}
			futility := dir == "classic"
			t.Run(strings.TrimPrefix(name, "testdata/"), func(t *testing.T) {
				t.Parallel()
				input, err := os.ReadFile(in)
				if err != nil {
					t.Fatal(err)
				}
				want, err := os.ReadFile(name + ".out")
				if err != nil {
					t.Fatal(err)
				}
				e := newEngine()
				e.nodeBudget = budget
				e.setFutility(futility)
				var got bytes.Buffer
				runClassic(e, bytes.NewReader(input), &got)
				compareOutput(t, want, got.Bytes())
			})
		}
	}
}

// compareOutput fails the test at the first line where got differs from
// want, showing that line and a line-by-line diff.
func compareOutput(t *testing.T, want, got []byte) {
	t.Helper()
	if bytes.Equal(want, got) {
		return
	}
	wl := strings.SplitAfter(string(want), "\n")
	gl := strings.SplitAfter(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			t.Fatalf("first difference at line %d:\nwant %q\ngot  %q\ndiff (-want +got):\n%s",
				i+1, w, g, cmp.Diff(wl, gl))
		}
	}
}
