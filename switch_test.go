package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The tests' one switch. Plain "go test ./..." needs nothing but Go: it runs
// the goldens of the C program (a subset of the long ones), both protocols'
// scripted dialogues, the model tests for a fixed number of sequences, the
// fuzz seeds, perft and the bench signature, in well under a minute. The
// tests that need programs from outside Go (XBoard, Xvfb, polyglot,
// Fairy-Max, Graphviz, a C compiler for the parity run) and the long forms
// of the others run only with
//
//	UMAX_FULL=1 go test ./...
//
// With the switch on, a missing program fails its test, naming the Debian
// package to install; no test installs anything itself. With it off, each
// such test skips with one line saying so (go test -v shows them).
const fullSwitch = "UMAX_FULL"

// fullRun is the switch's state: UMAX_FULL=1 in the environment.
var fullRun = os.Getenv(fullSwitch) == "1"

// reduced reports whether a long test runs its short form: unless the switch
// is on, and always under -short (the race and the emulated runs of CI).
func reduced() bool {
	return !fullRun || testing.Short()
}

// needFull skips the test, saying why and how to run it, unless the switch
// is on (and not -short). what says what the test needs or how long it runs.
func needFull(t *testing.T, what string) {
	t.Helper()
	if !fullRun {
		t.Skipf("not run: %s; %s=1 go test ./... runs it", what, fullSwitch)
	}
	if testing.Short() {
		t.Skipf("not run with -short: %s", what)
	}
}

// needProgram returns the path of an outside program the test runs, looking
// in PATH and then in Debian's /usr/games; if it is missing, the test fails
// with the Debian package that installs it.
func needProgram(t *testing.T, program, debianPackage string) string {
	t.Helper()
	if path, err := exec.LookPath(program); err == nil {
		return path
	}
	if path := filepath.Join("/usr/games", program); isExecutable(path) {
		return path
	}
	t.Fatalf("%s is needed and not found: install the Debian package %s (apt-get install %s)", program, debianPackage, debianPackage)
	return ""
}

// isExecutable reports whether path is a file someone may execute.
func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}

// update is Go's usual -update: the tests that derive a file from others
// rewrite it: testdata/openings.epd (TestOpeningsEPD), testdata/tactics.epd
// (TestTacticsSuite, from -tactics.source).
var update = flag.Bool("update", false, "rewrite the files tests derive: testdata/openings.epd, testdata/tactics.epd (with -tactics.source)")
