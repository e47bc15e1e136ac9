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
import { Engine } from "./engine.js";
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
  const worker = new Engine("umax-worker.js");
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
  hash: (s, tree) => s[0] === "enter" && tree.tree[s[1]].tableDepth > 0,
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
  constructor() {
    this.run = null;        // {tree, steps, setting}: the iteration shown
    this.k = 0;             // the step shown
    this.history = [];      // the steps shown before each jump, for "back"
    this.board = null;      // made when first shown (a hidden board has no size)
    this.shownNode = -1;    // the node whose position is on the board
    this.lit = [];          // the source lines lit
    this.sourceText = null; // the source shown
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
    if (view.hidden) return false;
    const r = view.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= window.innerHeight) return false;
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
  // step of node, or at step.
  show(run, source, { node = 0, step = -1 } = {}) {
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
    const nodes = this.run.tree.tree;
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
      if (stopAt[kind](steps[j], this.run.tree)) { this.go(j, true); return; }
    }
    $("step-note").textContent = `No ${$("step-kind").selectedOptions[0].text} after this step.`;
  }

  // jumpTo shows node i's first step (from the tree), remembering where it was.
  jumpTo(i) {
    this.go(i > 0 ? this.enterStep[i] : 0, true);
  }

  // findInTree opens the tree view at the node shown.
  findInTree() {
    const item = openPath($("step-tree"), this.run.tree, this.run.steps.steps[this.k][1]);
    $("step-tree-box").open = true;
    this.markTree();
    item?.scrollIntoView({ block: "center" });
  }

  showHistory() {
    $("step-return").disabled = this.history.length === 0;
  }

  // go shows step k; remember keeps the step shown now for "back".
  go(k, remember = false) {
    const steps = this.run.steps.steps;
    k = Math.max(0, Math.min(k, steps.length - 1));
    if (remember && k !== this.k) this.history.push(this.k);
    this.showHistory();
    this.k = k;
    this.render();
  }

  // render shows step k: the board, what happens, the node's numbers, the lit source.
  render() {
    const { tree, steps: rec } = this.run;
    const steps = rec.steps;
    const k = this.k;
    const s = steps[k];
    const node = s[1];
    const n = tree.tree[node];
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
    $("step-what").textContent = this.describe(k);
    const path = [];
    for (let i = node; i > 0; i = tree.tree[i].parent) path.unshift(tree.tree[i].san || "(probe)");
    const best = this.best[k];
    const d = this.iter[k];
    const rows = [
      ["step", `${k + 1} of ${steps.length}: ${s[0]}`],
      ["nodes so far", `${s[2].toLocaleString("en")} of ${rec.nodes.toLocaleString("en")}`],
      ["node", `${node === 0 ? "the root" : "#" + node}, ply ${this.ply[node]}, ${n.side === "w" ? "White" : "Black"} to move` +
        (path.length ? `, after ${path.join(" ")}` : "")],
      ["window (q, l)", `(${value(n.alpha)}, ${value(n.beta)})${node > 0 ? ", as this node sees it" : ""}`],
      ["depth n", node === 0 ? `${n.depth} (the root's iteration)` : String(n.depth)],
      ["iteration d", d > 0 ? String(d) : "none yet"],
      ["evaluation e", value(n.eval)],
      ["best so far m", best.m === null ? "none yet" : `${value(best.m)}${best.san ? " by " + best.san : d === 1 ? " (standing pat)" : ""}`],
      ["table", n.tableDepth === 0 ? "nothing usable" : `depth ${n.tableDepth}${n.tableDepth >= n.depth ? " (answers the call)" : " (resumed from it)"}`],
    ];
    const table = $("step-info");
    table.replaceChildren();
    for (const [name, text] of rows) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      const td = document.createElement("td");
      th.textContent = name;
      td.textContent = text;
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
    this.markTree();
  }

  // markTree marks the node shown in the tree view, where it is open.
  markTree() {
    const view = $("step-tree");
    view.querySelector("summary.current")?.classList.remove("current");
    const node = this.run.steps.steps[this.k][1];
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
    const { tree } = this.run;
    const s = this.run.steps.steps[k];
    const n = tree.tree[s[1]];
    const side = n.side === "w" ? "White" : "Black";
    const lastTo = s[1] > 0 && n.move ? n.move.slice(2, 4) : "";
    switch (s[0]) {
      case "enter": {
        const head = n.move ? `A call of the search, D(), for ${side} after ${n.san}` : `A stalemate probe: D() for ${side}, who could not move`;
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
        const head = `${table ? "The table's best move first: " : "Tries "}${san}: ${lab ? "" : `new evaluation v=${value(v)}, `}` +
          `alpha raised to the best so far f=${value(f)}, s=${left} ${left === 1 ? "ply" : "plies"} left for the reply` +
          `${left === this.iter[k] ? " (a recapture keeps the depth)" : ""}.` +
          (isIllegal(san) ? ` ${san}: ${ILLEGAL_NOTE}` : "");
        if (rule === "searched") {
          const why = left > 1 ? "s>1" : v > f ? "v>f" : "futility pruning is off (4.0)";
          return `${head} ${why}: searched. The reply is a call of D() with the window (-l, -f).`;
        }
        if (rule === "futile") return `${head} s=1 and v≤f: futile. The reply would stand pat and fail high (its e = -v ≥ its beta -f), so the move would fail low: it is not searched and scores v.`;
        return `${head} The laboratory's rule "${rule}" (lab.go, called by hook.move) cuts it: its reply is not searched, and the move scores ${value(v)}.`;
      }
      case "reply": {
        const move = n.box && n.box[s[3]] ? n.box[s[3]][5] : "";
        return `The reply to the recapture ${move} returned (its nodes are counted in this quiescence box, not drawn): the move scores ${value(s[4])}.`;
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
    const n = this.run.tree.tree[node];
    const parent = this.run.tree.tree[n.parent];
    let j = k - 1;
    while (j >= 0 && !(steps[j][0] === "move" && steps[j][1] === n.parent)) j--;
    if (j < 0) return "";
    const f = steps[j][5];
    return `It sees its window from its own side: its parent made the move with alpha f=${value(f)} and l=${value(parent.beta)}, ` +
      `and calls it with them negated and swapped, q=-l=${value(n.alpha)}, l=-f=${value(n.beta)} (negamax: the parent's best is the child's worst). `;
  }

  // showSource fills the source pane with the literal search, a line a row.
  showSource(source) {
    const pane = $("step-source");
    pane.replaceChildren();
    this.sourceText = source.text;
    this.sourceLines = source.text.split("\n").map((text, i) => {
      const line = document.createElement("div");
      line.className = "src-line";
      line.dataset.line = i + 1;
      const number = document.createElement("span");
      number.className = "ln";
      number.textContent = String(i + 1).padStart(3);
      line.append(number, " ", text.replace(/\t/g, "  "));
      pane.append(line);
      return line;
    });
  }
}
