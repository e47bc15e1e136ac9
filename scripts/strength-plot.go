//go:build ignore

// strength-plot draws the strength scale as the calibration measured it:
// each point's measured rating with its 95% interval (the fit's,
// scripts/strength-fit.go -json) against the number the table of
// strength.go gives it (UCI_Elo), where the diagonal is perfect. It writes
// SVG, by hand, with no dependency; with -page, instead, the JSON the
// browser page reads to say what a chosen level measured
// (web/strength-measured.json).
//
//	go run scripts/strength-plot.go FIT.json > doc/strength-scale.svg
//	go run scripts/strength-plot.go -page FIT.json > web/strength-measured.json
//
// A point's number on the table: a level checked as UCI_Elo selects it
// (lvN), N; full strength at the table's time control, its top; a knob
// setting (bB, bBsS), the rating whose knobs the table takes in
// proportion (levelAt) equal to them, read from strength.go's
// strengthPoints; a setting outside the table's reach is left out.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

type point struct {
	Player string  `json:"player"`
	Name   string  `json:"name"`
	Budget int     `json:"budget,omitempty"`
	Spread int     `json:"spread,omitempty"`
	Level  int     `json:"level,omitempty"`
	Elo    float64 `json:"elo"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	Games  int     `json:"games"`
}

type report struct {
	Scale  float64  `json:"scale"`
	Points []point  `json:"points"`
	Checks []point  `json:"checks"`
	Pairs  []string `json:"pairs"`
}

// tablePoint is a point of strength.go's table.
type tablePoint struct{ elo, budget, spread int }

// readTable reads strengthPoints and the full-strength constants from
// strength.go.
func readTable(path string) (points []tablePoint, fullElo int, fullTC string) {
	src, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	text := string(src)
	m := regexp.MustCompile(`fullStrengthElo\s*=\s*(\d+)`).FindStringSubmatch(text)
	fullElo, _ = strconv.Atoi(m[1])
	fullTC = regexp.MustCompile(`fullStrengthTC\s*=\s*"([^"]+)"`).FindStringSubmatch(text)[1]
	budget := regexp.MustCompile(`fullStrengthBudget\s*=\s*(\d+)`).FindStringSubmatch(text)[1]
	re := regexp.MustCompile(`\{elo: (\w+), strengthLevel: strengthLevel\{budget: (\w+)(?:, spread: (\d+))?\}\}`)
	for _, s := range re.FindAllStringSubmatch(text, -1) {
		var p tablePoint
		p.elo, _ = strconv.Atoi(strings.Replace(s[1], "fullStrengthElo", strconv.Itoa(fullElo), 1))
		p.budget, _ = strconv.Atoi(strings.Replace(s[2], "fullStrengthBudget", budget, 1))
		p.spread, _ = strconv.Atoi(s[3])
		points = append(points, p)
	}
	return points, fullElo, fullTC
}

// nominal is the table's rating for a point, if it has one.
func nominal(p point, table []tablePoint, fullElo int, fullTC string) (float64, bool) {
	switch {
	case p.Level > 0:
		return float64(p.Level), true
	case p.Player == "full@"+fullTC:
		return float64(fullElo), true
	case p.Budget == 0:
		return 0, false
	}
	for i := 1; i < len(table); i++ {
		lo, hi := table[i-1], table[i]
		if (lo.spread > 0) != (p.Spread > 0) || (hi.spread > 0) != (p.Spread > 0) {
			continue
		}
		var a, b, x int // the knob that varies between the two points
		if p.Spread > 0 {
			if lo.budget != p.Budget || hi.budget != p.Budget {
				continue
			}
			a, b, x = lo.spread, hi.spread, p.Spread
		} else {
			a, b, x = lo.budget, hi.budget, p.Budget
		}
		if a == b || x < min(a, b) || x > max(a, b) {
			if a == x {
				return float64(lo.elo), true
			}
			continue
		}
		return float64(lo.elo) + float64(hi.elo-lo.elo)*float64(x-a)/float64(b-a), true
	}
	return 0, false
}

// placed is a point with its number on the table.
type placed struct {
	point
	at    float64
	check bool // a verification's level, not a point of the fit
}

func main() {
	page := flag.Bool("page", false, "write the page's JSON of measured levels instead of the SVG")
	tablePath := flag.String("table", "strength.go", "the file of the table")
	flag.Parse()
	data, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/strength-plot.go [-page] FIT.json")
		os.Exit(2)
	}
	var rep report
	if err := json.Unmarshal(data, &rep); err != nil {
		panic(err)
	}
	table, fullElo, fullTC := readTable(*tablePath)
	var ps []placed
	for _, set := range []struct {
		points []point
		check  bool
	}{{rep.Points, false}, {rep.Checks, true}} {
		for _, p := range set.points {
			if at, ok := nominal(p, table, fullElo, fullTC); ok {
				ps = append(ps, placed{p, at, set.check})
			}
		}
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].at < ps[j].at })
	if *page {
		writePage(ps)
		return
	}
	writeSVG(ps, rep.Scale)
}

// writePage writes what the page reads: for each point with a number on
// the table, the number and what it measured, weakest first. A level
// between two points measured about what they did, in proportion (the
// page interpolates).
func writePage(ps []placed) {
	type out struct {
		Level int     `json:"level"`
		Elo   float64 `json:"elo"`
		Lo    float64 `json:"lo"`
		Hi    float64 `json:"hi"`
		What  string  `json:"what"`
	}
	var o []out
	for _, p := range ps {
		o = append(o, out{int(math.Round(p.at)), p.Elo, p.Lo, p.Hi, p.Name})
	}
	b, _ := json.MarshalIndent(map[string]any{
		"about":  "What the strength levels measured: doc/strength.md; written by scripts/strength-plot.go -page from scripts/strength-fit.go's fit, not by hand",
		"points": o,
	}, "", "  ")
	fmt.Println(string(b))
}

// writeSVG draws the points against the diagonal.
func writeSVG(ps []placed, scale float64) {
	const w, h, left, right, top, bottom = 640.0, 560.0, 70.0, 20.0, 40.0, 60.0
	lo, hi := 300.0, 1800.0
	for _, p := range ps {
		lo, hi = math.Min(lo, math.Min(p.at, p.Lo)), math.Max(hi, math.Max(p.at, p.Hi))
	}
	lo, hi = math.Floor(lo/100)*100, math.Ceil(hi/100)*100
	x := func(v float64) float64 { return left + (v-lo)/(hi-lo)*(w-left-right) }
	y := func(v float64) float64 { return h - bottom - (v-lo)/(hi-lo)*(h-top-bottom) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%.0f" height="%.0f" fill="white"/>`+"\n", w, h)
	fmt.Fprintf(&b, `<text x="%.0f" y="22" text-anchor="middle" font-size="14">The strength scale: measured rating (95%% interval) against the table's UCI_Elo</text>`+"\n", w/2)
	for v := lo; v <= hi; v += 100 {
		major := int(v)%500 == 0
		stroke := "#eee"
		if major {
			stroke = "#ccc"
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", x(v), y(lo), x(v), y(hi), stroke)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", x(lo), y(v), x(hi), y(v), stroke)
		if major || hi-lo <= 800 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%.0f</text>`+"\n", x(v), h-bottom+16, v)
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end">%.0f</text>`+"\n", left-6, y(v)+4, v)
		}
	}
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="6 4"/>`+"\n", x(lo), y(lo), x(hi), y(hi))
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">the level's UCI_Elo (the table's number)</text>`+"\n", (left+w-right)/2, h-bottom+38)
	fmt.Fprintf(&b, `<text transform="translate(18 %.1f) rotate(-90)" text-anchor="middle">measured rating, Stockfish 15.1's scale</text>`+"\n", (top+h-bottom)/2)
	for _, p := range ps {
		colour := "#1f5fa8"
		if p.check {
			colour = "#c0392b"
		}
		fmt.Fprintf(&b, `<g><title>%s: %.0f (%.0f to %.0f), the table's %.0f</title>`, p.Name, p.Elo, p.Lo, p.Hi, p.at)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="1.5"/>`, x(p.at), y(p.Lo), x(p.at), y(p.Hi), colour)
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"/></g>`+"\n", x(p.at), y(p.Elo), colour)
	}
	fmt.Fprintf(&b, `<circle cx="%.0f" cy="%.0f" r="3.5" fill="#1f5fa8"/><text x="%.0f" y="%.0f">a point of the fit (knobs; full strength)</text>`+"\n", left+14, top+14, left+24, top+18)
	fmt.Fprintf(&b, `<circle cx="%.0f" cy="%.0f" r="3.5" fill="#c0392b"/><text x="%.0f" y="%.0f">a level checked, matches the fit did not use</text>`+"\n", left+14, top+32, left+24, top+36)
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f">intervals include the scale's own uncertainty, %.0f Elo (one standard error)</text>`+"\n", left+14, top+54, scale)
	b.WriteString("</svg>\n")
	fmt.Print(b.String())
}
