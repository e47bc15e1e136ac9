#!/bin/sh
# Draws the tree of one root iteration of micro-Max's search with -tree and
# Graphviz: thinking for Black after 1.e4, the 3-ply iteration (or PLIES),
# once with futility pruning (micro-Max 4.1) and once without (4.0's
# search, -futility=false). It writes the DOT and the SVG of each into doc/:
#
#   doc/tree-e4-41.dot, doc/tree-e4-41.svg    micro-Max 4.1
#   doc/tree-e4-40.dot, doc/tree-e4-40.svg    micro-Max 4.0
#
# doc/laboratory.md shows the SVGs; TestTreeImages checks that the DOT files are
# what the engine writes now (rerun this script when it fails).
#
#   scripts/tree-images.sh [PLIES]      (needs Graphviz: apt-get install graphviz)
set -eu
plies=${1:-3}
cd "$(dirname "$0")/.."
if ! command -v dot >/dev/null; then
  echo "tree-images.sh: needs Graphviz's dot (Debian: apt-get install graphviz)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/umax" .
mkdir -p doc
for version in 41 40; do
  futility=true
  [ "$version" = 40 ] && futility=false
  out=doc/tree-e4-$version
  printf 'e2e4\n\n' | "$tmp/umax" -classic -futility=$futility -tree "$plies" -tree-out "$out.dot" >/dev/null
  # Graphviz's comments and tooltips (<title>) only add bytes: left out;
  # the font and the most common size are set once, for the whole graph.
  dot -Tsvg "$out.dot" | sed -e '/^<!-- .* -->$/d' -e '/^<title>.*<\/title>$/d' \
    -e 's/ font-family="Helvetica,sans-Serif"//' -e 's/ font-size="9.00"//' \
    -e 's/^<g id="graph0" class="graph"/& font-family="Helvetica,sans-Serif" font-size="9.00"/' >"$out.svg"
  nodes=$(grep -c '^	[a-z][0-9_]* \[' "$out.dot")
  edges=$(grep -c ' -> ' "$out.dot")
  echo "$out.svg: $nodes boxes, $edges edges, $(wc -c <"$out.svg") bytes"
done
