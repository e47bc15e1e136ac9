package main

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestPrefaultTable: with prefaultTables on, allocTable returns a table
// that is resident already (its mapping's Rss in /proc/self/smaps), in huge
// pages (AnonHugePages; unless the kernel's transparent huge pages are
// off), and empty; a search on it finds a move.
func TestPrefaultTable(t *testing.T) {
	if !populateWorks(t) {
		t.Skip("MADV_POPULATE_WRITE cannot be seen to work here (qemu-user ignores it, and its /proc/self/smaps is the emulator's)")
	}
	prefaultTables = true
	defer func() { prefaultTables = false }()
	const n = 1 << 23 // 72 MiB
	table, owner := allocTable(n)
	if owner == nil {
		t.Skip("no mapping: the table came from the Go heap")
	}
	if rss, size := residentKB(t, unsafe.Pointer(&table[0])), n*len(hashSlot{})>>10; rss < size {
		t.Errorf("%d KiB of the new table's %d KiB are resident", rss, size)
	}
	if huge, size := hugeKB(t, unsafe.Pointer(&table[0])), n*len(hashSlot{})>>10; hugePagesOn() && huge < size {
		t.Errorf("%d KiB of the new table's %d KiB are in huge pages", huge, size)
	}
	for i := range table {
		if got := table[i].load(); got != (hashEntry{}) {
			t.Fatalf("slot %d of a new table holds %+v", i, got)
		}
	}
	runtime.KeepAlive(owner)
	e := newEngine(1 << 21)
	e.pendingFrom = infinity
	if !e.rootSearch(&searchControl{budget: 20000}) {
		t.Error("no move from the new table's search")
	}
}

// residentKB reads from /proc/self/smaps the resident size of the mapping
// that holds p.
func residentKB(t *testing.T, p unsafe.Pointer) int { return smapsKB(t, p, "Rss:") }

// hugeKB reads from /proc/self/smaps how much of the mapping that holds p
// is in transparent huge pages.
func hugeKB(t *testing.T, p unsafe.Pointer) int { return smapsKB(t, p, "AnonHugePages:") }

// smapsKB reads from /proc/self/smaps a size (field, as "Rss:") of the
// mapping that holds p.
func smapsKB(t *testing.T, p unsafe.Pointer, field string) int {
	f, err := os.Open("/proc/self/smaps")
	must(t, err)
	defer f.Close()
	addr := uint64(uintptr(p))
	inside := false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if lo, hi, ok := strings.Cut(fields[0], "-"); ok && len(fields) > 1 && strings.Contains(fields[1], "p") {
			start, err1 := strconv.ParseUint(lo, 16, 64)
			end, err2 := strconv.ParseUint(hi, 16, 64)
			inside = err1 == nil && err2 == nil && addr >= start && addr < end
			continue
		}
		if inside && fields[0] == field {
			kb, err := strconv.Atoi(fields[1])
			must(t, err)
			return kb
		}
	}
	t.Fatalf("no mapping holds %#x in /proc/self/smaps", addr)
	return 0
}

// hugePagesOn reports whether the kernel gives transparent huge pages to
// memory that asks (not "never").
func hugePagesOn() bool {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && !strings.Contains(string(mode), "[never]")
}

// populateWorks reports whether MADV_POPULATE_WRITE makes a fresh mapping
// resident.
func populateWorks(t *testing.T) bool {
	const size = 4 * hugePage
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	must(t, err)
	defer syscall.Munmap(mem)
	before := residentKB(t, unsafe.Pointer(&mem[0]))
	if syscall.Madvise(mem, madvPopulateWrite) != nil {
		return false
	}
	// Under qemu-user the smaps lines are the emulator's, at other
	// addresses: the mapping found is another one, not empty before or not
	// all resident after.
	return before == 0 && residentKB(t, unsafe.Pointer(&mem[0])) >= size>>10
}
