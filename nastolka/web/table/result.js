// The result of a finished game: the winners, every score explained by the game's result details, the
// rematch, the record and the replay.
import { h, toast } from "../dom.js";
import { t, lang } from "../i18n.js";
import { boardExport } from "../render/index.js";
import { boardContext } from "../kit.js";
import { downloadRecord } from "../api.js";
import { inviteFor, mySeat } from "../store.js";

// the record is fetched with the invite secret in a header (a link would put it in the URL)
function saveRecord(id) {
  const mine = mySeat(id);
  downloadRecord(id, inviteFor(id), mine && mine.token).catch((err) => toast(err.message, "error"));
}

// p: the table page ({id, st, ctl})
export function resultPanel(p, view, names) {
  const res = view.result;
  if (!res) return null;
  const { id, st } = p;
  const msg = st.msg;
  const order = res.ranks.map((r, i) => [r, i]).sort((a, b) => a[0] - b[0]);
  const winners = res.winners.map((w) => names[w]).join(", ");
  return h("section", { id: "result", class: "result" },
    h("h2", {}, t("result")),
    h("p", { class: "winner" }, `${res.winners.length > 1 ? t("winners") : t("winner")}: ${winners}`),
    scoreTable(st, res, order, names, view),
    scoreNotes(st, res),
    h("p", { class: "result-buttons" },
      msg.you !== null ? h("button", { type: "button", id: "rematch", class: "primary", onclick: p.ctl.takeRematch },
        st.rematchId ? t("rematch_join") : t("rematch")) : null,
      msg.you === null && st.rematchId ? h("a", { href: `#/t/${st.rematchId}`, class: "btn", id: "rematch-watch" }, t("rematch_watch")) : null,
      h("button", { type: "button", id: "download", class: "btn", onclick: () => saveRecord(id) }, t("download")),
      h("a", { href: `#/r/${id}`, class: "btn", id: "to-replay" }, t("replay"))));
}

// a word of the game's presentation data in the page's language ("" when the game has none)
function gameWord(st, k) {
  const words = (st.pres && st.pres.words) || {};
  return words[k] ? words[k][lang] || words[k].en : "";
}

// every score explained: one column per per-seat detail the game names (its result details)
function scoreTable(st, res, order, names, view) {
  const word = (k) => gameWord(st, k);
  const details = res.details || {};
  // a game whose engine score is not what a player counts (1 for a win) says what to show instead
  const cellsOf = boardExport(st.msg.table.game, "scoreCells");
  let score = { head: t("score"), cells: res.scores.map((v) => String(v)) };
  if (cellsOf) {
    try {
      const own = cellsOf(view, res, boardContext(st.pres, { seatNames: names, you: st.msg.you }));
      if (own && own.head && Array.isArray(own.cells) && own.cells.length === names.length) score = own;
    } catch (err) { console.error(err); }
  }
  const cols = Object.entries(details).filter(([k, v]) => Array.isArray(v) && v.length === names.length && word(`result_${k}`));
  const marks = Object.entries(details).filter(([k, v]) => Array.isArray(v) && v.length !== names.length && word(`result_${k}`));
  if (window.matchMedia && window.matchMedia("(max-width: 560px)").matches) return transposed(st, res, order, names, score, cols, marks, word);
  return h("table", { class: "score-table" },
    h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("players")), h("th", {}, score.head),
      cols.map(([k]) => h("th", {}, word(`result_${k}`))), marks.map(([k]) => h("th", {}, word(`result_${k}`)))),
    order.map(([r, i]) => h("tr", { class: i === st.msg.you ? "me" : "", "data-seat": i }, h("td", {}, String(r)),
      h("td", {}, names[i]), h("td", { class: "score" }, score.cells[i]),
      cols.map(([k, v]) => h("td", { "data-key": k }, String(v[i]))),
      marks.map(([k, v]) => h("td", { "data-key": k }, v.includes(i) ? "✓" : "")))));
}

function scoreNotes(st, res) {
  const word = (k) => gameWord(st, k);
  const notes = Object.entries(res.details || {}).filter(([k, v]) => !Array.isArray(v) && typeof v !== "object" && word(`result_${k}`))
    .map(([k, v]) => h("li", {}, `${word(`result_${k}`)}: ${word(`reason_${v}`) || (typeof v === "number" ? String(v) : "")}`))
    .filter((li) => !li.textContent.endsWith(": "));
  return notes.length ? h("ul", { class: "score-notes" }, notes) : null;
}

// on a phone the table turns: one column per player (in rank order), one row per figure, so a dozen
// figures fit a 390 px screen without scrolling sideways
function transposed(st, res, order, names, score, cols, marks, word) {
  const row = (head, cell, key) => h("tr", {}, h("th", {}, head), order.map(([, i]) => {
    const attrs = { "data-seat": i };
    if (key) attrs["data-key"] = key;
    return h("td", attrs, cell(i));
  }));
  const rank = new Map(order.map(([r, i]) => [i, r]));
  return h("table", { class: "score-table turned" },
    h("tr", {}, h("th", {}, t("players")), order.map(([, i]) => h("th", { class: i === st.msg.you ? "me" : "" }, names[i]))),
    row(t("rank"), (i) => String(rank.get(i))),
    row(score.head, (i) => score.cells[i]),
    cols.map(([k, v]) => row(word(`result_${k}`), (i) => String(v[i]), k)),
    marks.map(([k, v]) => row(word(`result_${k}`), (i) => (v.includes(i) ? "✓" : ""), k)));
}
