//go:build js && wasm

package main

import (
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"
	"weak"
)

// In WebAssembly (the browser's worker and the npm package, worker_js.go)
// the table is Go heap in the module's memory, whose pages the host's
// kernel gives at their first touch, as natively: a fresh table's first
// search faulted a page at nearly every node (under Node its first 4,096
// nodes took 50 to 60 ms, where a warm search does 35,624 in 28). And
// there is one thread. So with prefaultTables (set by the worker) a
// goroutine touches a new table's pages a chunk at a time, sleeping
// between the chunks so that the worker reads its messages, and pausing
// while a search runs (searchRunning) unless someone waits for it (an
// isready during an infinite search); meanwhile the searches store into
// the early table (hash.go), which moves into the table once it is
// resident. Without prefaultTables (the tests) the search touches the
// table as it goes.

// searchRunning is set while a search runs (the worker's hostSearching):
// the fault-in then waits.
var searchRunning atomic.Bool

// faultChunk is how much of the table is touched between two sleeps: 64
// pages, half a millisecond under Node here (a page's first touch costs
// some 8 microseconds in a WebAssembly memory), which is the most that a
// line arriving waits for it.
const faultChunk = 256 << 10

// tableMemory is a table's fault-in; nil: none (the table is resident).
type tableMemory struct {
	done   chan struct{} // closed when the fault-in has ended
	waited atomic.Bool   // someone waits for it (wait): no pause, no sleep
	halt   atomic.Bool   // the table is replaced (release): end early
}

// allocTable returns a zeroed table of n slots from the Go heap and, with
// prefaultTables, its fault-in, started.
func allocTable(n int) ([]hashSlot, *tableMemory) {
	table := make([]hashSlot, n)
	if !prefaultTables {
		return table, nil
	}
	m := &tableMemory{done: make(chan struct{})}
	go m.faultIn(weak.Make(&table[0]), n*len(hashSlot{}))
	return table, m
}

// faultIn adds 0 to a word of each 4-KiB page of the table that starts at
// first and has size bytes, a chunk at a time. Between the chunks it
// sleeps (once every goroutine waits, a sleep is a timer of the worker's
// event loop, which reads the messages waiting first; browsers make it 4
// ms), and while a search runs it waits, unless someone waits for the
// table: then it touches the rest at once, during a search at the
// search's next look at its messages (yieldToHost), which waits for it
// (a few hundred milliseconds at most: an isready during an infinite
// search is answered then, as the GUI asks). It holds the table only
// while it touches a chunk, so that a table replaced (release) can be
// collected.
func (m *tableMemory) faultIn(first weak.Pointer[hashSlot], size int) {
	defer close(m.done)
	for start := 0; start < size && !m.halt.Load(); start += faultChunk {
		for searchRunning.Load() && !m.waited.Load() {
			time.Sleep(time.Millisecond) // a search runs: let it
		}
		p := first.Value()
		if p == nil {
			return // replaced and collected while this waited
		}
		table := unsafe.Slice((*byte)(unsafe.Pointer(p)), size)
		for page := start; page < min(start+faultChunk, size); page += 4096 {
			atomic.AddUint32((*uint32)(unsafe.Pointer(&table[page])), 0) // keeps what a search stored
		}
		table, p = nil, nil
		if !m.waited.Load() {
			time.Sleep(time.Millisecond)
		}
	}
}

// release ends the fault-in of a table being replaced (resizeTable), and
// collects the garbage, so that the old table's memory is there for the
// new one: the Go heap in a WebAssembly memory, which only grows. (Not
// before the first table: the runtime would then zero memory of its own
// for it, touching every page before the worker is ready.)
func (m *tableMemory) release() {
	if m != nil {
		m.halt.Store(true)
		runtime.GC()
	}
}

// wait waits until the table's fault-in (if any) has ended.
func (m *tableMemory) wait() {
	if m != nil {
		m.waited.Store(true) // an isready during a search: go on
		<-m.done
	}
}

// resident reports whether the table's fault-in (if any) has ended.
func (m *tableMemory) resident() bool {
	if m == nil {
		return true
	}
	select {
	case <-m.done:
		return true
	default:
		return false
	}
}
