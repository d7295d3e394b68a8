// The table page's memory (nastolka/web/table/state.js): deltas rebuilt into full states, the log, the
// positions kept to step back to, the chat, hints. Run by `make web` (node --test tests/web/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { TableState, isMyMove, LOG_KEEP, HISTORY_KEEP, CHAT_KEEP } from "../../nastolka/web/table/state.js";

const table = (status = "playing") => ({ id: "t1", game: "toy", status, seats: [{ seat: 0 }, { seat: 1 }] });

function full(version, { legal = [], events = [], view = { n: version, to_act: [0] }, status = "playing" } = {}) {
  return { type: "state", full: true, version, table: table(status), view, legal, events, you: 0 };
}

function delta(base, version, patch, extra = {}) {
  return { type: "state", delta: true, base, version, patch, events: [], ...extra };
}

test("a delta is applied to the last full state; the earlier view stays as it was", () => {
  const st = new TableState();
  st.apply(st.merge(full(1, { view: { n: 1, to_act: [0], deep: { a: 1 } } })));
  const m = st.merge(delta(1, 2, [[["deep", "a"], 2]]));
  assert.equal(m.view.deep.a, 2);
  assert.equal(m.table.version, 2);
  st.apply(m);
  assert.equal(st.history.get(1).deep.a, 1);
  assert.equal(st.history.get(2).deep.a, 2);
  assert.equal(st.prevView.deep.a, 1);
});

test("a delta that does not follow the state held asks for a sync (null)", () => {
  const st = new TableState();
  assert.equal(st.merge(delta(1, 2, [])), null);   // nothing held yet
  st.apply(full(3));
  assert.equal(st.merge(delta(2, 3, [])), null);
});

test("the move answered inside a state frees the buttons", () => {
  const st = new TableState();
  st.apply(full(1, { legal: [{ id: "a" }] }));
  st.busy = true;
  st.merge({ ...delta(1, 1, []), accepted: true });
  assert.equal(st.busy, false);
});

test("a new version clears busy, a repeated version keeps it; only a new position animates", () => {
  const st = new TableState();
  st.apply(full(1));
  assert.equal(st.takeAnimate(), true);
  assert.equal(st.takeAnimate(), false);
  st.busy = true;
  st.apply(st.merge(delta(1, 1, [])));
  assert.equal(st.busy, true);
  assert.equal(st.animate, false);
  st.apply(st.merge(delta(1, 2, [])));
  assert.equal(st.busy, false);
  assert.equal(st.animate, true);
});

test("a full state forgets the previous view; the log restarts from it", () => {
  const st = new TableState();
  st.apply(full(1, { events: [{ version: 0, seat: 0 }] }));
  st.apply(st.merge(delta(1, 2, [], { events: [{ version: 1, seat: 1 }] })));
  assert.equal(st.log.length, 2);
  assert.notEqual(st.prevView, null);
  st.apply(full(2, { events: [{ version: 1, seat: 1 }] }));
  assert.equal(st.prevView, null);
  assert.deepEqual(st.log, [{ version: 1, seat: 1 }]);
});

test("apply says when the move just became this seat's (once, for the beep)", () => {
  const st = new TableState();
  assert.equal(st.apply(full(1)), false);
  assert.equal(st.apply(full(2, { legal: [{ id: "a" }] })), true);
  assert.equal(st.apply(full(3, { legal: [{ id: "b" }] })), false);
  assert.equal(st.apply(full(4)), false);
  assert.equal(st.apply(full(5, { legal: [{ id: "c" }], status: "over" })), false);
  assert.equal(isMyMove(full(6, { legal: [{ id: "c" }] })), true);
  assert.equal(isMyMove(null), false);
});

test("the log, the history and the chat are bounded", () => {
  const st = new TableState();
  st.apply(full(0));
  for (let v = 1; v <= HISTORY_KEEP + 10; v++) {
    st.apply(st.merge(delta(v - 1, v, [[["n"], v]], { events: [{ version: v - 1, seat: 0 }] })));
  }
  assert.equal(st.history.size, HISTORY_KEEP);
  assert.equal(st.history.has(0), false);
  assert.equal(st.log.length, LOG_KEEP);
  st.social({ type: "chat", full: true, messages: Array.from({ length: CHAT_KEEP + 5 }, (_, i) => ({ id: i, text: "x" })) });
  assert.equal(st.chat.length, CHAT_KEEP);
  assert.equal(st.chat[0].id, 5);
});

test("chat: a full list replaces, new messages merge by id in order, duplicates are dropped", () => {
  const st = new TableState();
  assert.equal(st.social({ type: "chat", full: true, messages: [{ id: 2 }, { id: 1 }] }), "chat");
  assert.deepEqual(st.chat.map((c) => c.id), [1, 2]);
  st.social({ type: "chat", messages: [{ id: 2 }, { id: 3 }] });
  assert.deepEqual(st.chat.map((c) => c.id), [1, 2, 3]);
  st.social({ type: "chat", full: true, messages: [{ id: 7 }] });
  assert.deepEqual(st.chat.map((c) => c.id), [7]);
});

test("the rematch link redraws the page only when it changes", () => {
  const st = new TableState();
  assert.equal(st.social({ type: "rematch", table: "r1" }), "page");
  assert.equal(st.rematchId, "r1");
  assert.equal(st.social({ type: "rematch", table: "r1" }), null);
  assert.equal(st.social({ type: "chat", full: true, messages: [], rematch: "r2" }), "page");
  assert.equal(st.rematchId, "r2");
  assert.equal(st.social({ type: "chat", full: true, messages: [], rematch: "r2" }), "chat");
});

test("stepping back: the shown view, the neighbours, the way back to live", () => {
  const st = new TableState();
  assert.equal(st.historyNav(), null);
  st.apply(full(1, { view: { n: 1 } }));
  assert.equal(st.historyNav(), null);           // one position: no bar
  st.apply(st.merge(delta(1, 2, [[["n"], 2]])));
  st.apply(st.merge(delta(2, 3, [[["n"], 3]])));
  let nav = st.historyNav();
  assert.deepEqual([nav.at, nav.prev, nav.next, nav.first], [3, 2, undefined, false]);
  st.goTo(2);
  assert.equal(st.live, false);
  assert.equal(st.shownView().n, 2);
  nav = st.historyNav();
  assert.deepEqual([nav.at, nav.prev, nav.next], [2, 1, 3]);
  st.goTo(1);
  assert.equal(st.historyNav().first, true);
  st.goTo(3);                                     // the latest version: live again
  assert.equal(st.live, true);
  assert.equal(st.shownView().n, 3);
});

test("the log grouped into moves: who, the position after, whether this page saw it", () => {
  const st = new TableState();
  st.apply(full(3, { events: [
    { version: 0, seat: 0 }, { version: 1, seat: 1, by: "clock" }, { version: 1, seat: 1 }, { version: 2, seat: 0, by: "standin" },
  ] }));
  const moves = st.logMoves();
  assert.deepEqual(moves.map((m) => [m.version, m.events.length, m.after, m.isLatest, m.seen, m.standIn]),
    [[0, 1, 1, false, false, false], [1, 2, 2, false, false, true], [2, 1, 3, true, true, true]]);
});

test("a hint is shown for the position it was asked at only", () => {
  const st = new TableState();
  st.apply(full(1, { legal: [{ id: "a" }, { id: "b" }] }));
  assert.equal(st.suggested(), undefined);
  const at = st.hintAsked();
  assert.equal(st.hintPending(), true);
  st.hintAnswered(at, { action: "b", stats: [] });
  assert.equal(st.hintPending(), false);
  assert.equal(st.suggested(), "b");
  assert.equal(st.hintNow().data.action, "b");
  st.apply(full(2, { legal: [{ id: "a" }] }));
  assert.equal(st.suggested(), undefined);
  assert.equal(st.hintNow(), null);
  st.hintFailed(2, "no");
  assert.equal(st.hintNow().error, "no");
});
