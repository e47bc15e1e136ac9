#!/bin/sh
# scripts/lab-match.sh [-n NODES | -t TC] [-r ROUNDS] [-c CONCURRENCY] [-o OPENINGS] [-s SVG] [-d DIR] [-f FASTCHESS] [NAME...]
#
# The futility laboratory's strength table: every setting of
# scripts/lab-configs.sh (or the ones named) against plain micro-Max 4.1 in
# fastchess, on a node clock (tc=inf nodes=NODES, default 100000: each move
# is "go nodes NODES", micro-Max's root budget), so that the games are the
# same on any machine, however loaded. The setting is switched on through
# its UCI option (the engines run as umax -lab, which takes the laboratory's
# options; a player's umax refuses them). Each match plays the first ROUNDS (default: all) of
# the openings of OPENINGS (an EPD file, default testdata/openings.epd, 66
# positions) in order, each once with each colour; as both engines are
# deterministic (ucinewgame clears the table), playing an opening again
# would repeat its games. CONCURRENCY games at a time (default 2).
# With -t TC (fastchess's time control, 2+0.02: two seconds a game and 0.02
# a move) the games are on a clock instead, as in a real game: no longer
# the same on every machine, and slower in proportion to the machine's
# load (run them alone, as many at a time as there are cores). fastchess
# then also keeps the engines' lines in DIR/NAME.log (as uci-match.sh
# does): a game lost on time ends the match (-strict) and is not in the
# PGN.
# testdata/lab-openings.epd holds 1273 balanced openings (lab_openings_test.go),
# enough for the ~1,500 games a rule that a 95% interval of about +-20 Elo
# needs, at 20,000 nodes a move on 16 cores:
#
#   scripts/lab-match.sh -n 20000 -o testdata/lab-openings.epd -r 750 -c 16 -s doc/lab-elo.svg
#
# With -s the Elo chart (scripts/lab-plot.go elo) is written to SVG.
#
# It prints fastchess's result lines for every match, then a Markdown table:
# the setting's wins, draws and losses against 4.1, its score with a 95%
# interval (trinomial: the games' variance around the mean), the Elo
# difference that implies with its interval, and fastchess's own Elo with
# its 95% interval (pentanomial: game pairs). It fails on an illegal move,
# a disconnect, a stall or a fastchess warning (fastchess's -strict).
#
# fastchess is built once from ../shared/vendor/fastchess into
# .build/fastchess (as scripts/uci-match.sh does), unless -f gives a binary.
# DIR (default: a temporary folder) keeps the PGN files and the outputs.
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
export PATH="$PATH:/usr/local/go/bin"
. scripts/lab-configs.sh

nodes=100000
tc=
rounds=
concurrency=2
openings=testdata/openings.epd
svg=
dir=
fastchess=
while getopts n:t:r:c:o:s:d:f: opt; do
	case $opt in
	n) nodes=$OPTARG ;;
	t) tc=$OPTARG ;;
	r) rounds=$OPTARG ;;
	c) concurrency=$OPTARG ;;
	o) openings=$OPTARG ;;
	s) svg=$OPTARG ;;
	d) dir=$OPTARG ;;
	f) fastchess=$OPTARG ;;
	*) echo "usage: $0 [-n NODES | -t TC] [-r ROUNDS] [-c CONCURRENCY] [-o OPENINGS] [-s SVG] [-d DIR] [-f FASTCHESS] [NAME...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
openings=$(cd "$(dirname "$openings")" && pwd)/$(basename "$openings")
total=$(grep -c . "$openings")
rounds=${rounds:-$total}
if [ "$rounds" -gt "$total" ]; then
	echo "$openings has $total openings, fewer than the $rounds rounds asked for: games would repeat" >&2
	exit 2
fi
if [ -z "$dir" ]; then
	dir=$(mktemp -d)
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

if [ -z "$fastchess" ]; then
	fastchess=$(scripts/fastchess.sh) # built once from ../shared/vendor/fastchess
fi
lab_engine "$dir/umax" # UMAX_BIN: a binary built before
clock="tc=inf nodes=$nodes" # every move "go nodes NODES"
budget="$nodes nodes a move"
if [ -n "$tc" ]; then
	clock="tc=$tc"
	budget="$tc (seconds a game + a move)"
fi
want="|" # the settings named on the command line, between bars
for n in "$@"; do want="$want$n|"; done

: >"$dir/table"
failed=0
echo "$LAB_CONFIGS" | while IFS='|' read -r name flags options; do
	[ "$name" = 4.1 ] && continue
	case $want in "|" | *"|$name|"*) ;; *) continue ;; esac
	match=$(echo "$name" | tr -c 'A-Za-z0-9.+\n-' '-')
	set -- -engine cmd="$dir/umax" args=-lab name="$name" option.Hash=16 # -lab: the laboratory takes its options
	rest=$options
	while [ -n "$rest" ]; do
		set -- "$@" "option.${rest%%;*}"
		case $rest in *";"*) rest=${rest#*;} ;; *) rest= ;; esac
	done
	set -- "$@" -engine cmd="$dir/umax" args=-lab name=4.1 option.Hash=16 \
		-each proto=uci $clock -rounds "$rounds" -games 2 -concurrency "$concurrency" \
		-openings file="$openings" format=epd order=sequential \
		-pgnout file="$dir/$match.pgn" -strict
	if [ -n "$tc" ]; then
		set -- "$@" -log file="$dir/$match.log" level=warn engine=true
	fi
	echo "== $name against 4.1: $rounds openings, each colour, $budget"
	start=$(date +%s)
	status=0
	(cd "$dir" && "$fastchess" "$@") >"$dir/$match.out" 2>&1 || status=$?
	grep -E '^(Results of|Elo:|LOS:|Games:|Ptnml)' "$dir/$match.out" | tail -5 | sed 's/^/   /'
	played=$(grep -c '^Finished game' "$dir/$match.out" || true)
	echo "   $played games in $(($(date +%s) - start)) s"
	bad=$(grep -E -i 'illegal move|loses on time|timeouts: [1-9]|disconnect|stall|warning' "$dir/$match.out" || true)
	if [ "$status" != 0 ] || [ -n "$bad" ] || [ "$played" != $((2 * rounds)) ]; then
		echo "FAILED: fastchess exit status $status, $played games"
		echo "$bad" | head -10
		echo failed >"$dir/failed"
	fi
	# wins, losses, draws of the setting (the first engine), from fastchess's games
	grep '^Finished game' "$dir/$match.out" | awk -v name="$name" -v fc="$(grep -E '^Elo:' "$dir/$match.out" | tail -1)" '
		{ if (index($0, "(" name " vs 4.1)")) first = 1; else first = 0
		  r = $NF; sub(/.*: /, "", r)
		  if ($0 ~ / 1\/2-1\/2 /) d++
		  else if (($0 ~ / 1-0 /) == first) w++
		  else l++ }
		function elo(s,  x) { if (s <= 0) return "-inf"; if (s >= 1) return "+inf"; x = -400 * log(1 / s - 1) / log(10); return sprintf("%+.0f", x == 0 ? 0 : x) }
		END {
			n = w + l + d; s = (w + d / 2) / n
			var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
			se = sqrt(var / n); lo = s - 1.96 * se; hi = s + 1.96 * se
			split(fc, f, /[ ,]+/)
			printf "| %s | %d | %d | %d | %d | %.1f%% (%.1f%% to %.1f%%) | %s (%s to %s) | %s ± %s |\n",
				name, n, w, d, l, 100 * s, 100 * lo, 100 * hi, elo(s), elo(lo), elo(hi), f[2], f[4]
		}' >>"$dir/table"
done
echo
echo "| setting | games | won | drawn | lost | score against 4.1 (95% interval) | Elo (95% interval) | fastchess: Elo ± 95% |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
cat "$dir/table"
echo
echo "($budget, $rounds openings of $openings, each colour; files in $dir)"
if [ -n "$svg" ]; then
	go run scripts/lab-plot.go elo ${tc:+"at $tc"} <"$dir/table" >"$svg"
fi
if [ -e "$dir/failed" ]; then
	echo FAILED
	exit 1
fi
