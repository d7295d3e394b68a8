// Boards are found, not listed: the server tells which games have a board of their own (the game
// folder's web/board.js and web/board.css); any other game gets the generic renderer.
import { generic } from "./generic.js";
import { h } from "../dom.js";

const loaded = {};         // game id -> board function (or generic)

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
    } catch (err) {
      console.error(err);
    }
  }
  loaded[gameId] = fn;
  return fn;
}

export function renderBoard(view, ctx) {
  const fn = loaded[view.game] || generic;
  try {
    return fn(view, ctx);
  } catch (err) {
    console.error(err);
    return generic(view, ctx);
  }
}
