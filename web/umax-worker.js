// umax-worker.js: micro-Max 4.1 (umax, the Go port) as a Web Worker that
// speaks UCI, as stockfish.js does. It needs umax.wasm and Go's
// wasm_exec.js beside it (scripts/web.sh puts them there).
//
//   const engine = new Worker('umax-worker.js');
//   engine.onmessage = e => console.log(e.data); // one line of output per message
//   engine.postMessage('uci');                   // one command per message
//
// Messages that arrive while the engine loads wait for it. After "quit"
// the worker closes. A worker whose engine fails to load, or ends with an
// error, says so in an "info string" line. The worker's URL may say where
// the two files are, as the npm package's startWorker does (for bundlers
// that rename them): umax-worker.js?wasm=URL&exec=URL. Each arg=FLAG is a
// word of the engine's command line (the native engine's flags): the page
// starts umax-worker.js?arg=-lab, the futility laboratory, whose options a
// player's GUI does not list.
"use strict";
const files = new URLSearchParams(self.location.search);
importScripts(new URL(files.get("exec") ?? "wasm_exec.js", self.location.href).href);

const waiting = [];
self.umaxWorker = {
  post: (line) => postMessage(line), // the engine's output, a line at a time
  receive: null,                     // set by the engine when it runs
  ready() {                          // called by the engine once receive is set
    while (waiting.length > 0 && this.receive) this.receive(waiting.shift());
  },
};

onmessage = (e) => {
  const line = String(e.data);
  if (self.umaxWorker.receive) self.umaxWorker.receive(line);
  else waiting.push(line);
};

(async () => {
  const go = new Go();
  go.argv = ["umax", ...files.getAll("arg")]; // the engine's command line
  const url = new URL(files.get("wasm") ?? "umax.wasm", self.location.href);
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
  } catch (streamingError) { // a server without the application/wasm type
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
      result = await WebAssembly.instantiate(await response.arrayBuffer(), go.importObject);
    } catch (err) {
      postMessage(`info string umax-worker: cannot load umax.wasm: ${err.message}`);
      throw err;
    }
  }
  let exitCode = 0;
  const exit = go.exit;
  go.exit = (code) => { exitCode = code; exit(code); };
  await go.run(result.instance); // until quit
  if (exitCode !== 0) postMessage(`info string umax-worker: the engine ended with exit code ${exitCode}`);
  close();
})();
