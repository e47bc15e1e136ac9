package main

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLevelsNoPlateau: every rating from the weakest to full strength
// has knobs of its own, so that no two neighbouring ratings play alike
// (where the spread was rounded to whole points, or where every rating
// between the last choosing point and the first budget point played as
// the budget point, they did).
func TestLevelsNoPlateau(t *testing.T) {
	prev := levelAt(minStrengthElo)
	for elo := minStrengthElo + 1; elo <= fullStrengthElo; elo++ {
		l := levelAt(elo)
		if l == prev {
			t.Errorf("levels %d and %d have the same knobs %+v", elo-1, elo, l)
		}
		prev = l
	}
	// Where the choosing points meet the budget points, the budget point's
	// moves grow likelier from the one to the other.
	for i := 1; i < len(strengthPoints); i++ {
		lo, hi := strengthPoints[i-1], strengthPoints[i]
		if (lo.spread > 0) == (hi.spread > 0) {
			continue
		}
		odds := 0
		for elo := lo.elo + 1; elo < hi.elo; elo++ {
			l := levelAt(elo)
			if l.acrossBudget != hi.budget || l.acrossOdds <= odds || l.acrossOdds >= 1024 || l.budget != lo.budget || l.sixteenths() != lo.sixteenths() {
				t.Errorf("level %d, between %d and %d: %+v", elo, lo.elo, hi.elo, l)
			}
			odds = l.acrossOdds
		}
	}
}

// TestLevelsWholeSpreads: at a whole spread the weights are those of the
// calibration's (a move spread points worse half as likely, in sixteenths
// of a halving), so that the calibrated points play as they did.
func TestLevelsWholeSpreads(t *testing.T) {
	calibrated := func(loss, spread int) uint64 {
		w := uint64(1<<30) >> (loss / spread)
		return w * sixteenthHalvings[(loss%spread)*16/spread] >> 16
	}
	for spread := 1; spread <= 120; spread++ {
		l := strengthLevel{budget: 300, spread: spread}
		if l.margin() != 4*spread {
			t.Fatalf("spread %d: margin %d", spread, l.margin())
		}
		for loss := 0; loss <= l.margin(); loss++ {
			if got, want := halvings(loss, l.sixteenths()), calibrated(loss, spread); got != want {
				t.Fatalf("spread %d, loss %d: weight %d, the calibration's %d", spread, loss, got, want)
			}
		}
	}
	// A part of a point more spread weighs a worse move more.
	if a, b := halvings(40, 16*20), halvings(40, 16*20+8); b <= a {
		t.Errorf("spread 20.5 weighs a move 40 worse %d, spread 20 %d", b, a)
	}
}

// TestLevelsAcross: a level between the last choosing point and the first
// budget point plays some moves as the one and some as the other, and says
// so; its games repeat with the seed.
func TestLevelsAcross(t *testing.T) {
	var lo, hi strengthPoint
	for i := 1; i < len(strengthPoints); i++ {
		if strengthPoints[i-1].spread > 0 && strengthPoints[i].spread == 0 {
			lo, hi = strengthPoints[i-1], strengthPoints[i]
		}
	}
	elo := (lo.elo + hi.elo) / 2
	s := strengthSetting{limit: true, elo: elo, seed: 5}
	if text := s.String(); !strings.Contains(text, "moves in 1024") {
		t.Errorf("level %d says %q", elo, text)
	}
	level := levelAt(elo)
	kinds := map[bool]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		e := smallEngine()
		rng := rand.New(rand.NewPCG(seed, 9))
		e.pendingFrom = infinity // think
		// (a cap far above the level's budget: a level that ignored its own
		// would not search for ever)
		played, choice := e.thinkAt(level, rng, &searchControl{budget: 10 * hi.budget}, nil)
		if !played {
			t.Fatalf("seed %d: no move played", seed)
		}
		kinds[choice == nil]++ // a budget level's move is micro-Max's own, no choice
	}
	if kinds[true] < 8 || kinds[false] < 8 {
		t.Errorf("level %d, 40 seeds: %d moves as budget %d, %d chosen at spread %d; want both often", elo, kinds[true], hi.budget, kinds[false], lo.spread)
	}
}
