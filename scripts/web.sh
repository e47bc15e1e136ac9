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
#
# The tests build their own umax.wasm and serve their own copy of web/.
set -eu
cd "$(dirname "$0")/.."
case "${1:-build}" in
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
