#!/usr/bin/env node
// npx umax: micro-Max 4.1 (umax, the Go port) on standard input and
// output, as the native engine runs, with its flags: the first command
// chooses the protocol ("uci" UCI, anything else CECP, as XBoard sends
// "xboard") unless -uci is given, and quit or the end of input ends it.
// The engine runs in a worker thread (index.cjs), so that the lines typed
// reach it while it searches.
"use strict";
const { startEngine } = require("../index.cjs");

// longestLine is the most of one line passed on, in bytes: the engine
// refuses longer lines whole (UCI's limit is 1 MiB, CECP's 4 KiB), so more
// is not kept.
const longestLine = (1 << 20) + 1;

// The arguments are the engine's command line: the native engine's flags
// (-uci, -elo 800, -nodes 50000, -version, bench, ...), which the engine
// reads, and answers a bad one with its usage and exit code 2.
const engine = startEngine({ args: process.argv.slice(2) });
engine.on("line", (line) => process.stdout.write(line + "\n"));
engine.on("exit", (code) => {
  process.exitCode = code;
  process.stdin.destroy(); // nothing more to read: Node ends
});
process.stdout.on("error", () => process.exit(1)); // the reader has gone (EPIPE)

// The input goes on as bytes, whole lines at a time: the engine reads them
// as the native engine reads standard input.
let pending = Buffer.alloc(0); // the start of a line whose end has not come
let cut = false;               // pending is cut at longestLine: the rest of its line is dropped
process.stdin.on("data", (chunk) => {
  const lines = [];
  let start = 0;
  for (let end = chunk.indexOf(10); end >= 0; start = end + 1, end = chunk.indexOf(10, start)) {
    lines.push(cut ? pending : Buffer.concat([pending, chunk.subarray(start, end)]).subarray(0, longestLine));
    pending = Buffer.alloc(0);
    cut = false;
  }
  if (!cut && start < chunk.length) {
    pending = Buffer.concat([pending, chunk.subarray(start)]);
    if (pending.length > longestLine) {
      pending = pending.subarray(0, longestLine);
      cut = true;
    }
  }
  if (lines.length > 0) engine.send(Buffer.concat(lines.flatMap((l) => [l, Buffer.from("\n")])).subarray(0, -1));
});
process.stdin.on("end", () => {
  if (pending.length > 0) engine.send(pending); // a last line without its newline
  engine.end();
});
