// Boards are found, not listed: the server tells which games have a board of their own (the game
// folder's web/board.js and web/board.css); any other game gets the generic renderer.
import { generic } from "./generic.js";
import { h } from "../dom.js";
import { miniCard } from "../kit.js";

const loaded = {};         // game id -> board function (or generic)
const logFaces = {};       // game id -> the board's logCards(ctx, event), when it has one
const questions = {};      // game id -> the board's question(view, ctx, legal), when it has one
const modules = {};        // game id -> the board's module (its other optional exports: scoreCells…)

export async function loadBoard(gameId, pres) {
  if (loaded[gameId]) return loaded[gameId];
  const files = (pres && pres.board) || {};
  let fn = generic;
  if (files.css && !document.querySelector(`link[data-board='${gameId}']`)) {
    document.head.append(h("link", { rel: "stylesheet", href: files.css, "data-board": gameId }));
  }
  if (files.js) {
    try {
      const mod = await import(files.js);
      fn = mod.default || generic;
      if (typeof mod.logCards === "function") logFaces[gameId] = mod.logCards;
      if (typeof mod.question === "function") questions[gameId] = mod.question;
      modules[gameId] = mod;
    } catch (err) {
      console.error(err);
    }
  }
  loaded[gameId] = fn;
  return fn;
}

export function renderBoard(view, ctx) {
  const fn = loaded[view.game];
  if (!fn) return h("div", { class: "board loading", "aria-busy": "true" });   // its script is still loading
  try {
    return fn(view, ctx);
  } catch (err) {
    console.error(err);
    return generic(view, ctx);
  }
}

// the cards an event names, drawn as the board draws them (its own face component, smaller in the log);
// a game without a board of its own gets a named chip per card
export function renderLogCards(gameId, ctx, event) {
  const fn = logFaces[gameId];
  try {
    if (fn) return fn(ctx, event) || [];
  } catch (err) {
    console.error(err);
  }
  const a = event.args || {};
  return [a.card, ...(Array.isArray(a.cards) ? a.cards : [])].filter((c) => typeof c === "string")
    .map((c) => miniCard(ctx, c.split(":")[0])).filter(Boolean);
}

// what the decision asks, in words: the board's question(view, ctx, legal) from the game's presentation
// data ("" for a game without one: the bar then says only whose move it is)
export function renderQuestion(gameId, view, ctx, legal) {
  const fn = questions[gameId];
  try {
    return fn ? fn(view, ctx, legal) || "" : "";
  } catch (err) {
    console.error(err);
    return "";
  }
}

// an optional function the game's board exports (e.g. scoreCells for the result table), or null
export function boardExport(gameId, name) {
  const mod = modules[gameId];
  return mod && typeof mod[name] === "function" ? mod[name] : null;
}
