package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// The random parity test plays generated games through the C program and
// through our console mode and compares the outputs byte for byte. It needs
// micro-Max 4.1's C listing (README says where to get it) and a C compiler,
// so it runs when given the listing's path, or with the switch on, when it
// fails without one:
//
//	go test -run TestRandomParity -parity.listing umax41.c [-parity.games 20] [-parity.nodes 20000,3000] [-parity.seed 1] [-parity.literal]
var (
	listing     = flag.String("parity.listing", "", "path of micro-Max 4.1's C listing, umax41.c; runs TestRandomParity")
	parityGames = flag.Int("parity.games", 12, "random games per node budget and version in TestRandomParity")
	parityNodes = flag.String("parity.nodes", "3000,20000", "comma-separated node budgets for TestRandomParity")
	paritySeed  = flag.Uint64("parity.seed", 1, "first random seed for TestRandomParity")
	parityLit   = flag.Bool("parity.literal", false, "TestRandomParity plays with the literal search (searchLiteral)")
)

func TestRandomParity(t *testing.T) {
	if *listing == "" {
		needFull(t, "random games against the C program (a C compiler, gcc, and micro-Max's listing: -parity.listing PATH)")
		t.Fatal("the C listing is needed: save micro-Max 4.1's listing (README: Compare node counts with the C program) and give its path as -parity.listing PATH")
	}
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "gcc"
	}
	needProgram(t, cc, "gcc")
	bin := t.TempDir()
	var budgets []int
	for _, f := range bytes.Split([]byte(*parityNodes), []byte(",")) {
		n, err := strconv.Atoi(string(f))
		if err != nil || n < 1 {
			t.Fatalf("bad -parity.nodes %q", *parityNodes)
		}
		budgets = append(budgets, n)
		cmd := exec.Command("sh", "scripts/build-reference.sh", *listing, bin, strconv.Itoa(n))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("build-reference.sh: %v\n%s", err, out)
		}
	}
	c := &console{e: newEngine(defaultHashEntries)}
	c.e.literal = *parityLit
	for _, nodes := range budgets {
		for _, version := range []string{"41", "40"} {
			for g := 0; g < *parityGames; g++ {
				seed := *paritySeed + uint64(g)
				input := randomGame(c, seed, nodes, version == "41")
				cmd := exec.Command(filepath.Join(bin, fmt.Sprintf("umax%sk-%d", version, nodes)))
				cmd.Stdin = bytes.NewReader(input)
				want, err := cmd.Output()
				if err != nil {
					t.Fatalf("C reference: %v", err)
				}
				c.e.restart()
				var got bytes.Buffer
				c.run(bytes.NewReader(input), &got)
				if !bytes.Equal(want, got.Bytes()) {
					name := filepath.Join(t.TempDir(), "failing.in")
					os.WriteFile(name, input, 0o644)
					t.Errorf("umax%s, %d nodes, seed %d: outputs differ (input kept in %s)", version, nodes, seed, name)
					compareOutput(t, want, got.Bytes())
				}
			}
			t.Logf("umax%s at %d nodes: %d games identical", version, nodes, *parityGames)
		}
	}
}

// TestListingFromBrowser: a listing copied from H.G. Muller's page may come
// with CR LF line ends and no-break spaces (U+00A0, in UTF-8 or Latin-1) for
// blanks, on brace-only lines too, where gcc refuses them. build-reference.sh
// must build such a copy into the same programs as the plain listing: the
// code's checksum unchanged (no note) and the same output. It runs with
// TestRandomParity's listing.
func TestListingFromBrowser(t *testing.T) {
	if *listing == "" {
		needFull(t, "the C listing as a browser copies it (gcc and micro-Max's listing: -parity.listing PATH)")
		t.Fatal("the C listing is needed: -parity.listing PATH")
	}
	needProgram(t, "gcc", "gcc")
	plain := readFile(t, *listing)
	dir := t.TempDir()
	var copied []byte
	for i, line := range bytes.Split(plain, []byte("\n")) {
		space := []byte("\u00a0") // UTF-8
		if i%2 == 0 {
			space = []byte{0xa0} // Latin-1
		}
		indent := len(line) - len(bytes.TrimLeft(line, " "))
		line = append(bytes.Repeat(space, indent), line[indent:]...)
		copied = append(copied, bytes.ReplaceAll(line, []byte("  "), append([]byte(" "), space...))...)
		copied = append(copied, "\r\n"...)
	}
	browser := filepath.Join(dir, "umax41-copied.c")
	must(t, os.WriteFile(browser, copied, 0o644))
	input := []byte("e2e4\n\nd2d4\n\n\n")
	outputs := map[string][]byte{}
	for _, src := range []string{*listing, browser} {
		bin := filepath.Join(dir, filepath.Base(src)+".bin")
		out, err := exec.Command("sh", "scripts/build-reference.sh", src, bin, "20000").CombinedOutput()
		if err != nil || bytes.Contains(out, []byte("note:")) {
			t.Fatalf("build-reference.sh %s: %v\n%s", src, err, out)
		}
		for _, version := range []string{"41", "40"} {
			cmd := exec.Command(filepath.Join(bin, "umax"+version+"k-20000"))
			cmd.Stdin = bytes.NewReader(input)
			got, err := cmd.Output()
			if err != nil || len(got) == 0 {
				t.Fatalf("%s, umax%s: %v", src, version, err)
			}
			if want, ok := outputs[version]; ok && !bytes.Equal(want, got) {
				t.Errorf("umax%s: the browser copy's program prints otherwise", version)
				compareOutput(t, want, got)
			}
			outputs[version] = got
		}
	}
}

// randomGame makes a console-mode input by playing a game on c, which it
// sets to the node budget and the version (restarted): mostly
// moves typed for the side to move (by the rules of movement, so some leave
// the king in check),
// with empty lines that make the engine think and a few garbled lines.
func randomGame(c *console, seed uint64, nodes int, futility bool) []byte {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	e := c.e
	e.restart()
	c.budget, e.futility, c.out = nodes, futility, bufio.NewWriter(io.Discard) // no kibitz lines
	var input []byte
	lines := 20 + rng.IntN(60)
	for len(input) < lines*5 {
		var line string
		switch r := rng.IntN(100); {
		case r < 30:
			line = ""
		case r < 35:
			line = string([]byte{byte(11 + rng.IntN(245)), byte(11 + rng.IntN(245)), byte(11 + rng.IntN(245)), byte(11 + rng.IntN(245))})
		case r < 40:
			line = squareName(rng.IntN(120)&^offBoard) + squareName(rng.IntN(120)&^offBoard)
		default:
			moves := e.pseudoMoves(nil) // legal or not: micro-Max refuses the illegal ones
			if len(moves) == 0 {
				line = ""
				break
			}
			m := moves[rng.IntN(len(moves))]
			line = squareName(m.from) + squareName(m.to)
		}
		input = append(input, line...)
		input = append(input, '\n')
		var text [9]int
		for i := range text {
			text[i] = 10
		}
		for i := 0; i < len(line); i++ {
			text[i] = int(line[i])
		}
		c.turn(&text)
	}
	return input
}
