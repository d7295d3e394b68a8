// Drawing the table page from its state: the head (seats, invite, the creator's and the seat's controls),
// who acts now, the step-back bar, the board, the actions, the log and the chat. Everything is drawn
// again from `p.st` on each change; nothing here changes the state except through `p.act` and `p.ctl`.
import { h, clear, toast } from "../dom.js";
import { t, lang, pick } from "../i18n.js";
import { renderBoard, renderQuestion } from "../render/index.js";
import { boardContext, tipAttrs } from "../kit.js";
import { knownGames } from "../api.js";
import { ownerOf } from "../store.js";
import { gameName, seatLabel } from "../labels.js";
import { groupActions } from "./actions.js";
import { isMyMove } from "./state.js";
import { clockLabel } from "./clock.js";
import { setAttention } from "./attention.js";
import { chatPanel } from "./chat.js";
import { resultPanel } from "./result.js";
import { logPanel, historyBar } from "./log.js";

// p: the table page ({id, app, st, sock, act, render, ctl})
export function renderTable(p) {
  const { id, app, st, ctl } = p;
  const msg = st.msg;
  if (!msg) { clear(app).append(h("p", { class: "muted" }, t("connecting"))); return; }
  const table = msg.table;
  const view = st.shownView();
  const game = knownGames().find((g) => g.id === table.game);
  const gameTitle = gameName(game) || "";
  const names = table.seats.map((s) => seatLabel(s));
  const toAct = view ? view.to_act : [];
  setAttention(isMyMove(msg), gameTitle);
  const own = ownerOf(id);
  const seats = h("ul", { class: "seats-list" }, table.seats.map((s) => h("li", {
    class: `${toAct.includes(s.seat) ? "active" : ""}${s.seat === msg.you ? " me" : ""}`, "data-seat": s.seat },
  h("span", { class: "seat-name" }, seatLabel(s)), s.seat === msg.you ? h("em", {}, ` (${t("you")})`) : null,
  s.away ? h("span", { class: "away" }, ` — ${t("away")}`) : null,
  own && own.seats && own.seats[s.seat] && s.kind === "reserved" && table.status === "open"
    ? h("input", { readonly: true, class: "seat-invite", value: `${location.origin}${own.seats[s.seat]}`, onclick: (e) => e.target.select() }) : null,
  table.status === "open" && msg.you === null && (s.kind === "open" || s.kind === "reserved")
    ? h("button", { class: "sit", type: "button", "data-sit": s.seat, onclick: () => ctl.sit(s.seat) }, t("sit")) : null,
  own && own.owner && table.status === "open" && s.kind === "human" && s.seat !== msg.you
    ? h("button", { class: "remove-seat", type: "button", "data-remove": s.seat, onclick: () => ctl.removeSeat(s.seat, seatLabel(s)) }, t("remove_seat")) : null)));
  const invite = `${location.origin}${own && own.invite ? own.invite : `/#/t/${id}`}`;
  const head = h("section", { class: "table-head" },
    h("h2", {}, gameTitle, h("span", { class: "muted" }, ` · ${t(`status_${table.status}`)}`),
      h("a", { class: "rules-link", href: `#/rules/${table.game}` }, t("rules"))),
    table.status === "open" ? h("div", { class: "invite" }, `${t("invite")}: `, h("input", { readonly: true, value: invite, id: "invite", onclick: (e) => e.target.select() }),
      h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(invite).then(() => toast(t("copied"))) }, t("copy")))
      : h("input", { type: "hidden", value: invite, id: "invite" }),
    seats,
    own && own.owner && table.status === "open"
      ? h("div", { class: "owner" }, h("button", { type: "button", id: "cancel-table", class: "danger", onclick: ctl.cancelTable }, t("cancel_table"))) : null,
    table.status === "cancelled" ? h("p", { class: "muted", id: "cancelled" }, t("cancelled_note"), " ", h("a", { href: "#/", class: "btn" }, t("lobby"))) : null,
    msg.you !== null && table.status !== "over" && table.status !== "cancelled" ? h("div", { class: "mine" },
      table.seats[msg.you] && table.seats[msg.you].away
        ? h("button", { type: "button", id: "back", onclick: () => p.sock.send({ type: "back" }) }, t("back")) : null,
      h("button", { type: "button", id: "leave", onclick: ctl.leave }, t("leave"))) : null,
    msg.you === null && table.status !== "open" ? h("p", { class: "muted", id: "spectating" }, t("spectator")) : null);
  const past = !st.live;
  const ctx = boardContext(st.pres, { seatNames: names, you: msg.you, legal: st.busy || past ? [] : msg.legal, act: p.act, redraw: p.render,
    prev: past ? null : st.prevView, animate: st.takeAnimate() && !past });
  const boardEl = view ? h("section", { class: `board-wrap${past ? " past" : ""}`, id: "board" }, renderBoard(view, ctx)) : null;
  const side = h("div", { class: "side" }, logPanel(p, names), table.status !== "open" ? chatPanel(id, st.chat, msg.you !== null) : null);
  const dec = msg.view && msg.view.decision;
  const kind = dec && typeof dec === "object" ? [dec.kind, dec.context].filter((x) => x !== undefined && x !== null).join(".") : (msg.view && msg.view.phase) || "";
  clear(app).append(h("div", { class: "table-page", "data-version": msg.version, "data-status": table.status, "data-game": table.game,
    "data-decision": msg.legal.length ? kind : "" },
    decisionBar(p, names), head, msg.view ? resultPanel(p, msg.view, names) : null,
    h("div", { class: "main-col" }, historyBar(p), boardEl),
    side));
  const ol = document.getElementById("log");
  if (ol && st.live) ol.scrollTop = ol.scrollHeight;
  const cl = document.getElementById("chat-list");
  if (cl) cl.scrollTop = cl.scrollHeight;
}

// the decision bar, fixed at the top of the table page while the game is played: who acts now, and for this
// seat what is asked (the game's question from its presentation data) with every answer as a button, so
// a decision never needs scrolling to find, at 1280×800 or on a 390 px phone
function decisionBar(p, names) {
  const msg = p.st.msg;
  if (msg.table.status !== "playing") return null;
  const view = msg.view;
  const mine = msg.legal.length > 0 && p.st.live;
  const ctx = boardContext(p.st.pres, { seatNames: names, you: msg.you, legal: msg.legal, act: p.act, redraw: p.render, prev: null, animate: false });
  const question = mine && view ? renderQuestion(msg.table.game, view, ctx, msg.legal) : "";
  return h("section", { class: `decision-bar${mine ? " yours" : ""}`, id: "decision" },
    banner(msg, msg.table, view ? view.to_act : [], names),
    question ? h("p", { class: "question", id: "question" }, question) : null,
    actionsPanel(p));
}

function actionsPanel(p) {
  const { st, ctl } = p;
  const msg = st.msg;
  if (!msg.legal.length || !st.live) return null;
  // the label in this page's language (either, for a moment after a switch)
  const groups = groupActions(msg.legal, (a) => pick(a), st.suggested());
  const hintButton = msg.table.rated === false
    ? h("button", { type: "button", id: "hint-btn", class: "hint-btn", onclick: ctl.askHint, disabled: st.hintPending() }, t("hint")) : null;
  return h("div", { class: "actions", id: "actions", "aria-label": t("your_actions") }, hintButton ? h("div", { class: "hint-row" }, hintButton) : null, hintPanel(st),
    groups.map(({ head, items }) => h("div", { class: "act-group" },
      head ? h("div", { class: "act-head" }, head) : null,
      h("div", { class: "act-buttons" }, items.map((a) => h("button", { class: `act${a.suggested ? " suggested" : ""}`, type: "button",
        "data-action": a.id, title: a.label, disabled: st.busy, onclick: () => p.act(a.id) }, a.tail))))));
}

function hintPanel(st) {
  const hb = st.hintNow();
  if (!hb) return null;
  if (hb.pending) return h("div", { class: "hint", id: "hint" }, t("hint_thinking"));
  if (hb.error) return h("div", { class: "hint error", id: "hint" }, hb.error);
  const d = hb.data;
  return h("div", { class: "hint", id: "hint" },
    h("div", {}, `${t("hint_best")}: `, h("strong", {}, d[lang] || d.en)),
    h("ol", { class: "hint-list" }, d.stats.map((s) => h("li", {}, h("span", {}, s[lang] || s.en),
      h("span", { class: "muted" }, ` — ${t("hint_share").replace("{p}", Math.round(s.share * 100))}, ${t("hint_value").replace("{p}", Math.round(s.value * 100))}`)))),
    h("p", { class: "muted" }, t("hint_note").replace("{n}", d.iterations)));
}

// who acts now, in words: "Your move", "Anya is thinking…", "a bot plays for Boris…"
function banner(msg, table, toAct, names) {
  if (table.status !== "playing") return null;
  const mine = msg.legal.length > 0;
  const others = toAct.filter((s) => !(mine && s === msg.you));
  const parts = others.map((s) => {
    const seat = table.seats[s] || {};
    const botPlays = seat.kind === "bot" || seat.away;
    return h("span", { class: `who-acts${botPlays ? " thinking" : ""}`, "data-seat": s },
      names[s] || "", botPlays ? h("span", { class: "thinking-note" }, ` ${seat.away ? t("standin_moves") : t("bot_thinking")}`) : null);
  });
  const clock = msg.clock_left !== undefined && msg.clock_left !== null
    ? h("span", { class: "clock", id: "clock", ...tipAttrs(t("clock"), "") }, h("span", { class: "clock-icon", "aria-hidden": "true" }),
      h("span", { id: "clock-text" }, clockLabel(msg, t("clock_out")))) : null;
  return h("div", { class: `status${mine ? " yours" : ""}`, id: "status", role: "status" },
    mine ? h("strong", { class: "your-move" }, t("your_turn")) : null,
    mine && parts.length ? " · " : null,
    parts.length ? [h("span", { class: "muted" }, `${t("waiting_for")}: `), parts.flatMap((q, i) => (i ? [", ", q] : [q]))] : null,
    clock);
}
