// What the table page asks over HTTP: taking and leaving a seat, the creator's controls before the start
// (the owner token stays in this browser's localStorage), a hint, the rematch.
import { toast } from "../dom.js";
import { t } from "../i18n.js";
import { api } from "../api.js";
import { myName, seatKey, ownerKey, ownerOf, inviteInHash, mySeat } from "../store.js";
import { confirmBox } from "../confirm.js";

// p: the table page ({id, st, sock, render})
export function tableControls(p) {
  const id = p.id;

  async function sit(seat) {
    if (!myName()) { toast(t("need_name"), "error"); return; }
    try {
      const own = ownerOf(id);
      const link = own && own.seats && own.seats[seat];
      const invite = inviteInHash() || (link ? link.split("/").pop() : null);
      const j = await api("POST", `/tables/${id}/join`, invite ? { seat, name: myName(), invite } : { seat, name: myName() });
      localStorage.setItem(seatKey(id), JSON.stringify({ seat: j.seat, token: j.token }));
      p.sock.reconnect();
    } catch (err) { toast(err.message, "error"); }
  }

  async function leave() {
    const s = mySeat(id);
    if (!s) return;
    // mid-game, leaving hands the seat to a bot: asked first (before the start it only frees the seat)
    const playing = p.st.msg && p.st.msg.table.status === "playing";
    if (playing && !(await confirmBox(t("leave_confirm"), t("leave_yes")))) return;
    try {
      await api("POST", `/tables/${id}/leave`, undefined, s.token);
      if (p.st.msg && p.st.msg.table.status === "open") { localStorage.removeItem(seatKey(id)); p.sock.reconnect(); }
    } catch (err) { toast(err.message, "error"); }
  }

  async function cancelTable() {
    const own = ownerOf(id);
    if (!own || !(await confirmBox(t("cancel_confirm"), t("cancel_table")))) return;
    try {
      await api("POST", `/tables/${id}/cancel`, undefined, undefined, own.owner);
    } catch (err) { toast(err.message, "error"); }
  }

  async function removeSeat(seat, name) {
    const own = ownerOf(id);
    if (!own || !(await confirmBox(t("remove_confirm").replace("{name}", name), t("remove_seat")))) return;
    try {
      await api("POST", `/tables/${id}/remove`, { seat }, undefined, own.owner);
    } catch (err) { toast(err.message, "error"); }
  }

  async function askHint() {
    const s = mySeat(id);
    if (!s || !p.st.msg) return;
    const at = p.st.hintAsked();
    p.render();
    try {
      p.st.hintAnswered(at, await api("POST", `/tables/${id}/hint`, undefined, s.token));
    } catch (err) { p.st.hintFailed(at, err.message); }
    p.render();
  }

  async function takeRematch() {
    const s = mySeat(id);
    if (!s) return;
    try {
      const r = await api("POST", `/tables/${id}/rematch`, undefined, s.token);
      if (r.token) localStorage.setItem(seatKey(r.table), JSON.stringify({ seat: r.seat, token: r.token }));
      // the one who made the rematch owns it (may cancel it), like the creator of any table
      if (r.owner_token) localStorage.setItem(ownerKey(r.table), JSON.stringify({ owner: r.owner_token, invite: `/#/t/${r.table}`, seats: {} }));
      location.hash = `#/t/${r.table}`;
    } catch (err) { toast(err.message, "error"); }
  }

  return { sit, leave, cancelTable, removeSeat, askHint, takeRematch };
}
