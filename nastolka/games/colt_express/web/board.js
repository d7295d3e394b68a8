// Colt Express board: the round card with its turn symbols, the train (both levels of every car, loot by
// kind with the values this seat knows, the Marshal, the bandits), the cards played this round (face-down
// ones as backs), your hand as cards in your bandit's colour, and every bandit's loot and bullets.
import { h } from "/dom.js";
import { parseId } from "/ids.js";
import { tipAttrs, changed, fit } from "/kit.js";
import * as art from "./art.js";

const COLOURS = { doc: "#2e6fd8", belle: "#b0358a", django: "#2b2b2b", tuco: "#b3261e", cheyenne: "#2f8a4a", ghost: "#8d96a3" };
const BANDITS = ["ghost", "doc", "tuco", "cheyenne", "belle", "django"];

function colour(id) { return COLOURS[id] || "#6b4f2a"; }

// the letter on a bandit's chest: the first of the name, two when another bandit's name starts alike
function letterOf(ctx, id) {
  const name = ctx.term(id);
  const clash = BANDITS.some((o) => o !== id && ctx.term(o).slice(0, 1) === name.slice(0, 1));
  return name.slice(0, clash ? 2 : 1).toUpperCase();
}

// the bandit a seat plays (the first one: two-player seats have two)
function banditOf(view, seat) {
  const b = (view.bandits || []).find((x) => x.seat === seat);
  return b ? b.id : null;
}

function lootMarks(ctx, loot) {
  const out = [];
  const purses = loot.purses || [];
  if (purses.length) {
    const values = purses.map((v) => (v === null ? "?" : `$${v}`));
    // a count reads "×3" and a value "$250": a bare "3" beside a loot icon read as $300
    const shown = purses.length > 1 ? `×${purses.length}` : (purses[0] === null ? "?" : `$${purses[0]}`);
    out.push(h("span", { class: "ce-mark purse", ...tipAttrs(ctx.term("purse"), `${(ctx.tip("purse") || ctx.word("tip_purse"))}\n${values.join(", ")}`) },
      art.purse(shown, `${ctx.term("purse")}: ${values.join(", ")}`)));
  }
  const count = (n) => (n > 1 ? h("span", { class: "ce-count" }, `×${n}`) : null);
  if (loot.jewels) out.push(h("span", { class: "ce-mark jewel", ...tipAttrs(ctx.term("jewel"), (ctx.tip("jewel") || ctx.word("tip_jewel"))) },
    art.jewel(`${ctx.term("jewel")} × ${loot.jewels}`), count(loot.jewels)));
  if (loot.strongboxes) out.push(h("span", { class: "ce-mark box", ...tipAttrs(ctx.term("strongbox"), (ctx.tip("strongbox") || ctx.word("tip_strongbox"))) },
    art.strongbox(`${ctx.term("strongbox")} × ${loot.strongboxes}`), count(loot.strongboxes)));
  return out;
}

function banditToken(ctx, view, b, fresh) {
  const name = ctx.term(b.id);
  const person = ctx.seatNames[b.seat] || "";
  return h("span", {
    class: `ce-bandit${fresh ? " last" : ""}${fresh && ctx.animate ? " arrive" : ""}${view.to_act.includes(b.seat) ? " acting" : ""}`,
    "data-bandit": b.id,
    ...tipAttrs(`${name} — ${person}`, ctx.tip(b.id) || ctx.word(`bandit_${b.id}`)),
  }, art.bandit(b.id, colour(b.id), letterOf(ctx, b.id), person ? `${name} — ${person}` : name));
}

// a card face: an action card in its bandit's colour, a bullet card, or a back
export function cardFace(ctx, name, owner, opts = {}) {
  if (name === null || name === undefined) {
    return h(opts.tag || "span", { class: `ce-card back ${opts.cls || ""}`, style: { "--bandit": colour(owner) },
      ...tipAttrs(ctx.term(owner), ctx.word("face_down")), ...(opts.attrs || {}) }, h("span", { class: "ce-back" },
      owner ? art.bandit(owner, colour(owner), letterOf(ctx, owner), `${ctx.term(owner)}: ${ctx.word("face_down")}`, "ce-figure back-figure") : null));
  }
  const [kind, who] = name.split(":");
  if (kind === "bullet") {
    const neutral = who === "neutral";
    const title = neutral ? ctx.word("neutral_bullet") : `${ctx.word("bullet_of")}: ${ctx.term(who)}`;
    return h(opts.tag || "span", { class: `ce-card bullet ${opts.cls || ""}`, style: { "--bandit": neutral ? "#9a7b4f" : colour(who) },
      ...tipAttrs(title, (ctx.tip("bullet") || ctx.word("tip_bullet"))), ...(opts.attrs || {}) },
    h("span", { class: "ce-card-who" }, neutral ? ctx.word("neutral_bullet") : ctx.term(who)),
    h("span", { class: "ce-card-art" }, art.bullet(neutral ? "#9a7b4f" : colour(who), title)),
    h("span", { class: "ce-card-kind" }, ctx.word("bullet_of")));
  }
  const bandit = who || owner;
  return h(opts.tag || "span", { class: `ce-card ${opts.cls || ""}`, style: { "--bandit": colour(bandit) },
    // the tip names whose card it is (the bandit), then what it does
    ...tipAttrs(bandit ? `${ctx.term(kind)} — ${ctx.term(bandit)}` : ctx.term(kind), (ctx.tip(kind) || ctx.word(`tip_${kind}`))), ...(opts.attrs || {}) },
  h("span", { class: "ce-card-who" }, bandit ? ctx.term(bandit) : ""),
  h("span", { class: "ce-card-art" }, art.action(kind, colour(bandit), ctx.term(kind))),
  h("span", { class: "ce-card-kind", style: { "--fit": fit(ctx.term(kind), 7) } }, ctx.term(kind)));
}

function roundCard(ctx, view) {
  const turns = (view.turns || "").split("").filter(Boolean);
  const title = view.round_card ? ctx.term(view.round_card) : "";
  return h("div", { class: "ce-round", ...tipAttrs(title, ctx.tip(view.round_card) || ctx.word(`round_${view.round_card}`)) },
    h("span", { class: "ce-round-n" }, `${ctx.word("round")} ${view.round}/${view.rounds_total}`),
    title ? h("strong", {}, title) : null,
    h("span", { class: "ce-turns" }, turns.map((x, i) => {
      const label = i === view.turn ? `${ctx.term(`turn.${x}`)} — ${ctx.word("turn_now")}` : ctx.term(`turn.${x}`);
      return h("span", { class: `ce-turn t-${x}${i === view.turn ? " now" : ""}`, ...tipAttrs(label, ctx.tip(`turn.${x}`)) },
        art.turn(x, label, "ce-turn-art"));
    })),
    h("span", { class: "ce-phase muted" }, ctx.word(`phase_${view.phase}`)));
}

export default function coltExpress(view, ctx) {
  const prevBandits = new Map(((ctx.prev && ctx.prev.bandits) || []).map((b) => [b.id, b]));
  const moved = (b) => {
    const p = prevBandits.get(b.id);
    return Boolean(ctx.prev && p && (p.car !== b.car || p.level !== b.level));
  };
  const n = (view.cars || []).length;
  const cars = (view.cars || []).map((car, i) => {
    const here = (level) => (view.bandits || []).filter((b) => b.car === i && b.level === level);
    const prevCar = ctx.prev && ctx.prev.cars && ctx.prev.cars[i];
    const name = ctx.term(car.id);
    return h("div", { class: `ce-car${i === 0 ? " loco" : ""}${i === n - 1 ? " caboose" : ""}`, "data-car": i },
      h("div", { class: `ce-roof${prevCar && changed(prevCar.roof, car.roof) ? " last" : ""}`, ...tipAttrs(`${name} — ${ctx.word("roof")}`, "") },
        here("roof").map((b) => banditToken(ctx, view, b, moved(b))), lootMarks(ctx, car.roof)),
      h("div", { class: `ce-inside${prevCar && changed(prevCar.inside, car.inside) ? " last" : ""}`, ...tipAttrs(`${name} — ${ctx.word("inside")}`, "") },
        art.carBody(i === 0 ? "loco" : (i === n - 1 ? "caboose" : "car"), name),
        view.marshal === i ? h("span", { class: `ce-marshal${ctx.prev && ctx.prev.marshal !== i ? " last arrive" : ""}`,
          ...tipAttrs(ctx.term("marshal"), ctx.word("marshal_tip")) }, art.marshal(ctx.term("marshal"))) : null,
        here("inside").map((b) => banditToken(ctx, view, b, moved(b))), lootMarks(ctx, car.inside)),
      art.wheels(`${name} — ${ctx.word("art_wheels")}`),
      h("div", { class: "ce-car-name", ...tipAttrs(name, "") }, name));
  });
  const train = h("div", { class: "ce-scene" }, art.landscape(ctx.word("art_landscape")),
    h("div", { class: "ce-train", style: { "--cars": n } }, cars));

  const pileLen = ctx.prev && ctx.prev.pile ? ctx.prev.pile.length : null;
  const pile = (view.pile || []).map((p, i) => cardFace(ctx, p.card, banditOf(view, p.seat), {
    cls: `${p.face_down ? "down" : ""}${pileLen !== null && i >= pileLen ? " last" : ""}${pileLen !== null && i >= pileLen && ctx.animate ? " arrive" : ""}`,
  }));
  const resolving = view.resolving ? h("div", { class: "ce-resolving" }, `${ctx.word("resolving")}: `,
    cardFace(ctx, view.resolving.card, banditOf(view, view.resolving.seat)), ` ${ctx.seatNames[view.resolving.seat] || ""}`) : null;

  const playable = new Map();
  for (const a of ctx.legal) {
    const { verb, params: p } = parseId(a.id);
    if (verb === "play" && p.card) playable.set(p.card, a);
  }
  const mine = banditOf(view, ctx.you);
  const hand = view.hand && view.hand.length ? h("div", { class: "ce-hand-wrap" }, h("div", { class: "muted" }, ctx.word("hand")),
    h("div", { class: "ce-hand" }, view.hand.map((c) => {
      const a = playable.get(c);
      return cardFace(ctx, c, mine, { tag: "button", cls: a ? "target" : "",
        attrs: { type: "button", disabled: !a, "data-card": c, onclick: a ? () => ctx.act(a.id) : null } });
    }))) : null;

  const seen = new Set();
  const players = (view.bandits || []).filter((b) => (seen.has(b.seat) ? false : seen.add(b.seat))).map((b) => {
    const total = (view.loot_totals || [])[b.seat] || {};
    const unknown = total.unknown_purses ? ` + ${total.unknown_purses} × ?` : "";
    return h("div", { class: `ce-player${view.to_act.includes(b.seat) ? " active" : ""}${b.seat === ctx.you ? " me" : ""}`,
      style: { "--bandit": colour(b.id) } },
    h("div", { class: "ce-player-head" }, banditToken(ctx, view, b, false), h("span", { class: "who" }, ctx.seatNames[b.seat] || "")),
    h("div", { class: "ce-player-stats" },
      h("span", { ...tipAttrs(ctx.word("loot_total"), unknown ? ctx.word("unknown_purse") : "") }, `$${total.known ?? 0}${unknown}`),
      h("span", { class: "muted" }, ` · ${ctx.word("bullets")}: ${b.bullets} · ${ctx.word("cards")}: ${(view.hand_sizes || [])[b.seat] ?? 0}`)));
  });
  return h("div", { class: "board colt-express" },
    roundCard(ctx, view), train,
    h("div", { class: "ce-pile-wrap" }, h("div", { class: "muted" }, ctx.word("pile")), h("div", { class: "ce-pile" }, pile)),
    resolving, hand, h("div", { class: "ce-players" }, players));
}

// the cards a log entry names, as faces: an action card in its bandit's colour (a face-down play as a
// back), drawn and kept cards, bullets, and a new round card with its turn symbols
export function logCards(ctx, e) {
  const a = e.args || {};
  const view = ctx.view || {};
  const owner = typeof a.seat === "number" ? banditOf(view, a.seat) : null;
  const attrs = (card) => ({ "data-card": card || "" });
  if (e.kind === "round") {
    if (typeof a.card !== "string" || !ctx.has(a.card)) return [];
    return [h("span", { class: "ce-card ce-log round", "data-card": a.card,
      ...tipAttrs(ctx.term(a.card), ctx.tip(a.card) || ctx.word(`round_${a.card}`)) },
    h("span", { class: "ce-card-who" }, ctx.word("round")),
    h("span", { class: "ce-card-kind", style: { "--fit": fit(ctx.term(a.card), 7) } }, ctx.term(a.card)))];
  }
  if (Array.isArray(a.cards)) return a.cards.map((c) => cardFace(ctx, c, owner, { cls: "ce-log", attrs: attrs(c) }));
  if (!("card" in a) || !["play", "play_own", "discard", "no_effect", "kept"].includes(e.kind)) return [];
  if (a.card === null || a.card === undefined) return owner ? [cardFace(ctx, null, owner, { cls: "ce-log" })] : [];
  return [cardFace(ctx, a.card, owner, { cls: `ce-log${a.face_down ? " down" : ""}`, attrs: attrs(a.card) })];
}

// what the decision asks (the decision bar): the phase, the kind of turn, the card resolving — in the
// words of web/words.toml and the game's decisions.toml (the terminal's help lines)
export function question(view, ctx, legal) {
  const ph = view.phase;
  if (ph === "setup" || ph === "keep" || ph === "cover") return ctx.decision(ph === "setup" ? "setup2p" : ph === "keep" ? "keep2p" : "cover") || ctx.word("q_other");
  if (ph === "schemin") {
    const kind = (view.turns || "")[view.turn] || "N";
    const parts = [ctx.word(`q_schemin_${kind}`) || ctx.word("q_schemin")];
    if (kind !== "T" && legal.some((a) => a.id.includes("face=down"))) parts.push(ctx.word("q_ghost"));
    return parts.join("\n");
  }
  if (ph === "stealin") {
    const r = view.resolving || {};
    return ctx.word("q_stealin").split("{c}").join(r.card ? ctx.term(String(r.card).split(":")[0]) : "");
  }
  return ctx.word(`q_${ph}`) || ctx.word("q_other");
}
