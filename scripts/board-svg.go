//go:build ignore

// board-svg draws the positions of the laboratory's cards (doc/laboratory.md)
// as SVG boards, with the standard library only:
//
//	go run scripts/board-svg.go [-o DIR]
//
// It reads doc/lab-boards/positions.txt, one card a line:
//
//	NAME|ROOT FEN|PLIES|OPTIONS|RULE|NODE FEN|MOVE|LINE
//
// and writes DIR/NAME.svg (DIR: doc/lab-boards): the position NODE FEN, the
// node of the search from ROOT FEN (its PLIES-ply iteration, under the UCI
// options OPTIONS, NAME=VALUE joined by ;) where RULE first cuts a move
// (where the page's stepper stops when run to the next laboratory cut, or
// to the next futility prune for micro-Max's own rule), with that move,
// MOVE in coordinates, drawn as an arrow, and LINE, the moves from the root
// to the node, under the board. TestLabCards checks that the search cuts
// MOVE there first (and with -update writes the last three fields), and
// that the SVGs are what this script writes.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

const (
	square = 40 // pixels a square
	margin = 18 // room for the files' and ranks' letters
)

// glyphs are the pieces as Unicode's filled chess symbols, each followed
// by the variation selector that asks for text, not an emoji; white pieces
// are drawn white with a dark outline.
var glyphs = map[byte]string{'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟"}

func main() {
	dir := flag.String("o", "doc/lab-boards", "the folder the SVGs go to")
	flag.Parse()
	f, err := os.Open("doc/lab-boards/positions.txt")
	if err != nil {
		fail("%v", err)
	}
	defer f.Close()
	in := bufio.NewScanner(f)
	n := 0
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "|")
		if len(fields) != 8 {
			fail("%q: %d fields, want 8", line, len(fields))
		}
		name, node, move, path := fields[0], fields[5], fields[6], fields[7]
		svg, err := board(node, move, path)
		if err != nil {
			fail("%s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(*dir, name+".svg"), []byte(svg), 0o644); err != nil {
			fail("%v", err)
		}
		n++
	}
	if n == 0 {
		fail("no positions in doc/lab-boards/positions.txt")
	}
}

// board is the SVG of a FEN's position with a move (e.g. "e2e4") as an
// arrow, the line that led there as the caption.
func board(fen, move, line string) (string, error) {
	fields := strings.Fields(fen)
	ranks := strings.Split(fields[0], "/")
	if len(fields) < 2 || len(ranks) != 8 {
		return "", fmt.Errorf("not a FEN: %q", fen)
	}
	var b strings.Builder
	size := 8*square + margin
	height := size + 2*margin
	toMove := map[string]string{"w": "White", "b": "Black"}[fields[1]]
	caption := toMove + " to move"
	if line != "" {
		caption = "after " + line + ": " + caption
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, sans-serif">`+"\n",
		size, height, size, height)
	fmt.Fprintf(&b, "<title>%s; the cut move %s</title>\n", escape(fen), move)
	b.WriteString(`<defs><marker id="head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker></defs>` + "\n")
	from, to, ok := squares(move)
	if !ok {
		return "", fmt.Errorf("not a move: %q", move)
	}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			colour := "#f0d9b5"
			if (r+f)%2 == 1 {
				colour = "#b58863"
			}
			if [2]int{f, r} == from || [2]int{f, r} == to {
				colour = map[bool]string{true: "#f6f669", false: "#baca44"}[(r+f)%2 == 0]
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", margin+f*square, r*square, square, square, colour)
		}
	}
	for i := 0; i < 8; i++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" text-anchor="middle" fill="#555">%c</text>`+"\n", margin+i*square+square/2, 8*square+14, 'a'+i)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" text-anchor="middle" fill="#555">%c</text>`+"\n", margin/2, i*square+square/2+4, '8'-i)
	}
	for r, rank := range ranks {
		f := 0
		for i := 0; i < len(rank); i++ {
			c := rank[i]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				continue
			}
			lower := c | 0x20
			glyph, ok := glyphs[lower]
			if !ok || f > 7 {
				return "", fmt.Errorf("rank %d of %q", 8-r, fen)
			}
			fill, stroke := "#000", "#000"
			if c != lower {
				fill, stroke = "#fff", "#000"
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="34" text-anchor="middle" fill="%s" stroke="%s" stroke-width="0.8">%s&#xFE0E;</text>`+"\n",
				margin+f*square+square/2, r*square+square-8, fill, stroke, glyph)
			f++
		}
		if f != 8 {
			return "", fmt.Errorf("rank %d of %q has %d squares", 8-r, fen, f)
		}
	}
	cx := func(sq [2]int) (int, int) { return margin + sq[0]*square + square/2, sq[1]*square + square/2 }
	x1, y1 := cx(from)
	x2, y2 := cx(to)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#c0392b" stroke-width="5" stroke-opacity="0.8" marker-end="url(#head)"/>`+"\n", x1, y1, x2, y2)
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" text-anchor="middle" fill="#222">%s</text>`+"\n", size/2, 8*square+margin+16, escape(caption))
	b.WriteString("</svg>\n")
	return b.String(), nil
}

// squares reads a move in coordinates as two (file, row from the top) pairs.
func squares(move string) (from, to [2]int, ok bool) {
	if len(move) < 4 {
		return from, to, false
	}
	sq := func(s string) ([2]int, bool) {
		f, r := int(s[0]-'a'), int('8'-s[1])
		return [2]int{f, r}, f >= 0 && f < 8 && r >= 0 && r < 8
	}
	from, ok1 := sq(move[0:2])
	to, ok2 := sq(move[2:4])
	return from, to, ok1 && ok2
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "board-svg: "+format+"\n", args...)
	os.Exit(1)
}
