package main

// Set-up positions: Forsyth-Edwards Notation read onto micro-Max's board.

import (
	"fmt"
	"strconv"
	"strings"
)

// fenLetter is a piece's letter in a FEN: micro-Max's own (pieceLetters),
// but P and p for the pawns it prints as * and +.
func fenLetter(piece int) byte {
	switch c := pieceLetters[piece&15]; c {
	case '*':
		return 'P'
	case '+':
		return 'p'
	default:
		return c
	}
}

// fenPieces maps the piece letters of a FEN to micro-Max's piece codes:
// fenLetter read backwards.
var fenPieces = func() map[byte]int {
	pieces := map[byte]int{}
	for piece := white + 1; piece < black+8; piece++ { // White's, then Black's
		if c := fenLetter(piece); c != '?' && c != '.' {
			pieces[c] = piece
		}
	}
	return pieces
}()

// sides names White and Black (micro-Max's 8 and 16, by side/black) as a
// FEN does and in words.
var sides = [2]struct{ letter, name string }{{"w", "White"}, {"b", "Black"}}

// sideLetter is a side as a FEN names it: "w" or "b".
func sideLetter(side int) string { return sides[side/black].letter }

// sideName is "White" or "Black".
func sideName(side int) string { return sides[side/black].name }

// setup is a position read from a FEN, with what a Position does not hold.
type setup struct {
	pos      Position
	halfmove int    // plies since the last capture or pawn move (the 50-move rule)
	fullmove int    // the fullmove number (1 when the FEN leaves it out)
	epGiven  bool   // the FEN named an e.p. square
	dropped  string // castling rights of the FEN dropped because king or rook is not at home
}

// parseFEN reads a position in Forsyth-Edwards Notation and maps it onto
// micro-Max's board. It refuses a FEN that is malformed or that micro-Max
// could not play from: it needs one king a side, no pawn on the first or
// last rank, the side not to move not in check, and an e.p. square just
// behind a pawn that has just made a double step. A castling right whose
// king and rook do not stand on their squares is dropped (and named in
// dropped): the rest of the position is good. The move counters may be left
// out.
//
// micro-Max keeps castling rights and the double step in "moved" bits. The
// set-up gives the moved bit to every pawn off its starting rank (so that it
// cannot step twice), to every king and rook that has no castling right (so
// that it cannot castle), and to nothing else, as in micro-Max's initial
// position. The e.p. square becomes micro-Max's e.p. argument (noSquare if
// none). The running evaluation starts as staticEval: material plus the
// centre table, from the side to move's view.
func parseFEN(fen string) (setup, error) {
	var s setup
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return s, fmt.Errorf("%d fields, want 4 to 6", len(fields))
	}
	p := &s.pos
	if err := p.placePieces(fields[0]); err != nil {
		return s, err
	}
	switch fields[1] {
	case sideLetter(white):
		p.side = white
	case sideLetter(black):
		p.side = black
	default:
		return s, fmt.Errorf("side to move %q, want %s or %s", fields[1], sideLetter(white), sideLetter(black))
	}
	dropped, err := p.setCastling(fields[2])
	if err != nil {
		return s, err
	}
	s.dropped = dropped
	if err := p.setEPSquare(fields[3]); err != nil {
		return s, err
	}
	s.epGiven = p.epSquare != noSquare
	ok := true
	if len(fields) > 4 {
		if s.halfmove, ok = parseInt(fields[4], 0, 100000); !ok {
			return s, fmt.Errorf("halfmove clock %q", fields[4])
		}
	}
	s.fullmove = 1
	if len(fields) > 5 {
		if s.fullmove, ok = parseInt(fields[5], 1, 100000); !ok {
			return s, fmt.Errorf("move number %q", fields[5])
		}
	}
	setCentre(&p.board)
	q := *p
	q.epSquare = noSquare // castling is not an issue here, only a king in check
	if q.kingCapturable() {
		return s, fmt.Errorf("the side not to move is in check")
	}
	p.eval = p.staticEval()
	return s, nil
}

// placePieces puts the pieces of a FEN's first field on the board: eight
// ranks of piece letters and counts of empty squares, one king a side, no
// pawn on the first or last rank.
func (p *Position) placePieces(field string) error {
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("%d ranks, want 8", len(ranks))
	}
	kings := map[int]int{}
	for r, row := range ranks {
		file := 0
		for i := 0; i < len(row); i++ {
			c := row[i]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			piece, ok := fenPieces[c]
			switch {
			case !ok:
				return fmt.Errorf("no piece letter %q", row[i:i+1])
			case file > 7:
				return fmt.Errorf("rank %d has more than 8 squares", 8-r)
			case piece&7 < 3 && (r == 0 || r == 7):
				return fmt.Errorf("pawn on rank %d", 8-r)
			case piece&7 == 4:
				kings[piece&(white|black)]++
			}
			p.board[16*r+file] = int8(piece)
			file++
		}
		if file != 8 {
			return fmt.Errorf("rank %d has %d squares", 8-r, file)
		}
	}
	if kings[white] != 1 || kings[black] != 1 {
		return fmt.Errorf("%d white and %d black kings, want one each", kings[white], kings[black])
	}
	return nil
}

// setCastling reads a FEN's castling rights into the moved bits: every
// piece that may castle keeps its moved bit clear; every king and rook that
// may not, and every pawn off its starting rank, gets it. It returns the
// rights dropped because their king or rook is not at home.
func (p *Position) setCastling(field string) (dropped string, err error) {
	mayCastle := map[int]bool{}
	for i := 0; i < len(field) && field != "-"; i++ {
		c := field[i]
		switch right := strings.IndexByte("KQkq", c); {
		case right < 0:
			return "", fmt.Errorf("no castling right %q", string([]byte{c}))
		case strings.IndexByte(field[:i], c) >= 0:
			return "", fmt.Errorf("castling right %c twice", c)
		case p.castlingRights()&(1<<right) == 0:
			dropped += string(c) // no king or rook at home
		default:
			k := castlingCorners[right]
			mayCastle[k.king], mayCastle[k.rook] = true, true
		}
	}
	for _, sq := range boardSquares {
		switch kind := p.board[sq] & 7; {
		case p.board[sq] == 0:
		case kind == 1 && sq>>4 != 6, kind == 2 && sq>>4 != 1: // pawn off its starting rank
			p.board[sq] |= movedBit
		case (kind == 4 || kind == 6) && !mayCastle[sq]:
			p.board[sq] |= movedBit
		}
	}
	return dropped, nil
}

// setEPSquare reads a FEN's e.p. square into micro-Max's e.p. argument
// (noSquare for "-"): it must lie just behind an enemy pawn that has just
// stepped twice.
func (p *Position) setEPSquare(field string) error {
	p.epSquare = noSquare
	if field == "-" {
		return nil
	}
	ep, ok := parseSquare(field)
	// With White to move: on rank 6 (index 2), a black pawn a step down
	// the board (forward, towards the pawn that stepped); Black: mirrored.
	forward, enemyPawn, wantRank := 16, int8(black+2|movedBit), 2
	if p.side == black {
		forward, enemyPawn, wantRank = -16, white+1|movedBit, 5
	}
	if !ok || ep>>4 != wantRank || p.board[ep] != 0 || p.board[ep-forward] != 0 || p.board[ep+forward] != enemyPawn {
		return fmt.Errorf("e.p. square %q is not behind a pawn that has just stepped twice", field)
	}
	p.epSquare = ep
	return nil
}

// staticEval is the evaluation that setboard starts micro-Max from, from the
// side to move's view: material (99 per pawn, as pieceValue; the kings
// cancel) plus, for pawns, knights, bishops and kings, the centre table with
// its sign turned (search() adds b[from+8]-b[to+8] for these pieces, so a
// piece on a square at squared distance c from the centre is worth -c).
// The initial position scores 0, micro-Max's own starting Q. After the
// set-up every move changes the evaluation as micro-Max's main() does
// (Q=-Q-material gained): the positional part stays as it was set up.
func (p *Position) staticEval() int {
	sum := 0
	for _, sq := range boardSquares {
		piece := int(p.board[sq])
		if piece == 0 {
			continue
		}
		kind := piece & 7
		v := 99 * pieceValue[kind]
		if kind < 6 {
			v -= int(p.board[sq+8])
		}
		if piece&white != 0 {
			sum += v
		} else {
			sum -= v
		}
	}
	if p.side == black {
		sum = -sum
	}
	return sum
}

// reversible reports whether move m, made in position p, is neither a
// capture nor a pawn move (the 50-move rule counts those).
func reversible(p *Position, m Move) bool { return p.board[m.from]&7 > 2 && p.board[m.to] == 0 }

// moveCounters are a FEN's move counters: the halfmove clock (plies since
// the last capture or pawn move) and the fullmove number (1 at the start,
// one more after each of Black's moves).
type moveCounters struct{ halfmove, fullmove int }

// startCounters are the counters of the initial position.
var startCounters = moveCounters{halfmove: 0, fullmove: 1}

// after returns the counters after move m, made in position p.
func (c moveCounters) after(p *Position, m Move) moveCounters {
	c.halfmove++
	if !reversible(p, m) {
		c.halfmove = 0
	}
	c.fullmove += b2i(p.side == black)
	return c
}

// fenOf writes a position as a FEN with the counters 0 1, for messages
// (the FEN of a game carries its counters: fenWith).
func fenOf(p *Position) string { return fenWith(p, startCounters) }

// fenWith writes a position as a FEN with its move counters: the game's
// positions, the -tree picture's title and the boards of the page's
// stepper (a byte at a time: the stepper asks for thousands).
func fenWith(p *Position, c moveCounters) string {
	s := make([]byte, 0, 96)
	for rank := 0; rank < 8; rank++ {
		empty := byte(0)
		for file := 0; file < 8; file++ {
			piece := int(p.board[16*rank+file])
			if piece == 0 {
				empty++
				continue
			}
			if empty > 0 {
				s = append(s, '0'+empty)
				empty = 0
			}
			s = append(s, fenLetter(piece))
		}
		if empty > 0 {
			s = append(s, '0'+empty)
		}
		if rank < 7 {
			s = append(s, '/')
		}
	}
	s = append(append(append(s, ' '), sideLetter(p.side)...), ' ')
	castle := len(s)
	for i, k := range castlingCorners {
		if p.castlingRights()&(1<<i) != 0 {
			s = append(s, k.letter)
		}
	}
	if len(s) == castle {
		s = append(s, '-')
	}
	ep := "-"
	if p.epSquare < noSquare && p.board[p.epSquare] == 0 && (p.epSquare>>4 == 2 || p.epSquare>>4 == 5) {
		ep = squareName(p.epSquare)
	}
	s = append(append(append(s, ' '), ep...), ' ')
	s = append(strconv.AppendInt(s, int64(c.halfmove), 10), ' ')
	return string(strconv.AppendInt(s, int64(c.fullmove), 10))
}
