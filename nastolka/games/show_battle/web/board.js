// «Шоу-Битва» board: the circus rows and every hand as card faces — the four values round the card (the
// active one on top, marked), orientation, token, owner colour, and the card's effect as its rules tip.
// Placing: pick a card in your hand, then one of the "+" places that appear in the rows. Clicking a
// performer on the board takes the one legal action aimed at it (tokens, effects).
import { h } from "/dom.js";
import { parseId } from "/ids.js";
import { tipAttrs, changed, fit } from "/kit.js";
import * as art from "./art.js";

const COLOURS = { red: "#c0392b", blue: "#2e6fd8", green: "#2f9e5b", yellow: "#c98a00", purple: "#8e4fc7" };
const EDGES = ["top", "left", "bottom", "right"];     // where values[orient + k] is printed

// the hand card a person picked to place (kept between redraws of the same page)
let selected = null;

function colourOf(troupes, owner) {
  const tr = troupes[owner];
  return (tr && COLOURS[tr.colour]) || "#777";
}

function colourNameOf(troupes, owner) {
  const tr = troupes[owner];
  return tr ? tr.colour : null;
}

// the troupe's shape beside its colour (a red circle, a blue square…), named "Troupe: red"
function mark(ctx, colourName) {
  return colourName && COLOURS[colourName]
    ? art.troupeMark(colourName, COLOURS[colourName], `${ctx.word("troupe")}: ${ctx.word(`colour_${colourName}`)}`) : null;
}

// one card face; `slot` is a board slot or {card, orient: 0, face_up: true} for a hand card
export function face(ctx, card, opts = {}) {
  const values = ctx.data(card.card).values || [0, 0, 0, 0];
  const name = ctx.term(card.card);
  const orient = card.orient || 0;
  const up = card.face_up !== false;
  const tip = [ctx.tip(card.card), `${ctx.word("values_tip")}: ${values.join(" · ")}`];
  if (!up) tip.unshift(ctx.word("face_down"));
  if (card.token) tip.push(ctx.word("token_tip"));
  if (card.covered && card.covered.length) {
    tip.push(`${ctx.word("covered")}: ${card.covered.map((c) => ctx.term(c.card)).join(", ")}`);
  }
  const cls = ["sb-card", up ? "" : "down", card.token ? "token" : "", opts.cls || ""].filter(Boolean).join(" ");
  return h(opts.tag || "div", {
    class: cls, style: { "--owner": opts.colour || "#777" }, ...tipAttrs(name, tip.filter(Boolean).join("\n")),
    ...(opts.attrs || {}),
  },
  h("span", { class: "sb-name", style: { "--fit": fit(name, 9) } }, name),
  h("span", { class: "sb-values" }, EDGES.map((edge, k) => h("span", {
    class: `sb-v ${edge}${k === 0 && up ? " active" : ""}`,
  }, String(values[(orient + k) % 4]))),
  h("span", { class: "sb-art" }, art.performer(card.card, opts.colour || "#777", up ? name : `${name}: ${ctx.word("face_down")}`))),
  opts.colourName ? h("span", { class: "sb-badge sb-owner" }, mark(ctx, opts.colourName)) : null,
  card.token ? h("span", { class: "sb-badge sb-token" }, art.token(ctx.term("token"))) : null,
  card.covered && card.covered.length ? h("span", { class: "sb-badge sb-cov" }, `+${card.covered.length}`) : null);
}

function boardCard(ctx, view, row, slot, prevRow) {
  const troupes = view.troupes || [];
  const targets = ctx.legal.filter((a) => {
    const p = parseId(a.id).params;
    return p.row === String(row.name) && p.slot === String(slot.slot) && !p.card;
  });
  const before = prevRow && prevRow.slots.find((s) => s.slot === slot.slot);
  const fresh = ctx.prev && changed(before, slot);
  const turned = fresh && before && before.card === slot.card && before.orient !== slot.orient;
  const cls = [targets.length === 1 ? "target" : "", fresh ? "last" : "", fresh && ctx.animate ? (turned ? "turned" : "arrive") : ""]
    .filter(Boolean).join(" ");
  return face(ctx, slot, {
    colour: colourOf(troupes, slot.owner), colourName: colourNameOf(troupes, slot.owner), cls,
    attrs: {
      "data-row": row.name, "data-slot": slot.slot,
      onclick: targets.length === 1 ? () => ctx.act(targets[0].id) : null,
    },
  });
}

export default function showBattle(view, ctx) {
  const troupes = view.troupes || [];
  const places = ctx.legal.map((a) => [a, parseId(a.id)]).filter(([, p]) => p.verb === "place" && p.params.card)
    .map(([a, p]) => [a, p.params]);
  const mine = troupes.find((tr) => tr.seat === ctx.you && !tr.rival);
  const myHand = (mine && mine.hand) || [];
  if (selected && (!myHand.includes(selected) || !places.some(([, p]) => p.card === selected))) selected = null;
  // the "+" places for the picked card: over the card it would cover, or after the row's last card
  const targetsOf = (row) => new Map(places.filter(([, p]) => selected && p.card === selected && p.row === String(row.name))
    .map(([a, p]) => [Number(p.slot), h("button", { type: "button", class: "sb-target", "data-action": a.id, "data-slot": p.slot,
      ...tipAttrs(a[ctx.lang] || a.en || a.ru, ""), onclick: () => { selected = null; ctx.act(a.id); } }, "+")]));
  const prevRows = (ctx.prev && ctx.prev.rows) || [];
  const rows = (view.rows || []).map((row, r) => {
    const plus = targetsOf(row);
    const cells = row.slots.map((s) => h("div", { class: "sb-cell" }, boardCard(ctx, view, row, s, prevRows[r]), plus.get(s.slot)));
    const extra = [...plus.entries()].filter(([slot]) => slot > row.slots.length).sort((a, b) => a[0] - b[0])
      .map(([, button]) => h("div", { class: "sb-cell new" }, button));
    return h("div", { class: "sb-row", "data-row-name": row.name },
      h("div", { class: "sb-row-name" }, `${ctx.word("row")} ${row.name}`),
      h("div", { class: "sb-slots" }, cells, extra));
  });

  const people = troupes.map((tr) => {
    const colour = COLOURS[tr.colour] || "#777";
    const who = tr.rival ? ctx.word("rival") : (ctx.seatNames[tr.seat] || "");
    const active = tr.seat !== null && view.to_act.includes(tr.seat);
    return h("div", { class: `sb-troupe${active ? " active" : ""}${tr.seat === ctx.you ? " me" : ""}`, style: { "--owner": colour } },
      h("div", { class: "sb-troupe-head" }, mark(ctx, tr.colour), h("span", { class: "who" }, who),
        h("span", { class: "sb-strength", ...tipAttrs(ctx.word("strength"), "") }, String(tr.strength))),
      h("div", { class: "sb-stats" },
        `${ctx.word("hand")}: ${tr.hand_size} · ${ctx.word("deck")}: ${tr.deck_size} · ${ctx.word("tokens")}: ${tr.tokens}`,
        tr.mulligan_used ? ` · ${ctx.word("mulligan")}` : ""));
  });

  let hand = null;
  if (mine) {
    const colour = COLOURS[mine.colour] || "#777";
    hand = h("section", { class: "sb-hand-wrap" },
      h("div", { class: "muted" }, ctx.word("your_hand"), places.length ? ` — ${ctx.word("pick_card")}` : ""),
      h("div", { class: "sb-hand" }, myHand.map((c) => {
        const playable = places.some(([, p]) => p.card === c);
        return face(ctx, { card: c, orient: 0, face_up: true }, {
          tag: playable ? "button" : "div", colour, colourName: mine.colour,
          cls: `sb-hand-card${playable ? " target" : ""}${selected === c ? " selected" : ""}`,
          attrs: { type: playable ? "button" : null, "data-card": c,
            onclick: playable ? () => { selected = selected === c ? null : c; ctx.redraw(); } : null },
        });
      })));
  }
  const pending = view.pending
    ? h("div", { class: "sb-pending", ...tipAttrs(ctx.term(view.pending.effect), ctx.tip(view.pending.effect)) },
      `${ctx.word("pending")}: ${ctx.term(view.pending.effect)} — ${ctx.word("row")} ${view.pending.row}`)
    : null;
  return h("div", { class: "board show-battle" },
    h("div", { class: "sb-phase muted" }, ctx.word(`phase_${view.phase}`), view.solo ? ` · ${ctx.word("solo")}` : ""),
    pending, h("div", { class: "sb-rows sb-ring" }, art.bunting(ctx.word("ring")), rows), hand, h("div", { class: "sb-troupes" }, people));
}

// the cards a log entry names, as faces: the placed card (and the one it covers), a discarded, rotated
// or revived card in its owner's colour (a rotated one turned to the value it shows now), a new hand
export function logCards(ctx, e) {
  const a = e.args || {};
  const troupes = (ctx.view && ctx.view.troupes) || [];
  const ofSeat = (seat) => {
    const tr = troupes.find((x) => x.seat === seat && !x.rival);
    return (tr && COLOURS[tr.colour]) || "#777";
  };
  const colour = a.owner !== undefined && a.owner !== null ? colourOf(troupes, a.owner) : ofSeat(a.seat);
  const one = (card, cls = "", orient = 0) => (typeof card === "string" && ctx.has(card)
    ? face(ctx, { card, orient, face_up: e.kind !== "discard" }, { colour, cls: `sb-log ${cls}`, attrs: { "data-card": card } }) : null);
  if (e.kind === "skip") return [];
  if (Array.isArray(a.cards)) return a.cards.map((c) => one(c)).filter(Boolean);
  let orient = 0;
  if (e.kind === "rotate" && typeof a.value === "number") {
    const values = ctx.data(a.card).values || [];
    orient = Math.max(0, values.indexOf(a.value));
  }
  return [one(a.card, "", orient), one(a.covers, "covered")].filter(Boolean);
}

// what the decision asks (the decision bar): the phase of the turn, in the words of web/words.toml
export function question(view, ctx, legal) {
  const ids = legal.map((a) => a.id.split(":")[0]);
  const parts = [ctx.word(`q_${view.phase}`) || ctx.word("q_other")];
  if (view.phase === "start" && ids.includes("mulligan")) parts.push(ctx.word("q_start_mulligan"));
  if (view.phase === "start" && ids.includes("pass")) parts.push(ctx.word("q_start_pass"));
  if (view.phase === "start" && ids.includes("token")) parts.push(ctx.decision("token"));
  return parts.filter(Boolean).join("\n");
}
