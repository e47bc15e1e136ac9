package browsertest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// goldenScript plays a golden console game of the C program
// (testdata/classic*/NAME.BUDGET.in: typed moves, and an empty line where
// it thinks) through the native engine in UCI mode, as a GUI would:
// ucinewgame, then for every think "position startpos moves" with the game
// so far (the engine's own moves included) and "go nodes BUDGET". It
// returns the commands and the native engine's output. options are sent
// first (setoption lines).
func goldenScript(t *testing.T, n *nativeEngine, path string, options ...string) (script, lines []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "testdata", path+".in"))
	if err != nil {
		t.Fatal(err)
	}
	budget := strings.TrimPrefix(filepath.Ext(path), ".")
	script = append(append(script, options...), "ucinewgame")
	lines = append(lines, n.run(t, script)...)
	var moves []string
	for _, in := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if in != "" {
			moves = append(moves, in)
			continue
		}
		position := "position startpos"
		if len(moves) > 0 {
			position += " moves " + strings.Join(moves, " ")
		}
		chunk := []string{position, "go nodes " + budget}
		out := n.run(t, chunk)
		script, lines = append(script, chunk...), append(lines, out...)
		best := strings.Fields(out[len(out)-1])
		if len(best) < 2 || best[0] != "bestmove" || best[1] == "0000" {
			break // the game is over
		}
		moves = append(moves, best[1])
	}
	return script, lines
}

// TestWorkerNodeCounts: the worker's searches are the native engine's,
// node for node: over golden games of the C program (4.1's, and 4.0's with
// futility pruning off), every info line with a depth (depth, score,
// nodes, PV) and every bestmove are the same. The native engine's are the
// C program's (the root's TestUCINodeCountsMatchC).
func TestWorkerNodeCounts(t *testing.T) {
	b := newBrowser(t, 10*time.Minute)
	n := startNative(t)
	games := []struct {
		path    string
		options []string
	}{
		{"classic/castling-ep.50000", nil},
		{"classic/castling-ep-black.50000", nil},
		{"classic/promotion-white.50000", nil},
		{"classic/promotion-black.50000", nil},
		{"classic/scholars-mate.50000", nil},
		{"classic/selfplay-qgd.20000", nil},
		{"classic/default.1000000", nil},
		{"classic40/castling-ep.50000", []string{"setoption name Futility Pruning value false"}},
		{"classic40/selfplay20.50000", []string{"setoption name Futility Pruning value false"}},
	}
	for _, g := range games {
		script, native := goldenScript(t, n, g.path, g.options...)
		n.run(t, []string{"setoption name Futility Pruning value true"}) // for the next game
		worker := b.runWorker(append([]string{"uci"}, script...))
		want, got := searchLines(native), searchLines(worker)
		searches, iterations := 0, 0
		for _, l := range want {
			if strings.HasPrefix(l, "bestmove") {
				searches++
			} else {
				iterations++
			}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: the worker's searches differ from the native engine's:\nworker:\n%s\nnative:\n%s", g.path, strings.Join(got, "\n"), strings.Join(want, "\n"))
			continue
		}
		t.Logf("%s: %d searches, %d iterations: the worker's info lines and bestmoves are the native engine's", g.path, searches, iterations)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// TestWorkerDuringSearch: while the worker searches, isready is answered
// at once and stop ends the search with a bestmove; go movetime keeps its
// time; commands that change the position stop the search first; a
// laboratory option and a bad command get their UCI answers.
func TestWorkerDuringSearch(t *testing.T) {
	b := newBrowser(t, 3*time.Minute)
	var out struct {
		Lines      []string
		ReadyAt    float64 // ms after go infinite
		BestAt     float64 // ms after stop
		MoveTimeAt float64 // ms after go movetime 500
	}
	b.eval(`(async () => {
  const w = new Worker("umax-worker.js?arg=-lab"); // the laboratory, whose options it sets
  const lines = [];
  const waiters = [];
  w.onmessage = (e) => { lines.push(e.data); for (const x of waiters.splice(0)) if (!x.test(e.data)) waiters.push(x); else x.resolve(performance.now()); };
  const until = (test) => new Promise((resolve) => waiters.push({ test, resolve }));
  const send = (c) => w.postMessage(c);
  let r = until((l) => l === "uciok"); send("uci"); await r;
  send("setoption name Extended Futility value true");
  send("setoption name Futility Margin value 5000");
  send("nonsense here");
  send("position startpos moves e2e4");
  send("go infinite");
  await new Promise((ok) => setTimeout(ok, 1500));
  let t0 = performance.now();
  r = until((l) => l === "readyok"); send("isready"); const readyAt = (await r) - t0;
  t0 = performance.now();
  r = until((l) => l.startsWith("bestmove")); send("stop"); const bestAt = (await r) - t0;
  t0 = performance.now();
  r = until((l) => l.startsWith("bestmove")); send("go movetime 500"); const moveTimeAt = (await r) - t0;
  send("go infinite");
  await new Promise((ok) => setTimeout(ok, 300));
  r = until((l) => l.startsWith("bestmove")); send("position startpos"); await r;
  r = until((l) => l === "readyok"); send("isready"); await r;
  send("quit"); // the worker closes: what comes after is not answered
  send("isready");
  await new Promise((ok) => setTimeout(ok, 500));
  w.terminate();
  return { lines, readyAt, bestAt, moveTimeAt };
})()`, &out)
	t.Logf("isready answered %.0f ms after it was sent during go infinite, stop's bestmove after %.0f ms, go movetime 500 took %.0f ms",
		out.ReadyAt, out.BestAt, out.MoveTimeAt)
	text := strings.Join(out.Lines, "\n")
	// Without the worker reading its messages during the search, go
	// infinite would answer isready only after stop, and stop never.
	if ready, best := strings.Index(text, "readyok"), strings.Index(text, "bestmove"); ready < 0 || ready > best {
		t.Errorf("isready was not answered during go infinite:\n%s", text)
	}
	if out.ReadyAt > 2000 || out.BestAt > 2000 {
		t.Errorf("isready took %.0f ms and stop %.0f ms during a search", out.ReadyAt, out.BestAt)
	}
	if out.MoveTimeAt > 1000 {
		t.Errorf("go movetime 500 took %.0f ms", out.MoveTimeAt)
	}
	for _, want := range []string{
		"option name Extended Futility type check default false",
		`info string option Futility Margin: value "5000" refused`,
		`info string unknown command "nonsense here" ignored`,
		"info string position during a search: the search is stopped first",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the worker did not say %q:\n%s", want, text)
		}
	}
	if strings.Count(text, "readyok") != 2 || !strings.HasSuffix(text, "readyok") {
		t.Errorf("after quit the worker still answered, or an isready went unanswered:\n%s", text)
	}
	bestmoves := strings.Count(text, "bestmove ")
	if bestmoves != 3 {
		t.Errorf("%d bestmoves for 3 searches:\n%s", bestmoves, text)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// benchSearches are the positions of the speed comparison: those of the
// engine's bench (main.go), searched at micro-Max's budget of 1e6 nodes.
var benchSearches = []string{
	"",
	"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
	"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7",
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
	"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d3 d7d6",
}

// TestWorkerSpeed, run with -speed N, searches the bench positions N times
// in the worker and in the native engine, each from an empty table, and
// prints the nodes per second of both (scripts/web-speed.sh).
func TestWorkerSpeed(t *testing.T) {
	if *speedRuns == 0 {
		t.Skip("a measurement, not a test: -speed N runs it N times")
	}
	b := newBrowser(t, 30*time.Minute)
	n := startNative(t)
	var script []string
	for _, moves := range benchSearches {
		position := "position startpos"
		if moves != "" {
			position += " moves " + moves
		}
		script = append(script, "ucinewgame", position, "go nodes 1000000")
	}
	speed := func(lines []string) (nodes, ms int) {
		for _, l := range lines {
			if f := strings.Fields(l); len(f) == 7 && f[0] == "info" && f[1] == "nodes" {
				a, _ := strconv.Atoi(f[2])
				c, _ := strconv.Atoi(f[6])
				nodes, ms = nodes+a, ms+c
			}
		}
		return nodes, ms
	}
	for run := 1; run <= *speedRuns; run++ {
		nn, nms := speed(n.run(t, script))
		wn, wms := speed(b.runWorker(append([]string{"uci"}, script...)))
		if nn != wn {
			t.Errorf("run %d: the worker searched %d nodes, the native engine %d", run, wn, nn)
		}
		native, worker := float64(nn)/float64(nms)*1000, float64(wn)/float64(wms)*1000
		t.Logf("run %d: %d nodes: native %.2f s, %.2f Mnodes/s; worker %.2f s, %.2f Mnodes/s: %.0f%% of native",
			run, nn, float64(nms)/1000, native/1e6, float64(wms)/1000, worker/1e6, 100*worker/native)
	}
}
