// The table page: wires the socket, the state, the actions and the drawing together. The server is the
// only authority: the page draws what it is sent and sends action ids back with the version it saw. A seat
// token lives in this browser's localStorage and is sent only in "hello".
import { h, clear, toast } from "../dom.js";
import { lang, refusalText, t } from "../i18n.js";
import { loadBoard } from "../render/index.js";
import { presentation } from "../api.js";
import { seatKey, inviteFor, mySeat } from "../store.js";
import { TableSocket, helloMessage } from "./socket.js";
import { TableState } from "./state.js";
import { actionMessage } from "./actions.js";
import { startClock } from "./clock.js";
import { setAttention, beep } from "./attention.js";
import { drawChat } from "./chat.js";
import { tableControls } from "./controls.js";
import { renderTable } from "./render.js";

export function tablePage(id) {
  const app = document.getElementById("app");
  const st = new TableState();
  let boardGame = null;      // the game whose presentation and board are loading or loaded
  let boardReady = null;     // that load (a promise)
  const p = { id, app, st, sock: null, ctl: null, render: () => renderTable(p), act };
  p.ctl = tableControls(p);
  const sock = new TableSocket(id, () => {
    const s = mySeat(id);
    return helloMessage(lang, s && s.token, inviteFor(id));
  }, onMessage, onDown);
  p.sock = sock;

  function onMessage(m) {
    if (m.type === "welcome") {
      if (m.seat === null && mySeat(id)) localStorage.removeItem(seatKey(id));
      return;
    }
    if (m.type === "state") {
      const full = st.merge(m);
      if (!full) { sock.send({ type: "sync" }); return; }   // out of step: ask for a full state
      return setState(full);
    }
    if (m.type === "chat" || m.type === "rematch") {
      const redraw = st.social(m);
      if (redraw === "page") p.render();
      else if (redraw === "chat") drawChat(st.chat);
      return;
    }
    if (m.type === "error") {
      if (m.code === "not_found") { clear(app).append(h("p", { class: "error" }, refusalText(m))); sock.giveUp(); return; }
      if (m.code === "seat_lost") localStorage.removeItem(seatKey(id));   // this browser watches from now on
      if (m.code !== "stale") toast(refusalText(m), "error");
      st.answered();
      if (m.state) return setState(m.state);
      p.render();              // re-enable the buttons: the refused message changed nothing
      return;
    }
    if (m.type === "accepted") st.answered();
  }

  // no socket, no move: the buttons wait for the full state of the next connection (which frees them)
  // instead of taking a click that could not be sent
  function onDown() {
    if (st.msg && !st.busy) { st.busy = true; p.render(); }
  }

  async function setState(m) {
    // one load per game, awaited by every message: a second message arriving while the board script
    // loads must wait for it too (it used to render the generic debug board meanwhile)
    if (boardGame !== m.table.game) {
      boardGame = m.table.game;
      boardReady = (async () => {
        st.pres = await presentation(m.table.game);
        await loadBoard(m.table.game, st.pres);
      })();
    }
    await boardReady;
    if (st.apply(m)) beep();
    p.render();
  }

  function act(actionId) {
    const out = actionMessage(st, actionId, sock.isOpen());
    if (!out) return;
    sock.send(out);
    document.querySelectorAll("button.act").forEach((b) => { b.disabled = true; });
  }

  sock.connect();
  const tick = startClock(st, t("clock_out"));
  p.render();
  return {
    destroy() { clearInterval(tick); sock.close(); setAttention(false, ""); },
    rerender() {   // the page's language changed: the server writes labels and event texts in the new one
      if (sock.isOpen()) sock.send({ type: "sync", lang });
      p.render();
    },
  };
}
