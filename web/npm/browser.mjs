// umax for web pages: micro-Max 4.1 (umax, the Go port) as a Web Worker
// that speaks UCI, as stockfish.js does: each message to it is a command
// line, each message from it an output line.
//
//   import { startWorker } from "umax";
//   const engine = startWorker();
//   engine.onmessage = (e) => console.log(e.data);
//   engine.postMessage("uci");
//
// The worker loads umax.wasm and wasm_exec.js. Written as new URL(...,
// import.meta.url), the three files are found beside this module unbundled,
// and a bundler that understands that form copies them as assets.

// workerURL is the worker script's URL, for new Worker(workerURL) when the
// worker's two files are served beside it.
export const workerURL = new URL("./umax-worker.js", import.meta.url);

// wasmURL and wasmExecURL are the engine's and Go's loader's URLs.
export const wasmURL = new URL("./umax.wasm", import.meta.url);
export const wasmExecURL = new URL("./wasm_exec.js", import.meta.url);

// startWorker starts the engine in a new Web Worker, telling it where its
// two files are, and returns the Worker.
export function startWorker() {
  const url = new URL(workerURL);
  url.searchParams.set("wasm", wasmURL.href);
  url.searchParams.set("exec", wasmExecURL.href);
  return new Worker(url);
}
