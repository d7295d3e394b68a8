// The HTTP side of the client: the JSON API (refusals in the page's language) and what it caches once per
// page load (the game list, each game's presentation data).
import { refusalText } from "./i18n.js";
import { inviteInHash } from "./store.js";

let GAMES = null;
const PRES = {};

export class ApiError extends Error {
  constructor(message, code) { super(message); this.code = code; }
}

// invite secrets go in the X-Invite header, never in a URL (access logs and browser history keep URLs)
export async function api(method, path, body, token, ownerToken, inviteSecret) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (ownerToken) headers["X-Owner-Token"] = ownerToken;
  const invite = inviteSecret || inviteInHash();   // a private table is read only with its invite secret
  if (invite) headers["X-Invite"] = invite;
  const r = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new ApiError(refusalText(data.error) || r.statusText, data.error && data.error.code);
  return data;
}

// a finished game's record as a file: fetched with the secrets in headers, then saved from memory
export async function downloadRecord(id, inviteSecret, token) {
  const headers = {};
  if (inviteSecret) headers["X-Invite"] = inviteSecret;
  if (token) headers["X-Seat-Token"] = token;
  const r = await fetch(`/api/tables/${id}/record`, { headers });
  if (!r.ok) {
    const data = await r.json().catch(() => ({}));
    throw new ApiError(refusalText(data.error) || r.statusText, data.error && data.error.code);
  }
  const url = URL.createObjectURL(await r.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = `nastolka-${id}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function games() {
  if (!GAMES) GAMES = await api("GET", "/games");
  return GAMES;
}

// the game list as far as it is loaded (the router loads it before the first page is drawn)
export function knownGames() { return GAMES || []; }

// a game's presentation data: names and rules texts of its cards and places, its board's words
export async function presentation(gameId) {
  if (!PRES[gameId]) PRES[gameId] = await api("GET", `/games/${gameId}/presentation`).catch(() => ({ game: gameId, terms: {}, words: {} }));
  return PRES[gameId];
}
