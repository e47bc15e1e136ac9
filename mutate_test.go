package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMutationList checks scripts/mutations.txt, the list scripts/mutate.sh
// applies, without running it: every line has its four fields, every name
// is its own, and every mutation's text occurs exactly once in its file, so
// that the script applies it. When the code moves, this fails and names the
// line to update, rather than the script finding the mutation missing.
func TestMutationList(t *testing.T) {
	data := readFile(t, filepath.Join("scripts", "mutations.txt"))
	names := map[string]bool{}
	mutations := 0
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		mutations++
		f := strings.Split(line, "\t")
		if len(f) != 4 || slices.Contains(f, "") {
			t.Errorf("line %d: want NAME, FILE, TEXT and REPLACEMENT, separated by tabs: %q", i+1, line)
			continue
		}
		name, file, text, replacement := f[0], f[1], f[2], f[3]
		if names[name] {
			t.Errorf("line %d: the name %q again", i+1, name)
		}
		names[name] = true
		if text == replacement {
			t.Errorf("line %d (%s): the replacement is the text", i+1, name)
		}
		code, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("line %d (%s): %v", i+1, name, err)
			continue
		}
		if n := strings.Count(string(code), text); n != 1 {
			t.Errorf("line %d (%s): %q occurs %d times in %s, want once: update scripts/mutations.txt", i+1, name, text, n, file)
		}
	}
	if mutations < 23 {
		t.Errorf("%d mutations, want at least the 23 kinds of issue 33", mutations)
	}
}
