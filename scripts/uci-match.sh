#!/bin/sh
# scripts/uci-match.sh [-g GAMES] [-d DIR] [-s FASTCHESS_SOURCE] [-f FASTCHESS] [-w]
#
# Our engine in fastchess, the UCI match runner engine authors test with,
# in three series of matches, each at five time controls:
#   - against Stockfish (Debian's) at Skill Level 0,
#   - against itself with futility pruning off (micro-Max 4.0),
#   - at its weakest strength level against its strongest one
#     (UCI_LimitStrength and UCI_Elo, strength.go), each with its seed,
# at sudden death (tc=4), with an increment (tc=2+0.05), with moves to go
# (tc=10/1.5), at a fixed time per move (st=0.1) and at a node count
# (nodes=20000: go nodes 20000, micro-Max's root budget), GAMES games each
# (default 2, one with each colour), from the openings of
# testdata/openings.epd. With -w, a fourth: the Windows build (umax.exe of
# the release archive) under Wine against the native build at one time
# control (tc=2+0.05), as a Windows GUI would run it (scripts/wine-test.sh
# -setup makes the Wine prefix and the archive; cmd=wine args=umax.exe).
#
# First fastchess --compliance checks the dialogue (with -w, umax.exe's too). It fails on any illegal move, time loss, disconnect or stall, and on any
# warning fastchess prints about our engine. The self-play and level matches run with
# fastchess's -strict, which stops at the first warning (so do the Windows
# build's); the matches against
# Stockfish cannot (Stockfish at a Skill Level plays moves that are not the
# first move of its PV, which fastchess warns about), so there the output and
# the log are scanned for warnings that name our engine. Our engine plays
# with fastchess's default time margin, 0 ms: a move 1 ms late loses.
# Stockfish gets 100 ms (at st=0.1 it uses the whole 100 ms and is a
# millisecond or two late now and then; OpenBench gives 250).
#
# fastchess is built from its source (FASTCHESS_SOURCE, default
# ../shared/vendor/fastchess) in .build/fastchess, which git ignores, unless
# -f gives a fastchess binary. It needs Stockfish, g++ and make (Debian's
# packages; it says which is missing). DIR (default: a temporary folder) keeps
# the PGN files, fastchess's output and its logs with the engines' traffic.
# It prints every match's result lines and a summary of games per series and
# time control.
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
export PATH="$PATH:/usr/local/go/bin:/usr/games"

games=2
dir=
source=../shared/vendor/fastchess
fastchess=
windows=
while getopts g:d:s:f:w opt; do
	case $opt in
	g) games=$OPTARG ;;
	d) dir=$OPTARG ;;
	s) source=$OPTARG ;;
	f) fastchess=$OPTARG ;;
	w) windows=windows ;;
	*) echo "usage: $0 [-g GAMES] [-d DIR] [-s FASTCHESS_SOURCE] [-f FASTCHESS] [-w]" >&2; exit 2 ;;
	esac
done
if [ "$games" -lt 2 ] || [ $((games % 2)) -ne 0 ]; then
	echo "GAMES must be even and at least 2" >&2
	exit 2
fi
if [ -z "$dir" ]; then
	dir=$(mktemp -d)
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

need() { # package file
	if [ ! -e "$2" ] && ! command -v "$2" >/dev/null 2>&1; then
		echo "missing $2: install the Debian package $1 (apt-get install $1)" >&2
		exit 1
	fi
}
need stockfish /usr/games/stockfish

# fastchess: built once per source version.
if [ -z "$fastchess" ]; then
	fastchess=$(scripts/fastchess.sh "$source")
fi

go build -o "$dir/umax" .
engine=$dir/umax
if [ -n "$windows" ]; then
	# The Wine environment (WINEPREFIX...) and windows_engine, umax.exe.
	wine_setup=$(scripts/wine-test.sh -setup)
	eval "$wine_setup"
fi

# fastchess's own check of the UCI dialogue (uci, isready, position, go with
# each clock, ucinewgame), of the native build and (-w) of umax.exe under
# Wine: compliance OUTPUT ENGINE [ARGS].
compliance() {
	out=$1
	shift
	"$fastchess" --compliance "$@" >"$out" 2>&1 || true
	if ! grep -q 'Engine passed all compliance checks' "$out"; then
		cat "$out"
		echo "FAILED: fastchess --compliance $*"
		exit 1
	fi
	echo "fastchess --compliance $*: $(tail -1 "$out")"
}
compliance "$dir/compliance.out" "$engine"
if [ -n "$windows" ]; then
	compliance "$dir/compliance-windows.out" wine "$windows_engine"
fi

# The time controls.
tcs="sudden-death:tc=4 increment:tc=2+0.05 movestogo:tc=10/1.5 movetime:st=0.1 nodes:tc=inf:nodes=20000"

failed=0
summary=
weakest=$(sed -n 's/^[[:space:]]*{elo: \([0-9]*\),.*/\1/p' strength.go | head -1)
strongest=$(sed -n 's/^[[:space:]]*{elo: \([0-9]*\),.*/\1/p' strength.go | tail -1)
for series in stockfish self level $windows; do
	series_tcs=$tcs
	[ $series = windows ] && series_tcs=increment:tc=2+0.05
	for entry in $series_tcs; do
		name=${entry%%:*}
		limit=$(echo "${entry#*:}" | tr : ' ')
		match=$series-$name
		rm -f "$dir/$match.pgn" "$dir/$match.log"
		each=$limit
		if [ $series = stockfish ]; then
			# Each engine gets the limit itself: fastchess's -each tc= would
			# reset Stockfish's timemargin to 0.
			each=
			# shellcheck disable=SC2086 # $limit is words
			set -- -engine cmd="$engine" name=umax option.Hash=16 $limit \
				-engine cmd=/usr/games/stockfish name=stockfish-skill0 "option.Skill Level=0" \
				option.Threads=1 option.Hash=16 "option.Move Overhead=100" $limit timemargin=100
		elif [ $series = windows ]; then
			set -- -engine cmd=wine args="$windows_engine" name=umax-windows option.Hash=16 \
				-engine cmd="$engine" name=umax option.Hash=16 \
				-strict
		elif [ $series = self ]; then
			set -- -engine cmd="$engine" name=umax option.Hash=16 \
				-engine cmd="$engine" args=-lab name=umax-futility-off option.Hash=16 "option.Futility Pruning=false" \
				-strict
		else
			set -- -engine cmd="$engine" name="umax-elo-$weakest" option.Hash=16 option.UCI_LimitStrength=true \
				option.UCI_Elo="$weakest" "option.Strength Seed=1" \
				-engine cmd="$engine" name="umax-elo-$strongest" option.Hash=16 option.UCI_LimitStrength=true \
				option.UCI_Elo="$strongest" "option.Strength Seed=2" \
				-strict
		fi
		# shellcheck disable=SC2086 # $each is words
		set -- "$@" -each proto=uci $each -rounds $((games / 2)) -games 2 \
			-openings file="$repo/testdata/openings.epd" format=epd order=random -srand 7 \
			-pgnout file="$dir/$match.pgn" -log file="$dir/$match.log" level=warn engine=true
		echo "== $match: $limit, $games games"
		start=$(date +%s)
		status=0
		(cd "$dir" && "$fastchess" "$@") >"$dir/$match.out" 2>&1 || status=$?
		took=$(($(date +%s) - start))
		# fastchess's result lines.
		grep -E '^(Results of|Elo:|LOS:|Games:|Ptnml|Points:|Draw|WL/DD|Finished game)' "$dir/$match.out" | sed 's/^/   /' || true
		played=$(grep -c '^Finished game' "$dir/$match.out" || true)
		bad=$(grep -E -i 'illegal move|loses on time|disconnect|stall|Warning.*umax|umax.*Warning|interrupted' \
			"$dir/$match.out" "$dir/$match.log" | grep -v 'Tournament was interrupted. To resume' || true)
		if [ "$status" != 0 ] || [ -n "$bad" ] || [ "$played" != "$games" ]; then
			failed=1
			echo "FAILED: fastchess exit status $status, $played of $games games"
			[ -n "$bad" ] && echo "$bad" | head -20
			grep -E -A4 '^Warning' "$dir/$match.out" | head -30 || true
		fi
		summary="$summary
$(printf '%-10s %-14s %-22s %3s games %4s s' "$series" "$name" "$limit" "$played" "$took")"
	done
done
echo
echo "games per series and time control (files in $dir):$summary"
if [ $failed != 0 ]; then
	echo "FAILED"
	exit 1
fi
echo "no illegal move, time loss, disconnect, stall or warning about our engine"
