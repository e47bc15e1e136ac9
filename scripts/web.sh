#!/bin/sh
# The browser page (web/, doc/web.md). Builds the page's engine: umax.wasm
# (this package compiled with GOOS=js GOARCH=wasm, run in a Web Worker by
# web/umax-worker.js) and Go's wasm_exec.js beside it, in web/. Both are
# built, not committed (.gitignore): wasm_exec.js must come from the Go
# that built umax.wasm.
#
#   scripts/web.sh                 build web/umax.wasm and web/wasm_exec.js
#   scripts/web.sh serve [PORT]    build, then serve the repository on
#                                  http://localhost:PORT/ (8000 unless given)
#                                  with scripts/serve.go (Go's file server):
#                                  the page is at /web/, and its "how it works"
#                                  links reach the Go files; any static server
#                                  will do
#   scripts/web.sh test            the browser tests in headless Chromium
#                                  (web/browsertest; Debian: apt-get install chromium)
#   scripts/web.sh screenshots     the same, saving the screenshots of the
#                                  README and doc/web.md into doc/
#   scripts/web.sh speed [N]       the worker's speed against the native
#                                  engine's on the bench positions, N times (3)
#   scripts/web.sh pack [VERSION [DIR]]
#                                  the npm package (web/npm/README.md):
#                                  DIR/umax-VERSION.tgz (DIR: dist), its
#                                  engine named with VERSION (a semantic
#                                  version, as npm wants; 0.0.0-dev unless
#                                  given). Needs npm, not the network.
#
# The tests build their own umax.wasm and serve their own copy of web/.
set -eu
cd "$(dirname "$0")/.."
case "${1:-build}" in
pack)
  version=${2:-0.0.0-dev}
  # A semantic version: npm takes no other, and the engine's name shows it.
  if ! printf '%s\n' "$version" | grep -Eqx '(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?'; then
    echo "web.sh: pack wants a semantic version such as 1.0.0 or 1.1.0-beta.1, not $version" >&2
    exit 2
  fi
  command -v npm >/dev/null || { echo "web.sh: pack needs npm (Debian: apt-get install npm)" >&2; exit 2; }
  stage=$(mktemp -d)
  trap 'rm -rf "$stage"' EXIT
  cp -R web/npm/. "$stage/"
  cp web/umax-worker.js "$stage/"
  # The engine as release.sh builds it: reproducible, named with the version.
  GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath -buildvcs=false \
    -ldflags "-s -w -X main.version=$version" -o "$stage/umax.wasm" .
  root=$(go env GOROOT)
  cp "$root/lib/wasm/wasm_exec.js" "$stage/"
  chmod 644 "$stage/umax.wasm"
  {
    cat <<'CREDITS'
umax is H.G. Muller's micro-Max 4.1 ported to Go, statement for statement;
umax.wasm is that port compiled to WebAssembly. micro-Max 4.1 and its
futility pruning are described, with the listing, on H.G. Muller's pages
https://home.hccnet.nl/h.g.muller/futile.html (Micro-Max 4: Futility Pruning)
and https://home.hccnet.nl/h.g.muller/max-src2.html (micro-Max). The MIT
License below covers the port's own code only; it does not cover micro-Max's
listing, which this package does not contain and whose terms are
H.G. Muller's.

wasm_exec.js, and the Go runtime and standard library compiled into
umax.wasm, are the Go Authors', under Go's BSD license, which follows the
MIT License.

CREDITS
    cat LICENSE
    printf '\n---\n\nGo (wasm_exec.js; the Go runtime and standard library in umax.wasm):\n\n'
    cat "$root/LICENSE"
  } >"$stage/LICENSE"
  out=${3:-dist}
  mkdir -p "$out"
  out=$(cd "$out" && pwd)
  rm -f "$out/umax-$version.tgz"
  (cd "$stage" && npm pkg set "version=$version" && npm pack --silent --pack-destination "$out" >/dev/null)
  echo "web.sh: built $out/umax-$version.tgz ($(wc -c <"$out/umax-$version.tgz") bytes)"
  exit 0 ;;
test)
  cd web/browsertest && exec env UMAX_FULL=1 go test -count=1 -timeout 30m -v . ;;
screenshots)
  cd web/browsertest && exec env UMAX_FULL=1 go test -count=1 -v -run 'TestPage|TestStepper' . -args -screenshots ;;
speed)
  cd web/browsertest && exec env UMAX_FULL=1 go test -count=1 -v -run 'TestWorkerSpeed' -timeout 60m . -args -speed "${2:-3}" ;;
esac
root=$(go env GOROOT)
GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath -o web/umax.wasm .
cp "$root/lib/wasm/wasm_exec.js" web/wasm_exec.js
echo "web.sh: built web/umax.wasm ($(wc -c <web/umax.wasm) bytes) and web/wasm_exec.js"
if [ "${1:-}" = serve ]; then
  port=${2:-8000}
  echo "web.sh: the page is at http://localhost:$port/web/"
  exec go run scripts/serve.go -port "$port" .
fi
