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
// But the first touch of a huge page costs the kernel 2 MiB to zero (and on
// a VM often the host's faults for each 4-KiB piece), and a search's first
// few hundred nodes touch every huge page of the table: a first move of a
// fresh engine took 15 to 50 ms where the same search warm took under 1.
// So with prefaultTables a new table starts in 4-KiB pages, which the
// search faults in cheaply where it touches them, and a goroutine turns it
// into huge pages behind the search, a huge page at a time
// (startPrefault): MADV_COLLAPSE copies what the search has stored into a
// huge page, and a range the search has not touched yet is faulted in as a
// huge page at once. Without prefaultTables (one core, the tests) the
// table asks for huge pages from the start, as the search faults it in.

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
// and asks for huge pages (only a hint: without it, 4-KiB pages); with
// prefaultTables, for 4-KiB pages until startPrefault makes them huge
// (the kernel's default may be huge pages: transparent_hugepage "always").
func mapTable(size int) (mem, table []byte, err error) {
	mem, err = syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, err
	}
	skip := -int(uintptr(unsafe.Pointer(&mem[0]))) & (hugePage - 1)
	table = mem[skip : skip+size]
	if prefaultTables {
		syscall.Madvise(table, syscall.MADV_NOHUGEPAGE)
	} else {
		syscall.Madvise(table, syscall.MADV_HUGEPAGE)
	}
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

// madvCollapse is Linux's MADV_COLLAPSE (6.1 and later), not in package
// syscall: make each 2-MiB range of a range one huge page, copying the
// 4-KiB pages present (the rest is zero). It fails (EINVAL) for a range of
// which no page has been touched, and on older kernels.
const madvCollapse = 25

// prefault is a table's fault-in on a thread of its own.
type prefault struct {
	halt atomic.Bool   // set to end it early
	done chan struct{} // closed when it has ended
}

// startPrefault faults the table in as huge pages on another thread while
// the search runs, a huge page at a time from its start: a range the
// search has already touched (in 4-KiB pages) is collapsed into a huge
// page, one it has not is faulted in as one. The kernel copies the pages
// the search wrote and blocks the search's accesses to a range only while
// it copies that range, so what the search stores is kept and its nodes
// are the same. Where MADV_COLLAPSE is missing (before Linux 6.1) the
// table asks for huge pages at once and is faulted in the same way, the
// search taking its share of the faults (MADV_POPULATE_WRITE, before 5.14:
// the search faults everything in itself).
func startPrefault(table []byte) *prefault {
	f := &prefault{done: make(chan struct{})}
	go func() {
		defer close(f.done)
		collapse := collapseWorks()
		if !collapse {
			syscall.Madvise(table, syscall.MADV_HUGEPAGE)
		}
		for start := 0; start < len(table) && !f.halt.Load(); start += hugePage {
			huge := table[start:min(start+hugePage, len(table))]
			syscall.Madvise(huge, syscall.MADV_HUGEPAGE) // huge pages here from now on
			if collapse && len(huge) == hugePage && syscall.Madvise(huge, madvCollapse) == nil {
				continue // the pages the search touched, copied into a huge page
			}
			// untouched so far: fault it in as a huge page
			if syscall.Madvise(huge, madvPopulateWrite) != nil {
				syscall.Madvise(table, syscall.MADV_HUGEPAGE)
				return // an older kernel: the search faults the pages in itself
			}
			if collapse {
				syscall.Madvise(huge, madvCollapse) // the search touched it in between: 4-KiB pages
			}
		}
	}()
	return f
}

// collapseWorks reports whether the kernel collapses 4-KiB pages into a
// huge page (MADV_COLLAPSE), trying it on a mapping of its own.
func collapseWorks() bool {
	mem, err := syscall.Mmap(-1, 0, 2*hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return false
	}
	defer syscall.Munmap(mem)
	skip := -int(uintptr(unsafe.Pointer(&mem[0]))) & (hugePage - 1)
	huge := mem[skip : skip+hugePage]
	huge[0] = 1 // a page of it touched
	return syscall.Madvise(huge, madvCollapse) == nil
}

// wait waits until the table's fault-in (if any) has ended.
func (m *tableMemory) wait() {
	if m != nil && m.fault != nil {
		<-m.fault.done
	}
}

// stop ends the fault-in (if any) and waits until it has ended.
func (f *prefault) stop() {
	if f != nil {
		f.halt.Store(true)
		<-f.done
	}
}
