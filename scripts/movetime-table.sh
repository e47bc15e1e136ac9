#!/bin/sh
# scripts/movetime-table.sh [-n RUNS] [BEFORE_REV]
#
# How much of "go movetime N" the engine uses, before and after: builds
# BEFORE_REV (default main, scripts/build-rev.sh) and the working tree, and
# prints a Markdown table of the wall-clock time from "go movetime N" to
# the bestmove, for N of 100, 300, 1000 and 3000 ms, in two positions
# (Black after 1.e4 / White in the Italian game after 3...Nf6), the median
# of RUNS runs (default 3), each after ucinewgame (scripts/movetime-table.go).
# The load average is printed before and after: run it on an idle machine.
set -eu
runs=3
while getopts n: opt; do
	case $opt in
	n) runs=$OPTARG ;;
	*) echo "usage: $0 [-n RUNS] [BEFORE_REV]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
before=${1:-main}
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts/build-rev.sh "$before" "$tmp/before"
go build -o "$tmp/after" .
echo "before: $before ($(git rev-parse --short "$before")), after: the working tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ', changed'))"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
echo
go run scripts/movetime-table.go -n "$runs" before="$tmp/before" after="$tmp/after"
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
