#!/bin/sh
# scripts/lab-speed.sh [ROUNDS [NODES]]
#
# The futility laboratory's speed in nodes per second: `umax -bench` (the
# five bench positions at the root budget NODES, default micro-Max's
# 1000000) for every setting of scripts/lab-configs.sh, ROUNDS times
# (default 3), the settings alternated within each round so that a change
# in the machine's load falls on all of them alike. It prints a Markdown
# table: each setting's nodes, its median speed over the rounds, the
# slowest and quickest, and its speed over 4.1's: the median over the
# rounds of the ratio within each round (4.1 ran in the same round), and
# the lowest and highest of those ratios, the spread a rerun may give. Run
# it on an idle machine: a clock, unlike callgrind
# (scripts/lab-callgrind.sh), counts the load too.
set -eu
rounds=${1:-3}
nodes=${2:-1000000}
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
. scripts/lab-configs.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lab_engine "$tmp/umax" # UMAX_BIN: a binary built before
for r in $(seq "$rounds"); do
	echo "$LAB_CONFIGS" | while IFS='|' read -r name flags _; do
		# shellcheck disable=SC2086 # $flags is words
		"$tmp/umax" -bench -nodes "$nodes" $flags >"$tmp/out"
		echo "$name|$(awk '/^[0-9]+ nodes$/ { n = $1 } /^[0-9]+ nps$/ { s = $1 } END { print n "|" s }' "$tmp/out")|$r" >>"$tmp/runs"
	done
	echo "round $r of $rounds done" >&2
done
echo "| setting | nodes | nodes per second (median) | slowest | quickest | / 4.1 | lowest | highest |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
# runs: name|nodes|nps|round; each setting's speed over 4.1's in its round
awk -F'|' '$1 == "4.1" { base[$4] = $3 } { name[NR] = $1; nps[NR] = $3; round[NR] = $4 }
	END { for (i = 1; i <= NR; i++) print name[i] "|" nps[i] / base[round[i]] }' "$tmp/runs" >"$tmp/ratios"
echo "$LAB_CONFIGS" | while IFS='|' read -r name _ _; do
	awk -F'|' -v name="$name" '$1 == name' "$tmp/runs" | sort -t'|' -k3 -n >"$tmp/one"
	awk -F'|' -v name="$name" '$1 == name { print $2 }' "$tmp/ratios" | sort -n >"$tmp/ratio"
	n=$(wc -l <"$tmp/one")
	median=$(sed -n "$(((n + 1) / 2))p" "$tmp/one" | cut -d'|' -f3)
	ratio=$(sed -n "$(((n + 1) / 2))p" "$tmp/ratio")
	awk -F'|' -v median="$median" -v ratio="$ratio" -v lo="$(head -1 "$tmp/ratio")" -v hi="$(tail -1 "$tmp/ratio")" '
		NR == 1 { slow = $3 } { quick = $3; nodes = $2 }
		END { printf "| %s | %d | %.2f M | %.2f M | %.2f M | %.3f | %.3f | %.3f |\n", $1, nodes, median / 1e6, slow / 1e6, quick / 1e6, ratio, lo, hi }' "$tmp/one"
done
echo
echo "(umax -bench -nodes $nodes, $rounds rounds, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg))"
