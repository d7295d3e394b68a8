// The table's WebSocket: the hello, messages handled one at a time in order, reconnecting with backoff.
// `helloMessage` and `nextRetry` are pure (tests/web/socket.test.mjs).

export const RETRY_FIRST = 500;    // ms before the first reconnect
export const RETRY_MAX = 8000;     // the longest wait between reconnects

export function nextRetry(ms) { return Math.min(ms * 2, RETRY_MAX); }

// 1012 "service restart": the server process is draining (docs/operations.md); another process, or this
// one restarted, serves the table at once. Come back soon, each page at its own moment within half a
// second (not all of a process's pages in the same millisecond), and without growing the back-off.
export const SERVICE_RESTART = 1012;
export function reconnectDelay(code, retry, random = Math.random) {
  return code === SERVICE_RESTART ? 100 + random() * 400 : retry;
}

// delta: after the first full state, only what changed (mergeState rebuilds each full state)
// lang: labels and event texts in this page's language only (a language switch asks again: sync)
// ack_in_state: the reply to this page's move comes inside the next state ("accepted"), not alone
export function helloMessage(lang, token, invite) {
  const hello = { type: "hello", delta: true, ack_in_state: true, lang };
  if (token) hello.token = token;
  if (invite) hello.invite = invite;   // watching a private table needs its secret
  return hello;
}

export class TableSocket {
  // hello(): the hello to send on each (re)connection; onMessage(m): may return a promise, and the next
  // message waits for it (drawing a state may first wait for the game's presentation data); onDown(code):
  // the connection closed and a new one is on its way
  constructor(tableId, hello, onMessage, onDown = () => {}) {
    this.tableId = tableId;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onDown = onDown;
    this.ws = null;
    this.closed = false;
    this.retry = RETRY_FIRST;
    this.queue = Promise.resolve();
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${this.tableId}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = RETRY_FIRST;
      ws.send(JSON.stringify(this.hello()));
    };
    ws.onmessage = (e) => { this.queue = this.queue.then(() => this.onMessage(JSON.parse(e.data))).catch((err) => console.error(err)); };
    ws.onclose = (e) => {
      if (this.closed) return;
      setTimeout(() => { if (!this.closed) this.connect(); }, reconnectDelay(e.code, this.retry));
      if (e.code !== SERVICE_RESTART) this.retry = nextRetry(this.retry);
      this.onDown(e.code);
    };
  }

  // a new connection at once (after taking or giving up a seat: the hello changes)
  reconnect() {
    if (this.ws) { this.ws.onclose = null; this.ws.close(); }
    this.connect();
  }

  isOpen() { return Boolean(this.ws) && this.ws.readyState === 1; }

  send(obj) { this.ws.send(JSON.stringify(obj)); }

  // no reconnect after this connection closes (the table does not exist)
  giveUp() { this.closed = true; }

  close() {
    this.closed = true;
    if (this.ws) { this.ws.onclose = null; this.ws.close(); }
  }
}
