#!/bin/sh
# Soak test: GAMES consecutive games in the real XBoard (no display) against
# Fairy-Max at 5 s sudden death, colours alternating, while a CPU hog keeps
# every other core busy, as on a loaded machine. Prints how the games ended,
# every bad ending (a loss other than by mate, a lost or called flag, a false
# claim, an illegal move, a crash, an unfinished game, any Error or Illegal
# move line from our engine; expected: none) and the closest margin on our
# clock.
#
#   scripts/soak.sh [GAMES [DIR]]
#   scripts/soak.sh -r DIR        the report again, from the files of a run
#
# GAMES defaults to 100; DIR (default ./soak) keeps the PGN, XBoard's debug
# log and its output. HOGS=N sets the number of busy loops (default: one
# fewer than the cores). Exits 1 if anything went wrong. Needs the Debian
# packages xboard, xvfb, xauth and fairymax.
#
# The margin is the time XBoard's clock showed for our engine when each of
# its moves arrived, read from XBoard's debug log: the time XBoard sent it
# (">first : time", centiseconds) less the milliseconds that passed until its
# move. (The PGN's clock comments are whole seconds, too coarse for this.)
# The script checks it against the clock XBoard itself reports to Fairy-Max
# after our move (">second: otim") wherever there is one.
set -eu
usage() { echo "usage: scripts/soak.sh [GAMES [DIR]] | scripts/soak.sh -r DIR" >&2; exit 2; }
playing=true
if [ "${1:-}" = -r ]; then
  [ $# = 2 ] || usage
  playing=false dir=$2
else
  games=${1:-100} dir=${2:-soak}
  case $games in '' | *[!0-9]* | 0*) usage ;; esac
fi
dir=$(realpath -m "$dir")
pgn=$dir/games.pgn debug=$dir/debug.txt out=$dir/xboard.txt run=$dir/run.txt
# play: the match, with the hogs running; writes DIR's files and run.txt.
play() {
  for x in /usr/games/xboard /usr/bin/xvfb-run /usr/bin/xauth /usr/games/fairymax; do
    [ -x "$x" ] || { echo "needs $x: apt-get install xboard xvfb xauth fairymax" >&2; exit 2; }
  done
  cd "$(dirname "$0")/.."
  export PATH="$PATH:/usr/local/go/bin"
  mkdir -p "$dir"
  go build -o "$dir/umax" .
  rm -f "$pgn" "$debug" "$out" "$run"

  # The hogs: busy shell loops, stopped (by their process ids) on any exit.
  hogs=${HOGS:-$(($(nproc) - 1))}
  case $hogs in '' | *[!0-9]*) echo "HOGS must be a number, not '$hogs'" >&2; exit 2 ;; esac
  pids=""
  stop() { [ -z "$pids" ] || kill $pids 2>/dev/null || true; }
  trap stop EXIT
  i=0
  while [ $i -lt "$hogs" ]; do
    (while :; do :; done) &
    pids="$pids $!"
    i=$((i + 1))
  done

  # XBoard in the background, so that an interrupt stops it at once: timeout
  # passes the signal on to XBoard, Xvfb and the engines.
  start=$(date +%s)
  status=0
  timeout -k 10 $((games * 60 + 60)) xvfb-run -a /usr/games/xboard -noGUI \
    -fcp "$dir/umax" -fd "$dir" -scp "setarch -R /usr/games/fairymax" -sd "$dir" \
    -mg "$games" -tc 0:05 -inc 0 -sgf "$pgn" -debug -nameOfDebugFile "$debug" \
    -autoCallFlag true -testClaims true -checkMates false -materialDraws false \
    -trivialDraws false -ruleMoves 0 -repeatsToDraw 0 -ponderNextMove false \
    -pgnExtendedInfo true -pgnTimeLeft true \
    -saveSettingsOnExit false -soundMove "" -popupExitMessage false > "$out" 2>&1 &
  match=$!
  trap 'kill $match 2>/dev/null; exit 130' INT TERM
  wait $match || status=$?
  trap - INT TERM
  stop
  pids=""
  echo "games=$games status=$status hogs=$hogs cores=$(nproc) took=$(($(date +%s) - start)) date=$(date +%F)" > "$run"
}

if $playing; then play; fi

[ -f "$run" ] && [ -f "$pgn" ] && [ -f "$debug" ] || { echo "no finished run in $dir (see $out)" >&2; exit 1; }
# shellcheck disable=SC1090 # run.txt: the run's parameters, written above
. "$run"
echo "$games games against Fairy-Max at 5 s sudden death with $hogs CPU hog(s) on $cores cores, $date, in $took s"
me='micro-Max 4.1 (Go)'
# Games from the PGN: one line "number|outcome for us|our colour|reason" each.
awk -v me="$me" '
  function done() {
    if (!n) return
    reason = ""; if (match(text, /\{[^{}]*\} *(1-0|0-1|1\/2-1\/2|\*) *$/)) { reason = substr(text, RSTART + 1, RLENGTH); sub(/\}.*/, "", reason) }
    if (white == me) { ours = "1-0"; colour = "White" } else if (black == me) { ours = "0-1"; colour = "Black" } else ours = colour = "?"
    if (result == ours) o = "win"; else if (result == "1/2-1/2") o = "draw"; else if (result == "1-0" || result == "0-1") o = "loss"; else o = "unfinished"
    if (ours == "?") o = "not ours"
    print n "|" o "|" colour "|" reason
  }
  /^\[Event / { done(); n++; text = ""; white = black = result = ""; next }
  /^\[White "/ { white = substr($0, 9, length($0) - 10); next }
  /^\[Black "/ { black = substr($0, 9, length($0) - 10); next }
  /^\[Result "/ { result = substr($0, 10, length($0) - 11); next }
  /^\[/ { next }
  { text = text " " $0 }
  END { done() }' "$pgn" > "$dir/games.txt"
played=$(wc -l < "$dir/games.txt")
awk -F'|' '{ n[$2]++ } END { printf "our engine: won %d, drew %d, lost %d\n", n["win"], n["draw"], n["loss"] }' "$dir/games.txt"
echo "endings:"
awk -F'|' '{ print $4 }' "$dir/games.txt" | sort | uniq -c | sort -rn
bad=$dir/bad.txt notes=$dir/notes.txt
: > "$bad"
: > "$notes"
[ "$played" -eq "$games" ] || echo "$played games in the PGN, not $games (XBoard exit status $status)" >> "$bad"
# Bad: a loss other than by being mated, an unfinished game, a draw by our
# flag (a flag falls against a bare king) or by anything else gone wrong. An
# odd ending that is the opponent's (its flag, its false claim) is noted apart.
awk -F'|' -v bad="$bad" -v notes="$notes" '
  { odd = tolower($4) ~ /time|flag|false|illegal|forfeit|exit|crash|disconnect|error/
    flag = ""
    if ($4 ~ /White wins on time/) flag = "Black"; else if ($4 ~ /Black wins on time/) flag = "White"
    else if ($4 ~ /White.s flag fell/) flag = "White"; else if ($4 ~ /Black.s flag fell/) flag = "Black" }
  $2 == "loss" && $4 !~ /mates/ || $2 == "unfinished" || $2 == "not ours" || $2 == "draw" && odd && flag != ($3 == "White" ? "Black" : "White") {
    print "game " $1 ": " $2 " as " $3 " {" $4 "}" >> bad; next }
  odd { print "game " $1 ": " $2 " as " $3 " {" $4 "}" >> notes }' "$dir/games.txt"
grep -E '^[0-9]+ <first *: *(Error|Illegal move|tellusererror)' "$debug" | sed 's/^/our engine said: /' >> "$bad" || true
grep -h -E 'first chess program|panic|fatal error|goroutine [0-9]' "$debug" "$out" | sed 's/^/XBoard: /' >> "$bad" || true
grep -h -E 'second chess program' "$debug" "$out" | sed 's/^/XBoard: /' >> "$notes" || true
if [ -s "$bad" ]; then
  echo "BAD ENDINGS:"
  cat "$bad"
else
  echo "bad endings: none (no loss other than by mate, no flag, false claim, illegal move, crash or Error line)"
fi
[ ! -s "$notes" ] || { echo "the opponent's trouble:"; cat "$notes"; }

# Margins: for every move of ours, the time XBoard sent before it less the
# time it took; games are counted by the results XBoard sends our engine.
awk '
  /^[0-9]+ >first *: result / { game++; moves = 0; next }
  /^[0-9]+ >first *: time / { t0 = $1; left = $NF * 10; have = 1; next }
  /^[0-9]+ <first *: move / { if (!have) next
    moves++; m = left - ($1 - t0); have = 0; pend = 1; last = m
    if (min == "" || m < min) { min = m; where = "our move " moves " of game " game + 1 }
    next }
  /^[0-9]+ >second *: otim / { if (pend) { d = $NF * 10 - last; if (d < 0) d = -d; if (d > dmax) dmax = d; checked++ } pend = 0 }
  END {
    if (min == "") { print "closest clock margin: no moves of ours in the debug log"; exit }
    printf "closest clock margin: %.3f s left on our clock after %s\n", min / 1000, where
    printf "(XBoard'\''s own clock after %d of our moves agrees within %d ms)\n", checked, dmax
  }' "$debug"
echo "PGN, XBoard's debug log and output in $dir"
[ ! -s "$bad" ]
