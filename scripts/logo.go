//go:build ignore

// logo draws the engine's logo for XBoard, install/umax.png: 100 by 50
// pixels, RGB, the size and kind of the logos Debian's XBoard engines ship
// (/usr/share/games/plugins/logos/fairymax.png). A pawn beside "µMax" and
// "4.1", drawn from shapes and a 5-by-8 bitmap font with nothing but Go's
// standard library, so that the picture is this file's, the same on every
// run.
//
//	go run scripts/logo.go          # writes install/umax.png
//	go run scripts/logo.go -check   # fails unless install/umax.png is what it draws (TestLogoIsGenerated)
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

const logoFile = "install/umax.png"

func main() {
	check := flag.Bool("check", false, "fail unless "+logoFile+" is what this program draws")
	flag.Parse()
	var drawn bytes.Buffer
	if err := png.Encode(&drawn, drawLogo()); err != nil {
		fail(err)
	}
	if !*check {
		if err := os.WriteFile(logoFile, drawn.Bytes(), 0o644); err != nil {
			fail(err)
		}
		return
	}
	committed, err := os.ReadFile(logoFile)
	if err != nil {
		fail(err)
	}
	if !bytes.Equal(drawn.Bytes(), committed) {
		fail(fmt.Errorf("%s is not what scripts/logo.go draws: go run scripts/logo.go writes it", logoFile))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "logo:", err)
	os.Exit(1)
}

const logoWidth, logoHeight = 100, 50

var (
	logoPaper = color.RGBA{0xf4, 0xf1, 0xe8, 0xff} // the background
	logoInk   = color.RGBA{0x2b, 0x2b, 0x2b, 0xff} // the pawn
	logoBlue  = color.RGBA{0x1f, 0x3a, 0x93, 0xff} // the letters
)

// glyphs are the letters the logo writes, 5 columns by 8 rows: rows 0 to 6
// stand on the baseline, row 7 hangs below it (µ's tail).
var logoGlyphs = map[rune][8]string{
	'µ': {".....", ".....", "#...#", "#...#", "#...#", "#..##", "###.#", "#...."},
	'M': {"#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#", "....."},
	'a': {".....", ".....", ".###.", "....#", ".####", "#...#", ".####", "....."},
	'x': {".....", ".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "....."},
	'4': {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#.", "....."},
	'.': {".....", ".....", ".....", ".....", ".....", "##...", "##...", "....."},
	'1': {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###.", "....."},
}

// glyphWidth is a glyph's width in columns: up to its last inked column.
func glyphWidth(r rune) int {
	w := 0
	for _, row := range logoGlyphs[r] {
		for x, c := range row {
			if c == '#' && x+1 > w {
				w = x + 1
			}
		}
	}
	return w
}

// textWidth is the width in pixels of text at scale, with a gap of scale
// pixels between letters.
func textWidth(text string, scale int) int {
	w := 0
	for _, r := range text {
		w += (glyphWidth(r) + 1) * scale
	}
	return w - scale
}

// writeLogoText draws text at scale with its top left corner at (x, y).
func writeLogoText(img *image.RGBA, text string, x, y, scale int) {
	for _, r := range text {
		for row, line := range logoGlyphs[r] {
			for col, c := range line {
				if c == '#' {
					for dy := range scale {
						for dx := range scale {
							img.Set(x+col*scale+dx, y+row*scale+dy, logoBlue)
						}
					}
				}
			}
		}
		x += (glyphWidth(r) + 1) * scale
	}
}

// inPawn reports whether the point (x, y) lies in the pawn: a head, a
// collar, a body that widens downwards and a base, centred on x = 14.
func inPawn(x, y float64) bool {
	dx := math.Abs(x - 14)
	switch {
	case math.Hypot(dx, y-13) <= 6.5: // the head
		return true
	case y >= 19 && y <= 22: // the collar
		return dx <= 6.5
	case y > 22 && y <= 38: // the body
		return dx <= 4+(y-22)*0.4
	case y > 38 && y <= 45: // the base
		return dx <= 11
	}
	return false
}

// drawLogo paints the logo.
func drawLogo() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, logoWidth, logoHeight))
	const samples = 4 // per pixel and axis: the pawn's edges smoothed
	for y := range logoHeight {
		for x := range logoWidth {
			covered := 0
			for sy := range samples {
				for sx := range samples {
					if inPawn(float64(x)+(float64(sx)+0.5)/samples, float64(y)+(float64(sy)+0.5)/samples) {
						covered++
					}
				}
			}
			img.Set(x, y, mixColour(logoPaper, logoInk, float64(covered)/samples/samples))
		}
	}
	right := 28 // the letters' column: from here to the right edge, centred
	top := "µMax"
	writeLogoText(img, top, right+(logoWidth-right-textWidth(top, 3))/2, 3, 3)
	bottom := "4.1"
	writeLogoText(img, bottom, right+(logoWidth-right-textWidth(bottom, 2))/2, 31, 2)
	return img
}

// mixColour is the colour a of the way from a to b.
func mixColour(a, b color.RGBA, t float64) color.RGBA {
	channel := func(p, q uint8) uint8 { return uint8(math.Round(float64(p) + (float64(q)-float64(p))*t)) }
	return color.RGBA{channel(a.R, b.R), channel(a.G, b.G), channel(a.B, b.B), 0xff}
}
