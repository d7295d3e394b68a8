// What this browser remembers (localStorage) and what the page's address carries: the player's name, a
// seat token per table, the creator's owner token and invite links, an invite secret in the hash.

export function myName() { return (localStorage.getItem("nastolka.name") || "").trim(); }
export function seatKey(id) { return `nastolka.seat.${id}`; }
// what only the creator got: the owner token, the invite link, each reserved seat's invite link
export function ownerKey(id) { return `nastolka.owner.${id}`; }
export function ownerOf(id) {
  try { return JSON.parse(localStorage.getItem(ownerKey(id))); } catch { return null; }
}
// the secret of an invite link /#/t/<id>/<secret>
export function inviteInHash() { const m = location.hash.match(/^#\/t\/[a-z0-9]+\/([A-Za-z0-9_-]+)/); return m ? m[1] : null; }
// the invite secret this browser holds for a table: from the page's link, or the creator's own link
export function inviteFor(id) {
  const own = ownerOf(id);
  const m = own && typeof own.invite === "string" ? own.invite.match(/\/([A-Za-z0-9_-]{16,})$/) : null;
  return inviteInHash() || (m ? m[1] : null);
}
export function mySeat(id) {
  try { return JSON.parse(localStorage.getItem(seatKey(id))); } catch { return null; }
}
