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

// On Linux the table is an anonymous memory mapping in transparent huge
// pages (madvise MADV_HUGEPAGE, which this machine's kernel grants only to
// memory that asks). Every probe of the table lands on a random slot, so
// with 4-KiB pages nearly every probe also misses the TLB and walks the
// page tables; the 72 2-MiB pages of the default table all fit in the TLB.
//
// But the first touch of a huge page costs the kernel 2 MiB to zero, and a
// search's first few hundred nodes touch every huge page of the table. So
// with prefaultTables a goroutine faults a new table in, a huge page at a
// time (startPrefault), while the searches store into the early table
// (hash.go), which moves into the table once it is resident. Without
// prefaultTables (one core, the tests) the search faults the table in as
// it goes.

// hugePage is the size of a transparent huge page on x86-64 and arm64.
const hugePage = 2 << 20

// tableMemory owns a table's mapping: the mapping is unmapped once its
// owner has become unreachable, when the next table is allocated.
type tableMemory struct {
	mapping []byte
	table   []byte    // the table's part of the mapping
	fault   *prefault // its fault-in, if one was started
}

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
	mem, table, err := mapTable(n * len(hashSlot{}))
	if err != nil {
		return make([]hashSlot, n), nil // let the Go heap try (and fail as it would)
	}
	owner := &tableMemory{mapping: mem, table: table}
	if prefaultTables {
		owner.fault = startPrefault(table) // huge pages behind the search
	}
	mappings.Lock()
	mappings.list = append(mappings.list, mapping{mem, weak.Make(owner), owner.fault})
	mappings.Unlock()
	return unsafe.Slice((*hashSlot)(unsafe.Pointer(&table[0])), n), owner
}

// mapTable maps a table of size bytes, starting on a huge page (table),
// and asks for huge pages (only a hint: without it, 4-KiB pages).
func mapTable(size int) (mem, table []byte, err error) {
	mem, err = syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, err
	}
	skip := -int(uintptr(unsafe.Pointer(&mem[0]))) & (hugePage - 1)
	table = mem[skip : skip+size]
	syscall.Madvise(table, syscall.MADV_HUGEPAGE)
	return mem, table, nil
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

// startPrefault faults the table in on another thread, a huge page at a
// time from its start (MADV_POPULATE_WRITE; before Linux 5.14, by adding 0
// to a word of each 4-KiB page, which keeps whatever a search stored).
func startPrefault(table []byte) *prefault {
	f := &prefault{done: make(chan struct{})}
	go func() {
		defer close(f.done)
		populate := true
		for start := 0; start < len(table) && !f.halt.Load(); start += hugePage {
			huge := table[start:min(start+hugePage, len(table))]
			if populate && syscall.Madvise(huge, madvPopulateWrite) == nil {
				continue
			}
			populate = false // an older kernel
			for page := 0; page < len(huge); page += 4096 {
				atomic.AddUint32((*uint32)(unsafe.Pointer(&huge[page])), 0)
			}
		}
	}()
	return f
}

// release ends the fault-in of a table being replaced (resizeTable)
// early; unmapDeadTables gives its memory back once it is unreachable.
func (m *tableMemory) release() {
	if m != nil && m.fault != nil {
		m.fault.halt.Store(true)
	}
}

// wait waits until the table's fault-in (if any) has ended.
func (m *tableMemory) wait() {
	if m != nil && m.fault != nil {
		<-m.fault.done
	}
}

// resident reports whether the table's fault-in (if any) has ended.
func (m *tableMemory) resident() bool {
	if m == nil || m.fault == nil {
		return true
	}
	select {
	case <-m.fault.done:
		return true
	default:
		return false
	}
}

// stop ends the fault-in (if any) and waits until it has ended.
func (f *prefault) stop() {
	if f != nil {
		f.halt.Store(true)
		<-f.done
	}
}
