package main

// The engine's settings, in one table: each option is one row, which the
// command line renders as a flag (main.go), CECP as a feature option
// (xboard.go) and UCI as an option (uci.go); a row names it in each place
// it appears. The protocols' text is written in their own files: here are
// only the names, the kinds, the ranges and what a value sets.

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"time"
)

// config is a session's settings besides the engine's own (micro-Max's
// version, the table): what the command line gives it and the options
// then change.
type config struct {
	nodeBudget int             // if > 0, the root node budget of every search a clock or go nodes does not set (-nodes)
	maxMemory  int             // the largest table a protocol may ask for, in MiB (0: maxMemoryMB)
	stats      bool            // after each search, its statistics (-stats)
	strength   strengthSetting // the strength level (strength.go)
	overhead   time.Duration   // UCI's Move Overhead (defaultMoveOverhead unless set)
	ponder     bool            // UCI's Ponder: the GUI may ask for ponder searches
	multiPV    int             // UCI's MultiPV, CECP's option MultiPV: the lines a search shows (0: 1)
	lab        bool            // the protocols list and take the laboratory's options (-lab, or a laboratory flag: labOption)
	yield      func()          // if not nil, called at every stop poll of a search: the browser's worker reads its messages (worker_js.go)
}

// maxMemoryMB is the largest table a protocol may ask for, in MiB: in
// WebAssembly, whose 32-bit memory holds at most 4 GiB, 512 (a table of
// 288 MiB).
var maxMemoryMB = map[bool]int{false: 8192, true: 512}[runtime.GOARCH == "wasm"]

// memoryLimit is maxMemory, or maxMemoryMB if that is 0.
func (c *config) memoryLimit() int { return cmp.Or(c.maxMemory, maxMemoryMB) }

// maxOverheadMS is the largest Move Overhead, in milliseconds.
const maxOverheadMS = 5000

// optionKind is how an option is set.
type optionKind int

const (
	checkOption  optionKind = iota // on or off: a flag -NAME, CECP's -check, UCI's check
	spinOption                     // a whole number in a range: CECP's -spin, UCI's spin
	buttonOption                   // an action: UCI's button
)

// option is one setting: its names, its kind and range, and what it reads
// and sets in a session's engine and config.
type option struct {
	uci, cecp, flag string // its names in UCI, CECP and on the command line; "" where it does not appear
	usage           string // the flag's help text
	kind            optionKind
	def             int                               // the flag's default, the setting of a new engine and config
	lo, hi          int                               // a spin's range
	laboratory      bool                              // a switch of the laboratory (lab.go), and a laboratory option (labOption)
	labOnly         bool                              // a laboratory option (labOption), though not a switch of lab.go
	flagZero        bool                              // the flag also takes 0 (-elo 0: full strength)
	top             func(e *Engine, c *config) int    // if set, a spin's top instead of hi (it depends on the session)
	get             func(e *Engine, c *config) int    // the setting now (a check's 0 or 1): the default the protocols declare
	set             func(e *Engine, c *config, v int) // sets it (a button: presses it)
	// note, if set, says something about a value just set that the user
	// should know (UCI says it as an info string), or "".
	note func(e *Engine, c *config, v int) string
	// refuse, if set, refuses a value in range that the other settings
	// forbid, with the reason.
	refuse func(e *Engine, c *config, v int) error
}

// errMarginWithout41 refuses a frontier margin under micro-Max 4.0, which
// has no futility test to move.
var errMarginWithout41 = errors.New("a futility margin needs futility pruning on: micro-Max 4.0 (futility off) has no futility test to move")

// options are the settings, in the order the protocols list them: the
// engine's, the strength level's, micro-Max's futility, then the
// laboratory's switches.
var options = []option{
	{uci: "Hash", flag: "hash", usage: "the transposition table in MiB (144: micro-Max's 2^24 entries); CECP's memory command sets it too",
		kind: spinOption, def: defaultHashEntries * len(hashSlot{}) >> 20, lo: 1, hi: maxMemoryMB, top: func(_ *Engine, c *config) int { return c.memoryLimit() },
		get: func(e *Engine, _ *config) int { return e.memoryMB() }, set: func(e *Engine, _ *config, v int) { e.setMemory(v) }},
	{uci: "Clear Hash", kind: buttonOption, set: func(e *Engine, _ *config, _ int) { e.clearTable() }},
	{uci: "Move Overhead", kind: spinOption, lo: 0, hi: maxOverheadMS,
		get: func(_ *Engine, c *config) int { return int(c.overhead.Milliseconds()) },
		set: func(_ *Engine, c *config, v int) { c.overhead = time.Duration(v) * time.Millisecond }},
	{uci: "Ponder", kind: checkOption,
		get: func(_ *Engine, c *config) int { return b2i(c.ponder) }, set: func(_ *Engine, c *config, v int) { c.ponder = v != 0 }},
	// Threads exists for the match runners' sake (OpenBench's presets set
	// Threads=1): micro-Max searches with one.
	{uci: "Threads", kind: spinOption, lo: 1, hi: 1,
		get: func(*Engine, *config) int { return 1 }, set: func(*Engine, *config, int) {}},
	// MultiPV: the lines of UCI's searches and of CECP's analysis (job.go);
	// XBoard knows the name, and offers more and fewer lines in analysis.
	{uci: "MultiPV", cecp: "MultiPV", kind: spinOption, def: 1, lo: 1, hi: maxMultiPV,
		get: func(_ *Engine, c *config) int { return max(c.multiPV, 1) },
		set: func(_ *Engine, c *config, v int) { c.multiPV = v }},
	// The strength level (strength.go): UCI's standard pair,
	// UCI_LimitStrength and UCI_Elo; CECP's one spin on the same scale; the
	// flag -elo; and the seed. The top of the scale, fullStrengthElo, is
	// full strength (so is -elo 0).
	{uci: "UCI_LimitStrength", kind: checkOption, lo: 0, hi: 1,
		get: func(_ *Engine, c *config) int { return b2i(c.strength.limit) },
		set: func(_ *Engine, c *config, v int) { c.strength.limit = v != 0 }},
	{uci: "UCI_Elo", kind: spinOption, lo: minStrengthElo, hi: fullStrengthElo,
		get: func(_ *Engine, c *config) int { return min(max(c.strength.elo, minStrengthElo), fullStrengthElo) }, // the zero setting's is the weakest
		set: func(_ *Engine, c *config, v int) { c.strength.elo = v }},
	{cecp: "Strength in Elo", flag: "elo", kind: spinOption, flagZero: true, def: fullStrengthElo, lo: minStrengthElo, hi: fullStrengthElo,
		usage: fmt.Sprintf("play at this rating, on the scale of doc/strength.md (%d, the top, and 0: full strength, which measured %d at %s)", fullStrengthElo, fullStrengthElo, fullStrengthTC),
		get: func(_ *Engine, c *config) int {
			if !c.strength.limit {
				return fullStrengthElo
			}
			return c.strength.elo
		},
		set: func(_ *Engine, c *config, v int) {
			c.strength.limit, c.strength.elo = v > 0 && v < fullStrengthElo, v
		}},
	{uci: "Strength Seed", cecp: "Strength seed", flag: "seed", kind: spinOption, lo: 0, hi: maxStrengthSeed,
		usage: "the seed of the strength level's and the book's draws: the same seed and moves, the same game (0: from the clock, every game differs)",
		get:   func(_ *Engine, c *config) int { return int(c.strength.seed) },
		set:   func(_ *Engine, c *config, v int) { c.strength.seed = uint64(v) }},
	// The book and the pace (strength.go), each mode's default where no
	// flag says (playerDefaults).
	{uci: "OwnBook", cecp: "Own book", flag: "book", kind: checkOption, lo: 0, hi: 1,
		usage: "at full strength, play the opening book's moves, drawn with the seed (default: on in XBoard mode, off in UCI and -classic)",
		get:   func(_ *Engine, c *config) int { return b2i(c.strength.book.on()) },
		set:   func(_ *Engine, c *config, v int) { c.strength.book = preferenceOf(v) }},
	{uci: "Human Pace", cecp: "Human pace", flag: "human-pace", kind: checkOption, lo: 0, hi: 1,
		usage: "a level's or the book's move waits for a human's moment, 1 to 2 s, at most half the move's time (default: on in XBoard mode and -classic, off in UCI; false: play at once)",
		get:   func(_ *Engine, c *config) int { return b2i(c.strength.pace.on()) },
		set:   func(_ *Engine, c *config, v int) { c.strength.pace = preferenceOf(v) }},
	{uci: "Futility Pruning", cecp: "Futility pruning", flag: "futility", kind: checkOption, labOnly: true, def: 1, lo: 0, hi: 1,
		usage: "futility pruning (micro-Max 4.1); -futility=false gives micro-Max 4.0's search (and the frontier margin 0)",
		get:   func(e *Engine, _ *config) int { return b2i(e.futility) },
		set: func(e *Engine, _ *config, v int) {
			e.futility = v != 0
			if lab := e.lab(); !e.futility && lab.frontierMargin != 0 {
				lab.frontierMargin = 0 // 4.0 has no futility test to move (errMarginWithout41)
				e.setLab(lab)
			}
		}},
	{uci: "Futility Margin", cecp: "Futility margin", flag: "futility-margin", kind: spinOption, laboratory: true, lo: minFrontierMargin, hi: maxFrontierMargin,
		usage: "frontier futility margin M: with at most one ply left a move is searched only if its new evaluation + M beats alpha (0: micro-Max)",
		get:   func(e *Engine, _ *config) int { return e.lab().frontierMargin },
		set:   func(e *Engine, _ *config, v int) { lab := e.lab(); lab.frontierMargin = v; e.setLab(lab) },
		refuse: func(e *Engine, _ *config, v int) error {
			if v != 0 && !e.futility {
				return errMarginWithout41
			}
			return nil
		}},
	labSwitch("Extended Futility", "Extended futility", "extended-futility", func(l *labSettings) *bool { return &l.extended },
		"Heinz's extended futility pruning: with two plies left, a move that cannot come within a rook of alpha is not searched (checks are)"),
	labSwitch("Deep Futility", "Deep futility", "deep-futility", func(l *labSettings) *bool { return &l.deep },
		"Muller's deep futility pruning: with two or three plies left, a move that cannot reach alpha even if the opponent's best piece falls next is not searched (checks are)"),
	labSwitch("Aggressive Futility", "Aggressive futility", "aggressive-futility", func(l *labSettings) *bool { return &l.aggressive },
		"aggressive futility pruning: the engine's own frontier nodes after a quiet move are given up when their evaluation is half a pawn short of alpha"),
	labSwitch("Goose Chase Pruning", "Goose chase pruning", "goose-pruning", func(l *labSettings) *bool { return &l.goose },
		"no goose chases in the quiescence search: a recapture by a more valuable piece of a protected piece is not searched"),
	labSwitch("Late Move Pruning", "Late move pruning", "late-move-pruning", func(l *labSettings) *bool { return &l.lateMove },
		"late move (move-count based) pruning: with two plies left or fewer, the quiet moves after the first 3+s*s of a node are not searched (checks are)"),
	labSwitch("General Deep Futility", "General deep futility", "general-deep-futility", func(l *labSettings) *bool { return &l.general },
		"Muller's general deep futility: with two or three plies left, when the node's evaluation is short of alpha by more than the opponent's two best pieces, only checks are searched"),
	labSwitch("Weak Deep Futility", "Weak deep futility", "weak-deep-futility", func(l *labSettings) *bool { return &l.weak },
		"general deep futility and its weak form: when the opponent has a queen and the two pieces after it cannot make up the gap, only checks (queen pins too) and captures of the queen are searched; where that does not hold, a move is futile if his best piece but the queen cannot make up its gap"),
	labSwitch("Overkill Pruning", "Overkill pruning", "overkill", func(l *labSettings) *bool { return &l.overkill },
		"Muller's over-kill: with two plies left or fewer, a move whose evaluation stays above beta even if the opponent takes the mover's best piece next fails high unsearched"),
	labSwitch("Goose Legal Protection", "Goose legal protection", "goose-legal", func(l *labSettings) *bool { return &l.gooseLegal },
		"no goose chases, a piece protected only by a legal recapture: a pinned piece, or a king facing a second attacker, does not protect"),
	labSwitch("Goose Refined", "Goose refined", "goose-refined", func(l *labSettings) *bool { return &l.gooseRefined },
		"goose chases pruned for good only: legally protected, and no second attacker or a protector worth less than the capturer less the victim"),
	{uci: "Goose Budget", cecp: "Goose budget", flag: "goose-budget", kind: spinOption, laboratory: true, lo: 0, hi: maxGooseBudget,
		usage: "the goose budget iterated: a quiescence search is searched with 0, 1, ... goose chases allowed in a branch, up to N passes, until none was pruned in its essential tree (0: off)",
		get:   func(e *Engine, _ *config) int { return e.lab().gooseBudget },
		set:   func(e *Engine, _ *config, v int) { lab := e.lab(); lab.gooseBudget = v; e.setLab(lab) }},
	labSwitch("Goose Horizon Only", "Goose horizon only", "goose-horizon", func(l *labSettings) *bool { return &l.gooseHorizon },
		"with -goose-budget: the budget iterated only in horizon nodes (calls asked for one ply), as the thread says; other calls search their one-ply iteration once, at budget 0"),
	labSwitch("Goose Equal Captures", "Goose equal captures", "goose-equal", func(l *labSettings) *bool { return &l.gooseEqual },
		"the goose rule 2 alone: no equal capture (N x B too) of a protected piece in the quiescence search"),
	labSwitch("Goose Try Equal", "Goose try equal", "goose-try-equal", func(l *labSettings) *bool { return &l.gooseTryEqual },
		"with -goose-budget: the thread's revision \"Do try equal captures\": the budget charges no equal capture, and -goose-refined prunes none"),
	{uci: "Null Move", cecp: "Null move", flag: "null-move", kind: spinOption, laboratory: true, lo: 0, hi: maxNullMove,
		usage: "a null move with reduction R, where micro-Max has none, with the super stand-pat; deep and general deep futility then prune up to s=3+R (0: off)",
		get:   func(e *Engine, _ *config) int { return e.lab().nullMove },
		set:   func(e *Engine, _ *config, v int) { lab := e.lab(); lab.nullMove = v; e.setLab(lab) }},
	labSwitch("Lab Shadow", "Lab shadow", "shadow", func(l *labSettings) *bool { return &l.shadow },
		"the shadow search: every move a rule prunes (micro-Max's futility too) is also searched, its score only counted; -stats (UCI: debug on) says per rule how many prunes were wrong (the move would have raised alpha) and how many changed their node's result"),
}

// labSwitch is the row of a laboratory switch, the field sw of labSettings.
func labSwitch(uci, cecp, flag string, sw func(l *labSettings) *bool, usage string) option {
	return option{uci: uci, cecp: cecp, flag: flag, usage: usage, kind: checkOption, laboratory: true, lo: 0, hi: 1,
		get: func(e *Engine, _ *config) int { lab := e.lab(); return b2i(*sw(&lab)) },
		set: func(e *Engine, _ *config, v int) { lab := e.lab(); *sw(&lab) = v != 0; e.setLab(lab) }}
}

// labOption reports whether o is the laboratory's: its switches and
// micro-Max 4.0's search. The protocols list such an option, and take it,
// only in the laboratory (config.lab: -lab, or a laboratory flag given);
// a player's GUI lists the others.
func (o *option) labOption() bool { return o.laboratory || o.labOnly }

// errLabOption refuses a laboratory option outside the laboratory.
var errLabOption = errors.New("an option of the futility laboratory: start umax with -lab to use it")

// maxValue is a spin's top for a session.
func (o *option) maxValue(e *Engine, c *config) int {
	if o.top != nil {
		return o.top(e, c)
	}
	return o.hi
}

// setText sets the option from a protocol's text (parse), or refuses the
// text and changes nothing.
func (o *option) setText(e *Engine, c *config, text, on, off string) error {
	v, err := o.parse(e, c, text, on, off)
	if err == nil {
		o.set(e, c, v)
	}
	return err
}

// parse reads a protocol's text for the option: a spin's whole number in
// range, a check's words for on and off (CECP's 1 and 0, UCI's true and
// false, in any case); a button takes anything.
func (o *option) parse(e *Engine, c *config, text, on, off string) (int, error) {
	switch o.kind {
	case spinOption:
		if v, ok := parseInt(strings.TrimSpace(text), o.lo, o.maxValue(e, c)); ok {
			if o.refuse != nil {
				return v, o.refuse(e, c, v)
			}
			return v, nil
		}
		return 0, fmt.Errorf("want a whole number from %d to %d", o.lo, o.maxValue(e, c))
	case checkOption:
		if !strings.EqualFold(text, on) && !strings.EqualFold(text, off) {
			return 0, fmt.Errorf("want %s or %s", on, off)
		}
		return b2i(strings.EqualFold(text, on)), nil
	}
	return 0, nil
}

// addOptionFlags defines the options' flags on fs. The function it returns
// applies the flags given to an engine and a config once fs is parsed, or
// says which one is out of range and changes nothing.
func addOptionFlags(fs *flag.FlagSet) func(e *Engine, c *config) error {
	for i := range options {
		switch o := &options[i]; {
		case o.flag == "":
		case o.kind == checkOption:
			fs.Bool(o.flag, o.def != 0, o.usage)
		default:
			top := o.maxValue(nil, &config{})
			fs.Int(o.flag, o.def, fmt.Sprintf("%s (%d to %d)", o.usage, o.lo, top))
		}
	}
	return func(e *Engine, c *config) (err error) {
		// The flags are read against an engine with -futility as given (the
		// frontier margin depends on it), and set in order (-futility first).
		preview := &Engine{futility: e.futility}
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "futility" {
				preview.futility = f.Value.String() == "true"
			}
		})
		for _, apply := range []bool{false, true} { // every flag read, then every flag set
			fs.Visit(func(f *flag.Flag) {
				for i := range options {
					if o := &options[i]; o.flag == f.Name && err == nil {
						target := preview
						if apply {
							target = e
						}
						v, perr := o.parse(target, c, f.Value.String(), "true", "false")
						if f.Value.String() == "0" && o.flagZero {
							v, perr = 0, nil
						}
						if err = perr; err != nil {
							err = fmt.Errorf("-%s: %v", o.flag, err)
						} else if apply {
							o.set(e, c, v)
						}
					}
				}
			})
		}
		return err
	}
}

// labFlags names the laboratory's switches that are on in e, as their
// flags with their values ("-extended-futility -futility-margin=50"), or
// says that none is.
func labFlags(e *Engine) string {
	var on []string
	for i := range options {
		o := &options[i]
		if v := 0; o.laboratory {
			if v = o.get(e, nil); v != o.def && o.kind == spinOption {
				on = append(on, fmt.Sprintf("-%s=%d", o.flag, v))
			} else if v != o.def {
				on = append(on, "-"+o.flag)
			}
		}
	}
	if len(on) == 0 {
		return "no laboratory switch"
	}
	return strings.Join(on, " ")
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
