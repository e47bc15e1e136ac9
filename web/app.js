// app.js: the page. It plays micro-Max (umax-worker.js, UCI over
// postMessage), shows its iterations as they finish, opens the tree of an
// iteration, and compares two settings of the futility laboratory. Every
// rule of chess here is the engine's: legal moves, SAN, check, mate and
// draws come from its "umax state" and "umax san" answers (uci_web.go).

import { Chessboard, COLOR, INPUT_EVENT_TYPE } from "./vendor/cm-chessboard/src/Chessboard.js";
import { Markers, MARKER_TYPE } from "./vendor/cm-chessboard/src/extensions/markers/Markers.js";
import { PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE } from "./vendor/cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js";
import { Engine } from "./engine.js";

const $ = (id) => document.getElementById(id);

// --- State -----------------------------------------------------------------

const engine = new Engine("umax-worker.js");
const game = {
  start: "startpos", // or a FEN
  moves: [],         // in UCI's coordinates
  over: "",          // why the game ended on the page (time), besides the engine's state
};
let state = null;       // the engine's last "umax state" answer
let search = null;      // the search running: {id, rows, done}
let searchId = 0;       // a search whose id is not this one's was abandoned (undo, new game)
let treeText = "";      // the last search's tree, as the engine sent it (parsed when opened)
let recordPlies = 3;    // what "umax record" was last told
const clock = { on: false, w: 0, b: 0, inc: 0, running: null, since: 0, timer: 0 };

const board = new Chessboard($("board"), {
  position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  assetsUrl: "vendor/cm-chessboard/assets/",
  style: { pieces: { file: "pieces/standard.svg" }, animationDuration: 150 },
  extensions: [{ class: Markers, props: { autoMarkers: MARKER_TYPE.frame } }, { class: PromotionDialog }],
});

// --- The engine's answers ----------------------------------------------------

engine.listen((line) => {
  if (line.startsWith("info string ")) console.info("umax:", line.slice(12));
  if (search && line.startsWith("info depth ")) showIteration(search, line);
  if (search && line.startsWith("info nodes ")) search.total = parseInfo(line);
  if (search && line.startsWith("bestmove")) search.done = true;
});

// parseInfo reads an info line's fields into an object.
function parseInfo(line) {
  const words = line.split(" ");
  const info = {};
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === "score") { info.score = words[i + 1] + " " + words[i + 2]; i += 2; }
    else if (w === "pv") { info.pv = words.slice(i + 1); break; }
    else if (["depth", "nodes", "nps", "time"].includes(w)) { info[w] = Number(words[i + 1]); i++; }
  }
  return info;
}

// positionCommand is the UCI position command of the game.
function positionCommand() {
  const base = game.start === "startpos" ? "position startpos" : `position fen ${game.start}`;
  return game.moves.length ? `${base} moves ${game.moves.join(" ")}` : base;
}

// sync tells the engine the game and reads its state back, then shows it.
async function sync(animated = true) {
  engine.send(positionCommand());
  state = await engine.askJSON("umax state");
  await board.setPosition(state.fen, animated);
  showGame();
  return state;
}

// --- Playing -----------------------------------------------------------------

function userSide() { return $("user-side").value; }
function sideToMove() { return state ? state.side : "w"; }
function gameOver() { return !state || state.end !== "" || game.over !== ""; }
function usersTurn() {
  return !search && !gameOver() && (userSide() === "both" || userSide() === sideToMove());
}

// legalFrom lists the legal moves from a square.
function legalFrom(square) {
  return state ? state.legal.filter((m) => m.startsWith(square)) : [];
}

board.enableMoveInput((event) => {
  switch (event.type) {
    case INPUT_EVENT_TYPE.moveInputStarted:
      return usersTurn() && legalFrom(event.squareFrom).length > 0;
    case INPUT_EVENT_TYPE.validateMoveInput: {
      if (!usersTurn()) return false;
      const moves = legalFrom(event.squareFrom).filter((m) => m.slice(2, 4) === event.squareTo);
      if (moves.length === 0) return false;
      if (moves.length > 1) { // a promotion: the dialog chooses the piece
        const color = sideToMove() === "w" ? COLOR.white : COLOR.black;
        board.showPromotionDialog(event.squareTo, color, (result) => {
          if (result.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected) {
            userMove(event.squareFrom + event.squareTo + result.piece.charAt(1));
          } else {
            board.setPosition(state.fen, true); // canceled: the pawn goes back
          }
        });
        return true;
      }
      userMove(moves[0]);
      return true;
    }
  }
  return undefined;
});

// userMove plays the user's move, then lets the engine answer.
async function userMove(move) {
  stopClock();
  game.moves.push(move);
  await sync(false);
  nextTurn();
}

// nextTurn starts the engine if it is its turn, or the user's clock.
function nextTurn() {
  if (gameOver()) { stopClock(); showGame(); return; }
  if (userSide() !== "both" && userSide() !== sideToMove()) engineMove();
  else startClock();
}

// goCommand is the go command of the strength chosen.
function goCommand() {
  const [kind, a] = $("strength").value.split(" ");
  if (kind === "nodes") return `go nodes ${a}`;
  const ms = (t) => Math.max(Math.round(t), 1);
  return `go wtime ${ms(clock.w)} btime ${ms(clock.b)} winc ${clock.inc} binc ${clock.inc}`;
}

// engineMove lets the engine think and play.
async function engineMove() {
  if (search || gameOver()) return;
  const id = ++searchId;
  search = { id, rows: [], done: false, total: null, finished: null };
  $("iterations").tBodies[0].replaceChildren();
  $("search-summary").textContent = `micro-Max thinks (${goCommand()})`;
  $("stop").disabled = false;
  $("open-tree").disabled = true;
  $("tree-view").replaceChildren();
  treeText = "";
  showGame();
  startClock();
  search.finished = engine.ask(goCommand(), "bestmove");
  const finished = search;
  const line = await finished.finished;
  $("stop").disabled = true;
  stopClock();
  // The search stays the page's until its move is on the board: no other
  // search starts, and the user cannot move, before that.
  const done = () => { if (search === finished) search = null; };
  if (id !== searchId) { done(); return; } // abandoned
  summarize(finished);
  const move = line.split(" ")[1];
  if (recordPlies > 0) { // the tree of this search, before anything else changes the engine
    const answer = await engine.ask("umax tree", "umax tree ");
    treeText = answer.slice("umax tree ".length);
    $("open-tree").disabled = false;
  }
  if (id !== searchId) { done(); return; } // abandoned meanwhile
  if (move && move !== "0000") {
    game.moves.push(move);
    await sync(true);
  }
  done();
  if (id !== searchId) return;
  showGame();
  if (userSide() !== "both") nextTurn();
  else startClock();
}

// abandon stops a search whose move is not wanted (undo, new game, a new position).
async function abandon() {
  searchId++;
  if (search) {
    engine.send("stop");
    await search.finished;
    search = null;
    $("stop").disabled = true;
  }
  stopClock();
}

$("stop").addEventListener("click", () => { if (search) engine.send("stop"); });

$("new-game").addEventListener("click", async () => {
  await abandon();
  engine.send("ucinewgame");
  game.start = "startpos";
  game.moves = [];
  game.over = "";
  resetClocks();
  $("iterations").tBodies[0].replaceChildren();
  $("search-summary").textContent = "";
  await sync(false);
  nextTurn();
});

$("undo").addEventListener("click", async () => {
  await abandon();
  game.over = "";
  if (game.moves.length === 0) return;
  game.moves.pop();
  // Back to the user's turn: the engine's reply and the user's move.
  if (userSide() !== "both" && game.moves.length > 0) {
    await sync(false);
    if (sideToMove() !== userSide()) game.moves.pop();
  }
  await sync(false);
  nextTurn();
});

$("flip").addEventListener("click", () => {
  board.setOrientation(board.getOrientation() === COLOR.white ? COLOR.black : COLOR.white, true);
});

$("move-now").addEventListener("click", () => {
  if (search || gameOver()) return;
  if (userSide() !== "both") $("user-side").value = sideToMove() === "w" ? "b" : "w";
  stopClock();
  engineMove();
});

$("user-side").addEventListener("change", () => {
  if (!search) {
    const bottom = userSide() === "b" ? COLOR.black : COLOR.white;
    if (board.getOrientation() !== bottom) board.setOrientation(bottom, true);
    nextTurn();
  }
});

$("version").addEventListener("change", async () => {
  await abandon();
  engine.send(`setoption name Futility Pruning value ${$("version").value === "41"}`);
  await sync(false);
  nextTurn();
});

$("strength").addEventListener("change", () => { resetClocks(); showGame(); });

$("record").addEventListener("change", async () => {
  await abandon();
  recordPlies = Number($("record").value);
  engine.send(`umax record ${recordPlies}`);
  await sync(false);
  nextTurn();
});

$("fen-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const fen = $("fen").value.trim().replace(/\s+/g, " ");
  $("fen-error").textContent = "";
  if (fen === "") return;
  await abandon();
  // The engine checks the FEN: a bad one is refused with an info string, and
  // the game stays as it was.
  const refusal = [];
  const stopListening = engine.listen((l) => { if (l.includes("refused")) refusal.push(l.replace(/^info string /, "")); });
  engine.send(`position fen ${fen}`);
  const answer = await engine.askJSON("umax state");
  stopListening();
  if (refusal.length > 0) {
    $("fen-error").textContent = `Not set up: ${refusal[0].replace(/^position fen /, "")}`;
    await sync(false);
    nextTurn();
    return;
  }
  game.start = answer.start;
  game.moves = [];
  game.over = "";
  resetClocks();
  await sync(false);
  nextTurn();
});

$("copy-pgn").addEventListener("click", () => {
  $("pgn").select();
  navigator.clipboard?.writeText($("pgn").value).catch(() => {});
});

// --- Clocks ------------------------------------------------------------------

function resetClocks() {
  stopClock();
  const [kind, seconds, inc] = $("strength").value.split(" ");
  clock.on = kind === "clock";
  clock.w = clock.b = clock.on ? Number(seconds) * 1000 : 0;
  clock.inc = clock.on ? Number(inc) * 1000 : 0;
  $("clocks").hidden = !clock.on;
  showClocks();
}

function startClock() {
  if (!clock.on || gameOver() || clock.running) return;
  clock.running = sideToMove();
  clock.since = performance.now();
  clock.timer = setInterval(tickClock, 200);
}

// stopClock stops the running clock and charges the side its time; after
// a move (the side to move changed) it gets its increment.
function stopClock() {
  if (!clock.running) return;
  const side = clock.running;
  clock[side] -= performance.now() - clock.since;
  if (state && sideToMove() !== side && clock[side] > 0) clock[side] += clock.inc;
  clock.running = null;
  clearInterval(clock.timer);
  showClocks();
}

function tickClock() {
  const side = clock.running;
  const left = clock[side] - (performance.now() - clock.since);
  showClocks(side, left);
  if (left <= 0 && !search) {
    stopClock();
    clock[side] = 0;
    game.over = side === "w" ? "White lost on time" : "Black lost on time";
    showGame();
  }
}

function showClocks(side, left) {
  for (const s of ["w", "b"]) {
    const ms = Math.max(s === side ? left : clock[s], 0);
    const text = `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, "0")}`;
    $(`clock-${s}`).textContent = `${s === "w" ? "White" : "Black"} ${text}`;
    $(`clock-${s}`).classList.toggle("running", s === clock.running);
  }
}

// --- Showing the game ----------------------------------------------------------

function showGame() {
  if (!state) return;
  const mover = state.side === "w" ? "White" : "Black";
  let text;
  if (game.over) text = `${game.over}: ${game.over.startsWith("White") ? "0-1" : "1-0"}`;
  else if (state.end) text = `${state.end[0].toUpperCase()}${state.end.slice(1)}: ${state.result}`;
  else if (search) text = `${mover} to move: micro-Max thinks${state.check ? " (check)" : ""}`;
  else text = `${mover} to move${state.check ? ", in check" : ""}${usersTurn() ? ": your move" : ""}`;
  $("status").textContent = text;
  $("engine-status").textContent = "The engine is ready: micro-Max 4.1 (umax) in a Web Worker.";
  document.body.dataset.turn = usersTurn() ? "user" : search ? "engine" : "none";
  board.removeMarkers?.(MARKER_TYPE.square);
  if (game.moves.length > 0) {
    const last = game.moves[game.moves.length - 1];
    board.addMarker(MARKER_TYPE.square, last.slice(0, 2));
    board.addMarker(MARKER_TYPE.square, last.slice(2, 4));
  }
  // The move list, numbered from the start position's move number.
  const fullmove = Number(state.start.split(" ")[5] || 1);
  const blackFirst = state.start.split(" ")[1] === "b";
  const list = $("moves");
  list.replaceChildren();
  let item = null;
  state.san.forEach((san, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0 || item === null) {
      item = document.createElement("li");
      item.value = fullmove + Math.floor(ply / 2);
      if (ply % 2 === 1) item.append("… ");
      list.append(item);
    }
    const span = document.createElement("span");
    span.className = "san";
    span.textContent = san + " ";
    item.append(span);
  });
  $("fen").placeholder = state.fen;
  $("pgn").value = pgn();
  $("undo").disabled = game.moves.length === 0;
}

// pgn writes the game in PGN, SAN from the engine.
function pgn() {
  const white = userSide() === "w" ? "You" : "micro-Max 4.1 (umax)";
  const black = userSide() === "b" ? "You" : "micro-Max 4.1 (umax)";
  const result = game.over ? (game.over.startsWith("White") ? "0-1" : "1-0") : state.result;
  const date = new Date().toISOString().slice(0, 10).replaceAll("-", ".");
  const tags = [["Event", "umax in the browser"], ["Site", location.host || "local"], ["Date", date],
    ["Round", "-"], ["White", white], ["Black", black], ["Result", result]];
  if (!state.startpos) tags.push(["SetUp", "1"], ["FEN", state.start]);
  const fullmove = Number(state.start.split(" ")[5] || 1);
  const blackFirst = state.start.split(" ")[1] === "b";
  const words = [];
  state.san.forEach((san, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0) words.push(`${fullmove + Math.floor(ply / 2)}.`);
    else if (i === 0) words.push(`${fullmove}...`);
    words.push(san);
  });
  words.push(result);
  const lines = [];
  let line = "";
  for (const w of words) { // PGN lines of at most 80 characters
    if (line.length + w.length + 1 > 80) { lines.push(line); line = w; } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return tags.map(([k, v]) => `[${k} "${v}"]`).join("\n") + "\n\n" + lines.join("\n") + "\n";
}

// --- Watching it think ---------------------------------------------------------

// showIteration adds an iteration's line to the table, the PV in SAN once
// the engine has translated it (in coordinates if it answers only after
// the search ended, when its position is no longer the search's).
function showIteration(s, line) {
  const info = parseInfo(line);
  const row = document.createElement("tr");
  row.className = "iteration";
  row.dataset.depth = info.depth;
  row.dataset.nodes = info.nodes;
  const cells = [info.depth, scoreText(info.score), info.nodes.toLocaleString("en"), `${(info.time / 1000).toFixed(2)} s`,
    info.nps.toLocaleString("en"), (info.pv || []).join(" ")];
  for (const c of cells) {
    const td = document.createElement("td");
    td.textContent = c;
    row.append(td);
  }
  row.lastChild.className = "pv";
  s.rows.push(info);
  $("iterations").tBodies[0].append(row);
  if (info.pv && info.pv.length) {
    engine.askJSON(`umax san ${info.pv.join(" ")}`).then((answer) => {
      if (!s.done && answer.san.length > 0) row.lastChild.textContent = answer.san.concat(info.pv.slice(answer.san.length)).join(" ");
    });
  }
}

// scoreText writes a UCI score as micro-Max's: "cp 15" is +15 (0.15 pawns), "mate 3" is mate in 3.
function scoreText(score) {
  const [kind, n] = score.split(" ");
  if (kind === "mate") return Number(n) > 0 ? `mate in ${n}` : `mated in ${-Number(n)}`;
  const v = Number(n);
  return `${v > 0 ? "+" : ""}${v} (${(v / 99).toFixed(2)})`;
}

function summarize(s) {
  const total = s.total || s.rows[s.rows.length - 1];
  if (!total) { $("search-summary").textContent = "No iteration finished."; return; }
  $("search-summary").textContent = `${s.rows.length} iterations, ${total.nodes.toLocaleString("en")} nodes in ` +
    `${(total.time / 1000).toFixed(2)} s (${total.nps.toLocaleString("en")} nodes/s).`;
}

// --- The tree ----------------------------------------------------------------

$("open-tree").addEventListener("click", () => {
  if (!treeText) return;
  const tree = JSON.parse(treeText);
  const view = $("tree-view");
  view.replaceChildren();
  if (tree.error) { view.textContent = `No tree: ${tree.error}.`; return; }
  showTree(view, tree);
});

function showTree(view, tree) {
  const children = tree.tree.map(() => []);
  tree.tree.forEach((n, i) => { if (i > 0) children[n.parent].push(i); });
  const stubsOf = tree.tree.map(() => []);
  tree.stubs.forEach((s, k) => stubsOf[s.node].push(k));
  const head = document.createElement("div");
  head.className = "tree-head";
  head.innerHTML = "";
  const lines = [
    `${tree.caption}. ${tree.side === "w" ? "White" : "Black"} to move: ${tree.fen}`,
    `The ${tree.plies}-ply iteration: ${tree.nodes.toLocaleString("en")} nodes = ${tree.drawn.toLocaleString("en")} nodes that ran an iteration` +
      ` + ${tree.summarised.toLocaleString("en")} in earlier iterations of nodes + ${tree.inBoxes.toLocaleString("en")} in quiescence searches.`,
    `Pruned moves: ${tree.pruned.toLocaleString("en")} = ${tree.cut.toLocaleString("en")} listed + ${tree.prunedEarly} in earlier iterations + ${tree.prunedBoxes} in quiescence searches.` +
      ` Calls of the search: ${tree.calls.toLocaleString("en")}, ${tree.tableHits} resumed from the table, ${tree.answered} answered by it.`,
    "Each node's nodes are its own one plus its moves' nodes. Window (q, l), depth n, evaluation e; a move's score is from the mover's view.",
  ];
  for (const l of lines) {
    const p = document.createElement("p");
    p.textContent = l;
    head.append(p);
  }
  view.append(head);
  const root = document.createElement("ul");
  root.className = "tree-list";
  root.append(nodeItem(tree, children, stubsOf, 0));
  view.append(root);
  root.querySelector("details").open = true;
}

// nodeItem is the list item of node i: a summary line, and its moves when opened.
function nodeItem(tree, children, stubsOf, i) {
  const n = tree.tree[i];
  const li = document.createElement("li");
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  details.append(summary);
  li.append(details);
  li.className = "tree-node";
  li.dataset.node = i;
  li.dataset.total = n.total;
  const parent = i > 0 ? tree.tree[n.parent] : null;
  const marks = [];
  if (parent && parent.bestChild === i) marks.push(parent.best >= parent.beta ? "best: cut-off" : "best");
  if (n.tableMove) marks.push("the table's move, first");
  if (n.tableDepth > 0 && n.last[0] === 0) marks.push("answered by the table");
  else if (n.tableDepth > 0) marks.push(`resumed from the table at depth ${n.tableDepth}`);
  let head;
  if (i === 0) head = `root: ${n.side === "w" ? "White" : "Black"} to move, iteration d=${n.depth}`;
  else if (n.move === "") head = "stalemate probe (the other side moves)";
  else head = `${n.move}  score ${-n.score}`;
  const args = i === 0 ? `q=${n.alpha} l=${n.beta} e=${n.eval}` : `q=${n.alpha} l=${n.beta} n=${n.depth} e=${n.eval}`;
  const result = n.qs ? `quiescence: ${n.total} nodes` : `${n.total.toLocaleString("en")} nodes`;
  summary.textContent = `${head}   ${args}   ${result}${marks.length ? "   [" + marks.join(", ") + "]" : ""}`;
  if (n.line) summary.classList.add("on-line");
  if (parent && parent.bestChild === i) summary.classList.add("best");
  let filled = false;
  details.addEventListener("toggle", () => {
    if (!details.open || filled) return;
    filled = true;
    details.append(nodeMoves(tree, children, stubsOf, i));
  });
  return li;
}

// nodeMoves lists node i's moves in the order micro-Max made them: its
// children and the moves it pruned, merged by when they were made.
function nodeMoves(tree, children, stubsOf, i) {
  const n = tree.tree[i];
  const ul = document.createElement("ul");
  const info = document.createElement("li");
  info.className = "node-info";
  const passes = n.earlier.map((p) => `d=${p[0]}: m=${p[1]} by ${p[2] || "-"}, ${p[3]} nodes`);
  const last = n.last[0] > 0 ? `last iteration d=${n.last[0]}: m=${n.last[1]}${n.last[2] ? " by " + n.last[2] : ""}, ${n.last[3]} nodes = 1 + ${children[i].length} moves searched` : "no iteration: the table's entry answered";
  info.textContent = [passes.length ? `earlier iterations: ${passes.join("; ")}` : "", last, `returned ${n.score}`].filter(Boolean).join(". ");
  ul.append(info);
  if (n.qs) {
    for (const [move, v, score, rule] of n.box || []) {
      const li = document.createElement("li");
      li.className = rule === "searched" ? "box-move" : "box-move pruned";
      li.textContent = rule === "searched" ? `${move}  v=${v}  recapture searched: score ${score}` : `${move}  v=${v}  pruned: ${rule}`;
      ul.append(li);
    }
    if (n.qs && (n.box || []).length === 0) {
      const li = document.createElement("li");
      li.className = "box-move";
      li.textContent = `stands pat on e=${n.eval}${n.eval >= n.beta ? " (>= l: fail high)" : ""}`;
      ul.append(li);
    }
    return ul;
  }
  let k = 0;
  const kids = children[i];
  const addChild = (c) => ul.append(nodeItem(tree, children, stubsOf, c));
  for (const s of stubsOf[i]) {
    const stub = tree.stubs[s];
    while (k < kids.length && kids[k] < stub.after) addChild(kids[k++]);
    const li = document.createElement("li");
    li.className = "stub pruned";
    const best = n.bestStub === s ? "   [best]" : "";
    li.textContent = `${stub.move}  v=${stub.eval}  pruned: ${stub.rule === "futile" ? "futile (not searched)" : stub.rule}${best}`;
    ul.append(li);
  }
  while (k < kids.length) addChild(kids[k++]);
  return ul;
}

// --- Comparing two settings ------------------------------------------------------

const labSwitches = [
  { name: "Futility Pruning", label: "futility pruning (4.1; off: 4.0)", check: true, def: true },
  { name: "Futility Margin", label: "frontier margin", spin: [-300, 900] },
  { name: "Extended Futility", label: "extended futility", check: true },
  { name: "Deep Futility", label: "deep futility", check: true },
  { name: "Aggressive Futility", label: "aggressive futility", check: true },
  { name: "Goose Chase Pruning", label: "no goose chases", check: true },
];

function settingForm(fieldset, defaults) {
  for (const sw of labSwitches) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.name = sw.name;
    if (sw.check) { input.type = "checkbox"; input.checked = defaults[sw.name] ?? false; }
    else { input.type = "number"; input.min = sw.spin[0]; input.max = sw.spin[1]; input.value = defaults[sw.name] ?? 0; input.size = 5; }
    label.append(input, " ", sw.label);
    fieldset.append(label);
  }
}
settingForm($("setting-a"), { "Futility Pruning": true });
settingForm($("setting-b"), { "Futility Pruning": false });

function settingOf(fieldset) {
  const values = {};
  for (const input of fieldset.querySelectorAll("input")) values[input.name] = input.type === "checkbox" ? input.checked : Number(input.value);
  return values;
}

function settingName(v) {
  const parts = [v["Futility Pruning"] ? "4.1" : "4.0"];
  if (v["Futility Margin"]) parts.push(`margin ${v["Futility Margin"]}`);
  for (const sw of labSwitches.slice(2)) if (v[sw.name]) parts.push(sw.label);
  return parts.join(", ");
}

// searchOnce searches the game's position on a fresh engine (ucinewgame:
// an empty table) under a setting, and returns its iterations and move.
async function searchOnce(worker, setting, budget) {
  for (const sw of labSwitches) {
    const v = setting[sw.name];
    worker.send(`setoption name ${sw.name} value ${sw.check ? Boolean(v) : Math.round(v) || 0}`);
  }
  worker.send("ucinewgame");
  worker.send(positionCommand());
  const rows = [];
  const stop = worker.listen((l) => { if (l.startsWith("info depth ")) rows.push(parseInfo(l)); });
  const best = await worker.ask(`go nodes ${budget}`, "bestmove");
  stop();
  return { rows, best: best.split(" ")[1] };
}

$("run-compare").addEventListener("click", async () => {
  const button = $("run-compare");
  button.disabled = true;
  const body = $("comparison").tBodies[0];
  body.replaceChildren();
  const a = settingOf($("setting-a"));
  const b = settingOf($("setting-b"));
  const budget = Number($("compare-budget").value);
  $("compare-head-a").textContent = `A: ${settingName(a)}`;
  $("compare-head-b").textContent = `B: ${settingName(b)}`;
  $("compare-summary").textContent = "Searching A, then B…";
  const worker = new Engine("umax-worker.js"); // its own table: the game's engine keeps its own
  try {
    await worker.ask("uci", "uciok");
    const ra = await searchOnce(worker, a, budget);
    const rb = await searchOnce(worker, b, budget);
    const depths = Math.max(ra.rows.length, rb.rows.length);
    const cell = (r, i) => {
      const it = r.rows[i];
      if (!it) return ["", "", "", ""];
      const own = it.nodes - (i > 0 ? r.rows[i - 1].nodes : 0);
      return [own.toLocaleString("en"), it.nodes.toLocaleString("en"), scoreText(it.score), it.pv ? it.pv[0] : ""];
    };
    for (let i = 0; i < depths; i++) {
      const tr = document.createElement("tr");
      tr.className = "compare-row";
      const ia = ra.rows[i], ib = rb.rows[i];
      tr.dataset.depth = (ia || ib).depth;
      tr.dataset.nodesA = ia ? ia.nodes : "";
      tr.dataset.nodesB = ib ? ib.nodes : "";
      const ratio = ia && ib ? (ib.nodes / ia.nodes).toFixed(2) : "";
      for (const c of [(ia || ib).depth, ...cell(ra, i), ...cell(rb, i), ratio]) {
        const td = document.createElement("td");
        td.textContent = c;
        tr.append(td);
      }
      body.append(tr);
    }
    $("compare-summary").textContent = `A plays ${ra.best}, B plays ${rb.best}` +
      (ra.best === rb.best ? ": the same move." : ": different moves.");
  } finally {
    worker.terminate();
    button.disabled = false;
  }
});

// --- Start -------------------------------------------------------------------

(async () => {
  await engine.ask("uci", "uciok");
  engine.send(`umax record ${recordPlies}`);
  resetClocks();
  await sync(false);
  document.body.dataset.ready = "true";
  nextTurn();
})();

// For the console and the browser test (web/browsertest): the engine, the
// game, and the engine's last state.
window.umax = { engine, game, state: () => state, searching: () => search !== null };
