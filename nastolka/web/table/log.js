// The log panel and the step-back bar: one entry per move — who moved, what happened, the cards it named
// drawn as faces — each a link to the position after it (a position this page saw; after the game, the
// replay's step), and buttons to step through the positions this page saw during the game.
import { h } from "../dom.js";
import { t, pick } from "../i18n.js";
import { renderLogCards } from "../render/index.js";
import { boardContext } from "../kit.js";

// p: the table page ({id, st, render})
export function logPanel(p, names) {
  const { id, st } = p;
  const msg = st.msg;
  const cardCtx = boardContext(st.pres, { seatNames: names, you: msg.you, view: msg.view, legal: [], act: () => {},
    redraw: () => {}, prev: null, animate: false });
  const over = msg.table.status === "over";
  const items = st.logMoves().map((m) => {
    const { after, isLatest, seen, standIn } = m;
    // a seat's name heads an entry only when its texts name nobody (they mostly say who did what)
    const named = m.events.some((e) => names.some((n) => n && pick(e).includes(n)));
    const who = m.seat !== null && m.seat !== undefined && (standIn || !named) ? names[m.seat] : null;
    const body = m.events.map((e) => {
      const faces = renderLogCards(msg.table.game, cardCtx, e);
      return h("span", { class: "log-ev" }, h("span", { class: "log-text" }, pick(e)),
        faces.length ? h("span", { class: "log-cards" }, faces) : null);
    });
    let step;
    if (seen) {
      step = h("button", { type: "button", class: "log-step linklike", title: t("position_after"), "data-after": after,
        onclick: () => { st.goTo(after); p.render(); } }, body);
    } else if (over && !isLatest) {
      step = h("a", { class: "log-step linklike", href: `#/r/${id}/${after}`, title: t("position_after"), "data-after": after }, body);
    } else {
      step = h("span", { class: "log-step" }, body);
    }
    return h("li", { "data-v": m.version, class: `${st.viewing === after ? "viewing" : ""}${isLatest ? " latest" : ""}` },
      who ? h("span", { class: "log-who" }, who, standIn ? h("span", { class: "muted" }, ` (${t("standin")})`) : null) : null,
      step);
  });
  return h("section", { class: "log" }, h("h3", {}, t("log")), h("ol", { id: "log" }, items));
}

export function historyBar(p) {
  const st = p.st;
  const nav = st.historyNav();
  if (!nav) return null;
  const go = (v) => () => { st.goTo(v); p.render(); };
  return h("div", { class: "history", id: "history" },
    h("button", { type: "button", id: "hist-prev", disabled: nav.first, onclick: go(nav.prev) }, `◀ ${t("prev")}`),
    st.viewing !== null ? h("span", { class: "hist-note" }, `${t("position_after")} ${t("move_n")} ${st.viewing}`) : null,
    h("button", { type: "button", id: "hist-next", disabled: st.viewing === null, onclick: go(nav.next) }, `${t("next")} ▶`),
    st.viewing !== null ? h("button", { type: "button", id: "hist-live", class: "primary", onclick: go(st.msg.version) }, t("back_to_live")) : null);
}
