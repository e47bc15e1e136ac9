//go:build !linux && !(js && wasm)

package main

// tableMemory owns a table's memory: here the Go heap does.
type tableMemory struct{}

// allocTable returns a zeroed table of n slots from the Go heap, which
// leaves it to the operating system to fault the pages in when used.
func allocTable(n int) ([]hashSlot, *tableMemory) {
	return make([]hashSlot, n), nil
}

// release does nothing: nothing faults the table in.
func (*tableMemory) release() {}

// wait returns at once: nothing faults the table in.
func (*tableMemory) wait() {}

// resident reports true: nothing faults the table in.
func (*tableMemory) resident() bool { return true }
