#!/bin/sh
# Times the C reference and our console mode on the same inputs.
#
#   scripts/bench-vs-c.sh LISTING [RUNS]
#
# LISTING is micro-Max 4.1's C listing, umax41.c (README says where to get
# it). For each benchmark input it builds umax41k with the input's node budget
# (scripts/build-reference.sh, gcc -O2) and our program (go build), runs the
# two alternately RUNS times (default 5), checks that every output is identical,
# and prints the median wall-clock times and the ratio Go/C. The last line is
# the ratio of the summed medians, then the peak memory (RSS) of each program
# on micro-Max's own budget (with GNU time, Debian package "time").
set -eu
listing=$(realpath "${1:?usage: scripts/bench-vs-c.sh LISTING [RUNS]}")
runs=${2:-5}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/umax" .
inputs="testdata/classic/selfplay40.50000.in testdata/classic/default.1000000.in
testdata/classic/castling-ep.50000.in testdata/classic/selfplay-qgd.20000.in"
now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
printf '%-28s %8s %8s %7s\n' input C_s Go_s Go/C
totc=0; totg=0
for in in $inputs; do
  nodes=${in%.in}; nodes=${nodes##*.}
  cexe=$tmp/umax41k-$nodes; [ -x "$cexe" ] || scripts/build-reference.sh "$listing" "$tmp" "$nodes" >/dev/null
  : > "$tmp/c.times"; : > "$tmp/go.times"
  i=0
  while [ $i -lt "$runs" ]; do
    t0=$(now); "$cexe" < "$in" > "$tmp/c.out"; t1=$(now)
    "$tmp/umax" -classic -nodes "$nodes" < "$in" > "$tmp/go.out"; t2=$(now)
    cmp -s "$tmp/c.out" "$tmp/go.out" || { echo "OUTPUT DIFFERS on $in"; exit 1; }
    awk "BEGIN {print $t1 - $t0}" >> "$tmp/c.times"
    awk "BEGIN {print $t2 - $t1}" >> "$tmp/go.times"
    i=$((i+1))
  done
  c=$(median < "$tmp/c.times"); g=$(median < "$tmp/go.times")
  totc=$(awk "BEGIN {print $totc + $c}"); totg=$(awk "BEGIN {print $totg + $g}")
  printf '%-28s %8.3f %8.3f %7.3f\n' "$(basename "$in")" "$c" "$g" "$(awk "BEGIN {print $g / $c}")"
done
printf '%-28s %8.3f %8.3f %7.3f\n' total "$totc" "$totg" "$(awk "BEGIN {print $totg / $totc}")"
if [ -x /usr/bin/time ]; then
  in=testdata/classic/default.1000000.in
  c=$(/usr/bin/time -f %M "$tmp/umax41k-1000000" < $in 2>&1 >/dev/null | tail -1)
  g=$(/usr/bin/time -f %M "$tmp/umax" -classic < $in 2>&1 >/dev/null | tail -1)
  printf 'peak RSS on %s: C %d KB, Go %d KB\n' "$(basename $in)" "$c" "$g"
fi
