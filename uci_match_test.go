package main

import (
	"os"
	"strings"
	"testing"
)

// The UCI side in a real GUI: XBoard runs our engine as a UCI engine
// through Debian's polyglot (xboard -fUCI, the way XBoard users run UCI
// engines), and polyglot's UCI dialogue chooses our UCI mode with its first
// command. The same checks as TestXBoardMatch: no game lost other than by
// mate, none unfinished, no Error or illegal move from the engine. One
// match ponders (XBoard's -ponderNextMove true: polyglot sends go ponder
// and ponderhit), and one more ponders in our CECP mode (hard).
//
// Environment: UMAX_MATCH_GAMES and UMAX_MATCH_DIR as for TestXBoardMatch.

// uciMatches are the time controls of the matches through polyglot, and the
// CECP ponder match.
var uciMatches = []struct {
	name string
	uci  bool // through polyglot
	args []string
}{
	{"uci-sudden-death", true, []string{"-tc", "0:05", "-inc", "0"}},
	{"uci-increment-ponder", true, []string{"-tc", "0:03", "-inc", "0.1", "-ponderNextMove", "true"}},
	{"uci-moves-per-session", true, []string{"-tc", "0:03", "-mps", "20"}},
	{"cecp-increment-ponder", false, []string{"-tc", "0:03", "-inc", "0.1", "-ponderNextMove", "true"}},
}

func TestPolyglotMatch(t *testing.T) {
	needFull(t, "matches in XBoard through polyglot against Fairy-Max (xboard, xvfb, polyglot, fairymax; about two minutes)")
	dir, games := matchSetup(t)
	engine := buildEngine(t, dir)
	for _, m := range uciMatches {
		t.Run(m.name, func(t *testing.T) {
			first := []string{"-fcp", engine, "-fd", dir}
			if m.uci {
				first = append(first, "-fUCI")
			}
			pgn, debug := playXBoardMatch(t, dir, m.name, first, m.args, "", games)
			checkMatch(t, pgn, debug, games)
		})
	}
}

// TestOpeningsEPD: every line of testdata/openings.pgn, the openings of
// the XBoard matches, is legal from the initial position, and there are at
// least 60; testdata/openings.epd, the openings of the fastchess matches
// (scripts/uci-match.sh; fastchess reads PGN only in SAN), holds the
// position after each, in order. With -update the test writes it.
func TestOpeningsEPD(t *testing.T) {
	openings, err := readOpenings("testdata/openings.pgn")
	must(t, err)
	if len(openings) < 60 {
		t.Errorf("%d opening lines, want at least 60", len(openings))
	}
	var epd strings.Builder
	for _, o := range openings {
		pos := newGame()
		for _, word := range o.moves {
			pos.makeMove(mustMove(t, &pos, word))
		}
		fields := strings.Fields(fenOf(&pos))
		epd.WriteString(strings.Join(fields[:4], " ") + "\n")
	}
	if *update {
		must(t, os.WriteFile("testdata/openings.epd", []byte(epd.String()), 0o644))
	}
	if got := readFile(t, "testdata/openings.epd"); string(got) != epd.String() {
		t.Errorf("testdata/openings.epd is not the positions of testdata/openings.pgn; go test -run TestOpeningsEPD -update writes it")
	}
}

// opening is a line of testdata/openings.pgn.
type opening struct {
	name  string
	moves []string
}

// readOpenings reads the event names and move lines of a PGN file written
// in coordinate notation.
func readOpenings(name string) ([]opening, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var list []opening
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "[Event "):
			list = append(list, opening{name: strings.Trim(line[len("[Event "):], `"]`)})
		case line == "" || line[0] == '%' || line[0] == '[' || len(list) == 0:
		default:
			for _, word := range strings.Fields(line) {
				if word != "*" && !strings.HasSuffix(word, ".") {
					list[len(list)-1].moves = append(list[len(list)-1].moves, word)
				}
			}
		}
	}
	return list, nil
}
