// umax for Node: micro-Max 4.1 (umax, the Go port) in a worker thread,
// lines in and lines out.
//
//   const { startEngine } = require("umax");
//   const engine = startEngine();   // or startEngine({ args: ["-elo", "800"] })
//   engine.on("line", (line) => console.log(line));
//   engine.send("uci");
//
// The engine is node-worker.cjs running umax.wasm. Its first command
// chooses the protocol, as the native engine's does: "uci" UCI, anything
// else CECP (XBoard). Every search counts the nodes the native engine
// counts, and so the C program.
"use strict";
const { Worker } = require("node:worker_threads");
const { EventEmitter } = require("node:events");
const path = require("node:path");

// Engine is one engine in a worker thread of its own. Events: "line" (a
// line the engine wrote, without its newline) and "exit" (the exit code).
class Engine extends EventEmitter {
  #worker;
  #running = true;

  // options.args are the engine's command line: the native engine's flags
  // (-elo 800, -uci, -nodes 50000, ...), strings.
  constructor(options = {}) {
    super();
    const args = Array.from(options.args ?? [], String);
    this.#worker = new Worker(path.join(__dirname, "node-worker.cjs"), { workerData: { args } });
    this.#worker.on("message", (line) => this.emit("line", line));
    this.#worker.on("error", (err) => { // a failure of the thread itself, not bad input
      if (this.listenerCount("error") > 0) this.emit("error", err);
      else console.error("umax:", err);
    });
    // exited: a promise of the exit code, kept once the thread has ended
    // (after quit, the end of input, or terminate), after its last line.
    this.exited = new Promise((resolve) => {
      this.#worker.on("exit", (code) => {
        this.#running = false;
        this.emit("exit", code);
        resolve(code);
      });
    });
  }

  // running says whether the thread still runs.
  get running() { return this.#running; }

  // send passes text to the engine: one command line, or several separated
  // by newlines; a Uint8Array (a Buffer) is taken as the bytes of lines, as
  // standard input is. It returns false once the thread has ended.
  send(text) {
    if (!this.#running) return false;
    this.#worker.postMessage(text instanceof Uint8Array ? text : String(text));
    return true;
  }

  // end ends the input, as the end of standard input does: a search running
  // is stopped (UCI: with its bestmove) and the engine ends.
  end() {
    if (this.#running) this.#worker.postMessage(null);
  }

  // waitFor resolves with the next line the test accepts: a string the line
  // starts with, a RegExp, or a function of the line. It rejects if the
  // engine ends first, so that it never waits for ever.
  waitFor(test) {
    const accepts = typeof test === "function" ? test
      : test instanceof RegExp ? (line) => test.test(line)
      : (line) => line.startsWith(String(test));
    return new Promise((resolve, reject) => {
      if (!this.#running) {
        reject(new Error("umax: the engine has ended"));
        return;
      }
      const onLine = (line) => {
        if (!accepts(line)) return;
        this.off("exit", onExit);
        this.off("line", onLine);
        resolve(line);
      };
      const onExit = (code) => {
        this.off("line", onLine);
        reject(new Error(`umax: the engine ended (exit code ${code})`));
      };
      this.on("line", onLine);
      this.once("exit", onExit);
    });
  }

  // terminate ends the thread at once, in the middle of a search if need be.
  terminate() { return this.#worker.terminate(); }
}

// startEngine starts an engine in a worker thread of its own; options.args
// are its command line (the native engine's flags).
function startEngine(options) { return new Engine(options); }

module.exports = { startEngine, Engine };
