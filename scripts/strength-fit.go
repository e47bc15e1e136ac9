//go:build ignore

// strength-fit reads the matches of scripts/strength-calibrate.sh (DIR/TC/
// NAME.result, NAME being PLAYER-vs-OPPONENT) and prints every player's
// rating with its 95% interval, the fits of the knobs, the table of points
// for strength.go, and the tables of doc/strength.md.
//
//	go run scripts/strength-fit.go [-full TC] DIR
//
// A rating is the opponent's plus the difference the score implies,
// -400 log10(1/score - 1). Its standard error is the score's (trinomial:
// the games' variance around the mean) turned into Elo, combined with the
// opponent's: Stockfish's scale has an uncertainty of its own, estimated
// from how far full strength's ratings against several of Stockfish's
// settings disagree beyond their matches' errors (at least anchorFloor),
// and a player placed against one of ours carries that one's error. A
// player with several matches gets their weighted mean. The levels' knobs
// are fitted as Elo = a + b ln(knob): the budget levels' budgets, and the
// choosing levels' spreads (at their budget). Full strength tops the
// scale at the time control -full (default 10+0.1), with the median of the
// nodes it searched a move there.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
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

type match struct {
	tc, player, opponent string
	games, w, d, l       int
}

func (m match) score() float64 { return (float64(m.w) + float64(m.d)/2) / float64(m.games) }

// diff is the rating difference the score implies, with its standard error.
func (m match) diff() (elo, se float64) {
	s := math.Min(math.Max(m.score(), 0.005), 0.995)
	n := float64(m.games)
	v := (float64(m.w)*(1-s)*(1-s) + float64(m.d)*(0.5-s)*(0.5-s) + float64(m.l)*s*s) / n
	se = math.Sqrt(v/n) * 400 / (math.Ln10 * s * (1 - s))
	return -400 * math.Log10(1/s-1), se
}

type rating struct {
	elo, se   float64 // se: one standard error, with the anchor's
	matchOnly float64 // the matches' part alone
}

func main() {
	fullTC := flag.String("full", "10+0.1", "the time control at which full strength tops the scale")
	flag.Parse()
	dir := flag.Arg(0)
	var matches []match
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.result"))
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
		m := match{tc: filepath.Base(filepath.Dir(f)), player: p, opponent: o}
		if _, err := fmt.Sscan(string(b), &m.games, &m.w, &m.d, &m.l); err != nil {
			panic(f + ": " + err.Error())
		}
		matches = append(matches, m)
	}
	sort.Slice(matches, func(i, j int) bool {
		return matches[i].tc+matches[i].player+matches[i].opponent < matches[j].tc+matches[j].player+matches[j].opponent
	})
	anchor := anchorUncertainty(matches)
	ratings := rate(matches, anchor)
	fmt.Printf("Stockfish's scale: uncertainty %.0f Elo (one standard error; at least %.0f)\n\n", anchor, anchorFloor)
	printMatches(matches, ratings, anchor)
	fitAndTable(dir, *fullTC, ratings)
}

// key names a player at a time control.
func key(tc, p string) string { return p + "@" + tc }

// anchorUncertainty is the spread of full strength's ratings at a time
// control against Stockfish's settings beyond what their matches explain.
func anchorUncertainty(matches []match) float64 {
	byTC := map[string][][2]float64{}
	for _, m := range matches {
		if m.player == "full" && strings.HasPrefix(m.opponent, "sf") {
			d, se := m.diff()
			byTC[m.tc] = append(byTC[m.tc], [2]float64{sfElo(m.opponent) + d, se})
		}
	}
	var excess, n float64
	for _, r := range byTC {
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

func sfElo(name string) float64 {
	v, _ := strconv.Atoi(strings.TrimPrefix(name, "sf"))
	return float64(v)
}

// rate places every player: first those against Stockfish, then those
// against a player placed, until none is left.
func rate(matches []match, anchor float64) map[string]rating {
	ratings := map[string]rating{}
	for pass := 0; pass < 10; pass++ {
		type est struct{ elo, se, ms float64 }
		ests := map[string][]est{}
		for _, m := range matches {
			k := key(m.tc, m.player)
			if _, done := ratings[k]; done {
				continue
			}
			d, se := m.diff()
			if strings.HasPrefix(m.opponent, "sf") {
				ests[k] = append(ests[k], est{sfElo(m.opponent) + d, se, se})
			} else if r, ok := placed(ratings, m.tc, m.opponent); ok {
				ests[k] = append(ests[k], est{r.elo + d, math.Hypot(se, r.matchOnly), math.Hypot(se, r.matchOnly)})
			}
		}
		if len(ests) == 0 {
			break
		}
		for k, es := range ests {
			var w, sum float64
			for _, e := range es {
				w += 1 / (e.ms * e.ms)
				sum += e.elo / (e.ms * e.ms)
			}
			ms := math.Sqrt(1 / w)
			ratings[k] = rating{elo: sum / w, se: math.Hypot(ms, anchor), matchOnly: ms}
		}
	}
	return ratings
}

// placed is a player's rating at a time control, or for a level, whose
// moves do not depend on the clock, at another if not at that one.
func placed(ratings map[string]rating, tc, p string) (rating, bool) {
	if r, ok := ratings[key(tc, p)]; ok || p == "full" {
		return r, ok
	}
	for k, r := range ratings {
		if strings.HasPrefix(k, p+"@") {
			return r, true
		}
	}
	return rating{}, false
}

func printMatches(matches []match, ratings map[string]rating, anchor float64) {
	fmt.Println("| player | opponent | time control | games | won-drawn-lost | score | the match's rating of the player (95% interval) |")
	fmt.Println("|---|---|---|---:|---:|---:|---:|")
	for _, m := range matches {
		d, se := m.diff()
		o := rating{elo: sfElo(m.opponent), se: anchor}
		if !strings.HasPrefix(m.opponent, "sf") {
			o, _ = placed(ratings, m.tc, m.opponent)
		}
		r, rse := o.elo+d, math.Hypot(se, o.se)
		fmt.Printf("| %s | %s | %s | %d | %d-%d-%d | %.1f%% | %.0f (%.0f to %.0f) |\n", describe(m.player), describe(m.opponent), m.tc,
			m.games, m.w, m.d, m.l, 100*m.score(), r, r-1.96*rse, r+1.96*rse)
	}
	fmt.Println()
	var keys []string
	for k := range ratings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Println("| player | rating | 95% interval | within (levels) |")
	fmt.Println("|---|---:|---:|:---:|")
	for _, k := range keys {
		r := ratings[k]
		within := ""
		if name, _, _ := strings.Cut(k, "@"); strings.HasPrefix(name, "lv") {
			want, _ := strconv.Atoi(strings.TrimPrefix(name, "lv"))
			within = "NO"
			if math.Abs(float64(want)-r.elo) <= 1.96*r.se {
				within = "yes"
			}
		}
		fmt.Printf("| %s | %.0f | %.0f to %.0f | %s |\n", describe(k), r.elo, r.elo-1.96*r.se, r.elo+1.96*r.se, within)
	}
	fmt.Println()
}

var knobs = regexp.MustCompile(`^b(\d+)(?:s(\d+))?$`)

func describe(p string) string {
	name, tc, _ := strings.Cut(p, "@")
	switch {
	case name == "full" && tc != "":
		return "full strength at " + tc
	case name == "full":
		return "full strength"
	case strings.HasPrefix(name, "sf"):
		return "Stockfish " + strings.TrimPrefix(name, "sf")
	case strings.HasPrefix(name, "lv") && tc != "":
		return "level " + strings.TrimPrefix(name, "lv") + " at " + tc
	case strings.HasPrefix(name, "lv"):
		return "level " + strings.TrimPrefix(name, "lv")
	}
	at := ""
	if tc != "" {
		at = " at " + tc
	}
	if m := knobs.FindStringSubmatch(name); m != nil && m[2] != "" {
		return "budget " + m[1] + ", spread " + m[2] + at
	} else if m != nil {
		return "budget " + m[1] + at
	}
	return name + at
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

func fitAndTable(dir, fullTC string, ratings map[string]rating) {
	var bx, by, bs, sx, sy, ss []float64
	choosingBudget := 0
	for k, r := range ratings {
		name, _, _ := strings.Cut(k, "@")
		m := knobs.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		budget, _ := strconv.Atoi(m[1])
		if m[2] == "" { // a budget level, at any time control: its moves do not depend on the clock
			bx, by, bs = append(bx, float64(budget)), append(by, r.elo), append(bs, r.matchOnly)
		} else if spread, _ := strconv.Atoi(m[2]); spread <= weakestSpread {
			sx, sy, ss, choosingBudget = append(sx, float64(spread)), append(sy, r.elo), append(ss, r.matchOnly), budget
		}
	}
	full, ok := ratings[key(fullTC, "full")]
	fullBudget := medianNodes(filepath.Join(dir, fullTC, "pgn"))
	if len(bx) < 2 || len(sx) < 2 || !ok || fullBudget == 0 {
		fmt.Println("not enough matches for the fits and the table (budget and spread levels, full strength at " + fullTC + ")")
		return
	}
	a, b := fit(bx, by, bs)
	c, d := fit(sx, sy, ss)
	fmt.Printf("budget levels: Elo = %.0f %+.1f ln(budget); choosing levels at %d nodes a move: Elo = %.0f %+.1f ln(spread)\n", a, b, choosingBudget, c, d)
	fmt.Printf("full strength at %s: %.0f (95%%: %.0f to %.0f), a median of %d nodes a move\n\n", fullTC, full.elo, full.elo-1.96*full.se, full.elo+1.96*full.se, fullBudget)
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
		case p.elo < full.elo:
			fmt.Printf("\t{elo: %.0f, strengthLevel: strengthLevel{budget: %.0f}},\n", p.elo, p.knob)
		}
	}
	fmt.Printf("\t{elo: fullStrengthElo, strengthLevel: strengthLevel{budget: fullStrengthBudget}},\n")
	top := int(math.Round(full.elo))
	fmt.Printf("fullStrengthElo = %d, fullStrengthBudget = %d, fullStrengthTC = %q\n", top, fullBudget, fullTC)
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

// point is a knob setting with its rating and the rating's error.
type point struct{ knob, elo, se float64 }

// points are the knob settings in order of strength (dir 1: a larger knob
// is stronger; -1: weaker).
func points(knobs, elos, ses []float64, dir float64) []point {
	var ps []point
	for i := range knobs {
		ps = append(ps, point{knobs[i], elos[i], ses[i]})
	}
	sort.Slice(ps, func(i, j int) bool { return dir*ps[i].knob < dir*ps[j].knob })
	return ps
}

// monotone pools neighbours whose ratings go down, in order of strength,
// into their mean weighted by precision, until none does.
func monotone(ps []point) []point {
	out := append([]point(nil), ps...)
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
