package browsertest

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// eloRange reads UCI_Elo's min and max from the native engine's uci answer.
func eloRange(t *testing.T, n *nativeEngine) (lo, hi int) {
	t.Helper()
	for _, l := range n.run(t, []string{"uci"}) {
		if f := strings.Fields(l); strings.HasPrefix(l, "option name UCI_Elo type spin ") && len(f) == 11 {
			lo, _ = strconv.Atoi(f[8])
			hi, _ = strconv.Atoi(f[10])
			return lo, hi
		}
	}
	t.Fatal("the engine's uci answer has no option UCI_Elo")
	return 0, 0
}

// typeSeed types a seed into the page's seed field, as a user does (a
// click, the field emptied, the keys, then Tab, which ends the change).
func (b *browser) typeSeed(seed string) {
	b.t.Helper()
	b.click("#seed")
	b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("seed").value = ""`))
	b.do(chromedp.SendKeys(chromedp.CSS("#seed"), seed), chromedp.KeyEvent("\t"))
}

// text reads an element's text (the value of a field).
func (b *browser) text(id string) string {
	b.t.Helper()
	var s string
	b.eval(fmt.Sprintf(`(() => { const e = document.getElementById(%q); return "value" in e ? e.value : e.textContent; })()`, id), &s)
	return s
}

// playAgainst plays count moves of White against the page's engine from
// the game's position, clicked on the board, each answered before the
// next; the first len(given) moves are given, the others chosen by the
// native engine n. It returns White's moves and the engine's replies, each
// checked legal; and if want has replies, the engine's must be those.
func playAgainst(t *testing.T, b *browser, n *nativeEngine, given, want []string, count int) (white, replies []string) {
	t.Helper()
	moves := b.state().Moves
	for i := 0; i < count; i++ {
		move := ""
		if i < len(given) {
			move = given[i]
		} else {
			move = nativeBest(t, n, moves)
		}
		b.clickMove(move)
		b.waitJS(fmt.Sprintf(`window.umax.state().moves.length >= %d`, len(moves)+1), 10*time.Second)
		b.waitJS(fmt.Sprintf(`(window.umax.state().moves.length >= %d && document.body.dataset.turn === "user") || window.umax.state().end !== ""`, len(moves)+2), time.Minute)
		s := b.state()
		if len(s.Moves) != len(moves)+2 || s.Moves[len(moves)] != move {
			t.Fatalf("White's move %d, %s: the page has %v", i+1, move, s.Moves)
		}
		reply := s.Moves[len(moves)+1]
		if legal := nativeLegal(t, n, append(slices.Clone(moves), move)); !slices.Contains(legal, reply) {
			t.Fatalf("the engine's reply %s to %v is not one of the legal moves %v", reply, append(moves, move), legal)
		}
		if i < len(want) && reply != want[i] {
			t.Fatalf("after %v the engine played %s, the earlier game %s", append(moves, move), reply, want[i])
		}
		moves = append(moves, move, reply)
		white, replies = append(white, move), append(replies, reply)
	}
	return white, replies
}

// pgnTag is a PGN tag pair; movetext's tokens are move numbers, SAN,
// comments' words and the result.
var (
	pgnTag      = regexp.MustCompile(`^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]$`)
	pgnMoveNo   = regexp.MustCompile(`^[0-9]+\.(\.\.)?$`)
	pgnComments = regexp.MustCompile(`\{[^}]*\}`)
)

// readPGN checks a game's PGN: tag pairs, a blank line, the movetext with
// the SAN moves san in order (and any comments), ending with the result.
// It returns the tags.
func readPGN(t *testing.T, pgn string, san []string) map[string]string {
	t.Helper()
	head, body, ok := strings.Cut(pgn, "\n\n")
	if !ok {
		t.Fatalf("the PGN has no blank line after its tags:\n%s", pgn)
	}
	tags := map[string]string{}
	for _, l := range strings.Split(head, "\n") {
		m := pgnTag.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("not a PGN tag pair: %q in\n%s", l, pgn)
		}
		tags[m[1]] = m[2]
	}
	for _, l := range strings.Split(body, "\n") {
		if len(l) > 80 {
			t.Errorf("a PGN line of %d characters: %q", len(l), l)
		}
	}
	words := strings.Fields(pgnComments.ReplaceAllString(body, " "))
	if strings.ContainsAny(strings.Join(words, " "), "{}") {
		t.Fatalf("unbalanced comments in the PGN:\n%s", pgn)
	}
	var moves []string
	for _, w := range words[:len(words)-1] {
		if !pgnMoveNo.MatchString(w) {
			moves = append(moves, w)
		}
	}
	if !slices.Equal(moves, san) || words[len(words)-1] != tags["Result"] {
		t.Fatalf("the PGN's moves %v, result %q; the game's %v, %q:\n%s", moves, words[len(words)-1], san, tags["Result"], pgn)
	}
	return tags
}

// TestPageLevels plays the page at a strength level with a seed, as a user
// does: the level chosen among the ratings of UCI_Elo's range (the
// engine's option line), a seed typed, moves clicked. The engine's replies
// are legal and the native engine's at that level and seed; the status
// line says the level while the engine thinks, the line under it which
// level plays; the PGN names the level and seed. The same seed and moves
// give the same game after a new game, and after a reload. A level chosen
// during a search is sent after it. It saves the screenshot of the play
// panel at the level for doc/web.md.
func TestPageLevels(t *testing.T) {
	b := newBrowser(t, 10*time.Minute)
	n := startNative(t)
	lo, hi := eloRange(t, n)

	// The strength choice: full strength, then ratings from UCI_Elo's min
	// up to its max, which is full strength and not offered twice.
	var offered []string
	b.eval(`[...document.getElementById("level").options].map((o) => o.value)`, &offered)
	top, _ := strconv.Atoi(offered[len(offered)-1])
	if len(offered) < 3 || offered[0] != "full" || offered[1] != strconv.Itoa(lo) || top >= hi || top < hi-100 {
		t.Fatalf("the strength choice offers %v; UCI_Elo's range is %d to %d, the top full strength", offered, lo, hi)
	}
	if !strings.Contains(b.text("playing"), "full strength, 1,000,000 nodes") {
		t.Errorf("at the start the page says %q", b.text("playing"))
	}
	// The choice says what a level measured (strength-measured.json, from the fit).
	b.waitJS(`[...document.getElementById("level").options].some((o) => /^level \d+ \(measured \d+, 95%: \d+ to \d+\)$/.test(o.text))`, 5*time.Second)

	// The weakest level, where the engine chooses with its seed, and a seed.
	level := strconv.Itoa(lo)
	const seed = "42"
	setLevel := func() {
		b.choose("level", level)
		b.typeSeed(seed)
		b.waitJS(`document.getElementById("playing").textContent.includes("seed `+seed+`")`, 5*time.Second)
	}
	setLevel()
	b.eval(`(() => { window.statusSeen = []; const s = document.getElementById("status");
		new MutationObserver(() => window.statusSeen.push(s.textContent)).observe(s, { childList: true, characterData: true, subtree: true });
		return true; })()`, nil)
	// A bad seed is refused, and the seed stays.
	b.typeSeed("-3")
	if e := b.text("seed-error"); !strings.Contains(e, "the seed stays "+seed) {
		t.Errorf("the seed -3: the page says %q", e)
	}
	b.typeSeed(seed)
	if e := b.text("seed-error"); e != "" {
		t.Errorf("the seed %s: the page says %q", seed, e)
	}

	const plies = 8
	white, replies := playAgainst(t, b, n, nil, nil, plies)
	t.Logf("level %s, seed %s: %v", level, seed, b.state().SAN)
	want := "level " + level + ", seed " + seed
	if p := b.text("playing"); p != "micro-Max plays at "+want+"." {
		t.Errorf("the line under the status: %q, want it to say %q", p, want)
	}
	var seen []string
	b.eval(`window.statusSeen`, &seen)
	if !slices.ContainsFunc(seen, func(s string) bool { return strings.Contains(s, "micro-Max thinks at "+want) }) {
		t.Errorf("the status never said the engine thinks at %s: %q", want, seen)
	}

	// The native engine at that level and seed, told the same moves, plays the same replies.
	m := startNative(t)
	script := []string{"setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value " + level,
		"setoption name Strength Seed value " + seed, "umax record 3"}
	var moves []string
	for i := range white {
		moves = append(moves, white[i])
		out := m.run(t, append(script, "position startpos moves "+strings.Join(moves, " "), "go nodes 1000000"))
		script = nil
		if best := strings.Fields(out[len(out)-1]); best[1] != replies[i] {
			t.Fatalf("after %v the page's engine played %s, the native engine at %s %s", moves, replies[i], want, best[1])
		}
		moves = append(moves, replies[i])
	}

	// The PGN: valid tag pairs, the moves, and the engine's name with the level and seed.
	b.click(".io summary")
	s := b.state()
	tags := readPGN(t, b.text("pgn"), s.SAN)
	if tags["White"] != "You" || tags["Black"] != "micro-Max 4.1 ("+want+")" {
		t.Errorf("the PGN's players: White %q, Black %q; want You and micro-Max 4.1 (%s)", tags["White"], tags["Black"], want)
	}
	b.screenshot("#play", "web-levels.png", false)

	// The same seed and moves after a new game, and after a reload: the same replies.
	b.click("#new-game")
	b.waitJS(`window.umax.state().moves.length === 0 && document.body.dataset.turn === "user"`, 10*time.Second)
	t.Log("a new game, the same seed and moves")
	playAgainst(t, b, n, white, replies, plies)
	t.Log("a reload, the same seed and moves")
	b.open(site.page)
	setLevel()
	playAgainst(t, b, n, white, replies, plies)

	// Back to full strength: the page says so. A level chosen while the
	// engine thinks is told the engine after its move, not during the
	// search, and the page says it plays from the next move.
	b.choose("level", "full")
	if p := b.text("playing"); p != "micro-Max plays at full strength, 1,000,000 nodes." {
		t.Errorf("at full strength the page says %q", p)
	}
	b.choose("budget", "nodes 3000000")
	b.clickMove(nativeBest(t, n, b.state().Moves))
	b.waitJS(`window.umax.searching()`, 10*time.Second)
	b.choose("level", level)
	if p := b.text("playing"); p != "micro-Max plays at full strength, 3,000,000 nodes. From its next move: "+want+"." {
		t.Errorf("a level chosen during the search: the page says %q", p)
	}
	b.click("#stop")
	b.waitUsersTurn(time.Minute)
	if p := b.text("playing"); p != "micro-Max plays at "+want+"." {
		t.Errorf("after the search: the page says %q", p)
	}
	var sent []string
	b.eval(`window.umax.engine.sent`, &sent)
	last := func(command string) int { // the index of the command's last sending, or -1
		for i, c := range slices.Backward(sent) {
			if c == command {
				return i
			}
		}
		return -1
	}
	// The search may end on its own (a mate found) before the click on Stop:
	// then no stop is sent, and the level must still come after the go.
	search, stop, set := last("go nodes 3000000"), last("stop"), last("setoption name UCI_LimitStrength value true")
	if search < 0 || set < search || stop > search && set < stop {
		t.Errorf("the level chosen during the search was told the engine before the search ended:\n%s", strings.Join(sent, "\n"))
	}
	b.click(".io summary")
	pgn := b.text("pgn")
	readPGN(t, pgn, b.state().SAN)
	if !strings.Contains(pgn, "{From here micro-Max 4.1 (full strength, 3,000,000 nodes)}") || !strings.Contains(pgn, `[Black "micro-Max 4.1 (`+want+`)"]`) {
		t.Errorf("the PGN after the strength changed:\n%s", pgn)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
