package browsertest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// packagePage is the page of a project that has installed the npm package:
// an import map stands in for a bundler, giving "umax" the package's
// browser entry, as a bundler resolves it (the exports' "browser"
// condition). The page puts the entry in window.umax, and runs the
// README's example (a module script) when asked, collecting what it
// prints.
const packagePage = `<!doctype html>
<meta charset="utf-8">
<title>umax from npm</title>
<link rel="icon" href="data:,">
<script type="importmap">{"imports": {"umax": "./node_modules/umax/browser.mjs"}}</script>
<script type="module">
window.umax = await import("umax");
window.printed = [];
const log = console.log;
console.log = (...args) => { window.printed.push(args.join(" ")); log(...args); };
window.runExample = (code) => {
  const s = document.createElement("script");
  s.type = "module";
  s.textContent = code;
  document.body.append(s);
};
document.body.dataset.ready = "true";
</script>
<body></body>
`

// TestPackageWorker packs the npm package (scripts/web.sh pack), installs
// it offline into an empty project, and serves the project: the worker
// that the package's browser entry starts searches as the native engine
// does, node for node, over golden games of the C program; it answers
// isready during a search and stops; new Worker(workerURL) runs too; and
// the README's browser example prints the native engine's search.
func TestPackageWorker(t *testing.T) {
	needBrowser(t)
	setUp(t)
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatal("npm is not installed: the package test needs Debian's package npm (apt-get install npm)")
	}
	project := installPackage(t, npm)
	server := httptest.NewServer(http.FileServer(http.Dir(project)))
	t.Cleanup(server.Close)
	b := startBrowser(t, 10*time.Minute)
	b.open(server.URL + "/index.html")
	n := startNative(t)

	// Node for node, in a worker from startWorker().
	for _, game := range []string{"classic/castling-ep.50000", "classic/stalemate.50000", "classic/selfplay-qgd.20000"} {
		script, native := goldenScript(t, n, game)
		worker := b.runWorkerFrom("() => umax.startWorker()", append([]string{"uci"}, script...))
		if got, want := searchLines(worker), searchLines(native); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: the package's worker differs from the native engine:\nworker:\n%s\nnative:\n%s", game, strings.Join(got, "\n"), strings.Join(want, "\n"))
			continue
		}
		t.Logf("%s: the package's worker searched as the native engine", game)
	}

	// isready during a search, and stop; new Worker(workerURL).
	var out struct {
		Lines           []string
		ReadyAt, BestAt float64 // ms after isready, after stop
		ByURL           []string
	}
	b.eval(`(async () => {
  const w = umax.startWorker();
  const lines = [];
  let waiting = null;
  w.onmessage = (e) => { lines.push(e.data); if (waiting && waiting.test(e.data)) { const r = waiting.resolve; waiting = null; r(performance.now()); } };
  const until = (test) => new Promise((resolve) => { waiting = { test, resolve }; });
  let r = until((l) => l === "uciok"); w.postMessage("uci"); await r;
  r = until((l) => l.startsWith("info depth 5")); w.postMessage("position startpos moves e2e4"); w.postMessage("go infinite"); await r;
  let t0 = performance.now();
  r = until((l) => l === "readyok" || l.startsWith("bestmove")); w.postMessage("isready"); const readyAt = (await r) - t0;
  t0 = performance.now();
  r = until((l) => l.startsWith("bestmove")); w.postMessage("stop"); const bestAt = (await r) - t0;
  w.terminate();
  const v = new Worker(umax.workerURL);
  const byURL = [];
  await new Promise((resolve) => { v.onmessage = (e) => { byURL.push(e.data); if (e.data === "readyok") resolve(); }; v.postMessage("uci"); v.postMessage("isready"); });
  v.terminate();
  return { lines, readyAt, bestAt, byURL };
})()`, &out)
	t.Logf("during go infinite: readyok %.0f ms after isready, bestmove %.0f ms after stop", out.ReadyAt, out.BestAt)
	text := strings.Join(out.Lines, "\n")
	if ready, best := strings.Index(text, "readyok"), strings.Index(text, "bestmove"); ready < 0 || ready > best || strings.Count(text, "bestmove") != 1 {
		t.Errorf("isready during go infinite, then stop:\n%s", text)
	}
	if out.ReadyAt > 2000 || out.BestAt > 2000 {
		t.Errorf("during a search readyok took %.0f ms and stop's bestmove %.0f ms", out.ReadyAt, out.BestAt)
	}
	if len(out.ByURL) < 2 || out.ByURL[0] != "id name micro-Max 4.1 (Go) "+packageVersion || out.ByURL[len(out.ByURL)-1] != "readyok" {
		t.Errorf("new Worker(workerURL): %q", out.ByURL)
	}

	// The README's browser example, as it is written.
	readme, err := os.ReadFile(filepath.Join(project, "node_modules", "umax", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```js\n(.*?)```").FindAllStringSubmatch(string(readme), -1)
	if len(blocks) != 2 {
		t.Fatalf("the README has %d examples, want 2 (Node's, the browser's)", len(blocks))
	}
	b.eval("runExample("+jsString(blocks[1][1])+")", nil)
	b.waitJS(`window.printed.some((l) => l.startsWith("bestmove"))`, time.Minute)
	var printed []string
	b.eval(`window.printed`, &printed)
	native := n.run(t, []string{"ucinewgame", "position startpos moves e2e4", "go nodes 30000"}) // a fresh table, as a new worker has
	if got, want := searchLines(printed), searchLines(native); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the README's example printed\n%s\nthe native engine\n%s", strings.Join(printed, "\n"), strings.Join(native, "\n"))
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// packageVersion is the version the test packs the package with.
const packageVersion = "0.0.0-test"

// installPackage packs the package into a temporary folder and installs it
// into an empty project there, with no network (the registry a closed
// port, npm offline, a cache of its own), and writes packagePage into it;
// it returns the project's folder.
func installPackage(t *testing.T, npm string) string {
	t.Helper()
	tmp := t.TempDir()
	env := append(os.Environ(), "npm_config_offline=true", "npm_config_registry=http://127.0.0.1:9/",
		"npm_config_cache="+filepath.Join(tmp, "npm-cache"), "npm_config_audit=false", "npm_config_fund=false",
		"npm_config_update_notifier=false")
	run := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	run(repoRoot, "sh", "scripts/web.sh", "pack", packageVersion, filepath.Join(tmp, "dist"))
	project := filepath.Join(tmp, "project")
	if err := os.Mkdir(project, 0o755); err != nil {
		t.Fatal(err)
	}
	run(project, npm, "install", filepath.Join(tmp, "dist", "umax-"+packageVersion+".tgz"))
	if err := os.WriteFile(filepath.Join(project, "index.html"), []byte(packagePage), 0o644); err != nil {
		t.Fatal(err)
	}
	return project
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "`", "\\`", "$", `\$`)
	return "`" + r.Replace(s) + "`"
}
