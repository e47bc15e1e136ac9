package main

// The game record: every position since the game started (new or
// setboard), for undo and for the rules that end a game. micro-Max's search
// knows none of them: it sees mate only as a lost king, and never a
// repetition or the 50-move rule.
//
// Draw claims go to XBoard, which checks them and forfeits a false one
// (backend.c, Adjudicate and GameEnds with -testClaims). So the rules here
// are XBoard's, which are FIDE's as far as a claim goes:
//   - repetition: the position after the last move occurred twice before,
//     with the same side to move and the same castling rights, counting back
//     only over moves that were neither captures nor pawn moves, at most 100
//     plies, and never counting a position in which an e.p. capture was
//     possible (XBoard marks one after a double step next to an enemy pawn,
//     or a set-up position with an e.p. square);
//   - the 50-move rule: 100 plies without a capture or a pawn move, the
//     set-up position's halfmove clock included;
//   - insufficient material: only king against king with at most one
//     knight, or with bishops all on squares of one colour (KK, KNK, KBK,
//     KBKB with like bishops): the cases the protocol lists, which XBoard
//     accepts.

// gamePly is one position of the game with what the draw rules need.
type gamePly struct {
	pos        Position
	move       Move // the move that led here (none for the first position)
	rule50     int  // plies since the last capture or pawn move
	reversible bool // reached by a move that was neither a capture nor a pawn move
	epMarked   bool // XBoard would mark an e.p. capture as possible here
}

// gameRecord is the game from its first position to the current one.
type gameRecord struct {
	plies    []gamePly
	fullmove int // the first position's fullmove number (0 read as 1)
}

// reset starts a game at a position.
func (g *gameRecord) reset(s setup) {
	g.plies = append(g.plies[:0], gamePly{pos: s.pos, rule50: s.halfmove, epMarked: s.epGiven})
	g.fullmove = s.fullmove
}

// counters are the move counters of the position after the game's first
// ply moves.
func (g *gameRecord) counters(ply int) moveCounters {
	blackFirst := b2i(g.plies[0].pos.side == black)
	return moveCounters{halfmove: g.plies[ply].rule50, fullmove: max(g.fullmove, 1) + (blackFirst+ply)/2}
}

// fen is the FEN of the position after the game's first ply moves, with
// its move counters.
func (g *gameRecord) fen(ply int) string { return fenWith(&g.plies[ply].pos, g.counters(ply)) }

// current is the position now.
func (g *gameRecord) current() *gamePly { return &g.plies[len(g.plies)-1] }

// length is the number of moves played since the first position.
func (g *gameRecord) length() int { return len(g.plies) - 1 }

// push records move m, played from the current position, leading to pos.
func (g *gameRecord) push(m Move, pos Position) {
	prev := g.current()
	b := &prev.pos.board
	kind := int(b[m.from]) & 7
	ply := gamePly{pos: pos, move: m, reversible: reversible(&prev.pos, m)}
	if ply.reversible {
		ply.rule50 = prev.rule50 + 1
	}
	if d := prev.pos.effectOf(m); kind < 3 && d.passed != noSquare { // a double step next to an enemy pawn
		enemyPawn := int8(prev.pos.side ^ (white | black) | (3 - kind))
		for _, sq := range []int{m.to - 1, m.to + 1} {
			if sq&offBoard == 0 && b[sq]&^movedBit == enemyPawn {
				ply.epMarked = true
			}
		}
	}
	g.plies = append(g.plies, ply)
}

// play makes m, a legal move of the current position, and records it.
func (g *gameRecord) play(m Move) {
	next := g.current().pos
	next.makeMove(m)
	g.push(m, next)
}

// undo takes back n moves; it reports false (and changes nothing) when the
// game has fewer.
func (g *gameRecord) undo(n int) bool {
	if g.length() < n {
		return false
	}
	g.plies = g.plies[:len(g.plies)-n]
	return true
}

// repetitions counts the earlier occurrences of the current position
// (samePosition) since the last capture or pawn move; with claim, as XBoard
// counts them for a draw claim (see the top of the file).
func (g *gameRecord) repetitions(claim bool) int {
	n := len(g.plies) - 1
	now := &g.plies[n].pos
	count := 0
	for k := n - 2; k >= 0 && g.plies[k+1].reversible && g.plies[k+2].reversible; k -= 2 {
		if claim && (k < n-100 || g.plies[k].epMarked) {
			break
		}
		if samePosition(&g.plies[k].pos, now) {
			count++
		}
	}
	return count
}

// insufficientMaterial reports whether neither side has mating material, in
// the protocol's cases (see the top of the file).
func insufficientMaterial(p *Position) bool {
	knights, bishops, colours := 0, 0, 0
	for _, sq := range boardSquares {
		if p.board[sq] == 0 {
			continue
		}
		switch p.board[sq] & 7 {
		case 3:
			knights++
		case 5:
			bishops++
			colours |= 1 << ((sq>>4 + sq) & 1)
		case 4:
		default:
			return false // pawn, rook or queen
		}
	}
	return knights+bishops == 0 || knights == 1 && bishops == 0 || knights == 0 && colours != 3
}

// gameEnd is how a game has ended by rule, or may be ended by a claim.
type gameEnd int

const (
	notOver          gameEnd = iota
	whiteMates               // Black to move, in check, with no legal move
	blackMates               // White to move, in check, with no legal move
	stalemate                // the side to move has no legal move and is not in check
	fiftyMoves               // 100 plies without capture or pawn move: a draw either side may claim
	repetition               // the third occurrence of the position: a draw either side may claim
	noMatingMaterial         // neither side can mate (KK, KNK, KBK, KBKB with like bishops)
)

// endTexts are the ends of a game as the engine writes them: the result,
// the end's name (the page's umax state) and the comment CECP's result line
// gives it. A claimable draw is claimed.
var endTexts = [...]struct{ result, name, comment string }{
	notOver:          {"*", "", ""},
	whiteMates:       {"1-0", "checkmate", sideName(white) + " mates"},
	blackMates:       {"0-1", "checkmate", sideName(black) + " mates"},
	stalemate:        {"1/2-1/2", "stalemate", "Stalemate"},
	fiftyMoves:       {"1/2-1/2", "fifty-move rule", "Draw by 50-move rule"},
	repetition:       {"1/2-1/2", "threefold repetition", "Draw by repetition"},
	noMatingMaterial: {"1/2-1/2", "insufficient material", "Insufficient mating material"},
}

// claimable reports whether the game goes on unless a player claims the
// draw (the 50-move rule and repetition); the other ends are final.
func (g gameEnd) claimable() bool { return g == fiftyMoves || g == repetition }

// end returns how the game stands at the current position: over by rule
// (mate, stalemate, no mating material), a draw that may be claimed, or not
// over. A final end comes before a claimable one.
func (g *gameRecord) end() gameEnd {
	ply := g.current()
	p := &ply.pos
	if !p.hasLegalMove() {
		switch {
		case !p.inCheck():
			return stalemate
		case p.side == white:
			return blackMates
		default:
			return whiteMates
		}
	}
	switch {
	case insufficientMaterial(p):
		return noMatingMaterial
	case ply.rule50 >= 100:
		return fiftyMoves
	case g.repetitions(true) >= 2:
		return repetition
	}
	return notOver
}

// pvLength returns how many moves of pv, a principal variation from the
// current position, can be played before the game ends on the way: the PV
// stops after a move that mates, stalemates, makes the 50-move rule apply
// (100 plies without capture or pawn move) or repeats a position for the
// third time. This is how UCI match runners (fastchess) check a PV, and a
// PV that goes on after such a move draws their warning. Repetitions are
// counted over the reversible moves of the game and the PV, ignoring the
// e.p. square (so a few more than the rules count): a PV is better cut a
// move early than continued past the end of the game.
func (g *gameRecord) pvLength(pv []Move) int {
	line := gameRecord{plies: g.plies[:len(g.plies):len(g.plies)]} // appends copy: g stays as it is
	for n, m := range pv {
		line.play(m)
		if !line.current().pos.hasLegalMove() || line.current().rule50 >= 100 || line.repetitions(false) >= 2 {
			return n + 1
		}
	}
	return len(pv)
}
