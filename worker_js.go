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
// So the sessions' config.yield, which the job calls at every stop poll
// (every stopPollNodes nodes), every yieldEvery hands the thread to the
// event loop for a moment (yieldToHost): the messages waiting are read,
// stop and isready are answered, a movetime's timer fires, and the search
// goes on.

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"syscall/js"
	"time"
)

// yieldEvery is how long the search runs between two looks at the worker's
// messages: the longest a stop or an isready waits (besides the 4096 nodes
// between polls). A look costs a few microseconds (doc/web.md measures it).
const yieldEvery = 10 * time.Millisecond

// init runs the engine as a Web Worker's, if the program runs in one
// (umax-worker.js or node-worker.cjs has set up umaxWorker), until quit or
// the end of input, and ends the program; elsewhere (Go's own wasm runner
// under Node, say) main runs as natively. (The package's other init
// functions have run: the go command orders them by file name.)
func init() {
	if worker := js.Global().Get("umaxWorker"); worker.Type() == js.TypeObject {
		os.Exit(runWorker(worker))
	}
}

// runWorker runs the engine in the worker as a UCI engine (or, if asked,
// in the protocol of the first command, or what the command line's flags
// ask for: workerCommandLine), and returns the exit status.
func runWorker(worker js.Value) int {
	resumed := make(chan struct{}, 1)
	wake := js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case resumed <- struct{}{}:
		default:
		}
		return nil
	})
	defer wake.Release()
	var wakeUp func() // asks the event loop to call wake after the messages waiting
	if schedule := worker.Get("schedule"); schedule.Type() == js.TypeFunction {
		// The worker's own way (node-worker.cjs: setImmediate; a Node port
		// reads a thousand messages to itself before another port's).
		wakeUp = func() { schedule.Invoke(wake) }
	} else {
		// A message to itself on a MessageChannel, read after those waiting.
		channel := js.Global().Get("MessageChannel").New()
		channel.Get("port2").Set("onmessage", wake)
		port := channel.Get("port1")
		wakeUp = func() { port.Call("postMessage", 0) }
	}

	cl, e := workerCommandLine()
	cl.cfg.yield = yieldToHost(wakeUp, resumed)
	q := &lineQueue{wake: make(chan struct{}, 1)}
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
	defer receive.Release()
	defer end.Release()
	worker.Set("receive", receive)
	worker.Set("end", end)
	worker.Call("ready") // umax-worker.js passes on what it received before
	out := &postWriter{post: worker.Get("post")}
	exit := runWorkerMode(cl, e, q, out, worker.Get("chooseProtocol").Truthy())
	worker.Set("receive", js.Undefined())
	worker.Set("end", js.Undefined())
	return exit
}

// workerCommandLine reads the program's command line, the native engine's
// flags (main.go), and makes the engine they ask for (commandLine.engine),
// its table resident before the worker reads a line: the npm package's
// "umax" passes its arguments as the program's (node-worker.cjs sets
// go.argv); a page passes them in umax-worker.js's URL (?arg=-lab). A bad
// flag ends the program, as natively,
// with the usage or the reason on standard error and exit status 2.
func workerCommandLine() (*commandLine, *Engine) {
	cl, err := parseCommandLine(flag.CommandLine, os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "umax:", err)
		os.Exit(2)
	}
	return cl, cl.engine()
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
		newSession(e, out, cl.cfg.playerDefaults(true, true)).run(lines) // a player's, as natively (runProtocol)
	default:
		go q.pump(lines, maxUCILineBytes)
		newUCISession(e, out, cl.cfg).run(lines)
	}
	return 0
}

// yieldToHost returns the sessions' yield (config.yield): after
// yieldEvery of search it hands the thread to the worker's event loop
// until the wake that wakeUp asks for comes back (resumed: a message
// posted to a MessageChannel, in Node a setImmediate). The messages that
// arrived before it are read first, and the goroutines they wake (the
// session's, which answers isready and sets the stop flag, and a timer's)
// run. A message, unlike a zero timeout, is not delayed by the browser's
// clamping of nested timers to 4 ms.
func yieldToHost(wakeUp func(), resumed <-chan struct{}) func() {
	last := time.Now() // when the search last looked at the messages
	return func() {
		if time.Since(last) >= yieldEvery {
			wakeUp()
			<-resumed
			last = time.Now()
		}
	}
}

// lineQueue holds the lines the worker has received and not yet passed on:
// the JavaScript callback must not block, so it only appends, and pump
// passes the lines on in order.
type lineQueue struct {
	mu    sync.Mutex
	lines []string
	ended bool          // the end of input: no line comes after these
	wake  chan struct{} // a line was added, or the input ended
}

// add appends the lines of one message.
func (q *lineQueue) add(message string) {
	lines := splitLines(message)
	q.mu.Lock()
	q.lines = append(q.lines, lines...)
	q.mu.Unlock()
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
