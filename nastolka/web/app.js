// nastolka browser client: the router and the page shell (name, language, sound). The pages are modules of
// their own: lobby.js, table/page.js (over a WebSocket), replay.js, rules.js.
// The server is the only authority: the pages only draw what they are sent.
import { toast } from "./dom.js";
import { t, lang, setLang } from "./i18n.js";
import { installTips, hideTip } from "./tips.js";
import { games } from "./api.js";
import { myName } from "./store.js";
import { lobbyPage } from "./lobby.js";
import { tablePage } from "./table/page.js";
import { replayPage } from "./replay.js";
import { rulesPage } from "./rules.js";
import { accountPage, linkPage, onAccountChange, whoAmI } from "./account.js";

let page = null;           // the current page: {destroy(), rerender()}

function route() {
  if (page && page.destroy) page.destroy();
  hideTip();
  const hash = location.hash || "#/";
  let m;
  if ((m = hash.match(/^#\/t\/([a-z0-9]+)/))) page = tablePage(m[1]);
  else if ((m = hash.match(/^#\/r\/([a-z0-9]+)(?:\/(\d+))?/))) page = replayPage(m[1], m[2] ? Number(m[2]) : 0);
  else if ((m = hash.match(/^#\/rules\/([a-z0-9_]+)/))) page = rulesPage(m[1]);
  else if ((m = hash.match(/^#\/(verify|reset)\/([A-Za-z0-9_-]+)/))) page = linkPage(m[1], m[2]);
  else if (hash.startsWith("#/account")) page = accountPage();
  else page = lobbyPage();
}

function shell() {
  const nameInput = document.getElementById("my-name");
  nameInput.value = myName();
  nameInput.addEventListener("input", () => localStorage.setItem("nastolka.name", nameInput.value.trim()));
  const langBtn = document.getElementById("lang");
  const accountLink = document.getElementById("account-link");
  let account = null;   // who is signed in here (the header shows the handle, and the name is the handle)
  const paintAccount = () => {
    accountLink.textContent = account ? account.handle : t("sign_in");
    nameInput.disabled = !!account;
    nameInput.closest("label").hidden = !!account;   // signed in, the name is the handle (shown as the link)
    if (account) nameInput.value = account.handle;
  };
  onAccountChange((next) => { account = next; paintAccount(); });
  whoAmI().then((me) => { account = me.account; if (account) localStorage.setItem("nastolka.name", account.handle); paintAccount(); });
  const paint = () => {
    langBtn.textContent = lang === "ru" ? "EN" : "RU";
    document.getElementById("name-label").textContent = t("name");
    nameInput.placeholder = t("name");   // a phone shows the field without its label
    document.documentElement.lang = lang;
    paintAccount();
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
  // the header's height, for what sticks under it (the table page's decision bar)
  const top = document.getElementById("top");
  const keep = () => document.documentElement.style.setProperty("--top-h", `${top.offsetHeight}px`);
  new ResizeObserver(keep).observe(top);
  keep();
}

shell();
games().then(() => { window.addEventListener("hashchange", route); route(); })
  .catch((err) => toast(err.message, "error"));
