package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// TestPrefaultTable: with prefaultTables on, a new table is faulted in on
// another thread while slots in its first quarter are stored into, and
// afterwards the whole table is resident (its mapping's Rss in
// /proc/self/smaps), in huge pages (AnonHugePages; unless the kernel's
// transparent huge pages are off), every slot stored holds what was stored
// and every other slot is still empty.
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
	fault := currentPrefault(t, table)
	stored := map[int]hashEntry{}
	for i := 0; i < 100000; i++ { // while the fault-in runs
		index := int(uint32(i)*2654435761) & (n/4 - 1)
		entry := hashEntry{lock: int32(i), score: int32(i%2000 - 1000), from: uint8(i), to: uint8(i) &^ 8, depth: int8(i % 99)}
		table[index].store(entry)
		stored[index] = entry
	}
	<-fault.done // let it finish
	if rss, size := residentKB(t, unsafe.Pointer(&table[0])), n*len(hashSlot{})>>10; rss < size {
		t.Errorf("after the fault-in, %d KiB of the table's %d KiB are resident", rss, size)
	}
	if huge, size := hugeKB(t, unsafe.Pointer(&table[0])), n*len(hashSlot{})>>10; hugePagesOn() && huge < size {
		t.Errorf("after the fault-in, %d KiB of the table's %d KiB are in huge pages", huge, size)
	}
	for i := range table {
		want := stored[i]
		if got := table[i].load(); got != want {
			t.Fatalf("slot %d holds %+v, want %+v", i, got, want)
		}
	}
	runtime.KeepAlive(owner)
}

// currentPrefault is the fault-in of the mapping that holds table.
func currentPrefault(t *testing.T, table []hashSlot) *prefault {
	mappings.Lock()
	defer mappings.Unlock()
	for _, m := range mappings.list {
		start := uintptr(unsafe.Pointer(&m.mem[0]))
		if p := uintptr(unsafe.Pointer(&table[0])); p >= start && p < start+uintptr(len(m.mem)) {
			if m.fault == nil {
				t.Fatal("prefaultTables is on, but the table has no fault-in")
			}
			return m.fault
		}
	}
	t.Fatal("the table's mapping is not listed")
	return nil
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
	if err != nil {
		t.Fatal(err)
	}
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
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Fatalf("no mapping holds %#x in /proc/self/smaps", addr)
	return 0
}

// TestPrefaultStoppedByResize: a table replaced while it is being faulted
// in has its fault-in ended before its memory is given back (if the
// collector has freed it by the next allocation), and the new table works.
func TestPrefaultStoppedByResize(t *testing.T) {
	prefaultTables = true
	defer func() { prefaultTables = false }()
	e := newEngine(defaultHashEntries) // micro-Max's 144 MiB: still faulting in below
	old, oldFault := &e.tableMemory.mapping[0], currentPrefault(t, e.table)
	e.resizeTable(1 << 16)
	mappings.Lock()
	unmapped := true
	for _, m := range mappings.list {
		unmapped = unmapped && &m.mem[0] != old
	}
	mappings.Unlock()
	if unmapped {
		select {
		case <-oldFault.done:
			if !oldFault.halt.Load() {
				t.Error("the replaced table was unmapped without stopping its fault-in")
			}
		default:
			t.Error("the replaced table was unmapped while its fault-in still ran")
		}
	}
	e.pendingFrom = infinity
	if !e.rootSearch(&searchControl{budget: 20000}) {
		t.Error("no move from the new table's search")
	}
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
	if err != nil {
		t.Fatal(err)
	}
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

// TestReadyWaitsForTable: UCI's isready and CECP's ping, the commands a GUI
// waits on before it starts a game's clock, are answered only once a fresh
// engine's table is faulted in, so that the game's first search faults
// none of it in.
func TestReadyWaitsForTable(t *testing.T) {
	prefaultTables = true
	defer func() { prefaultTables = false }()
	for _, c := range []struct{ input, answer string }{
		{"uci\nisready\nquit\n", "readyok"},
		{"xboard\nprotover 2\nping 7\nquit\n", "pong 7"},
	} {
		e := newEngine(1 << 21) // 18 MiB
		if e.tableMemory == nil || e.tableMemory.fault == nil {
			t.Skip("no mapping with a fault-in: the table came from the Go heap")
		}
		w := &answerWatch{answer: c.answer, done: e.tableMemory.fault.done}
		runProtocol(e, strings.NewReader(c.input), w, config{})
		switch {
		case !w.seen:
			t.Errorf("%q: no %q", c.input, c.answer)
		case !w.filled:
			t.Errorf("%q: %q came before the table was faulted in", c.input, c.answer)
		}
	}
}

// answerWatch notes whether done was closed when answer was written.
type answerWatch struct {
	answer       string
	done         chan struct{}
	seen, filled bool
}

func (w *answerWatch) Write(p []byte) (int, error) {
	for _, line := range strings.Split(string(p), "\n") {
		if strings.TrimSpace(line) == w.answer && !w.seen {
			w.seen = true
			select {
			case <-w.done:
				w.filled = true
			default:
			}
		}
	}
	return len(p), nil
}

// TestEarlyTable: a fresh engine whose table is still being faulted in
// searches in the early table (hash.go), and plays the game a resident
// table plays, node for node, iteration by iteration, in searches longer
// than a poll's 4096 nodes and shorter: when the table becomes resident
// between searches (the early table moved in at the next search's start,
// or mid-search at a poll), when the early table fills up first (moved in
// at once, the table never resident), with the literal search (which moves
// it in at its root), and with the real fault-in (prefaultTables).
func TestEarlyTable(t *testing.T) {
	const moves = 8
	game := func(e *Engine, literal bool, budget int, before func(move int)) []string {
		var lines []string
		e.literal = literal
		for move := 1; move <= moves; move++ {
			before(move)
			e.pendingFrom = infinity
			report := func(depth, nodes, score, from, to int) {
				lines = append(lines, fmt.Sprintf("move %d depth %d nodes %d score %d %s", move, depth, nodes, score, squareName(from&^offBoard)+squareName(to&^offBoard)))
			}
			if !e.rootSearch(&searchControl{budget: budget, report: report}) {
				lines = append(lines, "no move")
				break
			}
		}
		return lines
	}
	// faulting gives e's table a fault-in that ends when done is closed,
	// and an early table of size slots.
	faulting := func(e *Engine, size int) (done chan struct{}) {
		done = make(chan struct{})
		e.tableMemory.fault = &prefault{done: done}
		e.early = newEarlyTable(size)
		return done
	}
	var want20000 []string
	for _, budget := range []int{300, 20000} {
		for _, literal := range []bool{false, true} {
			name := fmt.Sprintf("budget %d, literal %v", budget, literal)
			want := game(newEngine(defaultHashEntries), literal, budget, func(int) {})
			if budget == 20000 && !literal {
				want20000 = want
			}

			// Resident during the fourth search: three searches in the
			// early table (the literal search moves it at once).
			e := newEngine(defaultHashEntries)
			done := faulting(e, earlySlots)
			got := game(e, literal, budget, func(move int) {
				if move == 4 {
					if !literal && e.early == nil {
						t.Fatalf("%s: three searches while the table faults in, and the early table is gone", name)
					}
					close(done)
				}
				if move == 5 && e.early != nil {
					t.Fatalf("%s: the table is resident, and the early table is still there", name)
				}
			})
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s, resident at the fourth search (-want +got):\n%s", name, diff)
			}

			// The early table half full, the table never resident.
			e = newEngine(defaultHashEntries)
			faulting(e, 1<<13)
			e.early.limit = 500
			got = game(e, literal, budget, func(int) {})
			if e.early != nil {
				t.Fatalf("%s: the early table took %d slots, more than its limit of 500, and is still there", name, e.early.used)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s, the early table full (-want +got):\n%s", name, diff)
			}
		}
	}

	// The real fault-in, which micro-Max's table outlasts the first search.
	prefaultTables = true
	defer func() { prefaultTables = false }()
	e := newEngine(defaultHashEntries)
	if e.tableMemory == nil || e.tableMemory.fault == nil {
		t.Skip("no mapping with a fault-in: the table came from the Go heap")
	}
	if e.early == nil && !e.tableMemory.resident() {
		t.Fatal("a fresh table faulting in, and no early table")
	}
	if diff := cmp.Diff(want20000, game(e, false, 20000, func(int) {})); diff != "" {
		t.Errorf("with the real fault-in (-want +got):\n%s", diff)
	}
}
