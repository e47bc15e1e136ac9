#!/bin/sh
# Builds the browser page's engine: umax.wasm (this package compiled with
# GOOS=js GOARCH=wasm, run in a Web Worker by web/umax-worker.js) and Go's
# wasm_exec.js beside it, in web/. Both are built, not committed
# (.gitignore): wasm_exec.js must come from the Go that built umax.wasm.
# With "serve" it then serves the repository on http://localhost:PORT/
# (8000 unless given; the page is at /web/, and its "how it works" links
# reach the Go files beside it), with python3's static server; any static
# server will do (one without the application/wasm type only makes the
# page load a little slower). doc/web.md says what the page does.
#
#   scripts/web.sh                build web/umax.wasm and web/wasm_exec.js
#   scripts/web.sh serve [PORT]   build, then serve the page on localhost
set -eu
cd "$(dirname "$0")/.."
root=$(go env GOROOT)
GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath -o web/umax.wasm .
cp "$root/lib/wasm/wasm_exec.js" web/wasm_exec.js
echo "web.sh: built web/umax.wasm ($(wc -c <web/umax.wasm) bytes) and web/wasm_exec.js"
if [ "${1:-}" = serve ]; then
  port=${2:-8000}
  if ! command -v python3 >/dev/null; then
    echo "web.sh: serve needs python3 (or serve web/ with any static file server)" >&2
    exit 1
  fi
  echo "web.sh: the page is at http://localhost:$port/web/ (Ctrl-C stops the server)"
  exec python3 -m http.server --bind 127.0.0.1 --directory . "$port"
fi
