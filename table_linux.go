//go:build linux

package main

import (
	"runtime"
	"syscall"
	"unsafe"
)

// On Linux the table is an anonymous memory mapping that asks the kernel for
// transparent huge pages (madvise MADV_HUGEPAGE, which this machine's kernel
// grants only to memory that asks). Every probe of the table lands on a
// random slot, so with 4-KiB pages nearly every probe also misses the TLB
// and walks the page tables; the 88 2-MiB pages of the default table all fit
// in the TLB, and the kernel faults the table in with 88 page faults instead
// of 45,000. The memory is unmapped when its owner becomes unreachable.

// hugePage is the size of a transparent huge page on x86-64 and arm64.
const hugePage = 2 << 20

// tableMemory owns a table's mapping.
type tableMemory struct{ mapping []byte }

// allocTable returns a zeroed table of n slots and the owner of its memory,
// which must stay reachable as long as the table is used.
func allocTable(n int) ([]hashSlot, *tableMemory) {
	size := n * len(hashSlot{})
	mapping, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]hashSlot, n), nil // let the Go heap try (and fail as it would)
	}
	skip := -int(uintptr(unsafe.Pointer(&mapping[0]))) & (hugePage - 1) // start on a huge page
	mem := mapping[skip : skip+size]
	syscall.Madvise(mem, syscall.MADV_HUGEPAGE) // only a hint: without it, 4-KiB pages
	owner := &tableMemory{mapping}
	runtime.AddCleanup(owner, func(m []byte) { syscall.Munmap(m) }, mapping)
	return unsafe.Slice((*hashSlot)(unsafe.Pointer(&mem[0])), n), owner
}
