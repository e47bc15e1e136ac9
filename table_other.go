//go:build !linux

package main

import "runtime"

// Elsewhere than on Linux the table is Go heap, whose pages the operating
// system gives at their first touch (in WebAssembly: the module's memory,
// which the host's kernel gives so): a fresh table's first search would
// fault a page at nearly every node. So with prefaultTables allocTable
// touches every page of a new table before it returns. Without it (the
// tests) the search touches the table as it goes.

// tableMemory owns a table's memory: here the Go heap does.
type tableMemory struct{}

// allocTable returns a zeroed table of n slots from the Go heap, every
// 4-KiB page touched with prefaultTables. The garbage is collected first,
// so that a table replaced (resizeTable) leaves its memory to the new one
// (a WebAssembly memory only grows).
func allocTable(n int) ([]hashSlot, *tableMemory) {
	runtime.GC()
	table := make([]hashSlot, n)
	for i := 0; prefaultTables && i < n; i += 4096 / len(hashSlot{}) {
		table[i][0] = 0
	}
	return table, nil
}
