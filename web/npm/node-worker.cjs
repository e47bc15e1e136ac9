// node-worker.cjs: micro-Max 4.1 (umax, the Go port) in a Node worker
// thread, as umax-worker.js runs it in a browser's Web Worker. index.cjs
// starts it; each message from the parent is one or more command lines, as
// text or as bytes (a Uint8Array; null: the end of input), each message to
// it one line of output. The first command chooses the protocol, as the
// native engine's does: "uci" UCI, anything else CECP (XBoard). The
// arguments index.cjs passes (workerData.args) are the engine's command
// line, the native engine's flags.
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");

// The engine's code compiled whole as it loads (by V8's baseline compiler,
// Liftoff), not each function at its first call: otherwise the first
// search waits while every function it reaches is compiled (doc/speed.md).
require("node:v8").setFlagsFromString("--no-wasm-lazy-compilation");

globalThis.fs ??= fs; // Go's own writes (a crash's report) reach standard error
globalThis.crypto ??= require("node:crypto").webcrypto; // Node 18 has it only there
require("./wasm_exec.js");

const waiting = []; // what arrived before the engine ran
let ended = false;  // the end of input arrived before the engine ran
const worker = (globalThis.umaxWorker = {
  chooseProtocol: true,                    // the first command chooses UCI or CECP
  post: (line) => parentPort.postMessage(line), // the engine's output, a line at a time
  receive: null,                           // set by the engine when it runs
  end: null,                               // ditto: the end of input
  schedule: (wake) => setImmediate(wake),  // during a search: wake after the messages waiting
  ready() {                                // called by the engine once receive and end are set
    while (waiting.length > 0) this.receive(waiting.shift());
    if (ended) this.end();
  },
});

parentPort.on("message", (message) => {
  if (message === null) {
    if (worker.end) worker.end();
    else ended = true;
    return;
  }
  const text = message instanceof Uint8Array ? message : String(message); // bytes go as they are
  if (worker.receive) worker.receive(text);
  else waiting.push(text);
});

(async () => {
  const go = new Go();
  go.argv = ["umax", ...(workerData?.args ?? [])]; // the native engine's flags (main.go), as the engine's command line
  let exitCode = 0;
  go.exit = (code) => { exitCode = code; };
  let instance;
  try {
    const wasm = fs.readFileSync(path.join(__dirname, "umax.wasm"));
    ({ instance } = await WebAssembly.instantiate(wasm, go.importObject));
  } catch (err) {
    parentPort.postMessage(`info string umax: cannot load umax.wasm: ${err.message}`);
    process.exit(1);
  }
  await go.run(instance); // until quit or the end of input
  process.exit(exitCode);
})();
