// A game's rules page: the summary from the specs, then every card, place and token with its rules text.
import { h, clear } from "./dom.js";
import { t, lang } from "./i18n.js";
import { knownGames, presentation } from "./api.js";
import { gameName } from "./labels.js";

const app = document.getElementById("app");

// a card's die table (what it does on each roll), when it has one
function dieLines(e) {
  const lines = e[`die_text_${lang}`] || e.die_text_en;
  return Array.isArray(lines) && lines.length ? h("ol", { class: "die-table" }, lines.map((l) => h("li", {}, l))) : null;
}

export function rulesPage(gameId) {
  let pres = null;
  async function load() {
    pres = await presentation(gameId);
    render();
  }
  function render() {
    if (!pres) { clear(app).append(h("p", { class: "muted" }, t("connecting"))); return; }
    const game = knownGames().find((g) => g.id === gameId);
    const summary = (pres.rules && (pres.rules[lang] || pres.rules.en)) || "";
    const entries = Object.entries(pres.terms || {}).filter(([, e]) => e[`tip_${lang}`] || e.tip_en);
    clear(app).append(h("article", { class: "rules-page", id: "rules" },
      h("h2", {}, `${t("rules")}: ${gameName(game)}`),
      summary.split(/\n\s*\n/).map((para) => h("p", {}, para)),
      entries.length ? h("h3", {}, t("rules_cards")) : null,
      h("dl", { class: "rules-terms" }, entries.map(([, e]) => [h("dt", {}, e[lang] || e.en),
        h("dd", {}, e[`tip_${lang}`] || e.tip_en, dieLines(e))])),
      h("p", {}, h("a", { href: "#/", class: "btn" }, t("lobby")))));
  }
  load();
  return { destroy() {}, rerender: render };
}
