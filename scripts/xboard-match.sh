#!/bin/sh
# Plays the XBoard matches of xboard_match_test.go against Fairy-Max, with
# more games if asked, and keeps XBoard's PGN and debug files.
#
#   scripts/xboard-match.sh [GAMES [DIR]]
#
# GAMES is the number of games per match (default 2, one with each colour),
# DIR where the files go (default ./xboard-match). Needs the Debian packages
# xboard, xvfb, xauth, fairymax and polyglot (the test installs nothing).
set -eu
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
games=${1:-2}
dir=$(realpath -m "${2:-xboard-match}")
mkdir -p "$dir"
UMAX_FULL=1 UMAX_MATCH_GAMES=$games UMAX_MATCH_DIR=$dir \
  go test -count=1 -run '^TestXBoardMatch$' -timeout 0 -v . | grep -v '^=== '
echo "PGN and debug files in $dir"
