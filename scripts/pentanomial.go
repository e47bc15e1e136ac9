//go:build ignore

// pentanomial rates the futility laboratory's matches against plain 4.1 by
// their game pairs, as engine testers do, and corrects the verdicts for the
// number of matches looked at:
//
//	go run scripts/pentanomial.go [-m N] SUMMARY...
//
// Each SUMMARY is a fastchess summary that scripts/lab-match.sh -d wrote
// (doc/lab-results/DATE/NAME.summary), with its NAME.table beside it, whose
// first cell names the setting. Every opening is played twice, the colours
// reversed, so the unit of a match is a pair of games, scored 0, 1/2, 1,
// 3/2 or 2 points: fastchess's "Ptnml(0-2)" line counts the pairs of each
// score (LL, LD, WL+DD, WD, WW). The pairs of one opening are alike (both
// engines are deterministic, and an opening favours one side), so the
// games of a pair are not independent, and the trinomial interval, which
// treats every game alone, is too wide or too narrow by as much as the
// pairs are alike. The pentanomial interval is the mean pair score
// (halved: a score per game) plus or minus z standard errors of that mean,
// sqrt(var/pairs), as fastchess computes it
// (app/src/matchmaking/elo/elo_pentanomial.cpp); the Elo interval is the
// score interval's ends in Elo, -400 log10(1/score - 1). fastchess prints
// half that interval's width as "Elo: x +/- w": the script checks that it
// reproduces w, so that it read the file right.
//
// With m matches at 95% each, about m/20 intervals leave out 0 by luck
// alone. Two corrections: Holm's step-down adjusted p-value (the match's
// two-sided p from z = (score - 1/2)/se, multiplied by the number of
// matches not yet passed, in rising order), and Bonferroni's simultaneous
// interval, z for 1 - 0.05/(2m), which holds for all m matches at once.
// Summaries whose tables name the same setting are parts of one match,
// their pairs added. m is the number of matches (-m sets it: a match the
// family counts but whose pair counts are lost, say). A summary without
// pair counts (a match fastchess interrupted) gets a row that says so.
//
// The rows come in the order of scripts/lab-configs.sh, then any other
// setting. The output is the Markdown table of doc/laboratory.md and
// doc/lab-results/README.md (TestLabDocPentanomial checks them).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// match is one setting's match against 4.1.
type match struct {
	name      string
	games     int
	ptnml     []int // LL, LD, WL+DD, WD, WW; nil: not counted
	fastchess float64
	// The computed figures.
	pairs        int
	score, se, z float64
	p, holm      float64
}

var (
	ptnmlLine = regexp.MustCompile(`Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\]`)
	eloLine   = regexp.MustCompile(`^Elo: (-?[\d.]+) \+/- ([\d.]+)`)
	gamesLine = regexp.MustCompile(`Games: (\d+),`)
)

func main() {
	m := flag.Int("m", 0, "the number of matches in the family (default: the files given)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/pentanomial.go [-m N] SUMMARY...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	var matches []*match
	for _, file := range flag.Args() {
		matches = merge(matches, read(file))
	}
	if *m == 0 {
		*m = len(matches)
	}
	if *m < len(matches) {
		fail("-m %d: fewer than the %d matches given", *m, len(matches))
	}
	order := configOrder()
	slices.SortStableFunc(matches, func(a, b *match) int { return rank(order, a.name) - rank(order, b.name) })
	rate(matches, *m)
	zb := normalQuantile(1 - 0.05/float64(2**m))
	fmt.Printf("| setting | games | pairs (LL, LD, WL+DD, WD, WW) | score | Elo (95%%, pentanomial) | p | Holm p (m=%d) | Elo, all %d at once (Bonferroni, 95%%) |\n", *m, *m)
	fmt.Println("|---|---:|---|---:|---:|---:|---:|---:|")
	for _, x := range matches {
		if x.ptnml == nil {
			fmt.Printf("| %s | %d | not counted | | | | | |\n", x.name, x.games)
			continue
		}
		fmt.Printf("| %s | %d | %d (%s) | %.1f%% | %s | %s | %s | %s |\n", x.name, x.games, x.pairs, joinInts(x.ptnml),
			100*x.score, interval(x.score, x.se, 1.959963984540054), pValue(x.p), pValue(x.holm), interval(x.score, x.se, zb))
	}
}

// read reads a summary and the setting's name from the table beside it.
func read(file string) *match {
	base, ok := strings.CutSuffix(file, ".summary")
	if !ok {
		fail("%s: not a .summary file", file)
	}
	table, err := os.ReadFile(base + ".table")
	if err != nil {
		fail("%s: no table beside it: %v", file, err)
	}
	cells := strings.Split(strings.TrimSpace(string(table)), "|")
	if len(cells) < 3 {
		fail("%s.table: not a table row", base)
	}
	x := &match{name: strings.TrimSpace(cells[1]), fastchess: -1}
	f, err := os.Open(file)
	if err != nil {
		fail("%v", err)
	}
	defer f.Close()
	in := bufio.NewScanner(f)
	for in.Scan() {
		line := in.Text()
		if g := ptnmlLine.FindStringSubmatch(line); g != nil {
			for _, s := range g[1:] {
				n, _ := strconv.Atoi(s)
				x.ptnml = append(x.ptnml, n)
			}
		}
		if g := eloLine.FindStringSubmatch(line); g != nil {
			x.fastchess, _ = strconv.ParseFloat(g[2], 64)
		}
		if g := gamesLine.FindStringSubmatch(line); g != nil && x.games == 0 {
			x.games, _ = strconv.Atoi(g[1])
		}
	}
	if x.games == 0 {
		if g := strings.TrimSpace(cells[2]); g != "" {
			x.games, _ = strconv.Atoi(g)
		}
	}
	return x
}

// merge adds x to matches, or its pairs to the match of the same setting
// there: a match played in parts (scripts/time-match.sh -s), each part
// checked against its own fastchess line first.
func merge(matches []*match, x *match) []*match {
	i := slices.IndexFunc(matches, func(y *match) bool { return y.name == x.name })
	if i < 0 {
		return append(matches, x)
	}
	y := matches[i]
	if x.ptnml == nil || y.ptnml == nil {
		fail("%s: a part without pair counts", x.name)
	}
	for _, part := range []*match{x, y} {
		if part.fastchess >= 0 {
			part.measure()
		}
	}
	sum := &match{name: x.name, games: x.games + y.games, fastchess: -1}
	for k := range x.ptnml {
		sum.ptnml = append(sum.ptnml, x.ptnml[k]+y.ptnml[k])
	}
	matches[i] = sum
	return matches
}

// rate computes each match's pentanomial score, its standard error, z and
// p, and Holm's adjusted p over the family of m matches.
func rate(matches []*match, m int) {
	var counted []*match
	for _, x := range matches {
		if x.ptnml != nil {
			x.measure()
			counted = append(counted, x)
		}
	}
	// Holm: in rising order of p, the k-th (from 0) is multiplied by m-k;
	// the adjusted values never fall.
	slices.SortStableFunc(counted, func(a, b *match) int { return cmpFloat(a.p, b.p) })
	running := 0.0
	for k, x := range counted {
		running = math.Max(running, math.Min(1, float64(m-k)*x.p))
		x.holm = running
	}
}

// measure computes x's pentanomial score from its pairs, its standard
// error, z and p, and checks the interval against fastchess's, if x has
// its line.
func (x *match) measure() {
	x.pairs = 0
	for _, n := range x.ptnml {
		x.pairs += n
	}
	if 2*x.pairs != x.games && 2*x.pairs+1 != x.games {
		fail("%s: %d pairs for %d games", x.name, x.pairs, x.games)
	}
	var mean, variance float64
	for i, n := range x.ptnml {
		mean += float64(n) / float64(x.pairs) * float64(i) / 4
	}
	for i, n := range x.ptnml {
		d := float64(i)/4 - mean
		variance += float64(n) / float64(x.pairs) * d * d
	}
	x.score, x.se = mean, math.Sqrt(variance/float64(x.pairs))
	x.z = (x.score - 0.5) / x.se
	x.p = math.Erfc(math.Abs(x.z) / math.Sqrt2)
	// fastchess's "+/-": half the width of the 95% Elo interval.
	half := (elo(x.score+1.959963984540054*x.se) - elo(x.score-1.959963984540054*x.se)) / 2
	if x.fastchess >= 0 && math.Abs(half-x.fastchess) > 0.006 {
		fail("%s: the interval's half width is %.2f, fastchess printed %.2f", x.name, half, x.fastchess)
	}
}

// elo is the Elo difference a score implies.
func elo(score float64) float64 { return -400 * math.Log10(1/score-1) }

// interval writes the Elo of a score and the Elo of score ± z·se.
func interval(score, se, z float64) string {
	return fmt.Sprintf("%s (%s to %s)", signed(elo(score)), signed(elo(score-z*se)), signed(elo(score+z*se)))
}

// signed writes an Elo difference rounded, with its sign (+0 for nothing).
func signed(x float64) string {
	r := math.Round(x)
	if r == 0 {
		return "+0"
	}
	return fmt.Sprintf("%+d", int(r))
}

// pValue writes a p-value to two significant digits, or as a bound below
// 0.0001.
func pValue(p float64) string {
	switch {
	case p < 0.0001:
		return "<0.0001"
	case p >= 0.995:
		return "1"
	case p >= 0.1:
		return strconv.FormatFloat(p, 'f', 2, 64)
	}
	return strconv.FormatFloat(p, 'g', 2, 64)
}

// normalQuantile is the standard normal distribution's quantile, by
// bisection of its distribution function.
func normalQuantile(q float64) float64 {
	lo, hi := -10.0, 10.0
	for range 200 {
		mid := (lo + hi) / 2
		if 0.5*math.Erfc(-mid/math.Sqrt2) < q {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// configOrder is the settings' names in the order of scripts/lab-configs.sh.
func configOrder() []string {
	b, err := os.ReadFile("scripts/lab-configs.sh")
	if err != nil {
		return nil
	}
	var names []string
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		if after, ok := strings.CutPrefix(line, "LAB_CONFIGS='"); ok {
			line, in = after, true
		}
		if !in {
			continue
		}
		name, _, _ := strings.Cut(line, "|")
		names = append(names, name)
		if strings.HasSuffix(line, "'") {
			break
		}
	}
	return names
}

// rank is a setting's place in order; a name not in it comes after, in the
// order given, and a setting "NAME, ..." right after NAME.
func rank(order []string, name string) int {
	if i := slices.Index(order, name); i >= 0 {
		return 2 * i
	}
	if base, _, ok := strings.Cut(name, ","); ok {
		if i := slices.Index(order, base); i >= 0 {
			return 2*i + 1
		}
	}
	return 2 * len(order)
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "pentanomial: "+format+"\n", args...)
	os.Exit(1)
}
