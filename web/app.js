// app.js: the page. It plays micro-Max (umax-worker.js, UCI over
// postMessage), shows its iterations as they finish, opens the tree of an
// iteration, steps through an iteration (stepper.js), and compares two
// settings of the futility laboratory, by their iterations and node for
// node. It plays at full strength or at a strength level (UCI_Elo, with a
// seed), and says which. Every
// rule of chess here is the engine's: legal moves, SAN, check, mate and
// draws come from its "umax state" and "umax san" answers (uci_web.go).

import { Chessboard, COLOR, INPUT_EVENT_TYPE } from "./vendor/cm-chessboard/src/Chessboard.js";
import { Markers, MARKER_TYPE } from "./vendor/cm-chessboard/src/extensions/markers/Markers.js";
import { PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE } from "./vendor/cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js";
import { Engine, labWorker } from "./engine.js";
import { showTree, iterationName, capital, isIllegal, ILLEGAL_NOTE } from "./treeview.js";
import { Stepper, recordSearches, stepSummary, value } from "./stepper.js";
import { Learn } from "./learn.js";

const $ = (id) => document.getElementById(id);

// --- State -----------------------------------------------------------------

const engine = new Engine(labWorker);
const game = {
  start: "startpos", // or a FEN
  moves: [],         // in UCI's coordinates
  over: "",          // why the game ended on the page (time), besides the engine's state
  players: [],       // by ply: who played the engine's moves ("micro-Max 4.1 (level 1100, seed 42)")
};
let state = null;       // the engine's last "umax state" answer
let search = null;      // the search running: {id, rows, ply}
let searchId = 0;       // a search whose id is not this one's was abandoned (undo, new game)
let treeText = "";      // the last search's tree, as the engine sent it (parsed when opened)
let treeSearch = null;  // that search: {depth, nodes} of its last thinking line
let recordPlies = 3;    // what "umax record" was last told
const engineOptions = {}; // the engine's options, by name, from its uci answer: {type, default, min, max}
let told = null;        // the strength the engine was last told: {limit, elo, seed}; null before the uci answer
let levelNote = "";     // what the engine said of the UCI_Elo it was last told (an info string), if anything
let seed = 0;           // the seed field's last good value; 0: random
const clock = { on: false, w: 0, b: 0, inc: 0, running: null, since: 0, timer: 0 };

const board = new Chessboard($("board"), {
  position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  assetsUrl: "vendor/cm-chessboard/assets/",
  style: { pieces: { file: "pieces/standard.svg" }, animationDuration: 150 },
  extensions: [{ class: Markers, props: { autoMarkers: MARKER_TYPE.frame } }, { class: PromotionDialog }],
});

// --- The engine's answers ----------------------------------------------------

engine.listen((line) => {
  if (line.startsWith("option name ")) readOption(line);
  if (line.startsWith("info string ")) console.info("umax:", line.slice(12));
  if (line.startsWith("info string UCI_Elo ")) { levelNote = line.slice(12); showGame(); }
  if (search && line.startsWith("info depth ")) showIteration(search, line);
  if (search && line.startsWith("info nodes ")) search.total = parseInfo(line);
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
  game.players.length = Math.min(game.players.length, game.moves.length); // moves taken back
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

// goCommand is the go command of the budget or clock chosen.
function goCommand() {
  const [kind, a] = $("budget").value.split(" ");
  if (kind === "nodes") return `go nodes ${a}`;
  const ms = (t) => Math.max(Math.round(t), 1);
  return `go wtime ${ms(clock.w)} btime ${ms(clock.b)} winc ${clock.inc} binc ${clock.inc}`;
}

// engineMove lets the engine think and play.
async function engineMove() {
  if (search || gameOver()) return;
  tellStrength(); // before the search: a setoption during one would end it
  const id = ++searchId;
  search = { id, rows: [], total: null, finished: null, ply: game.moves.length, budget: $("budget").value };
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
    const lastRow = finished.rows[finished.rows.length - 1];
    treeSearch = lastRow ? { depth: lastRow.depth, nodes: lastRow.nodes } : null;
    $("open-tree").disabled = false;
  }
  if (id !== searchId) { done(); return; } // abandoned meanwhile
  if (move && move !== "0000") {
    game.moves.push(move);
    game.players[game.moves.length - 1] = playerName(told, finished.budget);
    await sync(true);
  }
  done();
  tellStrength(); // a level chosen during the search
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
  game.players = [];
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
  // Undo never sets the engine thinking, as chess GUIs do: it leaves the
  // user to move. Where it took back the engine's first move of the game
  // (after "Engine, move" from the start), the user takes the side to move;
  // "Engine, move" lets the engine play it again.
  if (userSide() !== "both" && sideToMove() !== userSide()) {
    $("user-side").value = sideToMove();
    const bottom = userSide() === "b" ? COLOR.black : COLOR.white;
    if (board.getOrientation() !== bottom) board.setOrientation(bottom, true);
  }
  showGame();
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

$("budget").addEventListener("change", () => { resetClocks(); showGame(); });

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
  game.players = [];
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
  const [kind, seconds, inc] = $("budget").value.split(" ");
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
  else if (search) text = `${mover} to move: micro-Max thinks at ${strengthText(told, search.budget)}${state.check ? " (check)" : ""}`;
  else text = `${mover} to move${state.check ? ", in check" : ""}${usersTurn() ? ": your move" : ""}`;
  $("status").textContent = text;
  $("playing").textContent = playingText();
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
  const white = userSide() === "w" ? "You" : enginePlayer(0);
  const black = userSide() === "b" ? "You" : enginePlayer(1);
  const result = game.over ? (game.over.startsWith("White") ? "0-1" : "1-0") : state.result;
  const date = new Date().toISOString().slice(0, 10).replaceAll("-", ".");
  const tags = [["Event", "umax in the browser"], ["Site", location.host || "local"], ["Date", date],
    ["Round", "-"], ["White", white], ["Black", black], ["Result", result]];
  if (!state.startpos) tags.push(["SetUp", "1"], ["FEN", state.start]);
  const fullmove = Number(state.start.split(" ")[5] || 1);
  const blackFirst = state.start.split(" ")[1] === "b";
  const words = [];
  const lastPlayer = [white, black];
  state.san.forEach((san, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    const player = game.players[i];
    const changed = player && player !== lastPlayer[ply % 2];
    if (changed) { // the engine's setting changed in the game: a comment says so
      words.push(...`{From here ${player}}`.split(" "));
      lastPlayer[ply % 2] = player;
    }
    if (ply % 2 === 0) words.push(`${fullmove + Math.floor(ply / 2)}.`);
    else if (i === 0 || changed) words.push(`${fullmove + Math.floor(ply / 2)}...`);
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

// --- Strength levels -------------------------------------------------------------

// readOption keeps an option line of the engine's uci answer: its type,
// default, min and max.
function readOption(line) {
  const m = /^option name (.+?) type (\S+)(.*)$/.exec(line);
  if (!m) return;
  const option = { type: m[2] };
  const words = m[3].trim().split(" ");
  for (let i = 0; i + 1 < words.length; i += 2) option[words[i]] = words[i + 1];
  engineOptions[m[1]] = option;
}

// offerLevels fills the strength choice from the engine's options: full
// strength, then ratings from UCI_Elo's min up to its max, every 100
// between; the max itself is full strength (strength.md), not offered
// again; the engine's defaults are what it was told so far.
function offerLevels() {
  const elo = engineOptions["UCI_Elo"];
  if (!elo || !engineOptions["UCI_LimitStrength"]) return; // an engine without levels: full strength only
  const lo = Number(elo.min), hi = Number(elo.max);
  const ratings = [lo];
  for (let r = Math.floor(lo / 100) * 100 + 100; r < hi; r += 100) ratings.push(r);
  for (const r of ratings) $("level").add(new Option(`level ${r}`, String(r)));
  labelLevels();
  told = { limit: engineOptions["UCI_LimitStrength"].default === "true", elo: Number(elo.default), seed: Number(engineOptions["Strength Seed"]?.default ?? 0) };
  $("seed").max = engineOptions["Strength Seed"]?.max ?? $("seed").max;
}

// measured holds what the levels measured in the calibration
// (strength-measured.json, which scripts/strength-plot.go -page writes from
// the fit): points {level, elo, lo, hi}, by the table's number, weakest
// first. Without it the choice says nothing of it.
let measured = [];
fetch(new URL("strength-measured.json", import.meta.url))
  .then((r) => (r.ok ? r.json() : { points: [] }))
  .then((m) => { measured = m.points ?? []; labelLevels(); })
  .catch(() => {});

// measuredText says what a level measured: a point's figures, or between
// two points their figures in proportion; nothing outside the points.
function measuredText(level) {
  const i = measured.findIndex((p) => p.level >= level);
  if (i < 0 || i === 0 && measured[0].level !== level) return "";
  const a = measured[Math.max(i - 1, 0)], b = measured[i];
  const f = b.level === a.level ? 1 : (level - a.level) / (b.level - a.level);
  const at = (k) => Math.round(a[k] + f * (b[k] - a[k]));
  return ` (measured ${at("elo")}, 95%: ${at("lo")} to ${at("hi")})`;
}

// labelLevels says in the strength choice what each level measured.
function labelLevels() {
  for (const o of $("level").options) if (o.value !== "full") o.text = `level ${o.value}${measuredText(Number(o.value))}`;
}

// chosenStrength is the strength the page's settings ask for.
function chosenStrength() {
  if ($("level").value === "full") return { limit: false };
  return { limit: true, elo: Number($("level").value), seed };
}

// tellStrength tells the engine the strength chosen (the options that
// changed since it was last told), between searches only: a setoption
// would end the search running.
function tellStrength() {
  if (search || !told) return;
  const want = chosenStrength();
  const set = (name, value) => engine.send(`setoption name ${name} value ${value}`);
  if (want.limit !== told.limit) set("UCI_LimitStrength", want.limit);
  if (want.limit && want.elo !== told.elo) { levelNote = ""; set("UCI_Elo", want.elo); }
  if (want.limit && want.seed !== told.seed) set("Strength Seed", want.seed);
  told = want.limit ? want : { ...told, limit: false };
}

// strengthText says a strength the engine was told: a level and its seed,
// or full strength with its budget or clock ("nodes 10000", "clock 180 2").
function strengthText(strength, budget) {
  if (strength && strength.limit) {
    return `level ${strength.elo}, ${strength.seed ? `seed ${strength.seed}` : "random seed"}`;
  }
  const [kind, a, b] = budget.split(" ");
  return kind === "nodes" ? `full strength, ${Number(a).toLocaleString("en")} nodes` : `full strength, ${Number(a) / 60}+${b} clock`;
}

// playerName is the engine's name in the PGN, with its strength.
function playerName(strength, budget) {
  return `micro-Max ${$("version").value === "40" ? "4.0" : "4.1"} (${strengthText(strength, budget)})`;
}

// enginePlayer is the engine's name for White (0) or Black (1): as it
// played its first move of that side in the game, or as it will play.
function enginePlayer(colour) {
  const blackFirst = state.start.split(" ")[1] === "b";
  const first = game.players.find((p, i) => p && (i + (blackFirst ? 1 : 0)) % 2 === colour);
  return first || playerName(search ? told : chosenStrength(), search ? search.budget : $("budget").value);
}

// playingText says which strength plays: the search's running, or the
// next one's, and the engine's note if the level it plays is not the
// rating asked.
function playingText() {
  const now = search ? told : chosenStrength();
  let text = `micro-Max plays at ${strengthText(now, search ? search.budget : $("budget").value)}.`;
  const next = chosenStrength();
  if (search && (next.limit !== told.limit || next.limit && (next.elo !== told.elo || next.seed !== told.seed))) {
    text += ` From its next move: ${strengthText(next, $("budget").value)}.`;
  }
  if (now.limit && levelNote.startsWith(`UCI_Elo ${now.elo} `)) text += ` The engine says: ${levelNote}.`;
  return text;
}

// The strength choice: at a level the seed counts, and the budgets under
// micro-Max's own are not offered (the level limits the search itself).
$("level").addEventListener("change", () => {
  const atLevel = $("level").value !== "full";
  $("seed").disabled = !atLevel;
  for (const o of $("budget").options) {
    const [kind, nodes] = o.value.split(" ");
    o.disabled = atLevel && kind === "nodes" && Number(nodes) < 1000000;
  }
  if ($("budget").selectedOptions[0].disabled) { $("budget").value = "nodes 1000000"; resetClocks(); }
  tellStrength();
  showGame();
});

// The seed field: empty or 0 is random; anything but a whole number in
// the option's range is refused, and the seed stays as it was.
$("seed").addEventListener("change", () => {
  const field = $("seed");
  const text = field.value.trim();
  const n = text === "" ? 0 : Number(text);
  if (field.validity.badInput || !Number.isInteger(n) || n < 0 || n > Number(field.max)) {
    $("seed-error").textContent = `A seed is a whole number from 0 to ${field.max} (0 or empty: random); the seed stays ${seed || "random"}.`;
    return;
  }
  $("seed-error").textContent = "";
  seed = n;
  tellStrength();
  showGame();
});

// --- Watching it think ---------------------------------------------------------

// showIteration adds an iteration's line to the table, the PV in SAN once
// the engine has translated it, from the search's root (umax san at PLY:
// the last line's answer comes after the engine has played its move).
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
    engine.askJSON(`umax san at ${s.ply} ${info.pv.join(" ")}`).then((answer) => {
      if (answer.san.length > 0) row.lastChild.textContent = answer.san.concat(info.pv.slice(answer.san.length)).join(" ");
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
  let budget = "";
  const [kind, limit] = s.budget.split(" ");
  if (kind === "nodes" && s.rows.length > 0 && told && !told.limit) {
    const last = s.rows[s.rows.length - 1];
    const began = s.rows.length > 1 ? s.rows[s.rows.length - 2].nodes : 0;
    budget = ` The budget, ${Number(limit).toLocaleString("en")} nodes, is looked at only before an iteration starts:` +
      ` the last one, depth ${last.depth}, started at ${began.toLocaleString("en")} nodes, under the budget, and ran to its end` +
      (total.nodes > Number(limit) ? `, past it.` : ".");
  }
  $("search-summary").textContent = `${s.rows.length} iterations, ${total.nodes.toLocaleString("en")} nodes in ` +
    `${(total.time / 1000).toFixed(2)} s (${total.nps.toLocaleString("en")} nodes/s).${budget}`;
}

// --- The tree ----------------------------------------------------------------

$("open-tree").addEventListener("click", () => {
  if (!treeText) return;
  const tree = JSON.parse(treeText);
  const view = $("tree-view");
  view.replaceChildren();
  if (tree.error) { view.textContent = `No tree: ${tree.error}.`; return; }
  const note = document.createElement("p");
  note.id = "tree-which";
  note.className = "tree-which";
  note.textContent = `This is ${iterationName(tree.plies)} of the last search` +
    (treeSearch ? `, which went on to depth ${treeSearch.depth} (${treeSearch.nodes.toLocaleString("en")} nodes, the thinking lines above)` : "") +
    `: the page records one iteration of each search, the one chosen under Record, since the deeper ones are too large to open here.` +
    (treeSearch && treeSearch.depth > tree.plies ? ` The iterations after it searched the same moves again, deeper, their best first.` : "");
  view.append(note);
  showTree(view, tree);
});

// --- Comparing two settings ------------------------------------------------------

const labSwitches = [
  { name: "Futility Pruning", label: "futility pruning (4.1; off: 4.0)", check: true, def: true },
  { name: "Futility Margin", label: "frontier margin", spin: [-300, 900] },
  { name: "Extended Futility", label: "extended futility", check: true },
  { name: "Deep Futility", label: "deep futility", check: true },
  { name: "Aggressive Futility", label: "aggressive futility", check: true },
  { name: "Goose Chase Pruning", label: "no goose chases", check: true },
  { name: "Late Move Pruning", label: "late move pruning", check: true },
  { name: "General Deep Futility", label: "general deep futility", check: true },
  { name: "Weak Deep Futility", label: "weak deep futility", check: true },
  { name: "Overkill Pruning", label: "over-kill", check: true },
  { name: "Goose Legal Protection", label: "no goose chases (legal protection)", check: true },
  { name: "Goose Refined", label: "no goose chases (refined)", check: true },
  { name: "Goose Budget", label: "goose budget: passes (0: off)", spin: [0, 9], short: "goose budget" },
  { name: "Goose Horizon Only", label: "goose budget in horizon nodes only", check: true },
  { name: "Goose Equal Captures", label: "no equal goose captures (rule 2)", check: true },
  { name: "Goose Try Equal", label: "goose budget tries equal captures", check: true },
  { name: "Null Move", label: "null move: reduction R (0: off)", spin: [0, 3], short: "null move" },
];

// labHelp is each switch in a line, and the anchor of its card in
// doc/laboratory.md: shown where a switch is chosen (the compare panel,
// whose settings the diff uses too, and the stepper). doc/protocols.md's
// table of the switches has the same lines (lab_doc_test.go checks them).
const labHelp = {
  "Futility Pruning": ["micro-Max 4.1's own rule: with one ply left, a move whose new evaluation v cannot raise alpha is not searched (off: micro-Max 4.0)", "futility-pruning-and-its-margin"],
  "Futility Margin": ["moves micro-Max's test by M: with one ply left, a move is searched only if v + M > alpha (a negative M prunes more)", "futility-pruning-and-its-margin"],
  "Extended Futility": ["two plies from the horizon, a move that leaves its side a rook below alpha is not searched, unless it gives check or answers one", "extended-futility"],
  "Deep Futility": ["two or three plies from the horizon, a move is not searched when even taking the opponent's best piece next could not reach alpha (checks are)", "deep-futility"],
  "Aggressive Futility": ["the opponent's quiet move that leaves the engine's own frontier node half a pawn below its alpha fails high unsearched", "aggressive-futility"],
  "Goose Chase Pruning": ["in the quiescence search, no capture of a protected piece by a more valuable one", "goose-chases"],
  "Late Move Pruning": ["one or two plies from the horizon, the quiet moves after the first 3 + s² of a node are not searched", "late-move-pruning"],
  "General Deep Futility": ["two or three plies from the horizon, only checks are searched when even the opponent's two best pieces could not reach alpha", "general-deep-futility"],
  "Weak Deep Futility": ["general deep futility, and with the opponent's queen on the board the same test with his next two pieces, queen captures and checks searched", "weak-deep-futility"],
  "Overkill Pruning": ["one or two plies from the horizon, a move so far above beta that losing the mover's best piece could not undo it fails high unsearched", "over-kill"],
  "Goose Legal Protection": ["goose chases, a piece protected only by a legal recapture (a pinned protector does not count)", "goose-chases-legal-protection"],
  "Goose Refined": ["goose chases pruned only where surely bad: no second attacker, or a protector worth less than the capturer minus the victim", "goose-chases-refined"],
  "Goose Budget": ["the quiescence search again with 0, 1, 2, ... goose chases allowed a branch, at most N passes, while a pruned one mattered (0: off)", "the-goose-budget"],
  "Goose Horizon Only": ["with the goose budget: the passes only in horizon nodes (calls asked for one ply), as the thread says; other calls search their one-ply iteration once", "the-goose-budget"],
  "Goose Equal Captures": ["in the quiescence search, no equal capture (a knight for a bishop too) of a protected piece: the goose rule 2 alone", "goose-chases-equal-captures"],
  "Goose Try Equal": ["with the goose budget: the thread's revision, do try equal captures: the budget charges no equal capture, and the refined rule prunes none", "the-goose-budget"],
  "Null Move": ["before a node's first move, a pass: if the opponent's reply to it, searched R plies shallower, still leaves the node at beta, the node fails high unsearched (0: off); deep and general deep futility then reach 3 + R plies from the horizon", "the-null-move"],
};

function settingForm(fieldset, defaults) {
  for (const sw of labSwitches) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.name = sw.name;
    if (sw.check) { input.type = "checkbox"; input.checked = defaults[sw.name] ?? false; }
    else { input.type = "number"; input.min = sw.spin[0]; input.max = sw.spin[1]; input.value = defaults[sw.name] ?? 0; input.size = 5; }
    label.append(input, " ", sw.label);
    const help = labHelp[sw.name];
    if (help) {
      label.title = help[0];
      const card = document.createElement("a");
      card.className = "lab-card";
      card.href = `../doc/laboratory.md#${help[1]}`;
      card.target = "_blank";
      card.textContent = "card";
      label.append(" ", card);
    }
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
  for (const sw of labSwitches.slice(2)) if (v[sw.name]) parts.push(sw.spin ? `${sw.short} ${v[sw.name]}` : sw.label);
  return parts.join(", ");
}

// searchOnce searches a position (a position command) on a fresh engine (ucinewgame:
// an empty table) under a setting, and returns its iterations and move.
async function searchOnce(worker, setting, budget, position) {
  for (const sw of labSwitches) {
    const v = setting[sw.name];
    worker.send(`setoption name ${sw.name} value ${sw.check ? Boolean(v) : Math.round(v) || 0}`);
  }
  worker.send("ucinewgame");
  worker.send(position);
  const rows = [];
  const stop = worker.listen((l) => { if (l.startsWith("info depth ")) rows.push(parseInfo(l)); });
  const best = await worker.ask(`go nodes ${budget}`, "bestmove");
  stop();
  return { rows, best: best.split(" ")[1] };
}

// sanOf translates moves of the position the worker searched (after the
// first ply moves of its last position command) into SAN, each on its own
// (umax san at PLY, uci_web.go: after a search the worker's game has its
// best move played), and returns the translation: a move the engine cannot
// translate (0000, no move) stays as it is.
async function sanOf(worker, ply, moves) {
  const san = new Map();
  for (const m of new Set(moves.filter((m) => m && m !== "0000"))) {
    const answer = await worker.askJSON(`umax san at ${ply} ${m}`);
    if (answer.san && answer.san.length === 1) san.set(m, answer.san[0]);
  }
  return (m) => san.get(m) ?? m;
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
  const worker = new Engine(labWorker); // its own table: the game's engine keeps its own
  try {
    await worker.ask("uci", "uciok");
    const position = positionCommand(), ply = game.moves.length; // the game's position now, its moves
    const ra = await searchOnce(worker, a, budget, position);
    const rb = await searchOnce(worker, b, budget, position);
    const san = await sanOf(worker, ply, [ra.best, rb.best, ...[...ra.rows, ...rb.rows].map((it) => it.pv && it.pv[0])]);
    const depths = Math.max(ra.rows.length, rb.rows.length);
    const cell = (r, i) => {
      const it = r.rows[i];
      if (!it) return ["", "", "", ""];
      const own = it.nodes - (i > 0 ? r.rows[i - 1].nodes : 0);
      return [own.toLocaleString("en"), it.nodes.toLocaleString("en"), scoreText(it.score), it.pv ? san(it.pv[0]) : ""];
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
    $("compare-summary").textContent = compareReason(ra, rb, budget, san);
  } finally {
    worker.terminate();
    button.disabled = false;
  }
});

// compareReason says what the two searches chose and why their moves
// differ: each side's depth reached on the budget, and, when one went
// deeper, what both chose at the depth both reached.
function compareReason(ra, rb, budget, san) {
  const depth = (r) => (r.rows.length ? r.rows[r.rows.length - 1].depth : 0);
  const at = (r, d) => r.rows.find((it) => it.depth === d);
  const da = depth(ra), db = depth(rb);
  const head = `A plays ${san(ra.best)} (depth ${da} reached), B plays ${san(rb.best)} (depth ${db} reached) on the same budget of ${budget.toLocaleString("en")} nodes`;
  if (ra.best === rb.best) return `${head}: the same move.`;
  if (da === db) return `${head}: both reached depth ${da}, and chose different moves at the same depth: the two settings searched different trees.`;
  const [deep, shallow, dDeep, dShallow] = da > db ? ["A", "B", da, db] : ["B", "A", db, da];
  const rd = at(deep === "A" ? ra : rb, dShallow), rs = at(shallow === "A" ? ra : rb, dShallow);
  const moveAt = (it) => (it && it.pv ? san(it.pv[0]) : "?");
  const same = rd && rs && rd.pv && rs.pv && rd.pv[0] === rs.pv[0];
  return `${head}: the moves differ because ${deep} reached depth ${dDeep} on the same nodes and ${shallow} stopped at ${dShallow}. ` +
    (same ? `At depth ${dShallow} both chose ${moveAt(rd)}: the move changed with the depth, not with the evaluation.`
      : `At depth ${dShallow} ${deep} chose ${moveAt(rd)} and ${shallow} ${moveAt(rs)}: they differ at the same depth too.`);
}

// optionsOf is a setting as the engine's options: name, value.
function optionsOf(setting) {
  const options = {};
  for (const sw of labSwitches) options[sw.name] = sw.check ? Boolean(setting[sw.name]) : Math.round(setting[sw.name]) || 0;
  return options;
}

// --- Stepping through an iteration ---------------------------------------------

const stepper = new Stepper({ engine });
const learn = new Learn(stepper); // the course (learn.js), which shows its checkpoints in the stepper
let literalSource = null; // search_literal.go and its lines, from the engine (umax source)
settingForm($("step-setting"), { "Futility Pruning": true });

$("step-from").addEventListener("change", () => { $("step-fen-label").hidden = $("step-from").value !== "fen"; });

// ms writes a duration in milliseconds.
const ms = (t) => `${Math.round(t)} ms`;

$("step-load").addEventListener("click", () => loadStep());

// loadStep records an iteration as the stepper's controls ask and shows it.
async function loadStep() {
  const button = $("step-load");
  const plies = Number($("step-plies").value);
  const setting = settingOf($("step-setting"));
  let position = positionCommand();
  if ($("step-from").value === "fen") {
    const fen = $("step-fen").value.trim().replace(/\s+/g, " ");
    if (fen === "") { $("step-status").textContent = "Type a FEN first."; return; }
    position = `position fen ${fen}`;
  }
  button.disabled = true;
  $("step-status").textContent = `Recording ${iterationName(plies)} of ${settingName(setting)}…`;
  try {
    const result = await recordSearches(position, plies, [optionsOf(setting)], { source: !literalSource });
    literalSource ||= result.source;
    const run = result.runs[0];
    const before = performance.now();
    stepper.show(run, literalSource);
    const shown = performance.now();
    const t = result.times;
    $("step-status").textContent = `${capital(iterationName(plies))} of ${settingName(setting)}, ${run.tree.side === "w" ? "White" : "Black"} to move` +
      ` (${run.steps.fen}): ${run.steps.nodes.toLocaleString("en")} nodes, ${run.steps.steps.length.toLocaleString("en")} steps.` +
      ` Loaded in ${ms(shown - t.start)}: the worker ${ms(t.ready - t.start)}, the search and its data ${ms(t.done - t.ready)}, the page ${ms(shown - before)}.`;
    document.body.dataset.stepLoadMs = Math.round(shown - t.start);
  } catch (err) {
    $("step-status").textContent = `Not recorded: ${err.message}`;
    return false;
  } finally {
    button.disabled = false;
  }
  return true;
}

// openFromAddress opens the stepper at a cut, as the cards of
// doc/laboratory.md link it: #fen=FEN&plies=N&stop=KIND and the setting's
// options by their UCI names (Deep+Futility=true): it records that search
// and runs to its first step of that kind (lab: a laboratory rule's cut).
async function openFromAddress() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (!p.has("fen")) return;
  $("step-from").value = "fen";
  $("step-fen-label").hidden = false;
  $("step-fen").value = p.get("fen");
  if (p.has("plies")) $("step-plies").value = p.get("plies");
  for (const input of $("step-setting").querySelectorAll("input")) {
    if (!p.has(input.name)) continue;
    if (input.type === "checkbox") input.checked = p.get(input.name) === "true";
    else input.value = p.get(input.name);
  }
  $("stepper").scrollIntoView({ block: "start" });
  if (!await loadStep()) return;
  $("step-kind").value = p.get("stop") || "lab";
  stepper.runToNext($("step-kind").value);
}

// --- The two trees, node for node -------------------------------------------------

$("run-diff").addEventListener("click", async () => {
  const button = $("run-diff");
  const view = $("diff-view");
  const a = settingOf($("setting-a"));
  const b = settingOf($("setting-b"));
  const plies = Number($("diff-plies").value);
  button.disabled = true;
  view.textContent = `Recording ${iterationName(plies)} of A (${settingName(a)}), then of B (${settingName(b)})…`;
  try {
    const result = await recordSearches(positionCommand(), plies, [optionsOf(a), optionsOf(b)], { diff: true, source: !literalSource });
    literalSource ||= result.source;
    result.runs[0].caption = `A: ${settingName(a)}`;
    result.runs[1].caption = `B: ${settingName(b)}`;
    showDiff(view, result);
  } catch (err) {
    view.textContent = `Not recorded: ${err.message}`;
  } finally {
    button.disabled = false;
  }
});

// openStepper shows one of the diff's searches in the stepper, at a node or a step.
function openStepper(run, where) {
  stepper.show(run, literalSource, where);
  $("step-status").textContent = `${run.caption}, ${iterationName(run.steps.plies)} (${run.steps.fen}): ` +
    `${run.steps.nodes.toLocaleString("en")} nodes, ${run.steps.steps.length.toLocaleString("en")} steps. From the compare panel's diff.`;
  $("stepper").scrollIntoView({ block: "start" });
}

// stepButton is a button that opens a search of the diff in the stepper.
function stepButton(text, run, where) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jump";
  button.textContent = text;
  button.addEventListener("click", () => openStepper(run, where));
  return button;
}

// diffLesson says in one sentence what the moves one search made and the
// other did not changed: at how many of the nodes where they differ the
// score or the best move changed.
function diffLesson(diff, groups) {
  let changed = 0;
  for (const g of groups.values()) if (g.first.a[0] !== g.first.b[0] || g.first.a[2] !== g.first.b[2]) changed++;
  const count = (n) => n.toLocaleString("en");
  const [more, less, extra] = diff.searchedB[0] >= diff.searchedA[0] ? ["B", "A", diff.searchedB] : ["A", "B", diff.searchedA];
  const p = document.createElement("p");
  p.id = "diff-summary";
  p.className = "diff-summary";
  p.dataset.changed = changed;
  p.dataset.nodes = groups.size;
  if (groups.size === 0) p.textContent = "In one sentence: the two searches made the same moves.";
  else if (changed === 0) {
    p.textContent = `In one sentence: ${more} searched ${count(extra[0])} moves (${count(extra[1])} nodes) that ${less} did not, ` +
      `and at not one of the ${count(groups.size)} nodes where that happened did the score or the best move change: ` +
      `that work changed nothing, and ${less} saved it.`;
  } else {
    p.textContent = `In one sentence: ${more} searched ${count(extra[0])} moves (${count(extra[1])} nodes) that ${less} did not, ` +
      `and at ${count(changed)} of the ${count(groups.size)} nodes where that happened the score or the best move changed (marked red below); at the others nothing did.`;
  }
  return p;
}

// showDiff shows where two recorded iterations first differ, and the moves
// only one of them searched, by the node that made them.
function showDiff(view, { runs: [ra, rb], diff }) {
  view.replaceChildren();
  if (diff.error) { view.textContent = `No diff: ${diff.error}.`; return; }
  const para = (text, className = "") => {
    const p = document.createElement("p");
    p.className = className;
    p.textContent = text;
    view.append(p);
    return p;
  };
  para(`${capital(iterationName(diff.plies))} from ${diff.fen}: ${ra.caption}, ${diff.a.nodes.toLocaleString("en")} nodes and ` +
    `${diff.a.pruned.toLocaleString("en")} moves pruned; ${rb.caption}, ${diff.b.nodes.toLocaleString("en")} nodes and ${diff.b.pruned.toLocaleString("en")} pruned.`);
  const f = diff.first;
  if (!f) {
    para("The two searches are the same, step for step.", "first");
  } else {
    const p = para(`They first differ at step ${f.step + 1}, at ${f.sanPath ? "the node after " + f.sanPath : "the root"}: ` +
      `A ${stepSummary(f.a)}; B ${stepSummary(f.b)}. `, "first");
    p.id = "diff-first";
    p.append("Step through ", stepButton("A from here", ra, { step: f.step }), " or ", stepButton("B from here", rb, { step: f.step }), ".");
  }
  const movesPara = para(`Moves A searched and B did not: ${diff.searchedA[0].toLocaleString("en")} (${diff.searchedA[1].toLocaleString("en")} nodes); ` +
    `B searched and A did not: ${diff.searchedB[0].toLocaleString("en")} (${diff.searchedB[1].toLocaleString("en")} nodes). ` +
    "By the node that made them, with what the node scored (m) and chose in each search (moves in SAN; " +
    "a move marked *, with both squares, is not legal: it leaves its own king in check):");
  const groups = new Map();
  for (const m of diff.moves) {
    const key = `${m.nodeA} ${m.nodeB}`;
    if (!groups.has(key)) groups.set(key, { first: m, a: [], b: [] });
    groups.get(key)[m.searched].push(m);
  }
  movesPara.before(diffLesson(diff, groups));
  const box = document.createElement("div");
  box.className = "diff-table-box";
  const table = document.createElement("table");
  table.className = "diff-table";
  table.innerHTML = "<thead><tr><th>node (its path)</th><th>A searched, B did not</th><th>B searched, A did not</th>" +
    "<th>A: m, best move</th><th>B: m, best move</th><th>what changed</th><th>step through</th></tr></thead>";
  const body = document.createElement("tbody");
  const maxRows = 500;
  let rows = 0;
  for (const g of groups.values()) {
    if (rows++ === maxRows) break;
    const m = g.first;
    const tr = document.createElement("tr");
    tr.className = "diff-row";
    const changed = m.a[0] !== m.b[0] || m.a[2] !== m.b[2];
    if (changed) tr.classList.add("changed");
    const nodes = (list) => list.reduce((n, x) => n + x.nodes, 0);
    tr.dataset.nodesA = nodes(g.a);
    tr.dataset.nodesB = nodes(g.b);
    tr.dataset.movesA = g.a.length;
    tr.dataset.movesB = g.b.length;
    const cell = (text, className) => {
      const td = document.createElement("td");
      td.className = className;
      td.textContent = text;
      tr.append(td);
      return td;
    };
    const path = cell(m.sanPath || "(the root)", "path");
    if (m.sanPath.split(" ").some(isIllegal)) path.title = `* ${ILLEGAL_NOTE}`;
    for (const list of [g.a, g.b]) {
      const td = cell("", "moves");
      if (list.length === 0) continue;
      const details = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = `${list.length} ${list.length === 1 ? "move" : "moves"}, ${nodes(list).toLocaleString("en")} nodes`;
      details.append(summary);
      const byRule = new Map();
      for (const x of list) {
        const rule = x.made ? `cut by the other (${x.rule})` : "not made by the other";
        if (!byRule.has(rule)) byRule.set(rule, []);
        byRule.get(rule).push(`${x.san} ${x.nodes}`);
      }
      for (const [rule, moves] of byRule) {
        const div = document.createElement("div");
        div.textContent = `${rule}: ${moves.join(", ")}`;
        if (moves.some((text) => isIllegal(text.split(" ")[0]))) div.title = `* ${ILLEGAL_NOTE}`;
        details.append(div);
      }
      td.append(details);
    }
    cell(`${value(m.a[0])}${m.a[3] ? " by " + m.a[3] : ""}`, "side");
    cell(`${value(m.b[0])}${m.b[3] ? " by " + m.b[3] : ""}`, "side");
    const changes = [];
    if (m.a[0] !== m.b[0]) changes.push(`score ${value(m.a[0])} → ${value(m.b[0])}`);
    if (m.a[2] !== m.b[2]) changes.push(`best move ${m.a[3] || "none"} → ${m.b[3] || "none"}`);
    cell(changes.length ? changes.join(", ") : "nothing", "changes");
    const td = cell("", "step");
    td.append(stepButton("A", ra, { node: m.nodeA }), " ", stepButton("B", rb, { node: m.nodeB }));
    body.append(tr);
  }
  table.append(body);
  box.append(table);
  view.append(box);
  if (groups.size > maxRows) para(`(The first ${maxRows} nodes of ${groups.size.toLocaleString("en")}.)`);
}

// --- Start -------------------------------------------------------------------

(async () => {
  await engine.ask("uci", "uciok");
  offerLevels();
  engine.send(`umax record ${recordPlies}`);
  resetClocks();
  await sync(false);
  document.body.dataset.ready = "true";
  nextTurn();
  openFromAddress();
})();

// For the console and the browser test (web/browsertest): the engine, the
// game, the engine's last state, the stepper and the course.
window.umax = { engine, game, state: () => state, searching: () => search !== null, stepper, learn };
