#!/bin/sh
# scripts/fastchess.sh [SOURCE]
#
# Builds fastchess, the UCI match runner, from its source (SOURCE, default
# ../shared/vendor/fastchess) into .build/fastchess, which git ignores, once
# per version of the source, and prints the binary's path: the match
# scripts (uci-match.sh, lab-match.sh, strength-calibrate.sh, time-match.sh) run
#
#   fastchess=$(scripts/fastchess.sh)
#
# It needs g++ and make (Debian's packages; it says which is missing). What
# it says goes to standard error; standard output is the path alone.
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
source=${1:-../shared/vendor/fastchess}
for tool in g++ make; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "missing $tool: install the Debian package $tool (apt-get install $tool)" >&2
		exit 1
	fi
done
if [ ! -d "$source/app" ]; then
	echo "no fastchess source in $source (give the scripts a fastchess binary with -f)" >&2
	exit 1
fi
stamp=$(cd "$source" && find . -type f | LC_ALL=C sort | xargs cat | sha256sum | cut -c1-16)
build=$repo/.build/fastchess
if [ ! -x "$build/fastchess" ] || [ "$(cat "$build/.stamp" 2>/dev/null)" != "$stamp" ]; then
	echo "building fastchess from $source (about 90 s on two cores)" >&2
	rm -rf "$build"
	mkdir -p "$build"
	cp -r "$source"/. "$build"
	(cd "$build" && make -j2 >"$build/make.log" 2>&1) || { tail -20 "$build/make.log" >&2; exit 1; }
	echo "$stamp" >"$build/.stamp"
fi
echo "$build/fastchess"
