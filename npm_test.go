package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The npm package (web/npm, scripts/web.sh pack) under Node: packed,
// installed into an empty project with no network, and driven as a GUI
// drives an engine, through "npx umax" and through the module entry. Its
// searches are the native engine's (this package's sessions, run here),
// node for node. Only with UMAX_FULL=1; node and npm are needed.

// npmVersion is the version the test packs the package with; the engine's
// name says it.
const npmVersion = "0.0.0-test"

// npmFiles are the files the package holds, and no others.
var npmFiles = []string{"LICENSE", "README.md", "bin/umax.cjs", "browser.mjs", "index.cjs", "index.mjs",
	"node-worker.cjs", "package.json", "umax-worker.js", "umax.wasm", "wasm_exec.js"}

// workerHashMB is the largest Hash the engine takes in WebAssembly
// (options.go's maxMemoryMB there; the native build's is larger).
const workerHashMB = 512

// moduleDriver relays standard input to an engine of the module entry
// (imported as an ES module, through the package's exports), whole lines
// at a time and as bytes, and its lines to standard output: the module
// driven as "npx umax" is.
const moduleDriver = `import { startEngine } from "umax";
const engine = startEngine();
engine.on("line", (line) => process.stdout.write(line + "\n"));
engine.exited.then((code) => { process.exitCode = code; process.stdin.destroy(); });
let pending = Buffer.alloc(0); // the bytes after the last newline
process.stdin.on("data", (chunk) => {
  const input = Buffer.concat([pending, chunk]), last = input.lastIndexOf(10);
  if (last >= 0) engine.send(input.subarray(0, last));
  pending = input.subarray(last + 1);
});
process.stdin.on("end", () => { if (pending.length > 0) engine.send(pending); engine.end(); });
`

// TestNpmPackage packs the package, installs it offline into an empty
// project, and runs the UCI battery through npx umax and through the
// module, a CECP game through npx umax, the README's Node example, and
// the package's exports for Node and for browsers.
func TestNpmPackage(t *testing.T) {
	needFull(t, "the npm package under Node (node and npm)")
	needProgram(t, "node", "nodejs")
	needProgram(t, "npm", "npm")
	needProgram(t, "npx", "npm")
	tmp := t.TempDir()
	env := offlineNpmEnv(tmp)
	project := installNpmPackage(t, tmp, env)
	must(t, os.WriteFile(filepath.Join(project, "drive.mjs"), []byte(moduleDriver), 0o644))
	npx := func(t *testing.T) *driver { return startNodeEngine(t, project, env, "npx", "umax") }
	module := func(t *testing.T) *driver { return startNodeEngine(t, project, env, "node", "drive.mjs") }
	t.Run("npx-uci", func(t *testing.T) { uciBattery(t, npx, true) })
	t.Run("module-uci", func(t *testing.T) { uciBattery(t, module, false) })
	t.Run("npx-cecp", func(t *testing.T) { cecpGame(t, npx) })
	t.Run("fresh", func(t *testing.T) { freshEngine(t, npx) })
	t.Run("readme", func(t *testing.T) { readmeExample(t, project, env) })
	t.Run("exports", func(t *testing.T) { packageExports(t, project, env) })
	t.Run("flags", func(t *testing.T) { npmFlags(t, project, env) })
	t.Run("queued", func(t *testing.T) { queuedLines(t, project, env) })
}

// queuedLines sends a fresh engine its whole input at once, lines after
// isready (ping) included, as a pipe does: every line is done (a warm-up
// of the worker's, since gone, once waited for the lines behind the
// isready it held up, and hung there for good).
func queuedLines(t *testing.T, project string, env []string) {
	for _, c := range []struct {
		input string
		want  []string // lines of the output, in any order (the second isready is answered during the search)
	}{
		{"uci\nisready\nquit\n", []string{"readyok"}},
		{"uci\nisready\nposition startpos\ngo depth 3\nisready\nquit\n", []string{"readyok", "bestmove c2c4 ponder b8c6", "readyok"}},
		{"xboard\nprotover 2\nping 1\nnew\nping 2\nquit\n", []string{"pong 1", "pong 2"}},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		cmd := exec.CommandContext(ctx, "npx", "umax")
		killGroupOnCancel(cmd) // npx runs node in a shell of its own: a hung engine is killed too
		cmd.WaitDelay = 5 * time.Second
		cmd.Dir, cmd.Env, cmd.Stdin = project, env, strings.NewReader(c.input)
		start := time.Now()
		out, err := cmd.Output()
		cancel()
		var got []string
		for _, l := range strings.Split(string(out), "\n") {
			if slices.Contains(c.want, l) {
				got = append(got, l)
			}
		}
		if slices.Sort(got); err != nil || !slices.Equal(got, slices.Sorted(slices.Values(c.want))) {
			t.Errorf("npx umax, given %q at once: %v after %v\n%s", c.input, err, time.Since(start).Round(time.Millisecond), out)
		}
	}
}

// freshEngine checks a fresh engine's searches, sent at once after uci,
// and after Hash changes (a table made anew and touched whole, table_other.go):
// they count the native engine's nodes, iteration by iteration; an isready
// during an infinite search, sent as soon as uciok comes, is answered
// before the stop.
func freshEngine(t *testing.T, start func(*testing.T) *driver) {
	script := []string{"uci", "position startpos", "go nodes 30000", "position startpos moves e2e4", "go nodes 30000",
		"position startpos moves e2e4 e7e5", "go nodes 30000", "position startpos moves e2e4 e7e5 g1f3", "go nodes 200000"}
	wantNative(t, "a fresh engine's searches", searchLines(start(t).run(script)), searchLines(startNative(t).run(script)))
	script = []string{"uci", "setoption name Hash value 16", "position startpos", "go nodes 30000", "setoption name Hash value 64", "go nodes 30000"}
	wantNative(t, "a fresh engine's searches after the Hash option", searchLines(start(t).run(script)), searchLines(startNative(t).run(script)))
	e := start(t)
	e.send("uci") // timed from uciok: npx and node take seconds to start on a loaded machine
	e.within(20*time.Second, "uciok", func(l string) bool { return l == "uciok" })
	asked := e.send("position startpos", "go infinite", "isready")
	e.within(20*time.Second, "readyok", func(l string) bool { return l == "readyok" })
	waited := time.Since(asked)
	t.Logf("isready during an infinite search, sent at uciok: readyok after %v", waited)
	if waited > 2*time.Second {
		t.Errorf("isready during an infinite search, sent at uciok: readyok after %v, want 2 s at most", waited)
	}
	e.send("stop")
	e.within(20*time.Second, "bestmove", isBestmove)
}

// wantNative fails the test unless got, the lines under Node, are want, the
// native engine's.
func wantNative(t *testing.T, what string, got, want []string) bool {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s under Node:\n%s\nnative:\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
		return false
	}
	return true
}

// offlineNpmEnv is the environment of npm and node in the test: no
// network (the registry is a closed port, and npm is told it is offline),
// an empty cache of npm's own, and no messages about audits and funding.
func offlineNpmEnv(tmp string) []string {
	return append(os.Environ(),
		"npm_config_offline=true",
		"npm_config_registry=http://127.0.0.1:9/",
		"npm_config_cache="+filepath.Join(tmp, "npm-cache"),
		"npm_config_audit=false",
		"npm_config_fund=false",
		"npm_config_update_notifier=false",
	)
}

// installNpmPackage packs the package with scripts/web.sh pack and installs
// the tarball into an empty project; it checks that the package holds
// npmFiles, has no dependencies, and installs nothing besides itself. It
// returns the project's folder.
func installNpmPackage(t *testing.T, tmp string, env []string) string {
	t.Helper()
	dist := filepath.Join(tmp, "dist")
	run := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	start := time.Now()
	run(".", "env", "UMAX_REPOSITORY=git@example.org:umax/umax.git", "sh", "scripts/web.sh", "pack", npmVersion, dist)
	tarball := filepath.Join(dist, "umax-"+npmVersion+".tgz")
	info, err := os.Stat(tarball)
	must(t, err)
	t.Logf("scripts/web.sh pack: %s, %d bytes, in %v", filepath.Base(tarball), info.Size(), time.Since(start).Round(time.Millisecond))
	listing := strings.Fields(run(".", "tar", "-tzf", tarball))
	var files []string
	for _, f := range listing {
		files = append(files, strings.TrimPrefix(f, "package/"))
	}
	slices.Sort(files)
	if !slices.Equal(files, npmFiles) {
		t.Errorf("the package holds %q, want %q", files, npmFiles)
	}
	project := filepath.Join(tmp, "project")
	must(t, os.Mkdir(project, 0o755))
	start = time.Now()
	run(project, "npm", "install", tarball)
	t.Logf("npm install, offline, into an empty project: %v", time.Since(start).Round(time.Millisecond))
	installed, err := os.ReadDir(filepath.Join(project, "node_modules"))
	must(t, err)
	for _, e := range installed {
		if e.Name() != "umax" && e.Name() != ".bin" && e.Name() != ".package-lock.json" {
			t.Errorf("npm installed %s besides umax", e.Name())
		}
	}
	var manifest struct {
		Name, Version, Description, License, Author, Homepage string
		Repository                                            struct{ Type, URL string }
		Bugs                                                  struct{ URL string }
		Keywords                                              []string
		Engines                                               map[string]string
		Bin                                                   map[string]string
		Dependencies                                          map[string]string
	}
	data := readFile(t, filepath.Join(project, "node_modules", "umax", "package.json"))
	must(t, json.Unmarshal(data, &manifest))
	if manifest.Name != "umax" || manifest.Version != npmVersion || len(manifest.Dependencies) > 0 {
		t.Errorf("the installed package.json: %s", data)
	}
	// The usual fields; repository, homepage and bugs from the address
	// given to pack (a clone's origin remote), as https.
	if manifest.Description == "" || manifest.License == "" || manifest.Author == "" || len(manifest.Keywords) == 0 ||
		manifest.Engines["node"] == "" || manifest.Bin["umax"] == "" {
		t.Errorf("the installed package.json lacks a usual field: %s", data)
	}
	if manifest.Repository.URL != "git+https://example.org/umax/umax.git" || manifest.Homepage != "https://example.org/umax/umax#readme" ||
		manifest.Bugs.URL != "https://example.org/umax/umax/issues" {
		t.Errorf("the installed package.json's repository, homepage and bugs, packed with git@example.org:umax/umax.git: %s", data)
	}
	return project
}

// startNodeEngine runs a command under Node in the project (npx umax, or
// node and the module's driver), and drives it; it is killed at the end of
// the test if it is still running.
func startNodeEngine(t *testing.T, project string, env []string, args ...string) *driver {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	killGroupOnCancel(cmd) // npx runs the command in a shell of its own
	cmd.Dir, cmd.Env, cmd.Stderr = project, env, os.Stderr
	in, err := cmd.StdinPipe()
	must(t, err)
	outR, outW, err := os.Pipe()
	must(t, err)
	cmd.Stdout = outW
	must(t, cmd.Start())
	outW.Close()
	done := make(chan struct{})
	go func() {
		cmd.Wait()
		close(done)
	}()
	e := newDriver(t, anyProtocol, in, outR, done)
	e.pid, e.ready = cmd.Process.Pid, time.Minute
	t.Cleanup(func() {
		in.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Errorf("%s did not end after the end of its input", strings.Join(args, " "))
		}
		cancel()
		<-done
	})
	return e
}

// searchLines keeps what node identity compares: the info lines with a
// depth and the bestmoves, without their speed and time.
func searchLines(lines []string) []string {
	speed := regexp.MustCompile(` nps \d+ time \d+`)
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, "info depth") || isBestmove(l) {
			out = append(out, speed.ReplaceAllString(l, ""))
		}
	}
	return out
}

// withoutTimes removes what a clock decides from UCI lines (nps and time)
// and names the engine as a plain build does, for comparing with the
// native engine word for word.
func withoutTimes(lines []string) []string {
	speed := regexp.MustCompile(` nps \d+ time \d+`)
	var out []string
	for _, l := range lines {
		l = strings.Replace(l, engineTitle+" "+npmVersion, engineTitle, 1)
		out = append(out, speed.ReplaceAllString(l, ""))
	}
	return out
}

// goldenUCIScript plays a golden game of the C program (testdata/PATH)
// through the native engine in UCI, as a GUI does (playUCI): ucinewgame,
// then for every think the position so far and "go nodes BUDGET". It
// returns the commands and the native engine's output.
func goldenUCIScript(t *testing.T, native *driver, path string, options ...string) (script, lines []string) {
	t.Helper()
	g := readGoldenReplay(t, filepath.Join("testdata", path))
	script = append(slices.Clone(options), "ucinewgame")
	lines = native.run(script)
	g.playUCI(t, func(_ int, _ *gameRecord, position string, _ bool) string {
		chunk := []string{position, fmt.Sprintf("go nodes %d", g.budget)}
		out := native.run(chunk)
		script, lines = append(script, chunk...), append(lines, out...)
		searched := searchLines(out)
		return strings.Fields(searched[len(searched)-1])[1]
	})
	return script, lines
}

// uciBattery drives a UCI session under Node through what GUIs and match
// runners do, comparing with the native engine: the identification;
// golden games of the C program (with golden, all of them), node for node;
// isready and stop during a search; go right after a bestmove and during
// a search; clocks at zero and below; mate and stalemate; bad input; quit
// and the end of input during a search.
func uciBattery(t *testing.T, start func(*testing.T) *driver, golden bool) {
	native := startNative(t)
	e := start(t)
	got, want := e.sync("uci"), native.sync("uci")
	if got[0] != "id name "+engineTitle+" "+npmVersion {
		t.Errorf("the engine's name: %q", got[0])
	}
	wantNative(t, "uci", withoutTimes(got), want)

	// Node for node: golden games, 4.1's and 4.0's (futility pruning off).
	games := []string{"classic/castling-ep.50000", "classic/fools-mate.50000", "classic/stalemate.50000", "classic40/castling-ep.50000"}
	if golden {
		games = append(games, "classic/castling-ep-black.50000", "classic/promotion-white.50000", "classic/promotion-black.50000",
			"classic/scholars-mate.50000", "classic/selfplay-qgd.20000", "classic/default.1000000", "classic40/selfplay20.50000")
	}
	for _, g := range games {
		option := fmt.Sprintf("setoption name Futility Pruning value %v", !strings.HasPrefix(g, "classic40/"))
		script, nativeOut := goldenUCIScript(t, native, g, option)
		want := searchLines(nativeOut)
		if !wantNative(t, g+": the searches", searchLines(e.run(script)), want) {
			continue
		}
		t.Logf("%s: %d searches, %d lines: the native engine's", g, strings.Count(strings.Join(want, "\n"), "bestmove"), len(want))
	}
	for _, x := range []*driver{e, native} {
		x.sync("setoption name Futility Pruning value true")
	}

	// Bad input: the native engine's answers, word for word.
	for _, x := range []*driver{e, native} {
		x.sync("ucinewgame")
	}
	bad := []string{"nonsense here", "position fen garbage", "position startpos moves e2e5", "setoption name Hash value 100000",
		"setoption name Nonsense value 1", "go nodes -5", "go depth 0 nodes 1", strings.Repeat("x", 2<<20), "go searchmoves e2e5 nodes 1000",
		"umax san e2e4 e7e5", "umax record 9", "\xff\xfe garbage", "position startpos moves e2e4 e7e5 g1f3\r"}
	for _, c := range bad {
		var got, want []string
		if strings.HasPrefix(c, "go") {
			got, want = withoutTimes(e.run([]string{c})), withoutTimes(native.run([]string{c}))
		} else {
			got, want = withoutTimes(e.sync(c)), withoutTimes(native.sync(c))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%.40q answered %q, the native engine %q", c, got, want)
		}
	}

	// go right after a bestmove: the same searches as the native engine's.
	script := []string{"ucinewgame", "position startpos moves e2e4", "go nodes 20000", "go nodes 20000", "go depth 4"}
	wantNative(t, "go after bestmove", searchLines(e.run(script)), searchLines(native.run(script)))

	// From here the clock decides how far a search goes: the table's
	// contents are not the native engine's any more.

	// go during a search stops it first.
	e.send("position startpos", "go infinite", "go nodes 1000")
	got = e.within(time.Minute, "bestmove", isBestmove)
	got = append(got, e.within(time.Minute, "bestmove", isBestmove)...)
	if !slices.Contains(got, "info string go during a search: the search is stopped first") {
		t.Errorf("go during a search: %q", got)
	}

	// isready and stop during a search.
	e.send("position startpos moves e2e4 e7e5", "go infinite")
	got = e.within(time.Minute, "depth 4", func(l string) bool { i, ok := parseInfo(l); return ok && i.depth >= 4 })
	sent := e.send("isready")
	ready := e.within(time.Minute, "readyok or bestmove", func(l string) bool { return l == "readyok" || isBestmove(l) })
	readyAfter := time.Since(sent)
	if ready[len(ready)-1] != "readyok" {
		t.Errorf("isready during go infinite: bestmove first: %q", ready)
	}
	sent = e.send("stop")
	got = append(append(got, ready[:len(ready)-1]...), e.within(time.Minute, "bestmove", isBestmove)...)
	stopAfter := time.Since(sent)
	t.Logf("during go infinite: readyok %v after isready, bestmove %v after stop", readyAfter.Round(time.Millisecond), stopAfter.Round(time.Millisecond))
	if readyAfter > 2*time.Second || stopAfter > 2*time.Second {
		t.Errorf("during a search readyok took %v and stop's bestmove %v", readyAfter, stopAfter)
	}
	checkSearch(t, gameAfter(t, "", "e2e4", "e7e5"), got)

	// Clocks at zero and below: a legal move at once, with the native
	// engine's words about the values.
	for _, goLine := range []string{"go wtime 0 btime 0", "go wtime -5000 btime -5000 winc 0 binc 0", "go movetime 0", "go movetime -10 nodes 3000"} {
		sent := e.send("position startpos", goLine)
		got := e.within(time.Minute, "bestmove", isBestmove)
		took := time.Since(sent)
		checkSearch(t, gameAfter(t, ""), got)
		if took > 3*time.Second {
			t.Errorf("%s: bestmove after %v", goLine, took)
		}
		native.send("position startpos", goLine)
		want := native.within(time.Minute, "bestmove", isBestmove)
		if infoStrings(got) != infoStrings(want) {
			t.Errorf("%s: said %q, the native engine %q", goLine, infoStrings(got), infoStrings(want))
		}
	}

	// Mate and stalemate: no move to play, said as the native engine says it.
	for _, c := range []struct{ fen, want string }{
		{"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "info depth 0 score mate 0 nodes 0"},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "info depth 0 score cp 0 nodes 0"},
	} {
		for _, goLine := range []string{"go depth 3", "go wtime 1000 btime 1000", "go infinite"} {
			cmds := []string{"position fen " + c.fen, goLine}
			if goLine == "go infinite" {
				cmds = append(cmds, "stop")
			}
			e.send(cmds...)
			got := withoutTimes(e.within(time.Minute, "bestmove", isBestmove))
			if len(got) != 2 || got[0] != c.want || got[1] != "bestmove 0000" {
				t.Errorf("%s, %s: %q", c.fen, goLine, got)
			}
		}
	}

	// quit and the end of input during a search end the engine at once,
	// after its bestmove.
	for _, end := range []string{"quit", "end of input"} {
		e := start(t)
		e.send("uci", "position startpos", "go infinite")
		e.within(time.Minute, "depth 3", func(l string) bool { i, ok := parseInfo(l); return ok && i.depth >= 3 })
		if rest := e.endBy(end, 10*time.Second); len(rest) == 0 || !isBestmove(rest[len(rest)-1]) || strings.Count(strings.Join(rest, "\n"), "bestmove") != 1 {
			t.Errorf("%s during a search: %q", end, rest)
		}
	}
}

// infoStrings joins the info string lines of an output.
func infoStrings(lines []string) string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, "info string") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// cecpGame plays a short game in CECP under Node and natively: the first
// command chooses the protocol; the thinking lines (but their times), the
// moves, pong and the answers to bad input are the native engine's.
func cecpGame(t *testing.T, start func(*testing.T) *driver) {
	script := []string{"xboard", "protover 2", "option Own book=0", "new", "post", "sd 5", "usermove e2e4", "usermove d2d4", "ping 1",
		"usermove e9e9", "frobnicate", "setboard 8/8/8 w", "new", "sd 4", "usermove b1c3", "ping 2", "quit"}
	transcript := func(e *driver) []string {
		var got []string
		for _, c := range script {
			e.send(c)
			switch {
			case strings.HasPrefix(c, "protover"):
				got = append(got, e.within(time.Minute, "feature done=1", func(l string) bool { return l == "feature done=1" })...)
			case strings.HasPrefix(c, "usermove") && c != "usermove e9e9":
				got = append(got, e.within(2*time.Minute, "move", isMove)...)
			case strings.HasPrefix(c, "ping"):
				got = append(got, e.within(time.Minute, "pong", func(l string) bool { return strings.HasPrefix(l, "pong") })...)
			}
		}
		lines, ok := e.endedWithin(10 * time.Second)
		rest := texts(lines)
		if !ok {
			t.Errorf("quit did not end the engine")
		}
		// Thinking lines are "ply score time nodes pv": the time is the clock's.
		thinking := regexp.MustCompile(`^(\d+ -?\d+) \d+ `)
		var out []string
		for _, l := range append(got, rest...) {
			l = strings.Replace(l, engineTitle+" "+npmVersion, engineTitle, 1)
			out = append(out, thinking.ReplaceAllString(l, "$1 T "))
		}
		return out
	}
	got := transcript(start(t))
	wantNative(t, "the CECP game", got, transcript(startNative(t)))
	if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, "5 ") }) || !slices.Contains(got, "pong 2") {
		t.Errorf("no 5-ply thinking line, or no pong 2:\n%s", strings.Join(got, "\n"))
	}
	t.Logf("a CECP game of %d lines, the native engine's", len(got))
}

// readmeExample runs the Node example of the package's README as an ES
// module: it prints the engine's lines up to the bestmove of a 5-ply
// search, the native engine's, and ends.
func readmeExample(t *testing.T, project string, env []string) {
	data := readFile(t, filepath.Join(project, "node_modules", "umax", "README.md"))
	blocks := regexp.MustCompile("(?s)```js\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	if len(blocks) != 2 || strings.Count(blocks[0][1], "\n") != 5 || strings.Count(blocks[1][1], "\n") != 5 {
		t.Fatalf("the README's examples are not two of five lines each: %q", blocks)
	}
	must(t, os.WriteFile(filepath.Join(project, "example.mjs"), []byte(blocks[0][1]), 0o644))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "example.mjs")
	cmd.Dir, cmd.Env = project, env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the README's example: %v\n%s", err, out)
	}
	native := startNative(t)
	want := native.run([]string{"uci", "position startpos moves e2e4", "go depth 5"})
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if !slices.Equal(searchLines(got), searchLines(want)) || !slices.Contains(got, "uciok") {
		t.Errorf("the README's example printed\n%s\nthe native engine\n%s", out, strings.Join(want, "\n"))
	}
}

// packageExports checks what each environment gets from the package:
// Node's import and require the engine in a worker thread, a browser
// bundle (Node's "browser" condition stands in for one) the Web Worker's
// URLs beside the worker's files; the command ends with its usage for an
// argument it does not know, and -version names the version.
func packageExports(t *testing.T, project string, env []string) {
	// node runs a command, returning its standard output and, in err, what
	// it wrote to standard error when it failed.
	node := func(args ...string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, args[0], args[1:]...)
		var stderr strings.Builder
		cmd.Dir, cmd.Env, cmd.Stderr = project, env, &stderr
		out, err := cmd.Output()
		if err != nil {
			err = fmt.Errorf("%w: %s", err, stderr.String())
		}
		return strings.TrimSpace(string(out)), err
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"node", "--input-type=module", "-e", `import * as m from "umax"; console.log(Object.keys(m).sort().join(" "))`}, "Engine startEngine"},
		{[]string{"node", "-e", `console.log(Object.keys(require("umax")).sort().join(" "))`}, "Engine startEngine"},
		{[]string{"node", "-C", "browser", "--input-type=module", "-e",
			`import * as m from "umax"; import { existsSync } from "node:fs"; console.log(Object.keys(m).sort().join(" "), [m.workerURL, m.wasmURL, m.wasmExecURL].map(existsSync).join(" "))`},
			"startWorker wasmExecURL wasmURL workerURL true true true"},
		{[]string{"npx", "umax", "-version"}, engineTitle + " " + npmVersion},
	} {
		out, err := node(c.args...)
		if err != nil || out != c.want {
			t.Errorf("%s: %q (%v), want %q", strings.Join(c.args, " "), out, err, c.want)
		}
	}
	out, err := node("npx", "umax", "-frobnicate")
	if exit := (*exec.ExitError)(nil); !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(err.Error(), "usage: umax") {
		t.Errorf("npx umax -frobnicate: %q (%v), want the usage and exit code 2", out, err)
	}
	// A bad line from a program is the engine's business, not the module's:
	// non-text is sent as text, and send after the end says false.
	script := `const { startEngine } = require("umax");
const e = startEngine();
e.on("line", (l) => { if (l.startsWith("info string")) console.log(l); });
e.send("uci"); e.send(42); e.send({}); e.send("quit");
e.exited.then(async (code) => { console.log("exit", code, e.send("uci"), e.running); try { await e.waitFor("x"); } catch (err) { console.log(err.message); } });`
	out, err = node("node", "-e", script)
	want := `info string unknown command "42" ignored
info string unknown command "[object Object]" ignored
exit 0 false false
umax: the engine has ended`
	if err != nil || out != want {
		t.Errorf("the module with bad input: %q (%v), want %q", out, err, want)
	}
}

// startNative runs the native engine in this process as the command runs
// it with the flags args (main.go; without a flag the first command
// chooses the protocol), with the largest Hash of the wasm engine, so that
// its answers are the same.
func startNative(t *testing.T, args ...string) *driver {
	t.Helper()
	cl, err := parseCommandLine(flag.NewFlagSet("umax", flag.ContinueOnError), args)
	must(t, err)
	cl.cfg.maxMemory = workerHashMB
	e := newEngine(defaultHashEntries)
	e.literal = cl.literal
	must(t, cl.applyOptions(e, &cl.cfg))
	native := serveDriver(t, anyProtocol, func(out io.Writer) func(io.Reader) {
		return func(in io.Reader) {
			switch {
			case cl.classic:
				runConsole(e, cl, in, out)
			case cl.uci:
				newUCISession(e, out, cl.cfg).serve(in)
			default:
				runProtocol(e, in, out, cl.cfg)
			}
		}
	})
	native.ready = time.Minute
	return native
}

// npmFlags checks that npx umax takes the native engine's flags, as the
// package's README says: -uci, a strength level (-elo, -seed), -nodes,
// -classic, bench, -hash's range in WebAssembly, and the usage for a flag
// it does not know. Each does what it does natively, line for line.
func npmFlags(t *testing.T, project string, env []string) {
	for _, c := range []struct {
		args, script []string
	}{
		{[]string{"-uci"}, []string{"position startpos moves e2e4", "go depth 4"}},
		{[]string{"-elo", "800", "-seed", "7"}, []string{"uci", "position startpos", "go depth 3", "position startpos moves e2e4 e7e5", "go nodes 3000"}},
		{[]string{"-nodes", "5000", "-uci", "-futility=false"}, []string{"position startpos moves d2d4", "go"}},
	} {
		var out [2][]string // under Node, natively
		for i, e := range []*driver{startNodeEngine(t, project, env, append([]string{"npx", "umax"}, c.args...)...), startNative(t, c.args...)} {
			var lines []string
			for _, command := range c.script { // a bestmove within 30 s: these searches take less than a second
				e.send(command)
				if strings.HasPrefix(command, "go") {
					lines = append(lines, e.within(30*time.Second, "bestmove", isBestmove)...)
				}
			}
			out[i] = withoutTimes(append(lines, e.sync()...))
		}
		if wantNative(t, "npx umax "+strings.Join(c.args, " "), out[0], out[1]) && !slices.ContainsFunc(out[0], isBestmove) {
			t.Errorf("npx umax %s: no bestmove:\n%s", strings.Join(c.args, " "), strings.Join(out[0], "\n"))
		}
		if c.args[0] == "-elo" && !slices.Contains(out[0], "option name UCI_Elo type spin default 800 min 589 max 1599") {
			t.Errorf("npx umax -elo 800: the uci answer does not offer UCI_Elo 800:\n%s", strings.Join(out[0], "\n"))
		}
	}
	// micro-Max's console dialogue: a move typed, then an empty line to think.
	e, native := startNodeEngine(t, project, env, "npx", "umax", "-classic", "-nodes", "2000"), startNative(t, "-classic", "-nodes", "2000")
	var transcripts [2][]string
	for i, x := range []*driver{e, native} {
		x.send("e2e4", "")
		x.in.Close()
		rest, _ := x.endedWithin(time.Minute)
		transcripts[i] = texts(rest)
	}
	if wantNative(t, "npx umax -classic", transcripts[0], transcripts[1]) && len(transcripts[0]) < 20 {
		t.Errorf("npx umax -classic: %q, a short game", transcripts[0])
	}
	// bench and the command's answers to bad flags.
	var bench strings.Builder
	runBench(newEngine(defaultHashEntries), 20000, &bench)
	total := regexp.MustCompile(`(?m)^\d+ nodes$`).FindString(bench.String())
	for _, c := range []struct {
		args       []string
		code       int
		out, error string
	}{
		{[]string{"-nodes", "20000", "bench"}, 0, total, ""},
		{[]string{"-hash", "1000"}, 2, "", "umax: -hash: want a whole number from 1 to 512"},
		{[]string{"-elo", "300"}, 2, "", "umax: -elo: want a whole number from 589 to 1599"},
		{[]string{"-nodes", "0"}, 2, "", "umax: -nodes must be at least 1"},
		{[]string{"-frobnicate"}, 2, "", "usage: umax [flags] [bench]"},
	} {
		cmd := exec.Command("npx", append([]string{"umax"}, c.args...)...)
		var stderr strings.Builder
		cmd.Dir, cmd.Env, cmd.Stderr = project, env, &stderr
		out, err := cmd.Output()
		code := 0
		if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != c.code || !strings.Contains(string(out), c.out) || !strings.Contains(stderr.String(), c.error) {
			t.Errorf("npx umax %s: exit code %d, output %q, error %q; want %d, %q, %q", strings.Join(c.args, " "), code, out, stderr.String(), c.code, c.out, c.error)
		}
	}
}

var npmSpeed = flag.Int("npm.speed", 0, "TestNpmSpeed: measure npx umax against the native engine this many times")

// TestNpmSpeed, run with -npm.speed N (and UMAX_FULL=1), measures the
// package under Node against the native engine (built here, a process of
// its own), N times: the time to uciok from the start of the command; the
// bench positions (main.go's, at micro-Max's budget: go nodes 1000000
// each, from an empty table), their nodes and nodes per second; isready's
// and stop's delays during go infinite; and the peak memory (VmHWM) of
// the process after the bench, with the default Hash and with Hash 16.
// doc/web.md gives the figures.
func TestNpmSpeed(t *testing.T) {
	if *npmSpeed == 0 {
		t.Skip("a measurement, not a test: -npm.speed N runs it N times")
	}
	needFull(t, "the npm package under Node (node and npm)")
	needProgram(t, "node", "nodejs")
	needProgram(t, "npx", "npm")
	tmp := t.TempDir()
	env := offlineNpmEnv(tmp)
	project := installNpmPackage(t, tmp, env)
	native := filepath.Join(tmp, "umax")
	if out, err := exec.Command("go", "build", "-o", native, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var bench []string
	for _, p := range benchPositions {
		bench = append(bench, "ucinewgame", strings.TrimSpace("position startpos moves "+p.moves), "go nodes 1000000")
	}
	bench[1] = "position startpos"
	// measure runs the command: its start, the bench, the delays during a
	// search, and its peak memory.
	measure := func(hash int, args ...string) (start time.Duration, nodes, ms int, ready, stop []time.Duration, peakKB int) {
		began := time.Now()
		e := startNodeEngine(t, project, env, args...)
		e.sync("uci")
		start = time.Since(began)
		if hash > 0 {
			e.sync(fmt.Sprintf("setoption name Hash value %d", hash))
		}
		for _, l := range e.run(bench) {
			if f := strings.Fields(l); len(f) == 7 && f[0] == "info" && f[1] == "nodes" {
				n, _ := strconv.Atoi(f[2])
				m, _ := strconv.Atoi(f[6])
				nodes, ms = nodes+n, ms+m
			}
		}
		for range 3 {
			e.send("position startpos moves e2e4", "go infinite")
			e.within(time.Minute, "depth 5", func(l string) bool { i, ok := parseInfo(l); return ok && i.depth >= 5 })
			sent := e.send("isready")
			e.within(time.Minute, "readyok", func(l string) bool { return l == "readyok" })
			ready = append(ready, time.Since(sent).Round(time.Millisecond))
			sent = e.send("stop")
			e.within(time.Minute, "bestmove", isBestmove)
			stop = append(stop, time.Since(sent).Round(time.Millisecond))
		}
		peakKB = peakMemoryKB(t, e.pid)
		e.send("quit")
		if _, ok := e.endedWithin(10 * time.Second); !ok {
			t.Errorf("%s did not end after quit", strings.Join(args, " "))
		}
		return start, nodes, ms, ready, stop, peakKB
	}
	for run := 1; run <= *npmSpeed; run++ {
		nStart, nNodes, nMS, nReady, nStop, nPeak := measure(0, native)
		wStart, wNodes, wMS, wReady, wStop, wPeak := measure(0, "node", "node_modules/umax/bin/umax.cjs")
		_, _, _, _, _, nSmall := measure(16, native)
		_, _, _, _, _, wSmall := measure(16, "node", "node_modules/umax/bin/umax.cjs")
		if nNodes != wNodes {
			t.Errorf("run %d: under Node %d nodes, natively %d", run, wNodes, nNodes)
		}
		nps := func(nodes, ms int) float64 { return float64(nodes) / float64(ms) / 1000 }
		t.Logf("run %d: %d nodes: native %.2f s, %.2f Mnodes/s; under Node %.2f s, %.2f Mnodes/s: %.0f%% of native", run, nNodes,
			float64(nMS)/1000, nps(nNodes, nMS), float64(wMS)/1000, nps(wNodes, wMS), 100*nps(wNodes, wMS)/nps(nNodes, nMS))
		t.Logf("run %d: uciok after: native %v, under Node %v; readyok after isready: native %v, Node %v; bestmove after stop: native %v, Node %v",
			run, nStart.Round(time.Millisecond), wStart.Round(time.Millisecond), nReady, wReady, nStop, wStop)
		t.Logf("run %d: peak memory after the bench, default Hash: native %d MB, Node %d MB; Hash 16: native %d MB, Node %d MB",
			run, nPeak/1024, wPeak/1024, nSmall/1024, wSmall/1024)
	}
}

// peakMemoryKB is a process's peak resident memory so far (Linux's VmHWM,
// in KiB); 0 where /proc does not say it.
func peakMemoryKB(t *testing.T, pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Logf("no peak memory: %v", err)
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return kb
		}
	}
	return 0
}

// npmOptionsTable is the table of settings the package's README gives,
// rendered from the engine's table of options (options.go) as the engine
// in WebAssembly has them (its Hash goes up to workerHashMB): each row's
// UCI option, XBoard (CECP) option and flag, its values and the default a
// new UCI session declares.
func npmOptionsTable() string {
	session := newUCISession(newEngine(1<<10), io.Discard, config{maxMemory: workerHashMB}) // a small table: Hash's default is its row's
	e, c := session.e, &session.cfg
	name := func(s, prefix string) string {
		if s == "" {
			return "–"
		}
		return "`" + prefix + s + "`"
	}
	rows := []string{"| UCI | XBoard | flag | values | default |", "|---|---|---|---|---|"}
	for i := range options {
		o := &options[i]
		var values, def string
		switch o.kind {
		case spinOption:
			values, def = fmt.Sprintf("%d to %d", o.lo, o.maxValue(e, c)), strconv.Itoa(o.get(e, c))
			if o.uci == "Hash" {
				values, def = values+" MiB", strconv.Itoa(o.def)
			}
			if o.flagZero {
				values += ", 0 (the flag: full strength)"
			}
		case checkOption:
			values, def = "true, false", strconv.FormatBool(o.get(e, c) != 0)
		case buttonOption:
			values, def = "a button", "–"
		}
		rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s | %s |", name(o.uci, ""), name(o.cecp, ""), name(o.flag, "-"), values, def))
	}
	return strings.Join(rows, "\n") + "\n"
}

// TestNpmReadme checks the package's README against the engine, so that it
// cannot go stale: its table of settings is npmOptionsTable, and every
// option of the engine's uci answer (the WebAssembly engine's Hash range)
// is in it with its range; every flag of the command line is named, as
// -flag in backquotes; and it tells how to install from the tarball, not
// from the registry, where the package is not published.
func TestNpmReadme(t *testing.T) {
	data := readFile(t, "web/npm/README.md")
	readme := string(data)
	table := npmOptionsTable()
	if !strings.Contains(readme, table) {
		t.Errorf("web/npm/README.md has not the engine's table of settings; it should read:\n%s", table)
	}
	native := startNative(t)
	rows := strings.Split(table, "\n")
	declared := regexp.MustCompile(`^option name (.+?) type (\w+)(?: default (\S*))?(?: min (-?\d+) max (-?\d+))?$`)
	for _, l := range native.sync("uci") {
		m := declared.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		i := slices.IndexFunc(rows, func(r string) bool { return strings.HasPrefix(r, "| `"+m[1]+"` |") })
		switch {
		case i < 0:
			t.Errorf("the engine declares %q; the README's table has no row for it", l)
		case m[2] == "spin" && !strings.Contains(rows[i], fmt.Sprintf("| %s to %s", m[4], m[5])):
			t.Errorf("the engine declares %q; the README's row: %q", l, rows[i])
		case m[3] != "" && !strings.HasSuffix(rows[i], "| "+m[3]+" |"):
			t.Errorf("the engine declares %q; the README's row: %q", l, rows[i])
		}
	}
	fs := flag.NewFlagSet("umax", flag.ContinueOnError)
	_, err := parseCommandLine(fs, nil)
	must(t, err)
	fs.VisitAll(func(f *flag.Flag) {
		if !strings.Contains(readme, "`-"+f.Name) {
			t.Errorf("the README does not name the flag -%s", f.Name)
		}
	})
	for _, want := range []string{"scripts/web.sh pack", "npm install ./umax-", "E404"} {
		if !strings.Contains(readme, want) {
			t.Errorf("the README does not say %q", want)
		}
	}
	if regexp.MustCompile("(?m)^ *npm install umax *$").MatchString(readme) {
		t.Errorf("the README tells to npm install umax, which is not published")
	}
}

// TestWasmOutsideWorker runs the engine compiled to WebAssembly under Go's
// own runner for Node (wasm_exec_node.js), outside a worker: main reads
// standard input as natively (worker_js.go's init finds no worker), and
// isready is answered. (It once waited for a warm-up of the worker's,
// since gone, that never ran here: "all goroutines are asleep".)
func TestWasmOutsideWorker(t *testing.T) {
	needFull(t, "the engine in WebAssembly under Go's runner for Node")
	node := needProgram(t, "node", "nodejs")
	tmp := t.TempDir()
	wasm := filepath.Join(tmp, "umax.wasm")
	build := exec.Command("go", "build", "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build for js/wasm: %v\n%s", err, out)
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	must(t, err)
	runner := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec_node.js")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, runner, wasm, "-uci")
	cmd.Stdin = strings.NewReader("uci\nisready\nposition startpos\ngo depth 3\nisready\nquit\n")
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Count(string(out), "readyok\n") != 2 || !strings.Contains(string(out), "bestmove c2c4") {
		t.Errorf("uci, isready, go depth 3, isready, quit under %s: %v\n%s", runner, err, out)
	}
}
