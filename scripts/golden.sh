#!/bin/sh
# Makes the console-mode golden files from the C program.
#
#   scripts/golden.sh LISTING
#
# LISTING is micro-Max 4.1's C listing, umax41.c (README says where to get
# it). For every testdata/classic/NAME.NODES.in it builds the C program with
# that root node budget (scripts/build-reference.sh) and writes its output to
# NAME.NODES.out: umax41k (micro-Max 4.1) for testdata/classic, umax40k (4.0)
# for testdata/classic40. NODES=1000000 is micro-Max's own budget.
set -eu
listing=$(realpath "${1:?usage: scripts/golden.sh LISTING}")
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
for pair in classic:umax41k classic40:umax40k; do
  dir=testdata/${pair%%:*}
  prog=${pair#*:}
  for in in "$dir"/*.in; do
    [ -f "$in" ] || { echo "no inputs in $dir" >&2; exit 1; }
    base=${in%.in}
    nodes=${base##*.}
    exe=$bin/$prog-$nodes
    [ -x "$exe" ] || scripts/build-reference.sh "$listing" "$bin" "$nodes" >/dev/null
    "$exe" < "$in" > "$base.out"
    echo "$base.out: $(grep -c ply "$base.out") iterations"
  done
done
