// What every game board uses: words and rules texts from the game's presentation data (sent by the
// server: nothing a player reads is written here), rules tips on hover / long-press, seat colours.
import { h } from "./dom.js";
import { lang } from "./i18n.js";

// a context for one drawing of a board: the presentation data bound to the current language
export function boardContext(pres, extra) {
  const terms = (pres && pres.terms) || {};
  const words = (pres && pres.words) || {};
  const pickLang = (e, base) => (e ? e[`${base}${lang}`] || e[`${base}en`] : undefined);
  return {
    lang,
    pres,
    // a name for an id; an unknown id is shown as "?" rather than leaking an engine word
    term: (id) => (id === null || id === undefined ? "?" : (pickLang(terms[id], "") ?? "?")),
    has: (id) => Boolean(terms[id]),
    data: (id) => terms[id] || {},
    tip: (id) => pickLang(terms[id], "tip_") || "",
    // what a card does on each roll of the die (its die table), one line a result; [] for a card without one
    dieTable: (id) => (terms[id] && (terms[id][`die_text_${lang}`] || terms[id].die_text_en)) || [],
    word: (key) => pickLang(words[key], "") ?? "",
    // the game's help line for a kind of decision (its decisions.toml, as the terminal shows it)
    decision: (key) => pickLang(((pres && pres.decisions) || {})[key], "") ?? "",
    ...extra,
  };
}

// attributes that give an element a rules tip (shown by tips.js on hover or long-press)
export function tipAttrs(title, text) {
  if (!title && !text) return {};
  return { "data-tip-title": title || "", "data-tip": text || "", "aria-label": [title, text].filter(Boolean).join(": ") };
}

// the seat colours of a table, used for bandits, troupes and planes alike
export const SEAT_COLOURS = ["#c0392b", "#2e6fd8", "#2f9e5b", "#c98a00", "#8e4fc7", "#0f8b8d"];

// true when a value changed since the previous view: the board marks it to animate briefly
export function changed(prev, next) {
  return prev !== undefined && JSON.stringify(prev) !== JSON.stringify(next);
}

// a font scale that lets the longest word of a name fit a card's width without breaking it
// (cards are sized for `room` characters; a longer word shrinks the text, never splits it)
export function fit(name, room) {
  const longest = Math.max(1, ...String(name).split(/[\s-]+/).map((w) => w.length));
  return String(Math.min(1, room / longest).toFixed(3));
}

// a card named in the log: a small chip with the card's rules tip (the board draws the full face)
export function miniCard(ctx, id) {
  if (typeof id !== "string" || !ctx.has(id) || !ctx.tip(id)) return null;
  const name = ctx.term(id);
  return h("span", { class: "mini-card", "data-card": id, ...tipAttrs(name, ctx.tip(id)) }, name);
}

// The boards' art (each game's web/art.js draws its pictures as code with these two): an SVG element whose
// text children become text nodes (never markup), and a named picture — role=img with an aria-label in the
// page's language (no <title>: the board's own tip shows on hover, not a second one).
const SVG_NS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== null && v !== undefined && v !== false) el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function picture(viewBox, label, cls, children, extra = {}) {
  return svg("svg", { viewBox, role: "img", "aria-label": label, class: cls, focusable: "false", ...extra }, children);
}
