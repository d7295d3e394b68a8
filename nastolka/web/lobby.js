// The lobby: the form that creates a table, the open / playing / finished tables, the game's ratings.
import { h, clear, toast } from "./dom.js";
import { t, lang, plural, pick } from "./i18n.js";
import { api, games } from "./api.js";
import { myName, seatKey, ownerKey } from "./store.js";
import { gameName, botLabel, seatLabel } from "./labels.js";

const app = document.getElementById("app");
const BOT_LADDER = ["random", "easy", "normal", "hard", "expert"];

export function lobbyPage() {
  let timer = null;
  let listBox = h("div", { id: "tables" });
  let form = h("div", { id: "create-form" });
  const state = { game: null, players: 2, seats: [], options: {}, clock: "120", sitMyself: true, casual: false };

  async function drawForm() {
    const list = await games();
    if (!state.game) state.game = list[0] && list[0].id;
    const g = list.find((x) => x.id === state.game);
    if (!g) { clear(form).append(t("no_tables")); return; }
    state.players = Math.min(Math.max(state.players, g.min_players), g.max_players);
    while (state.seats.length < state.players) state.seats.push({ kind: state.seats.length ? "open" : "open", bot: "normal", name: "" });
    state.seats.length = state.players;
    // the bot levels in one ordered list, weakest first; the engines behind them are not a player's choice
    const bots = BOT_LADDER.filter((b) => (g.bots || ["random"]).includes(b));
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
          o.choices.map((c, k) => h("option", { value: c, selected: c === cur },
            (o.choice_labels && (o.choice_labels[lang] || o.choice_labels.en) || [])[k] ?? String(c))));
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
        ["15", "30", "60", "120", "300", "3600", "86400", "259200", "none"].map((c) => h("option", { value: c, selected: c === state.clock }, clockChoice(c))))),
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
    // "no clock" is really none, and only a casual game may have none
    body.clock = state.clock === "none" ? null : Number(state.clock);
    if (state.casual || state.clock === "none") body.rated = false;
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
    const section = (title, items) => h("section", {}, h("h3", {}, title),
      items.length ? h("ul", { class: "table-list" }, items.map((r) => h("li", { "data-table": r.id },
        h("strong", {}, gameName(list.find((g) => g.id === r.game))), " ",
        h("span", { class: "muted" }, r.seats.map(seatLabel).join(" · ")), " ",
        r.status === "open" ? h("a", { href: `#/t/${r.id}`, class: "btn" }, t("join")) : null,
        r.status !== "over" ? h("a", { href: `#/t/${r.id}`, class: "btn" }, t("watch")) : null,
        r.status === "over" ? finished(r) : null,
        r.status === "over" ? h("a", { href: `#/r/${r.id}`, class: "btn" }, t("replay")) : null)))
        : h("p", { class: "muted" }, t("no_tables")));
    let board = [];
    const asked = state.game;
    if (asked) board = await api("GET", `/ratings/${asked}`).catch(() => []);
    if (asked !== state.game) return;   // the game was changed meanwhile: a newer call draws
    const ratings = board.length ? h("section", { id: "ratings" }, h("h3", {}, `${t("ratings")}: ${gameName(list.find((g) => g.id === state.game))}`),
      h("table", { class: "ratings" }, board.slice(0, 10).map((r, i) => h("tr", {},
        h("td", {}, String(i + 1)), h("td", {}, pick(r.name)), h("td", { title: t("rating_help") }, `${r.rating} ± ${r.spread}`),
        h("td", { class: "muted" }, plural("games", r.games)))))) : null;
    // no ratings yet: nothing is drawn (append(null) would write the word "null")
    clear(listBox).append(...[h("h2", {}, t("lobby")), section(t("open_list"), groups.open),
      section(t("playing_list"), groups.playing), section(t("over_list"), groups.over.slice(0, 10)), ratings].filter(Boolean));
  }

  // a finished table: who won and when it ended
  function finished(r) {
    const names = (r.winners || []).map((w) => r.seats[w]).filter(Boolean).map(seatLabel);
    const when = r.ended ? new Date(r.ended).toLocaleString(lang === "ru" ? "ru-RU" : "en-GB", { dateStyle: "medium", timeStyle: "short" }) : "";
    return h("span", { class: "finished" }, names.length ? h("span", { class: "won" }, `${names.length > 1 ? t("winners") : t("winner")}: ${names.join(", ")}`) : null,
      when ? h("span", { class: "muted ended" }, ` · ${when}`) : null);
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

// the lobby's name of a clock choice: seconds a move (real-time), a turn-based speed, or none
function clockChoice(c) {
  if (c === "none") return t("no_clock");
  const turn = { 3600: t("speed_fast"), 86400: t("speed_normal"), 259200: t("speed_slow") }[c];
  return turn || t("seconds").replace("{n}", c);
}
