// nastolka browser client: lobby, table page (over a WebSocket), result screen and replay viewer.
// The server is the only authority: the page only draws what it is sent and sends action ids back with
// the version it saw. A seat token lives in this browser's localStorage and is sent only in "hello".
import { h, clear, toast } from "./dom.js";
import { t, lang, setLang, pick, plural, refusalText } from "./i18n.js";
import { renderBoard, loadBoard, renderLogCards } from "./render/index.js";
import { boardContext, tipAttrs } from "./kit.js";
import { installTips, hideTip } from "./tips.js";
import { mergeState } from "./patch.js";

const app = document.getElementById("app");
let page = null;           // the current page: {destroy(), rerender()}
let GAMES = null;
const PRES = {};

class ApiError extends Error {
  constructor(message, code) { super(message); this.code = code; }
}

async function api(method, path, body, token, ownerToken) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (ownerToken) headers["X-Owner-Token"] = ownerToken;
  const invite = inviteInHash();   // a private table is read only with its invite secret
  if (invite) headers["X-Invite"] = invite;
  const r = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new ApiError(refusalText(data.error) || r.statusText, data.error && data.error.code);
  return data;
}

async function games() {
  if (!GAMES) GAMES = await api("GET", "/games");
  return GAMES;
}

// a game's presentation data: names and rules texts of its cards and places, its board's words
async function presentation(gameId) {
  if (!PRES[gameId]) PRES[gameId] = await api("GET", `/games/${gameId}/presentation`).catch(() => ({ game: gameId, terms: {}, words: {} }));
  return PRES[gameId];
}

function gameName(g) { return g ? (lang === "ru" ? g.name_ru : g.name_en) : "?"; }
function myName() { return (localStorage.getItem("nastolka.name") || "").trim(); }
function seatKey(id) { return `nastolka.seat.${id}`; }
// what only the creator got: the owner token, the invite link, each reserved seat's invite link
function ownerKey(id) { return `nastolka.owner.${id}`; }
function ownerOf(id) {
  try { return JSON.parse(localStorage.getItem(ownerKey(id))); } catch { return null; }
}
// the secret of an invite link /#/t/<id>/<secret>
function inviteInHash() { const m = location.hash.match(/^#\/t\/[a-z0-9]+\/([A-Za-z0-9_-]+)/); return m ? m[1] : null; }
// the invite secret this browser holds for a table: from the page's link, or the creator's own link
function inviteFor(id) {
  const own = ownerOf(id);
  const m = own && typeof own.invite === "string" ? own.invite.match(/\/([A-Za-z0-9_-]{16,})$/) : null;
  return inviteInHash() || (m ? m[1] : null);
}
function mySeat(id) {
  try { return JSON.parse(localStorage.getItem(seatKey(id))); } catch { return null; }
}
function botLabel(level) { return t(`bot_${level}`) === `bot_${level}` ? t("bot") : `${t("bot")} «${t(`bot_${level}`)}»`; }
function seatLabel(s) {
  if ((s.kind === "bot" || s.kind === "human") && s.label) return s.label[lang] || s.label.en;   // the server's words
  if (s.kind === "bot") return botLabel(s.bot);
  if (s.kind === "open") return `(${t("open")})`;
  if (s.kind === "reserved") return `(${t("reserved")} ${s.name || ""})`;
  return s.name || t("player");
}
// a player as a record names them: a display name, or "bot:<level>"
function playerLabel(name) { return typeof name === "string" && name.startsWith("bot:") ? botLabel(name.slice(4)) : String(name ?? ""); }

// asks before something that cannot be undone; resolves true for "yes" (a page dialog, not the browser's)
function confirmBox(text, yes) {
  return new Promise((resolve) => {
    const done = (answer) => () => { box.close(); box.remove(); resolve(answer); };
    const box = h("dialog", { class: "confirm", id: "confirm", oncancel: done(false) },
      h("p", {}, text),
      h("div", { class: "confirm-buttons" },
        h("button", { type: "button", id: "confirm-no", onclick: done(false) }, t("confirm_no")),
        h("button", { type: "button", id: "confirm-yes", class: "primary danger", onclick: done(true) }, yes || t("confirm_yes"))));
    document.body.append(box);
    box.showModal();
  });
}

// ------------------------------------------------------------------------------------------ lobby
function lobbyPage() {
  let timer = null;
  let listBox = h("div", { id: "tables" });
  let form = h("div", { id: "create-form" });
  const state = { game: null, players: 2, seats: [], options: {}, clock: "", sitMyself: true, casual: false };

  async function drawForm() {
    const list = await games();
    if (!state.game) state.game = list[0] && list[0].id;
    const g = list.find((x) => x.id === state.game);
    if (!g) { clear(form).append(t("no_tables")); return; }
    state.players = Math.min(Math.max(state.players, g.min_players), g.max_players);
    while (state.seats.length < state.players) state.seats.push({ kind: state.seats.length ? "open" : "open", bot: "normal", name: "" });
    state.seats.length = state.players;
    const bots = g.bots || ["random"];
    const seatRows = state.seats.map((s, i) => h("div", { class: "seat-row" },
      h("span", { class: "seat-n" }, `${t("seat")} ${i + 1}`),
      h("select", { "data-seat-kind": i, onchange: (e) => { s.kind = e.target.value; drawForm(); } },
        ["open", "bot", "reserved"].map((k) => h("option", { value: k, selected: s.kind === k }, t(k)))),
      s.kind === "bot" ? h("select", { "data-seat-bot": i, onchange: (e) => { s.bot = e.target.value; } },
        bots.map((b) => h("option", { value: b, selected: s.bot === b }, botLabel(b)))) : null,
      s.kind === "reserved" ? h("input", { value: s.name, maxlength: 24, placeholder: t("name"),
        oninput: (e) => { s.name = e.target.value; } }) : null));
    const opts = (g.options || []).map((o) => {
      const cur = state.options[o.name] ?? o.default;
      const help = lang === "ru" ? (o.help_ru || o.help_en) : o.help_en;
      let input;
      if (o.type === "bool") {
        input = h("input", { type: "checkbox", checked: !!cur, onchange: (e) => { state.options[o.name] = e.target.checked; } });
      } else if (o.choices && o.type !== "list") {
        input = h("select", { onchange: (e) => { state.options[o.name] = o.type === "int" ? Number(e.target.value) : e.target.value; } },
          o.choices.map((c) => h("option", { value: c, selected: c === cur }, String(c))));
      } else if (o.type === "int") {
        input = h("input", { type: "number", value: cur, min: o.min ?? o.minimum, max: o.max ?? o.maximum,
          onchange: (e) => { state.options[o.name] = Number(e.target.value); } });
      } else {
        input = h("input", { value: Array.isArray(cur) ? cur.join(",") : cur ?? "",
          onchange: (e) => { state.options[o.name] = e.target.value; } });
      }
      return h("label", { class: "opt", title: help }, h("span", {}, help || o.name), input);
    });
    clear(form).append(
      h("h2", {}, t("create")),
      h("label", {}, `${t("game")} `, h("select", { id: "game-select", onchange: (e) => { state.game = e.target.value; state.options = {}; drawForm(); drawTables(); } },
        list.map((x) => h("option", { value: x.id, selected: x.id === state.game }, gameName(x))))),
      h("label", {}, ` ${t("players")} `, h("select", { id: "players-select", onchange: (e) => { state.players = Number(e.target.value); drawForm(); } },
        Array.from({ length: g.max_players - g.min_players + 1 }, (_, k) => g.min_players + k)
          .map((n) => h("option", { value: n, selected: n === state.players }, String(n))))),
      h("div", { class: "seats" }, seatRows),
      opts.length ? h("details", {}, h("summary", {}, t("options")), h("div", { class: "opts" }, opts)) : null,
      h("label", {}, `${t("clock")} `, h("select", { id: "clock-select", onchange: (e) => { state.clock = e.target.value; } },
        ["", "15", "30", "60", "120", "300"].map((c) => h("option", { value: c, selected: c === state.clock }, c ? `${c} s` : t("no_clock"))))),
      h("label", { class: "check", title: t("casual_help") }, h("input", { type: "checkbox", id: "casual", checked: state.casual,
        onchange: (e) => { state.casual = e.target.checked; } }), ` ${t("casual")}`),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "sit-myself", checked: state.sitMyself,
        onchange: (e) => { state.sitMyself = e.target.checked; } }), ` ${t("sit_myself")}`),
      h("button", { id: "create", class: "primary", type: "button", onclick: create }, t("create_btn")));
  }

  async function create() {
    if (state.sitMyself && !myName()) { toast(t("need_name"), "error"); return; }
    const body = { game: state.game, options: state.options,
      seats: state.seats.map((s) => (s.kind === "bot" ? { kind: "bot", bot: s.bot } : s.kind === "reserved" ? { kind: "reserved", name: s.name } : { kind: "open" })) };
    if (state.clock) body.clock = Number(state.clock);
    if (state.casual) body.rated = false;
    try {
      const res = await api("POST", "/tables", body);
      const id = res.table.id;
      localStorage.setItem(ownerKey(id), JSON.stringify({ owner: res.owner_token, invite: res.invite, seats: res.seat_invites }));
      if (state.sitMyself && state.seats[0].kind === "open") {
        const j = await api("POST", `/tables/${id}/join`, { seat: 0, name: myName() });
        localStorage.setItem(seatKey(id), JSON.stringify({ seat: j.seat, token: j.token }));
      }
      location.hash = `#/t/${id}`;
    } catch (err) { toast(err.message, "error"); }
  }

  async function drawTables() {
    let rows;
    try { rows = await api("GET", "/tables"); } catch (err) { toast(err.message, "error"); return; }
    const list = await games();
    const groups = { open: [], playing: [], over: [] };
    for (const r of rows) (groups[r.status] || []).push(r);
    const section = (key, items) => h("section", {}, h("h3", {}, t(key)),
      items.length ? h("ul", { class: "table-list" }, items.map((r) => h("li", { "data-table": r.id },
        h("strong", {}, gameName(list.find((g) => g.id === r.game))), " ",
        h("span", { class: "muted" }, r.seats.map(seatLabel).join(" · ")), " ",
        r.status === "open" ? h("a", { href: `#/t/${r.id}`, class: "btn" }, t("join")) : null,
        r.status !== "over" ? h("a", { href: `#/t/${r.id}`, class: "btn" }, t("watch")) : null,
        r.status === "over" ? h("a", { href: `#/r/${r.id}`, class: "btn" }, t("replay")) : null)))
        : h("p", { class: "muted" }, t("no_tables")));
    let board = [];
    const asked = state.game;
    if (asked) board = await api("GET", `/ratings/${asked}`).catch(() => []);
    if (asked !== state.game) return;   // the game was changed meanwhile: a newer call draws
    const ratings = board.length ? h("section", { id: "ratings" }, h("h3", {}, `${t("ratings")}: ${gameName(list.find((g) => g.id === state.game))}`),
      h("table", { class: "ratings" }, board.slice(0, 10).map((r, i) => h("tr", {},
        h("td", {}, String(i + 1)), h("td", {}, r.player), h("td", { title: `μ ${r.mu} σ ${r.sigma}` }, String(r.ordinal)),
        h("td", { class: "muted" }, plural("games", r.games)))))) : null;
    clear(listBox).append(h("h2", {}, t("lobby")), section("open_list", groups.open),
      section("playing_list", groups.playing), section("over_list", groups.over.slice(0, 10)), ratings);
  }

  function render() {
    clear(app).append(h("div", { class: "lobby" }, form, listBox));
    drawForm();
    drawTables();
  }
  render();
  timer = setInterval(drawTables, 4000);
  return { destroy() { clearInterval(timer); }, rerender: render };
}

// ------------------------------------------------------------------------------------------ table
// the tab says when it is your move (title and favicon), also while the person looks at another tab
function setAttention(yourMove, gameTitle) {
  document.title = yourMove ? `● ${t("your_turn")} — ${gameTitle} · nastolka` : `${gameTitle ? `${gameTitle} · ` : ""}nastolka`;
  const icon = document.getElementById("favicon");
  if (icon) icon.setAttribute("href", yourMove ? "/favicon-turn.svg" : "/favicon.svg");
}

function beep() {
  if (localStorage.getItem("nastolka.sound") !== "on") return;
  try {
    const ac = new AudioContext();
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ac.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ac.currentTime + 0.35);
    osc.connect(gain).connect(ac.destination);
    osc.start();
    osc.stop(ac.currentTime + 0.35);
  } catch { /* no audio here */ }
}

function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function tablePage(id) {
  let ws = null;
  let closed = false;
  let retry = 500;
  let tick = null;
  let msg = null;           // the latest state message
  let log = [];
  let busy = false;
  let pres = null;
  let board = null;          // the loaded board function of this game
  let boardGame = null;      // the game whose presentation and board are loading or loaded
  let boardReady = null;     // that load (a promise)
  const history = new Map(); // version -> the view this seat saw then (to step back during the game)
  let viewing = null;        // a past version being looked at, or null for the live position
  let prevView = null;       // the view before the latest one (what changed is marked)
  let animate = false;       // true for the first drawing of a new position only
  let wasMyMove = false;
  let queue = Promise.resolve();
  let chat = [];             // messages of this table this page may read (pushed by the server)
  let rematchId = null;
  let hintBox = null;        // the last hint: {version, data} or {version, error}
  const stored = () => mySeat(id);

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/tables/${id}`);
    ws.onopen = () => {
      retry = 500;
      const s = stored();
      // delta: after the first full state, only what changed (mergeState rebuilds each full state)
      // lang: labels and event texts in this page's language only (a language switch asks again: sync)
      // ack_in_state: the reply to this page's move comes inside the next state ("accepted"), not alone
      const hello = { type: "hello", delta: true, ack_in_state: true, lang };
      if (s) hello.token = s.token;
      if (inviteFor(id)) hello.invite = inviteFor(id);   // watching a private table needs its secret
      ws.send(JSON.stringify(hello));
    };
    // one message at a time, in order: drawing a state may first wait for the game's presentation data
    ws.onmessage = (e) => { queue = queue.then(() => onMessage(JSON.parse(e.data))).catch((err) => console.error(err)); };
    ws.onclose = () => {
      if (closed) return;
      setTimeout(() => { if (!closed) connect(); }, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function onMessage(m) {
    if (m.type === "welcome") {
      if (m.seat === null && stored()) localStorage.removeItem(seatKey(id));
      return;
    }
    if (m.type === "state") {
      if (m.accepted) busy = false;   // this page's move was accepted (the ack inside the state)
      const full = mergeState(msg, m);
      if (!full) { ws.send(JSON.stringify({ type: "sync" })); return; }   // out of step: ask for a full state
      return setState(full);
    }
    if (m.type === "chat" || m.type === "rematch") return onSocial(m);
    if (m.type === "error") {
      if (m.code === "not_found") { clear(app).append(h("p", { class: "error" }, refusalText(m))); closed = true; return; }
      if (m.code === "seat_lost") localStorage.removeItem(seatKey(id));   // this browser watches from now on
      if (m.code !== "stale") toast(refusalText(m), "error");
      busy = false;
      if (m.state) return setState(m.state);
      render();              // re-enable the buttons: the refused message changed nothing
      return;
    }
    if (m.type === "accepted") busy = false;
  }

  async function setState(m) {
    // one load per game, awaited by every message: a second message arriving while the board script
    // loads must wait for it too (it used to render the generic debug board meanwhile)
    if (boardGame !== m.table.game) {
      boardGame = m.table.game;
      boardReady = (async () => {
        pres = await presentation(m.table.game);
        board = await loadBoard(m.table.game, pres);
      })();
    }
    await boardReady;
    if (m.full) log = m.events.slice();
    else log.push(...m.events);
    if (log.length > 300) log = log.slice(-300);
    const fresh = !msg || m.version !== msg.version;
    if (fresh || m.full) busy = false;
    prevView = fresh && msg && msg.view && !m.full ? msg.view : (m.full ? null : prevView);
    animate = fresh;
    msg = m;
    if (m.view) {
      history.set(m.version, m.view);
      if (history.size > 400) history.delete(history.keys().next().value);
    }
    const myMove = m.table.status === "playing" && m.legal.length > 0;
    if (myMove && !wasMyMove) beep();
    wasMyMove = myMove;
    render();
  }

  function act(actionId) {
    if (busy || !msg || !ws || ws.readyState !== 1 || viewing !== null) return;
    busy = true;
    ws.send(JSON.stringify({ type: "action", action: actionId, version: msg.version }));
    document.querySelectorAll("button.act").forEach((b) => { b.disabled = true; });
  }

  async function sit(seat) {
    if (!myName()) { toast(t("need_name"), "error"); return; }
    try {
      const own = ownerOf(id);
      const link = own && own.seats && own.seats[seat];
      const invite = inviteInHash() || (link ? link.split("/").pop() : null);
      const j = await api("POST", `/tables/${id}/join`, invite ? { seat, name: myName(), invite } : { seat, name: myName() });
      localStorage.setItem(seatKey(id), JSON.stringify({ seat: j.seat, token: j.token }));
      reconnect();
    } catch (err) { toast(err.message, "error"); }
  }

  function reconnect() {
    if (ws) { ws.onclose = null; ws.close(); }
    connect();
  }

  async function leave() {
    const s = stored();
    if (!s) return;
    try {
      await api("POST", `/tables/${id}/leave`, undefined, s.token);
      if (msg && msg.table.status === "open") { localStorage.removeItem(seatKey(id)); reconnect(); }
    } catch (err) { toast(err.message, "error"); }
  }

  // the creator's controls before the start (the owner token stays in this browser's localStorage)
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
    const s = stored();
    if (!s || !msg) return;
    const at = msg.version;
    hintBox = { version: at, pending: true };
    render();
    try {
      hintBox = { version: at, data: await api("POST", `/tables/${id}/hint`, undefined, s.token) };
    } catch (err) { hintBox = { version: at, error: err.message }; }
    render();
  }

  function hintPanel() {
    if (!hintBox || !msg || hintBox.version !== msg.version) return null;
    if (hintBox.pending) return h("div", { class: "hint", id: "hint" }, t("hint_thinking"));
    if (hintBox.error) return h("div", { class: "hint error", id: "hint" }, hintBox.error);
    const d = hintBox.data;
    return h("div", { class: "hint", id: "hint" },
      h("div", {}, `${t("hint_best")}: `, h("strong", {}, d[lang] || d.en)),
      h("ol", { class: "hint-list" }, d.stats.map((st) => h("li", {}, h("span", {}, st[lang] || st.en),
        h("span", { class: "muted" }, ` — ${t("hint_share").replace("{p}", Math.round(st.share * 100))}, ${t("hint_value").replace("{p}", Math.round(st.value * 100))}`)))),
      h("p", { class: "muted" }, t("hint_note").replace("{n}", d.iterations)));
  }

  // chat and the rematch link arrive over the socket: the whole readable chat once per connection
  // ("full"), then each new message (the server decides which channel this socket may read)
  function onSocial(m) {
    if (m.type === "rematch") {
      if (m.table !== rematchId) { rematchId = m.table; render(); }
      return;
    }
    if (m.full) chat = [];
    const known = new Set(chat.map((c) => c.id));
    chat.push(...m.messages.filter((c) => !known.has(c.id)));
    chat.sort((a, b) => a.id - b.id);
    if (chat.length > 300) chat = chat.slice(-300);
    if (m.full && m.rematch !== undefined && m.rematch !== rematchId) { rematchId = m.rematch; render(); return; }
    drawChat();
  }

  async function sendChat(input) {
    const text = input.value.trim();
    if (!text) return;
    const s = stored();
    if (!s && !myName()) { toast(t("need_name"), "error"); return; }
    try {
      await api("POST", `/tables/${id}/chat`, s ? { text } : { text, name: myName() }, s && s.token);
      input.value = "";     // the message comes back over the socket, like everyone else's
    } catch (err) { toast(err.message, "error"); }
  }

  function chatList() {
    return h("ol", { id: "chat-list", class: "chat-list" }, chat.map((c) => h("li", { class: `chat-${c.channel}` },
      h("span", { class: "chat-who" }, c.name), c.channel === "spectators" ? h("span", { class: "muted" }, ` (${t("spectator_short")})`) : null,
      ": ", h("span", { class: "chat-text" }, c.text))));
  }

  function drawChat() {
    const old = document.getElementById("chat-list");
    if (!old) return;
    const fresh = chatList();
    old.replaceWith(fresh);
    fresh.scrollTop = fresh.scrollHeight;
  }

  function chatPanel() {
    const seated = msg.you !== null;
    const input = h("input", { id: "chat-input", maxlength: 300, autocomplete: "off",
      placeholder: seated ? t("chat_players") : t("chat_spectators") });
    return h("section", { class: "chat", id: "chat" }, h("h3", {}, seated ? t("chat_players") : t("chat_spectators")),
      chatList(),
      h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); sendChat(input); } },
        input, h("button", { type: "submit", id: "chat-send" }, t("send"))));
  }

  async function takeRematch() {
    const s = stored();
    if (!s) return;
    try {
      const r = await api("POST", `/tables/${id}/rematch`, undefined, s.token);
      if (r.token) localStorage.setItem(seatKey(r.table), JSON.stringify({ seat: r.seat, token: r.token }));
      location.hash = `#/t/${r.table}`;
    } catch (err) { toast(err.message, "error"); }
  }

  function actionsPanel() {
    if (!msg.legal.length || viewing !== null) return null;
    // group "Place Fakir: row 1, slot 2" under "Place Fakir"
    const groups = new Map();
    for (const a of msg.legal) {
      const label = pick(a);   // this page's language (either, for a moment after a switch)
      const cut = label.indexOf(": ");
      const head = cut > 0 ? label.slice(0, cut) : "";
      const tail = cut > 0 ? label.slice(cut + 2) : label;
      if (!groups.has(head)) groups.set(head, []);
      const suggested = hintBox && hintBox.data && hintBox.version === msg.version && hintBox.data.action === a.id;
      groups.get(head).push(h("button", { class: `act${suggested ? " suggested" : ""}`, type: "button", "data-action": a.id, title: label,
        disabled: busy, onclick: () => act(a.id) }, tail));
    }
    const hintButton = msg.table.rated === false
      ? h("button", { type: "button", id: "hint-btn", class: "hint-btn", onclick: askHint,
        disabled: Boolean(hintBox && hintBox.pending && hintBox.version === msg.version) }, t("hint")) : null;
    return h("section", { class: "actions", id: "actions" }, h("h3", {}, t("your_actions"), hintButton), hintPanel(),
      [...groups.entries()].map(([head, buttons]) => h("div", { class: "act-group" },
        head ? h("div", { class: "act-head" }, head) : null, h("div", { class: "act-buttons" }, buttons))));
  }

  function resultPanel(view, names) {
    const res = view.result;
    if (!res) return null;
    const order = res.ranks.map((r, i) => [r, i]).sort((a, b) => a[0] - b[0]);
    const winners = res.winners.map((w) => names[w]).join(", ");
    return h("section", { id: "result", class: "result" },
      h("h2", {}, t("result")),
      h("p", { class: "winner" }, `${res.winners.length > 1 ? t("winners") : t("winner")}: ${winners}`),
      scoreTable(res, order, names),
      scoreNotes(res),
      h("p", { class: "result-buttons" },
        msg.you !== null ? h("button", { type: "button", id: "rematch", class: "primary", onclick: takeRematch },
          rematchId ? t("rematch_join") : t("rematch")) : null,
        msg.you === null && rematchId ? h("a", { href: `#/t/${rematchId}`, class: "btn", id: "rematch-watch" }, t("rematch_watch")) : null,
        h("a", { href: `/api/tables/${id}/record${inviteFor(id) ? `?invite=${inviteFor(id)}` : ""}`, download: `nastolka-${id}.json`, class: "btn" }, t("download")),
        h("a", { href: `#/r/${id}`, class: "btn", id: "to-replay" }, t("replay"))));
  }

  // every score explained: one column per per-seat detail the game names (its result details)
  function scoreTable(res, order, names) {
    const words = (pres && pres.words) || {};
    const word = (k) => (words[k] ? words[k][lang] || words[k].en : "");
    const details = res.details || {};
    const cols = Object.entries(details).filter(([k, v]) => Array.isArray(v) && v.length === names.length && word(`result_${k}`));
    const marks = Object.entries(details).filter(([k, v]) => Array.isArray(v) && v.length !== names.length && word(`result_${k}`));
    return h("table", { class: "score-table" },
      h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("players")), h("th", {}, t("score")),
        cols.map(([k]) => h("th", {}, word(`result_${k}`))), marks.map(([k]) => h("th", {}, word(`result_${k}`)))),
      order.map(([r, i]) => h("tr", { class: i === msg.you ? "me" : "" }, h("td", {}, String(r)),
        h("td", {}, names[i]), h("td", {}, String(res.scores[i])),
        cols.map(([, v]) => h("td", {}, String(v[i]))),
        marks.map(([, v]) => h("td", {}, v.includes(i) ? "✓" : "")))));
  }

  function scoreNotes(res) {
    const words = (pres && pres.words) || {};
    const word = (k) => (words[k] ? words[k][lang] || words[k].en : "");
    const notes = Object.entries(res.details || {}).filter(([k, v]) => !Array.isArray(v) && typeof v !== "object" && word(`result_${k}`))
      .map(([k, v]) => h("li", {}, `${word(`result_${k}`)}: ${word(`reason_${v}`) || (typeof v === "number" ? String(v) : "")}`))
      .filter((li) => !li.textContent.endsWith(": "));
    return notes.length ? h("ul", { class: "score-notes" }, notes) : null;
  }

  // who acts now, in words: "Your move", "Anya is thinking…", "a bot plays for Boris…"
  function banner(table, toAct, names, gameTitle) {
    if (table.status !== "playing") return null;
    const mine = msg.legal.length > 0;
    const others = toAct.filter((s) => !(mine && s === msg.you));
    const parts = others.map((s) => {
      const seat = table.seats[s] || {};
      const botPlays = seat.kind === "bot" || seat.away;
      return h("span", { class: `who-acts${botPlays ? " thinking" : ""}`, "data-seat": s },
        names[s] || "", botPlays ? h("span", { class: "thinking-note" }, ` ${seat.away ? t("standin_moves") : t("bot_thinking")}`) : null);
    });
    const clock = msg.clock_left !== undefined && msg.clock_left !== null
      ? h("span", { class: "clock", id: "clock", ...tipAttrs(t("clock"), "") }, h("span", { class: "clock-icon", "aria-hidden": "true" }),
        h("span", { id: "clock-text" }, clockText(msg.clock_left))) : null;
    return h("div", { class: `status${mine ? " yours" : ""}`, id: "status", role: "status" },
      mine ? h("strong", { class: "your-move" }, t("your_turn")) : null,
      mine && parts.length ? " · " : null,
      parts.length ? [h("span", { class: "muted" }, `${t("waiting_for")}: `), parts.flatMap((p, i) => (i ? [", ", p] : [p]))] : null,
      clock);
  }

  // the log: one entry per move — who moved, what happened, the cards it named drawn as faces — each a
  // link to the position after it (a position this page saw; after the game, the replay's step)
  function logPanel(names) {
    const moves = [];
    for (const e of log.slice(-120)) {
      const last = moves[moves.length - 1];
      if (last && last.version === e.version) last.events.push(e);
      else moves.push({ version: e.version, seat: e.seat, by: e.by, events: [e] });
    }
    const cardCtx = boardContext(pres, { seatNames: names, you: msg.you, view: msg.view, legal: [], act: () => {},
      redraw: () => {}, prev: null, animate: false });
    const over = msg.table.status === "over";
    const items = moves.slice(-50).map((m) => {
      const after = m.version + 1;      // an event's version is the step of its move; the position after is the next
      const isLatest = after === msg.version;
      const seen = history.has(after) || isLatest;
      const standIn = m.by === "clock" || m.by === "standin";
      // the mover's name heads an entry only when its texts name nobody (they mostly say who did what)
      const named = m.events.some((e) => names.some((n) => n && pick(e).includes(n)));
      const who = m.seat !== null && m.seat !== undefined && (standIn || !named) ? names[m.seat] : null;
      const body = m.events.map((e) => {
        const faces = renderLogCards(msg.table.game, cardCtx, e);
        return h("span", { class: "log-ev" }, h("span", { class: "log-text" }, pick(e)),
          faces.length ? h("span", { class: "log-cards" }, faces) : null);
      });
      let step;
      if (seen) {
        step = h("button", { type: "button", class: "log-step linklike", title: t("position_after"), "data-after": after,
          onclick: () => { viewing = isLatest ? null : after; render(); } }, body);
      } else if (over && !isLatest) {
        step = h("a", { class: "log-step linklike", href: `#/r/${id}/${after}`, title: t("position_after"), "data-after": after }, body);
      } else {
        step = h("span", { class: "log-step" }, body);
      }
      return h("li", { "data-v": m.version, class: `${viewing === after ? "viewing" : ""}${isLatest ? " latest" : ""}` },
        who ? h("span", { class: "log-who" }, who, standIn ? h("span", { class: "muted" }, ` (${t("standin")})`) : null) : null,
        step);
    });
    return h("section", { class: "log" }, h("h3", {}, t("log")), h("ol", { id: "log" }, items));
  }

  function historyBar() {
    const versions = [...history.keys()].sort((a, b) => a - b);
    if (versions.length < 2) return null;
    const at = viewing === null ? versions[versions.length - 1] : viewing;
    const i = versions.indexOf(at);
    const go = (v) => () => { viewing = v === msg.version ? null : v; render(); };
    return h("div", { class: "history", id: "history" },
      h("button", { type: "button", id: "hist-prev", disabled: i <= 0, onclick: go(versions[i - 1]) }, `◀ ${t("prev")}`),
      viewing !== null ? h("span", { class: "hist-note" }, `${t("position_after")} ${t("move_n")} ${viewing}`) : null,
      h("button", { type: "button", id: "hist-next", disabled: viewing === null, onclick: go(versions[i + 1]) }, `${t("next")} ▶`),
      viewing !== null ? h("button", { type: "button", id: "hist-live", class: "primary", onclick: go(msg.version) }, t("back_to_live")) : null);
  }

  function render() {
    if (!msg) { clear(app).append(h("p", { class: "muted" }, t("connecting"))); return; }
    const table = msg.table;
    const view = viewing !== null ? history.get(viewing) : msg.view;
    const game = (GAMES || []).find((g) => g.id === table.game);
    const gameTitle = gameName(game) || "";
    const names = table.seats.map((s) => seatLabel(s));
    const toAct = view ? view.to_act : [];
    setAttention(table.status === "playing" && msg.legal.length > 0, gameTitle);
    const own = ownerOf(id);
    const seats = h("ul", { class: "seats-list" }, table.seats.map((s) => h("li", {
      class: `${toAct.includes(s.seat) ? "active" : ""}${s.seat === msg.you ? " me" : ""}`, "data-seat": s.seat },
    h("span", { class: "seat-name" }, seatLabel(s)), s.seat === msg.you ? h("em", {}, ` (${t("you")})`) : null,
    s.away ? h("span", { class: "away" }, ` — ${t("away")}`) : null,
    own && own.seats && own.seats[s.seat] && s.kind === "reserved" && table.status === "open"
      ? h("input", { readonly: true, class: "seat-invite", value: `${location.origin}${own.seats[s.seat]}`, onclick: (e) => e.target.select() }) : null,
    table.status === "open" && msg.you === null && (s.kind === "open" || s.kind === "reserved")
      ? h("button", { class: "sit", type: "button", "data-sit": s.seat, onclick: () => sit(s.seat) }, t("sit")) : null,
    own && own.owner && table.status === "open" && s.kind === "human" && s.seat !== msg.you
      ? h("button", { class: "remove-seat", type: "button", "data-remove": s.seat, onclick: () => removeSeat(s.seat, seatLabel(s)) }, t("remove_seat")) : null)));
    const invite = `${location.origin}${own && own.invite ? own.invite : `/#/t/${id}`}`;
    const head = h("section", { class: "table-head" },
      h("h2", {}, gameTitle, h("span", { class: "muted" }, ` · ${t(`status_${table.status}`)}`),
        h("a", { class: "rules-link", href: `#/rules/${table.game}` }, t("rules"))),
      table.status === "open" ? h("div", { class: "invite" }, `${t("invite")}: `, h("input", { readonly: true, value: invite, id: "invite", onclick: (e) => e.target.select() }),
        h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(invite).then(() => toast(t("copied"))) }, t("copy")))
        : h("input", { type: "hidden", value: invite, id: "invite" }),
      seats,
      own && own.owner && table.status === "open"
        ? h("div", { class: "owner" }, h("button", { type: "button", id: "cancel-table", class: "danger", onclick: cancelTable }, t("cancel_table"))) : null,
      table.status === "cancelled" ? h("p", { class: "muted", id: "cancelled" }, t("cancelled_note"), " ", h("a", { href: "#/", class: "btn" }, t("lobby"))) : null,
      msg.you !== null && table.status !== "over" && table.status !== "cancelled" ? h("div", { class: "mine" },
        table.seats[msg.you] && table.seats[msg.you].away
          ? h("button", { type: "button", id: "back", onclick: () => ws.send(JSON.stringify({ type: "back" })) }, t("back")) : null,
        h("button", { type: "button", id: "leave", onclick: leave }, t("leave"))) : null,
      msg.you === null && table.status !== "open" ? h("p", { class: "muted", id: "spectating" }, t("spectator")) : null);
    const past = viewing !== null;
    const ctx = boardContext(pres, { seatNames: names, you: msg.you, legal: busy || past ? [] : msg.legal, act, redraw: render,
      prev: past ? null : prevView, animate: animate && !past });
    animate = false;
    const boardEl = view ? h("section", { class: `board-wrap${past ? " past" : ""}`, id: "board" }, renderBoard(view, ctx)) : null;
    const side = h("div", { class: "side" }, actionsPanel(), logPanel(names), table.status !== "open" ? chatPanel() : null);
    clear(app).append(h("div", { class: "table-page", "data-version": msg.version, "data-status": table.status },
      head, msg.view ? resultPanel(msg.view, names) : null,
      h("div", { class: "main-col" }, banner(table, msg.view ? msg.view.to_act : [], names, gameTitle), historyBar(), boardEl),
      side));
    const ol = document.getElementById("log");
    if (ol && viewing === null) ol.scrollTop = ol.scrollHeight;
    const cl = document.getElementById("chat-list");
    if (cl) cl.scrollTop = cl.scrollHeight;
  }

  connect();
  tick = setInterval(() => {
    if (msg && msg.clock_left !== undefined && msg.clock_left !== null && msg.table.status === "playing") {
      msg.clock_left = Math.max(0, msg.clock_left - 1);
      const el = document.getElementById("clock-text");
      if (el) el.textContent = clockText(msg.clock_left);
      const box = document.getElementById("clock");
      if (box) box.classList.toggle("low", msg.clock_left <= 10);
    }
  }, 1000);
  render();
  return {
    destroy() { closed = true; clearInterval(tick); if (ws) { ws.onclose = null; ws.close(); } setAttention(false, ""); },
    rerender() {   // the page's language changed: the server writes labels and event texts in the new one
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "sync", lang }));
      render();
    },
  };
}

// ------------------------------------------------------------------------------------------ replay
function replayPage(id, start) {
  let step = 0;
  let frame = null;
  let pres = null;
  let closed = false;

  async function load(k) {
    try {
      // a private table's replay: with its invite secret or this browser's seat token
      const inv = inviteFor(id), mine = mySeat(id);
      frame = await api("GET", `/tables/${id}/replay/${k}${inv ? `?invite=${inv}` : ""}`, undefined, mine && mine.token);
      step = frame.step;
      pres = await presentation(frame.game);
      await loadBoard(frame.game, pres);
      render();
    } catch (err) { toast(err.message, "error"); }
  }

  function render() {
    if (closed || !frame) return;
    const names = (frame.names && frame.names[lang]) || frame.seats.map(playerLabel);   // the table's names
    const ctx = boardContext(pres, { seatNames: names, you: null, legal: [], act: () => {}, redraw: render, prev: null, animate: false });
    const go = (k) => () => load(Math.max(0, Math.min(frame.total, k)));
    clear(app).append(h("div", { class: "replay", "data-step": step },
      h("h2", {}, `${t("replay")} · `, h("a", { href: `#/t/${id}` }, t("to_table"))),
      h("div", { class: "replay-controls" },
        h("button", { type: "button", id: "rp-first", onclick: go(0), disabled: step === 0, title: t("first") }, "|◀"),
        h("button", { type: "button", id: "rp-prev", onclick: go(step - 1), disabled: step === 0 }, `◀ ${t("prev")}`),
        h("span", { id: "rp-step" }, `${t("step")} ${step} / ${frame.total}`),
        h("button", { type: "button", id: "rp-next", onclick: go(step + 1), disabled: step === frame.total }, `${t("next")} ▶`),
        h("button", { type: "button", id: "rp-last", onclick: go(frame.total), disabled: step === frame.total, title: t("last") }, "▶|"),
        h("input", { type: "range", min: 0, max: frame.total, value: step, onchange: (e) => load(Number(e.target.value)) })),
      frame.action ? h("p", { class: "rp-action" }, `${names[frame.action.seat]}: ${pick(frame.action, "x")}`) : null,
      frame.events.length ? h("ul", { class: "rp-events" }, frame.events.map((e) => h("li", {}, pick(e)))) : null,
      h("section", { class: "board-wrap" }, renderBoard(frame.view, ctx)),
      frame.view.result ? h("p", { class: "winner" }, `${t("winners")}: ${frame.view.result.winners.map((w) => names[w]).join(", ")}`) : null));
  }

  const keys = (e) => {
    if (!frame) return;
    if (e.key === "ArrowRight" && step < frame.total) load(step + 1);
    if (e.key === "ArrowLeft" && step > 0) load(step - 1);
  };
  window.addEventListener("keydown", keys);
  load(start || 0);
  return { destroy() { closed = true; window.removeEventListener("keydown", keys); }, rerender: render };
}

// ------------------------------------------------------------------------------------------ rules
// a game's rules page: the summary from the specs, then every card, place and token with its rules text
function rulesPage(gameId) {
  let pres = null;
  async function load() {
    pres = await presentation(gameId);
    render();
  }
  function render() {
    if (!pres) { clear(app).append(h("p", { class: "muted" }, t("connecting"))); return; }
    const game = (GAMES || []).find((g) => g.id === gameId);
    const summary = (pres.rules && (pres.rules[lang] || pres.rules.en)) || "";
    const entries = Object.entries(pres.terms || {}).filter(([, e]) => e[`tip_${lang}`] || e.tip_en);
    clear(app).append(h("article", { class: "rules-page", id: "rules" },
      h("h2", {}, `${t("rules")}: ${gameName(game)}`),
      summary.split(/\n\s*\n/).map((para) => h("p", {}, para)),
      entries.length ? h("h3", {}, t("rules_cards")) : null,
      h("dl", { class: "rules-terms" }, entries.map(([, e]) => [h("dt", {}, e[lang] || e.en), h("dd", {}, e[`tip_${lang}`] || e.tip_en)])),
      h("p", {}, h("a", { href: "#/", class: "btn" }, t("lobby")))));
  }
  load();
  return { destroy() {}, rerender: render };
}

// ------------------------------------------------------------------------------------------ shell
function route() {
  if (page && page.destroy) page.destroy();
  hideTip();
  const hash = location.hash || "#/";
  let m;
  if ((m = hash.match(/^#\/t\/([a-z0-9]+)/))) page = tablePage(m[1]);
  else if ((m = hash.match(/^#\/r\/([a-z0-9]+)(?:\/(\d+))?/))) page = replayPage(m[1], m[2] ? Number(m[2]) : 0);
  else if ((m = hash.match(/^#\/rules\/([a-z0-9_]+)/))) page = rulesPage(m[1]);
  else page = lobbyPage();
}

function shell() {
  const nameInput = document.getElementById("my-name");
  nameInput.value = myName();
  nameInput.addEventListener("input", () => localStorage.setItem("nastolka.name", nameInput.value.trim()));
  const langBtn = document.getElementById("lang");
  const paint = () => {
    langBtn.textContent = lang === "ru" ? "EN" : "RU";
    document.getElementById("name-label").textContent = t("name");
    document.documentElement.lang = lang;
  };
  langBtn.addEventListener("click", () => {
    setLang(lang === "ru" ? "en" : "ru");
    paint();
    if (page && page.rerender) page.rerender();
  });
  const soundBtn = document.getElementById("sound");
  const paintSound = () => {
    const on = localStorage.getItem("nastolka.sound") === "on";
    soundBtn.textContent = "♪";
    soundBtn.title = on ? t("sound_on") : t("sound_off");
    soundBtn.setAttribute("aria-label", soundBtn.title);
    soundBtn.setAttribute("aria-pressed", on ? "true" : "false");
  };
  soundBtn.addEventListener("click", () => {
    localStorage.setItem("nastolka.sound", localStorage.getItem("nastolka.sound") === "on" ? "off" : "on");
    paintSound();
  });
  langBtn.addEventListener("click", paintSound);
  paintSound();
  paint();
  installTips();
}

shell();
games().then(() => { window.addEventListener("hashchange", route); route(); })
  .catch((err) => toast(err.message, "error"));
