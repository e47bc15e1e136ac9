#!/bin/bash
# scripts/tactics-table.sh [NODES] [JOBS]
#
# The futility laboratory's tactics table: every position of
# testdata/tactics.epd ("Win at Chess", see tactics_test.go) searched by
# each setting of scripts/lab-configs.sh at the root node budget NODES
# (default 1000000: UCI's "go nodes", micro-Max's N<1e6), from a fresh
# engine state (ucinewgame: the table cleared), in UCI mode, with a table of
# 16 MiB (1.6 million entries, plenty for these searches and quicker to
# clear than micro-Max's 144 MiB; the node counts differ a little from the
# C program's, alike for every setting). A
# position is solved when the move played is one of its best moves. It
# prints a Markdown table: per setting, the positions solved, those it
# solves that 4.1 misses and those 4.1 solves that it misses (by id), the
# mean depth of the last iteration finished (micro-Max's "ply"; a mate
# found holds at any depth, so those are counted as 97 and left out)
# and the nodes counted at its end, summed. JOBS settings run at a time (default 2).
# Node budgets make the result the same on any machine, however loaded.
set -eu
nodes=${1:-1000000}
jobs=${2:-2}
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
. scripts/lab-configs.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lab_engine "$tmp/umax" # UMAX_BIN: a binary built before

# solve NAME FLAGS: writes $tmp/NAME.out, a line "id solved(0/1) move depth nodes"
# per position (the depth and nodes of the last finished iteration).
solve() {
	local name=$1 flags=$2 line epd fen id sol best depth used
	# shellcheck disable=SC2086 # $flags is words
	coproc ENGINE { exec "$tmp/umax" -uci -lab $flags; }
	printf 'uci\nsetoption name Hash value 16\n' >&"${ENGINE[1]}"
	while read -r line <&"${ENGINE[0]}"; do [ "$line" = uciok ] && break; done
	while IFS= read -r epd; do
		[[ $epd =~ ^([^ ]+\ [^ ]+\ [^ ]+\ [^ ]+)\ .*id\ \"([^\"]*)\".*c0\ \"([^\"]*)\" ]] || continue
		fen=${BASH_REMATCH[1]} id=${BASH_REMATCH[2]} sol=${BASH_REMATCH[3]}
		printf 'ucinewgame\nposition fen %s\ngo nodes %s\n' "$fen" "$nodes" >&"${ENGINE[1]}"
		depth=0 used=0
		while read -r line <&"${ENGINE[0]}"; do
			if [[ $line =~ ^info\ depth\ ([0-9]+)\ .*\ nodes\ ([0-9]+) ]]; then
				depth=${BASH_REMATCH[1]} used=${BASH_REMATCH[2]}
				# a mate holds at any depth: UCI gives it its iteration's depth, this table 97
				[[ $line == *" score mate "* ]] && depth=97
			elif [[ $line == "bestmove "* ]]; then
				break
			fi
		done
		best=${line#bestmove }
		best=${best%% *}
		case " $sol " in
		*" $best "*) echo "$id 1 $best $depth $used" ;;
		*) echo "$id 0 $best $depth $used" ;;
		esac
	done <testdata/tactics.epd >"$tmp/$name.out"
	echo quit >&"${ENGINE[1]}"
	wait "$ENGINE_PID" 2>/dev/null || true
}

total=$(grep -c . testdata/tactics.epd)
running=0
while IFS='|' read -r name flags _; do
	(solve "$name" "$flags") &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
done <<EOF
$LAB_CONFIGS
EOF
wait

echo "| setting | solved (of $total) | solved, not by 4.1 | not solved, but by 4.1 | mean depth, mates aside | nodes |"
echo "|---|---:|---|---|---:|---:|"
while IFS='|' read -r name flags _; do
	awk -v name="$name" '
		FNR == NR { base[$1] = $2; next }
		{ solved += $2; sum += $5; if ($4 < 90) { depth += $4; n++ }
		  if ($2 && !base[$1]) gained = gained " " substr($1, 5)
		  if (!$2 && base[$1]) lost = lost " " substr($1, 5) }
		END { printf "| %s | %d | %s | %s | %.2f | %d |\n", name, solved, gained == "" ? "" : substr(gained, 2),
		      lost == "" ? "" : substr(lost, 2), depth / n, sum }' "$tmp/4.1.out" "$tmp/$name.out"
done <<EOF
$LAB_CONFIGS
EOF
echo
echo "(ids are WAC numbers; root budget $nodes nodes a position)"
