// «Шоу-Битва»: the circus rows with each performer's active value, orientation and owner; troupes with
// hands. Clicking a performer on the board takes the one legal action aimed at it (tokens, effects).
import { h } from "../dom.js";
import { parseId } from "../ids.js";
import { t, term } from "../i18n.js";

const COLOURS = { red: "#d64545", blue: "#3f6fd8", green: "#2f9e5b", yellow: "#d6a419", purple: "#8e4fc7" };
const ARROWS = ["↑", "→", "↓", "←"];

// the hand card a person picked to place (kept between redraws of the same page)
let selected = null;

function card(slot, row, ctx, troupes) {
  const owner = troupes[slot.owner] || {};
  const colour = COLOURS[owner.colour] || "#777";
  const targets = ctx.legal.filter((a) => {
    const p = parseId(a.id).params;
    return p.row === String(row.name) && p.slot === String(slot.slot) && !p.card;
  });
  const el = h("div", {
    class: `sb-card${slot.face_up ? "" : " down"}${targets.length === 1 ? " target" : ""}`,
    style: { borderColor: colour },
    "data-row": row.name, "data-slot": slot.slot,
    title: targets.map((a) => a[ctx.lang] || a.en).join("\n"),
    onclick: targets.length === 1 ? () => ctx.act(targets[0].id) : null,
  },
  h("div", { class: "sb-name" }, term(ctx.gloss, slot.card)),
  slot.face_up
    ? h("div", { class: "sb-value", style: { color: colour } }, String(slot.value), h("small", {}, ARROWS[slot.orient] || ""))
    : h("div", { class: "sb-value muted" }, "✕"),
  h("div", { class: "sb-foot" },
    h("span", { class: "sb-pos" }, `${row.name}·${slot.slot}`),
    slot.token ? h("span", { class: "sb-token", title: t("tokens") }, "★") : null,
    slot.covered && slot.covered.length ? h("span", { class: "sb-cov", title: t("covered") }, `+${slot.covered.length}`) : null));
  return el;
}

export function showBattle(view, ctx) {
  const troupes = view.troupes || [];
  // placing: pick a card in your hand, then one of the "+" targets that appear in the rows
  const places = ctx.legal.map((a) => [a, parseId(a.id)]).filter(([, p]) => p.verb === "place" && p.params.card)
    .map(([a, p]) => [a, p.params]);
  const myHand = (troupes.find((tr) => tr.seat === ctx.you) || {}).hand || [];
  if (selected && (!myHand.includes(selected) || !places.some(([, p]) => p.card === selected))) selected = null;
  const targets = (row) => places.filter(([, p]) => p.card === selected && p.row === String(row.name))
    .map(([a, p]) => h("button", { type: "button", class: "sb-target", "data-action": a.id, title: a[ctx.lang] || a.en,
      onclick: () => { selected = null; ctx.act(a.id); } }, `+ ${p.slot}`));
  const rows = (view.rows || []).map((row) => h("div", { class: "sb-row" },
    h("div", { class: "sb-row-name" }, `${t("row")} ${row.name}`),
    h("div", { class: "sb-slots" }, row.slots.length ? row.slots.map((s) => card(s, row, ctx, troupes))
      : h("span", { class: "muted" }, "—"), selected ? targets(row) : null)));
  const people = troupes.map((tr) => {
    const colour = COLOURS[tr.colour] || "#777";
    const who = tr.rival ? t("rival") : (ctx.seatNames[tr.seat] || `#${tr.seat}`);
    const active = view.to_act.includes(tr.seat);
    return h("div", { class: `sb-troupe${active ? " active" : ""}`, style: { borderColor: colour } },
      h("div", { class: "sb-troupe-head" }, h("span", { class: "dot", style: { background: colour } }), who,
        tr.seat === ctx.you ? h("em", {}, ` (${t("you")})`) : null),
      h("div", { class: "sb-stats" },
        `${t("strength")}: ${tr.strength} · ${t("cards")}: ${tr.hand_size} · ${t("deck")}: ${tr.deck_size} · ${t("tokens")}: ${tr.tokens}`,
        tr.mulligan_used ? ` · ${t("mulligan")}` : ""),
      tr.hand ? h("div", { class: "hand" }, tr.hand.map((c) => {
        const playable = tr.seat === ctx.you && places.some(([, p]) => p.card === c);
        return h(playable ? "button" : "span", {
          class: `sb-hand-card${playable ? " target" : ""}${selected === c ? " selected" : ""}`, type: playable ? "button" : null,
          "data-card": c, style: { borderColor: colour },
          onclick: playable ? () => { selected = selected === c ? null : c; ctx.redraw(); } : null,
        }, term(ctx.gloss, c));
      })) : null);
  });
  const pending = view.pending
    ? h("div", { class: "sb-pending" }, `${term(ctx.gloss, view.pending.effect)} → ${t("row")} ${view.pending.row}·${view.pending.slot}`)
    : null;
  return h("div", { class: "board show-battle" },
    h("div", { class: "sb-phase muted" }, `${view.phase}`, view.solo ? ` · solo ${view.solo.level}` : ""),
    pending, h("div", { class: "sb-rows" }, rows), h("div", { class: "sb-troupes" }, people));
}
