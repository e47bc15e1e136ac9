//go:build linux

package main

import (
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"
	"weak"
)

// On Linux the table is an anonymous memory mapping that asks the kernel for
// transparent huge pages (madvise MADV_HUGEPAGE, which this machine's kernel
// grants only to memory that asks). Every probe of the table lands on a
// random slot, so with 4-KiB pages nearly every probe also misses the TLB
// and walks the page tables; the 80 2-MiB pages of the default table all
// fit in the TLB, and the kernel faults the table in with 80 page faults
// instead of 41,000.

// hugePage is the size of a transparent huge page on x86-64 and arm64.
const hugePage = 2 << 20

// tableMemory owns a table's mapping: the mapping is unmapped once its
// owner has become unreachable, when the next table is allocated.
type tableMemory struct{ mapping []byte }

// mappings are the tables handed out and not yet unmapped.
var mappings struct {
	sync.Mutex
	list []mapping
}

type mapping struct {
	mem   []byte
	owner weak.Pointer[tableMemory]
	fault *prefault // the table's background fault-in, if one was started
}

// allocTable returns a zeroed table of n slots and the owner of its memory,
// which must stay reachable as long as the table is used.
func allocTable(n int) ([]hashSlot, *tableMemory) {
	unmapDeadTables()
	size := n * len(hashSlot{})
	mem, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]hashSlot, n), nil // let the Go heap try (and fail as it would)
	}
	skip := -int(uintptr(unsafe.Pointer(&mem[0]))) & (hugePage - 1) // start on a huge page
	table := mem[skip : skip+size]
	syscall.Madvise(table, syscall.MADV_HUGEPAGE) // only a hint: without it, 4-KiB pages
	owner := &tableMemory{mem}
	var fault *prefault
	if prefaultTables {
		fault = startPrefault(table)
	}
	mappings.Lock()
	mappings.list = append(mappings.list, mapping{mem, weak.Make(owner), fault})
	mappings.Unlock()
	return unsafe.Slice((*hashSlot)(unsafe.Pointer(&table[0])), n), owner
}

// unmapDeadTables gives back the memory of the tables whose owners are
// gone. The garbage collector does not see the mappings, so it is run here,
// before a new table is made, rather than left to its own pace.
func unmapDeadTables() {
	mappings.Lock()
	defer mappings.Unlock()
	if len(mappings.list) == 0 {
		return
	}
	runtime.GC()
	live := mappings.list[:0]
	for _, m := range mappings.list {
		if m.owner.Value() == nil {
			m.fault.stop() // no fault-in may run on an address range given back
			syscall.Munmap(m.mem)
		} else {
			live = append(live, m)
		}
	}
	clear(mappings.list[len(live):])
	mappings.list = live
}

// madvPopulateWrite is Linux's MADV_POPULATE_WRITE (5.14 and later), not in
// package syscall: fault the pages of a range in, writable, as a write to
// each would, without writing to them.
const madvPopulateWrite = 23

// prefault is a table's fault-in on a thread of its own.
type prefault struct {
	halt atomic.Bool   // set to end it early
	done chan struct{} // closed when it has ended
}

// startPrefault has the kernel fault the table in, a huge page at a time
// from its start, on another thread, while the search runs. The search's
// first probes land on every huge page of the table within a few hundred
// nodes, and each first touch costs a page fault in the kernel (zeroing the
// page, and on a VM often the host's faults too): about 0.3 s a process
// for micro-Max's table. The thread takes its share of those faults on the
// other core. The kernel only maps pages; no byte of the table is written,
// so what the search stores is untouched and its nodes are the same.
func startPrefault(table []byte) *prefault {
	f := &prefault{done: make(chan struct{})}
	go func() {
		defer close(f.done)
		for start := 0; start < len(table) && !f.halt.Load(); start += hugePage {
			if syscall.Madvise(table[start:min(start+hugePage, len(table))], madvPopulateWrite) != nil {
				return // an older kernel: the search faults the pages in itself
			}
		}
	}()
	return f
}

// stop ends the fault-in (if any) and waits until it has ended.
func (f *prefault) stop() {
	if f != nil {
		f.halt.Store(true)
		<-f.done
	}
}
