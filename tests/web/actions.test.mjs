// Decision buttons -> messages (nastolka/web/table/actions.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { groupActions, actionMessage } from "../../nastolka/web/table/actions.js";
import { TableState } from "../../nastolka/web/table/state.js";

const label = (a) => a.text_en;

test("actions are grouped under the part of their label before ': ', in the server's order", () => {
  const legal = [
    { id: "p:f:1:2", text_en: "Place Fakir: row 1, slot 2" },
    { id: "end", text_en: "End the turn" },
    { id: "p:f:2:1", text_en: "Place Fakir: row 2, slot 1" },
    { id: "odd", text_en: ": no head" },
  ];
  const groups = groupActions(legal, label, "p:f:2:1");
  assert.deepEqual(groups.map((g) => g.head), ["Place Fakir", ""]);
  assert.deepEqual(groups[0].items.map((i) => [i.id, i.tail, i.suggested]),
    [["p:f:1:2", "row 1, slot 2", false], ["p:f:2:1", "row 2, slot 1", true]]);
  assert.deepEqual(groups[1].items.map((i) => [i.tail, i.label]), [["End the turn", "End the turn"], [": no head", ": no head"]]);
});

test("no hint: nothing is suggested", () => {
  const groups = groupActions([{ id: "a", text_en: "A" }], label, undefined);
  assert.equal(groups[0].items[0].suggested, false);
});

function ready() {
  const st = new TableState();
  st.apply({ type: "state", full: true, version: 7, table: { status: "playing", seats: [] }, view: { to_act: [0] }, legal: [{ id: "a" }], events: [], you: 0 });
  return st;
}

test("a button sends the action with the version seen, and the page waits for the answer", () => {
  const st = ready();
  assert.deepEqual(actionMessage(st, "a", true), { type: "action", action: "a", version: 7 });
  assert.equal(st.busy, true);
  assert.equal(actionMessage(st, "a", true), null);   // one move on its way at a time
  st.answered();
  assert.notEqual(actionMessage(st, "a", true), null);
});

test("no move without a state, with the socket down, or while a past position is shown", () => {
  assert.equal(actionMessage(new TableState(), "a", true), null);
  const st = ready();
  assert.equal(actionMessage(st, "a", false), null);
  assert.equal(st.busy, false);
  st.apply({ ...st.msg, version: 8, full: false, events: [] });
  st.goTo(7);
  assert.equal(actionMessage(st, "a", true), null);
  assert.equal(st.busy, false);
  st.goTo(8);
  assert.deepEqual(actionMessage(st, "a", true), { type: "action", action: "a", version: 8 });
});
