#!/bin/sh
# Times the C reference and our console mode on the same inputs.
#
#   scripts/bench-vs-c.sh LISTING [RUNS] [SETS]
#
# LISTING is micro-Max 4.1's C listing, umax41.c (README says where to get
# it). For each benchmark input it builds umax41k with the input's node budget
# (scripts/build-reference.sh, gcc -O2) and our program (go build), runs the
# two alternately RUNS times (default 5), checks that every output is identical,
# and prints the median wall-clock times and the ratio Go/C, per input and
# for each set (the ratio of the summed medians), and with GNU time (Debian
# package "time") the set's summed medians of user and system time, which
# say how much of the time was the program's own work and how much the
# kernel's (mostly faulting the hash table in). SETS (default "searches
# games") picks the sets:
#   searches  four console inputs: self-play and set positions at 20,000 to
#             1,000,000 nodes a search
#   games     testdata/games: whole games at 100,000 nodes a search, each
#             one process, as in a fast game (scripts/game-inputs.sh)
# Then the peak memory (RSS) of each program on one input of each set (with
# GNU time, Debian package "time"), and the load average before and after,
# since other work on the machine slows both programs unevenly.
# The output is meant to be pasted into doc/speed.md as it is.
set -eu
listing=$(realpath "${1:?usage: scripts/bench-vs-c.sh LISTING [RUNS] [SETS]}")
runs=${2:-5}
sets=${3:-searches games}
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/umax" .
now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
cprog() { # the C program for an input's node budget, built on first use
  nodes=${1%.in}; nodes=${nodes##*.}
  exe=$tmp/umax41k-$nodes; [ -x "$exe" ] || scripts/build-reference.sh "$listing" "$tmp" "$nodes" >/dev/null
  echo "$exe"
}
echo "$(date -u +%Y-%m-%d), $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') x $(nproc)," \
  "$(go version | cut -d' ' -f3), $(gcc --version | head -1 | sed 's/.*) //'), $runs alternated runs"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
# timed FILE COMMAND...: runs COMMAND, and with GNU time (Debian package
# "time") appends its user and system seconds to FILE.
timed() {
  f=$1; shift
  if [ -x /usr/bin/time ]; then /usr/bin/time -f '%U %S' -a -o "$f" "$@"; else "$@"; fi
}
for set in $sets; do
  case $set in
  searches) inputs="testdata/classic/selfplay40.50000.in testdata/classic/default.1000000.in
testdata/classic/castling-ep.50000.in testdata/classic/selfplay-qgd.20000.in" ;;
  games) inputs=$(ls testdata/games/*.in) ;;
  *) echo "unknown set $set" >&2; exit 2 ;;
  esac
  printf '\n%-28s %8s %8s %7s\n' "$set:" C_s Go_s Go/C
  totc=0; totg=0; uc=0; sc=0; ugo=0; sgo=0
  for in in $inputs; do
    nodes=${in%.in}; nodes=${nodes##*.}
    cexe=$(cprog "$in")
    : > "$tmp/c.times"; : > "$tmp/go.times"; : > "$tmp/c.cpu"; : > "$tmp/go.cpu"
    i=0
    while [ $i -lt "$runs" ]; do
      t0=$(now); timed "$tmp/c.cpu" "$cexe" < "$in" > "$tmp/c.out"; t1=$(now)
      timed "$tmp/go.cpu" "$tmp/umax" -classic -nodes "$nodes" < "$in" > "$tmp/go.out"; t2=$(now)
      cmp -s "$tmp/c.out" "$tmp/go.out" || { echo "OUTPUT DIFFERS on $in"; exit 1; }
      awk "BEGIN {print $t1 - $t0}" >> "$tmp/c.times"
      awk "BEGIN {print $t2 - $t1}" >> "$tmp/go.times"
      i=$((i+1))
    done
    c=$(median < "$tmp/c.times"); g=$(median < "$tmp/go.times")
    totc=$(awk "BEGIN {print $totc + $c}"); totg=$(awk "BEGIN {print $totg + $g}")
    if [ -s "$tmp/c.cpu" ]; then # the medians of user and system time, summed over the set
      uc=$(awk "BEGIN {print $uc + $(cut -d' ' -f1 < "$tmp/c.cpu" | median)}")
      sc=$(awk "BEGIN {print $sc + $(cut -d' ' -f2 < "$tmp/c.cpu" | median)}")
      ugo=$(awk "BEGIN {print $ugo + $(cut -d' ' -f1 < "$tmp/go.cpu" | median)}")
      sgo=$(awk "BEGIN {print $sgo + $(cut -d' ' -f2 < "$tmp/go.cpu" | median)}")
    fi
    printf '%-28s %8.3f %8.3f %7.3f\n' "$(basename "$in")" "$c" "$g" "$(awk "BEGIN {print $g / $c}")"
  done
  printf '%-28s %8.3f %8.3f %7.3f\n' total "$totc" "$totg" "$(awk "BEGIN {print $totg / $totc}")"
  if [ -x /usr/bin/time ]; then
    printf '%-28s %8.3f %8.3f %7.3f\n' "  of it user" "$uc" "$ugo" "$(awk "BEGIN {print $ugo / $uc}")"
    printf '%-28s %8.3f %8.3f\n' "  and system" "$sc" "$sgo"
  fi
done
echo
if [ -x /usr/bin/time ]; then
  for in in testdata/classic/default.1000000.in testdata/games/game1.100000.in; do
    nodes=${in%.in}; nodes=${nodes##*.}
    c=$(/usr/bin/time -f %M "$(cprog "$in")" < $in 2>&1 >/dev/null | tail -1)
    g=$(/usr/bin/time -f %M "$tmp/umax" -classic -nodes "$nodes" < $in 2>&1 >/dev/null | tail -1)
    printf 'peak RSS on %s: C %d KB, Go %d KB\n' "$(basename $in)" "$c" "$g"
  done
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
