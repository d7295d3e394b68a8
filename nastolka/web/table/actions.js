// Decision buttons -> messages: the legal actions grouped for buttons, and the one message a button sends.
// Pure (no DOM, no socket): tested with `node --test` (tests/web/actions.test.mjs).

// group "Place Fakir: row 1, slot 2" under "Place Fakir": [{head, items: [{id, label, tail, suggested}]}]
// in the order the server listed them; `label(action)` is the action's text in the page's language
export function groupActions(legal, label, suggestedId) {
  const groups = new Map();
  for (const a of legal) {
    const text = label(a);
    const cut = text.indexOf(": ");
    const head = cut > 0 ? text.slice(0, cut) : "";
    const tail = cut > 0 ? text.slice(cut + 2) : text;
    if (!groups.has(head)) groups.set(head, []);
    groups.get(head).push({ id: a.id, label: text, tail, suggested: suggestedId !== undefined && suggestedId === a.id });
  }
  return [...groups.entries()].map(([head, items]) => ({ head, items }));
}

// the message a decision button sends (the action id and the version this page saw), or null when the
// page may not move now: a move on its way, no state yet, the socket down, or a past position shown.
// A message sent marks the page busy until the server answers.
export function actionMessage(state, actionId, socketOpen) {
  if (state.busy || !state.msg || !socketOpen || state.viewing !== null) return null;
  state.busy = true;
  return { type: "action", action: actionId, version: state.msg.version };
}
