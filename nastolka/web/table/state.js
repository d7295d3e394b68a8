// What the table page knows: the latest full state the server sent (rebuilt from deltas), the log, the
// positions this seat saw (to step back during the game), the chat, the rematch link and the last hint.
// No DOM and no socket here, so the rules of the page's memory are tested with `node --test`
// (tests/web/state.test.mjs); the page draws from this and sends what the actions module builds.
import { mergeState } from "../patch.js";

export const LOG_KEEP = 300;       // log entries kept (the panel shows the last moves of them)
export const HISTORY_KEEP = 400;   // past positions kept to step back to
export const CHAT_KEEP = 300;      // chat messages kept
const LOG_SCAN = 120;              // log entries grouped into moves for the panel
const LOG_MOVES = 50;              // moves the panel lists

// true when the state asks this page for a move
export function isMyMove(m) { return Boolean(m) && m.table.status === "playing" && m.legal.length > 0; }

export class TableState {
  constructor() {
    this.msg = null;            // the latest full state
    this.log = [];
    this.busy = false;          // a move of this page is on its way: the buttons wait for the answer
    this.pres = null;           // the game's presentation data (loaded before the first state is drawn)
    this.history = new Map();   // version -> the view this seat saw then
    this.viewing = null;        // a past version being looked at, or null for the live position
    this.prevView = null;       // the view before the latest one (what changed is marked)
    this.animate = false;       // true for the first drawing of a new position only
    this.wasMyMove = false;
    this.chat = [];             // messages of this table this page may read (pushed by the server)
    this.rematchId = null;
    this.hintBox = null;        // the last hint: {version, pending} / {version, data} / {version, error}
  }

  // a "state" message (full or delta): the full state it stands for, or null when this page is out of
  // step (it then asks for a full state); an "accepted" inside it answers this page's move
  merge(m) {
    if (m.accepted) this.busy = false;
    return mergeState(this.msg, m);
  }

  // take a full state as the latest; true when the move just became this seat's (the page beeps)
  apply(m) {
    if (m.full) this.log = m.events.slice();
    else this.log.push(...m.events);
    if (this.log.length > LOG_KEEP) this.log = this.log.slice(-LOG_KEEP);
    const msg = this.msg;
    const fresh = !msg || m.version !== msg.version;
    if (fresh || m.full) this.busy = false;
    this.prevView = fresh && msg && msg.view && !m.full ? msg.view : (m.full ? null : this.prevView);
    this.animate = fresh;
    this.msg = m;
    if (m.view) {
      this.history.set(m.version, m.view);
      if (this.history.size > HISTORY_KEEP) this.history.delete(this.history.keys().next().value);
    }
    const myMove = isMyMove(m);
    const became = myMove && !this.wasMyMove;
    this.wasMyMove = myMove;
    return became;
  }

  // the server answered this page's message (accepted or refused): the buttons may be used again
  answered() { this.busy = false; }

  // chat and the rematch link: the whole readable chat once per connection ("full"), then each new
  // message. Says what to draw again: "page", "chat" (the chat list alone) or null (nothing changed)
  social(m) {
    if (m.type === "rematch") {
      if (m.table !== this.rematchId) { this.rematchId = m.table; return "page"; }
      return null;
    }
    if (m.full) this.chat = [];
    const known = new Set(this.chat.map((c) => c.id));
    this.chat.push(...m.messages.filter((c) => !known.has(c.id)));
    this.chat.sort((a, b) => a.id - b.id);
    if (this.chat.length > CHAT_KEEP) this.chat = this.chat.slice(-CHAT_KEEP);
    if (m.full && m.rematch !== undefined && m.rematch !== this.rematchId) { this.rematchId = m.rematch; return "page"; }
    return "chat";
  }

  get live() { return this.viewing === null; }

  // the position on the board: the one looked back at, or the latest
  shownView() { return this.viewing !== null ? this.history.get(this.viewing) : this.msg.view; }

  // whether this drawing animates what changed (the first drawing of a new position only)
  takeAnimate() { const a = this.animate; this.animate = false; return a; }

  // look at the position after version v (the latest one means: follow the game live again)
  goTo(v) { this.viewing = v === this.msg.version ? null : v; }

  // the step-back bar: the versions seen, the one shown, its neighbours; null with fewer than two
  historyNav() {
    const versions = [...this.history.keys()].sort((a, b) => a - b);
    if (versions.length < 2) return null;
    const at = this.viewing === null ? versions[versions.length - 1] : this.viewing;
    const i = versions.indexOf(at);
    return { versions, at, i, prev: versions[i - 1], next: versions[i + 1], first: i <= 0 };
  }

  // the log as moves: who moved, the events of the move, the version after it, and whether this page
  // can show that position (it saw it) or it is the latest
  logMoves() {
    const moves = [];
    for (const e of this.log.slice(-LOG_SCAN)) {
      const last = moves[moves.length - 1];
      if (last && last.version === e.version) last.events.push(e);
      else moves.push({ version: e.version, seat: e.seat, by: e.by, events: [e] });
    }
    return moves.slice(-LOG_MOVES).map((m) => {
      const after = m.version + 1;      // an event's version is the step of its move; the position after is the next
      const isLatest = after === this.msg.version;
      return { ...m, after, isLatest, seen: this.history.has(after) || isLatest, standIn: m.by === "clock" || m.by === "standin" };
    });
  }

  // hints: asked at the current version; shown only while the position is the one it was asked for
  hintAsked() { this.hintBox = { version: this.msg.version, pending: true }; return this.msg.version; }
  hintAnswered(version, data) { this.hintBox = { version, data }; }
  hintFailed(version, error) { this.hintBox = { version, error }; }
  hintNow() { return this.hintBox && this.msg && this.hintBox.version === this.msg.version ? this.hintBox : null; }
  hintPending() { return Boolean(this.hintBox && this.hintBox.pending && this.hintBox.version === this.msg.version); }
  // the action the current hint suggests (undefined without one)
  suggested() {
    const hb = this.hintBox;
    return hb && hb.data && hb.version === this.msg.version ? hb.data.action : undefined;
  }
}
