package main

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Windows ends lines with "\r\n": WinBoard and the UCI GUIs there may send
// them so, and a console always does. These tests run each protocol's
// dialogue with both line ends and want the same answers; CI also runs
// them in the Windows build under Wine (scripts/wine-test.sh).

// The fields that count time: UCI's nps and time, CECP's thinking line's
// third number (centiseconds). They are masked before comparing.
var (
	uciTimeFields  = regexp.MustCompile(`\b(nps|time) \d+`)
	cecpTimeFields = regexp.MustCompile(`^(\s*\d+\s+-?\d+\s+)\d+(\s)`)
)

// cecpSteps is a CECP dialogue: each step's commands are followed by a
// ping, and the step's answer is everything before the pong (a ping waits
// for the engine's move).
var cecpSteps = [][]string{
	{"xboard", "protover 2"},
	{"new", "post", "level 0 999 0", "sd 4", "usermove e2e4"},
	{"usermove e7e5"},             // not the side to move: an illegal move
	{"option Futility pruning=0"}, // a value at the end of the line
	{"usermove g1f3"},             // 4.0's search
	{"force", "undo", "remove"},
	{"setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "go"}, // a FEN's last field at the end of the line; mate in 1
	{"new", "memory 16", "sd 3", "force", "usermove d2d4", "usermove d7d5", "go"},
	{"result 1/2-1/2 {agreed}", "bogus command"},
}

// uciSteps is a UCI dialogue: a step that ends with go waits for its
// bestmove, any other for the readyok of an isready.
var uciSteps = [][]string{
	{"uci"},
	{"setoption name Hash value 16", "ucinewgame", "position startpos moves e2e4", "go nodes 20000"},
	{"setoption name Futility Pruning value false", "position startpos moves e2e4 e7e5", "go depth 4"},
	{"setoption name Futility Pruning value true", "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "go nodes 5000"},
	{"position startpos moves e2e5", "bogus command", "debug on"},
	{"position startpos moves e2e4", "go depth 3 searchmoves g8f6"},
}

// crlfTranscript runs steps in a new dialogue with every line ended by
// eol, and returns the answers, their time fields masked: in CECP each
// step's answer is what comes before the pong of a ping that follows it,
// in UCI the lines up to a go's bestmove, or before the readyok of an
// isready that follows a step with no go.
func crlfTranscript[S protocolSession](d *dialogue[S], eol string, steps [][]string) []string {
	d.eol = eol
	var got []string
	for _, step := range steps {
		var lines []string
		if d.uci && strings.HasPrefix(step[len(step)-1], "go") {
			lines = d.search(step...)
		} else {
			lines = d.sync(step...)
		}
		for _, l := range lines {
			got = append(got, cecpTimeFields.ReplaceAllString(uciTimeFields.ReplaceAllString(l, "$1 _"), "${1}_$2"))
		}
	}
	return got
}

// checkCRLF holds a protocol's answers with CRLF to those with LF, and
// wants lines that start with each of want among them.
func checkCRLF(t *testing.T, protocol string, lf, crlf []string, want ...string) {
	if !slices.Equal(lf, crlf) {
		t.Fatalf("%s with CRLF answered\n%s\nwith LF\n%s", protocol, strings.Join(crlf, "\n"), strings.Join(lf, "\n"))
	}
	for _, w := range want {
		if !slices.ContainsFunc(lf, func(l string) bool { return strings.HasPrefix(l, w) }) {
			t.Errorf("no line %q... in\n%s", w, strings.Join(lf, "\n"))
		}
	}
}

func TestCECPCRLF(t *testing.T) {
	t.Parallel()
	transcript := func(eol string) []string {
		return crlfTranscript(newDialogue(t, smallEngine(), config{lab: true}), eol, cecpSteps)
	}
	checkCRLF(t, "CECP", transcript("\n"), transcript("\r\n"), "feature ", "move d7d5", "Illegal move: e7e5", "move a1a8", "Error (unknown command): bogus")
}

func TestUCICRLF(t *testing.T) {
	t.Parallel()
	transcript := func(eol string) []string {
		return crlfTranscript(newUCIDialogue(t, smallEngine(), config{lab: true}), eol, uciSteps)
	}
	checkCRLF(t, "UCI", transcript("\n"), transcript("\r\n"), "uciok", "bestmove e7e5", "bestmove a1a8", "info string", "bestmove g8f6")
}

// TestClassicCRLF: micro-Max's console dialogue reads "\r\n" as the C
// program does where it was built: as "\n" on Windows, whose C library
// reads stdin in text mode (console.textMode), so that an empty line typed
// in a Windows console makes the engine think; elsewhere as two bytes, so
// that "\r" alone is a line of one character, not an empty line.
func TestClassicCRLF(t *testing.T) {
	t.Parallel()
	run := func(textMode bool, input string) string {
		var out bytes.Buffer
		(&console{e: newEngine(1 << 16), budget: 20000, textMode: textMode}).run(strings.NewReader(input), &out)
		return out.String()
	}
	lf := run(false, "e2e4\n\n")
	if !strings.Contains(lf, " searched, ") {
		t.Fatalf("the empty line did not think:\n%s", lf)
	}
	if got := run(true, "e2e4\r\n\r\n"); got != lf {
		t.Errorf("in text mode, CRLF input printed\n%s\nLF input\n%s", got, lf)
	}
	if got := run(true, "e2e4\n\n"); got != lf {
		t.Errorf("in text mode, LF input printed\n%s\nwant\n%s", got, lf)
	}
	if got := run(false, "e2e4\r\n\r\n"); got == lf {
		t.Errorf("outside text mode \"\\r\\n\" was read as an empty line, as the C program on Unix does not:\n%s", got)
	}
}
