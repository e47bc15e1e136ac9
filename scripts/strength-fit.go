//go:build ignore

// strength-fit rates the players of the strength calibration
// (scripts/strength-calibrate.sh) with one maximum-likelihood fit over all
// their matches, as Ordo and BayesElo do, and checks the table against
// matches the fit did not use.
//
//	go run scripts/strength-fit.go [-full TC] [-json FILE] [-check DIR]... DIR...
//	go run scripts/strength-fit.go -selfcheck
//
// It reads every DIR/NAME.result and DIR/SUB/NAME.result (SUB: a time
// control or "calibration"), NAME being PLAYER-vs-OPPONENT and the result
// "games won drawn lost" from the player's side. The players: "sfN"
// (Stockfish 15.1 at UCI_Elo N), "bB" and "bBsS" (-level B or B,S), "lvN"
// (UCI_Elo N of the table), "full" (full strength, at the time control SUB:
// the only player whose strength depends on the clock).
//
// The model: a player i has a rating r_i, and scores against j
// E = 1/(1 + 10^((r_j - r_i)/400)) a game, a draw counting half a win and
// half a loss; the ratings maximise the likelihood of all the games at
// once, every pair's with one virtual draw (-prior) so that a perfect score
// stays finite. Stockfish at 1500 and above is fixed at its UCI_Elo (the
// anchors); below 1500 its settings play alike (skill 0, depth one) and it
// is a player like ours. A player not connected to an anchor by matches is
// left out, and said so. One standard error of a rating is from the
// curvature of the likelihood (its Hessian's inverse, with the games'
// observed variance in a sandwich, since a draw varies less than half a
// win and half a loss), combined with the
// scale's own uncertainty: how far the anchors disagree, beyond the
// matches' errors, about the players that met several of them (at least
// anchorFloor), as doc/strength.md explains. 95%: 1.96 of them.
//
// -check DIR reads the verification's matches, which the fit does not use:
// each player of them rated against the fitted ratings held fixed, and for
// levels 300 apart the stronger one's score, which the table predicts at
// 85% (15% ± 5 for the weaker passes), for a level against Stockfish its
// rating within ±50 of its number.
//
// Then the fits of the knobs (Elo = a + b ln(knob)), the table of points
// for strength.go from the measured points (made monotone), and, with
// -json, the points and checks for scripts/strength-plot.go and the page.
//
// -selfcheck fits synthetic matches between players of known ratings and
// fails (exit status 1) unless the ratings come back within their
// intervals as often as 95% intervals should, and anchored (TestStrengthFit
// runs it).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// weakestSpread is the spread of the weakest level: a larger one (150
// measured some 130 points, give or take 190) plays little better than
// moves at random, below the beginners the scale is for.
const weakestSpread = 100

// anchorFloor is the least uncertainty (one standard error, in Elo) given
// to Stockfish's scale: its authors publish none.
const anchorFloor = 30.0

// lowestAnchor is the lowest UCI_Elo of Stockfish fixed as an anchor:
// below, 1350 and 1400 are the same engine (skill 0, depth one).
const lowestAnchor = 1500

// eloScale is the logistic model's slope: d E / d r = eloScale E (1-E).
var eloScale = math.Ln10 / 400

type match struct {
	group, player, opponent string // group: the result's directory (a time control)
	games, w, d, l          int
}

func (m match) score() float64 { return (float64(m.w) + float64(m.d)/2) / float64(m.games) }

// diff is the rating difference the score implies, with its standard error
// (trinomial: the games' variance around the mean).
func (m match) diff() (elo, se float64) {
	s := math.Min(math.Max(m.score(), 0.005), 0.995)
	n := float64(m.games)
	v := (float64(m.w)*(1-s)*(1-s) + float64(m.d)*(0.5-s)*(0.5-s) + float64(m.l)*s*s) / n
	se = math.Sqrt(v/n) * 400 / (math.Ln10 * s * (1 - s))
	return -400 * math.Log10(1/s-1), se
}

// key is a player's name in the fit: full strength at its time control,
// any other by its name (its moves do not depend on the clock).
func key(group, p string) string {
	if p == "full" {
		return "full@" + group
	}
	return p
}

func (m match) a() string { return key(m.group, m.player) }
func (m match) b() string { return key(m.group, m.opponent) }

// anchor is the fixed rating of an anchor, Stockfish at lowestAnchor or
// above.
func anchor(p string) (float64, bool) {
	v, err := strconv.Atoi(strings.TrimPrefix(p, "sf"))
	if !strings.HasPrefix(p, "sf") || err != nil || v < lowestAnchor {
		return 0, false
	}
	return float64(v), true
}

// readMatches reads the results under the directories.
func readMatches(dirs []string) []match {
	var matches []match
	for _, dir := range dirs {
		var files []string
		for _, pattern := range []string{"*.result", "*/*.result"} {
			f, _ := filepath.Glob(filepath.Join(dir, pattern))
			files = append(files, f...)
		}
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".result")
			p, o, ok := strings.Cut(name, "-vs-")
			if !ok {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				panic(err)
			}
			m := match{group: filepath.Base(filepath.Dir(f)), player: p, opponent: o}
			if _, err := fmt.Sscan(string(b), &m.games, &m.w, &m.d, &m.l); err != nil {
				panic(f + ": " + err.Error())
			}
			matches = append(matches, m)
		}
	}
	sort.Slice(matches, func(i, j int) bool {
		return matches[i].group+matches[i].player+matches[i].opponent < matches[j].group+matches[j].player+matches[j].opponent
	})
	return matches
}

// fitted is the fit's result: each free player's rating and its standard
// error from the matches alone (the anchors fixed), and who was left out.
type fitted struct {
	elo, se map[string]float64
	out     []string // players not connected to an anchor
}

// fitRatings maximises the likelihood of the matches' games with the
// players of fixed held at their ratings (Newton's method on the others),
// prior virtual draws added to every match.
func fitRatings(matches []match, fixed map[string]float64, prior float64) fitted {
	// The players connected to a fixed one.
	links := map[string][]string{}
	for _, m := range matches {
		links[m.a()] = append(links[m.a()], m.b())
		links[m.b()] = append(links[m.b()], m.a())
	}
	reached := map[string]bool{}
	var queue []string
	for p := range links {
		if _, ok := fixed[p]; ok {
			reached[p] = true
			queue = append(queue, p)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range links[p] {
			if !reached[q] {
				reached[q] = true
				queue = append(queue, q)
			}
		}
	}
	res := fitted{elo: map[string]float64{}, se: map[string]float64{}}
	index := map[string]int{}
	var free []string
	for p := range links {
		_, isFixed := fixed[p]
		switch {
		case !reached[p]:
			res.out = append(res.out, p)
		case !isFixed:
			free = append(free, p)
		}
	}
	sort.Strings(free)
	sort.Strings(res.out)
	for i, p := range free {
		index[p] = i
	}
	n := len(free)
	x := make([]float64, n)
	for i := range x {
		x[i] = 1500
	}
	rating := func(p string) (float64, int) {
		if i, ok := index[p]; ok {
			return x[i], i
		}
		return fixed[p], -1
	}
	square := func() [][]float64 {
		a := make([][]float64, n)
		for i := range a {
			a[i] = make([]float64, n)
		}
		return a
	}
	add := func(a [][]float64, i, j int, h float64) { // a pair's term: +h on the diagonal, -h off it
		if i >= 0 {
			a[i][i] += h
		}
		if j >= 0 {
			a[j][j] += h
		}
		if i >= 0 && j >= 0 {
			a[i][j] -= h
			a[j][i] -= h
		}
	}
	var info, spread [][]float64
	for iter := 0; iter < 200; iter++ {
		grad := make([]float64, n)
		info, spread = square(), square() // minus the Hessian; the scores' observed variance
		for _, m := range matches {
			ra, i := rating(m.a())
			rb, j := rating(m.b())
			if !reached[m.a()] || i < 0 && j < 0 {
				continue
			}
			e := 1 / (1 + math.Pow(10, (rb-ra)/400))
			games := float64(m.games) + prior
			points := float64(m.w) + float64(m.d)/2 + prior/2
			g := eloScale * (points - games*e)
			if i >= 0 {
				grad[i] += g
			}
			if j >= 0 {
				grad[j] -= g
			}
			add(info, i, j, eloScale*eloScale*games*e*(1-e))
			// A draw varies less than half a win and half a loss: the
			// games' own variance around e (trinomial).
			v := float64(m.w)*(1-e)*(1-e) + float64(m.d)*(0.5-e)*(0.5-e) + float64(m.l)*e*e + prior*(0.5-e)*(0.5-e)
			add(spread, i, j, eloScale*eloScale*v)
		}
		step := solve(info, grad)
		largest := 0.0
		for i := range x {
			s := math.Max(-300, math.Min(300, step[i]))
			x[i] += s
			largest = math.Max(largest, math.Abs(s))
		}
		if largest < 1e-6 {
			break
		}
	}
	// The covariance, robust to the draws (a sandwich: H^-1 J H^-1, J the
	// scores' observed variance).
	inv := invert(info)
	cov := mul(mul(inv, spread), inv)
	for i, p := range free {
		res.elo[p], res.se[p] = x[i], math.Sqrt(cov[i][i])
	}
	return res
}

// solve solves a x = b by Gaussian elimination with partial pivoting.
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	m := make([][]float64, n)
	for i := range m {
		m[i] = append(append([]float64(nil), a[i]...), b[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		if m[c][c] == 0 {
			continue
		}
		for r := 0; r < n; r++ {
			if r != c {
				f := m[r][c] / m[c][c]
				for k := c; k <= n; k++ {
					m[r][k] -= f * m[c][k]
				}
			}
		}
	}
	x := make([]float64, n)
	for i := range x {
		if m[i][i] != 0 {
			x[i] = m[i][n] / m[i][i]
		}
	}
	return x
}

// mul is the product of two square matrices.
func mul(a, b [][]float64) [][]float64 {
	n := len(a)
	c := make([][]float64, n)
	for i := range c {
		c[i] = make([]float64, n)
		for k := 0; k < n; k++ {
			for j := 0; j < n; j++ {
				c[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return c
}

// invert is a's inverse, column by column.
func invert(a [][]float64) [][]float64 {
	n := len(a)
	inv := make([][]float64, n)
	for i := range inv {
		inv[i] = make([]float64, n)
	}
	for c := 0; c < n; c++ {
		e := make([]float64, n)
		e[c] = 1
		col := solve(a, e)
		for r := range col {
			inv[r][c] = col[r]
		}
	}
	return inv
}

// anchorUncertainty is how far the anchors disagree about the players that
// met several of them, beyond what their matches explain: for each such
// player the spread of its ratings from each anchor alone, less their
// errors' mean square, pooled; at least anchorFloor.
func anchorUncertainty(matches []match) float64 {
	byPlayer := map[string][][2]float64{}
	for _, m := range matches {
		if a, ok := anchor(m.opponent); ok {
			d, se := m.diff()
			byPlayer[m.a()] = append(byPlayer[m.a()], [2]float64{a + d, se})
		}
	}
	var excess, n float64
	for _, r := range byPlayer {
		if len(r) < 2 {
			continue
		}
		var mean, v, s2 float64
		for _, x := range r {
			mean += x[0] / float64(len(r))
		}
		for _, x := range r {
			v += (x[0] - mean) * (x[0] - mean) / float64(len(r)-1)
			s2 += x[1] * x[1] / float64(len(r))
		}
		excess += v - s2
		n++
	}
	if n == 0 || excess/n < anchorFloor*anchorFloor {
		return anchorFloor
	}
	return math.Sqrt(excess / n)
}

// anchorsOf are the anchors the matches name, at their ratings.
func anchorsOf(matches []match) map[string]float64 {
	fixed := map[string]float64{}
	for _, m := range matches {
		for _, p := range []string{m.player, m.opponent} {
			if a, ok := anchor(p); ok {
				fixed[p] = a
			}
		}
	}
	return fixed
}

// point is a rated player for the plot and the page.
type point struct {
	Player string  `json:"player"`
	Name   string  `json:"name"`
	Budget int     `json:"budget,omitempty"`
	Spread int     `json:"spread,omitempty"`
	Level  int     `json:"level,omitempty"` // a table level's UCI_Elo
	Elo    float64 `json:"elo"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	Games  int     `json:"games"`
}

// report is what -json writes.
type report struct {
	Scale  float64  `json:"scale"` // the scale's uncertainty, one standard error
	Points []point  `json:"points"`
	Checks []point  `json:"checks"` // the verification's players, rated against the fit
	Pairs  []string `json:"pairs"`  // the verification's levels 300 apart: "weak-vs-strong score pass"
}

func main() {
	fullTC := flag.String("full", "10+0.1", "the time control at which full strength tops the scale")
	jsonOut := flag.String("json", "", "write the rated points and checks to this file")
	prior := flag.Float64("prior", 1, "virtual draws added to every match")
	selfcheck := flag.Bool("selfcheck", false, "fit synthetic matches of known ratings and check the intervals")
	var checks, fix multiFlag
	flag.Var(&checks, "check", "a directory of verification matches, not used by the fit (repeatable)")
	flag.Var(&fix, "fix", "PLAYER=ELO: hold a player at a rating, as an anchor (to read a partial run whose players meet no anchor yet; repeatable)")
	flag.Parse()
	if *selfcheck {
		os.Exit(selfCheck())
	}
	matches := readMatches(flag.Args())
	scale := anchorUncertainty(matches)
	fixed := anchorsOf(matches)
	if len(fixed) == 0 {
		scale = 0 // no anchor, no scale: the intervals are the matches' alone
	}
	for _, f := range fix {
		p, v, _ := strings.Cut(f, "=")
		elo, err := strconv.ParseFloat(v, 64)
		if err != nil {
			fmt.Fprintf(os.Stderr, "-fix %s: want PLAYER=ELO\n", f)
			os.Exit(2)
		}
		fixed[p] = elo
		fmt.Printf("%s held at %.0f (-fix): the ratings below are relative to it, not on Stockfish's scale\n", describe(p), elo)
	}
	fit := fitRatings(matches, fixed, *prior)
	games := map[string]int{}
	for _, m := range matches {
		games[m.a()] += m.games
		games[m.b()] += m.games
	}
	fmt.Printf("One maximum-likelihood fit over %d matches, %d games; anchors %s; the scale's uncertainty %.0f Elo (one standard error; at least %.0f with an anchor)\n\n",
		len(matches), total(matches), anchorList(anchorsOf(matches)), scale, anchorFloor)
	if len(fit.out) > 0 {
		fmt.Printf("Not connected to an anchor, left out: %s\n\n", strings.Join(fit.out, ", "))
	}
	interval := func(p string) (lo, hi float64) {
		se := math.Hypot(fit.se[p], scale)
		return fit.elo[p] - 1.96*se, fit.elo[p] + 1.96*se
	}
	fmt.Println("| player | opponent | group | games | won-drawn-lost | score | the fit's expected score |")
	fmt.Println("|---|---|---|---:|---:|---:|---:|")
	for _, m := range matches {
		expect := "(left out)"
		if ra, ok := ratingOf(fit, fixed, m.a()); ok {
			if rb, ok := ratingOf(fit, fixed, m.b()); ok {
				expect = fmt.Sprintf("%.1f%%", 100/(1+math.Pow(10, (rb-ra)/400)))
			}
		}
		fmt.Printf("| %s | %s | %s | %d | %d-%d-%d | %.1f%% | %s |\n", describe(m.player), describe(m.opponent), m.group,
			m.games, m.w, m.d, m.l, 100*m.score(), expect)
	}
	fmt.Println()
	var rep report
	rep.Scale = scale
	players := sortedByElo(fit.elo)
	fmt.Println("| player | rating | 95% interval | ± | games |")
	fmt.Println("|---|---:|---:|---:|---:|")
	for _, p := range players {
		lo, hi := interval(p)
		fmt.Printf("| %s | %.0f | %.0f to %.0f | %.0f | %d |\n", describe(p), fit.elo[p], lo, hi, (hi-lo)/2, games[p])
		rep.Points = append(rep.Points, newPoint(p, fit.elo[p], lo, hi, games[p]))
	}
	fmt.Println()
	if len(checks) > 0 {
		rep.Checks, rep.Pairs = check(readMatches(checks), fit, scale, *prior)
	}
	fitAndTable(flag.Args(), *fullTC, fit)
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		if err := os.WriteFile(*jsonOut, append(b, '\n'), 0o644); err != nil {
			panic(err)
		}
	}
}

type multiFlag []string

func (f *multiFlag) String() string     { return strings.Join(*f, ",") }
func (f *multiFlag) Set(v string) error { *f = append(*f, v); return nil }

func total(matches []match) int {
	n := 0
	for _, m := range matches {
		n += m.games
	}
	return n
}

func anchorList(fixed map[string]float64) string {
	var names []string
	for p := range fixed {
		names = append(names, strings.TrimPrefix(p, "sf"))
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "none"
	}
	return "Stockfish " + strings.Join(names, ", ")
}

// ratingOf is a player's fitted or fixed rating.
func ratingOf(fit fitted, fixed map[string]float64, p string) (float64, bool) {
	if a, ok := fixed[p]; ok {
		return a, true
	}
	r, ok := fit.elo[p]
	return r, ok
}

func sortedByElo(elo map[string]float64) []string {
	var ps []string
	for p := range elo {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return elo[ps[i]] < elo[ps[j]] || elo[ps[i]] == elo[ps[j]] && ps[i] < ps[j] })
	return ps
}

var knobs = regexp.MustCompile(`^b(\d+)(?:s(\d+))?$`)

func newPoint(p string, elo, lo, hi float64, games int) point {
	pt := point{Player: p, Name: describe(p), Elo: math.Round(elo), Lo: math.Round(lo), Hi: math.Round(hi), Games: games}
	if m := knobs.FindStringSubmatch(p); m != nil {
		pt.Budget, _ = strconv.Atoi(m[1])
		pt.Spread, _ = strconv.Atoi(m[2])
	}
	if v, ok := strings.CutPrefix(p, "lv"); ok {
		pt.Level, _ = strconv.Atoi(v)
	}
	return pt
}

// check rates the verification's players against the fit (its ratings
// held fixed, the anchors too), and says whether each check holds: a
// level against Stockfish within ±50 of its number; levels 300 apart, the
// weaker scoring 15% ± 5.
func check(matches []match, fit fitted, scale, prior float64) (checks []point, pairs []string) {
	fixed := anchorsOf(matches)
	for p, r := range fit.elo {
		fixed[p] = r
	}
	var own []match // matches with a player the fit did not rate
	for _, m := range matches {
		_, fa := fixed[m.a()]
		_, fb := fixed[m.b()]
		if !fa || !fb {
			own = append(own, m)
		}
	}
	res := fitRatings(own, fixed, prior)
	fmt.Println("The verification, not used by the fit: each player rated against the fit's ratings held fixed")
	fmt.Println()
	fmt.Println("| player | opponent | games | won-drawn-lost | score | the check |")
	fmt.Println("|---|---|---:|---:|---:|---|")
	for _, m := range matches {
		verdict := ""
		lvA, okA := strings.CutPrefix(m.player, "lv")
		lvB, okB := strings.CutPrefix(m.opponent, "lv")
		a, _ := strconv.Atoi(lvA)
		b, _ := strconv.Atoi(lvB)
		sfElo, isAnchor := anchor(m.opponent)
		switch {
		case okA && okB && (b-a == 300 || a-b == 300):
			weak := m.score() // the weaker's score
			if a > b {
				weak = 1 - weak
			}
			verdict = fmt.Sprintf("the weaker %.1f%%: want 15%% ± 5, %s", 100*weak, passFail(math.Abs(weak-0.15) <= 0.05))
			pairs = append(pairs, fmt.Sprintf("%s %.3f %s", m.player+"-vs-"+m.opponent, weak, passFail(math.Abs(weak-0.15) <= 0.05)))
		case okA && isAnchor && float64(a) == sfElo:
			r := res.elo[m.a()]
			verdict = fmt.Sprintf("rated %.0f: want within ±50 of %d, %s", r, a, passFail(math.Abs(r-float64(a)) <= 50))
		}
		fmt.Printf("| %s | %s | %d | %d-%d-%d | %.1f%% | %s |\n", describe(m.player), describe(m.opponent), m.games, m.w, m.d, m.l, 100*m.score(), verdict)
	}
	fmt.Println()
	fmt.Println("| player | rating | 95% interval | within (its number) |")
	fmt.Println("|---|---:|---:|:---:|")
	for _, p := range sortedByElo(res.elo) {
		se := math.Hypot(res.se[p], scale)
		lo, hi := res.elo[p]-1.96*se, res.elo[p]+1.96*se
		pt := newPoint(p, res.elo[p], lo, hi, 0)
		within := ""
		if pt.Level > 0 {
			within = passFail(float64(pt.Level) >= lo && float64(pt.Level) <= hi)
		}
		fmt.Printf("| %s | %.0f | %.0f to %.0f | %s |\n", describe(p), res.elo[p], lo, hi, within)
		checks = append(checks, pt)
	}
	fmt.Println()
	return checks, pairs
}

func passFail(ok bool) string {
	if ok {
		return "yes"
	}
	return "NO"
}

func describe(p string) string {
	name, tc, _ := strings.Cut(p, "@")
	switch {
	case name == "full" && tc != "":
		return "full strength at " + tc
	case name == "full":
		return "full strength"
	case strings.HasPrefix(name, "sf"):
		return "Stockfish " + strings.TrimPrefix(name, "sf")
	case strings.HasPrefix(name, "lv"):
		return "level " + strings.TrimPrefix(name, "lv")
	}
	if m := knobs.FindStringSubmatch(name); m != nil && m[2] != "" {
		return "budget " + m[1] + ", spread " + m[2]
	} else if m != nil {
		return "budget " + m[1]
	}
	return name
}

// fit is Elo = a + b ln(x), by least squares weighted by each point's
// precision (1/se^2).
func fit(xs, ys, ses []float64) (a, b float64) {
	var n, sx, sy, sxx, sxy float64
	for i := range xs {
		x, w := math.Log(xs[i]), 1/(ses[i]*ses[i])
		n, sx, sy, sxx, sxy = n+w, sx+w*x, sy+w*ys[i], sxx+w*x*x, sxy+w*x*ys[i]
	}
	b = (n*sxy - sx*sy) / (n*sxx - sx*sx)
	return (sy - b*sx) / n, b
}

func fitAndTable(dirs []string, fullTC string, ratings fitted) {
	var bx, by, bs, sx, sy, ss []float64
	choosingBudget := 0
	for k, r := range ratings.elo {
		m := knobs.FindStringSubmatch(k)
		if m == nil {
			continue
		}
		budget, _ := strconv.Atoi(m[1])
		if m[2] == "" { // a budget level: its moves do not depend on the clock
			bx, by, bs = append(bx, float64(budget)), append(by, r), append(bs, ratings.se[k])
		} else if spread, _ := strconv.Atoi(m[2]); spread <= weakestSpread {
			sx, sy, ss, choosingBudget = append(sx, float64(spread)), append(sy, r), append(ss, ratings.se[k]), budget
		}
	}
	full, ok := ratings.elo[key(fullTC, "full")]
	fullBudget := 0
	for _, dir := range dirs { // DIR/TC/pgn, or DIR/pgn where DIR is the time control's
		fullBudget = max(fullBudget, medianNodes(filepath.Join(dir, fullTC, "pgn")))
		if filepath.Base(dir) == fullTC {
			fullBudget = max(fullBudget, medianNodes(filepath.Join(dir, "pgn")))
		}
	}
	if len(bx) < 2 || len(sx) < 2 {
		fmt.Println("not enough matches for the fits and the table (two budget levels and two choosing levels at least)")
		return
	}
	a, b := fit(bx, by, bs)
	c, d := fit(sx, sy, ss)
	fmt.Printf("budget levels: Elo = %.0f %+.1f ln(budget); choosing levels at %d nodes a move: Elo = %.0f %+.1f ln(spread)\n", a, b, choosingBudget, c, d)
	if ok && fullBudget > 0 {
		fmt.Printf("full strength at %s: %.0f, a median of %d nodes a move\n", fullTC, full, fullBudget)
	}
	fmt.Println()
	// The table: the measured points, weakest first, made monotone by
	// pooling neighbours out of order (their weighted mean), the choosing
	// levels up to the strongest, where the budget levels take over at a
	// budget between their two measured neighbours (geometric).
	choosing := monotone(points(sx, sy, ss, -1)) // spreads, the largest (weakest) first
	budgets := monotone(points(bx, by, bs, 1))
	meet := choosing[len(choosing)-1].elo
	fmt.Println("strengthPoints for strength.go:")
	for _, p := range choosing {
		fmt.Printf("\t{elo: %.0f, strengthLevel: strengthLevel{budget: %d, spread: %.0f}},\n", p.elo, choosingBudget, p.knob)
	}
	for i, p := range budgets {
		switch {
		case p.elo <= meet && (i+1 == len(budgets) || budgets[i+1].elo <= meet):
		case p.elo <= meet:
			q := budgets[i+1]
			f := (meet - p.elo) / (q.elo - p.elo)
			fmt.Printf("\t{elo: %.0f, strengthLevel: strengthLevel{budget: %.0f}},\n", meet, math.Exp(math.Log(p.knob)+f*(math.Log(q.knob)-math.Log(p.knob))))
		case !ok || p.elo < full:
			fmt.Printf("\t{elo: %.0f, strengthLevel: strengthLevel{budget: %.0f}},\n", p.elo, p.knob)
		}
	}
	switch {
	case ok && fullBudget > 0:
		fmt.Printf("\t{elo: fullStrengthElo, strengthLevel: strengthLevel{budget: fullStrengthBudget}},\n")
		fmt.Printf("fullStrengthElo = %.0f, fullStrengthBudget = %d, fullStrengthTC = %q\n", full, fullBudget, fullTC)
	case ok: // the results without their PGNs (git keeps no PGN): the budget stays strength.go's
		fmt.Printf("\t{elo: fullStrengthElo, strengthLevel: strengthLevel{budget: fullStrengthBudget}},\n")
		fmt.Printf("fullStrengthElo = %.0f, fullStrengthTC = %q (fullStrengthBudget as it is: no PGNs of full strength at %s to measure it)\n", full, fullTC, fullTC)
	default:
		fmt.Printf("(no matches of full strength at %s: the table's top, fullStrengthElo, stays as it is)\n", fullTC)
	}
}

// medianNodes is the median of the nodes full strength searched a move in
// the PGNs of its matches in dir (fastchess's "n=" comments).
func medianNodes(dir string) int {
	var nodes []int
	files, _ := filepath.Glob(filepath.Join(dir, "full-vs-*.pgn"))
	comment := regexp.MustCompile(`\{[^}]*n=(\d+)`)
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		fullWhite, ply := false, 0
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "[White "):
				fullWhite, ply = strings.Contains(line, `"full"`), 0
			case strings.HasPrefix(line, "[FEN ") && strings.Contains(line, " b "):
				ply = 1 // Black moves first
			case strings.HasPrefix(line, "["):
			default:
				for _, m := range comment.FindAllStringSubmatch(line, -1) {
					if (ply%2 == 0) == fullWhite {
						n, _ := strconv.Atoi(m[1])
						nodes = append(nodes, n)
					}
					ply++
				}
			}
		}
		fh.Close()
	}
	if len(nodes) == 0 {
		return 0
	}
	sort.Ints(nodes)
	return nodes[len(nodes)/2]
}

// knobPoint is a knob setting with its rating and the rating's error.
type knobPoint struct{ knob, elo, se float64 }

// points are the knob settings in order of strength (dir 1: a larger knob
// is stronger; -1: weaker).
func points(knobs, elos, ses []float64, dir float64) []knobPoint {
	var ps []knobPoint
	for i := range knobs {
		ps = append(ps, knobPoint{knobs[i], elos[i], ses[i]})
	}
	sort.Slice(ps, func(i, j int) bool { return dir*ps[i].knob < dir*ps[j].knob })
	return ps
}

// monotone pools neighbours whose ratings go down, in order of strength,
// into their mean weighted by precision, until none does.
func monotone(ps []knobPoint) []knobPoint {
	out := append([]knobPoint(nil), ps...)
	for changed := true; changed; {
		changed = false
		for i := 1; i < len(out); i++ {
			if out[i].elo < out[i-1].elo {
				w1, w2 := 1/(out[i-1].se*out[i-1].se), 1/(out[i].se*out[i].se)
				m := (out[i-1].elo*w1 + out[i].elo*w2) / (w1 + w2)
				out[i-1].elo, out[i].elo = m, m
				changed = true
			}
		}
	}
	return out
}

// --- The self-check -------------------------------------------------------

// selfCheck plays synthetic matches, the calibration's plan in shape: a
// ladder of 12 players 60 to 160 points apart, each against its neighbours
// one and two away (400 and 200 games), the top ones against three anchors
// (Stockfish 1500, 1700, 1900: 200 games each), a draw rate of 20% (less
// where a score near 0 or 1 leaves no room), and
// fits them, 200 times over with other draws. It fails unless the fit
// finds the truth: the ratings' mean error under 5 Elo, each player
// inside its 95% interval (the matches' part alone) 93% to 97% of the
// time, and the intervals' mean half-width near the spread of the
// ratings around the truth (within 25%). It also fits a ladder with the
// anchors' ratings all moved by 50: every rating must follow by 50 (the
// anchors fix the scale), and a perfect score must stay finite.
func selfCheck() int {
	truth := []float64{420, 560, 700, 790, 900, 1000, 1080, 1180, 1290, 1400, 1500, 1600}
	anchors := map[string]float64{"sf1500": 1500, "sf1700": 1700, "sf1900": 1900}
	name := func(i int) string { return fmt.Sprintf("b%d", 1000+i) }
	rng := rand.New(rand.NewPCG(39, 1))
	play := func(a, b string, ra, rb float64, games int) match {
		m := match{player: a, opponent: b, games: games}
		e := 1 / (1 + math.Pow(10, (rb-ra)/400))
		draw := min(0.2, 2*e, 2*(1-e)) // a draw rate that keeps the expected score e
		for range games {
			switch u := rng.Float64(); {
			case u < e-draw/2:
				m.w++
			case u < e+draw/2:
				m.d++
			default:
				m.l++
			}
		}
		return m
	}
	plan := func() []match {
		var ms []match
		for i := range truth {
			for k, games := range []int{1: 400, 2: 200} {
				if j := i + k; k > 0 && j < len(truth) {
					ms = append(ms, play(name(i), name(j), truth[i], truth[j], games))
				}
			}
		}
		for _, i := range []int{9, 10, 11} {
			for _, a := range []string{"sf1500", "sf1700", "sf1900"} {
				ms = append(ms, play(name(i), a, truth[i], anchors[a], 200))
			}
		}
		return ms
	}
	const runs = 200
	inside, count := 0, 0
	var sumErr, sumSq, sumHalf float64
	for range runs {
		f := fitRatings(plan(), anchors, 1)
		if len(f.out) > 0 || len(f.elo) != len(truth) {
			fmt.Printf("selfcheck: players left out %v, %d rated of %d\n", f.out, len(f.elo), len(truth))
			return 1
		}
		for i, r := range truth {
			got, se := f.elo[name(i)], f.se[name(i)]
			sumErr += got - r
			sumSq += (got - r) * (got - r)
			sumHalf += 1.96 * se
			if math.Abs(got-r) <= 1.96*se {
				inside++
			}
			count++
		}
	}
	bias, rms, half := sumErr/float64(count), math.Sqrt(sumSq/float64(count)), sumHalf/float64(count)
	coverage := float64(inside) / float64(count)
	fmt.Printf("selfcheck: %d fits of %d players: mean error %+.1f Elo, rms %.1f, mean 95%% half-width %.1f (1.96 rms %.1f), inside the interval %.1f%%\n",
		runs, len(truth), bias, rms, half, 1.96*rms, 100*coverage)
	failed := false
	if math.Abs(bias) > 5 {
		fmt.Println("selfcheck: FAILED: the ratings are biased")
		failed = true
	}
	if coverage < 0.93 || coverage > 0.97 {
		fmt.Println("selfcheck: FAILED: the 95% intervals hold the truth too rarely or too often")
		failed = true
	}
	if half < 0.75*1.96*rms || half > 1.25*1.96*rms {
		fmt.Println("selfcheck: FAILED: the intervals' width is not the ratings' spread")
		failed = true
	}
	// The anchors fix the scale: the same games, the anchors 50 higher,
	// every rating 50 higher.
	ms := plan()
	base := fitRatings(ms, anchors, 1)
	moved := map[string]float64{}
	for a, r := range anchors {
		moved[a] = r + 50
	}
	up := fitRatings(ms, moved, 1)
	for i := range truth {
		if d := up.elo[name(i)] - base.elo[name(i)]; math.Abs(d-50) > 0.5 {
			fmt.Printf("selfcheck: FAILED: the anchors 50 higher moved %s by %.1f\n", name(i), d)
			failed = true
		}
	}
	// A perfect score stays finite.
	lost := fitRatings([]match{{player: "b1", opponent: "sf1500", games: 100, l: 100}}, anchors, 1)
	if r := lost.elo["b1"]; math.IsNaN(r) || r > 1500-400 || r < 1500-2000 {
		fmt.Printf("selfcheck: FAILED: 100 losses of 100 against Stockfish 1500 rated %.0f\n", r)
		failed = true
	}
	if failed {
		return 1
	}
	fmt.Println("selfcheck: ok")
	return 0
}
