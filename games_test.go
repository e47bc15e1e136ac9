//go:build generate

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// The game inputs of scripts/bench-vs-c.sh: whole games at 100,000 nodes a
// search, as the engine sees a fast game in a GUI. Each starts a fresh
// process (so it pays for the table's memory once, as a real game does),
// plays an opening line of testdata/openings.pgn and then micro-Max 4.1
// against micro-Max 4.0, both at 100,000 nodes a search, until the game ends
// by rule (mate, stalemate, repetition, 50 moves, no mating material) or
// after maxGamePlies. The input is what the console program reads when it
// plays one side: the opponent's moves typed, an empty line for each of its
// own. Not part of go test ./...: scripts/game-inputs.sh runs
//
//	go test -tags generate -run '^TestWriteGameInputs$' .
//
// which writes them to gameDir; the games are the same on every machine.

const (
	gameInputs   = 6      // games: the first openings, 4.1 White in the even ones
	gameNodes    = 100000 // node budget of every search, both sides
	maxGamePlies = 200    // a game that has not ended by then stops
	gameOpenings = "testdata/openings.pgn"
	gameDir      = "testdata/games"
)

func TestWriteGameInputs(t *testing.T) {
	openings, err := readOpenings(gameOpenings)
	must(t, err)
	must(t, os.MkdirAll(gameDir, 0o755))
	us, them := newEngine(defaultHashEntries), newEngine(defaultHashEntries)
	for g := 0; g < gameInputs; g++ {
		input, result, plies := playGameInput(t, us, them, openings[g], g%2 == 0)
		name := filepath.Join(gameDir, fmt.Sprintf("game%d.%d.in", g+1, gameNodes))
		must(t, os.WriteFile(name, input, 0o644))
		t.Logf("%s: %s, %d plies, %s", name, openings[g].name, plies, result)
	}
}

// playGameInput plays one game: the opening, then us (micro-Max 4.1) against
// them (micro-Max 4.0), each with its own table, as two console programs
// would. It returns our console input, the result and the number of plies.
func playGameInput(t *testing.T, us, them *Engine, o opening, usWhite bool) ([]byte, string, int) {
	us.restart()
	them.restart()
	us.futility, them.futility = true, false
	var game gameRecord
	game.reset(setup{pos: us.Position})
	var input []byte
	// play makes the move from-to on both boards: thinker found it, the other
	// engine has it typed, as it would be on its console.
	play := func(thinker, other *Engine, from, to int) {
		m := game.current().pos.microMaxMove(from, to)
		other.pendingFrom, other.pendingTo = from, to
		if !other.rootSearch(&searchControl{budget: gameNodes}) {
			t.Fatalf("%s: %v refused after %d plies", o.name, m, game.length())
		}
		if thinker.Position != other.Position {
			t.Fatalf("%s: the boards differ after %v", o.name, m)
		}
		game.push(m, us.Position)
	}
	for _, word := range o.moves {
		m, ok := game.current().pos.parseMove(word)
		if !ok {
			t.Fatalf("%s: %s is not legal", o.name, word)
		}
		us.pendingFrom, us.pendingTo = m.from, m.to
		if !us.rootSearch(&searchControl{budget: gameNodes}) {
			t.Fatalf("%s: %s refused", o.name, word)
		}
		input = append(input, word+"\n"...)
		play(us, them, m.from, m.to)
	}
	result := "unfinished"
	for game.length() < maxGamePlies {
		if end := game.end(); end != notOver {
			result = [...]string{whiteMates: "1-0, White mates", blackMates: "0-1, Black mates", stalemate: "stalemate",
				fiftyMoves: "draw, 50 moves", repetition: "draw, repetition", noMatingMaterial: "draw, no mating material"}[end]
			break
		}
		thinker, other := them, us
		if (us.side == white) == usWhite {
			thinker, other = us, them
			input = append(input, '\n')
		}
		thinker.pendingFrom = infinity
		if !thinker.rootSearch(&searchControl{budget: gameNodes}) {
			t.Fatalf("%s: no move after %d plies", o.name, game.length())
		}
		from, to := thinker.pendingFrom, thinker.pendingTo
		if thinker == them {
			input = append(input, squareName(from)+squareName(to)+"\n"...)
		}
		play(thinker, other, from, to)
	}
	return input, result, game.length()
}
