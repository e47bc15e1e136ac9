#!/bin/sh
# scripts/strength-calibrate.sh [-d DIR] [-f FASTCHESS] [-t TC] [-r ROUNDS] [-c CONCURRENCY] PART...
#
# Calibrates the strength levels (strength.go, doc/strength.md) in
# fastchess, on the scale of Stockfish 15.1's UCI_Elo (Debian's
# /usr/games/stockfish, which its authors calibrated at 60s+0.6s and
# anchored to CCRL 40/4). PART is one or more of (default: calibrate fit):
#
#   calibrate  the matches of PLAN (below), each "PLAYER:OPPONENT:GAMES",
#           from testdata/strength/calibration.epd, each opening once with
#           each colour, CONCURRENCY games at a time (default: the cores),
#           into DIR/calibration. No game depends on the clock: our players
#           are levels by their knobs (-level), whose searches stop at
#           their node budgets, with fixed seeds (the player 1, the
#           opponent 2), and Stockfish, at a limited strength, plays at a
#           fixed depth (STOCKFISH_DEPTH, default 8: its move is chosen at
#           the depth its skill level gives, 2 at 1500, 4 at 1700, 6 at
#           1900, whatever the clock); the clock (CAL_TC, default 600+6) is
#           only there so that nobody loses on time, however loaded the
#           machine (a short CAL_TC, 2+0.02 say, plays the levels on a
#           clock that binds, and a time loss then fails the match). So the
#           matches run as many at a time as there are cores, and a rerun
#           plays the same games for our side (Stockfish draws its skill's
#           choice from the clock: its moves may differ);
#   verify  the levels as UCI_Elo selects them (VERIFY, "lvA:lvB:GAMES" or
#           "lvA:sfN:GAMES"), from testdata/strength/verification.epd
#           (other openings than the calibration's; VERIFY_EPD, a path
#           from the repository's root, for others), as calibrate plays
#           them, into DIR/verification; the fit does not use them;
#   estimate  ESTIMATE_GAMES games (default 4) of each match of PLAN and
#           VERIFY, one at a time, timed (the CPU seconds of fastchess and
#           its engines, which the machine's load hardly changes), and
#           the whole calibration's time on 2 and on 16 idle cores, into
#           DIR/estimate.txt;
#   status  each match: played, running or stopped after some games (their
#           result in NAME.partial, which the fit does not read), or not
#           played;
#   fit     go run scripts/strength-fit.go: one maximum-likelihood fit
#           over DIR/calibration (and DIR/*/ of full strength's anchors,
#           if any), the verification checked against it, the table of
#           points for strength.go (printed, and in DIR/fit.txt),
#           DIR/fit.json, the plot (doc/strength-scale.svg,
#           scripts/strength-plot.go) and the page's table of measured
#           levels (web/strength-measured.json);
#   anchor  the engine at full strength against Stockfish at each UCI_Elo
#           of ANCHORS (default "1500 1700 1900"), ROUNDS openings of
#           testdata/openings.epd at the time control TC (default 2+0.02),
#           one game at a time on an idle machine: full strength depends on
#           the clock, so its games do;
#   pilot   knob settings (-level BUDGET[,SPREAD]) against an opponent of
#           the PILOT list (below), as anchor plays them, CONCURRENCY at a
#           time.
#
# Each match's result goes in its directory as NAME.result, one line:
# "games W D L" from the first player's side, with NAME.summary
# (fastchess's result lines, the time, the CPU seconds, the machine's load
# before and after); a match whose result exists is not played again, so
# the calibration runs in parts and resumes where it stopped. NAME is
# PLAYER-vs-OPPONENT, each "full" (full strength), "sfN" (Stockfish at
# UCI_Elo N), "bB" or "bBsS" (-level B or B,S) or "lvN" (UCI_Elo N):
# strength-fit.go reads the players from the names. The PGNs, with every
# move's nodes, stay in pgn/, which git ignores. Before each match the
# script waits while .build/pause-matches exists. A match with an illegal
# move, a time loss, a disconnect or a stall of our engine fails the
# script, its result not written. NICE, if set, is fastchess's niceness
# (and its engines').
#
# The whole calibration, on an idle machine (doc/strength.md has the
# estimate's figures): the ladder and its fit, then, with the table it
# prints copied into strength.go, the verification of that table:
#
#   scripts/strength-calibrate.sh -d doc/strength-results/$(date -u +%F) calibrate fit
#   scripts/strength-calibrate.sh -d doc/strength-results/$(date -u +%F) verify fit
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
export PATH="$PATH:/usr/local/go/bin:/usr/games"

dir=doc/strength-results
fastchess=
tc=2+0.02
rounds=66
concurrency=$(nproc)
while getopts d:f:t:r:c: opt; do
	case $opt in
	d) dir=$OPTARG ;;
	f) fastchess=$(cd "$(dirname "$OPTARG")" && pwd)/$(basename "$OPTARG") ;;
	t) tc=$OPTARG ;;
	r) rounds=$OPTARG ;;
	c) concurrency=$OPTARG ;;
	*) echo "usage: $0 [-d DIR] [-f FASTCHESS] [-t TC] [-r ROUNDS] [-c CONCURRENCY] calibrate|verify|estimate|fit|anchor|pilot..." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- calibrate fit
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
stockfish=/usr/games/stockfish
calTC=${CAL_TC:-600+6}
sfDepth=${STOCKFISH_DEPTH:-8}
openings=$repo/testdata/openings.epd
seeds=

# The calibration's plan, "PLAYER:OPPONENT:GAMES": a ladder of the table's
# points, weakest first (the choosing levels at 300 nodes a move, spread
# 100 to 5; the budget levels 1,000 to 100,000 nodes), each against its
# neighbours one away and two away, so that every point plays two others
# at least, on both sides where it has them: the choosing levels, cheap
# and furthest from the anchors, 1200 and 600 games, the budget levels 400
# and 200; the strong budget levels against Stockfish 1500, 1700 and 1900,
# the anchors (below 1500 Stockfish plays alike at every setting), 400
# games each. Its time, measured (estimate): 17,000 CPU seconds, 142
# minutes on 2 idle cores, 18 on 16; with the verification 19,400, 161 and
# 20 (doc/strength.md). A budget of 300,000, a
# stand-in for full strength, would add 15,600 CPU seconds: full strength
# is placed by its own anchor matches (anchor) instead.
ladder="b300s100 b300s75 b300s50 b300s35 b300s25 b300s12 b300s8 b300s5 b1000 b3000 b10000 b30000 b100000"
planOf() {
	set -- $ladder
	while [ $# -gt 1 ]; do
		a=$1 && shift
		case $a in b300s*) near=1200 far=600 ;; *) near=400 far=200 ;; esac
		echo "$a:$1:$near"
		[ $# -gt 1 ] && eval "echo $a:\$2:$far"
	done
	echo "b10000:sf1500:400 b30000:sf1500:400 b30000:sf1700:400 b100000:sf1500:400 b100000:sf1700:400 b100000:sf1900:400"
}
PLAN=${PLAN:-$(planOf | tr '\n' ' ')}
# The verification: levels 300 apart (the weaker must score 15% ± 5; the
# weakest level is 589, so 600 against 900 stands for 500 against 800),
# and level 1500 against Stockfish (within ±50 of its number; the top,
# 1599, has no Stockfish of its number to meet).
VERIFY=${VERIFY:-"lv600:lv900:400 lv800:lv1100:400 lv1100:lv1400:400 lv1250:lv1550:400 lv1500:sf1500:400"}

# The pilot's matches, "PLAYER:OPPONENT" in the names' words: the budget
# levels against Stockfish, the choosing levels (at a budget of 300 a move)
# against budget levels placed before them.
PILOT=${PILOT:-"b1000:sf1350 b3000:sf1500 b10000:sf1500 b30000:sf1500 b100000:sf1700 b300s4:b1000 b300s12:b1000 b300s25:b300s4 b300s50:b300s12 b300s100:b300s25"}

engine=$dir/umax
built=
build() { # our engine, and fastchess unless -f gave one: before the first match
	if [ -z "$built" ]; then
		go build -o "$engine" .
		if [ -z "$fastchess" ]; then
			fastchess=$(scripts/fastchess.sh) # built once from ../shared/vendor/fastchess
		fi
		built=1
	fi
}

waitIdle() {
	while [ -e "$repo/.build/pause-matches" ]; do
		sleep 30
	done
}

# player NAME: fastchess's -engine words for a player of the names. Every
# engine's words give the time control (fastchess's -each tc= would reset a
# timemargin given before it). Stockfish may be up to a second late: on a
# loaded machine it overruns a 2-second clock now and then, and at a
# limited strength the time it overruns does not make it stronger (its move
# is chosen at a fixed depth). Our engine gets no such margin.
# With seeds (the calibration's and the verification's matches), our
# player gets seed $2 (-seed), and Stockfish plays at the fixed depth. One
# word a line (an option's name may hold a space).
player() {
	seed=
	[ -n "$seeds" ] && seed=" -seed=$2"
	case $1 in
	full) printf '%s\n' -engine cmd="$engine" name="$1" tc="$tc" ;;
	sf*)
		printf '%s\n' -engine cmd="$stockfish" name="$1" option.UCI_LimitStrength=true option.UCI_Elo="${1#sf}" tc="$tc" timemargin=1000
		[ -n "$seeds" ] && echo "depth=$sfDepth" ;;
	lv*)
		printf '%s\n' -engine cmd="$engine" name="$1" option.UCI_LimitStrength=true option.UCI_Elo="${1#lv}" tc="$tc"
		[ -n "$seeds" ] && echo "option.Strength Seed=$2" ;;
	b*s*) b=${1#b} && printf '%s\n' -engine cmd="$engine" name="$1" "args=-level=${b%s*},${b#*s}$seed" tc="$tc" ;;
	b*) printf '%s\n' -engine cmd="$engine" name="$1" "args=-level=${1#b}$seed" tc="$tc" ;;
	*) echo "unknown player $1" >&2; exit 2 ;;
	esac
}

# match PLAYER OPPONENT CONCURRENCY: the match PLAYER-vs-OPPONENT, 2 ROUNDS
# games from the openings, into out, unless its result exists.
match() {
	mname=$1-vs-$2
	mkdir -p "$out/pgn"
	if [ -e "$out/$mname.result" ]; then
		return 0
	fi
	build
	waitIdle
	echo "== $mname: $((2 * rounds)) games at tc=$tc, $3 at a time ($(date -u +%H:%M))"
	start=$(date +%s)
	load0=$(cut -d' ' -f1-3 /proc/loadavg)
	status=0
	# shellcheck disable=SC2046 # player's words, one a line
	(cd "$out" && IFS='
' && exec /usr/bin/time -f "%U %S" -o "$out/pgn/$mname.cpu" nice -n "${NICE:-0}" "$fastchess" $(player "$1" 1) $(player "$2" 2) \
		-each proto=uci option.Hash=16 option.Threads=1 \
		-rounds "$rounds" -games 2 -concurrency "$3" \
		-openings file="$openings" format=epd order=sequential \
		-pgnout file="$out/pgn/$mname.pgn" nodes=true nps=true -log file="$out/pgn/$mname.log" level=warn engine=true) \
		>"$out/pgn/$mname.out" 2>&1 </dev/null || status=$?
	played=$(grep -c '^Finished game' "$out/pgn/$mname.out" || true)
	# A game our engine lost by an illegal move, on time, by a disconnect or
	# a stall; fastchess's warnings about it.
	bad=$( (grep '^Finished game' "$out/pgn/$mname.out" | awk '
		/illegal move|loses on time|disconnects|stalls/ {
			split($0, p, /[()]/); split(p[2], e, / vs /)
			loser = index($0, "{White") ? e[1] : e[2]
			if (loser !~ /^sf/) print }'
		grep -E 'Engine (full|lv|b)[^ ]* (disconnects|stalls|loses on time)' "$out/pgn/$mname.log") || true)
	if [ "$status" != 0 ] || [ -n "$bad" ] || [ "$played" != $((2 * rounds)) ]; then
		echo "FAILED: $mname: fastchess exit status $status, $played of $((2 * rounds)) games"
		[ -n "$bad" ] && echo "$bad" | head -10
		exit 1
	fi
	grep '^Finished game' "$out/pgn/$mname.out" | awk -v p="$1" '
		{ first = index($0, "(" p " vs ") > 0
		  if ($0 ~ / 1\/2-1\/2 /) d++
		  else if (($0 ~ / 1-0 /) == first) w++
		  else l++ }
		END { printf "%d %d %d %d\n", w + d + l, w, d, l }' >"$out/$mname.result.new"
	grep -E '^(Results of|Elo:|LOS:|Games:|Ptnml|Points:|WL/DD)' "$out/pgn/$mname.out" | tail -6 >"$out/$mname.summary" || true
	grep -E -i 'loses on time|illegal' "$out/pgn/$mname.out" | sed 's/^/   /' >>"$out/$mname.summary" || true
	cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$out/pgn/$mname.cpu")
	echo "tc=$tc, $3 at a time, $(($(date +%s) - start)) s, $cpu CPU seconds, $(date -u +%Y-%m-%d), $(uname -m), $(nproc) cores, load average $load0 before, $(cut -d' ' -f1-3 /proc/loadavg) after, nice ${NICE:-0}" >>"$out/$mname.summary"
	mv "$out/$mname.result.new" "$out/$mname.result"
	rm -f "$out/$mname.partial"
	echo "   $(cat "$out/$mname.result") (games won drawn lost)"
}

# games PLAYER:OPPONENT:GAMES: the matches of a list, into out.
games() {
	for m in "$@"; do
		a=${m%%:*} && rest=${m#*:} && b=${rest%%:*} && n=${rest#*:}
		rounds=$(((n + 1) / 2))
		match "$a" "$b" "$concurrency"
	done
}

for part in "$@"; do
	case $part in
	calibrate)
		out=$dir/calibration tc=$calTC seeds=1 openings=$repo/testdata/strength/calibration.epd
		# shellcheck disable=SC2086 # the plan's words
		games $PLAN ;;
	verify)
		out=$dir/verification tc=$calTC seeds=1 openings=$repo/${VERIFY_EPD:-testdata/strength/verification.epd}
		# shellcheck disable=SC2086
		games $VERIFY ;;
	estimate)
		out=$dir/estimate tc=$calTC seeds=1 openings=$repo/testdata/strength/calibration.epd concurrency=1
		n=${ESTIMATE_GAMES:-4}
		: >"$dir/estimate.txt"
		for m in $PLAN $VERIFY; do
			a=${m%%:*} && rest=${m#*:} && b=${rest%%:*} && g=${rest#*:}
			rounds=$((n / 2))
			match "$a" "$b" 1
			awk -v m="$a-vs-$b" -v g="$g" -v n="$n" '{ c = ($1 + $2) / n; printf "%s %d %.2f %.0f\n", m, g, c, c * g }' "$out/pgn/$a-vs-$b.cpu" >>"$dir/estimate.txt"
		done
		awk '{ t += $4; printf "%-24s %5d games, %6.2f CPU s a game, %7.0f CPU s\n", $1, $2, $3, $4 }
			END { printf "all: %.0f CPU seconds: %.0f minutes on 2 idle cores, %.0f on 16\n", t, t / 2 / 60, t / 16 / 60 }' "$dir/estimate.txt" | tee "$dir/estimate.summary" ;;
	status)
		# Each match of the plan and the verification: played, or how many
		# of its games a run (running, or stopped in it) finished
		# (NAME.partial, which the fit does not read: a rerun plays the
		# match whole).
		for pair in "calibration:$PLAN" "verification:$VERIFY"; do
			out=$dir/${pair%%:*}
			for m in ${pair#*:}; do
				a=${m%%:*} && rest=${m#*:} && b=${rest%%:*} && n=${rest#*:}
				if [ -e "$out/$a-vs-$b.result" ]; then
					echo "$a-vs-$b: played, $(cat "$out/$a-vs-$b.result") (games won drawn lost)"
				elif [ -e "$out/pgn/$a-vs-$b.out" ]; then
					grep '^Finished game' "$out/pgn/$a-vs-$b.out" | awk -v p="$a" '
						{ first = index($0, "(" p " vs ") > 0
						  if ($0 ~ / 1\/2-1\/2 /) d++
						  else if (($0 ~ / 1-0 /) == first) w++
						  else l++ }
						END { printf "%d %d %d %d\n", w + d + l, w, d, l }' >"$out/$a-vs-$b.partial"
					echo "$a-vs-$b: running or stopped, $(cut -d' ' -f1 "$out/$a-vs-$b.partial") of $n games finished: $(cat "$out/$a-vs-$b.partial") (games won drawn lost)"
				else
					echo "$a-vs-$b: not played, $n games"
				fi
			done
		done ;;
	fit)
		fit=$dir/fit.json
		go run scripts/strength-fit.go -json "$fit" -check "$dir/verification" "$dir/calibration" $(ls -d "$dir"/*+* 2>/dev/null) >"$dir/fit.txt"
		cat "$dir/fit.txt"
		go run scripts/strength-plot.go "$fit" >doc/strength-scale.svg
		go run scripts/strength-plot.go -page "$fit" >web/strength-measured.json ;;
	anchor)
		out=$dir/$tc
		for a in ${ANCHORS:-1500 1700 1900}; do
			match full "sf$a" 1
		done ;;
	pilot)
		out=$dir/$tc
		for p in $PILOT; do
			match "${p%%:*}" "${p#*:}" "$concurrency"
		done ;;
	*) echo "unknown part $part: calibrate, verify, estimate, status, fit, anchor or pilot" >&2; exit 2 ;;
	esac
done
