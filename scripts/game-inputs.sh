#!/bin/sh
# Makes the game inputs of scripts/bench-vs-c.sh, testdata/games/gameN.100000.in:
# opening lines of testdata/openings.pgn played on by micro-Max 4.1 against
# micro-Max 4.0 at 100,000 nodes a search until the game ends (see
# games_test.go). The games are the same on every machine (about a minute).
set -eu
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
# The generator needs the engine's own code, so it is a test built only with
# the tag generate (games_test.go), not a program of its own.
go test -count=1 -tags generate -run '^TestWriteGameInputs$' -v . | grep games_test
