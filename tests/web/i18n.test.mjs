// Every word of the client's own dictionary (nastolka/web/i18n.js) is read somewhere in the web client,
// in both languages: game words belong to each game's presentation data, not here. Read from the source
// (no browser): a key is used when a module calls t("key") / plural("key", …), or builds it from a
// literal prefix, t(`bot_${level}`), which uses every key with that prefix.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "nastolka");
const I18N = join(ROOT, "web", "i18n.js");

function jsFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith(".js") ? [path] : [];
  });
}

// the client: nastolka/web and every game's web/ folder
function clientFiles() {
  const games = join(ROOT, "games");
  const boards = readdirSync(games).map((g) => join(games, g, "web")).filter((d) => {
    try { return statSync(d).isDirectory(); } catch { return false; }
  });
  return [...jsFiles(join(ROOT, "web")), ...boards.flatMap(jsFiles)].filter((f) => f !== I18N);
}

// the keys of one language's block of STRINGS (`name: "…"` pairs between `lang: {` and its `},`)
function keysOf(source, lang) {
  const block = source.match(new RegExp(`\\n  ${lang}: \\{([\\s\\S]*?)\\n  \\},`));
  assert.ok(block, `no ${lang} block in i18n.js`);
  return new Set([...block[1].matchAll(/(?:^|[\s,{])([a-z][a-z0-9_]*):\s*"/g)].map((m) => m[1]));
}

// the plural forms a key may have (plural() picks `key_<form>`)
const FORMS = ["zero", "one", "two", "few", "many", "other"];

function usage() {
  const literal = new Set();
  const prefixes = new Set();
  for (const file of clientFiles()) {
    const src = readFileSync(file, "utf8");
    for (const m of src.matchAll(/\b(t|plural)\(\s*"([a-z0-9_]+)"/g)) {
      literal.add(m[2]);
      if (m[1] === "plural") for (const f of FORMS) literal.add(`${m[2]}_${f}`);
    }
    for (const m of src.matchAll(/\bt\(\s*`([a-z0-9_]+)\$\{/g)) prefixes.add(m[1]);
  }
  return { literal, prefixes };
}

test("every key of web/i18n.js is used by the web client", () => {
  const source = readFileSync(I18N, "utf8");
  const { literal, prefixes } = usage();
  const used = (k) => literal.has(k) || [...prefixes].some((p) => k.startsWith(p));
  for (const lang of ["en", "ru"]) {
    const unused = [...keysOf(source, lang)].filter((k) => !used(k));
    assert.deepEqual(unused, [], `unused ${lang} keys in web/i18n.js`);
  }
});

test("every key the client asks for by name exists in both languages", () => {
  const source = readFileSync(I18N, "utf8");
  const en = keysOf(source, "en"), ru = keysOf(source, "ru");
  const { literal } = usage();
  const asked = [...literal].filter((k) => !FORMS.some((f) => k.endsWith(`_${f}`)));
  assert.deepEqual(asked.filter((k) => !en.has(k)), [], "missing in en");
  assert.deepEqual(asked.filter((k) => !ru.has(k)), [], "missing in ru");
});

test("both languages have the same keys (apart from Russian's extra plural forms)", () => {
  const source = readFileSync(I18N, "utf8");
  const en = keysOf(source, "en"), ru = keysOf(source, "ru");
  const plain = (set) => [...set].filter((k) => !FORMS.some((f) => k.endsWith(`_${f}`))).sort();
  assert.deepEqual(plain(ru), plain(en));
});
