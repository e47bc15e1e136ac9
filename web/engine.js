// engine.js: the page's side of the UCI worker (umax-worker.js). A thin
// wrapper: send a line, listen to every line, or wait for the first line
// that passes a test. Any web GUI can talk to the worker the same way.

// labWorker is the worker of the page's engines: the futility laboratory
// (umax -lab), whose options the page sets.
export const labWorker = "umax-worker.js?arg=-lab";

export class Engine {
  constructor(url = "umax-worker.js") {
    this.worker = new Worker(url);
    this.listeners = new Set(); // called with every line
    this.waiters = [];          // {test, resolve}: the first line that passes test resolves
    this.sent = [];             // the last 100 commands, for the console and the browser test
    this.worker.onmessage = (e) => this.receive(String(e.data));
    this.worker.onerror = (e) => this.receive(`info string the worker failed: ${e.message}`);
  }

  receive(line) {
    for (const listen of this.listeners) listen(line);
    const i = this.waiters.findIndex((w) => w.test(line));
    if (i >= 0) this.waiters.splice(i, 1)[0].resolve(line);
  }

  send(command) {
    this.sent.push(command);
    if (this.sent.length > 100) this.sent.shift();
    this.worker.postMessage(command);
  }

  // until returns a promise of the first line from now on that passes test.
  until(test) {
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  // ask sends command and returns a promise of the first line that starts
  // with prefix.
  ask(command, prefix) {
    const answer = this.until((line) => line.startsWith(prefix));
    this.send(command);
    return answer;
  }

  // askJSON is ask for the page's commands, whose answer is JSON after the prefix.
  async askJSON(command) {
    const prefix = command.split(" ").slice(0, 2).join(" ") + " ";
    const line = await this.ask(command, prefix);
    return JSON.parse(line.slice(prefix.length));
  }

  listen(f) {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  terminate() {
    this.worker.terminate();
  }
}
