#!/bin/sh
# scripts/strength-calibrate.sh [-d DIR] [-f FASTCHESS] [-t TC] [-r ROUNDS] [-c CONCURRENCY] PART...
#
# Calibrates the strength levels (strength.go, doc/strength.md) in
# fastchess, on the scale of Stockfish 15.1's UCI_Elo (Debian's
# /usr/games/stockfish, which its authors calibrated at 60s+0.6s and
# anchored to CCRL 40/4). Every match is played from the openings of
# testdata/openings.epd in order, each once with each colour (ROUNDS
# openings, default 66: 132 games), at the time control TC (default
# 2+0.02) for both engines. PART is one or more of:
#
#   anchor  the engine at full strength against Stockfish at each UCI_Elo
#           of ANCHORS (default "1500 1700 1900"), one game at a time: its
#           rating at TC, from several points of Stockfish's scale;
#   pilot   knob settings (-level BUDGET[,SPREAD]) against an opponent of
#           the PILOT list (below): Stockfish, or a setting already
#           placed; CONCURRENCY games at a time (default 1; a level's
#           moves do not depend on the machine's speed, Stockfish's at a
#           limited strength neither);
#   verify  the levels as UCI_Elo selects them, each of VERIFY against an
#           opponent (below), CONCURRENCY games at a time;
#   fit     go run scripts/strength-fit.go: every match's rating with its
#           95% interval, the fits, the table of points for strength.go,
#           and doc/strength.md's tables.
#
# Each match's result goes in DIR/TC (DIR default doc/strength-results) as
# NAME.result, one line: "games W D L", with NAME.summary (fastchess's
# result lines, the time, the machine's load before and after); a match
# whose result exists is not played again, so the calibration runs in parts
# and resumes where it stopped. NAME is PLAYER-vs-OPPONENT, each "full"
# (full strength), "sfN" (Stockfish at UCI_Elo N), "bB" or "bBsS" (-level
# B or B,S) or "lvN" (UCI_Elo N): strength-fit.go reads the players from
# the names. The PGNs, with every move's nodes, stay in DIR/TC/pgn, which
# git ignores. Before each match the script waits while
# .build/pause-matches exists. A match with an illegal move, a time loss,
# a disconnect or a stall of our engine fails the script, its result not
# written. NICE, if set, is fastchess's niceness (and its engines').
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
export PATH="$PATH:/usr/local/go/bin:/usr/games"

dir=doc/strength-results
fastchess=
tc=2+0.02
rounds=66
concurrency=1
while getopts d:f:t:r:c: opt; do
	case $opt in
	d) dir=$OPTARG ;;
	f) fastchess=$OPTARG ;;
	t) tc=$OPTARG ;;
	r) rounds=$OPTARG ;;
	c) concurrency=$OPTARG ;;
	*) echo "usage: $0 [-d DIR] [-f FASTCHESS] [-t TC] [-r ROUNDS] [-c CONCURRENCY] anchor|pilot|verify|fit..." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- anchor pilot verify fit
out=$dir/$tc
mkdir -p "$out/pgn"
out=$(cd "$out" && pwd)
stockfish=/usr/games/stockfish

# The pilot's matches, "PLAYER:OPPONENT" in the names' words: the budget
# levels against Stockfish, the choosing levels (at a budget of 300 a move)
# against budget levels placed before them.
PILOT=${PILOT:-"b1000:sf1350 b3000:sf1500 b10000:sf1500 b30000:sf1500 b100000:sf1700 b300s4:b1000 b300s12:b1000 b300s25:b300s4 b300s50:b300s12 b300s100:b300s25"}
# The verification's matches, "LEVEL:OPPONENT": the levels against
# Stockfish where it reaches, below against pilot settings already placed.
VERIFY=${VERIFY:-"lv1500:sf1500 lv1300:sf1350 lv1100:b1000 lv900:b300s12 lv700:b300s25"}

engine=$out/umax
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
player() {
	case $1 in
	full) echo -engine cmd="$engine" name="$1" tc="$tc" ;;
	sf*) echo -engine cmd="$stockfish" name="$1" option.UCI_LimitStrength=true option.UCI_Elo="${1#sf}" tc="$tc" timemargin=1000 ;;
	lv*) echo -engine cmd="$engine" name="$1" option.UCI_LimitStrength=true option.UCI_Elo="${1#lv}" tc="$tc" ;;
	b*s*) b=${1#b} && echo -engine cmd="$engine" name="$1" args=-level=${b%s*},${b#*s} tc="$tc" ;;
	b*) echo -engine cmd="$engine" name="$1" args=-level=${1#b} tc="$tc" ;;
	*) echo "unknown player $1" >&2; exit 2 ;;
	esac
}

# match PLAYER OPPONENT CONCURRENCY: the match PLAYER-vs-OPPONENT, unless its
# result exists.
match() {
	mname=$1-vs-$2
	if [ -e "$out/$mname.result" ]; then
		return 0
	fi
	build
	waitIdle
	echo "== $mname: $((2 * rounds)) games at tc=$tc, $3 at a time ($(date -u +%H:%M))"
	start=$(date +%s)
	load0=$(cut -d' ' -f1-3 /proc/loadavg)
	status=0
	# shellcheck disable=SC2046 # player's words
	(cd "$out" && nice -n "${NICE:-0}" "$fastchess" $(player "$1") $(player "$2") \
		-each proto=uci option.Hash=16 option.Threads=1 \
		-rounds "$rounds" -games 2 -concurrency "$3" \
		-openings file="$repo/testdata/openings.epd" format=epd order=sequential \
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
	echo "tc=$tc, $3 at a time, $(($(date +%s) - start)) s, $(date -u +%Y-%m-%d), $(uname -m), $(nproc) cores, load average $load0 before, $(cut -d' ' -f1-3 /proc/loadavg) after, nice ${NICE:-0}" >>"$out/$mname.summary"
	mv "$out/$mname.result.new" "$out/$mname.result"
	echo "   $(cat "$out/$mname.result") (games won drawn lost)"
}

for part in "$@"; do
	case $part in
	anchor)
		for a in ${ANCHORS:-1500 1700 1900}; do
			match full "sf$a" 1
		done ;;
	pilot)
		for p in $PILOT; do
			match "${p%%:*}" "${p#*:}" "$concurrency"
		done ;;
	verify)
		for v in $VERIFY; do
			match "${v%%:*}" "${v#*:}" "$concurrency"
		done ;;
	fit) go run scripts/strength-fit.go "$dir" ;;
	*) echo "unknown part $part: anchor, pilot, verify or fit" >&2; exit 2 ;;
	esac
done
