package main

// Lines in and out, for both protocol adapters: input read in the
// background so that commands arrive while the engine thinks, lines written
// whole from any goroutine, and numbers read with their ranges checked.

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
)

// maxLineBytes is the longest CECP input line accepted; longer ones are
// refused whole. UCI's position command lists every move of the game, so
// its lines may be longer: maxUCILineBytes (a game of 10,000 moves fits).
const (
	maxLineBytes    = 4096
	maxUCILineBytes = 1 << 20
)

// inputLine is a line of input with the time it arrived.
type inputLine struct {
	text    string
	at      time.Time
	tooLong bool // the line was longer than the limit; text is empty
}

// readLines sends every line of r to lines, and closes lines at the end of
// input; it gives up when quit is closed. A line longer than limit bytes is
// passed on empty and marked too long, after the rest of it has been read
// and dropped.
func readLines(r io.Reader, lines chan<- inputLine, quit <-chan struct{}, limit int) {
	br := bufio.NewReaderSize(r, maxLineBytes)
	var buf []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > limit+1 {
			tooLong, buf = true, buf[:0]
		} else if !tooLong {
			buf = append(buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if len(buf) > 0 || tooLong || err == nil {
			text := strings.TrimRight(string(buf), "\r\n")
			if tooLong {
				text = ""
			}
			select {
			case lines <- inputLine{text: text, at: time.Now(), tooLong: tooLong}:
			case <-quit:
				return
			}
		}
		buf, tooLong = buf[:0], false
		if err != nil {
			close(lines)
			return
		}
	}
}

// serveLines runs a session's loop on the lines of in (readLines, lines
// longer than limit refused), and stops reading when the loop returns.
func serveLines(in io.Reader, limit int, run func(lines <-chan inputLine)) {
	lines := make(chan inputLine)
	quit := make(chan struct{})
	defer close(quit)
	go readLines(in, lines, quit, limit)
	run(lines)
}

// protocolWriter writes whole lines to the GUI, from the adapter's loop and
// from the search goroutine alike, each line in one write.
type protocolWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// line writes one line.
func (o *protocolWriter) line(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	io.WriteString(o.w, s+"\n")
}

// lineFrom writes the line text returns, if it returns one; text runs
// under the writer's lock, so that what it reads (set with locked) cannot
// change between the decision and the write.
func (o *protocolWriter) lineFrom(text func() (string, bool)) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if s, ok := text(); ok {
		io.WriteString(o.w, s+"\n")
	}
}

// locked runs f under the writer's lock.
func (o *protocolWriter) locked(f func()) {
	o.mu.Lock()
	defer o.mu.Unlock()
	f()
}

// maxEchoBytes is how much of a bad command an answer repeats.
const maxEchoBytes = 80

// clip makes text safe to repeat in an answer: printable ASCII only (any
// other byte becomes '?'), and at most n bytes of it, with "..." after a
// cut.
func clip(text string, n int) string {
	b := []byte(text)
	if len(b) > n {
		b = append(b[:n:n], "..."...)
	}
	for i, c := range b {
		if c < ' ' || c > '~' {
			b[i] = '?'
		}
	}
	return string(b)
}

// parseInt reads a decimal integer within [lo, hi].
func parseInt(s string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo && n <= hi
}
