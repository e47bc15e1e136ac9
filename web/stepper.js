// stepper.js: one iteration of micro-Max's search, a step at a time, beside
// its code. The engine records the iteration in a worker of its own (umax
// record, then umax tree and umax steps: treejson.go) and sends the source
// of its literal search with the lines each kind of step lights (umax
// source: stepsource.go); the page walks the steps. A step is what the
// search did at a node of the recorded tree: a call begins (the table is
// looked up), an iteration begins, a move is made (and searched, or cut),
// a new best, a cut-off, the iteration's end (stored in the table), the
// call's return.

import { Chessboard } from "./vendor/cm-chessboard/src/Chessboard.js";
import { Markers, MARKER_TYPE } from "./vendor/cm-chessboard/src/extensions/markers/Markers.js";
import { Engine, labWorker } from "./engine.js";
import { showTree, openPath, isIllegal, ILLEGAL_NOTE, INFINITY, value } from "./treeview.js";

export { value };

const $ = (id) => document.getElementById(id);

// recordSearches searches a position (a UCI position command) in a worker
// of its own, once per setting (options by name), each from an empty table
// as a freshly started micro-Max would, recording the plies-ply iteration
// of each. It returns each search's tree and steps, the diff of the last
// two (if diff), the source (if source), and the times taken; the worker
// ends after. A position the engine refuses throws its reason.
export async function recordSearches(position, plies, settings, { diff = false, source = false } = {}) {
  const times = { start: performance.now() };
  const worker = new Engine(labWorker);
  try {
    await worker.ask("uci", "uciok");
    times.ready = performance.now();
    const refusals = [];
    worker.listen((l) => { if (l.includes("refused")) refusals.push(l.replace(/^info string /, "")); });
    worker.send(`umax record ${plies}`);
    const out = { runs: [], times };
    for (const setting of settings) {
      for (const [name, value] of Object.entries(setting)) worker.send(`setoption name ${name} value ${value}`);
      // A new worker's engine is a freshly started micro-Max: its table empty.
      // ucinewgame empties it for the next search (writing all of its 144 MiB).
      if (out.runs.length > 0) worker.send("ucinewgame");
      worker.send(position);
      await worker.ask("isready", "readyok");
      times.set = performance.now();
      if (refusals.length > 0) throw new Error(refusals[0].replace(/^position fen /, ""));
      await worker.ask(`go depth ${plies}`, "bestmove");
      times.go = performance.now();
      const tree = await worker.askJSON("umax tree");
      times.tree = performance.now();
      if (tree.error) throw new Error(tree.error);
      const steps = await worker.askJSON("umax steps");
      times.steps = performance.now();
      out.runs.push({ tree, steps, setting });
    }
    times.searched = performance.now();
    if (diff) out.diff = await worker.askJSON("umax diff");
    if (source) out.source = await worker.askJSON("umax source");
    times.done = performance.now();
    return out;
  } finally {
    worker.terminate();
  }
}

// The kinds of step "run to the next" stops at.
const stopAt = {
  best: (s) => s[0] === "best",
  cut: (s) => s[0] === "cut",
  futile: (s) => s[0] === "move" && s[6] === "futile",
  hash: (s, nodes) => s[0] === "enter" && nodes[s[1]].tableDepth > 0,
  lab: (s) => s[0] === "move" && s[6] !== "searched" && s[6] !== "futile",
  leave: (s) => s[0] === "leave",
  enter: (s) => s[0] === "enter",
};

// stepSummary says in a few words what a step (an array of umax steps) does.
export function stepSummary(s) {
  if (!s) return "has no more steps";
  switch (s[0]) {
    case "iterate": return `begins iteration d=${s[3]}`;
    case "pass": return `ends an earlier iteration d=${s[3]} with m=${value(s[4])}, ${s[6]} nodes`;
    case "enter": return "enters a node";
    case "move": return `makes ${s[9]} (v=${value(s[4])}, f=${value(s[5])}): ${s[6] === "searched" ? "searched" : "cut: " + s[6]}`;
    case "reply": return `gets a reply's score ${value(s[4])}`;
    case "best": return `finds a new best m=${value(s[3])} by ${s[5]}`;
    case "cut": return `cuts off at m=${value(s[3])}`;
    case "store": return `ends iteration d=${s[3]} with m=${value(s[4])}`;
    case "leave": return `returns ${value(s[4])}`;
  }
  return s[0];
}

// TERM_NAMES name the terms of a move's v (umax steps: tree.go's moveTerms).
const TERM_NAMES = ["centre", "pawns", "castling", "victim", "promotion"];

// termsText writes a move's evaluation in its terms: v = e + centre table +
// pawn structure + castling + victim + promotion, the zero terms but the
// centre's left out.
export function termsText(e, terms, v) {
  if (!terms) return `v=${value(v)}`;
  const parts = terms.map((t, i) => [TERM_NAMES[i], t]).filter(([name, t]) => t !== 0 || name === "centre");
  return `v = e ${value(e)} ${parts.map(([name, t]) => `${t < 0 ? "−" : "+"} ${name} ${Math.abs(t)}`).join(" ")} = ${value(v)}`;
}

// labTest says a laboratory rule's test (lab.go) with the numbers that
// decided it: s, micro-Max's v, f and l of the move, e of its node, the
// setting's frontier margin and the laboratory's constants (umax source).
export function labTest(rule, { s, v, f, l, e }, setting, margins) {
  const M = Number(setting["Futility Margin"] || 0);
  const ext = margins.extended ?? 495, agg = margins.aggressive ?? 50, pos = margins.posMargin ?? 30, late = margins.lateMoveBase ?? 3;
  switch (rule) {
    case "futile": return `frontier futility with margin M=${M}: s=${s} and v + M ≤ f, ${v} + ${M} = ${v + M} ≤ ${value(f)}`;
    case "extended": return `extended futility: s=2 and v + ${ext} ≤ f, ${v} + ${ext} = ${v + ext} ≤ ${value(f)}, no check given or evaded, no mate score in the window`;
    case "deep": return `deep futility: s=${s} (2 or 3) and f − v − ${pos} = ${f - v - pos} is more than the mover's next move could gain (the opponent's best piece after the move, or a promotion), and the move gives no check`;
    case "aggressive": return `aggressive futility: s=2, a quiet move of the opponent, v > l + ${agg}: ${v} > ${value(l)} + ${agg} = ${l + agg}; the move scores l, a fail high`;
    case "goose": case "goose-legal": case "goose-refined":
      return `a goose chase (${rule}): d=1, a recapture by a more valuable piece of a victim the opponent can take back (protected${rule === "goose-legal" ? " by a legal recapture" : rule === "goose-refined" ? ", pruned for good" : ""})`;
    case "late": return `late move pruning: s=${s} ≤ 2, a quiet move (no capture, not the table's, no check) after ${late} + s² = ${late + s * s} moves of its node's iteration`;
    case "general": return `general deep futility: f − e − 2·${pos} = ${f - e - 2 * pos} ≥ the opponent's two best pieces, no check`;
    case "weak": return `weak general deep futility: f − e − 2·${pos} = ${f - e - 2 * pos}, enough with the opponent's queen left out, no check, no pinned queen`;
    case "overkill": return `over-kill: s=${s} ≤ 2 and v − ${pos} − (the opponent's best gain next) ≥ l, with v − ${pos} = ${v - pos} and l = ${value(l)}; the move scores l`;
    case "goose-budget": return "the goose budget: d=1, a goose chase its branch's budget cannot pay";
  }
  return `the rule ${rule}`;
}

// square88 is a square's 0x88 number (a8 = 0, h1 = 119), squareName88 its name.
export function square88(name) { return (8 - Number(name[1])) * 16 + "abcdefgh".indexOf(name[0]); }
export function squareName88(sq) { return "abcdefgh"[sq & 7] + (8 - (sq >> 4)); }
const hex = (n) => `0x${(n & 0xff).toString(16).padStart(2, "0")}`;

// pieceName names micro-Max's piece byte u: its colour (8, 16) and type (u & 7).
function pieceName(u) {
  const type = ["", "pawn", "pawn", "knight", "king", "bishop", "rook", "queen"][u & 7];
  return `${u & 8 ? "a white" : "a black"} ${type}`;
}

// stepName says which way a step of the 0x88 board goes: 16 is a rank down the board (towards White).
function stepName(r) {
  const names = { "-16": "up a rank", 16: "down a rank", 1: "a file right", "-1": "a file left", "-15": "up and right", "-17": "up and left",
    15: "down and left", 17: "down and right", 14: "a knight's", 18: "a knight's", 31: "a knight's", 33: "a knight's",
    "-14": "a knight's", "-18": "a knight's", "-31": "a knight's", "-33": "a knight's" };
  return names[r] || "a step";
}

// scanParts are the parts of umax source's scan map an event of the board scan lights.
function scanParts(e) {
  switch (e[0]) {
    case "start": return ["scan-start"];
    case "square": return ["scan-square"];
    case "dir": return ["scan-dir"];
    case "target": {
      const parts = [e[7] ? "scan-hash" : "scan-step"];
      if (e[6] === "off") parts.push("scan-off");
      else {
        if (e[10]) parts.push("scan-castling");
        parts.push(e[6] === "own" || e[6] === "pawn" ? "scan-own" : e[6] === "king" ? "scan-king" : e[6] === "skip" ? "scan-skip" : "scan-move");
      }
      return parts;
    }
    case "ray": return ["scan-ray"];
    case "next": case "done": return ["scan-next"];
    case "break": return ["cut"];
  }
  return [];
}

// sourceLine is line i (from 0) of a source pane: its number and its text.
function sourceLine(text, i) {
  const line = document.createElement("div");
  line.className = "src-line";
  line.dataset.line = i + 1;
  const number = document.createElement("span");
  number.className = "ln";
  number.textContent = String(i + 1).padStart(3);
  line.append(number, " ", text.replace(/\t/g, "  "));
  return line;
}

// kingSquare is the square of colour's king ("w" or "b") in a FEN.
export function kingSquare(fen, colour) {
  const rows = fen.split(" ")[0].split("/");
  const king = colour === "w" ? "K" : "k";
  for (let r = 0; r < 8; r++) {
    let file = 0;
    for (const c of rows[r]) {
      if (c >= "1" && c <= "8") { file += Number(c); continue; }
      if (c === king) return "abcdefgh"[file] + (8 - r);
      file++;
    }
  }
  return "";
}

// Stepper is the stepper's part of the page: the board, what the step is,
// the numbers of its node, the source, the controls and the tree.
export class Stepper {
  // engine: the page's engine (engine.js), which answers umax scan for the
  // board scan (stepscan.go) at once, also while it searches.
  constructor({ engine = null } = {}) {
    this.engine = engine;
    this.scan = null;       // the board scan shown: {node, it, events, i}, or null
    this.run = null;        // {tree, steps, setting}: the iteration shown
    this.k = 0;             // the step shown
    this.history = [];      // the steps shown before each jump, for "back"
    this.board = null;      // made when first shown (a hidden board has no size)
    this.shownNode = -1;    // the node whose position is on the board
    this.lit = [];          // the source lines lit
    this.sourceText = null; // the source shown
    this.onShow = null;     // called at every show with its where (learn.js)
    // words appends a text of the stepper's to an element; learn.js makes it
    // link the glossary's terms, once in a text (seen: those linked in it so far).
    this.words = (el, text) => el.append(text);
    $("step-into").addEventListener("click", () => this.go(this.k + 1));
    $("step-back").addEventListener("click", () => this.go(this.k - 1));
    $("step-over").addEventListener("click", () => this.go(this.over(this.k)));
    $("step-out").addEventListener("click", () => this.go(this.out(this.k)));
    $("step-run").addEventListener("click", () => this.runToNext($("step-kind").value));
    $("step-return").addEventListener("click", () => {
      if (this.history.length > 0) this.go(this.history.pop());
      this.showHistory();
    });
    $("step-find").addEventListener("click", () => this.findInTree());
    const goto = () => { const n = Number($("step-goto").value); if (this.run && Number.isInteger(n) && n >= 1) this.go(n - 1, true); };
    $("step-goto-button").addEventListener("click", goto);
    $("step-goto").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); goto(); } });
    document.addEventListener("keydown", (e) => { if (this.key(e)) e.preventDefault(); });
    $("step-scan").addEventListener("click", () => this.openScan());
    $("scan-back").addEventListener("click", () => this.scanGo(this.scan.i - 1));
    $("scan-next").addEventListener("click", () => this.scanGo(this.scan.i + 1));
    $("scan-move").addEventListener("click", () => {
      const e = this.scan.events;
      let i = this.scan.i + 1;
      while (i < e.length - 1 && e[i].step === undefined && e[i][0] !== "break") i++;
      this.scanGo(i);
    });
    $("scan-step").addEventListener("click", () => {
      const e = this.scan.events[this.scan.i];
      if (e.step !== undefined) { this.closeScan(); this.go(e.step, true); }
    });
    $("scan-close").addEventListener("click", () => this.closeScan());
  }

  // key steps by the keyboard: → into, ← back, ↓ over, ↑ out, while the
  // stepper shows an iteration on the screen and no field has the focus.
  // It says whether it took the key; a page part that owns the keys while
  // it shows (a lesson) calls preventDefault first, and the stepper leaves them.
  key(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !this.run) return false;
    const target = e.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) return false;
    const view = $("step-view");
    if (view.hidden || view.closest("#learn")) return false; // in a lesson the course has the keys (learn.js)
    const r = view.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= window.innerHeight) return false;
    if (this.scan) {
      switch (e.key) {
        case "ArrowRight": this.scanGo(this.scan.i + 1); return true;
        case "ArrowLeft": this.scanGo(this.scan.i - 1); return true;
        case "Escape": this.closeScan(); return true;
      }
      return false;
    }
    const last = this.run.steps.steps.length - 1;
    switch (e.key) {
      case "ArrowRight": this.go(this.k + 1); return true;
      case "ArrowLeft": this.go(this.k - 1); return true;
      case "ArrowDown": if (this.k < last) this.go(this.over(this.k)); return true;
      case "ArrowUp": if (this.k < last) this.go(this.out(this.k)); return true;
    }
    return false;
  }

  // show opens a recorded iteration at its first step, or at the first
  // step of node, or at step. onShow, if set, is told where (the course,
  // learn.js, passes learn: true, and takes the view back otherwise).
  show(run, source, where = {}) {
    const { node = 0, step = -1 } = where;
    this.onShow?.(where);
    const boxEl = $("step-view");
    boxEl.hidden = false;
    if (!this.board) {
      this.board = new Chessboard($("step-board"), {
        position: run.steps.fen,
        assetsUrl: "vendor/cm-chessboard/assets/",
        style: { pieces: { file: "pieces/standard.svg" }, animationDuration: 0 },
        extensions: [{ class: Markers }],
      });
    }
    this.run = run;
    // The steps' nodes: the tree's, then the calls inside its quiescence
    // boxes (umax steps' inner nodes), which the tree counts in its boxes.
    this.nodes = run.tree.tree.concat(run.steps.inner || []);
    this.treeSize = run.tree.tree.length;
    this.prepare();
    if (source && source.text !== this.sourceText) this.showSource(source);
    this.source = source || this.source;
    this.history = [];
    this.showHistory();
    this.shownNode = -1;
    const view = $("step-tree");
    view.replaceChildren();
    showTree(view, run.tree, (i) => this.jumpTo(i));
    this.go(step >= 0 ? step : node > 0 ? this.enterStep[node] : 0);
  }

  // prepare computes, for every step, its node's ply, its iteration and its
  // best so far, and where each node is entered and left.
  prepare() {
    const steps = this.run.steps.steps;
    const nodes = this.nodes;
    this.ply = new Int32Array(nodes.length);
    for (let i = 1; i < nodes.length; i++) this.ply[i] = this.ply[nodes[i].parent] + 1;
    this.enterStep = new Int32Array(nodes.length).fill(-1);
    this.leaveStep = new Int32Array(nodes.length).fill(steps.length - 1);
    this.enterStep[0] = 0;
    this.iter = new Int32Array(steps.length);
    this.best = new Array(steps.length);
    const now = nodes.map(() => ({ d: 0, m: null, move: "", san: "" }));
    steps.forEach((s, k) => {
      const node = s[1];
      switch (s[0]) {
        case "enter": this.enterStep[node] = k; break;
        case "leave": this.leaveStep[node] = k; break;
        case "iterate": now[node] = { d: s[3], m: s[4], move: "", san: "" }; break;
        case "best": now[node] = { d: now[node].d, m: s[3], move: s[4], san: s[5] }; break;
      }
      this.iter[k] = now[node].d;
      this.best[k] = now[node];
    });
  }

  // over is the step after step k's subtree: at a call's entry, its return;
  // at a move searched, the next step of its node after the reply's search.
  over(k) {
    const steps = this.run.steps.steps;
    const s = steps[k];
    if (s[0] === "enter") return this.leaveStep[s[1]];
    const ply = this.ply[s[1]];
    for (let j = k + 1; j < steps.length; j++) if (this.ply[steps[j][1]] <= ply) return j;
    return steps.length - 1;
  }

  // out is the return of step k's node, or from there the next step of its parent.
  out(k) {
    const steps = this.run.steps.steps;
    const node = steps[k][1];
    if (k < this.leaveStep[node]) return this.leaveStep[node];
    const ply = this.ply[node];
    for (let j = k + 1; j < steps.length; j++) if (this.ply[steps[j][1]] < ply) return j;
    return steps.length - 1;
  }

  // runToNext goes to the next step of a kind (stopAt), if there is one.
  runToNext(kind) {
    const steps = this.run.steps.steps;
    for (let j = this.k + 1; j < steps.length; j++) {
      if (stopAt[kind](steps[j], this.nodes)) { this.go(j, true); return; }
    }
    $("step-note").textContent = `No ${$("step-kind").selectedOptions[0].text} after this step.`;
  }

  // jumpTo shows node i's first step (from the tree), remembering where it was.
  jumpTo(i) {
    this.go(i > 0 ? this.enterStep[i] : 0, true);
  }

  // findInTree opens the tree view at the node shown.
  findInTree() {
    const item = openPath($("step-tree"), this.run.tree, this.boxOf(this.run.steps.steps[this.k][1]));
    $("step-tree-box").open = true;
    this.markTree();
    item?.scrollIntoView({ block: "center" });
  }

  showHistory() {
    $("step-return").disabled = this.history.length === 0;
  }

  // openScan shows the board scan of the iteration of the node shown: the
  // iteration the step is in (at a node's entry, its first), as umax scan
  // walks it, cut where the search's cut-off stopped it.
  async openScan() {
    const steps = this.run.steps.steps;
    const node = steps[this.k][1];
    let it = -1;
    for (let j = this.k; j >= this.enterStep[node] && it < 0; j--) if (steps[j][1] === node && steps[j][0] === "iterate") it = j;
    for (let j = this.k; j <= this.leaveStep[node] && it < 0; j++) if (steps[j][1] === node && steps[j][0] === "iterate") it = j;
    if (it < 0) { $("step-note").textContent = "This node ran no iteration (the table answered it): it scanned nothing."; return; }
    if (!this.engine) { $("step-note").textContent = "No engine to walk the scan."; return; }
    const s = steps[it];
    const n = this.nodes[node];
    const lastTo = node === 0 ? 8 : n.move ? square88(n.move.slice(2, 4)) : 128;
    const answer = await this.engine.askJSON(`umax scan ${s[5]} ${s[6]} ${s[3]} ${lastTo} ${this.run.steps.eps[node]} ${this.run.steps.boards[node]}`);
    if (answer.error) { $("step-note").textContent = `No scan: ${answer.error}.`; return; }
    this.go(it);
    this.scan = { node, it, lastTo, events: this.cutScan(answer.events, node, it, lastTo), i: 0 };
    $("scan-box").hidden = false;
    this.scanGo(0);
  }

  // cutScan ends a scan's events where the search's scan ended: at the
  // first square a move could go to once the best m reached l (a cut-off,
  // or a king capture), as the search's steps say; and ties each move the
  // scan makes to its step in the search.
  cutScan(events, node, it, lastTo) {
    const steps = this.run.steps.steps;
    const beta = this.nodes[node].beta;
    const moves = []; // the iteration's moves: their steps, and the best after each
    for (let j = it + 1; j <= this.leaveStep[node]; j++) {
      const x = steps[j];
      if (x[1] !== node) continue;
      if (x[0] === "move") moves.push({ step: j, best: null });
      else if (x[0] === "best" && moves.length > 0) moves[moves.length - 1].best = x[3];
      else if (x[0] === "store") break;
    }
    let best = steps[it][4]; // -∞, or e at depth 1 (standing pat)
    let made = 0;
    const out = [];
    for (const e of events) {
      out.push(e);
      if (e[0] !== "target") continue;
      const result = e[6];
      if (e[10] || result === "king") best = INFINITY; // bad castling, a king capture
      if (result === "move" || result === "skip" || result === "king") {
        if (best >= beta) {
          out.push(["break", e[1], e[2], best, beta]);
          return out;
        }
        if (result === "move" || result === "king" && steps[it][3] - (e[2] !== lastTo ? 1 : 0) !== 0) {
          const m = moves[made++];
          if (m) { e.step = m.step; if (m.best !== null) best = m.best; }
        }
      }
    }
    return out;
  }

  // closeScan leaves the board scan for the search's steps.
  closeScan() {
    this.scan = null;
    $("scan-box").hidden = true;
    $("step-view").dataset.scan = "";
    this.render();
  }

  // scanGo shows event i of the board scan: the squares on the board, what
  // the scan does in words, and its lines of search_literal.go lit.
  scanGo(i) {
    const sc = this.scan;
    sc.i = Math.max(0, Math.min(i, sc.events.length - 1));
    const e = sc.events[sc.i];
    const view = $("step-view");
    view.dataset.scan = sc.i;
    view.dataset.scanKind = e[0];
    view.dataset.scanResult = e[0] === "target" || e[0] === "ray" ? e[e[0] === "target" ? 6 : 3] : "";
    view.dataset.scanStep = e.step ?? "";
    $("scan-where").textContent = `event ${sc.i + 1} of ${sc.events.length}, node ${sc.node === 0 ? "the root" : "#" + sc.node}, iteration d=${this.run.steps.steps[sc.it][3]}`;
    $("scan-back").disabled = sc.i === 0;
    $("scan-next").disabled = sc.i === sc.events.length - 1;
    $("scan-step").disabled = e.step === undefined;
    this.board.removeMarkers();
    const mark = (type, sq) => { if (sq >= 0 && (sq & 0x88) === 0) this.board.addMarker(type, squareName88(sq)); };
    if (e[0] !== "start" && e[0] !== "done") mark(MARKER_TYPE.circlePrimary, e[1]);
    if (e[0] === "target" || e[0] === "ray" || e[0] === "break") mark(e[0] === "target" && e[6] !== "move" ? MARKER_TYPE.frameDanger : MARKER_TYPE.framePrimary, e[2]);
    if (e[0] === "start") { mark(MARKER_TYPE.circlePrimary, e[1]); if (e[2] !== 128) mark(MARKER_TYPE.framePrimary, e[2]); }
    this.say($("scan-what"), this.describeScan(e));
    this.say($("step-what"), `The board scan of this node's iteration, a square and a ray at a time (${sc.events.length} events). The search's step: ${this.describe(sc.it)}`);
    const parts = scanParts(e);
    for (const el of this.lit) el.classList.remove("lit");
    this.lit = [];
    for (const part of parts) {
      for (const line of (part === "cut" ? this.source?.lines.cut : this.source?.scan?.[part]) || []) {
        const el = this.sourceLines[line - 1];
        if (el && !el.classList.contains("lit")) { el.classList.add("lit"); this.lit.push(el); }
      }
    }
    view.dataset.lines = this.lit.map((el) => el.dataset.line).join(" ");
    if (this.lit.length > 0) {
      const pane = $("step-source");
      const top = this.lit[0].offsetTop;
      if (top < pane.scrollTop || top > pane.scrollTop + pane.clientHeight - 20) pane.scrollTop = Math.max(0, top - pane.clientHeight / 3);
    }
  }

  // describeScan says in words what a scan's event does.
  describeScan(e) {
    const sq = (x) => `${squareName88(x)} (${hex(x)})`;
    const steps = this.run.steps.steps;
    switch (e[0]) {
      case "start":
        return `The scan starts at B = ${sq(e[1])}, the best move's from-square (the table's, or the last iteration's): the piece that moved best before moves first, ` +
          `which is iterative deepening's move ordering in every node. It goes round the board from there, x = (x + 9) & ~0x88.` +
          (e[2] !== 128 ? ` The table's best move, to ${squareName88(e[2])}, is sneaked in first (h = 128: y = Y ^ h).` : " No table move to try first (h = 0).");
      case "square": {
        if (e[2] === 0) return `x = ${sq(e[1])}: empty. On to the next square.`;
        return `x = ${sq(e[1])}: ${pieceName(e[2])}${e[3] ? ", the mover's: its moves are generated, a direction at a time" : ", not the mover's: on to the next square"} (u = ${e[2]}, its type p = u & 7 = ${e[2] & 7}).`;
      }
      case "dir":
        return `${pieceName(e[2])} on ${squareName88(e[1])} takes direction j = ${e[3]} of o[] (steps[]): step r = ${e[4]} (${stepName(e[4])}). ` +
          "o[] lists each piece's steps from index o[p+16]+1 to a 0; each is taken negated, and a piece but a pawn takes it again as listed.";
      case "target": {
        const [, x, y, , , r, result, hash, H, t, castling] = e;
        const head = hash ? `The table's move first: y = ${sq(y)}.` : `y = y + r = ${sq(y)} (${hex(y - r)} ${r < 0 ? "−" : "+"} ${Math.abs(r)}).`;
        const more = castling ? ` y is beside E, where the rook of the castling just made stands: the king passed an attacked square, so m = ∞ (bad castling), which refutes the castling.` : "";
        const ep = H !== y ? ` y is the e.p. square: the pawn taken stands on H = ${squareName88(H)}.` : "";
        switch (result) {
          case "off": return `${head} y & 0x88 = ${hex(y & 0x88)} ≠ 0: off the board (the 0x88 test). The ray ends.`;
          case "own": return `${head}${more} The mover's own piece stands there: the ray ends.`;
          case "pawn": return `${head}${more} A pawn moves straight only onto an empty square, and diagonally only to capture: not this way. The ray ends.`;
          case "king": return `${head}${more}${ep} The king there can be captured: m = ∞. The move that led to this node left its king in check.`;
          case "skip": return `${head}${more}${ep} At d=1 only a recapture on z keeps depth: s = d − (y ≠ z) = 0, so the move is not made (the quiescence search).`;
          case "move": {
            const st = e.step !== undefined ? steps[e.step] : null;
            return `${head}${more}${ep} ${t ? `A capture of ${pieceName(t)}: ` : ""}a move, ${st ? st[9] : squareName88(x) + squareName88(y)}: made, and told to the hook (${st ? `step ${e.step + 1}, ${st[6]}` : "its step"}).`;
          }
        }
        return head;
      }
      case "ray":
        return e[3] === "on" ? `The square was empty and the piece slides: the ray goes on from ${squareName88(e[2])}.`
          : e[3] === "passed" ? `A first step of an unmoved pawn, or of a king that may castle: the ray goes on one more square (F = ${squareName88(e[2])}, the square passed).`
            : "A capture, or a piece that does not slide (a capture faked: t += p < 5), ends the ray.";
      case "next":
        return `x = (x + 9) & ~0x88 = ${sq(e[1])}: the next square of the scan (a step of 9 wraps round the 0x88 board, meeting each of the 64 squares once).`;
      case "done":
        return `Back at B = ${sq(e[1])}: round the board, the scan is over, and so is the iteration's search of moves.`;
      case "break":
        return `m = ${value(e[3])} ≥ l = ${value(e[4])}: the scan stops here (break scan, C's goto C), before the move to ${squareName88(e[2])}: ${e[3] >= INFINITY ? "a king capture" : "a beta cut-off"}.`;
    }
    return e[0];
  }

  // go shows step k; remember keeps the step shown now for "back".
  go(k, remember = false) {
    if (this.scan) { this.scan = null; $("scan-box").hidden = true; $("step-view").dataset.scan = ""; }
    const steps = this.run.steps.steps;
    k = Math.max(0, Math.min(k, steps.length - 1));
    if (remember && k !== this.k) this.history.push(this.k);
    this.showHistory();
    this.k = k;
    this.render();
  }

  // render shows step k: the board, what happens, the node's numbers, the lit source.
  render() {
    const { steps: rec } = this.run;
    const steps = rec.steps;
    const k = this.k;
    const s = steps[k];
    const node = s[1];
    const n = this.nodes[node];
    $("step-note").textContent = "";
    $("step-into").disabled = k === steps.length - 1;
    $("step-over").disabled = k === steps.length - 1;
    $("step-out").disabled = k === steps.length - 1;
    $("step-back").disabled = k === 0;
    const view = $("step-view");
    view.dataset.step = k;
    view.dataset.kind = s[0];
    view.dataset.node = node;
    view.dataset.nodes = s[2];

    // The board: the node's position, the move that led there, the move tried.
    if (node !== this.shownNode) {
      this.board.setPosition(rec.boards[node], false);
      this.shownNode = node;
    }
    this.board.removeMarkers();
    if (node > 0 && n.move) {
      this.board.addMarker(MARKER_TYPE.square, n.move.slice(0, 2));
      this.board.addMarker(MARKER_TYPE.square, n.move.slice(2, 4));
    }
    const tried = this.triedMove(s, n);
    if (tried) {
      const mark = s[0] === "move" && s[6] !== "searched" ? MARKER_TYPE.frameDanger : MARKER_TYPE.framePrimary;
      this.board.addMarker(mark, tried.slice(0, 2));
      this.board.addMarker(mark, tried.slice(2, 4));
    }
    // At a cut-off, the move that cut: the best so far, framed red and its
    // square circled; at a king capture, the king that can be taken.
    view.dataset.cut = "";
    if (s[0] === "cut") {
      const cut = s[3] >= INFINITY ? kingSquare(rec.boards[node], n.side === "w" ? "b" : "w") : this.best[k].move;
      if (cut && s[3] >= INFINITY) this.board.addMarker(MARKER_TYPE.circleDanger, cut);
      else if (cut) {
        this.board.addMarker(MARKER_TYPE.frameDanger, cut.slice(0, 2));
        this.board.addMarker(MARKER_TYPE.frameDanger, cut.slice(2, 4));
        this.board.addMarker(MARKER_TYPE.circleDanger, cut.slice(2, 4));
      }
      view.dataset.cut = cut || "";
    }

    // What happens, and the node's numbers.
    this.say($("step-what"), this.describe(k));
    const path = [];
    for (let i = node; i > 0; i = this.nodes[i].parent) path.unshift(this.nodes[i].san || "(probe)");
    const best = this.best[k];
    const d = this.iter[k];
    const rows = [
      ["step", `${k + 1} of ${steps.length}: ${s[0]}`],
      ["nodes so far", `${s[2].toLocaleString("en")} of ${rec.nodes.toLocaleString("en")}`],
      ["node", `${node === 0 ? "the root" : "#" + node}${n.inner ? ` (inside the quiescence box #${this.boxOf(node)})` : ""}, ply ${this.ply[node]}, ${n.side === "w" ? "White" : "Black"} to move` +
        (path.length ? `, after ${path.join(" ")}` : "")],
      ["window (q, l)", `(${value(n.alpha)}, ${value(n.beta)})${node > 0 ? ", as this node sees it" : ""}`],
      ["depth n", node === 0 ? `${n.depth} (the root's iteration)` : String(n.depth)],
      ["iteration d", d > 0 ? String(d) : "none yet"],
      ["evaluation e", value(n.eval)],
      ["best so far m", best.m === null ? "none yet" : `${value(best.m)}${best.san ? " by " + best.san : d === 1 ? " (standing pat)" : ""}`],
      ["table", n.tableDepth === 0 ? "nothing usable" : `depth ${n.tableDepth}${n.tableDepth >= n.depth ? " (answers the call)" : " (resumed from it)"}`],
    ];
    if (s[0] === "move" && s[8]) rows.push(["v in its terms", termsText(n.eval, s[8], n.eval + s[8].reduce((a, b) => a + b, 0))]);
    const table = $("step-info");
    table.replaceChildren();
    const seen = new Set();
    for (const [name, text] of rows) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      const td = document.createElement("td");
      this.words(th, name, seen);
      this.words(td, text, seen);
      tr.append(th, td);
      table.append(tr);
    }

    // The source lines that act now.
    for (const el of this.lit) el.classList.remove("lit");
    this.lit = [];
    if (this.source) {
      for (const part of this.parts(s, n)) {
        for (const line of this.source.lines[part] || []) {
          const el = this.sourceLines[line - 1];
          if (el && !el.classList.contains("lit")) { el.classList.add("lit"); this.lit.push(el); }
        }
      }
      const pane = $("step-source");
      if (this.lit.length > 0) {
        const top = this.lit[0].offsetTop;
        const bottom = this.lit[this.lit.length - 1].offsetTop + this.lit[this.lit.length - 1].offsetHeight;
        if (top < pane.scrollTop || bottom > pane.scrollTop + pane.clientHeight) {
          pane.scrollTop = Math.max(0, top - pane.clientHeight / 3);
        }
      }
      view.dataset.lines = this.lit.map((el) => el.dataset.line).join(" ");
    }
    this.showLabLines(s);
    this.markTree();
  }

  // setWords sets words and writes the step shown again with it (its
  // node's table too, under an open board scan): a step shown before the
  // course has loaded gets its links too.
  setWords(words) {
    this.words = words;
    if (this.run) this.render();
    if (this.scan) this.scanGo(this.scan.i);
  }

  // say writes a text of the stepper's into el, its words linked (words).
  say(el, text) {
    el.replaceChildren();
    this.words(el, text);
  }

  // boxOf is the node of the tree a step's node is in: itself, or for an
  // inner node its quiescence box.
  boxOf(node) {
    while (node >= this.treeSize) node = this.nodes[node].parent;
    return node;
  }

  // markTree marks the node shown in the tree view, where it is open (an
  // inner node: its box).
  markTree() {
    const view = $("step-tree");
    view.querySelector("summary.current")?.classList.remove("current");
    const node = this.boxOf(this.run.steps.steps[this.k][1]);
    view.querySelector(`li.tree-node[data-node='${node}'] > details > summary`)?.classList.add("current");
  }

  // triedMove is the move a step is about: made, best, or a box move's reply.
  triedMove(s, n) {
    switch (s[0]) {
      case "move": return s[3];
      case "best": return s[4];
      case "pass": return s[5];
      case "reply": return n.box && n.box[s[3]] ? n.box[s[3]][0] : "";
    }
    return "";
  }

  // parts are the parts of the source (stepsource.go) a step lights.
  parts(s, n) {
    switch (s[0]) {
      case "enter": return ["enter", n.tableDepth > 0 ? "enter-hit" : "enter-miss"];
      case "iterate": return ["iterate", s[3] > 1 ? "iterate-deeper" : "iterate-stand"];
      case "pass": return ["pass"];
      case "move": return ["move", s[6] === "searched" ? "move-searched" : s[6] === "futile" ? "move-futile" : "move"];
      case "reply": return ["reply"];
      case "best": return ["best"];
      case "cut": return [s[3] >= INFINITY ? "cut-king" : "cut"];
      case "store": return ["store"];
      case "leave": return [n.last[0] === 0 ? "leave-answered" : "leave"];
    }
    return [];
  }

  // describe says in words what step k does.
  describe(k) {
    const s = this.run.steps.steps[k];
    const n = this.nodes[s[1]];
    const side = n.side === "w" ? "White" : "Black";
    const lastTo = s[1] > 0 && n.move ? n.move.slice(2, 4) : "";
    switch (s[0]) {
      case "enter": {
        const head = (n.move ? `A call of the search, D(), for ${side} after ${n.san}` : `A stalemate probe: D() for ${side}, who could not move`) +
          (n.inner ? ` (inside the quiescence box #${this.boxOf(s[1])}: a reply to its recapture, itself a quiescence search, depth 1; the tree counts it in the box)` : "");
        const illegal = isIllegal(n.san) ? ` ${n.san}: ${ILLEGAL_NOTE}` : "";
        const table = n.tableDepth === 0 ? "The table has nothing usable here: the iterations start from scratch."
          : n.tableDepth >= n.depth ? `The table has this position at depth ${n.tableDepth} ≥ n: it answers, and no iteration runs.`
            : `The table has this position at depth ${n.tableDepth}: the node resumes there, its stored best move first.`;
        return `${head}: window q=${value(n.alpha)}, l=${value(n.beta)}, depth n=${n.depth}, evaluation e=${value(n.eval)}. ${this.windowNote(k)}${table}${illegal}`;
      }
      case "iterate":
        return `Iteration d=${s[3]} of this node begins: the node counter counts it (N++). ` + (s[3] === 1
          ? `At depth 1 micro-Max stands pat on e=${value(s[4])} (the best so far) and tries only recaptures${lastTo ? " on " + lastTo : ""}: its quiescence search.`
          : "No move considered yet: m=-∞.");
      case "pass":
        return `An earlier iteration, d=${s[3]}, ran here: best m=${value(s[4])}${s[8] ? " by " + s[8] : ""}, ${s[6]} nodes, ${s[7]} moves pruned. ` +
          "Only the last iteration's moves are kept: the next one searches them again, its best move first." +
          (s[3] === 1 ? " (When the next is d=1 again, the laboratory's goose budget asked for it: one more goose chase allowed in each branch.)" : "");
      case "move": {
        const [, , , move, v, f, rule, table, terms, san] = s;
        const to = move.slice(2, 4);
        const left = this.iter[k] - (to !== lastTo ? 1 : 0);
        const lab = rule !== "searched" && rule !== "futile"; // the laboratory's rule gives the move its score: v is not shown
        const head = `${table ? "The table's best move first: " : "Tries "}${san}: ${lab ? "" : `new evaluation ${termsText(n.eval, terms, v)}, `}` +
          `alpha raised to the best so far f=${value(f)}, s=${left} ${left === 1 ? "ply" : "plies"} left for the reply` +
          `${left === this.iter[k] ? " (a recapture keeps the depth)" : ""}.` +
          (isIllegal(san) ? ` ${san}: ${ILLEGAL_NOTE}` : "");
        if (rule === "searched") {
          const why = left > 1 ? "s>1" : v > f ? "v>f" : "futility pruning is off (4.0)";
          return `${head} ${why}: searched. The reply is a call of D() with the window (-l, -f).`;
        }
        if (rule === "futile") return `${head} s=1 and v≤f: futile. The reply would stand pat and fail high (its e = -v ≥ its beta -f), so the move would fail low: it is not searched and scores v.`;
        const mv = n.eval + (terms || []).reduce((a, b) => a + b, 0); // micro-Max's v, before the rule gave its score
        return `${head} micro-Max's ${termsText(n.eval, terms, mv)}. The laboratory's rule "${rule}" cuts it, in lab.go (lit below the search, called by hook.move): ` +
          `${labTest(rule, { s: left, v: mv, f, l: n.beta, e: n.eval }, this.run.setting || {}, this.source?.lab?.margins || {})}. Its reply is not searched, and the move scores ${value(v)}.`;
      }
      case "reply": {
        const move = n.box && n.box[s[3]] ? n.box[s[3]][5] : "";
        return `The reply to the recapture ${move} returned (its call, stepped into above, is counted in this quiescence box, not drawn in the tree): the move scores ${value(s[4])}.`;
      }
      case "best": {
        const more = s[3] >= n.beta ? ` ≥ l=${value(n.beta)}: a fail high.` : s[3] >= n.alpha ? ` It raises alpha: f=${value(s[3])} from now on.` : "";
        return `A new best: m=${value(s[3])} by ${s[5]}.${more}`;
      }
      case "cut": {
        if (s[3] >= INFINITY) {
          const king = kingSquare(this.run.steps.boards[s[1]], n.side === "w" ? "b" : "w");
          return `A king capture: the king on ${king} can be taken (circled), so the move that led here left its king in check (or castled through check). The scan stops; this node scores ∞, which refutes that move.`;
        }
        const by = this.best[k].san;
        return `m=${value(s[3])}${by ? ` by ${by} (marked red)` : ""} ≥ l=${value(n.beta)}: a fail high, a beta cut-off. No more moves are tried here (break scan): the opponent will not allow this line.`;
      }
      case "store": {
        const bound = s[4] >= n.beta ? "a lower bound (it failed high)" : s[4] < n.alpha ? "an upper bound (it failed low)" : "exact";
        const best = this.best[k].san;
        return `Iteration d=${s[3]} ends with m=${value(s[4])}, ${bound}. micro-Max stores it in the table: depth ${s[3]}, score m, best move ${best || "none"}.`;
      }
      case "leave": {
        const bonus = s[4] !== s[3] ? ` (m=${value(s[3])} plus 1, the delayed-loss bonus: m < e)` : "";
        const answered = n.last[0] === 0 ? "The table answered this call: no iteration, no node counted. " : "";
        const parent = n.move ? ` Its parent sees ${value(-s[4])} for ${n.san}.` : "";
        return `${answered}The call returns ${value(s[4])}${bonus}.${parent}`;
      }
    }
    return s[0];
  }

  // windowNote says, at a node's entry, how its window came to be: its
  // parent's (f, l) when it made the move, negated and swapped (negamax).
  windowNote(k) {
    const steps = this.run.steps.steps;
    const node = steps[k][1];
    if (node === 0) return "";
    const n = this.nodes[node];
    if (!n.move) return "";
    const parent = this.nodes[n.parent];
    let j = k - 1;
    while (j >= 0 && !(steps[j][0] === "move" && steps[j][1] === n.parent)) j--;
    if (j < 0) return "";
    const f = steps[j][5];
    return `It sees its window from its own side: its parent made the move with alpha f=${value(f)} and l=${value(parent.beta)}, ` +
      `and calls it with them negated and swapped, q=-l=${value(n.alpha)}, l=-f=${value(n.beta)} (negamax: the parent's best is the child's worst). `;
  }

  // showLabLines shows, at a laboratory's cut, lab.go with its rule's test
  // lit (umax source's lab part), and hides it at any other step.
  showLabLines(s) {
    const pane = $("step-lab-source");
    const lab = this.source?.lab;
    const rule = s[0] === "move" && s[6] !== "searched" && !(s[6] === "futile" && !this.labActive()) ? s[6] : "";
    const lines = rule && lab ? lab.lines[rule] || [] : [];
    $("step-view").dataset.labLines = lines.join(" ");
    pane.hidden = lines.length === 0;
    if (lines.length === 0) return;
    if (!this.labLines) {
      this.labLines = lab.text.split("\n").map((text, i) => sourceLine(text, i));
      pane.replaceChildren(...this.labLines);
    }
    for (const el of this.labLit || []) el.classList.remove("lit");
    this.labLit = lines.map((n) => this.labLines[n - 1]).filter(Boolean);
    for (const el of this.labLit) el.classList.add("lit");
    pane.scrollTop = Math.max(0, this.labLit[0].offsetTop - pane.clientHeight / 3);
  }

  // labActive says whether the iteration shown ran under a laboratory
  // rule: then its futile moves are the laboratory's frontier rule's.
  labActive() {
    const setting = this.run.setting || {};
    return Object.entries(setting).some(([name, v]) => name !== "Futility Pruning" && v && v !== "0" && v !== "false");
  }

  // showSource fills the source pane with the literal search, a line a row.
  showSource(source) {
    const pane = $("step-source");
    pane.replaceChildren();
    this.sourceText = source.text;
    this.sourceLines = source.text.split("\n").map((text, i) => sourceLine(text, i));
    pane.append(...this.sourceLines);
    this.labLines = null; // lab.go's, made when first shown
  }
}
