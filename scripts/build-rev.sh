#!/bin/sh
# scripts/build-rev.sh REV OUT
#
# Builds the engine of git revision REV, from its tree (git archive), not
# the working tree's, as the binary OUT: the old engine that
# scripts/speed-old-new.sh, scripts/movetime-table.sh and
# scripts/time-match.sh hold the working tree's against.
set -eu
[ $# = 2 ] || { echo "usage: scripts/build-rev.sh REV OUT" >&2; exit 2; }
rev=$1
out=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
git rev-parse --verify -q "$rev^{commit}" >/dev/null || { echo "build-rev.sh: no revision $rev" >&2; exit 2; }
src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
git archive "$rev" | tar -x -C "$src"
(cd "$src" && go build -o "$out" .)
