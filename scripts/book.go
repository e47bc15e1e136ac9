//go:build ignore

// book makes book.txt, the engine's own opening book (strength.go), from
// the project's opening lines, testdata/openings.pgn (the 66 lines of
// scripts/match-40-41.sh, each a named opening of 8 plies in coordinate
// notation): one line of moves a game, a "|" and the opening's name. The
// engine reads each line from the initial position, and weighs a move by
// the lines that play it (TestBookMadeByScript checks that book.txt is
// what this makes).
//
//	go run scripts/book.go > book.txt
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
)

func main() {
	f, err := os.Open("testdata/openings.pgn")
	if err != nil {
		fmt.Fprintln(os.Stderr, "book:", err)
		os.Exit(1)
	}
	defer f.Close()
	fmt.Println("# The engine's own opening book (strength.go), made by scripts/book.go from")
	fmt.Println("# testdata/openings.pgn: moves from the initial position | the opening's name.")
	event := regexp.MustCompile(`^\[Event "(.*)"\]$`)
	moveNumber := regexp.MustCompile(`^\d+\.$`)
	name, lines := "", 0
	in := bufio.NewScanner(f)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if m := event.FindStringSubmatch(line); m != nil {
			name = m[1]
			continue
		}
		if line == "" || strings.HasPrefix(line, "%") || strings.HasPrefix(line, "[") {
			continue
		}
		var moves []string
		for _, w := range strings.Fields(line) {
			switch {
			case moveNumber.MatchString(w), w == "*", w == "1-0", w == "0-1", w == "1/2-1/2":
			default:
				moves = append(moves, w)
			}
		}
		fmt.Printf("%s | %s\n", strings.Join(moves, " "), name)
		lines++
	}
	if err := in.Err(); err != nil || lines == 0 {
		fmt.Fprintln(os.Stderr, "book: no lines read from testdata/openings.pgn", err)
		os.Exit(1)
	}
}
