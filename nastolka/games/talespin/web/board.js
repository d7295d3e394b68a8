// TaleSpin board: the twelve Locations round the clock (name and reception number, the planes on them),
// every pilot's plane (stats, passengers, hold, tiki), the dogfight, and your hand as card faces (type,
// maneuver, stats, effect as the rules tip). A card with exactly one legal use plays when clicked.
import { h } from "/dom.js";
import { parseId } from "/ids.js";
import { tipAttrs, changed, fit } from "/kit.js";
import * as art from "./art.js";

const COLOURS = { baloo: "#c2410c", karnage: "#7e22ce", kit: "#0369a1", molly: "#be185d" };
const TYPE_COLOURS = { Cargo: "#8a5a2b", Artifact: "#0f766e", Passenger: "#2e6fd8", Pilot: "#b3261e", Action: "#6b21a8" };
const STATS = ["shipping", "range", "piloting"];

function pilotName(ctx, p) { return ctx.term(`pl_${p.character}`); }

function signed(v) { return v > 0 ? `+${v}` : String(v); }

// a card face: type band, name, maneuver value (with damage / draw), stat bonuses; rules text as tip
export function cardFace(ctx, id, opts = {}) {
  if (!id) {
    return h(opts.tag || "span", { class: `ts-card back ${opts.cls || ""}`, ...tipAttrs(ctx.word("packed"), ctx.word("packed_tip")), ...(opts.attrs || {}) },
      h("span", { class: "ts-type" }, ctx.word("packed")), art.crate(false, ctx.word("packed")));
  }
  const d = ctx.data(id);
  const m = d.maneuver || {};
  const stats = STATS.map((k) => [k, d[k]]).filter(([, v]) => typeof v === "number" && v !== 0);
  const typeWord = ctx.word(`type_${d.type}`);
  const tip = [ctx.tip(id),
    m.value ? `${ctx.word("maneuver")} ${m.value}${m.damage ? `, ${ctx.word("damage")} ${m.damage}` : ""}${m.draw ? `, ${ctx.word("draw")} ${m.draw}` : ""}` : "",
    stats.map(([k, v]) => `${ctx.word(k)} ${signed(v)}`).join(", ")].filter(Boolean).join("\n");
  const name = ctx.term(id);
  return h(opts.tag || "span", { class: `ts-card${opts.open ? " open" : ""} ${opts.cls || ""}`, style: { "--type": TYPE_COLOURS[d.type] || "#555" },
    ...tipAttrs(`${name} — ${typeWord}`, tip), ...(opts.attrs || {}) },
  h("span", { class: "ts-type" }, typeWord),
  h("span", { class: "ts-name", style: { "--fit": fit(name, 11) } }, name),
  d.type === "Cargo" && opts.hold
    ? art.crate(Boolean(opts.open), opts.open ? `${name} — ${ctx.word("open_crate")}` : `${name} — ${ctx.word("packed")}`) : null,
  h("span", { class: "ts-foot" },
    m.value ? h("span", { class: "ts-man" }, String(m.value)) : null,
    m.damage ? h("span", { class: "ts-dmg" }, `✹${m.damage}`) : null,
    m.draw ? h("span", { class: "ts-drw" }, `+${m.draw}`) : null,
    stats.length ? h("span", { class: "ts-stats" }, stats.map(([, v]) => signed(v)).join(" ")) : null));
}

function ring(ctx, view, players) {
  const box = h("div", { class: "ts-ring" });
  const prevPos = ((ctx.prev && ctx.prev.seats) || []).map((p) => p.position);
  for (let clock = 1; clock <= 12; clock++) {
    const id = `loc_${String(clock).padStart(2, "0")}`;
    const loc = ctx.data(id);
    const angle = (clock / 12) * 2 * Math.PI;
    const here = players.map((p, seat) => [p, seat]).filter(([p]) => p.position === clock);
    const name = ctx.term(id);
    box.append(h("div", {
      class: "ts-loc", "data-loc": clock, style: { left: `${50 + 39 * Math.sin(angle)}%`, top: `${50 - 39 * Math.cos(angle)}%` },
      ...tipAttrs(`${clock}. ${name}`, [`${ctx.word("receiving")} ${loc.receiving}`, ctx.word("receiving_tip"), ctx.tip(id)].join("\n")),
    },
    h("span", { class: "ts-loc-name", style: { "--fit": fit(name, 10) } }, name),
    h("span", { class: "ts-rcv" }, `${ctx.word("receiving")} ${loc.receiving ?? "?"}`),
    here.length ? h("span", { class: "ts-planes" }, here.map(([p, seat]) => {
      const moved = ctx.prev && prevPos[seat] !== undefined && prevPos[seat] !== p.position;
      const label = `${pilotName(ctx, p)} — ${ctx.seatNames[seat] || ""}`;
      return h("span", { class: `ts-plane${moved ? " last" : ""}${moved && ctx.animate ? " arrive" : ""}`,
        ...tipAttrs(label, ctx.tip(`pl_${p.character}`)) },
      art.plane(COLOURS[p.character] || "#555", pilotName(ctx, p).slice(0, 1).toUpperCase(), label));
    })) : null));
  }
  box.append(h("div", { class: "ts-centre" },
    h("div", { class: "ts-phase" }, `${ctx.word("turn")} ${view.turn} · ${ctx.word(`phase_${view.phase}`)}`),
    view.die ? h("div", { class: "ts-die", ...tipAttrs(ctx.word("die"), "") }, String(view.die)) : null,
    h("div", { class: "muted" }, `${ctx.word("deck")}: ${view.deck ?? 0}`),
    view.discard && view.discard.length ? h("div", { class: "ts-discard" }, cardFace(ctx, view.discard[view.discard.length - 1], { cls: "mini" })) : null));
  return box;
}

function holdCards(ctx, hold, prevHold) {
  return hold.map((c, i) => cardFace(ctx, c.card, { open: c.open, hold: true, cls: `${c.open ? "" : "packed"}${prevHold && changed(prevHold[i], c) ? " last" : ""}` }));
}

export default function talespin(view, ctx) {
  const players = Array.isArray(view.seats) ? view.seats : [];
  const prevSeats = (ctx.prev && ctx.prev.seats) || [];
  const panels = players.map((p, seat) => {
    const prev = prevSeats[seat];
    return h("div", { class: `ts-player${view.to_act.includes(seat) ? " active" : ""}${seat === ctx.you ? " me" : ""}`,
      style: { "--pilot": COLOURS[p.character] || "#777" } },
    h("div", { class: "ts-head", ...tipAttrs(pilotName(ctx, p), ctx.tip(`pl_${p.character}`)) },
      h("span", { class: "dot" }), h("span", { class: "who" }, `${pilotName(ctx, p)} — ${ctx.seatNames[seat] || ""}`)),
    h("div", { class: "ts-statline" }, (p.stats || []).map((v, i) => h("span", { class: `ts-stat${prev && prev.stats[i] !== v ? " last" : ""}`,
      ...tipAttrs(ctx.word(STATS[i]), "") }, `${ctx.word(STATS[i])} ${v}`)),
    h("span", { class: "muted" }, `${ctx.word("cards_in_hand")}: ${p.hand_size}`)),
    p.chain && p.chain.length ? h("div", { class: "ts-row" }, h("span", { class: "ts-label" }, ctx.word("chain")), p.chain.map((c) => cardFace(ctx, c, { cls: "mini" }))) : null,
    h("div", { class: "ts-row" }, h("span", { class: "ts-label" }, `${ctx.word("hold")} ${p.hold.length}/${view.cargo_to_win}`),
      holdCards(ctx, p.hold || [], prev && prev.hold)),
    p.tiki && p.tiki.length ? h("div", { class: "ts-row" }, h("span", { class: "ts-label" }, ctx.word("tiki")), p.tiki.map((c) => cardFace(ctx, c, { cls: "mini" }))) : null);
  });
  const khan = view.khan_hold ? h("div", { class: "ts-player khan" }, h("div", { class: "ts-head" }, ctx.word("khan_hold")),
    h("div", { class: "ts-row" }, holdCards(ctx, view.khan_hold, ctx.prev && ctx.prev.khan_hold))) : null;

  const me = ctx.you !== null && players[ctx.you];
  let hand = null;
  if (me && me.hand) {
    const uses = new Map();
    for (const a of ctx.legal) {
      const p = parseId(a.id).params;
      if (p.card) uses.set(p.card, [...(uses.get(p.card) || []), a]);
    }
    hand = h("section", { class: "ts-hand-wrap" }, h("div", { class: "muted" }, ctx.word("hand")), h("div", { class: "ts-hand" }, me.hand.map((c) => {
      const options = uses.get(c) || [];
      return cardFace(ctx, c, { tag: "button", cls: `big${options.length ? " target" : ""}`,
        attrs: { type: "button", "data-card": c, disabled: options.length !== 1,
          onclick: options.length === 1 ? () => ctx.act(options[0].id) : null } });
    })));
  }
  const df = view.dogfight;
  const side = (s) => (s === "khan" ? ctx.word("khan") : players[s] ? pilotName(ctx, players[s]) : "");
  const dogfight = df ? h("div", { class: "ts-dogfight" },
    h("div", { class: "ts-df-head" }, `${ctx.word("dogfight")}: ${side(df.attacker)} → ${side(df.defender)}`,
      df.current ? h("span", { class: "ts-man big" }, String(df.current)) : null),
    df.pilot ? h("div", { class: "ts-row" }, cardFace(ctx, df.pilot, { cls: "mini" })) : null,
    h("div", { class: "ts-row" }, h("span", { class: "ts-label" }, ctx.word("attack")), df.attack.map((c) => cardFace(ctx, c, { cls: "mini" }))),
    h("div", { class: "ts-row" }, h("span", { class: "ts-label" }, ctx.word("defence")), df.defence.map((c) => cardFace(ctx, c, { cls: "mini" })))) : null;
  return h("div", { class: "board talespin" }, ring(ctx, view, players), dogfight, hand,
    h("div", { class: "ts-players" }, panels, khan));
}

// the cards a log entry names, as faces (a card whose face the reader may not see as a back)
export function logCards(ctx, e) {
  const a = e.args || {};
  const ids = [];
  if ("card" in a) ids.push(a.card);
  if (typeof a.pilot === "string") ids.push(a.pilot);
  if (Array.isArray(a.cards)) ids.push(...a.cards);
  return ids.filter((c) => c === null || (typeof c === "string" && ctx.has(c)))
    .map((c) => cardFace(ctx, c, { cls: "mini ts-log", attrs: { "data-card": c || "" } }));
}
