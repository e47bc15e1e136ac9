// Package browsertest drives the browser page (web/) and its UCI worker in
// a real headless Chromium (Debian's chromium), with real mouse and key
// events, and compares the worker's searches with the native engine's. It
// is a module of its own, so that the engine's go.mod keeps only go-cmp;
// the root's "go test ./..." does not enter it.
//
//	cd web/browsertest && UMAX_FULL=1 go test -count=1 .
//
// Without UMAX_FULL=1 every test is skipped, saying so; with it, a missing
// chromium fails the tests. The tests build the engine twice from the
// repository (../..): natively, and for the page (GOOS=js GOARCH=wasm, with
// Go's wasm_exec.js), serve a copy of web/ on a loopback port, and save the
// screenshots the README and doc/web.md show into doc/ (web.png,
// web-tree.png, web-compare.png, web-levels.png). TestWorkerSpeed, with -speed, prints the worker's
// speed against the native engine's (scripts/web-speed.sh).
package browsertest

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var (
	speedRuns = flag.Int("speed", 0, "TestWorkerSpeed: measure the worker's speed against the native engine this many times")
	saveShots = flag.Bool("screenshots", false, "save the screenshots of the README and doc/web.md into doc/ (scripts/web.sh screenshots)")
)

// repoRoot is the repository, two folders up.
var repoRoot, _ = filepath.Abs(filepath.Join("..", ".."))

// site is what the tests share: the page served from a temporary folder,
// and the native engine, built once.
var site struct {
	once   sync.Once
	err    error
	dir    string // the temporary folder: web/ with umax.wasm and wasm_exec.js, and the native umax
	server *httptest.Server
	page   string // the page's URL
	native string // the native engine's path

	mu     sync.Mutex
	served map[string]int // the bytes of each path served so far
}

// countingWriter counts the bytes of a response's body.
type countingWriter struct {
	http.ResponseWriter
	n int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	w.n += n
	return n, err
}

// servedBytes returns the bytes served so far, by path, and resets the count.
func servedBytes() map[string]int {
	site.mu.Lock()
	defer site.mu.Unlock()
	served := site.served
	site.served = map[string]int{}
	return served
}

// needBrowser skips the test unless UMAX_FULL=1, and then fails if
// chromium is missing; it returns its path.
func needBrowser(t *testing.T) string {
	t.Helper()
	if os.Getenv("UMAX_FULL") != "1" {
		t.Skip("the browser tests need Chromium: set UMAX_FULL=1 to run them")
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Fatal("chromium is not installed: the browser tests need Debian's package chromium (apt-get install chromium)")
	return ""
}

// setUp builds the page's engine and the native one, and serves the page.
func setUp(t *testing.T) {
	t.Helper()
	site.once.Do(func() {
		dir, err := os.MkdirTemp("", "umax-browsertest-")
		if err != nil {
			site.err = err
			return
		}
		site.dir = dir
		site.err = buildSite(dir)
		if site.err != nil {
			return
		}
		files := http.FileServer(http.Dir(dir))
		site.server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			cw := &countingWriter{ResponseWriter: w}
			files.ServeHTTP(cw, r)
			site.mu.Lock()
			site.served[r.URL.Path] += cw.n
			site.mu.Unlock()
		}))
		site.served = map[string]int{}
		site.page = site.server.URL + "/web/"
		site.native = filepath.Join(dir, "umax")
	})
	if site.err != nil {
		t.Fatal(site.err)
	}
}

// buildSite copies web/ into dir/web (without this module), builds
// umax.wasm and the native umax from the repository, and copies Go's
// wasm_exec.js, as scripts/web.sh does.
func buildSite(dir string) error {
	web := filepath.Join(repoRoot, "web")
	err := filepath.Walk(web, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(web, path)
		if info.IsDir() {
			if rel == "browsertest" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dir, "web", rel), 0o755)
		}
		if rel == "umax.wasm" || rel == "wasm_exec.js" { // built here, fresh
			return nil
		}
		return copyFile(path, filepath.Join(dir, "web", rel))
	})
	if err != nil {
		return err
	}
	// The chapters the page renders (doc.html): README.md and doc/, as the
	// repository has them beside web/.
	if err := copyFile(filepath.Join(repoRoot, "README.md"), filepath.Join(dir, "README.md")); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, "doc"), 0o755); err != nil {
		return err
	}
	doc := filepath.Join(repoRoot, "doc")
	err = filepath.Walk(doc, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(doc, path)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dir, "doc", rel), 0o755)
		}
		return copyFile(path, filepath.Join(dir, "doc", rel))
	})
	if err != nil {
		return err
	}
	wasm := exec.Command("go", "build", "-trimpath", "-o", filepath.Join(dir, "web", "umax.wasm"), ".")
	wasm.Dir, wasm.Env = repoRoot, append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := wasm.CombinedOutput(); err != nil {
		return fmt.Errorf("building umax.wasm: %v\n%s", err, out)
	}
	native := exec.Command("go", "build", "-o", filepath.Join(dir, "umax"), ".")
	native.Dir = repoRoot
	if out, err := native.CombinedOutput(); err != nil {
		return fmt.Errorf("building umax: %v\n%s", err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return err
	}
	return copyFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"), filepath.Join(dir, "web", "wasm_exec.js"))
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if site.server != nil {
		site.server.Close()
	}
	if site.dir != "" {
		os.RemoveAll(site.dir)
	}
	os.Exit(code)
}

// browser is a headless Chromium with one tab on the page, and the
// console's errors.
type browser struct {
	t      *testing.T
	ctx    context.Context
	mu     sync.Mutex
	errors []string
}

// newBrowser starts Chromium with the flags that keep it off the network
// (which is closed here), a fresh profile, and opens the page.
func newBrowser(t *testing.T, timeout time.Duration) *browser {
	t.Helper()
	needBrowser(t)
	setUp(t)
	b := startBrowser(t, timeout)
	b.open(site.page)
	return b
}

// startBrowser starts Chromium, as newBrowser does, on an empty tab.
func startBrowser(t *testing.T, timeout time.Duration) *browser {
	t.Helper()
	path := needBrowser(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-default-apps", true), chromedp.Flag("disable-extensions", true),
		chromedp.Flag("hide-scrollbars", true),
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(ctx)
	t.Cleanup(cancelTab)
	b := &browser{t: t, ctx: ctx}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == "error" || m.IsException() {
				b.mu.Lock()
				b.errors = append(b.errors, m.String())
				b.mu.Unlock()
			}
		}
	}()
	return b
}

// open loads a page, and waits until it says it is ready (its body's
// data-ready attribute).
func (b *browser) open(url string) {
	b.t.Helper()
	b.do(chromedp.Navigate(url))
	b.waitJS(`document.body.dataset.ready === "true"`, time.Minute)
}

// do runs actions in the tab, failing the test on an error.
func (b *browser) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

// eval evaluates JavaScript (awaiting a promise) into v.
func (b *browser) eval(expression string, v any) {
	b.t.Helper()
	raw, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]byte](expression, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("%.200s: %v", expression, err)
	}
	if v != nil {
		if err := json.Unmarshal(raw, v); err != nil {
			b.t.Fatalf("%.200s: %v: %s", expression, err, raw)
		}
	}
}

// waitJS waits until a JavaScript condition holds.
func (b *browser) waitJS(condition string, timeout time.Duration) {
	b.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var ok bool
		b.eval("Boolean("+condition+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waited %v for %s", timeout, condition)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// consoleErrors returns the console's errors so far.
func (b *browser) consoleErrors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.errors...)
}

// screenshot saves into doc/ a screenshot of an element (a CSS selector),
// or with view of the window scrolled so that the element is at its top.
func (b *browser) screenshot(selector, name string, view bool) {
	b.t.Helper()
	if !*saveShots {
		return
	}
	shot := chromedp.Screenshot(chromedp.CSS(selector))
	if view {
		b.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: "start"})`, selector)))
		shot = chromedp.CaptureScreenshot()
	}
	png, err := chromedp.Run(b.ctx, shot)
	if err != nil {
		b.t.Fatal(err)
	}
	path := filepath.Join(repoRoot, "doc", name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("saved %s (%d bytes)", path, len(png))
}

// look saves a screenshot of an element into the folder $UMAX_SHOTS, if
// set, to look at what a test saw (the doc's screenshots are screenshot's).
func (b *browser) look(selector, name string) {
	b.t.Helper()
	dir := os.Getenv("UMAX_SHOTS")
	if dir == "" {
		return
	}
	b.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: "start"})`, selector)))
	png, err := chromedp.Run(b.ctx, chromedp.Screenshot(chromedp.CSS(selector)))
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// --- The native engine ----------------------------------------------------------

// nativeEngine is the native umax in UCI mode.
type nativeEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startNative(t *testing.T) *nativeEngine {
	t.Helper()
	cmd := exec.Command(site.native, "-uci", "-lab") // the laboratory, as the page's worker (labWorker)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	n := &nativeEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	n.out.Buffer(nil, 64<<20)
	t.Cleanup(func() { in.Close(); cmd.Wait() })
	return n
}

// run sends the script's lines and returns the output; after a go it waits
// for the bestmove, and after the script for the answer to an isready.
func (n *nativeEngine) run(t *testing.T, script []string) []string {
	t.Helper()
	var lines []string
	wait := func(done func(string) bool) {
		for n.out.Scan() {
			lines = append(lines, n.out.Text())
			if done(n.out.Text()) {
				return
			}
		}
		t.Fatalf("the native engine ended: %v", n.out.Err())
	}
	for _, c := range script {
		fmt.Fprintln(n.in, c)
		if strings.HasPrefix(c, "go ") {
			wait(func(l string) bool { return strings.HasPrefix(l, "bestmove") })
		}
	}
	fmt.Fprintln(n.in, "isready")
	wait(func(l string) bool { return l == "readyok" })
	return lines[:len(lines)-1]
}

// workerRunJS runs a script in a new worker (the page's, unless start
// makes another) as nativeEngine.run does, and returns its output lines;
// it fails at once if the worker cannot load its files.
const workerRunJS = `(async (script, start = () => new Worker("umax-worker.js?arg=-lab")) => {
  const w = start();
  const lines = [];
  let waiting = null, fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  w.onerror = (e) => fail(new Error("the worker failed: " + e.message));
  w.onmessage = (e) => {
    lines.push(e.data);
    if (e.data.startsWith("info string umax-worker:")) fail(new Error(e.data));
    if (waiting && waiting.test(e.data)) { const r = waiting.resolve; waiting = null; r(); }
  };
  const until = (test) => Promise.race([failed, new Promise((resolve) => { waiting = { test, resolve }; })]);
  for (const c of script) {
    const done = c.startsWith("go ") ? until((l) => l.startsWith("bestmove")) : null;
    w.postMessage(c);
    if (done) await done;
  }
  const ready = until((l) => l === "readyok");
  w.postMessage("isready");
  await ready;
  w.terminate();
  return lines.slice(0, -1);
})`

// runWorker runs a script in a new worker of the page.
func (b *browser) runWorker(script []string) []string {
	b.t.Helper()
	return b.runWorkerFrom("undefined", script)
}

// runWorkerFrom runs a script in a new worker that start, a JavaScript
// function (or undefined: the page's), makes.
func (b *browser) runWorkerFrom(start string, script []string) []string {
	b.t.Helper()
	js, _ := json.Marshal(script)
	var lines []string
	b.eval(workerRunJS+"("+string(js)+", "+start+")", &lines)
	return lines
}

// searchLines keeps what node identity compares: the info lines with a
// depth and the bestmoves, without their speed and time.
func searchLines(lines []string) []string {
	var out []string
	speed := regexp.MustCompile(` nps \d+ time \d+`)
	for _, l := range lines {
		if strings.HasPrefix(l, "info depth") || strings.HasPrefix(l, "bestmove") {
			out = append(out, speed.ReplaceAllString(l, ""))
		}
	}
	return out
}
