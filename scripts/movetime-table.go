//go:build ignore

// movetime-table measures how much of "go movetime N" UCI engines use: for
// each engine, each position and each N, the wall-clock time from writing
// "go movetime N" to reading its bestmove, the median of -n runs, each
// after ucinewgame and a readyok. It prints a Markdown table, one row per
// N, one column per engine, the positions' times separated by " / ":
//
//	go run scripts/movetime-table.go [-n RUNS] [-ms 100,300,1000,3000] NAME=BINARY...
//
// scripts/movetime-table.sh builds the engines and runs it.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
)

// positions are the two positions of the table: Black after 1.e4, and
// White in the Italian game after 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6.
var positions = []string{
	"position startpos moves e2e4",
	"position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
}

// engine is a UCI engine run as a child process.
type engine struct {
	in  io.WriteCloser
	out *bufio.Scanner
	cmd *exec.Cmd
}

func start(path string) (*engine, error) {
	cmd := exec.Command(path, "-uci")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &engine{in: in, out: bufio.NewScanner(out), cmd: cmd}
	e.send("uci")
	if err := e.await("uciok"); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *engine) send(line string) { fmt.Fprintln(e.in, line) }

// await reads lines up to one that starts with prefix.
func (e *engine) await(prefix string) error {
	for e.out.Scan() {
		if strings.HasPrefix(e.out.Text(), prefix) {
			return nil
		}
	}
	return fmt.Errorf("the engine ended before %q", prefix)
}

// moveTime is the time one "go movetime ms" takes in position pos.
func (e *engine) moveTime(pos string, ms int) (time.Duration, error) {
	e.send("ucinewgame")
	e.send(pos)
	e.send("isready")
	if err := e.await("readyok"); err != nil {
		return 0, err
	}
	t0 := time.Now()
	e.send("go movetime " + strconv.Itoa(ms))
	err := e.await("bestmove")
	return time.Since(t0), err
}

func main() {
	runs := flag.Int("n", 1, "runs of each measurement (the median is printed)")
	times := flag.String("ms", "100,300,1000,3000", "the movetimes, in milliseconds")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/movetime-table.go [-n RUNS] [-ms LIST] NAME=BINARY...")
		os.Exit(2)
	}
	var names []string
	var engines []*engine
	for _, arg := range flag.Args() {
		name, path, ok := strings.Cut(arg, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "%s: want NAME=BINARY\n", arg)
			os.Exit(2)
		}
		e, err := start(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, path, err)
			os.Exit(1)
		}
		names, engines = append(names, name), append(engines, e)
	}
	fmt.Printf("| movetime | %s |\n|---|%s\n", strings.Join(names, " | "), strings.Repeat("---|", len(names)))
	for _, field := range strings.Split(*times, ",") {
		ms, err := strconv.Atoi(field)
		if err != nil || ms <= 0 {
			fmt.Fprintf(os.Stderr, "bad movetime %q\n", field)
			os.Exit(2)
		}
		row := fmt.Sprintf("| %d ms |", ms)
		for _, e := range engines {
			var cells []string
			for _, pos := range positions {
				var took []time.Duration
				for range *runs {
					d, err := e.moveTime(pos, ms)
					if err != nil {
						fmt.Fprintln(os.Stderr, err)
						os.Exit(1)
					}
					took = append(took, d)
				}
				slices.Sort(took)
				cells = append(cells, strconv.FormatInt(took[len(took)/2].Milliseconds(), 10))
			}
			row += " " + strings.Join(cells, " / ") + " ms |"
		}
		fmt.Println(row)
	}
	for _, e := range engines {
		e.send("quit")
		e.in.Close()
		e.cmd.Wait()
	}
}
