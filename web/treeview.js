// treeview.js: the tree of one iteration of micro-Max's search (umax tree,
// treejson.go), opened a node at a time. The tree panel shows the game's
// last search with it; the stepper shows its own iteration, with a button
// on every node that jumps the stepper there.

// iterationName names a root iteration as the thinking lines do (UCI's
// depth, micro-Max's kibitz "N ply"), with micro-Max's own number of it:
// micro-Max counts its iterations d from 1, its quiescence level (each move
// scored by what it takes, only recaptures searched on), which its kibitz
// line calls 0 ply (the C prints d-1); so the N-ply iteration is d=N+1,
// the d its root's header and the stepper show.
export function iterationName(plies) {
  return `the ${plies}-ply iteration (micro-Max's d=${plies + 1})`;
}

// ILLEGAL_NOTE says what the mark * on a move means (san.go): micro-Max
// makes pseudo-legal moves, and one that leaves its own king in check has
// no SAN; the engine writes it with both squares and the mark (Ke1-e2*).
export const ILLEGAL_NOTE = "not legal: it leaves its own king in check (or castles out of or through check). " +
  "micro-Max makes such moves and refutes them: the reply captures the king, or fails high before it comes to that.";

// isIllegal says whether a move's name (its SAN, or the marked form) is marked.
export function isIllegal(san) {
  return typeof san === "string" && san.endsWith("*");
}

// markIllegal gives an element that names the move san the class "illegal"
// and ILLEGAL_NOTE as its tooltip, if the move is marked.
export function markIllegal(el, san) {
  if (!isIllegal(san)) return;
  el.classList.add("illegal");
  el.title = `${san}: ${ILLEGAL_NOTE}`;
}

// INFINITY is micro-Max's INF, 8000: the score of a king capture, and the
// edges of the root's window. The tree, the stepper and the diff write it ∞.
export const INFINITY = 8000;

// value writes a score, micro-Max's INF (8000) as ∞, and a score past it
// (C's m=I+1 never arises, but a bound may) as ∞+N.
export function value(v) {
  if (v >= INFINITY) return v === INFINITY ? "∞" : `∞+${v - INFINITY}`;
  if (v <= -INFINITY) return v === -INFINITY ? "-∞" : `-∞${v + INFINITY}`;
  return String(v);
}

// WINDOW_NOTE says once how a node's window reads: as the node itself
// receives it, its parent's window negated and swapped (negamax).
export const WINDOW_NOTE = "Each node's window (q, l) is as the node itself receives it, from its own side's view: " +
  "micro-Max's negamax calls the reply with its own window negated and swapped, D(-l, -f), where f is alpha raised to the best so far. " +
  "So under a root searched with (-∞, ∞) a child gets (-∞, ∞) at first, and (-∞, -m) once the root has a best m. " +
  "∞ is micro-Max's INF, 8000 (the score of a king capture); a mate scores close to it, a point less for each ply to the mate.";

// capital starts a text with a capital letter.
export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// showTree fills view with the tree; onJump, if given, is called with a
// node's index when its "step here" button is clicked.
export function showTree(view, tree, onJump = null) {
  const children = tree.tree.map(() => []);
  tree.tree.forEach((n, i) => { if (i > 0) children[n.parent].push(i); });
  const stubsOf = tree.tree.map(() => []);
  tree.stubs.forEach((s, k) => stubsOf[s.node].push(k));
  const ctx = { tree, children, stubsOf, onJump };
  const head = document.createElement("div");
  head.className = "tree-head";
  const lines = [
    `${tree.caption}. ${tree.side === "w" ? "White" : "Black"} to move: ${tree.fen}`,
    `${capital(iterationName(tree.plies))}: ${tree.nodes.toLocaleString("en")} nodes = ${tree.drawn.toLocaleString("en")} nodes that ran an iteration` +
      ` + ${tree.summarised.toLocaleString("en")} in earlier iterations of nodes + ${tree.inBoxes.toLocaleString("en")} in quiescence searches.`,
    `Pruned moves: ${tree.pruned.toLocaleString("en")} = ${tree.cut.toLocaleString("en")} listed + ${tree.prunedEarly} in earlier iterations + ${tree.prunedBoxes} in quiescence searches.` +
      ` Calls of the search: ${tree.calls.toLocaleString("en")}, ${tree.tableHits} resumed from the table, ${tree.answered} answered by it.`,
    "Each node's nodes are its own one plus its moves' nodes. Window (q, l), depth n, evaluation e; a move's score is from the mover's view.",
    WINDOW_NOTE,
    `Moves in SAN, in the position where they are made; a move marked * (Ke1-e2*, with both squares) is ${ILLEGAL_NOTE}`,
  ];
  for (const l of lines) {
    const p = document.createElement("p");
    p.textContent = l;
    head.append(p);
  }
  view.append(head);
  const root = document.createElement("ul");
  root.className = "tree-list";
  root.append(nodeItem(ctx, 0));
  view.append(root);
  root.querySelector("details").open = true;
}

// nodeItem is the list item of node i: a summary line, and its moves when opened.
function nodeItem(ctx, i) {
  const { tree } = ctx;
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
  else head = `${n.san}  score ${value(-n.score)}`;
  const args = i === 0 ? `q=${value(n.alpha)} l=${value(n.beta)} e=${value(n.eval)}` : `q=${value(n.alpha)} l=${value(n.beta)} n=${n.depth} e=${value(n.eval)}`;
  const result = n.qs ? `quiescence: ${n.total} nodes` : `${n.total.toLocaleString("en")} nodes`;
  summary.textContent = `${head}   ${args}   ${result}${marks.length ? "   [" + marks.join(", ") + "]" : ""}`;
  markIllegal(summary, n.san);
  if (n.line) summary.classList.add("on-line");
  if (parent && parent.bestChild === i) summary.classList.add("best");
  if (ctx.onJump) {
    const jump = document.createElement("button");
    jump.type = "button";
    jump.className = "jump";
    jump.textContent = "step here";
    jump.title = "Show this node in the stepper";
    jump.addEventListener("click", (e) => { e.preventDefault(); ctx.onJump(i); });
    summary.append(" ", jump);
  }
  let filled = false;
  li.fillMoves = () => { // its moves, listed when first opened
    if (filled) return;
    filled = true;
    details.append(nodeMoves(ctx, i));
  };
  details.addEventListener("toggle", () => { if (details.open) li.fillMoves(); });
  return li;
}

// openPath opens the tree view down to node i (its ancestors' details), so
// that its line shows, and returns its list item.
export function openPath(view, tree, i) {
  const path = [];
  for (let k = i; k > 0; k = tree.tree[k].parent) path.unshift(k);
  let item = view.querySelector("li.tree-node[data-node='0']");
  for (const k of path) {
    item.fillMoves();
    item.querySelector(":scope > details").open = true;
    item = item.querySelector(`:scope > details > ul > li.tree-node[data-node='${k}']`);
  }
  return item;
}

// nodeMoves lists node i's moves in the order micro-Max made them: its
// children and the moves it pruned, merged by when they were made.
function nodeMoves(ctx, i) {
  const { tree, children, stubsOf } = ctx;
  const n = tree.tree[i];
  const ul = document.createElement("ul");
  const info = document.createElement("li");
  info.className = "node-info";
  const passes = n.earlier.map((p) => `d=${p[0]}: m=${value(p[1])} by ${p[5] || "-"}, ${p[3]} nodes`);
  const last = n.last[0] > 0 ? `last iteration d=${n.last[0]}: m=${value(n.last[1])}${n.last[5] ? " by " + n.last[5] : ""}, ${n.last[3]} nodes = 1 + ${children[i].length} moves searched` : "no iteration: the table's entry answered";
  info.textContent = [passes.length ? `earlier iterations: ${passes.join("; ")}` : "", last, `returned ${value(n.score)}`].filter(Boolean).join(". ");
  ul.append(info);
  if (n.qs) {
    for (const [, v, score, rule, , san] of n.box || []) {
      const li = document.createElement("li");
      li.className = rule === "searched" ? "box-move" : "box-move pruned";
      li.textContent = rule === "searched" ? `${san}  v=${value(v)}  recapture searched: score ${value(score)}` : `${san}  v=${value(v)}  pruned: ${rule}`;
      markIllegal(li, san);
      ul.append(li);
    }
    if (n.qs && (n.box || []).length === 0) {
      const li = document.createElement("li");
      li.className = "box-move";
      li.textContent = `stands pat on e=${value(n.eval)}${n.eval >= n.beta ? " (>= l: fail high)" : ""}`;
      ul.append(li);
    }
    return ul;
  }
  let k = 0;
  const kids = children[i];
  const addChild = (c) => ul.append(nodeItem(ctx, c));
  for (const s of stubsOf[i]) {
    const stub = tree.stubs[s];
    while (k < kids.length && kids[k] < stub.after) addChild(kids[k++]);
    const li = document.createElement("li");
    li.className = "stub pruned";
    const best = n.bestStub === s ? "   [best]" : "";
    li.textContent = `${stub.san}  v=${value(stub.eval)}  pruned: ${stub.rule === "futile" ? "futile (not searched)" : stub.rule}${best}`;
    markIllegal(li, stub.san);
    ul.append(li);
  }
  while (k < kids.length) addChild(kids[k++]);
  return ul;
}
