package main

// What a player meets besides micro-Max's search: the engine's own opening
// book, so that games at full strength differ, and a human's pace, so that
// a move that took no thought (a level's, the book's) is not played at once.
//
// The book (book.txt, which scripts/book.go makes from the project's
// opening lines, testdata/openings.pgn) holds the positions of those lines
// and the moves played in them, each weighted by the lines that play it.
// At full strength, in a position of the book, the engine plays one of
// them, drawn with the strength level's generator (strengthSetting.random:
// with a seed the same position gives the same move, so the same seed
// plays the same game; with seed 0 every game differs). Out of the book, and
// with the book off, the search is micro-Max's, node for node. A level
// never plays from the book: its games vary with its own draws, and its
// calibration had none.
//
// Each protocol has its defaults, for those who use it: the book and the
// pace are on in CECP (XBoard and WinBoard, where people play, and a
// person typing at the engine), off in UCI, where match runners and the
// calibration supply openings and want moves at once. micro-Max's own
// console dialogue (-classic) keeps the C program's games (book off) and
// paces its levels. A flag or an option sets either in every mode.

import (
	_ "embed"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"
)

// book.txt is the book's lines: one a line, in coordinate notation from
// the initial position, a "|" and the opening's name after the moves;
// lines that start with # are comments.
//
//go:embed book.txt
var bookText string

// preference is a setting that a protocol may default: the book, the pace.
type preference uint8

const (
	protocolDefault preference = iota // not said: the protocol's (playerDefaults)
	settingOff
	settingOn
)

// on reports whether the setting is on.
func (p preference) on() bool { return p == settingOn }

// preferenceOf is the setting of an option's value (a check's 0 or 1).
func preferenceOf(v int) preference {
	if v != 0 {
		return settingOn
	}
	return settingOff
}

// playerDefaults is the configuration with the book and the pace, where no
// flag said otherwise, set as the mode's defaults (the header says why).
func (c config) playerDefaults(book, pace bool) config {
	if c.strength.book == protocolDefault {
		c.strength.book = preferenceOf(b2i(book))
	}
	if c.strength.pace == protocolDefault {
		c.strength.pace = preferenceOf(b2i(pace))
	}
	return c
}

// positionKey is what tells positions apart for the book and the levels'
// draws: the board (whose pieces say whether they have moved, so castling
// rights too), the side to move and the e.p. square.
type positionKey [len(Position{}.board) + 2]byte

func keyOf(pos *Position) positionKey {
	var k positionKey
	for i, v := range pos.board {
		k[i] = byte(v)
	}
	k[len(pos.board)], k[len(pos.board)+1] = byte(pos.side), byte(pos.epSquare)
	return k
}

// bookMove is a move of the book in a position, with its weight: the lines
// that play it there.
type bookMove struct {
	move   Move
	weight int
}

// theBook is the book: the moves of each position of its lines, in the
// order the lines first play them.
var theBook = sync.OnceValue(func() map[positionKey][]bookMove {
	book, err := readBook(bookText)
	if err != nil {
		panic("book.txt: " + err.Error()) // TestBookLines reads it
	}
	return book
})

// readBook reads the lines of a book's text, each move legal where it is
// played, or says which is not.
func readBook(text string) (map[positionKey][]bookMove, error) {
	book := map[positionKey][]bookMove{}
	for n, line := range strings.Split(text, "\n") {
		moves, _, _ := strings.Cut(line, "|")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(moves) == "" {
			continue
		}
		pos := newGame()
		for _, text := range strings.Fields(moves) {
			m, ok := pos.parseMove(text)
			if !ok {
				return nil, fmt.Errorf("line %d: %s is not legal", n+1, text)
			}
			k := keyOf(&pos)
			i := 0
			for i < len(book[k]) && book[k][i].move != m {
				i++
			}
			if i == len(book[k]) {
				book[k] = append(book[k], bookMove{move: m})
			}
			book[k][i].weight++
			pos.makeMove(m)
		}
	}
	return book, nil
}

// drawBook draws a move of the book in pos with rng, the likelier the more
// lines play it; ok is false out of the book.
func drawBook(pos *Position, rng *rand.Rand) (m Move, ok bool) {
	moves := theBook()[keyOf(pos)]
	total := 0
	for _, b := range moves {
		total += b.weight
	}
	if total == 0 {
		return Move{}, false
	}
	draw := rng.IntN(total)
	for _, b := range moves {
		if draw < b.weight {
			return b.move, true
		}
		draw -= b.weight
	}
	return Move{}, false // not reached: the draws add up to total
}

// fromBook is the book's move for a search job at full strength with the
// book on, if the root is in the book and the job may play the move.
func (s strengthSetting) fromBook(j *searchJob) (Move, bool) {
	if _, atLevel := s.level(); atLevel || !s.book.on() {
		return Move{}, false
	}
	m, ok := drawBook(&j.root, s.random(&j.root))
	for _, l := range j.legal { // (searchmoves may leave it out)
		if ok && l == m {
			return m, true
		}
	}
	return Move{}, false
}

// playBook plays a move of the book on micro-Max's board with micro-Max's
// own check, as a typed move, without a search.
func (e *Engine) playBook(m Move) bool {
	e.nodes, e.aborted = 0, false
	return e.playChosen(m)
}

// --- A human's pace ---------------------------------------------------------

// humanMoment is how long a move that took no thought waits, with the
// pace on: a human's moment, a second or two, but at most half the soft
// limit of the move's time (soft; 0: no clock), so that fast games stay
// fast.
func humanMoment(soft time.Duration) time.Duration {
	moment := time.Second + rand.N(time.Second) // (the draw is the clock's: the moves do not depend on it)
	if soft > 0 {
		moment = min(moment, soft/2)
	}
	return moment
}

// pause waits, with the pace on, until a job's move has taken a human's
// moment since the job started, or until the job is stopped. Not for
// analysis or pondering, nor without a clock (go depth, go nodes: a
// match's), nor with a node clock (CECP's nps).
func (s strengthSetting) pause(j *searchJob) {
	j.mu.Lock()
	soft, hard, pondering := j.limits.soft, j.limits.hard, j.pondering
	j.mu.Unlock()
	if !s.pace.on() || pondering || j.limits.infinite || j.limits.nps > 0 || hard <= 0 {
		return
	}
	wait := time.NewTimer(time.Until(j.start.Add(humanMoment(soft))))
	defer wait.Stop()
	select {
	case <-wait.C:
	case <-j.release: // stop
	}
}
