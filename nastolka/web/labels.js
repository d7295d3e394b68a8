// How the pages name games, seats and players (the server's words where it sent them).
import { t, lang } from "./i18n.js";

export function gameName(g) { return g ? (lang === "ru" ? g.name_ru : g.name_en) : "?"; }
export function botLabel(level) { return t(`bot_${level}`) === `bot_${level}` ? t("bot") : `${t("bot")} «${t(`bot_${level}`)}»`; }
export function seatLabel(s) {
  if ((s.kind === "bot" || s.kind === "human") && s.label) return s.label[lang] || s.label.en;   // the server's words
  if (s.kind === "bot") return botLabel(s.bot);
  if (s.kind === "open") return `(${t("open")})`;
  if (s.kind === "reserved") return `(${t("reserved")} ${s.name || ""})`;
  return s.name || t("player");
}
// a player as a record names them: a display name, or "bot:<level>"
export function playerLabel(name) { return typeof name === "string" && name.startsWith("bot:") ? botLabel(name.slice(4)) : String(name ?? ""); }
