//go:build js && wasm

package main

import "runtime"

// In WebAssembly (the browser's worker and the npm package, worker_js.go)
// the table is Go heap in the module's memory, whose pages the host's
// kernel gives at their first touch, as natively: a fresh table's first
// search faulted a page at nearly every node. So with prefaultTables (set
// by commandLine.engine, for main and the worker) allocTable touches every
// page of a new table before it returns, and the engine says it is ready
// only then (doc/speed.md). Without it (the tests) the search touches the
// table as it goes.

// tableMemory owns a table's memory: here the Go heap does.
type tableMemory struct{}

// allocTable returns a zeroed table of n slots from the Go heap, every
// 4-KiB page touched with prefaultTables. The garbage is collected first,
// so that a table replaced (resizeTable) leaves its memory to the new
// one: a WebAssembly memory only grows.
func allocTable(n int) ([]hashSlot, *tableMemory) {
	runtime.GC()
	table := make([]hashSlot, n)
	for i := 0; prefaultTables && i < n; i += 4096 / len(hashSlot{}) {
		table[i][0] = 0
	}
	return table, nil
}

// Until the early table goes (hash.go), these are what hash.go asks of a
// table's memory: here nothing faults the table in behind the search.
func (*tableMemory) release()       {}
func (*tableMemory) wait()          {}
func (*tableMemory) resident() bool { return true }
