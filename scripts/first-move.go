//go:build ignore

// first-move times the first search of a freshly started engine against
// the same search sent again two seconds later (warm), natively and under
// Node (the npm package's engine, umax.wasm in a worker thread).
//
//	go run scripts/first-move.go [-runs N] [-native=false] [-node=false] [-src DIR,DIR...]
//
// For each of four searches it starts the engine, sends at once
//
//	uci / position startpos / GO
//
// as a GUI that does not wait does, and reads the engine's lines until
// bestmove; two seconds later it sends "ucinewgame" and "isready" (an
// empty table again, as at the start) and after readyok "position
// startpos" and GO again.
// GO is "go depth 3", "go movetime 50", the first move of a 1+0.01 game
// ("go wtime 1000 btime 1000 winc 10 binc 10"), and "go nodes 20000",
// whose work (35,624 nodes) does not depend on the clock, so that its time
// shows how fast the code runs (a timed search that runs slow code
// searches less instead, as the clock decides). It prints, in
// milliseconds, the time from the process's start to uciok (the engine's
// start: Node's and the WebAssembly's, the table's allocation and
// fault-in), to CECP's "feature done=1" in another fresh engine sent
// "xboard" and "protover 2", to readyok in the "synced" engine below, to
// the first bestmove, the first search (bestmove less uciok), the warm
// search (from sending the go to bestmove), and the nodes each searched
// (the timed searches search for their time: a slow first search shows
// as fewer nodes). "synced" is the same first search in another fresh
// engine started as a GUI starts one before a game (uci, ucinewgame,
// isready, and after readyok position and GO), timed from the go as the
// game's clock is. Each engine runs in its own process, N times (5), the
// engines alternated; the medians follow, with the load average before and
// after, since on a loaded machine the times move with the load.
//
// It builds the native engine and the package's engine from this checkout
// (or from each DIR, to compare builds: git archive COMMIT | tar -x -C DIR)
// into a temporary directory (the package staged as
// scripts/web.sh pack stages it, without npm).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// searches are the go commands timed.
var searches = []struct{ name, goCmd string }{
	{"depth 3", "go depth 3"},
	{"movetime 50", "go movetime 50"},
	{"1+0.01 game", "go wtime 1000 btime 1000 winc 10 binc 10"},
	{"nodes 20000", "go nodes 20000"}, // the same work every time: its time is the code's speed
}

// sample is one process's figures.
type sample struct {
	uciok, done, ready, first, warm, synced time.Duration
	firstNodes, warmNodes, syncNodes        int
}

func main() {
	runs := flag.Int("runs", 5, "processes per engine and search")
	native := flag.Bool("native", true, "time the native engine")
	node := flag.Bool("node", true, "time the engine under Node")
	srcs := flag.String("src", ".", "the source trees to build the engines from, separated by commas (another commit: git archive COMMIT | tar -x -C DIR)")
	flag.Parse()
	dir, err := os.MkdirTemp("", "first-move")
	check(err)
	defer os.RemoveAll(dir)
	var engines []engine
	for i, src := range strings.Split(*srcs, ",") {
		src, err := filepath.Abs(src)
		check(err)
		label := ""
		if strings.Contains(*srcs, ",") {
			label = "@" + filepath.Base(src)
		}
		out := filepath.Join(dir, strconv.Itoa(i))
		check(os.Mkdir(out, 0o755))
		if *native {
			bin := filepath.Join(out, "umax")
			build := exec.Command("go", "build", "-o", bin, ".")
			build.Dir = src
			run(build)
			engines = append(engines, engine{"native" + label, []string{bin}}) // the first command chooses the protocol
		}
		if *node {
			engines = append(engines, engine{"node" + label, []string{"node", stageNode(src, out)}})
		}
	}
	fmt.Printf("%s, %s/%s, %d CPUs, %d runs\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), *runs)
	fmt.Printf("load average before: %s\n", loadAverage())
	fmt.Printf("%-16s %-12s %8s %8s %8s %8s %8s %8s %8s %10s %10s %10s\n", "engine", "search", "uciok", "done=1", "readyok", "first", "search1", "warm", "synced", "nodes1", "nodes-warm", "nodes-sync")
	for _, s := range searches {
		all := make([][]sample, len(engines))
		for range *runs { // the engines alternated
			for i, eng := range engines {
				all[i] = append(all[i], eng.time(s.goCmd))
			}
		}
		for i, eng := range engines {
			for r, x := range all[i] {
				fmt.Printf("%-16s %-12s %8s %8s %8s %8s %8s %8s %8s %10d %10d %10d   run %d\n", eng.name, s.name, ms(x.uciok), ms(x.done), ms(x.ready), ms(x.first), ms(x.first-x.uciok), ms(x.warm), ms(x.synced), x.firstNodes, x.warmNodes, x.syncNodes, r+1)
			}
		}
		for i, eng := range engines {
			med := func(f func(sample) int64) int64 {
				v := make([]int64, len(all[i]))
				for r, x := range all[i] {
					v[r] = f(x)
				}
				slices.Sort(v)
				return v[len(v)/2]
			}
			fmt.Printf("%-16s %-12s %8s %8s %8s %8s %8s %8s %8s %10d %10d %10d   median\n", eng.name, s.name,
				ms(time.Duration(med(func(x sample) int64 { return int64(x.uciok) }))),
				ms(time.Duration(med(func(x sample) int64 { return int64(x.done) }))),
				ms(time.Duration(med(func(x sample) int64 { return int64(x.ready) }))),
				ms(time.Duration(med(func(x sample) int64 { return int64(x.first) }))),
				ms(time.Duration(med(func(x sample) int64 { return int64(x.first - x.uciok) }))),
				ms(time.Duration(med(func(x sample) int64 { return int64(x.warm) }))),
				ms(time.Duration(med(func(x sample) int64 { return int64(x.synced) }))),
				med(func(x sample) int64 { return int64(x.firstNodes) }),
				med(func(x sample) int64 { return int64(x.warmNodes) }),
				med(func(x sample) int64 { return int64(x.syncNodes) }))
		}
	}
	fmt.Printf("load average after: %s\n", loadAverage())
}

// engine is a command line that runs a UCI engine.
type engine struct {
	name string
	args []string
}

// time starts the engine, times its first search of goCmd and then the
// same search warm, and ends it.
func (eng engine) time(goCmd string) sample {
	var s sample
	cmd, in, out, start := eng.start("uci\nposition startpos\n" + goCmd + "\n")
	s.uciok, _ = await(out, start, "uciok")
	s.first, s.firstNodes = await(out, start, "bestmove")
	time.Sleep(2 * time.Second)
	_, err := io.WriteString(in, "ucinewgame\nisready\n") // the same search from the same empty table
	check(err)
	await(out, start, "readyok")
	again := time.Now()
	_, err = io.WriteString(in, "position startpos\n"+goCmd+"\n")
	check(err)
	s.warm, s.warmNodes = await(out, again, "bestmove")
	eng.end(cmd, in, out)
	s.ready, s.synced, s.syncNodes = eng.timeSynced(goCmd)
	s.done = eng.timeDone()
	return s
}

// timeDone starts the engine as XBoard does (xboard, protover 2) and
// returns the time from the start to "feature done=1".
func (eng engine) timeDone() time.Duration {
	cmd, in, out, start := eng.start("xboard\nprotover 2\n")
	took, _ := await(out, start, "feature done=1")
	eng.end(cmd, in, out)
	return took
}

// timeSynced starts the engine as a GUI does before a game (uci,
// ucinewgame and isready, waiting for readyok), and returns the time from
// the start to readyok, and the time and nodes of the search of goCmd from
// the go, as the game's clock times it.
func (eng engine) timeSynced(goCmd string) (ready, took time.Duration, nodes int) {
	cmd, in, out, start := eng.start("uci\nucinewgame\nisready\n")
	ready, _ = await(out, start, "readyok")
	again := time.Now()
	_, err := io.WriteString(in, "position startpos\n"+goCmd+"\n")
	check(err)
	took, nodes = await(out, again, "bestmove")
	eng.end(cmd, in, out)
	return ready, took, nodes
}

// start starts the engine and sends it input at once; it returns the
// time it started.
func (eng engine) start(input string) (*exec.Cmd, io.WriteCloser, *bufio.Reader, time.Time) {
	cmd := exec.Command(eng.args[0], eng.args[1:]...)
	in, err := cmd.StdinPipe()
	check(err)
	out, err := cmd.StdoutPipe()
	check(err)
	cmd.Stderr = os.Stderr
	start := time.Now()
	check(cmd.Start())
	_, err = io.WriteString(in, input)
	check(err)
	return cmd, in, bufio.NewReader(out), start
}

// end has the engine quit and waits until it has.
func (engine) end(cmd *exec.Cmd, in io.WriteCloser, out io.Reader) {
	io.WriteString(in, "quit\n")
	in.Close()
	io.Copy(io.Discard, out)
	check(cmd.Wait())
}

// await reads lines until one that starts with prefix, and returns the time
// since start when it came and the nodes of the last info line before it.
func await(out *bufio.Reader, start time.Time, prefix string) (time.Duration, int) {
	nodes := 0
	for {
		line, err := out.ReadString('\n')
		if err != nil {
			fmt.Fprintf(os.Stderr, "first-move: the engine ended before %q: %v\n", prefix, err)
			os.Exit(1)
		}
		if strings.HasPrefix(line, prefix) {
			return time.Since(start), nodes
		}
		f := strings.Fields(line)
		if i := slices.Index(f, "nodes"); len(f) > 0 && f[0] == "info" && i >= 0 && i+1 < len(f) {
			nodes, _ = strconv.Atoi(f[i+1])
		}
	}
}

// stageNode puts the npm package's files of src (web/npm, web/umax-worker.js, the
// engine compiled to WebAssembly, wasm_exec.js) into dir/npm and returns
// its command-line entry.
func stageNode(src, dir string) string {
	stage := filepath.Join(dir, "npm")
	run(exec.Command("cp", "-R", filepath.Join(src, "web/npm")+"/.", stage+"/"))
	run(exec.Command("cp", filepath.Join(src, "web/umax-worker.js"), stage+"/"))
	build := exec.Command("go", "build", "-trimpath", "-o", filepath.Join(stage, "umax.wasm"), ".")
	build.Dir = src
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	run(build)
	root, err := exec.Command("go", "env", "GOROOT").Output()
	check(err)
	run(exec.Command("cp", filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"), stage+"/"))
	return filepath.Join(stage, "bin", "umax.cjs")
}

// loadAverage is /proc/loadavg's three averages (empty where there is none).
func loadAverage() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

func run(cmd *exec.Cmd) {
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	check(cmd.Run())
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "first-move:", err)
		os.Exit(1)
	}
}
