// TaleSpin: the twelve locations round the clock with the planes on them, each pilot's plane (stats,
// hold, chain), your hand as cards (a card with exactly one legal use plays when clicked), the dogfight.
import { h } from "../dom.js";
import { parseId } from "../ids.js";
import { t, term, lang } from "../i18n.js";

const COLOURS = { baloo: "#c2410c", karnage: "#7e22ce", kit: "#0369a1", molly: "#be185d" };
const STAT_NAMES = { en: ["shipping", "range", "piloting"], ru: ["груз", "дальность", "пилотаж"] };

function who(ctx, p) {
  return term(ctx.gloss, `pl_${p.character}`) || p.character;
}

function cardChip(ctx, id, extra = {}) {
  return h("span", { class: "ts-card", ...extra }, id ? term(ctx.gloss, id) : "?");
}

export function talespin(view, ctx) {
  const players = Array.isArray(view.seats) ? view.seats : [];
  const ring = h("div", { class: "ts-ring" });
  for (let clock = 1; clock <= 12; clock++) {
    const angle = (clock / 12) * 2 * Math.PI;
    const here = players.map((p, seat) => [p, seat]).filter(([p]) => p.position === clock);
    ring.append(h("div", { class: "ts-loc", style: { left: `${50 + 40 * Math.sin(angle)}%`, top: `${50 - 40 * Math.cos(angle)}%` } },
      h("div", { class: "ts-loc-name" }, `${clock}. ${term(ctx.gloss, `loc_${String(clock).padStart(2, "0")}`)}`),
      here.map(([p, seat]) => h("span", { class: "ts-plane", style: { background: COLOURS[p.character] || "#555" },
        title: `${who(ctx, p)} — ${ctx.seatNames[seat] || seat}` }, who(ctx, p).slice(0, 2)))));
  }
  const centre = h("div", { class: "ts-centre" },
    h("div", {}, `${view.phase || ""}${view.decision ? ` · ${view.decision.kind}` : ""}`),
    view.die ? h("div", { class: "ts-die", title: "die" }, String(view.die)) : null,
    h("div", { class: "muted" }, `${t("deck")}: ${view.deck ?? "?"}`));
  ring.append(centre);

  const stats = STAT_NAMES[lang] || STAT_NAMES.en;
  const panels = players.map((p, seat) => h("div", {
    class: `ts-player${view.to_act.includes(seat) ? " active" : ""}`, style: { borderColor: COLOURS[p.character] || "#777" } },
  h("div", { class: "ts-head" }, who(ctx, p), " — ", ctx.seatNames[seat] || `#${seat}`, seat === ctx.you ? h("em", {}, ` (${t("you")})`) : null),
  h("div", { class: "muted" }, (p.stats || []).map((v, i) => `${stats[i]} ${v}`).join(" · "), ` · ${t("cards")}: ${p.hand_size}`),
  p.hold && p.hold.length ? h("div", { class: "ts-hold" }, `${t("hold")}: `, p.hold.map((c) => cardChip(ctx, c.card, { class: `ts-card${c.open ? " open" : ""}` }))) : null,
  p.chain && p.chain.length ? h("div", { class: "ts-hold" }, `${t("chain")}: `, p.chain.map((c) => cardChip(ctx, c))) : null,
  p.tiki && p.tiki.length ? h("div", { class: "ts-hold" }, `${t("tiki")}: `, p.tiki.map((c) => cardChip(ctx, c))) : null));

  const me = ctx.you !== null && players[ctx.you];
  let hand = null;
  if (me && me.hand) {
    const uses = new Map();
    for (const a of ctx.legal) {
      const p = parseId(a.id).params;
      if (p.card) uses.set(p.card, [...(uses.get(p.card) || []), a]);
    }
    hand = h("div", {}, h("div", { class: "muted" }, t("hand")), h("div", { class: "hand" }, me.hand.map((c) => {
      const options = uses.get(c) || [];
      return h("button", { type: "button", class: `ts-card big${options.length ? " target" : ""}`, "data-card": c,
        disabled: options.length !== 1, title: options.map((a) => a[lang] || a.en).join("\n"),
        onclick: options.length === 1 ? () => ctx.act(options[0].id) : null }, term(ctx.gloss, c));
    })));
  }
  const df = view.dogfight;
  const dogfight = df ? h("div", { class: "ts-dogfight" },
    `⚔ ${players[df.attacker] ? who(ctx, players[df.attacker]) : df.attacker} → ${players[df.defender] ? who(ctx, players[df.defender]) : df.defender}`,
    ` · ${df.phase} · ${df.current ?? ""}`,
    df.attack && df.attack.length ? h("div", {}, df.attack.map((c) => cardChip(ctx, c))) : null,
    df.defence && df.defence.length ? h("div", {}, df.defence.map((c) => cardChip(ctx, c))) : null) : null;
  const discard = view.discard && view.discard.length
    ? h("div", { class: "muted" }, `↧ ${term(ctx.gloss, view.discard[view.discard.length - 1])}`) : null;
  return h("div", { class: "board talespin" }, ring, dogfight, discard, hand, h("div", { class: "ts-players" }, panels),
    view.end_reason ? h("p", { class: "winner" }, view.end_reason) : null);
}
