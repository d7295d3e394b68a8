// Board renderers per game; any game without one gets the generic renderer (the view as a tidy tree).
import { generic } from "./generic.js";
import { showBattle } from "./show_battle.js";
import { coltExpress } from "./colt_express.js";
import { talespin } from "./talespin.js";

const RENDERERS = { show_battle: showBattle, colt_express: coltExpress, talespin };

export function renderBoard(view, ctx) {
  const fn = RENDERERS[view.game] || generic;
  try {
    return fn(view, ctx);
  } catch (err) {
    console.error(err);
    return generic(view, ctx);
  }
}
