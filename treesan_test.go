package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// sanPattern is a move in SAN; markedPattern a move that is not legal, in
// the marked long form of san.go.
var (
	sanPattern    = regexp.MustCompile(`^(O-O|O-O-O|[NBRQK][a-h]?[1-8]?x?([a-h][1-8])|[a-h](x[a-h])?([1-8])(=[NBRQ])?)[+#]?$`)
	markedPattern = regexp.MustCompile(`^(O-O|O-O-O|[NBRQK]?[a-h][1-8][-x][a-h][1-8](=Q)?)\*$`)
)

// checkTreeName checks the name san that the tree gives the move from-to
// (coordinates) of position p: in SAN that ends on its to-square with the
// piece's letter if it is legal, else in the marked form with both squares.
func checkTreeName(p *Position, move, san string) error {
	m, ok := parseSquarePair(move)
	if !ok {
		return fmt.Errorf("move %q", move)
	}
	m = p.microMaxMove(m.from, m.to)
	letter := ""
	if kind := p.board[m.from] & 7; kind >= 3 {
		letter = sanLetter(int(kind))
	}
	castles := letter == "K" && (m.to-m.from == 2 || m.from-m.to == 2)
	if !p.isLegal(m) {
		if !markedPattern.MatchString(san) || !castles && !strings.HasPrefix(san, letter+move[:2]) || !castles && !strings.Contains(san, move[2:4]) {
			return fmt.Errorf("the illegal %s is named %q, not %s%s-%s*", move, san, letter, move[:2], move[2:4])
		}
		return nil
	}
	if !sanPattern.MatchString(san) || !castles && (!strings.HasPrefix(san, letter) || !strings.Contains(san, move[2:4])) ||
		castles != strings.HasPrefix(san, "O-O") {
		return fmt.Errorf("the legal %s is named %q, not in SAN", move, san)
	}
	return nil
}

// TestTreeSAN: the tree (umax tree), its steps (umax steps) name every
// move also in SAN, in the position of the node that made it, and a
// pseudo-legal move that leaves its king in check in the marked form.
// micro-Max refutes those: their replies capture the king (score infinity)
// or fail high before they come to it; a legal move's reply never
// captures the king.
func TestTreeSAN(t *testing.T) {
	for _, c := range []treeCase{{"Najdorf", "", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6", 3, true},
		{"e4", "", "e2e4", 3, false}, {"mate", "k7/8/1K6/8/8/8/8/7R w - - 0 1", "", 2, true}} {
		tr := c.trace(t)
		tree, steps := decodeTree(t, tr.rec), decodeSteps(t, tr.rec)
		positions := make([]Position, len(tree.Tree))
		names := map[string]string{} // "node move": its SAN in the tree
		legal, illegal, kingTaken := 0, 0, 0
		check := func(node int, move, san string) {
			t.Helper()
			if err := checkTreeName(&positions[node], move, san); err != nil {
				t.Fatalf("%s: node %d (%s): %v", c.name, node, steps.Boards[node], err)
			}
			names[fmt.Sprint(node, " ", move)] = san
		}
		for i, n := range tree.Tree {
			switch { // the position of the node: its parent's with its move made (parseFEN refuses those after an illegal move)
			case i == 0:
				positions[0] = tr.rec.root
			case n.Move == "": // a stalemate probe
				positions[i] = positions[n.Parent]
				positions[i].side ^= white | black
			default:
				positions[i] = positions[n.Parent]
				m, _ := parseSquarePair(n.Move)
				positions[i].makeMove(m)
			}
			if n.Move == "" {
				if n.San != "" {
					t.Fatalf("%s: node %d without a move is named %q", c.name, i, n.San)
				}
				continue
			}
			check(n.Parent, n.Move, n.San)
			switch marked := strings.HasSuffix(n.San, illegalMark); {
			case !marked && n.Best >= infinity: // a legal move's reply cannot capture the king
				t.Fatalf("%s: node %d after the legal %s (%s) captures the king: %d", c.name, i, n.Move, n.San, n.Best)
			case marked && n.Best < n.Beta: // an illegal move's reply captures the king, or fails high first
				t.Fatalf("%s: node %d after the illegal %s (%s) scores %d, below its beta %d", c.name, i, n.Move, n.San, n.Best, n.Beta)
			case marked:
				illegal++
				kingTaken += b2i(n.Best >= infinity)
			default:
				legal++
			}
		}
		for _, s := range tree.Stubs {
			check(s.Node, s.Move, s.San)
		}
		for i, n := range tree.Tree {
			for _, m := range n.Box {
				check(i, m[0].(string), m[5].(string))
			}
			for _, p := range append(n.Earlier, n.Last) {
				if p[2] != "" {
					check(i, p[2].(string), p[5].(string))
				}
			}
		}
		named := 0
		for k, s := range steps.Steps {
			node, move, san := stepInt(s, 1), "", ""
			if node >= len(tree.Tree) {
				continue // an inner node's step (TestInnerSteps)
			}
			switch s[0] {
			case "move":
				move, san = s[3].(string), s[9].(string)
			case "best":
				move, san = s[4].(string), s[5].(string)
			case "pass":
				move, san = s[5].(string), s[8].(string)
			default:
				continue
			}
			if want, ok := names[fmt.Sprint(node, " ", move)]; move != "" && (!ok || san != want) {
				t.Fatalf("%s: step %d %v names %s %q, the tree %q", c.name, k, s, move, san, want)
			}
			named++
		}
		if legal == 0 || named == 0 || c.name != "mate" && illegal == 0 {
			t.Errorf("%s: %d nodes after legal moves, %d after illegal ones, %d steps with a move", c.name, legal, illegal, named)
		}
		t.Logf("%s, %d ply: %d nodes after legal moves, %d after illegal ones (%d of them capture the king, the others fail high before), %d names, %d steps with a move",
			c.name, c.plies, legal, illegal, kingTaken, len(names), named)
	}
}

// TestIllegalName: the marked form of moves that leave the king in check:
// a king's step, a pinned knight's move and capture, a pinned pawn's
// double step, capture and promotion, castling through and out of check.
func TestIllegalName(t *testing.T) {
	for _, c := range []struct{ fen, move, want string }{
		{"4k3/8/8/8/8/8/8/3R2K1 b - - 0 1", "e8d8", "Ke8-d8*"},
		{"4k3/3n4/8/1B6/8/8/8/4K3 b - - 0 1", "d7e5", "Nd7-e5*"},
		{"4k3/3n4/8/1B2P3/8/8/8/4K3 b - - 0 1", "d7e5", "Nd7xe5*"},
		{"4k3/1b6/8/8/8/8/6P1/7K w - - 0 1", "g2g4", "g2-g4*"},
		{"4k3/1b6/8/8/8/7p/6P1/7K w - - 0 1", "g2h3", "g2xh3*"},
		{"4k3/r5PK/8/8/8/8/8/8 w - - 0 1", "g7g8", "g7-g8=Q*"},
		{"r3k3/8/8/8/8/8/8/3RK3 b q - 0 1", "e8c8", "O-O-O*"},
		{"4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "e1c1", "O-O-O*"},
	} {
		p := mustFEN(t, c.fen).pos
		m, _ := parseSquarePair(c.move)
		m = p.microMaxMove(m.from, m.to)
		if got := p.illegalName(m); got != c.want || p.isLegal(m) {
			t.Errorf("%s in %s: %q (legal: %v), want %q", c.move, c.fen, got, p.isLegal(m), c.want)
		}
		if err := checkTreeName(&p, c.move, c.want); err != nil {
			t.Errorf("%s in %s: %v", c.move, c.fen, err)
		}
	}
}
