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
const DIE_PHASES = ["roll", "discard", "end"];   // the turn's steps after its roll (R4)

function pilotName(ctx, p) { return ctx.term(`pl_${p.character}`); }

// a rules tip with the card's die table under it (what a Passenger or a character does on each roll)
function withDie(ctx, id, text) {
  const die = ctx.dieTable(id);
  return die.length ? [text, `${ctx.word("die_table")}:`, ...die].filter(Boolean).join("\n") : text;
}

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
  const tip = [withDie(ctx, id, ctx.tip(id)),
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
        ...tipAttrs(label, withDie(ctx, `pl_${p.character}`, ctx.tip(`pl_${p.character}`))) },
      art.plane(COLOURS[p.character] || "#555", pilotName(ctx, p).slice(0, 1).toUpperCase(), label));
    })) : null));
  }
  box.append(h("div", { class: "ts-centre" },
    h("div", { class: "ts-phase" }, `${ctx.word("turn")} ${view.turn} · ${ctx.word(`phase_${view.phase}`)}`),
    // the roll of this turn only: from the draw of the next turn on, the old number would mislead
    view.die && DIE_PHASES.includes(view.phase) ? h("div", { class: "ts-die", ...tipAttrs(ctx.word("die"), "") }, String(view.die)) : null,
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
    h("div", { class: "ts-head", "data-pilot": p.character, ...tipAttrs(pilotName(ctx, p), withDie(ctx, `pl_${p.character}`, ctx.tip(`pl_${p.character}`))) },
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
      df.current ? h("span", { class: "ts-beat", id: "to-beat", ...tipAttrs(ctx.word("to_beat"), ctx.word("to_beat_tip")) },
        h("span", { class: "ts-label" }, ctx.word("to_beat")), h("span", { class: "ts-man big" }, String(df.current))) : null),
    df.pilot ? h("div", { class: "ts-row" }, cardFace(ctx, df.pilot, { cls: "mini" })) : null,
    h("div", { class: "ts-row" }, h("span", { class: "ts-label" }, ctx.word("attack")),
      h("span", { class: "ts-first", ...tipAttrs(ctx.word("first_maneuver"), "") }, `${ctx.word("first_maneuver")}: `, h("span", { class: "ts-man" }, String(df.first_value))),
      df.attack.map((c) => cardFace(ctx, c, { cls: "mini" }))),
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

// what the decision asks this seat (the decision bar): the kind of decision and its context from the view,
// in the words of the board's web/words.toml; a window says which window it is and what passing gives up
export function question(view, ctx, legal) {
  const dec = view.decision;
  if (!dec) return "";
  const say = (key, vars = {}) => Object.entries(vars).reduce((s, [k, v]) => s.split(`{${k}}`).join(String(v)), ctx.word(key));
  const df = view.dogfight;
  const name = (s) => (s === "khan" ? ctx.word("khan") : ctx.seatNames[s] || "");
  if (dec.kind === "window") {
    const where = say(`q_window_${dec.context}`, { p: name(view.active) }) || ctx.decision(`window.${dec.context}`);
    const onlyPass = legal.length === 1 && legal[0].id === "pass";
    return [where, onlyPass ? ctx.word("q_pass_only") : ctx.word("q_pass_gives_up")].filter(Boolean).join("\n");
  }
  const toBeat = df ? df.current + (df.ties_favour_attacker ? 1 : 0) : "";
  const keyed = {
    accept: ["q_accept", { p: df ? name(df.attacker) : "" }],
    defend: ["q_defend", { n: toBeat }],
    damage: ["q_damage", { p: df ? name(df.defender) : "" }],
    move: ["q_move", { n: dec.context }],
  }[dec.kind];
  const key = keyed ? keyed[0] : (dec.context !== undefined && ctx.word(`q_${dec.kind}_${dec.context}`) ? `q_${dec.kind}_${dec.context}` : `q_${dec.kind}`);
  return say(key, keyed ? keyed[1] : {}) || ctx.word("q_other");
}

// the score column of the result: the cargo in each hold against the cargo to win (the engine's score is
// only 1 for a win and 0 for a loss), with how much of it is open
export function scoreCells(view, res, ctx) {
  const seats = Array.isArray(view.seats) ? view.seats : [];
  return {
    head: ctx.word("result_cargo"),
    cells: seats.map((p) => {
      const hold = p.hold || [];
      const open = hold.filter((c) => c.open).length;
      return `${hold.length}/${view.cargo_to_win} (${ctx.word("result_open").split("{n}").join(String(open))})`;
    }),
  };
}
