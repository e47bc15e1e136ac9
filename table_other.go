//go:build !linux && !(js && wasm)

package main

// tableMemory owns a table's memory: here the Go heap does.
type tableMemory struct{}

// allocTable returns a zeroed table of n slots from the Go heap, touching
// every 4-KiB page at once with prefaultTables (else the operating system
// faults the pages in when the search first uses them).
func allocTable(n int) ([]hashSlot, *tableMemory) {
	table := make([]hashSlot, n)
	if prefaultTables {
		for i := 0; i < n; i += 4096 / len(hashSlot{}) {
			table[i][0] = 0
		}
	}
	return table, nil
}
