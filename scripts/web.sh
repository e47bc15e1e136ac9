#!/bin/sh
# The browser page (web/, doc/web.md). Builds the page's engine: umax.wasm
# (this package compiled with GOOS=js GOARCH=wasm, run in a Web Worker by
# web/umax-worker.js) and Go's wasm_exec.js beside it, in web/. Both are
# built, not committed (.gitignore): wasm_exec.js must come from the Go
# that built umax.wasm.
#
#   scripts/web.sh                 build web/umax.wasm and web/wasm_exec.js
#   scripts/web.sh serve [PORT [ADDRESS]]
#                                  build, then serve the repository with
#                                  scripts/serve.go (Go's file server) on
#                                  ADDRESS, port PORT (127.0.0.1 and 8000
#                                  unless given; 0.0.0.0 serves every address,
#                                  as a container or a VM needs; port 0 any
#                                  free one): the page is at /web/, and its
#                                  "how it works" links reach the Go files.
#                                  It names the page's address once it
#                                  listens; a port taken it says so (exit
#                                  status 1); Ctrl-C or SIGTERM ends it and
#                                  the server with it. Any static server will
#                                  do as well
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
#                                  package.json's repository, homepage
#                                  and bugs come from UMAX_REPOSITORY or
#                                  the origin remote's address.
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
  # package.json's repository, homepage and bugs: the repository's public
  # address, UMAX_REPOSITORY or the origin remote's (git@host:owner/name.git
  # read as https://host/owner/name); none without either, or when origin
  # is no public address (a clone of a local path: a path, or file://),
  # which the package then says it leaves out.
  origin=$(git remote get-url origin 2>/dev/null || :)
  repo=${UMAX_REPOSITORY:-$origin}
  repo=$(printf '%s\n' "$repo" | sed -E 's#^git@([^:]+):#https://\1/#; s#^(ssh|git)://(git@)?#https://#; s#\.git$##')
  case $repo in
  https://*)
    (cd "$stage" && npm pkg set "repository.type=git" "repository.url=git+$repo.git" \
      "homepage=$repo#readme" "bugs.url=$repo/issues") ;;
  "") echo "web.sh: no origin remote and no UMAX_REPOSITORY=https://...: package.json names no repository, homepage or bugs" >&2 ;;
  *) echo "web.sh: ${UMAX_REPOSITORY:+UMAX_REPOSITORY}${UMAX_REPOSITORY:-the origin remote} is $repo, no public https address (a local clone's?): package.json names no repository, homepage or bugs (UMAX_REPOSITORY=https://... names them)" >&2 ;;
  esac
  (cd "$stage" && npm pkg set "version=$version" && npm pack --silent --pack-destination "$out" >/dev/null)
  echo "web.sh: built $out/umax-$version.tgz ($(wc -c <"$out/umax-$version.tgz") bytes)"
  exit 0 ;;
test)
  cd web/browsertest && exec env UMAX_FULL=1 go test -count=1 -timeout 30m -v . ;;
screenshots)
  cd web/browsertest && exec env UMAX_FULL=1 go test -count=1 -v -run 'TestPage|TestStepper|TestLearn' . -args -screenshots ;;
speed)
  cd web/browsertest && exec env UMAX_FULL=1 go test -count=1 -v -run 'TestWorkerSpeed' -timeout 60m . -args -speed "${2:-3}" ;;
esac
root=$(go env GOROOT)
GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath -o web/umax.wasm .
cp "$root/lib/wasm/wasm_exec.js" web/wasm_exec.js
echo "web.sh: built web/umax.wasm ($(wc -c <web/umax.wasm) bytes) and web/wasm_exec.js"
if [ "${1:-}" = serve ]; then
  port=${2:-8000}
  addr=${3:-127.0.0.1}
  # The server is a program of its own, built here and run as this
  # script's child, not under go run: go run would not pass SIGTERM on, and
  # its server would go on holding the port. The script passes Ctrl-C and
  # SIGTERM on to the server (which, in the background, would not get
  # Ctrl-C), waits for it to end, and removes the program.
  bin=$(mktemp -d)
  trap 'rm -rf "$bin"' EXIT
  go build -o "$bin/serve" scripts/serve.go
  "$bin/serve" -addr "$addr" -port "$port" -page /web/ . &
  server=$!
  stopping=
  trap 'stopping=1; kill -TERM "$server" 2>/dev/null || :' INT TERM HUP
  status=0
  wait "$server" || status=$?
  if [ -n "$stopping" ]; then # a signal ended the wait: now the server's end
    status=0
    wait "$server" || status=$?
  fi
  exit "$status"
fi
