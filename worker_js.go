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
// Go in a browser is one thread with no preemption: while the search runs,
// the worker's event loop does not, and the messages posted to it wait.
// So the search's stop poll (searchControl.mustStop, every 4096 nodes)
// calls pollHost, which every yieldEvery hands the thread to the event loop
// for a moment (yieldToHost): the messages waiting are read, stop and
// isready are answered, a movetime's timer fires, and the search goes on.

import (
	"bytes"
	"sync"
	"syscall/js"
	"time"
)

// yieldEvery is how long the search runs between two looks at the worker's
// messages: the longest a stop or an isready waits (besides the 4096 nodes
// between polls). A look costs a few microseconds (doc/web.md measures it).
const yieldEvery = 10 * time.Millisecond

// workerMaxHashMB is the largest Hash the worker allows: a 32-bit
// WebAssembly memory holds at most 4 GiB, and the table (9 bytes an entry,
// a power of two of entries) of 512 MiB is 288 MiB.
const workerMaxHashMB = 512

// host is the JavaScript side of the worker (umax-worker.js's umaxWorker),
// and the channel yieldToHost waits on; zero outside a worker.
var host struct {
	worker  js.Value      // umaxWorker: post(line), ready(), and receive set here
	port    js.Value      // one end of a MessageChannel: a message to it wakes the search
	resumed chan struct{} // a message on the other end arrived
	last    time.Time     // when the search last looked at the messages
}

// runWorker runs the engine as a Web Worker's UCI engine, if the program
// runs in one (umax-worker.js has set up umaxWorker), until quit; it
// reports whether it did. Elsewhere (node, say) main goes on as usual.
func runWorker() bool {
	worker := js.Global().Get("umaxWorker")
	if worker.Type() != js.TypeObject {
		return false
	}
	host.worker = worker
	channel := js.Global().Get("MessageChannel").New()
	host.port = channel.Get("port1")
	host.resumed = make(chan struct{}, 1)
	wake := js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case host.resumed <- struct{}{}:
		default:
		}
		return nil
	})
	channel.Get("port2").Set("onmessage", wake)

	e := newEngine(defaultHashEntries)
	q := &lineQueue{wake: make(chan struct{}, 1)}
	receive := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			q.add(args[0].String())
		}
		return nil
	})
	worker.Set("receive", receive)
	lines := make(chan inputLine)
	go q.pump(lines)
	worker.Call("ready") // umax-worker.js passes on what it received before
	host.last = time.Now()
	s := newUCISession(e, &postWriter{post: worker.Get("post")}, config{maxMemory: workerMaxHashMB})
	s.run(lines)
	worker.Set("receive", js.Undefined())
	receive.Release()
	wake.Release()
	return true
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

// yieldToHost hands the thread to the worker's event loop until a message
// posted to the MessageChannel comes back: the messages that arrived
// before it are read first, and the goroutines they wake (the session's,
// which answers isready and sets the stop flag, and a timer's) run. A
// message, unlike a zero timeout, is not delayed by the browser's clamping
// of nested timers to 4 ms.
func yieldToHost() {
	host.port.Call("postMessage", 0)
	<-host.resumed
}

// lineQueue holds the lines the worker has received and not yet passed on:
// the JavaScript callback must not block, so it only appends, and pump
// passes the lines on in order.
type lineQueue struct {
	mu    sync.Mutex
	lines []string
	wake  chan struct{} // a line was added
}

// add appends the lines of one message.
func (q *lineQueue) add(message string) {
	q.mu.Lock()
	q.lines = append(q.lines, splitLines(message)...)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// pump passes the lines on to the session, in the order received; a line
// longer than UCI's limit is passed on as too long, as readLines does.
func (q *lineQueue) pump(out chan<- inputLine) {
	for range q.wake {
		q.mu.Lock()
		lines := q.lines
		q.lines = nil
		q.mu.Unlock()
		for _, l := range lines {
			if len(l) > maxUCILineBytes {
				out <- inputLine{at: time.Now(), tooLong: true}
				continue
			}
			out <- inputLine{text: l, at: time.Now()}
		}
	}
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
