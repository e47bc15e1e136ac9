//go:build js && wasm

package main

// The engine in a browser: a Web Worker that speaks UCI over postMessage,
// as stockfish.js does. web/umax-worker.js loads this program (umax.wasm,
// built with GOOS=js GOARCH=wasm) and sets up the object umaxWorker; a page
// or a web GUI then talks to the worker:
//
//	const w = new Worker('umax-worker.js')
//	w.onmessage = e => console.log(e.data) // one output line per message
//	w.postMessage('uci')
//
// Every message is one command line (several lines in one message are
// taken one by one), run by the UCI session of uci.go exactly as standard
// input is natively, so every search counts the nodes the native engine
// and the C program count. The page's own commands (umax state, umax tree,
// ...) are uci_web.go's.
//
// The npm package runs the same program in a Node worker thread
// (web/npm/node-worker.cjs, behind "npx umax"), whose umaxWorker asks for
// three things more: chooseProtocol, the first command chooses the
// protocol as natively (main.go's runProtocol): "uci" a UCI session,
// anything else a CECP one; end(), set here, ends the input as the end of
// standard input does; and schedule(f), its way to call f after the
// messages waiting (see yieldToHost). Its arguments (npx umax -elo 800)
// are the program's command line, read as main reads the native one.
//
// Go in a browser is one thread with no preemption: while the search runs,
// the worker's event loop does not, and the messages posted to it wait.
// So the job's stop poll (searchJob.poll, which the search calls every
// stopPollNodes nodes) calls pollHost, which every yieldEvery hands the thread to the event loop
// for a moment (yieldToHost): the messages waiting are read, stop and
// isready are answered, a movetime's timer fires, and the search goes on.

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall/js"
	"time"
)

// yieldEvery is how long the search runs between two looks at the worker's
// messages: the longest a stop or an isready waits (besides the 4096 nodes
// between polls). A look costs a few microseconds (doc/web.md measures it).
const yieldEvery = 10 * time.Millisecond

// host is the JavaScript side of the worker (umax-worker.js's umaxWorker),
// and the channel yieldToHost waits on; zero outside a worker.
var host struct {
	worker  js.Value      // umaxWorker: post(line), ready(), and receive and end set here
	wakeUp  func()        // asks the event loop to call wake after the messages waiting
	resumed chan struct{} // wake was called
	last    time.Time     // when the search last looked at the messages
}

// runWorker runs the engine as a Web Worker's UCI engine (or, if asked,
// in the protocol of the first command, or what the command line's flags
// ask for: workerCommandLine), if the program runs in one
// (umax-worker.js or node-worker.cjs has set up umaxWorker), until quit or
// the end of input; it reports whether it did. Elsewhere (Go's own wasm
// runner under node, say) main goes on as usual.
func runWorker() bool {
	worker := js.Global().Get("umaxWorker")
	if worker.Type() != js.TypeObject {
		return false
	}
	host.worker = worker
	host.resumed = make(chan struct{}, 1)
	wake := js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case host.resumed <- struct{}{}:
		default:
		}
		return nil
	})
	if schedule := worker.Get("schedule"); schedule.Type() == js.TypeFunction {
		// The worker's own way (node-worker.cjs: setImmediate; a Node port
		// reads a thousand messages to itself before another port's).
		host.wakeUp = func() { schedule.Invoke(wake) }
	} else {
		// A message to itself on a MessageChannel, read after those waiting.
		channel := js.Global().Get("MessageChannel").New()
		channel.Get("port2").Set("onmessage", wake)
		port := channel.Get("port1")
		host.wakeUp = func() { port.Call("postMessage", 0) }
	}

	warmUp()
	prefaultTables = true // touch the table's pages between the messages (table_js.go)
	cl, e := workerCommandLine()
	q := &lineQueue{wake: make(chan struct{}, 1)}
	q.last.Store(time.Now().UnixNano())
	receive := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			q.add(messageText(args[0]))
		}
		return nil
	})
	end := js.FuncOf(func(js.Value, []js.Value) any {
		q.end()
		return nil
	})
	worker.Set("receive", receive)
	worker.Set("end", end)
	worker.Call("ready") // umax-worker.js passes on what it received before
	go keepWarm(q)
	host.last = time.Now()
	out := &postWriter{post: worker.Get("post")}
	exit := runWorkerMode(cl, e, q, out, worker.Get("chooseProtocol").Truthy())
	worker.Set("receive", js.Undefined())
	worker.Set("end", js.Undefined())
	receive.Release()
	end.Release()
	wake.Release()
	if exit != 0 {
		os.Exit(exit)
	}
	return true
}

// workerCommandLine reads the program's command line, the native engine's
// flags (main.go), and makes the engine they ask for: the npm package's
// "umax" passes its arguments as the program's (node-worker.cjs sets
// go.argv); a page passes none. A bad flag ends the program, as natively,
// with the usage or the reason on standard error and exit status 2.
func workerCommandLine() (*commandLine, *Engine) {
	cl, err := parseCommandLine(flag.CommandLine, os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "umax:", err)
		os.Exit(2)
	}
	e := newEngine(defaultHashEntries)
	e.literal = cl.literal
	if err := cl.applyOptions(e, &cl.cfg); err != nil {
		fmt.Fprintln(os.Stderr, "umax:", err)
		os.Exit(2)
	}
	return cl, e
}

// runWorkerMode runs what the command line asks for, as main does, on the
// lines of q, writing to out: the version, the bench, micro-Max's console
// dialogue, or a session (UCI, or with chooseProtocol and without -uci the
// protocol of the first command, as runProtocol chooses). It returns the
// exit status.
func runWorkerMode(cl *commandLine, e *Engine, q *lineQueue, out io.Writer, chooseProtocol bool) int {
	lines := make(chan inputLine)
	switch {
	case cl.version:
		fmt.Fprintln(out, versionLine())
	case cl.bench:
		runBench(e, cl.nodes, out)
	case cl.classic: // micro-Max's console dialogue, on the lines received
		go q.pump(lines, maxLineBytes)
		in, typed := io.Pipe()
		go func() {
			for l := range lines {
				io.WriteString(typed, l.text+"\n")
			}
			typed.Close()
		}()
		return runConsole(e, cl, in, out)
	case !cl.uci && chooseProtocol && q.firstWord() != "uci": // a CECP session
		go q.pump(lines, maxLineBytes)
		newSession(e, out, cl.cfg).run(lines)
	default:
		go q.pump(lines, maxUCILineBytes)
		newUCISession(e, out, cl.cfg).run(lines)
	}
	return 0
}

// warmUpNodes is the node budget of warmUp's search.
const warmUpNodes = 5000

// warmUp searches a few thousand nodes on an engine of its own, with a
// small table, before the session starts. WebAssembly engines run a
// function's first calls in code compiled quickly (V8's Liftoff) and
// compile the busy functions again, optimised, in the background: without
// it the first search of a fresh worker ran at a fraction of the speed of
// the rest (doc/speed.md). The session's engine is untouched by it.
func warmUp() {
	e := newEngine(minTableSize)
	e.pendingFrom = infinity // no move to check: search the position
	e.rootSearch(&searchControl{budget: warmUpNodes})
}

// warmth is keepWarm's state: done is closed when it has ended, waited is
// set when someone waits for it (waitHost).
var warmth = struct {
	done     chan struct{}
	waited   atomic.Bool
	ended    atomic.Bool // endWarmUp: stop at once
	searched atomic.Bool // a session's search has begun (hostSearching)
}{done: make(chan struct{})}

// endWarmUp ends keepWarm at its next look: a session that records search
// trees (umax record: the page, its stepper) searches with the literal
// search, which the warm-up does not run, and its isready would wait for
// the warm-up for nothing.
func endWarmUp() { warmth.ended.Store(true) }

// warmQuiet is how long the session must have had no line before keepWarm
// searches, unless someone waits for it (isready, ping): a GUI sends
// "uci", "position" and "go" at once, or soon after one another, and
// the worker's first lines are still on their way when it says ready.
const warmQuiet = 20 * time.Millisecond

// quietFor is how long no line has been added.
func (q *lineQueue) quietFor() time.Duration {
	return time.Duration(time.Now().UnixNano() - q.last.Load())
}

// warmSliceNodes is the most keepWarm searches at a time (a stop poll
// ends it): a few milliseconds, the most a line arriving waits.
const warmSliceNodes = stopPollNodes

// Until when keepWarm goes on: at least warmSlices searches (V8 compiles
// a function optimised once it has run a while: before, the baseline
// code's times can look steady), then until warmSteady in a row come
// within warmTolerance of the quickest of their position, or warmLimit in
// all.
const (
	warmSlices    = 20
	warmSteady    = 5
	warmTolerance = 1.3
	warmLimit     = 1500 * time.Millisecond
)

// keepWarm goes on searching, after the worker has said it is ready, on an
// engine of its own, a search of warmSliceNodes at a time with a look at the
// messages between (a millisecond's sleep), until the searches take as
// long as one another: V8 then runs the busy functions' optimised code,
// compiled in the background as the searches used them. An isready or a
// ping waits for it (waitHost), as for the table, so that a GUI's first
// go, sent after readyok, finds the engine as quick as later ones. While
// the session has lines to do (q.unread) or had one in the last warmQuiet,
// unless someone waits for it, and while a search runs, it waits; when
// someone waits for it once a search has begun (an isready during or after
// a search), it ends.
func keepWarm(q *lineQueue) {
	defer close(warmth.done)
	e := newEngine(minTableSize)
	quickest := make([]time.Duration, len(benchPositions)) // each position's quickest search
	start, steady := time.Now(), 0
	for i := 0; (i < warmSlices || steady < warmSteady) && time.Since(start) < warmLimit; i++ {
		// The session first: while it has lines to do or had one just now,
		// unless it waits for the warm-up (then it reads no more lines, and
		// the lines after its isready wait for the warm-up too), and while
		// a search runs. Once a search has run, someone waiting ends the
		// warm-up: the GUI plays already, and a bestmove could be waiting
		// behind its isready.
		for {
			if warmth.ended.Load() || warmth.waited.Load() && warmth.searched.Load() || time.Since(start) >= warmLimit {
				return
			}
			if !searchRunning.Load() && (warmth.waited.Load() || q.unread.Load() == 0 && q.quietFor() >= warmQuiet) {
				break
			}
			time.Sleep(time.Millisecond)
		}
		p := i % len(benchPositions)
		e.setUpBench(p)
		t := time.Now()
		e.rootSearch(&searchControl{budget: noBudget, poll: func(nodes int) bool { return nodes >= warmSliceNodes }})
		took := time.Since(t)
		switch {
		case quickest[p] == 0 || took < quickest[p]:
			quickest[p], steady = took, 0
		case float64(took) <= warmTolerance*float64(quickest[p]):
			steady++
		default:
			steady = 0
		}
		time.Sleep(time.Millisecond)
	}
}

// waitHost waits until keepWarm has ended: isready and ping wait for it.
func waitHost() {
	if host.resumed == nil {
		return // not in a worker (Go's own wasm runner): no warm-up
	}
	warmth.waited.Store(true)
	<-warmth.done
}

// pollHost is called at every stop poll of the search: after yieldEvery
// of search it lets the worker read its messages (yieldToHost).
func pollHost() {
	if host.resumed == nil || time.Since(host.last) < yieldEvery {
		return
	}
	yieldToHost()
	host.last = time.Now()
}

// hostSearching is told when a search begins (true) and ends: while one
// runs, the table's fault-in (table_js.go) touches no page, which would
// hold the search up, unless an isready or a ping waits for it.
func hostSearching(on bool) {
	searchRunning.Store(on)
	if on {
		warmth.searched.Store(true)
	}
}

// yieldToHost hands the thread to the worker's event loop until the wake
// asked for comes back (a message posted to the MessageChannel, in Node a
// setImmediate): the messages that arrived before it are read first, and
// the goroutines they wake (the session's, which answers isready and sets
// the stop flag, and a timer's) run. A message, unlike a zero timeout, is
// not delayed by the browser's clamping of nested timers to 4 ms.
func yieldToHost() {
	host.wakeUp()
	<-host.resumed
}

// lineQueue holds the lines the worker has received and not yet passed on:
// the JavaScript callback must not block, so it only appends, and pump
// passes the lines on in order.
type lineQueue struct {
	mu     sync.Mutex
	lines  []string
	ended  bool          // the end of input: no line comes after these
	wake   chan struct{} // a line was added, or the input ended
	unread atomic.Int64  // lines added that the session has yet to take (keepWarm waits)
	last   atomic.Int64  // when a line was last added (or the queue made), in Unix nanoseconds
}

// add appends the lines of one message.
func (q *lineQueue) add(message string) {
	lines := splitLines(message)
	q.mu.Lock()
	q.lines = append(q.lines, lines...)
	q.mu.Unlock()
	q.unread.Add(int64(len(lines)))
	q.last.Store(time.Now().UnixNano())
	q.signal()
}

// end marks the end of input: pump closes its channel after the last line.
func (q *lineQueue) end() {
	q.mu.Lock()
	q.ended = true
	q.mu.Unlock()
	q.signal()
}

// signal wakes whoever waits for the queue, if no wake is pending.
func (q *lineQueue) signal() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// firstWord waits for the first line with a word in it and returns that
// word, taking no line from the queue; "" if the input ends first. A line
// longer than any CECP command is not "uci" (as in runProtocol).
func (q *lineQueue) firstWord() string {
	for {
		if word, found := q.scanFirstWord(); found {
			return word
		}
		<-q.wake
	}
}

// scanFirstWord looks for firstWord's word in the lines queued so far.
func (q *lineQueue) scanFirstWord() (word string, found bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, l := range q.lines {
		if len(l) > maxLineBytes {
			return "?", true
		}
		if words := strings.Fields(l); len(words) > 0 {
			return words[0], true
		}
	}
	return "", q.ended
}

// pump passes the lines on to the session, in the order received, and
// closes out at the end of input; a line longer than limit bytes is passed
// on as too long, as readLines does.
func (q *lineQueue) pump(out chan<- inputLine, limit int) {
	for {
		q.mu.Lock()
		lines, ended := q.lines, q.ended
		q.lines = nil
		q.mu.Unlock()
		for _, l := range lines {
			if len(l) > limit {
				out <- inputLine{at: time.Now(), tooLong: true}
			} else {
				out <- inputLine{text: l, at: time.Now()}
			}
			// The session has taken the line, and done it (it takes the
			// next only then) by the time keepWarm runs again.
			q.unread.Add(-1)
		}
		if ended {
			close(out)
			return
		}
		<-q.wake
	}
}

// messageText is a message's text: a string, or bytes (a Uint8Array, as
// node-worker.cjs passes standard input on) taken as they are, so that
// input that is not UTF-8 reaches the session as it does natively.
func messageText(message js.Value) string {
	if message.InstanceOf(js.Global().Get("Uint8Array")) {
		b := make([]byte, message.Length())
		js.CopyBytesToGo(b, message)
		return string(b)
	}
	return message.String()
}

// splitLines cuts a message into its lines (a message without a newline is
// one line).
func splitLines(message string) []string {
	var lines []string
	for _, l := range bytes.Split([]byte(message), []byte("\n")) {
		lines = append(lines, string(bytes.TrimRight(l, "\r")))
	}
	return lines
}

// postWriter posts every line written to it as one message to the page
// (umaxWorker.post), without its newline.
type postWriter struct {
	post js.Value
	buf  []byte
}

// Write posts the whole lines of p and keeps the rest for the next write.
func (w *postWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		w.post.Invoke(string(w.buf[:i]))
		w.buf = w.buf[i+1:]
	}
	return len(p), nil
}
