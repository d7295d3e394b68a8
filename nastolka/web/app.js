// nastolka browser client: lobby, table page (over a WebSocket), result screen and replay viewer.
// The server is the only authority: the page only draws what it is sent and sends action ids back with
// the version it saw. A seat token lives in this browser's localStorage and is sent only in "hello".
import { h, clear, toast } from "./dom.js";
import { t, lang, setLang, pick } from "./i18n.js";
import { renderBoard } from "./render/index.js";

const app = document.getElementById("app");
let page = null;           // the current page: {destroy(), rerender()}
let GAMES = null;
const GLOSS = {};

class ApiError extends Error {
  constructor(message, code) { super(message); this.code = code; }
}

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const r = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new ApiError((data.error && data.error.message) || r.statusText, data.error && data.error.code);
  return data;
}

async function games() {
  if (!GAMES) GAMES = await api("GET", "/games");
  return GAMES;
}

async function glossary(gameId) {
  if (!GLOSS[gameId]) GLOSS[gameId] = await api("GET", `/games/${gameId}/glossary`).catch(() => ({}));
  return GLOSS[gameId];
}

function gameName(g) { return g ? (lang === "ru" ? g.name_ru : g.name_en) : "?"; }
function myName() { return (localStorage.getItem("nastolka.name") || "").trim(); }
function seatKey(id) { return `nastolka.seat.${id}`; }
function mySeat(id) {
  try { return JSON.parse(localStorage.getItem(seatKey(id))); } catch { return null; }
}
function seatLabel(s) {
  if (s.kind === "bot") return `${t("bot")}: ${s.bot}`;
  if (s.kind === "open") return `(${t("open")})`;
  if (s.kind === "reserved") return `(${t("reserved")} ${s.name})`;
  return s.name;
}

// ------------------------------------------------------------------------------------------ lobby
function lobbyPage() {
  let timer = null;
  let listBox = h("div", { id: "tables" });
  let form = h("div", { id: "create-form" });
  const state = { game: null, players: 2, seats: [], options: {}, clock: "", sitMyself: true };

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
        bots.map((b) => h("option", { value: b, selected: s.bot === b }, b))) : null,
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
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "sit-myself", checked: state.sitMyself,
        onchange: (e) => { state.sitMyself = e.target.checked; } }), ` ${t("sit_myself")}`),
      h("button", { id: "create", class: "primary", type: "button", onclick: create }, t("create_btn")));
  }

  async function create() {
    if (state.sitMyself && !myName()) { toast(t("need_name"), "error"); return; }
    const body = { game: state.game, options: state.options,
      seats: state.seats.map((s) => (s.kind === "bot" ? { kind: "bot", bot: s.bot } : s.kind === "reserved" ? { kind: "reserved", name: s.name } : { kind: "open" })) };
    if (state.clock) body.clock = Number(state.clock);
    try {
      const res = await api("POST", "/tables", body);
      const id = res.table.id;
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
        h("td", { class: "muted" }, `${r.games} ${t("games")}`))))) : null;
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
function tablePage(id) {
  let ws = null;
  let closed = false;
  let retry = 500;
  let tick = null;
  let msg = null;           // the latest state message
  let log = [];
  let busy = false;
  let gloss = {};
  const stored = () => mySeat(id);

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/tables/${id}`);
    ws.onopen = () => {
      retry = 500;
      const s = stored();
      ws.send(JSON.stringify(s ? { type: "hello", token: s.token } : { type: "hello" }));
    };
    ws.onmessage = (e) => onMessage(JSON.parse(e.data));
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
    if (m.type === "state") { setState(m); return; }
    if (m.type === "error") {
      if (m.code === "not_found") { clear(app).append(h("p", { class: "error" }, m.message)); closed = true; return; }
      if (m.code === "seat_lost") localStorage.removeItem(seatKey(id));   // this browser watches from now on
      if (m.code !== "stale") toast(m.message, "error");
      busy = false;
      if (m.state) setState(m.state);
      else render();              // re-enable the buttons: the refused message changed nothing
      return;
    }
    if (m.type === "accepted") busy = false;
  }

  async function setState(m) {
    if (!GLOSS[m.table.game]) { gloss = await glossary(m.table.game); } else gloss = GLOSS[m.table.game];
    if (m.full) log = m.events.slice();
    else log.push(...m.events);
    if (log.length > 300) log = log.slice(-300);
    if (!msg || m.version !== msg.version || m.full) busy = false;
    msg = m;
    render();
  }

  function act(actionId) {
    if (busy || !msg || !ws || ws.readyState !== 1) return;
    busy = true;
    ws.send(JSON.stringify({ type: "action", action: actionId, version: msg.version }));
    document.querySelectorAll("button.act").forEach((b) => { b.disabled = true; });
  }

  async function sit(seat) {
    if (!myName()) { toast(t("need_name"), "error"); return; }
    try {
      const j = await api("POST", `/tables/${id}/join`, { seat, name: myName() });
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

  function actionsPanel(view) {
    if (!msg.legal.length) return null;
    // group "Place Fakir: row 1, slot 2" under "Place Fakir"
    const groups = new Map();
    for (const a of msg.legal) {
      const label = a[lang] || a.en;
      const cut = label.indexOf(": ");
      const head = cut > 0 ? label.slice(0, cut) : "";
      const tail = cut > 0 ? label.slice(cut + 2) : label;
      if (!groups.has(head)) groups.set(head, []);
      groups.get(head).push(h("button", { class: "act", type: "button", "data-action": a.id, title: label,
        disabled: busy, onclick: () => act(a.id) }, tail));
    }
    return h("section", { class: "actions", id: "actions" }, h("h3", {}, t("your_turn")),
      [...groups.entries()].map(([head, buttons]) => h("div", { class: "act-group" },
        head ? h("div", { class: "act-head" }, head) : null, h("div", { class: "act-buttons" }, buttons))));
  }

  function resultPanel(view) {
    const res = view.result;
    if (!res) return null;
    const names = msg.table.seats.map((s) => seatLabel(s));
    const order = res.ranks.map((r, i) => [r, i]).sort((a, b) => a[0] - b[0]);
    const winners = res.winners.map((w) => names[w]).join(", ");
    return h("section", { id: "result", class: "result" },
      h("h2", {}, t("result")),
      h("p", { class: "winner" }, `${res.winners.length > 1 ? t("winners") : t("winner")}: ${winners}`),
      h("table", {}, h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("players")), h("th", {}, t("score"))),
        order.map(([r, i]) => h("tr", { class: i === msg.you ? "me" : "" }, h("td", {}, String(r)),
          h("td", {}, names[i]), h("td", {}, String(res.scores[i]))))),
      h("p", {}, h("a", { href: `/api/tables/${id}/record`, download: `nastolka-${id}.json`, class: "btn" }, t("download")), " ",
        h("a", { href: `#/r/${id}`, class: "btn", id: "to-replay" }, t("replay"))));
  }

  function render() {
    if (!msg) { clear(app).append(h("p", { class: "muted" }, t("connecting"))); return; }
    const table = msg.table;
    const view = msg.view;
    const game = (GAMES || []).find((g) => g.id === table.game);
    const seatNames = table.seats.map((s) => (s.kind === "bot" ? `${t("bot")}: ${s.bot}` : s.name || `#${s.seat + 1}`));
    const toAct = view ? view.to_act : [];
    const seats = h("ul", { class: "seats-list" }, table.seats.map((s) => h("li", {
      class: `${toAct.includes(s.seat) ? "active" : ""}${s.seat === msg.you ? " me" : ""}`, "data-seat": s.seat },
    `${s.seat + 1}. `, seatLabel(s), s.seat === msg.you ? h("em", {}, ` (${t("you")})`) : null,
    s.away ? h("span", { class: "away" }, ` — ${t("away")}`) : null,
    table.status === "open" && msg.you === null && (s.kind === "open" || s.kind === "reserved")
      ? h("button", { class: "sit", type: "button", "data-sit": s.seat, onclick: () => sit(s.seat) }, t("sit")) : null)));
    const invite = `${location.origin}/#/t/${id}`;
    const head = h("section", { class: "table-head" },
      h("h2", {}, gameName(game) || table.game, h("span", { class: "muted" }, ` · ${t(`status_${table.status}`)}`)),
      h("div", { class: "invite" }, `${t("invite")}: `, h("input", { readonly: true, value: invite, id: "invite", onclick: (e) => e.target.select() }),
        h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(invite).then(() => toast(t("copied"))) }, t("copy"))),
      seats,
      msg.you !== null && table.status !== "over" ? h("div", { class: "mine" },
        table.seats[msg.you] && table.seats[msg.you].away
          ? h("button", { type: "button", id: "back", onclick: () => ws.send(JSON.stringify({ type: "back" })) }, t("back")) : null,
        h("button", { type: "button", id: "leave", onclick: leave }, t("leave"))) : null,
      msg.you === null && table.status !== "open" ? h("p", { class: "muted" }, t("spectator")) : null);
    let status = null;
    if (view && table.status === "playing") {
      const waiting = toAct.filter((s) => s !== msg.you).map((s) => seatNames[s]);
      const clock = msg.clock_left !== undefined ? h("span", { class: "clock", id: "clock" }, ` ⏱ ${Math.ceil(msg.clock_left)}s`) : null;
      status = h("div", { class: `status${msg.legal.length ? " yours" : ""}`, id: "status" },
        msg.legal.length ? t("your_turn") : `${t("waiting_for")}: ${waiting.join(", ")}`, clock);
    }
    const ctx = { lang, gloss, seatNames, you: msg.you, legal: busy ? [] : msg.legal, act, redraw: render };
    const board = view ? h("section", { class: "board-wrap", id: "board" }, renderBoard(view, ctx)) : null;
    const events = h("section", { class: "log" }, h("h3", {}, t("log")),
      h("ol", { id: "log" }, log.slice(-80).map((e) => h("li", { "data-v": e.version }, pick(e)))));
    clear(app).append(h("div", { class: "table-page", "data-version": msg.version, "data-status": table.status },
      head, view ? resultPanel(view) : null, status, board, actionsPanel(view), events));
    const ol = document.getElementById("log");
    if (ol) ol.scrollTop = ol.scrollHeight;
  }

  connect();
  tick = setInterval(() => {
    if (msg && msg.clock_left !== undefined && msg.table.status === "playing") {
      msg.clock_left = Math.max(0, msg.clock_left - 1);
      const el = document.getElementById("clock");
      if (el) el.textContent = ` ⏱ ${Math.ceil(msg.clock_left)}s`;
    }
  }, 1000);
  render();
  return {
    destroy() { closed = true; clearInterval(tick); if (ws) { ws.onclose = null; ws.close(); } },
    rerender: render,
  };
}

// ------------------------------------------------------------------------------------------ replay
function replayPage(id) {
  let step = 0;
  let frame = null;
  let gloss = {};
  let closed = false;

  async function load(k) {
    try {
      frame = await api("GET", `/tables/${id}/replay/${k}`);
      step = frame.step;
      gloss = await glossary(frame.game);
      render();
    } catch (err) { toast(err.message, "error"); }
  }

  function render() {
    if (closed || !frame) return;
    const ctx = { lang, gloss, seatNames: frame.seats, you: null, legal: [], act: () => {}, redraw: render };
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
      frame.action ? h("p", { class: "rp-action" }, `${frame.seats[frame.action.seat]}: ${pick(frame.action, "x")}`) : null,
      frame.events.length ? h("ul", { class: "rp-events" }, frame.events.map((e) => h("li", {}, pick(e)))) : null,
      h("section", { class: "board-wrap" }, renderBoard(frame.view, ctx)),
      frame.view.result ? h("p", { class: "winner" }, `${t("winners")}: ${frame.view.result.winners.map((w) => frame.seats[w]).join(", ")}`) : null));
  }

  const keys = (e) => {
    if (!frame) return;
    if (e.key === "ArrowRight" && step < frame.total) load(step + 1);
    if (e.key === "ArrowLeft" && step > 0) load(step - 1);
  };
  window.addEventListener("keydown", keys);
  load(0);
  return { destroy() { closed = true; window.removeEventListener("keydown", keys); }, rerender: render };
}

// ------------------------------------------------------------------------------------------ shell
function route() {
  if (page && page.destroy) page.destroy();
  const hash = location.hash || "#/";
  let m;
  if ((m = hash.match(/^#\/t\/([a-z0-9]+)/))) page = tablePage(m[1]);
  else if ((m = hash.match(/^#\/r\/([a-z0-9]+)/))) page = replayPage(m[1]);
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
  paint();
}

shell();
games().then(() => { window.addEventListener("hashchange", route); route(); })
  .catch((err) => toast(err.message, "error"));
