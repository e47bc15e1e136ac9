// learn.js: the course "Learn", lessons on micro-Max's real search, one
// idea each. A lesson is a position and a short text; its checkpoints are
// steps of the search recorded in a worker of the course's own, as the
// stepper records them (umax record, tree and steps: node for node the C
// program's, from an empty table). At each
// checkpoint the student first predicts, with answer buttons; any answer
// then reveals the step: the stepper at that step (its view moved into
// the course), the board marked, the lines of search_literal.go lit (the
// step's own and the lesson's), and the explanation with feedback on the
// answer given. A lesson is done when each of its checkpoints has been
// answered right; the ticks are kept in localStorage.
//
// The lessons are data, lessons.json: adding a lesson needs no code. A
// checkpoint names its step by a description (the node after a path of
// moves in SAN, the nth step of a kind there, an offset), found here as
// learn_test.go finds it in the native engine's recording of the same
// iteration, which checks the right answer, the facts and the lines.
//
// Anchors: #lesson-N opens lesson N (from 1); #glossary-ID opens the
// glossary at a term (the ids of lessons.json's glossary: node, ply,
// depth, negamax, alpha-beta, window, fail-high, fail-low, stand-pat,
// iterative-deepening, transposition-table, quiescence-search, futility,
// 0x88, pseudo-legal-move, evaluation, delayed-loss-bonus), so any text of
// the page may link a word to its definition with <a href="#glossary-ID">.
// The stepper's words link so (stepper.words): in each of its texts the
// first word of each term, the term or one of its forms ("stands pat").
// Keys, once a checkpoint is revealed: ← and → step back and on, C goes
// back to the checkpoint's step, N to the next checkpoint.
//
// For checks from outside: the course is the element #learn; lesson N's
// entry in its list carries data-lesson="N" and data-done="true" once
// completed; the answers and "next" are buttons inside #learn.

import { Engine, labWorker } from "./engine.js";
import { MARKER_TYPE } from "./vendor/cm-chessboard/src/extensions/markers/Markers.js";

const $ = (id) => document.getElementById(id);

// STORE is the localStorage key of the progress: {"done": [lesson ids]}.
const STORE = "umax-learn";

// termId is a glossary term's id: "fail high" is fail-high.
export const termId = (term) => term.trim().toLowerCase().replace(/\s+/g, "-");

// MARKUP: `code`, and a glossary link [[term]] or [[text|id]].
const MARKUP = /`([^`]*)`|\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/g;

// plain is a text without its markup.
const plain = (text) => text.replace(MARKUP, (_, code, link) => code ?? link);

// IDLE_MS is how long the course's worker waits for another recording
// before it ends, giving its memory back.
const IDLE_MS = 60000;

// settingName names a recording's setting (engine options by name).
function settingName(setting) {
  const parts = [setting["Futility Pruning"] === false ? "micro-Max 4.0" : "micro-Max 4.1"];
  for (const [name, v] of Object.entries(setting)) {
    if (name !== "Futility Pruning" && v) parts.push(`${name.toLowerCase()}${v === true ? "" : " " + v} (a rule of the laboratory)`);
  }
  return parts.join(", ");
}

// findStep is the index of the step a checkpoint's description names in a
// recorded iteration, and the node of its path, or -1 (learn_test.go's find).
export function findStep(run, at) {
  const nodes = run.tree.tree;
  if (!run.paths) {
    run.paths = nodes.map(() => "");
    for (let i = 1; i < nodes.length; i++) {
      const n = nodes[i];
      run.paths[i] = `${run.paths[n.parent]} ${n.move ? n.san : "(probe)"}`.trim();
    }
  }
  const path = (at.path || "").split(/\s+/).filter(Boolean).join(" ");
  let visit = Math.max(at.visit || 1, 1);
  const node = run.paths.findIndex((p) => p === path && --visit === 0);
  if (node < 0) return { node, step: -1 };
  const steps = run.steps.steps;
  let nth = Math.max(at.nth || 1, 1);
  for (let k = 0; k < steps.length; k++) {
    const s = steps[k];
    if (s[1] !== node || s[0] !== at.kind || (at.move && s[s.length - 1] !== at.move)) continue;
    if (--nth === 0) {
      const j = k + (at.offset || 0);
      return { node, step: j >= 0 && j < steps.length ? j : -1 };
    }
  }
  return { node, step: -1 };
}

// Learn is the course's part of the page: the list of lessons, the lesson
// open with its checkpoint, and the glossary, all inside #learn.
export class Learn {
  constructor(stepper) {
    this.stepper = stepper;
    this.course = null;
    this.lesson = -1;          // the lesson open, from 0; -1: the list
    this.cp = 0;               // its checkpoint shown
    this.state = "list";       // "list", "loading", "predict", "revealed"
    this.tried = [];           // the answers tried at each checkpoint of the lesson open
    this.rightAt = [];         // whether each checkpoint was answered right
    this.recordings = new Map(); // recording key -> promise of {run, source}
    this.source = null;        // search_literal.go and its lines (umax source)
    this.home = null;          // where the stepper's view lives when the stepper panel has it
    this.times = [];           // how long each checkpoint took to reach: {what, lesson, checkpoint, ms}
    this.recorded = [];        // how long each recording took: {lesson, worker, search} (ms)
    this.worker = null;        // the course's worker (a promise), started at its first recording
    this.engine = null;        // ... once started
    this.defaults = {};        // its options' defaults, from its uci answer
    this.queue = Promise.resolve(); // the recordings, one after the other
    this.idle = 0;             // the timer that ends the worker when unused
    this.ticket = 0;           // a checkpoint shown; one shown since makes an await stale
    stepper.onShow = (where) => { if (!where.learn) this.release(); };
    this.loaded = this.load().catch((err) => {
      $("learn-status").textContent = `The course could not be loaded: ${err.message}`;
      throw err;
    });
  }

  async load() {
    const res = await fetch("lessons.json");
    if (!res.ok) throw new Error(`lessons.json: ${res.status} ${res.statusText}`);
    this.course = await res.json();
    this.terms = new Map(this.course.glossary.map((g) => [g.id, g]));
    // The terms' words (each term and its forms) and their ids, found whole, the longest first.
    this.forms = new Map(this.course.glossary.flatMap((g) => [g.term, ...(g.forms || [])].map((w) => [w.toLowerCase(), g.id])));
    const words = [...this.forms.keys()].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    this.termWords = new RegExp(`(?<![\\w-])(?:${words.join("|")})(?![\\w-])`, "gi");
    this.stepper.setWords((el, text, seen) => this.linkTerms(el, text, seen));
    this.done = this.readDone();
    this.renderList();
    this.renderGlossary();
    // The pointer over the list of lessons: the course's worker may start.
    $("learn-list").addEventListener("pointerenter", () => this.startWorker(), { once: true });
    $("learn-next").addEventListener("click", () => this.next());
    $("learn-close").addEventListener("click", () => this.close());
    $("learn-again").addEventListener("click", () => this.again());
    $("learn-reset").addEventListener("click", () => this.reset());
    window.addEventListener("hashchange", () => this.route());
    document.addEventListener("keydown", (e) => this.key(e));
    $("learn").dataset.ready = "true";
    this.route();
  }

  // --- Progress ---------------------------------------------------------------

  readDone() {
    try {
      const saved = JSON.parse(localStorage.getItem(STORE) || "{}");
      return new Set(Array.isArray(saved.done) ? saved.done : []);
    } catch {
      return new Set();
    }
  }

  saveDone() {
    try {
      localStorage.setItem(STORE, JSON.stringify({ done: [...this.done] }));
    } catch {
      // no storage (a private window's quota): the ticks last as long as the page
    }
  }

  reset() {
    this.done.clear();
    this.saveDone();
    this.showProgress();
  }

  // --- The list and the glossary ---------------------------------------------------

  renderList() {
    const list = $("learn-list");
    list.replaceChildren();
    this.course.lessons.forEach((lesson, i) => {
      const li = document.createElement("li");
      li.dataset.lesson = i + 1;
      const open = document.createElement("button");
      open.type = "button";
      open.className = "learn-open";
      open.textContent = lesson.title;
      open.addEventListener("click", () => this.open(i));
      // The pointer on its way, or the focus: its first recording may start.
      for (const event of ["pointerenter", "focus"]) open.addEventListener(event, () => this.prefetch(i, 1));
      const tick = document.createElement("span");
      tick.className = "learn-tick";
      tick.textContent = "✓";
      tick.title = "done";
      li.append(open, " ", tick);
      list.append(li);
    });
    this.showProgress();
  }

  showProgress() {
    const lessons = this.course.lessons;
    for (const li of $("learn-list").children) {
      const i = Number(li.dataset.lesson) - 1;
      li.dataset.done = String(this.done.has(lessons[i].id));
      if (i === this.lesson) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    }
    const n = lessons.filter((l) => this.done.has(l.id)).length;
    $("learn-status").textContent = `${n} of ${lessons.length} lessons done` +
      (n === 0 ? ": start with the first, or open any." : n === lessons.length ? ": all of them." : ".");
  }

  renderGlossary() {
    const list = $("glossary-list");
    list.replaceChildren();
    for (const g of this.course.glossary) {
      const dt = document.createElement("dt");
      dt.id = `glossary-${g.id}`;
      dt.textContent = g.term;
      const dd = document.createElement("dd");
      this.rich(dd, g.text);
      list.append(dt, dd);
    }
  }

  // showTerm opens the glossary at a term.
  showTerm(id) {
    const dt = document.getElementById(`glossary-${id}`);
    if (!dt) return;
    $("glossary").open = true;
    $("glossary-list").querySelector("dt.target")?.classList.remove("target");
    dt.classList.add("target");
    dt.scrollIntoView({ block: "center" });
  }

  // rich appends a text with its markup (`code`, [[glossary links]]) to el.
  rich(el, text) {
    let last = 0;
    for (const m of text.matchAll(MARKUP)) {
      el.append(text.slice(last, m.index));
      if (m[1] !== undefined) {
        const code = document.createElement("code");
        code.textContent = m[1];
        el.append(code);
      } else {
        el.append(this.termLink(m[3] || termId(m[2]), m[2]));
      }
      last = m.index + m[0].length;
    }
    el.append(text.slice(last));
  }

  // termLink is a link of a text to glossary term id.
  termLink(id, text) {
    const a = document.createElement("a");
    a.href = `#glossary-${id}`;
    a.className = "gloss";
    a.textContent = text;
    const term = this.terms.get(id);
    if (term) a.title = `${term.term}: ${plain(term.text)}`;
    return a;
  }

  // linkTerms appends a plain text (the stepper's) to el with the first
  // word of each glossary term in it linked; seen holds the terms linked
  // already in the same text (the cells of a table).
  linkTerms(el, text, seen = new Set()) {
    let last = 0;
    for (const m of text.matchAll(this.termWords)) {
      const id = this.forms.get(m[0].toLowerCase());
      if (seen.has(id)) continue;
      seen.add(id);
      el.append(text.slice(last, m.index), this.termLink(id, m[0]));
      last = m.index + m[0].length;
    }
    el.append(text.slice(last));
  }

  paragraphs(el, texts) {
    el.replaceChildren();
    for (const text of texts) {
      const p = document.createElement("p");
      this.rich(p, text);
      el.append(p);
    }
  }

  // --- Routes and keys -------------------------------------------------------------

  route() {
    const hash = decodeURIComponent(location.hash.slice(1));
    let m;
    if ((m = /^lesson-(\d+)$/.exec(hash))) {
      const i = Number(m[1]) - 1;
      if (i >= 0 && i < this.course.lessons.length && i !== this.lesson) this.open(i);
    } else if ((m = /^glossary-(.+)$/.exec(hash))) {
      this.showTerm(m[1]);
    }
  }

  key(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (this.state !== "revealed" || !this.holdsView()) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    const stepper = this.stepper;
    switch (e.key) {
      case "ArrowLeft": stepper.go(stepper.k - 1); break;
      case "ArrowRight": stepper.go(stepper.k + 1); break;
      case "c": case "C": this.again(); break;
      case "n": case "N": this.next(); break;
      default: return;
    }
    e.preventDefault();
  }

  // --- The stepper's view ------------------------------------------------------------

  holdsView() { return $("step-view").parentElement === $("learn-stage"); }

  // adopt moves the stepper's view into the lesson.
  adopt() {
    const view = $("step-view");
    if (this.holdsView()) return;
    this.home = { parent: view.parentElement, next: view.nextSibling };
    $("learn-stage").append(view);
  }

  // release gives the stepper's view back to its panel (the stepper is
  // showing another search), with the lesson's marks taken off.
  release() {
    this.unlight();
    $("learn").classList.remove("learn-predict");
    if (!this.holdsView() || !this.home) return;
    const view = $("step-view");
    this.home.parent.insertBefore(view, this.home.next);
    this.home = null;
    $("step-status").textContent = "The stepper shows the course's last search until you record another.";
    if (this.lesson >= 0) $("learn-stage-note").textContent = "The stepper went back to its panel below; answer, or go back to the checkpoint, to bring it here again.";
  }

  unlight() {
    for (const el of document.querySelectorAll("#step-source .learn-lit")) el.classList.remove("learn-lit");
    delete $("learn").dataset.lit;
  }

  // --- Lessons and checkpoints -------------------------------------------------------

  lessonOpen() { return this.course.lessons[this.lesson]; }
  checkpoint() { return this.lessonOpen().checkpoints[this.cp]; }

  settingOf(lesson, cp) { return { ...(lesson.setting || {}), ...(cp.setting || {}) }; }

  // recording is the recorded iteration of a lesson's checkpoint, recorded
  // once: a worker of its own, the position from an empty table.
  recording(lesson, cp) {
    const setting = this.settingOf(lesson, cp);
    const key = JSON.stringify([lesson.fen, lesson.plies, Object.entries(setting).sort()]);
    if (!this.recordings.has(key)) {
      const pending = this.record(lesson, setting);
      pending.catch(() => this.recordings.delete(key)); // tried again next time
      this.recordings.set(key, pending);
    }
    return this.recordings.get(key);
  }

  // record records a lesson's iteration under a setting in the course's
  // worker, one recording at a time, as the stepper records one in a
  // worker of its own (recordSearches): the options set, an empty table
  // (ucinewgame, as a freshly started micro-Max), the position, go depth
  // PLIES, its tree and steps; then the options back to their defaults.
  record(lesson, setting) {
    const job = this.queue.then(async () => {
      clearTimeout(this.idle);
      const t0 = performance.now();
      const worker = await this.startWorker();
      const t1 = performance.now();
      const refusals = [];
      const stop = worker.listen((l) => { if (l.includes("refused")) refusals.push(l.replace(/^info string /, "")); });
      try {
        for (const [name, v] of Object.entries(setting)) worker.send(`setoption name ${name} value ${v}`);
        worker.send("ucinewgame");
        worker.send(`umax record ${lesson.plies}`);
        worker.send(`position fen ${lesson.fen}`);
        await worker.ask("isready", "readyok");
        if (refusals.length > 0) throw new Error(refusals[0]);
        await worker.ask(`go depth ${lesson.plies}`, "bestmove");
        const tree = await worker.askJSON("umax tree");
        if (tree.error) throw new Error(tree.error);
        const steps = await worker.askJSON("umax steps");
        this.source ||= await worker.askJSON("umax source");
        this.recorded.push({ lesson: lesson.id, worker: Math.round(t1 - t0), search: Math.round(performance.now() - t1) });
        return { tree, steps, setting };
      } finally {
        stop();
        for (const name of Object.keys(setting)) worker.send(`setoption name ${name} value ${this.defaults[name]}`);
        this.idle = setTimeout(() => this.endWorker(), IDLE_MS);
      }
    });
    this.queue = job.catch(() => {});
    return job;
  }

  // startWorker starts the course's worker, if it is not running, and
  // reads its options' defaults.
  startWorker() {
    if (!this.worker) this.idle = setTimeout(() => this.endWorker(), IDLE_MS); // unless a recording comes
    this.worker ||= (async () => {
      const worker = new Engine(labWorker);
      const defaults = {};
      const stop = worker.listen((l) => {
        const m = /^option name (.+?) type \S+ default (\S+)/.exec(l);
        if (m) defaults[m[1]] = m[2];
      });
      await worker.ask("uci", "uciok");
      stop();
      this.defaults = defaults;
      this.engine = worker;
      return worker;
    })();
    return this.worker;
  }

  endWorker() {
    this.engine?.terminate();
    this.engine = null;
    this.worker = null;
  }

  // prefetch records a lesson's iterations (of its first count
  // checkpoints), one after the other.
  async prefetch(i, count = Infinity) {
    const lesson = this.course.lessons[i];
    if (!lesson) return;
    for (const cp of lesson.checkpoints.slice(0, count)) await this.recording(lesson, cp).catch(() => {});
  }

  async open(i) {
    const t0 = performance.now();
    this.lesson = i;
    const lesson = this.lessonOpen();
    this.tried = lesson.checkpoints.map(() => new Set());
    this.rightAt = lesson.checkpoints.map(() => false);
    history.replaceState(null, "", `#lesson-${i + 1}`);
    $("learn-lesson").hidden = false;
    $("learn-title").textContent = `Lesson ${i + 1}. ${lesson.title}`;
    this.paragraphs($("learn-intro"), lesson.intro);
    $("learn-position").textContent = `The position: ${lesson.fen}. The search: the ${lesson.plies}-ply iteration (micro-Max's d=${lesson.plies + 1}) ` +
      `of ${settingName(lesson.setting || {})}, recorded from an empty table.`;
    this.showProgress();
    $("learn-lesson").scrollIntoView({ block: "start" });
    this.prefetch(i).then(() => this.prefetch(i + 1)); // the next lesson's too, meanwhile
    await this.showCheckpoint(0, t0, "open");
  }

  close() {
    this.ticket++;
    this.release();
    this.lesson = -1;
    this.state = "list";
    $("learn").dataset.state = this.state;
    $("learn-lesson").hidden = true;
    history.replaceState(null, "", location.pathname + location.search);
    this.showProgress();
    $("learn").scrollIntoView({ block: "start" });
  }

  // showCheckpoint asks checkpoint j's question, with the board at its
  // node; the stepper's words, numbers and code stay hidden until an answer.
  async showCheckpoint(j, t0, what) {
    const ticket = ++this.ticket;
    const lesson = this.lessonOpen();
    const cp = lesson.checkpoints[j];
    this.cp = j;
    this.state = "loading";
    const el = $("learn");
    el.dataset.state = this.state;
    el.dataset.lesson = this.lesson + 1;
    el.dataset.checkpoint = j + 1;
    this.unlight();
    $("learn-stage-note").textContent = "";
    const setting = this.settingOf(lesson, cp);
    $("learn-cp-head").textContent = `Checkpoint ${j + 1} of ${lesson.checkpoints.length}` +
      (cp.setting ? `, under ${settingName(setting)}` : "") + ": predict, then see.";
    this.paragraphs($("learn-question"), [cp.question]);
    const answers = $("learn-answers");
    answers.replaceChildren();
    cp.answers.forEach((a, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "learn-answer";
      b.dataset.answer = i;
      this.rich(b, a.text);
      b.addEventListener("click", () => this.answer(i));
      answers.append(b);
    });
    $("learn-feedback").replaceChildren();
    $("learn-feedback").className = "";
    $("learn-explain").replaceChildren();
    $("learn-explain").hidden = true;
    $("learn-again").hidden = true;
    const last = j === lesson.checkpoints.length - 1;
    $("learn-next").textContent = !last ? "Next checkpoint" : this.lesson < this.course.lessons.length - 1 ? "Next lesson" : "Back to the lessons";
    $("learn-next").disabled = true;
    $("learn-wait").textContent = "Recording the search in the engine's worker…";
    let run;
    try {
      run = await this.recording(lesson, cp);
    } catch (err) {
      if (ticket === this.ticket) $("learn-wait").textContent = `Not recorded: ${err.message}`;
      return;
    }
    if (ticket !== this.ticket) return; // another checkpoint since
    $("learn-wait").textContent = "";
    const { node } = findStep(run, cp.at);
    this.adopt();
    el.classList.add("learn-predict");
    this.stepper.show(run, this.source, { node: Math.max(node, 0), learn: true });
    this.state = "predict";
    el.dataset.state = this.state;
    this.time(what, t0);
  }

  // answer takes answer i of the checkpoint shown: its feedback, and the
  // step revealed.
  async answer(i) {
    const t0 = performance.now();
    if (this.state !== "predict" && this.state !== "revealed") return;
    const lesson = this.lessonOpen();
    const j = this.cp;
    const cp = lesson.checkpoints[j];
    const a = cp.answers[i];
    this.tried[j].add(i);
    const button = $("learn-answers").querySelector(`button[data-answer="${i}"]`);
    button.classList.add(a.right ? "right" : "wrong");
    button.disabled = true;
    if (a.right) {
      this.rightAt[j] = true;
      for (const b of $("learn-answers").querySelectorAll("button")) b.disabled = true;
    }
    const feedback = $("learn-feedback");
    feedback.className = a.right ? "right" : "wrong";
    feedback.replaceChildren(a.right ? "✓ " : "✗ Not quite. ");
    this.rich(feedback, a.feedback);
    if (!a.right) feedback.append(" Try another answer, or read on.");
    await this.reveal();
    if (j !== this.cp) return;
    this.time("answer", t0);
    if (this.rightAt.every(Boolean) && !this.done.has(lesson.id)) {
      this.done.add(lesson.id);
      this.saveDone();
      this.showProgress();
      feedback.append(` Lesson ${this.lesson + 1} done.`);
    }
  }

  // reveal shows the checkpoint's step: the stepper at it, the board
  // marked, the lines lit, the explanation.
  async reveal() {
    const lesson = this.lessonOpen();
    const cp = this.checkpoint();
    const run = await this.recording(lesson, cp);
    const { step } = findStep(run, cp.at);
    const el = $("learn");
    if (step < 0) {
      $("learn-stage-note").textContent = "This checkpoint's step is not in the recording: the search has changed since the lesson was written.";
      console.error(`learn: lesson ${this.lesson + 1}, checkpoint ${this.cp + 1}: no step ${JSON.stringify(cp.at)} in the recording`);
      return;
    }
    this.adopt();
    el.classList.remove("learn-predict");
    $("learn-stage-note").textContent = "";
    this.show(run, step);
    this.paragraphs($("learn-explain"), cp.explain);
    $("learn-explain").hidden = false;
    $("learn-again").hidden = false;
    $("learn-next").disabled = false;
    this.state = "revealed";
    el.dataset.state = this.state;
    el.dataset.step = step;
  }

  // show puts the stepper at step k with the lesson's lines and squares.
  show(run, k) {
    const cp = this.checkpoint();
    this.stepper.show(run, this.source, { step: k, learn: true });
    this.unlight();
    const lines = this.source.text.split("\n");
    const lit = [];
    for (const text of cp.code || []) {
      const n = lines.findIndex((l) => l.includes(text));
      const line = this.stepper.sourceLines[n];
      if (n < 0 || !line) {
        console.error(`learn: lesson ${this.lesson + 1}, checkpoint ${this.cp + 1}: no line "${text}" in search_literal.go`);
        continue;
      }
      line.classList.add("learn-lit");
      lit.push(n + 1);
    }
    $("learn").dataset.lit = lit.join(" ");
    if (lit.length > 0) {
      const pane = $("step-source");
      const first = this.stepper.sourceLines[lit[0] - 1];
      pane.scrollTop = Math.max(0, first.offsetTop - pane.clientHeight / 3);
    }
    for (const square of cp.mark || []) this.stepper.board.addMarker(MARKER_TYPE.circlePrimary, square);
  }

  // again goes back to the checkpoint's step, after stepping about.
  async again() {
    if (this.state !== "revealed") return;
    const cp = this.checkpoint();
    const run = await this.recording(this.lessonOpen(), cp);
    this.adopt();
    $("learn").classList.remove("learn-predict");
    $("learn-stage-note").textContent = "";
    this.show(run, findStep(run, cp.at).step);
  }

  next() {
    if (this.state !== "revealed") return;
    const t0 = performance.now();
    const lesson = this.lessonOpen();
    if (this.cp + 1 < lesson.checkpoints.length) this.showCheckpoint(this.cp + 1, t0, "next");
    else if (this.lesson + 1 < this.course.lessons.length) this.open(this.lesson + 1);
    else this.close();
  }

  // time notes how long a checkpoint took to reach from the click.
  time(what, t0) {
    const ms = Math.round(performance.now() - t0);
    this.times.push({ what, lesson: this.lesson + 1, checkpoint: this.cp + 1, ms });
    $("learn").dataset.ms = ms;
  }
}
