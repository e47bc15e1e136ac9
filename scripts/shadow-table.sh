#!/bin/bash
# scripts/shadow-table.sh [NODES] [JOBS]
#
# The shadow search's table (doc/laboratory.md, "Soundness: the shadow
# search"): each setting of scripts/lab-configs.sh (but 4.0, which prunes
# nothing) searches every position of two sets with the shadow search on
# (-shadow), at the root node budget NODES (default 30000: UCI's "go
# nodes"), from a fresh engine state (ucinewgame: the table cleared), in UCI
# mode with "debug on" and a table of 16 MiB, and the lines "info string
# shadow RULE pruned N wrong K changed C" are summed over the set. The sets:
#
#   WAC  testdata/tactics.epd, "Win at Chess" 1-100 (tactics_test.go);
#   lab  the laboratory's positions, the FENs of lab_test.go's
#        TestLabRules and TestLabNewRules.
#
# It prints a Markdown table per set: per setting, a row for each of its
# rules that pruned (micro-Max's own futility, "futile", only for 4.1 and
# the margins, where it is the rule tried): pruned, wrong, changed, the
# error rate (wrong / pruned, to two significant digits), and what the wrong prunes cost at the root:
# the positions where the setting's move differs from micro-Max 4.1's
# searched to the same depth (UCI's "go depth" with the depth of the
# setting's last finished iteration), where the two searches differ only in
# what the rule pruned; and, for comparison, from 4.1's at the same node
# budget, where the rule's deeper search counts too. JOBS settings run at a
# time (default 1). Node budgets make the result the same on any machine.
set -eu
nodes=${1:-30000}
jobs=${2:-1}
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
. scripts/lab-configs.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lab_engine "$tmp/umax" # UMAX_BIN: a binary built before

# The positions, one FEN (four fields) a line.
sed -E 's/^([^ ]+ [^ ]+ [^ ]+ [^ ]+) .*/\1/' testdata/tactics.epd >"$tmp/WAC.fen"
awk '/^func TestLab(Rules|NewRules)\(/,/^}/' lab_test.go | grep -o '"[^"]*/[^"]*/[^"]* [wb] [^"]*"' | tr -d '"' |
	cut -d' ' -f1-4 | sort -u >"$tmp/lab.fen"

# search SET NAME FLAGS: writes $tmp/SET.NAME.out, per position its
# "rule R pruned N wrong K changed C" lines and a line "pos N move M depth D".
search() {
	local set=$1 name=$2 flags=$3 line fen n=0 depth best
	# shellcheck disable=SC2086 # $flags is words
	coproc ENGINE { exec "$tmp/umax" -uci $flags -shadow; }
	printf 'uci\nsetoption name Hash value 16\ndebug on\n' >&"${ENGINE[1]}"
	while read -r line <&"${ENGINE[0]}"; do [ "$line" = uciok ] && break; done
	while IFS= read -r fen; do
		n=$((n + 1))
		printf 'ucinewgame\nposition fen %s\ngo nodes %s\n' "$fen" "$nodes" >&"${ENGINE[1]}"
		depth=0
		while read -r line <&"${ENGINE[0]}"; do
			if [[ $line =~ ^info\ depth\ ([0-9]+)\  ]]; then
				depth=${BASH_REMATCH[1]}
			elif [[ $line =~ ^info\ string\ shadow\ ([a-z-]+)\ pruned\ ([0-9]+)\ wrong\ ([0-9]+)\ changed\ ([0-9]+)$ ]]; then
				echo "rule ${BASH_REMATCH[1]} pruned ${BASH_REMATCH[2]} wrong ${BASH_REMATCH[3]} changed ${BASH_REMATCH[4]}"
			elif [[ $line == "bestmove "* ]]; then
				break
			fi
		done
		best=${line#bestmove }
		echo "pos $n move ${best%% *} depth $depth"
	done <"$tmp/$set.fen" >"$tmp/$set.$name.out"
	echo quit >&"${ENGINE[1]}"
	wait "$ENGINE_PID" 2>/dev/null || true
}

# base SET NAME: writes $tmp/SET.NAME.base, 4.1's move at each position of
# $tmp/SET.NAME.out searched to its depth.
base() {
	local set=$1 name=$2 line fen n depth best
	coproc BASE { exec "$tmp/umax" -uci; }
	printf 'uci\nsetoption name Hash value 16\n' >&"${BASE[1]}"
	while read -r line <&"${BASE[0]}"; do [ "$line" = uciok ] && break; done
	while read -r _ n _ _ _ depth; do
		fen=$(sed -n "${n}p" "$tmp/$set.fen")
		printf 'ucinewgame\nposition fen %s\ngo depth %s\n' "$fen" "$depth" >&"${BASE[1]}"
		while read -r line <&"${BASE[0]}"; do [[ $line == "bestmove "* ]] && break; done
		best=${line#bestmove }
		echo "pos $n move ${best%% *}"
	done < <(grep '^pos ' "$tmp/$set.$name.out") >"$tmp/$set.$name.base"
	echo quit >&"${BASE[1]}"
	wait "$BASE_PID" 2>/dev/null || true
}

configs=$(echo "$LAB_CONFIGS" | grep -v '^4\.0|')
running=0
for set in WAC lab; do
	while IFS='|' read -r name flags _; do
		( (search "$set" "${name// /_}" "$flags") && (base "$set" "${name// /_}")) &
		running=$((running + 1))
		if [ "$running" -ge "$jobs" ]; then
			wait -n
			running=$((running - 1))
		fi
	done <<<"$configs"
done
wait

for set in WAC lab; do
	total=$(grep -c . "$tmp/$set.fen")
	echo "$set ($total positions, $nodes nodes each):"
	echo
	echo "| setting | rule | pruned | wrong | changed | error rate | root move changed (same depth) | (same nodes) |"
	echo "|---|---|---:|---:|---:|---:|---:|---:|"
	while IFS='|' read -r name _ _; do
		file="$tmp/$set.${name// /_}"
		awk -v name="$name" -v total="$total" '
			# percent: a percentage to two significant digits (0 exactly)
			function percent(x,   digits) {
				if (x == 0) return "0"
				digits = 1 - int(log(x) / log(10) + (x < 1 ? -0.999999 : 0))
				return sprintf("%.*f%%", digits < 0 ? 0 : digits, x)
			}
			FNR == 1 { file++ }
			file == 1 { if ($1 == "pos") atnodes[$2] = $4; next }
			file == 2 { atdepth[$2] = $4; next }
			$1 == "rule" { if (!($2 in pruned)) order[++rules] = $2; pruned[$2] += $4; wrong[$2] += $6; changed[$2] += $8; next }
			$1 == "pos" { move[$2] = $4 }
			END {
				for (p in move) { depthdiff += move[p] != atdepth[p]; nodesdiff += move[p] != atnodes[p] }
				for (i = 1; i <= rules; i++) {
					r = order[i]
					if (r == "futile" && name !~ /^(4\.1|margin)/) continue
					printf "| %s | %s | %d | %d | %d | %s | %d | %d |\n", name, r, pruned[r], wrong[r], changed[r],
						percent(pruned[r] ? 100 * wrong[r] / pruned[r] : 0), depthdiff, nodesdiff
				}
			}' "$tmp/$set.4.1.out" "$file.base" "$file.out"
	done <<<"$configs"
	echo
done
echo "(wrong: the move would have raised alpha (a fail-high rule's: would not have failed high); changed: the node's result rests on it;"
echo " root move changed: positions where the setting's move differs from 4.1's at the same depth, and at the same node budget)"
