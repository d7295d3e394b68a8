// The fallback board: every field of the view, with ids translated through the game's presentation data.
import { h } from "../dom.js";


const HEADER = new Set(["game", "players", "seat", "step", "status", "to_act", "result"]);

function value(v, ctx, depth) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  if (typeof v === "boolean") return h("span", { class: v ? "yes" : "no" }, v ? "✓" : "✗");
  if (typeof v === "number") return h("span", { class: "num" }, String(v));
  if (typeof v === "string") return h("span", { class: "str" }, (ctx.has(v) ? ctx.term(v) : v));
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) {
      return h("span", { class: "chips" }, v.map((x) => h("span", { class: "chip" }, value(x, ctx, depth + 1))));
    }
    return h("div", { class: "grid" }, v.map((x, i) => h("div", { class: "cell" },
      h("div", { class: "cell-i" }, `#${i}`), value(x, ctx, depth + 1))));
  }
  if (depth > 5) return h("code", {}, JSON.stringify(v));
  return h("dl", { class: "kv" }, Object.entries(v).map(([k, x]) => [h("dt", {}, k), h("dd", {}, value(x, ctx, depth + 1))]));
}

export function generic(view, ctx) {
  // header fields are drawn elsewhere; a game may reuse a header name for richer data (then keep it)
  const rest = Object.fromEntries(Object.entries(view).filter(([k, v]) => !HEADER.has(k) || (v && typeof v === "object" && k !== "result")));
  return h("div", { class: "board generic" }, value(rest, ctx, 0));
}
