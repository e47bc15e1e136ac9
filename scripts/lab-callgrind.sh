#!/bin/sh
# scripts/lab-callgrind.sh [NODES]
#
# The futility laboratory's cost in instructions, counted by valgrind's
# callgrind (load-independent, unlike a clock): `umax -bench -nodes NODES`
# (default 100000) for every setting of scripts/lab-configs.sh, and for a
# build of the committed tree without the search's hook (the six
# `if e.hook != nil { ... }` of search.go deleted): the cost of the
# all-off path, the hook's test, against micro-Max without it. It prints a
# Markdown table: the instructions, the nodes, the instructions per node and
# the ratio to 4.1's. Needs valgrind and perl.
set -eu
nodes=${1:-100000}
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
. scripts/lab-configs.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lab_engine "$tmp/umax" # UMAX_BIN: a binary built before
mkdir "$tmp/nohook"
git archive HEAD | tar -x -C "$tmp/nohook"
# each test with its block, braces inside it too (the per-move one builds a
# searchMove{...}): a recursive pattern
perl -0pi -e 's/if e\.hook != nil (\{(?:[^{}]++|(?1))*\})//g' "$tmp/nohook/search.go"
if grep -q 'if e\.hook' "$tmp/nohook/search.go"; then
	echo "lab-callgrind.sh: a hook test of search.go was not removed:" >&2
	grep -n 'if e\.hook' "$tmp/nohook/search.go" >&2
	exit 1
fi
(cd "$tmp/nohook" && go build -o "$tmp/umax-nohook" .)

# count BINARY FLAGS...: "instructions nodes" of the bench under callgrind
count() {
	bin=$1
	shift
	# shellcheck disable=SC2086 # the flags are words
	GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$bin" -bench -nodes "$nodes" "$@" >"$tmp/out" 2>&1
	echo "$(awk '/^totals:/ { print $2 }' "$tmp/cg") $(awk '/^[0-9]+ nodes$/ { print $1 }' "$tmp/out")"
}

base=$(count "$tmp/umax")
echo "| setting | instructions | nodes | instructions per node | / 4.1 |"
echo "|---|---:|---:|---:|---:|"
row() { # NAME "instructions nodes"
	echo "$2 $base" | awk -v name="$1" '{ printf "| %s | %.0f | %.0f | %.0f | %.3f |\n", name, $1, $2, $1 / $2, ($1 / $2) / ($3 / $4) }'
}
row "4.1 without the hook (micro-Max)" "$(count "$tmp/umax-nohook")"
echo "$LAB_CONFIGS" | while IFS='|' read -r name flags _; do
	if [ "$name" = 4.1 ]; then
		row "4.1" "$base"
	else
		# shellcheck disable=SC2086 # $flags is words
		row "$name" "$(count "$tmp/umax" $flags)"
	fi
done
echo
echo "(umax -bench -nodes $nodes under valgrind --tool=callgrind)"
