package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// The tactics suite of the futility laboratory (scripts/tactics-table.sh)
// is testdata/tactics.epd: positions of "Win at Chess" (Fred Reinfeld,
// 1958) in the EPD form engine authors pass around, each with its best
// moves (bm, in SAN) and, in the comment c0, the same moves in the
// coordinates that UCI's bestmove prints. TestTacticsSuite checks the two
// against each other and runs the engine on the suite; with -update
// -tactics.source FILE it writes the file from an EPD file, skipping
// positions that need a move micro-Max cannot make (an under-promotion).
var tacticsSource = flag.String("tactics.source", "", "with -update: the EPD file TestTacticsSuite writes testdata/tactics.epd from")

const tacticsFile = "testdata/tactics.epd"

// tacticsSolved are the positions of the suite micro-Max solves at a root
// node budget, as scripts/tactics-table.sh counts them (doc/laboratory.md: Measured):
// each searched from a fresh engine (UCI's ucinewgame, a 16 MiB table),
// solved when the move played is one of the best moves.
var tacticsSolved = []struct {
	nodes    int
	futility bool
	solved   int
}{
	{30000, true, 71}, {30000, false, 62},
	{100000, true, 81}, {100000, false, 76},
}

func TestTacticsSuite(t *testing.T) {
	t.Parallel() // a computation of its own: it runs beside the goldens
	if *update && *tacticsSource != "" {
		writeTactics(t, *tacticsSource)
	}
	lines := readEPD(t, tacticsFile)
	if len(lines) < 50 {
		t.Fatalf("%d positions in %s", len(lines), tacticsFile)
	}
	for _, l := range lines {
		moves, err := sanMoves(&l.pos, l.bm)
		if err != nil {
			t.Errorf("%s: %v", l.id, err)
			continue
		}
		if got := movesText(moves); got != l.c0 {
			t.Errorf("%s: bm %v is %q, c0 says %q", l.id, l.bm, got, l.c0)
		}
	}
	e := newEngine(tableEntries(16))
	for _, c := range tacticsSolved {
		if reduced() && (c.nodes > 30000 || !c.futility) {
			t.Logf("not run: futility %v, %d nodes; %s=1 go test ./... runs it", c.futility, c.nodes, fullSwitch)
			continue
		}
		solved := 0
		for _, l := range lines {
			e.restart()
			e.Position, e.futility = l.pos, c.futility
			e.pendingFrom = infinity
			if !e.rootSearch(&searchControl{budget: c.nodes}) {
				t.Fatalf("%s: no move", l.id)
			}
			played := l.pos.microMaxMove(e.pendingFrom, e.pendingTo).String()
			if slices.Contains(strings.Fields(l.c0), played) {
				solved++
			}
		}
		if solved != c.solved {
			t.Errorf("futility %v, %d nodes: %d positions solved, want %d", c.futility, c.nodes, solved, c.solved)
		}
	}
}

// epdLine is one position of an EPD file.
type epdLine struct {
	text   string   // the line
	pos    Position // the position
	bm     []string // its best moves, in SAN
	id, c0 string   // its name, and its comment
}

// readEPD reads the positions of an EPD file.
func readEPD(t *testing.T, name string) []epdLine {
	t.Helper()
	f, err := os.Open(name)
	must(t, err)
	defer f.Close()
	var lines []epdLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		fields := strings.Fields(text)
		if len(fields) < 5 {
			t.Fatalf("%s: short line %q", name, text)
		}
		s, err := parseFEN(strings.Join(fields[:4], " "))
		if err != nil {
			t.Fatalf("%s: %q: %v", name, text, err)
		}
		l := epdLine{text: text, pos: s.pos}
		for _, op := range strings.Split(strings.Join(fields[4:], " "), ";") {
			words := strings.Fields(op)
			if len(words) < 2 {
				continue
			}
			switch words[0] {
			case "bm":
				l.bm = words[1:]
			case "id":
				l.id = strings.Trim(words[1], `"`)
			case "c0":
				l.c0 = strings.Trim(strings.Join(words[1:], " "), `"`)
			}
		}
		lines = append(lines, l)
	}
	must(t, sc.Err())
	return lines
}

// writeTactics writes tacticsFile from the EPD file from: every position
// whose best moves micro-Max can make, with c0 added.
func writeTactics(t *testing.T, from string) {
	var out strings.Builder
	skipped := 0
	for _, l := range readEPD(t, from) {
		moves, err := sanMoves(&l.pos, l.bm)
		if err != nil {
			skipped++
			t.Logf("%s skipped: %v", l.id, err)
			continue
		}
		fmt.Fprintf(&out, "%s c0 %q;\n", l.text, movesText(moves))
	}
	must(t, os.WriteFile(tacticsFile, []byte(out.String()), 0o644))
	t.Logf("%s written, %d positions skipped", tacticsFile, skipped)
}

// sanMoves finds the legal moves that SAN names, queen promotions only.
func sanMoves(p *Position, sans []string) ([]Move, error) {
	var moves []Move
	for _, san := range sans {
		m, err := sanMove(p, san)
		if err != nil {
			return nil, err
		}
		if m.promo != 0 && m.promo != 7 {
			return nil, fmt.Errorf("%s: micro-Max promotes only to a queen", san)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// sanMove finds the one legal move that a move in Standard Algebraic
// Notation names: the move san.go writes so, the marks of check, mate and
// comment aside.
func sanMove(p *Position, san string) (Move, error) {
	legal := p.legalMoves()
	var found []Move
	for _, m := range legal {
		if strings.TrimRight(p.san(m, legal), "+#") == strings.TrimRight(san, "+#!?") {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		return Move{}, fmt.Errorf("%s names %d legal moves", san, len(found))
	}
	return found[0], nil
}
