#!/bin/sh
# Makes testdata/lab-openings.epd, the openings of the laboratory's long
# matches (scripts/lab-match.sh -o): testdata/openings.epd's positions, each
# followed by every move micro-Max 4.1 scores within 60 centipawns of level
# at 20,000 nodes (see lab_openings_test.go). The generator needs the
# engine's own code, so it is a test built only with the tag generate, not a
# program of its own.
set -eu
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
go test -count=1 -tags generate -run '^TestWriteLabOpenings$' -v . | grep -v '^=== RUN'
