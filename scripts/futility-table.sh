#!/bin/sh
# Prints a Markdown table of node counts with and without futility pruning
# (micro-Max 4.1 against 4.0's search) for the -bench positions: the nodes a
# search has used when it finishes each iteration of 3 ply or more, read from
# the console mode's kibitz lines, both programs searching to the root node
# budget NODES.
#
# With -lab it prints the futility laboratory's table instead: the same
# nodes for every setting of scripts/lab-configs.sh (4.1, 4.0 and the
# laboratory's switches), and below it, per ply, the geometric mean over the
# positions of each setting's nodes divided by 4.1's. A cell is empty when
# the setting did not finish that iteration within the budget.
#
#   scripts/futility-table.sh [NODES]        (root budget, default 1000000)
#   scripts/futility-table.sh -lab [NODES]
set -eu
lab=false
if [ "${1:-}" = -lab ]; then
  lab=true
  shift
fi
nodes=${1:-1000000}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. scripts/lab-configs.sh
lab_engine "$tmp/umax" # UMAX_BIN: a binary built before
# name|moves: the same positions as -bench (main.go, benchPositions)
positions='initial position|
Ruy Lopez|e2e4 e7e5 g1f3 b8c6 f1b5 a7a6
Queen'"'"'s Gambit Declined|d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7
Sicilian Najdorf|e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6
open game after castling|e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d3 d7d6'

# kibitz FILE FLAGS...: the "ply nodes" of every iteration of the last search
# of the input in $tmp/in (after the typed moves' checks), into FILE.
kibitz() {
  out=$1
  shift
  "$tmp/umax" -classic -nodes "$nodes" "$@" < "$tmp/in" |
    awk -v skip="$skip" '/ ply,/ { if ($1 == 0) n++; if (n > skip) { sub(",", "", $3); print $1, $3 } }' > "$out"
}

if ! $lab; then
  echo "| position | ply | nodes with futility (4.1) | nodes without (4.0) | 4.1 / 4.0 |"
  echo "|---|---:|---:|---:|---:|"
  echo "$positions" | while IFS='|' read -r name moves; do
    : > "$tmp/in"
    for m in $moves; do echo "$m" >> "$tmp/in"; done
    echo >> "$tmp/in"
    skip=$(echo $moves | wc -w)
    for f in true false; do
      kibitz "$tmp/$f" -futility=$f
    done
    join "$tmp/true" "$tmp/false" | awk -v name="$name" '$1 >= 3 { printf "| %s | %d | %d | %d | %.2f |\n", name, $1, $2, $3, $2 / $3 }'
  done
  exit 0
fi

header="| position | ply |"
rule="|---|---:|"
n=0
while IFS='|' read -r name flags _; do
  header="$header $name |"
  rule="$rule---:|"
  n=$((n + 1))
done <<EOF
$LAB_CONFIGS
EOF
echo "$header"
echo "$rule"
echo "$positions" | while IFS='|' read -r name moves; do
  : > "$tmp/in"
  for m in $moves; do echo "$m" >> "$tmp/in"; done
  echo >> "$tmp/in"
  skip=$(echo $moves | wc -w)
  i=0
  while IFS='|' read -r config flags _; do
    # shellcheck disable=SC2086 # $flags is words
    kibitz "$tmp/c$i" $flags
    i=$((i + 1))
  done <<EOF
$LAB_CONFIGS
EOF
  # one row per ply that 4.1 finished: each setting's nodes, or nothing
  awk -v name="$name" -v n="$n" -v tmp="$tmp" 'BEGIN {
    for (i = 0; i < n; i++) while ((getline line < (tmp "/c" i)) > 0) { split(line, f, " "); nodes[i, f[1]] = f[2]; if (i == 0) plies[++np] = f[1] }
    for (k = 1; k <= np; k++) {
      p = plies[k]
      if (p < 3) continue
      row = "| " name " | " p " |"
      for (i = 0; i < n; i++) row = row " " ((i, p) in nodes ? nodes[i, p] : "") " |"
      print row
    }
  }'
done | tee "$tmp/rows"
# the geometric means of the ratios to 4.1, per ply
awk -v n="$n" -F'|' '{
    p = $3 + 0
    if ($4 + 0 == 0) next
    for (i = 0; i < n; i++) { v = $(4 + i) + 0; if (v > 0) { logsum[i, p] += log(v / ($4 + 0)); count[i, p]++ } }
    seen[p] = 1
  }
  END {
    for (p = 3; p < 20; p++) {
      if (!(p in seen)) continue
      row = "| geometric mean / 4.1 | " p " |"
      for (i = 0; i < n; i++) row = row " " (count[i, p] ? sprintf("%.2f (%d)", exp(logsum[i, p] / count[i, p]), count[i, p]) : "") " |"
      print row
    }
  }' "$tmp/rows"
