#!/bin/sh
# Makes the console-mode golden files from the C reference.
#
#   scripts/golden.sh REFERENCE_DIR
#
# REFERENCE_DIR holds umax41.c and its build.sh (../shared/reference in our
# workplace). For every testdata/classic/NAME.NODES.in it builds the C program
# with that root node budget and writes its output to NAME.NODES.out: umax41k
# (micro-Max 4.1) for testdata/classic, umax40k (4.0) for testdata/classic40.
# NODES=1000000 is micro-Max's own budget, the plain umax41k / umax40k.
set -eu
ref=$(cd "${1:?usage: scripts/golden.sh REFERENCE_DIR}" && pwd)
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
for pair in classic:umax41k classic40:umax40k; do
  dir=testdata/${pair%%:*}
  prog=${pair#*:}
  [ -d "$dir" ] || continue
  for in in "$dir"/*.in; do
    base=${in%.in}
    nodes=${base##*.}
    exe=$bin/$prog-$nodes
    [ "$nodes" = 1000000 ] && exe=$bin/$prog
    if [ ! -x "$exe" ]; then
      if [ "$nodes" = 1000000 ]; then sh "$ref/build.sh" "$bin" >/dev/null
      else NODES=$nodes sh "$ref/build.sh" "$bin" >/dev/null; fi
    fi
    "$exe" < "$in" > "$base.out"
    echo "$base.out: $(grep -c ply "$base.out") iterations"
  done
done
