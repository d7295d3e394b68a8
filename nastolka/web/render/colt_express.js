// Colt Express: the train (locomotive first), bandits on roofs and inside, loot, the marshal; each
// player's loot and bullets; the hand as cards that play themselves when clicked.
import { h } from "../dom.js";
import { parseId } from "../ids.js";
import { t, term } from "../i18n.js";

const COLOURS = { doc: "#3b82f6", belle: "#db2777", django: "#374151", tuco: "#b91c1c", cheyenne: "#15803d", ghost: "#9ca3af" };

// loot as small coloured marks (no emoji: a headless or minimal system may have no emoji font)
function loot(l, ctx) {
  const marks = [];
  const mark = (cls, n, id) => marks.push(h("span", { class: `ce-mark ${cls}`, title: term(ctx.gloss, id) }, String(n)));
  if (l.purses && l.purses.length) mark("purse", l.purses.length, "purse");
  if (l.jewels) mark("jewel", l.jewels, "jewel");
  if (l.strongboxes) mark("box", l.strongboxes, "strongbox");
  return h("span", { class: "ce-loot" }, marks);
}

function bandit(b, ctx) {
  const name = term(ctx.gloss, b.id);
  return h("span", { class: "ce-bandit", style: { background: COLOURS[b.id] || "#555" },
    title: `${name} — ${ctx.seatNames[b.seat] || ""}` }, name.slice(0, 2));
}

export function coltExpress(view, ctx) {
  const cars = (view.cars || []).map((car, i) => {
    const here = (level) => (view.bandits || []).filter((b) => b.car === i && b.level === level);
    return h("div", { class: `ce-car${i === 0 ? " loco" : ""}` },
      h("div", { class: "ce-roof" }, here("roof").map((b) => bandit(b, ctx)), loot(car.roof, ctx)),
      h("div", { class: "ce-inside" },
        view.marshal === i ? h("span", { class: "ce-marshal", title: t("marshal") }, "★") : null,
        here("inside").map((b) => bandit(b, ctx)), loot(car.inside, ctx)),
      h("div", { class: "ce-car-name" }, term(ctx.gloss, car.id)));
  });
  const players = (view.bandits || []).map((b) => {
    const total = (view.loot_totals || [])[b.seat] || {};
    return h("div", { class: `ce-player${view.to_act.includes(b.seat) ? " active" : ""}` },
      bandit(b, ctx), " ", ctx.seatNames[b.seat] || `#${b.seat}`, b.seat === ctx.you ? h("em", {}, ` (${t("you")})`) : null,
      h("div", { class: "muted" }, `$${total.known ?? 0}${total.unknown_purses ? ` + ${total.unknown_purses} × ${term(ctx.gloss, "purse")}` : ""} · ${t("bullets")}: ${b.bullets}`
        + ` · ${t("cards")}: ${(view.hand_sizes || [])[b.seat] ?? "?"}`));
  });
  const playable = new Map();
  for (const a of ctx.legal) {
    const { verb, params: p } = parseId(a.id);
    if (verb === "play" && p.card) playable.set(p.card, a);
  }
  const hand = view.hand ? h("div", { class: "hand ce-hand" }, view.hand.map((c) => {
    const a = playable.get(c);
    const [kind, target] = c.split(":");
    return h("button", { class: `ce-card${a ? " target" : ""}`, type: "button", disabled: !a,
      "data-card": c, onclick: a ? () => ctx.act(a.id) : null },
    term(ctx.gloss, kind), target ? h("small", {}, ` ${term(ctx.gloss, target)}`) : null);
  })) : null;
  const pile = (view.pile || []).map((p) => h("span", { class: "chip" },
    p.face_down ? "▮▮" : term(ctx.gloss, p.card), h("small", {}, ` ${ctx.seatNames[p.seat] || p.seat}`)));
  return h("div", { class: "board colt-express" },
    h("div", { class: "ce-round" }, `${t("round")} ${view.round}/${view.rounds_total}${view.round_card ? `: ${term(ctx.gloss, view.round_card)}` : ""}`
      + ` · ${(view.turns || "").split("").map((x, i) => (i === view.turn ? `[${x}]` : x)).join(" ")} · ${view.phase}`),
    h("div", { class: "ce-train" }, cars),
    h("div", { class: "ce-pile" }, h("span", { class: "muted" }, `${t("pile")}: `), pile),
    hand ? h("div", {}, h("div", { class: "muted" }, t("hand")), hand) : null,
    h("div", { class: "ce-players" }, players));
}
