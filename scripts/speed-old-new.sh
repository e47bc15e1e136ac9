#!/bin/sh
# Times this tree's engine against an older revision's, alternated on the
# same inputs, to see what a change costs.
#
#   scripts/speed-old-new.sh OLD_REV [PAIRS]
#
# It builds both (the old one with scripts/build-rev.sh), checks that they
# print the same on every input, and then runs them PAIRS times (default 5),
# old and new alternately, on two inputs through the console mode:
#   e2e4    e2e4 and three thinks at micro-Max's budget of 1e6 nodes;
#   games   the whole games of testdata/games at 100,000 nodes a search,
#           one process each, summed.
# It prints each pair's wall-clock times and the ratio new/old, and the
# median ratio with its range. Run it on an idle machine: another process
# slows the two unevenly (the load average is printed before and after).
set -eu
old=${1:?usage: scripts/speed-old-new.sh OLD_REV [PAIRS]}
pairs=${2:-5}
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/new" .
scripts/build-rev.sh "$old" "$tmp/old"
printf 'e2e4\n\n\n\n' >"$tmp/e2e4.in"
games=$(ls testdata/games/*.in)
for b in old new; do
	"$tmp/$b" -classic <"$tmp/e2e4.in" >"$tmp/$b.e2e4.out"
	for g in $games; do
		nodes=${g%.in}
		"$tmp/$b" -classic -nodes "${nodes##*.}" <"$g"
	done >"$tmp/$b.games.out"
done
cmp -s "$tmp/old.e2e4.out" "$tmp/new.e2e4.out" && cmp -s "$tmp/old.games.out" "$tmp/new.games.out" ||
	{ echo "old and new print different outputs" >&2; exit 1; }
now() { date +%s.%N; }
run() { # run BINARY SET: the wall-clock seconds of one run of the set
	start=$(now)
	case $2 in
	e2e4) "$tmp/$1" -classic <"$tmp/e2e4.in" >/dev/null ;;
	games) for g in $games; do nodes=${g%.in}; "$tmp/$1" -classic -nodes "${nodes##*.}" <"$g" >/dev/null; done ;;
	esac
	echo "$(now) - $start" | bc
}
echo "$(date -u +%Y-%m-%dT%H:%M), $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') x $(nproc), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "old $old ($(git rev-parse --short "$old")), new $(git rev-parse --short HEAD)$(git diff --quiet || echo ' with changes'); $pairs pairs, alternated"
for set in e2e4 games; do
	ratios=
	i=0
	while [ $i -lt "$pairs" ]; do
		if [ $((i % 2)) -eq 0 ]; then o=$(run old $set); n=$(run new $set); else n=$(run new $set); o=$(run old $set); fi
		r=$(echo "scale=4; $n / $o" | bc)
		printf '%-6s pair %d: old %.3f s, new %.3f s, new/old %.3f\n' "$set" $((i + 1)) "$o" "$n" "$r"
		ratios="$ratios $r"
		i=$((i + 1))
	done
	echo "$ratios" | tr ' ' '\n' | grep . | sort -n | awk -v s="$set" '{a[NR]=$1} END {printf "%-6s median new/old %.3f (range %.3f to %.3f)\n", s, (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2, a[1], a[NR]}'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
