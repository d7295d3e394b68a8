// «Камешки» board: the pile as stones; a click on a stone takes every stone from it to the end of the row
// (when that many may be taken), the same as the action buttons under the board.
import { h } from "/dom.js";
import { parseId } from "/ids.js";

export default function board(view, ctx) {
  const takes = {};
  for (const a of ctx.legal || []) takes[parseId(a.id).params.count] = a.id;
  const stones = [];
  for (let i = 0; i < view.pile; i++) {
    const count = String(view.pile - i);
    const aid = takes[count];
    stones.push(aid
      ? h("button", { class: "stone take", "data-count": count, onclick: () => ctx.act(aid) }, "●")
      : h("span", { class: "stone" }, "●"));
  }
  return h("div", { class: "board stones-board" },
    h("div", { class: "stones-count" }, `${ctx.word("pile")}: ${view.pile}`),
    h("div", { class: "stones-pile" }, stones));
}
