#!/bin/sh
# Prints a Markdown table of node counts with and without futility pruning
# (micro-Max 4.1 against 4.0's search) for the -bench positions: the nodes a
# search has used when it finishes each iteration of 3 ply or more, read from
# the console mode's kibitz lines, both programs searching to the root node
# budget NODES.
#
#   scripts/futility-table.sh [NODES]      (root budget, default 1000000)
set -eu
nodes=${1:-1000000}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/umax" .
# name|moves: the same positions as -bench (main.go, benchPositions)
positions='initial position|
Ruy Lopez|e2e4 e7e5 g1f3 b8c6 f1b5 a7a6
Queen'"'"'s Gambit Declined|d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7
Sicilian Najdorf|e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6
open game after castling|e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d3 d7d6'
echo "| position | ply | nodes with futility (4.1) | nodes without (4.0) | 4.1 / 4.0 |"
echo "|---|---:|---:|---:|---:|"
echo "$positions" | while IFS='|' read -r name moves; do
  : > "$tmp/in"
  for m in $moves; do echo "$m" >> "$tmp/in"; done
  echo >> "$tmp/in"
  skip=$(echo $moves | wc -w)
  for f in true false; do
    # kibitz lines of the last search only: after the typed moves' checks
    "$tmp/umax" -classic -nodes "$nodes" -futility=$f < "$tmp/in" |
      awk -v skip="$skip" '/ ply,/ { if ($1 == 0) n++; if (n > skip) { sub(",", "", $3); print $1, $3 } }' > "$tmp/$f"
  done
  join "$tmp/true" "$tmp/false" | awk -v name="$name" '$1 >= 3 { printf "| %s | %d | %d | %d | %.2f |\n", name, $1, $2, $3, $2 / $3 }'
done
