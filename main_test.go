package main

// The console (main.go): micro-Max's own dialogue, byte for byte the C
// program's.

import (
	"bytes"
	"path/filepath"
	"slices"
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
	t.Parallel() // the goldens run beside the other searches
	for _, g := range goldenCases(t) {
		t.Run(g.name, func(t *testing.T) {
			if reduced() && slices.Contains(fullOnlyGoldens, g.name) {
				t.Skipf("not run: the longest 4.0 golden; %s=1 go test ./... runs it", fullSwitch)
			}
			t.Parallel()
			g.check(t, false)
		})
	}
}

// goldenCase is one golden input with the C program's output for it.
type goldenCase struct {
	name        string // folder/NAME.NODES
	input, want []byte
	budget      int  // root node budget
	futility    bool // micro-Max 4.1 (testdata/classic), not 4.0 (classic40)
}

// goldenCases reads the golden files, failing the test if a folder has none.
func goldenCases(t *testing.T) []goldenCase {
	t.Helper()
	var cases []goldenCase
	for _, dir := range []string{"classic", "classic40"} {
		inputs, err := filepath.Glob(filepath.Join("testdata", dir, "*.in"))
		if err != nil || len(inputs) == 0 {
			t.Fatalf("no golden inputs in testdata/%s (%v)", dir, err)
		}
		for _, in := range inputs {
			name := strings.TrimSuffix(in, ".in")
			budget, err := strconv.Atoi(filepath.Ext(name)[1:])
			if err != nil {
				t.Fatalf("%s: name must end in .NODES.in: %v", in, err)
			}
			g := goldenCase{name: strings.TrimPrefix(name, "testdata/"), budget: budget, futility: dir == "classic",
				input: readFile(t, in), want: readFile(t, name+".out")}
			cases = append(cases, g)
		}
	}
	return cases
}

// check runs the golden input through the console mode, with the literal
// search or the fast one, and compares the output with the C program's.
func (g goldenCase) check(t *testing.T, literal bool) {
	e := newEngine(defaultHashEntries)
	e.futility, e.literal = g.futility, literal
	var got bytes.Buffer
	(&console{e: e, budget: g.budget}).run(bytes.NewReader(g.input), &got)
	compareOutput(t, g.want, got.Bytes())
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

// fullOnlyGoldens run only with the switch on: 4.0 at micro-Max's own budget
// (1.5 s). The short form keeps 4.1 at that budget and 4.0's games at 50000.
var fullOnlyGoldens = []string{"classic40/default.1000000"}
