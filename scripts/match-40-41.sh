#!/bin/sh
# Plays micro-Max 4.1 (futility pruning on) against micro-Max 4.0 (off) in
# the real XBoard, without a display, and prints the result.
#
#   scripts/match-40-41.sh [-g GAMES] [-t SECONDS] [-r NPS] [-n NODES] [-j JOBS] [-o DIR]
#
#   -g GAMES    games to play (default 132: each line of testdata/openings.pgn
#               twice, once with each engine as White; rounded up to an even number)
#   -t SECONDS  time per move, XBoard's "st" (default 1)
#   -r NPS      XBoard's "nps": the engines' clocks count NPS nodes a second
#               (default 500000), so the games are the same on any machine;
#               -r 0 lets them read the real clock instead
#   -n NODES    instead of a time per move, micro-Max's own node budget (the
#               engines' -nodes flag) with a clock that never runs short
#   -j JOBS     XBoard processes playing at once (default 2, for two cores)
#   -o DIR      where the PGN, debug and output files go (default ./match-40-41)
#
# Both engines are this program. The first is micro-Max 4.1; the second is
# switched to micro-Max 4.0's search by XBoard itself, through the engine's
# option (-secondOptions "Futility pruning=0"; the engine lists it with
# -lab, the laboratory's options), which the script checks in
# XBoard's debug file. The result is counted for 4.1: wins, draws, losses,
# the score with a 95% interval, and the Elo difference it implies.
# Needs the Debian packages xboard, xvfb and xauth.
set -eu
games=132 st=1 nps=500000 nodes="" jobs=2 dir=match-40-41
while getopts g:t:r:n:j:o: opt; do
  case $opt in
  g) games=$OPTARG ;; t) st=$OPTARG ;; r) nps=$OPTARG ;; n) nodes=$OPTARG ;;
  j) jobs=$OPTARG ;; o) dir=$OPTARG ;;
  *) sed -n '2,20p' "$0"; exit 2 ;;
  esac
done
for x in /usr/games/xboard /usr/bin/xvfb-run /usr/bin/xauth; do
  [ -x "$x" ] || { echo "needs $x: apt-get install xboard xvfb xauth" >&2; exit 2; }
done
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
go build -o "$dir/umax" .
engine=$dir/umax
clock="-st 0:$st" # XBoard reads -st as minutes[:seconds]
[ -n "$nodes" ] && engine="$engine -nodes $nodes" && clock="-tc 40 -mps 40"
[ -z "$nodes" ] && [ "$nps" != 0 ] && clock="$clock -firstNPS $nps -secondNPS $nps"

# Openings: game pair p (two games, colours reversed) plays line p of the
# file, round and round; XBoard process k plays the pairs p with p % jobs == k.
pairs=$(( (games + 1) / 2 ))
k=0
while [ $k -lt "$jobs" ]; do
  awk -v pairs="$pairs" -v jobs="$jobs" -v k="$k" '
    /^%/ { next }
    /^\[Event/ { n++ }
    n > 0 { line[n - 1] = line[n - 1] $0 "\n" }
    END { for (p = k; p < pairs; p += jobs) print line[p % n] }' testdata/openings.pgn > "$dir/openings-$k.pgn"
  n=$(grep -c '^\[Event' "$dir/openings-$k.pgn" || true)
  if [ "$n" -gt 0 ]; then
    rm -f "$dir/games-$k.pgn"
    # shellcheck disable=SC2086 # $clock and $engine are lists of words
    xvfb-run -a /usr/games/xboard -noGUI \
      -fcp "$engine" -fd "$dir" -scp "$engine -lab" -sd "$dir" \
      -secondOptions "Futility pruning=0" \
      -mg $((2 * n)) -lgf "$dir/openings-$k.pgn" -lgi -2 $clock \
      -sgf "$dir/games-$k.pgn" -debug -nameOfDebugFile "$dir/debug-$k.txt" \
      -autoCallFlag true -testClaims true -checkMates false -materialDraws false \
      -trivialDraws false -ruleMoves 0 -repeatsToDraw 0 -ponderNextMove false \
      -saveSettingsOnExit false -soundMove "" -popupExitMessage false \
      > "$dir/xboard-$k.txt" 2>&1 &
  fi
  k=$((k + 1))
done
wait

# XBoard ends with "final score W-L-D" for the first engine, 4.1.
grep -h 'final score' "$dir"/xboard-*.txt | sed 's/.*final score //' | tr '-' ' ' > "$dir/scores"
played=$(awk '{ n += $1 + $2 + $3 } END { print n + 0 }' "$dir/scores")
[ "$played" -gt 0 ] || { echo "no games finished; see $dir/xboard-*.txt" >&2; exit 1; }
sent=$(grep -h -c '>second: option Futility pruning=0' "$dir"/debug-*.txt | awk '{ n += $1 } END { print n + 0 }')
errors=$(grep -h -E '<(first|second) *: (Error|Illegal move)' "$dir"/debug-*.txt | wc -l)
if [ -n "$nodes" ]; then how="$nodes nodes a move (-nodes)"
elif [ "$nps" != 0 ]; then how="$st s a move at $nps nodes/s (st $st, nps $nps)"
else how="$st s a move, real time (st $st)"; fi
awk -v how="$how" -v sent="$sent" -v errors="$errors" '
  { w += $1; l += $2; d += $3 }
  function elo(s,  x) { if (s <= 0) return "-inf"; if (s >= 1) return "+inf"; x = -400 * log(1 / s - 1) / log(10); return sprintf("%+.0f", x == 0 ? 0 : x) }
  END {
    n = w + l + d; s = (w + d / 2) / n
    var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
    se = sqrt(var / n); lo = s - 1.96 * se; hi = s + 1.96 * se
    printf "micro-Max 4.1 against 4.0, %s\n", how
    printf "games %d: 4.1 won %d, drew %d, lost %d\n", n, w, d, l
    printf "score %.1f%% (95%% interval %.1f%% to %.1f%%)\n", 100 * s, 100 * lo, 100 * hi
    printf "Elo difference %s (95%% interval %s to %s)\n", elo(s), elo(lo), elo(hi)
    printf "XBoard told the 4.0 engine \"option Futility pruning=0\" %d times (once per XBoard process); %d Error or Illegal move lines\n", sent, errors
  }' "$dir/scores"
