package main

// The board scan and the ray walk of one iteration of a node, for the
// page's stepper (umax scan, uci_web.go): what the literal search's loops
// do before each move it makes, the part of D() that the steps (tree.go)
// pass over. scanWalk follows search_literal.go's scan statement for
// statement: the squares from B round the 0x88 board in steps of 9, each
// own piece's directions from steps[] (C's o[]) with C's index
// arithmetic, each ray a square at a time, the table's move sneaked in
// first, the e.p. square, the pawns' modes, castling, and why each ray
// ends. It makes no move and searches nothing: the moves it reaches are
// the moves the search made, in order (TestScanWalk checks them against
// recorded iterations), up to the cut-off that ended the scan, which the
// page finds from the steps (a scan stops at the first square it could
// move to once its best m >= l).

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// scanKind is what a scan event (scanEvent) shows.
type scanKind uint8

const (
	scanStart  scanKind = iota // the scan starts at x (B), the table's move first if y != noSquare
	scanSquare                 // the scan looks at square x: piece u (0: empty), own says it is the mover's
	scanDir                    // piece u on x takes direction j of steps[]: step r
	scanTarget                 // the ray (or the table's move, hash) reaches y: result says what happens there
	scanRay                    // after a target: the ray goes on (result "on"), ends ("end"), or on past a first step ("passed")
	scanNext                   // the scan moves on to square x = (x+9)&~0x88
	scanDone                   // the scan is back at B: round the board
	numScanKinds
)

// scanNames are the kinds' names in the JSON.
var scanNames = [numScanKinds]string{"start", "square", "dir", "target", "ray", "next", "done"}

// scanEvent is one thing the scan does: its kind and the squares and
// numbers it shows (0x88 squares).
type scanEvent struct {
	kind      scanKind
	x, y      int    // the scan's square (from), the ray's square (to)
	u         int    // the piece on x
	j, r      int    // the direction's index in steps[] and its step
	hash      bool   // a target: the table's move, sneaked in first
	result    string // a target: "off", "own", "pawn", "king", "move", "skip"; a ray: "on", "end", "passed"
	captureSq int    // a target: H, the captured piece's square (not y for e.p.)
	victim    int    // a target: t, the piece on H
	castling  bool   // a target next to E, a castling king's path, with the rook on E: bad castling, m=∞
	own       bool   // a square: the piece is the mover's
}

// scanWalk is the board scan of an iteration of depth iter of a node of
// position p (side to move p.side, e.p. square epSquare, the previous
// move's destination lastTo: 8 at the root), starting at firstSq with the
// table's move to bestTo first if bestTo&noSquare: every event, as if no
// cut-off stopped it.
func scanWalk(p *Position, firstSq, bestTo, iter, lastTo, epSquare int) []scanEvent {
	w := &scanWalker{b: &p.board, side: p.side, iter: iter, lastTo: lastTo, epSquare: epSquare,
		bestTo: bestTo, hashFirst: bestTo & noSquare}
	start := scanEvent{kind: scanStart, x: firstSq, y: noSquare}
	if w.hashFirst != 0 {
		start.y = bestTo ^ w.hashFirst
	}
	w.add(start)
	from := firstSq
	for {
		piece := int(w.b[from])
		w.add(scanEvent{kind: scanSquare, x: from, u: piece, own: piece&w.side != 0})
		if piece&w.side != 0 {
			kind := piece & 7
			step := kind
			dir := steps[kind+16]
			for {
				if kind > 2 && step < 0 {
					step = -step
				} else {
					dir++
					step = -steps[dir]
				}
				if step == 0 {
					break
				}
				w.add(scanEvent{kind: scanDir, x: from, u: piece, j: dir, r: step})
				w.ray(from, piece, dir, step)
			}
		}
		from = (from + 9) &^ offBoard
		if from == firstSq {
			w.add(scanEvent{kind: scanDone, x: from})
			return w.events
		}
		w.add(scanEvent{kind: scanNext, x: from})
	}
}

// scanWalker is a board scan under way (scanWalk): the node's board and
// numbers, the table's move while it is still to be tried (hashFirst), and
// the events so far.
type scanWalker struct {
	b                            *[256]int8
	side, iter, lastTo, epSquare int
	bestTo, hashFirst            int
	events                       []scanEvent
}

func (w *scanWalker) add(e scanEvent) { w.events = append(w.events, e) }

// ray walks the ray of piece on from in direction dir of steps[] (step
// step), the table's move first while it is still to be tried, as the
// literal search's inner loop does, to where the ray ends.
func (w *scanWalker) ray(from, piece, dir, step int) {
	b, side, kind := w.b, w.side, piece&7
ray:
	to := from
	for {
		hash := w.hashFirst != 0
		if hash {
			to = w.bestTo ^ w.hashFirst
		} else {
			to += step
		}
		t := scanEvent{kind: scanTarget, x: from, y: to, u: piece, j: dir, r: step, hash: hash, captureSq: to}
		if to&offBoard != 0 {
			t.result = "off"
			w.add(t)
			return
		}
		t.castling = (w.epSquare-noSquare)&int(b[uint8(w.epSquare)]) != 0 && to-w.epSquare < 2 && w.epSquare-to < 2
		if kind < 3 && to == w.epSquare {
			t.captureSq ^= 16
		}
		victim := int(b[uint8(t.captureSq)])
		t.victim = victim
		if victim&side != 0 || kind < 3 && ((to-from)&7 == 0) != (victim == 0) {
			t.result = "own"
			if victim&side == 0 {
				t.result = "pawn"
			}
			w.add(t)
			return
		}
		made := w.iter-b2i(to != w.lastTo) != 0 // s=d-(y!=z): a move is made unless s would be 0
		t.result = "skip"
		if made {
			t.result = "move"
		}
		if pieceValue[victim&7] < 0 {
			t.result = "king" // m=∞: the scan stops here, unless l is above ∞ (then it is made too)
		}
		w.add(t)
		if made && w.hashFirst != 0 { // the table's move made: the normal scan, from this direction's start
			w.hashFirst = 0
			goto ray
		}
		goesOn := w.rayGoesOn(from, to, piece, dir, step, victim)
		w.add(scanEvent{kind: scanRay, x: from, y: to, result: goesOn})
		if goesOn == "end" {
			return
		}
	}
}

// rayGoesOn says whether the ray goes on after a square it reached with
// victim on it, as the literal search decides: "end" on a capture, real or
// faked by a piece that does not slide; "passed" past the first step of an
// unmoved pawn or of a king that may castle (F=y); else "on".
func (w *scanWalker) rayGoesOn(from, to, piece, dir, step, victim int) string {
	kind := piece & 7
	noCastling := kind != 4 || dir != 7
	if !noCastling {
		noCastling = !rookReady(w.b, castlingCorner(from, step), w.side)
	}
	passed := !(to != from+step || piece&movedBit != 0 || kind > 2 && noCastling)
	if !passed {
		victim += b2i(kind < 5) // a non-slider fakes a capture
	}
	switch {
	case victim != 0:
		return "end"
	case passed:
		return "passed"
	}
	return "on"
}

// scanPosition is the position of a node of a recorded tree as the stepper
// has it: its FEN (the board, the side to move and the castling rights,
// which set the moved bits as micro-Max's board has them) and micro-Max's
// e.p. argument E, which a FEN cannot hold after castling. Unlike a FEN
// the engine is given to play, the position may leave a king in check:
// micro-Max searches such positions, and refutes them.
func scanPosition(fen string, epSquare int) (Position, error) {
	var p Position
	f := strings.Fields(fen)
	if len(f) < 3 || epSquare < 0 || epSquare > noSquare || epSquare != noSquare && epSquare&offBoard != 0 {
		return p, errors.New("umax scan wants B Y D Z E and a FEN")
	}
	if err := p.placePieces(f[0]); err != nil {
		return p, err
	}
	p.side = white
	if f[1] == sideLetter(black) {
		p.side = black
	}
	if _, err := p.setCastling(f[2]); err != nil {
		return p, err
	}
	setCentre(&p.board)
	p.epSquare = epSquare
	return p, nil
}

// writeScanJSON writes the events of a scan as JSON on one line:
// {"events":[event, ...]}, each event an array: its kind, then
//
//	["start", B, Y]               Y: the table's move's to-square, or 128 (none)
//	["square", x, u, own]         u: the piece on x (micro-Max's byte), own: the mover's
//	["dir", x, u, j, r]           direction j of steps[] (o[]), its step r
//	["target", x, y, u, j, r, "result", hash, H, t, castling]
//	["ray", x, y, "on"|"end"|"passed"]
//	["next", x]                   the scan's next square
//	["done", B]
//
// squares as 0x88 numbers.
func writeScanJSON(w io.Writer, events []scanEvent) error {
	j := &jsonWriter{w: bufio.NewWriter(w)}
	j.raw("{")
	j.field("events").raw("[")
	for i, e := range events {
		if i > 0 {
			j.raw(",")
		}
		j.raw("[").str(scanNames[e.kind]).raw(",").number(e.x)
		switch e.kind {
		case scanStart:
			j.raw(",").number(e.y)
		case scanSquare:
			j.raw(",").number(e.u).raw(",").boolean(e.own)
		case scanDir:
			j.raw(",").number(e.u).raw(",").number(e.j).raw(",").number(e.r)
		case scanTarget:
			j.raw(",").number(e.y).raw(",").number(e.u).raw(",").number(e.j).raw(",").number(e.r).raw(",").str(e.result).
				raw(",").boolean(e.hash).raw(",").number(e.captureSq).raw(",").number(e.victim).raw(",").boolean(e.castling)
		case scanRay:
			j.raw(",").number(e.y).raw(",").str(e.result)
		}
		j.raw("]")
	}
	j.raw("]}")
	return j.w.Flush()
}
