#!/usr/bin/env bash
# The mutation check: does the fast command catch realistic bugs, and fast?
# Each mutation of scripts/mutations.txt (a piece of text in a file and its
# replacement) is applied alone, in a copy of the repository in a temporary
# directory (never in the working tree), and the fast command runs there:
#
#   go test -count=1 -failfast -timeout LIMIT -skip '^TestMutationList$' ./...
#
# (TestMutationList checks that each mutation's text is in its file: in a
# mutant it is not, and that test would catch every mutation.)
# A mutation is "caught" when that fails within SLOW seconds (compiling
# included), "caught slowly" when it fails later, "survived" when it passes,
# "timed out" when the run outlives LIMIT, "not applied" when its text is
# not in its file exactly once (the code moved: update the list), and "does
# not build" when the mutant fails to compile. Each line of the report says
# how long the run took and, when caught, the first test that failed; the
# last lines give the score, the slowest catch and the machine's load.
# Exits 1 unless every mutation was applied and caught within SLOW seconds.
#
#   scripts/mutate.sh [-r REV] [-s SLOW] [-t LIMIT] [-l LIST] [-k DIR] [WORD...]
#
# -r REV      the code of a git revision (git archive) instead of the working
#             tree as it is (tracked and untracked files, not ignored ones);
#             the list is always the working tree's
# -s SLOW     a catch must take less (default 60 seconds)
# -t LIMIT    the limit of one run, go test's -timeout (default 600 seconds:
#             a mutation that survives runs the whole suite)
# -l LIST     another list (default scripts/mutations.txt)
# -k DIR      keep each run's output in DIR (NN.log, numbered as the list)
# WORD...     only the mutations whose name contains one of the words
set -euo pipefail
shopt -u patsub_replacement 2>/dev/null || true # "&" in a replacement is text
export LC_ALL=C
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/go/bin

rev="" slow=60 limit=600 list=scripts/mutations.txt keep=""
while getopts r:s:t:l:k: opt; do
  case $opt in
    r) rev=$OPTARG ;;
    s) slow=$OPTARG ;;
    t) limit=$OPTARG ;;
    l) list=$OPTARG ;;
    k) keep=$(realpath -m "$OPTARG") ;;
    *) sed -n '/^#   scripts/,/^# WORD/p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
case $slow$limit in '' | *[!0-9]*) echo "-s and -t want whole seconds" >&2; exit 2 ;; esac
list=$(realpath "$list")
[ -z "$keep" ] || mkdir -p "$keep"

# The copy.
work=$(mktemp -d "${TMPDIR:-/tmp}/umax-mutate.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ -n "$rev" ]; then
  git archive "$rev" | tar -x -C "$work"
  what="revision $(git rev-parse --short "$rev")"
else
  git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
    [ -e "$f" ] && printf '%s\0' "$f"
  done | tar -c --null -T - | tar -x -C "$work"
  what="the working tree at $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo ' with changes')"
fi
echo "mutations of $list, on $what; a catch must take less than ${slow}s; load average: $(cut -d" " -f1-3 /proc/loadavg 2>/dev/null)"

# count prints how often text $2 occurs in the string $1.
count() {
  local rest=${1//"$2"/}
  echo $(((${#1} - ${#rest}) / ${#2}))
}

n=0 applied=0 caught=0 slowest=0 slowestName="" bad=0
while IFS=$'\t' read -r name file text replacement rest; do
  case $name in '' | '#'*) continue ;; esac
  n=$((n + 1))
  num=$(printf '%02d' "$n")
  if [ -z "$replacement" ] || [ -n "${rest:-}" ]; then
    printf '%s  %-14s %7s  %s\n' "$num" "bad line" "" "$name"
    bad=$((bad + 1))
    continue
  fi
  path=$work/$file
  found=0
  if [ -f "$path" ]; then
    original=$(cat "$path"; echo x)
    original=${original%x}
    found=$(count "$original" "$text")
  fi
  if [ "$found" != 1 ]; then
    printf '%s  %-14s %7s  %s (%s: the text occurs %s times)\n' "$num" "not applied" "" "$name" "$file" "$found"
    bad=$((bad + 1))
    continue
  fi
  if [ $# -gt 0 ]; then
    wanted=false
    for w in "$@"; do case $name in *"$w"*) wanted=true ;; esac; done
    $wanted || continue
  fi
  applied=$((applied + 1))
  printf '%s' "${original/"$text"/"$replacement"}" >"$path"
  log=$work/.run.log
  start=$(date +%s%N)
  set +e
  (cd "$work" && timeout -k 10 $((limit + 120)) go test -count=1 -failfast -timeout "${limit}s" -skip '^TestMutationList$' ./... </dev/null >"$log" 2>&1)
  status=$?
  set -e
  took=$((($(date +%s%N) - start) / 1000000))
  printf '%s' "$original" >"$path"
  [ -z "$keep" ] || cp "$log" "$keep/$num.log"
  first=$(grep -m1 -oE -- '--- FAIL: [^ ]+' "$log" | cut -c11- || true)
  if grep -q -E '\[build failed\]|\[setup failed\]' "$log"; then
    verdict="does not build" first=""
    bad=$((bad + 1))
  elif [ $status = 0 ]; then
    verdict="survived"
  elif [ $took -ge $((limit * 1000)) ] || grep -q '^panic: test timed out' "$log"; then
    verdict="timed out" first=""
  else
    verdict="caught"
    if [ $took -ge $((slow * 1000)) ]; then verdict="caught slowly"; else caught=$((caught + 1)); fi
    if [ $took -gt $slowest ]; then slowest=$took slowestName=$name; fi
  fi
  [ -z "$first" ] && first="" || first=" by $first"
  printf '%s  %-14s %6d.%01ds  %s%s\n' "$num" "$verdict" $((took / 1000)) $((took % 1000 / 100)) "$name" "$first"
done <"$list"

echo "score: $caught of $applied mutations caught in under ${slow}s"
[ $bad = 0 ] || echo "$bad lines of the list not applied, or mutants that do not build: fix the list"
[ -z "$slowestName" ] || printf 'slowest catch: %d.%01ds, %s\n' $((slowest / 1000)) $((slowest % 1000 / 100)) "$slowestName"
echo "load average at the end: $(cut -d" " -f1-3 /proc/loadavg 2>/dev/null)"
[ $caught = "$applied" ] && [ $bad = 0 ]
