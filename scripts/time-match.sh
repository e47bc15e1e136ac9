#!/bin/sh
# scripts/time-match.sh OLD_REV [-t TC] [-r ROUNDS] [-s START] [-c CONCURRENCY] -d DIR
#
# The engine of the working tree ("new") against the engine of git revision
# OLD_REV ("old") in fastchess on a clock (default tc=10+0.1), both at their
# UCI defaults: how a change to the time it spends plays. ROUNDS openings
# (default 50) of testdata/lab-openings.epd, in order from the START-th
# (default 1), each played with both colours; CONCURRENCY games at a time
# (default 2: on a clock, no more than the cores, and nothing else running).
# A run of many games is played in parts, each from where the last ended
# (-s 1, -s 51, ...), and the parts' summaries taken together with
# scripts/pentanomial.go.
#
# DIR keeps the two engines, the PGN, fastchess's output (new-vs-old.out),
# a summary (new-vs-old.summary: its result lines and this command, with
# new-vs-old.table naming the match for scripts/pentanomial.go) and
# scripts/pgn-clock-check.go's report (clock.txt). It fails on any illegal
# move, time loss, disconnect, stall or fastchess warning (-strict).
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
export PATH="$PATH:/usr/local/go/bin"
usage="usage: scripts/time-match.sh OLD_REV [-t TC] [-r ROUNDS] [-s START] [-c CONCURRENCY] -d DIR"
[ $# -ge 1 ] && git rev-parse --verify -q "$1^{commit}" >/dev/null || { echo "$usage" >&2; exit 2; }
old=$1
shift
tc=10+0.1 rounds=50 start=1 concurrency=2 dir=
while getopts t:r:s:c:d: opt; do
	case $opt in
	t) tc=$OPTARG ;;
	r) rounds=$OPTARG ;;
	s) start=$OPTARG ;;
	c) concurrency=$OPTARG ;;
	d) dir=$OPTARG ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$dir" ] && [ $# = 0 ] || { echo "$usage" >&2; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
fastchess=$(scripts/fastchess.sh) # built once from ../shared/vendor/fastchess
go build -o "$dir/new" .
new="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- '*.go' ':!scripts' || echo ' with changes')" # the engine built
scripts/build-rev.sh "$old" "$dir/old"
status=0
(cd "$dir" && "$fastchess" -engine cmd="$dir/new" name=new -engine cmd="$dir/old" name=old \
	-each proto=uci tc="$tc" -rounds "$rounds" -games 2 -concurrency "$concurrency" \
	-openings file="$repo/testdata/lab-openings.epd" format=epd order=sequential start="$start" \
	-pgnout file="$dir/new-vs-old.pgn" -strict) >"$dir/new-vs-old.out" 2>&1 || status=$?
{
	grep -E '^(Elo:|LOS:|Games:|Ptnml)' "$dir/new-vs-old.out" | tail -4
	echo
	echo "scripts/time-match.sh $(git rev-parse --short "$old") -t $tc -r $rounds -s $start -c $concurrency -d DIR;" \
		"new: $new, $(date -u '+%Y-%m-%d %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$dir/new-vs-old.summary"
echo "| new against $(git rev-parse --short "$old") at $tc |" >"$dir/new-vs-old.table" # scripts/pentanomial.go's name of the match
go run scripts/pgn-clock-check.go -tc "$tc" "$dir/new-vs-old.pgn" >"$dir/clock.txt"
cat "$dir/new-vs-old.summary" "$dir/clock.txt"
bad=$(grep -E -i 'illegal move|loses on time|timeouts: [1-9]|disconnect|stall|warning' "$dir/new-vs-old.out" || true)
played=$(grep -c '^Finished game' "$dir/new-vs-old.out" || true)
if [ "$status" != 0 ] || [ -n "$bad" ] || [ "$played" != $((2 * rounds)) ]; then
	echo "FAILED: fastchess exit status $status, $played games of $((2 * rounds))"
	echo "$bad" | head -10
	exit 1
fi
