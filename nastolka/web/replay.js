// The replay viewer: one step of a finished (or watched) table's record at a time, from the server.
import { h, clear, toast } from "./dom.js";
import { t, lang, pick } from "./i18n.js";
import { renderBoard, loadBoard } from "./render/index.js";
import { boardContext } from "./kit.js";
import { api, presentation } from "./api.js";
import { inviteFor, mySeat } from "./store.js";
import { playerLabel } from "./labels.js";

const app = document.getElementById("app");

export function replayPage(id, start) {
  let step = 0;
  let frame = null;
  let pres = null;
  let closed = false;

  async function load(k) {
    try {
      // a private table's replay: with its invite secret or this browser's seat token
      const inv = inviteFor(id), mine = mySeat(id);
      frame = await api("GET", `/tables/${id}/replay/${k}`, undefined, mine && mine.token, undefined, inv);
      step = frame.step;
      pres = await presentation(frame.game);
      await loadBoard(frame.game, pres);
      render();
    } catch (err) { toast(err.message, "error"); }
  }

  function render() {
    if (closed || !frame) return;
    const names = (frame.names && frame.names[lang]) || frame.seats.map(playerLabel);   // the table's names
    const ctx = boardContext(pres, { seatNames: names, you: null, legal: [], act: () => {}, redraw: render, prev: null, animate: false });
    const go = (k) => () => load(Math.max(0, Math.min(frame.total, k)));
    clear(app).append(h("div", { class: "replay", "data-step": step },
      h("h2", {}, `${t("replay")} · `, h("a", { href: `#/t/${id}` }, t("to_table"))),
      h("div", { class: "replay-controls" },
        h("button", { type: "button", id: "rp-first", onclick: go(0), disabled: step === 0, title: t("first") }, "|◀"),
        h("button", { type: "button", id: "rp-prev", onclick: go(step - 1), disabled: step === 0 }, `◀ ${t("prev")}`),
        h("span", { id: "rp-step" }, `${t("step")} ${step} / ${frame.total}`),
        h("button", { type: "button", id: "rp-next", onclick: go(step + 1), disabled: step === frame.total }, `${t("next")} ▶`),
        h("button", { type: "button", id: "rp-last", onclick: go(frame.total), disabled: step === frame.total, title: t("last") }, "▶|"),
        h("input", { type: "range", min: 0, max: frame.total, value: step, onchange: (e) => load(Number(e.target.value)) })),
      frame.action ? h("p", { class: "rp-action" }, `${names[frame.action.seat]}: ${pick(frame.action, "x")}`) : null,
      frame.events.length ? h("ul", { class: "rp-events" }, frame.events.map((e) => h("li", {}, pick(e)))) : null,
      h("section", { class: "board-wrap" }, renderBoard(frame.view, ctx)),
      frame.view.result ? h("p", { class: "winner" }, `${t("winners")}: ${frame.view.result.winners.map((w) => names[w]).join(", ")}`) : null));
  }

  const keys = (e) => {
    if (!frame) return;
    if (e.key === "ArrowRight" && step < frame.total) load(step + 1);
    if (e.key === "ArrowLeft" && step > 0) load(step - 1);
  };
  window.addEventListener("keydown", keys);
  load(start || 0);
  return { destroy() { closed = true; window.removeEventListener("keydown", keys); }, rerender: render };
}
