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
// with prefaultTables a new table is faulted in before allocTable returns
// (MADV_POPULATE_WRITE), and no search meets a fault. Without
// prefaultTables (the tests) the search faults the table in as it goes.

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
}

// allocTable returns a zeroed table of n slots and the owner of its memory,
// which must stay reachable as long as the table is used.
func allocTable(n int) ([]hashSlot, *tableMemory) {
	unmapDeadTables()
	mem, table, err := mapTable(n * len(hashSlot{}))
	if err != nil {
		return make([]hashSlot, n), nil // let the Go heap try (and fail as it would)
	}
	if prefaultTables {
		faultIn(table)
	}
	owner := &tableMemory{mapping: mem}
	mappings.Lock()
	mappings.list = append(mappings.list, mapping{mem, weak.Make(owner)})
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

// faultIn faults the table in, all of it at once (MADV_POPULATE_WRITE;
// before Linux 5.14, by adding 0 to a word of each 4-KiB page).
func faultIn(table []byte) {
	if syscall.Madvise(table, madvPopulateWrite) == nil {
		return
	}
	for page := 0; page < len(table); page += 4096 {
		atomic.AddUint32((*uint32)(unsafe.Pointer(&table[page])), 0)
	}
}
