package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The end-to-end test: real games in the real GUI. XBoard runs with no
// display (-noGUI under xvfb-run) and plays matches between this engine and
// Fairy-Max, H.G. Muller's own XBoard engine, at fast time controls, with
// XBoard checking every move and every claim: -testClaims forfeits a false
// result claim, -autoCallFlag a player whose flag falls, and mates, draws by
// rule and insufficient material are left to the engines to claim
// (-checkMates false and no adjudication). The test fails on any game our
// engine lost other than by being mated, on any unfinished game, and on any
// Error or Illegal move our engine sent (read from XBoard's debug log).
//
// Environment: UMAX_MATCH_GAMES sets the games per match (2: one with each
// colour), UMAX_MATCH_DIR keeps the PGN and debug files in that folder.

// matchPrograms are the outside programs the matches run, with the Debian
// package of each, and where needProgram found them.
var matchPrograms = []struct{ program, debianPackage string }{
	{"xboard", "xboard"}, {"xvfb-run", "xvfb"}, {"xauth", "xauth"}, {"fairymax", "fairymax"}, {"polyglot", "polyglot"},
}

// matches are the time controls and starting positions played.
var matches = []struct {
	name string
	args []string
	fen  string // a starting position, if not the initial one
}{
	{"sudden-death", []string{"-tc", "0:05", "-inc", "0"}, ""},
	{"increment", []string{"-tc", "0:02", "-inc", "0.1"}, ""},
	{"moves-per-session", []string{"-tc", "0:03", "-mps", "20"}, ""},
	{"setup-opening", []string{"-tc", "0:04", "-inc", "0.05"},
		"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5"},
	{"setup-endgame", []string{"-tc", "0:03", "-inc", "0.05"},
		"8/1p3kp1/8/P7/8/6P1/5K1p/8 w - - 0 1"},
}

// engineName is the name the engine gives XBoard (feature myname).
const engineName = "micro-Max 4.1 (Go)"

func TestXBoardMatch(t *testing.T) {
	needFull(t, "matches in XBoard against Fairy-Max (xboard, xvfb, fairymax; about two minutes)")
	dir, games := matchSetup(t)
	engine := buildEngine(t, dir)
	for _, m := range matches {
		t.Run(m.name, func(t *testing.T) {
			pgn, debug := playXBoardMatch(t, dir, m.name, []string{"-fcp", engine, "-fd", dir}, m.args, m.fen, games)
			checkMatch(t, pgn, debug, games)
		})
	}
}

// matchSetup checks that the programs the matches need are there (failing
// the test with the package to install if not) and returns the folder for
// their files (UMAX_MATCH_DIR, or a temporary one) and the games per match
// (UMAX_MATCH_GAMES, or 2).
func matchSetup(t *testing.T) (dir string, games int) {
	t.Helper()
	for _, p := range matchPrograms {
		needProgram(t, p.program, p.debianPackage)
	}
	dir = os.Getenv("UMAX_MATCH_DIR")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	dir, _ = filepath.Abs(dir)
	games = 2
	if g := os.Getenv("UMAX_MATCH_GAMES"); g != "" {
		games, _ = strconv.Atoi(g)
	}
	return dir, games
}

// matchSettings are the XBoard settings of every match: XBoard checks every
// claim and calls every flag, leaves mates, draws by rule and insufficient
// material to the engines to claim, and shows no dialog.
var matchSettings = []string{
	"-autoCallFlag", "true", "-testClaims", "true", "-checkMates", "false",
	"-materialDraws", "false", "-trivialDraws", "false", "-ruleMoves", "0", "-repeatsToDraw", "0",
	"-saveSettingsOnExit", "false", "-soundMove", "", "-popupExitMessage", "false"}

// buildEngine builds the engine into dir and returns its path.
func buildEngine(t *testing.T, dir string) string {
	t.Helper()
	engine := filepath.Join(dir, "umax")
	build := exec.Command("go", "build", "-o", engine, ".") // go test puts its own go first in PATH
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return engine
}

// fairyMaxCommand is the command line that runs Fairy-Max for XBoard.
// Debian's Fairy-Max 5.0b reads its board with the letters of a command it
// does not know, such as the computer command XBoard sends every engine in
// an engine-engine game, as a move's squares, and that read falls outside
// its memory in about half its runs, where the kernel places the heap at
// random (it dies with SIGSEGV, and XBoard ends the game "Error writing to
// second chess program"). Under setarch -R (util-linux, on every Debian
// machine) the layout is fixed and the read lands in its own memory: 0
// crashes in 36 runs, against 16 in 36 without it.
func fairyMaxCommand(t *testing.T) string {
	t.Helper()
	return needProgram(t, "setarch", "util-linux") + " -R " + needProgram(t, "fairymax", "fairymax")
}

// playXBoardMatch plays games games in XBoard without a display between
// the first engine (XBoard's arguments for it in first, such as -fcp and
// -fd) and Fairy-Max, at the time control of the arguments tc, from fen
// if it is not empty, and returns the PGN and debug files in dir. Pondering
// is off unless tc turns it on (-ponderNextMove true).
func playXBoardMatch(t *testing.T, dir, name string, first, tc []string, fen string, games int) (pgn, debug string) {
	t.Helper()
	pgn = filepath.Join(dir, name+".pgn")
	debug = filepath.Join(dir, name+".debug")
	os.Remove(pgn)
	args := append([]string{"-a", needProgram(t, "xboard", "xboard"), "-noGUI"}, first...)
	args = append(args, "-scp", fairyMaxCommand(t), "-sd", dir,
		"-mg", strconv.Itoa(games), "-sgf", pgn, "-debug", "-nameOfDebugFile", debug, "-ponderNextMove", "false")
	args = append(append(args, matchSettings...), tc...)
	if fen != "" {
		fenFile := filepath.Join(dir, name+".fen")
		must(t, os.WriteFile(fenFile, []byte(fen+"\n"), 0o644))
		args = append(args, "-lpf", fenFile, "-lpi", "1")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(games)*90*time.Second)
	defer cancel()
	start := time.Now()
	cmd := exec.CommandContext(ctx, needProgram(t, "xvfb-run", "xvfb"), args...)
	cmd.Env = append(os.Environ(), "PATH="+os.Getenv("PATH")+":/usr/games") // polyglot, for -fUCI
	killGroupOnCancel(cmd)                                                  // xvfb-run, Xvfb, XBoard and the engines
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("xboard: %v\n%s", err, lastLines(string(out), 20))
	}
	t.Logf("%d games in %v", games, time.Since(start).Round(time.Second))
	return pgn, debug
}

// pgnGame is what the checks need of a game in XBoard's PGN file.
type pgnGame struct {
	white, black, result, reason string
	plies                        int
}

var (
	pgnTag     = regexp.MustCompile(`(?m)^\[(\w+) "([^"]*)"\]`)
	pgnEnd     = regexp.MustCompile(`\{([^{}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$`)
	pgnComment = regexp.MustCompile(`\{[^{}]*\}`)
	pgnNotMove = regexp.MustCompile(`^(\d+\.+|1-0|0-1|1/2-1/2|\*)$`)
)

// readPGN splits XBoard's PGN file into games.
func readPGN(t *testing.T, name string) []pgnGame {
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("no games: %v", err)
	}
	var games []pgnGame
	for _, text := range strings.Split(string(data), "[Event ")[1:] {
		var g pgnGame
		for _, m := range pgnTag.FindAllStringSubmatch("[Event "+text, -1) {
			switch m[1] {
			case "White":
				g.white = m[2]
			case "Black":
				g.black = m[2]
			case "Result":
				g.result = m[2]
			}
		}
		if m := pgnEnd.FindStringSubmatch(strings.TrimSpace(text)); m != nil {
			g.reason = m[1]
		}
		for _, word := range strings.Fields(pgnComment.ReplaceAllString(pgnTag.ReplaceAllString("["+text, ""), "")) {
			if !pgnNotMove.MatchString(word) && !strings.HasPrefix(word, `"`) {
				g.plies++
			}
		}
		games = append(games, g)
	}
	return games
}

// checkMatch reads a match's PGN and XBoard's debug log and fails on any
// game lost other than by mate, any unfinished game, and any error or
// illegal-move message from our engine. It logs each game and the least
// time XBoard's clock showed our engine before a move.
func checkMatch(t *testing.T, pgn, debug string, want int) {
	games := readPGN(t, pgn)
	if len(games) != want {
		t.Errorf("%d games in %s, want %d", len(games), pgn, want)
	}
	for i, g := range games {
		var ours string
		switch engineName {
		case g.white:
			ours = "1-0"
		case g.black:
			ours = "0-1"
		default:
			t.Errorf("game %d: %s - %s: not our engine", i+1, g.white, g.black)
			continue
		}
		outcome := "draw"
		switch {
		case g.result == ours:
			outcome = "win"
		case g.result == "1-0" || g.result == "0-1":
			outcome = "loss"
		}
		t.Logf("game %d: %s - %s %s {%s}, %d plies: %s", i+1, g.white, g.black, g.result, g.reason, g.plies, outcome)
		reason := strings.ToLower(g.reason)
		switch {
		case g.result == "*" || g.result == "":
			t.Errorf("game %d unfinished: {%s}", i+1, g.reason)
		case outcome == "loss" && !strings.Contains(reason, "mate"):
			t.Errorf("game %d lost other than by mate: {%s}", i+1, g.reason)
		case outcome == "loss" && strings.Contains(reason, "false"):
			t.Errorf("game %d lost by a false claim: {%s}", i+1, g.reason)
		}
	}
	data := readFile(t, debug)
	least, moves := -1, 0
	for _, line := range strings.Split(string(data), "\n") {
		_, msg, ok := strings.Cut(line, "<first : ")
		if ok && (strings.HasPrefix(msg, "Error") || strings.Contains(strings.ToLower(msg), "illegal")) {
			t.Errorf("our engine said %q", msg)
		}
		if _, msg, ok := strings.Cut(line, ">first : time "); ok {
			if cs, err := strconv.Atoi(strings.TrimSpace(msg)); err == nil && (least < 0 || cs < least) {
				least = cs
			}
		}
		if strings.Contains(line, "<first : move ") {
			moves++
		}
		if strings.Contains(line, "first") && (strings.Contains(line, "exited") || strings.Contains(line, "died")) {
			t.Errorf("XBoard: %s", line)
		}
	}
	t.Logf("%d moves by our engine; the least time on its clock before a move: %d.%02d s", moves, least/100, least%100)
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return fmt.Sprint(strings.Join(lines, "\n"))
}
