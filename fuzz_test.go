package main

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"
)

// answerForms are the only lines a session may write.
var answerForms = regexp.MustCompile(`^(` + strings.Join([]string{
	`feature .*`,
	`move [a-h][1-8][a-h][1-8][qrbn]?`,
	`pong [-+]?\d+`,
	`Illegal move: [ -~]*`,
	`Error \([ -~]*\): [ -~]*`,
	`\d+ -?\d+ \d+ \d+( [a-h][1-8][a-h][1-8][qrbn]?)+`,
	`stat01: \d+ \d+ \d+ 0 \d+`,
	`(1-0|0-1|1/2-1/2) \{[A-Za-z0-9 -]+\}`,
	`Hint: [a-h][1-8][a-h][1-8][qrbn]?`,
	` micro-Max has no opening book\.`,
	`tellusererror Illegal position`,
	`# [ -~]*`,
	``,
}, "|") + `)$`)

// FuzzCommands feeds arbitrary input to a session: it must end at the end
// of input, write nothing but well-formed answers (and never an error that
// XBoard could take for an illegal-move claim), and leave the engine's
// board equal to the game's current position, with one king a side.
func FuzzCommands(f *testing.F) {
	seeds := []string{
		"xboard\nprotover 2\nnew\nusermove e2e4\ngo\nping 1\n",
		"new\nforce\nsetboard r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\nusermove e1g1\nundo\nremove\ne8c8\n",
		"new\npost\nanalyze\nusermove e2e4\n.\nundo\nhint\nexit\n",
		"level 40 0:30 0\nst 1\nsd 3\ntime 100\notim 100\ngo\n?\nping 1\nforce\n",
		"memory 1\ncores 2\noption x=1\nhint\nbk\nresult 1-0 {x}\nwhite\nblack\nplayother\n",
		"setboard 4k3/P7/8/8/8/8/8/4K3 w - - 0 1\nusermove a7a8n\ngo\nundo\n",
		"setboard 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\ne5d6\n",
		"nps 20000\nst 1\noption Futility pruning=0\ngo\noption Futility pruning=x\nnps -5\nnew\ngo\n",
		"\x00\xff junk\nillegal\n" + strings.Repeat("z", 5000) + "\nquit\n",
		"new\nforce\nsetboard 4k3/8/8/8/8/8/4R3/4K3 w - - 0 1\nusermove e2e4\ngo\nanalyze\n.\nundo\nnew\ngo\n",
		"setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1\nplayother\ne2e4\nping 1\nnew\n",
		"nps 20000\nst 1\noption Futility margin=-60\noption Deep futility=1\noption Aggressive futility=1\n" +
			"option Extended futility=1\noption Goose chase pruning=1\noption Futility margin=x\ngo\nping 1\n",
		"option Strength in Elo=800\noption Strength seed=3\nst 1\ngo\nhard\nusermove e7e5\noption Strength in Elo=9\nping 1\n",
	}
	fuzzSessions(f, seeds, func(e *Engine, out io.Writer, cfg config) (func(io.Reader), *gameRecord) {
		s := newSession(e, out, cfg)
		return s.serve, &s.game
	}, func(t *testing.T, _ []byte, lines []string) {
		for _, l := range lines {
			if !answerForms.MatchString(l) {
				t.Errorf("malformed answer %q", l)
			}
			if !strings.HasPrefix(l, "Illegal move: ") && l != "tellusererror Illegal position" &&
				strings.Contains(strings.ToLower(l), "llegal") {
				t.Errorf("answer %q looks like an illegal-move claim", l)
			}
		}
	})
}

// uciAnswerForms are the only lines a UCI session may write.
var uciAnswerForms = regexp.MustCompile(`^(` + strings.Join([]string{
	`id (name|author) [ -~]+`,
	`option name [A-Za-z_ ]+ type (spin default -?\d+ min -?\d+ max -?\d+|check default (true|false)|button)`,
	`uciok`,
	`readyok`,
	`info depth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+( pv( [a-h][1-8][a-h][1-8][qrbn]?)+)?`,
	`info nodes \d+ nps \d+ time \d+`,
	`info string [ -~]*`,
	`bestmove (0000|[a-h][1-8][a-h][1-8][qrbn]?( ponder [a-h][1-8][a-h][1-8][qrbn]?)?)`,
	`umax (state|san|tree) \{[ -~]*\}`, // the browser page's commands (uci_web.go)
}, "|") + `)$`)

// FuzzUCI feeds arbitrary input to a UCI session: it must end at the end
// of input, write nothing but well-formed answers, exactly one bestmove for
// every search it started, and leave the engine's board equal to the
// game's current position, with one king a side.
func FuzzUCI(f *testing.F) {
	seeds := []string{
		"uci\nisready\nucinewgame\nposition startpos moves e2e4\ngo nodes 3000\n",
		"position startpos moves e2e4 e7e5 g1f3\ngo infinite\nisready\nstop\nponderhit\nstop\n",
		"position fen k7/8/1K6/8/8/8/8/7R w - - 0 1\ngo ponder wtime 100 btime 100\nponderhit\n",
		"position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8n e8d7\ngo searchmoves a8b6 depth 2\n",
		"position fen 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 moves e5d6\ngo movetime 10\n",
		"setoption name Hash value 1\nsetoption name clear hash\nsetoption name Futility Pruning value false\ngo depth 2\n",
		"go wtime 50 btime 50 winc 5 binc 5 movestogo 3\nposition startpos moves g1f3\ngo nodes 100\nquit\ngo\n",
		"joho debug on\ndebug off\nregister later\nxyzzy\n\x00\xff junk\n" + strings.Repeat("z", 5000) + "\n",
		"position fen k7/1Q6/1K6/8/8/8/8/8 b - - 0 1\ngo infinite\nstop\nposition startpos moves e2e5\ngo mate 1\n",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1 moves e2e4\ngo nodes 500\nucinewgame\ngo nodes 500\n",
		"setoption name Futility Margin value -50\nsetoption name deep futility value true\nsetoption name Goose Chase Pruning value x\n" +
			"setoption name Aggressive Futility value true\nsetoption name Extended Futility value true\ngo nodes 3000\n",
		"setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 800\nsetoption name Strength Seed value 3\n" +
			"go nodes 3000\ngo movetime 10\ngo ponder wtime 100 btime 100\nponderhit\nsetoption name UCI_Elo value 1\n",
	}
	fuzzSessions(f, seeds, func(e *Engine, out io.Writer, cfg config) (func(io.Reader), *gameRecord) {
		s := newUCISession(e, out, cfg)
		return s.serve, &s.game
	}, func(t *testing.T, input []byte, lines []string) {
		bestmoves := 0
		for _, l := range lines {
			if l != "" && !uciAnswerForms.MatchString(l) {
				t.Errorf("malformed answer %q", l)
			}
			bestmoves += b2i(isBestmove(l))
		}
		if gos := goCommands(input); bestmoves != gos {
			t.Errorf("%d bestmoves for %d go commands", bestmoves, gos)
		}
	})
}

// fuzzSessions is the harness of FuzzCommands and FuzzUCI: from the seeds
// on, it feeds each input to the session open makes on a small engine,
// which must end at the end of its input; holds the lines it wrote to
// check; and the engine's board to the game's current position, with one
// king a side.
func fuzzSessions(f *testing.F, seeds []string, open func(e *Engine, out io.Writer, cfg config) (serve func(io.Reader), game *gameRecord),
	check func(t *testing.T, input []byte, lines []string)) {
	for _, seed := range seeds {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		e := newEngine(minTableSize)
		var out bytes.Buffer
		serve, game := open(e, &out, config{nodeBudget: 2000, maxMemory: 1})
		done := make(chan struct{})
		go func() {
			serve(bytes.NewReader(input))
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("the session did not end")
		}
		check(t, input, strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"))
		if !samePos(e.Position, game.current().pos) {
			t.Errorf("the engine's board is not the game's")
		}
		kings := map[int8]int{}
		for sq := 0; sq < 120; sq++ {
			if sq&offBoard == 0 && e.board[sq]&7 == 4 {
				kings[e.board[sq]&(white|black)]++
			}
		}
		if kings[white] != 1 || kings[black] != 1 {
			t.Errorf("kings %v", kings)
		}
	})
}

// goCommands counts the go commands a UCI session runs on input: the lines
// whose first command word is go (words before it are skipped), up to quit.
func goCommands(input []byte) int {
	n := 0
	for _, line := range strings.Split(string(input), "\n") {
		for _, w := range strings.Fields(line) {
			if _, ok := uciCommands[w]; !ok {
				continue
			}
			if w == "quit" {
				return n
			}
			n += b2i(w == "go")
			break
		}
	}
	return n
}
