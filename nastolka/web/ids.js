// The engine's action-id grammar for the browser: the twin of nastolka/engine/ids.py (same rules, tested
// against the same golden id lists by tests/test_ids.py).
//
//   id    = verb [ ":" key "=" value { "," key "=" value } ]
//   verb, key = [a-z][a-z0-9_]*     value = [A-Za-z0-9_.+-]+
//
// "place:card=clown,row=1,slot=3" -> {verb: "place", params: {card: "clown", row: "1", slot: "3"}}

const NAME = "[a-z][a-z0-9_]*";
const VALUE = "[A-Za-z0-9_.+\\-]+";
const NAME_RE = new RegExp(`^${NAME}$`);
const VALUE_RE = new RegExp(`^${VALUE}$`);
const ID_RE = new RegExp(`^${NAME}(?::${NAME}=${VALUE}(?:,${NAME}=${VALUE})*)?$`);

export class MalformedId extends Error {}

// Split an id into its verb and parameters (values stay strings); throws MalformedId if it is not an id.
export function parseId(id) {
  if (typeof id !== "string" || !ID_RE.test(id)) throw new MalformedId(`not an action id: ${id}`);
  const colon = id.indexOf(":");
  const verb = colon < 0 ? id : id.slice(0, colon);
  const params = {};
  if (colon >= 0) {
    for (const part of id.slice(colon + 1).split(",")) {
      const eq = part.indexOf("=");
      const key = part.slice(0, eq);
      if (Object.prototype.hasOwnProperty.call(params, key)) throw new MalformedId(`${id} gives ${key} twice`);
      params[key] = part.slice(eq + 1);
    }
  }
  return { verb, params };
}

// Build an id from a verb and [key, value] pairs (or an object, in its key order); null/undefined values
// are left out, booleans are written 1/0.
export function formatId(verb, params = {}) {
  if (!NAME_RE.test(verb)) throw new MalformedId(`not a verb: ${verb}`);
  const pairs = Array.isArray(params) ? params : Object.entries(params);
  const parts = [];
  const seen = new Set();
  for (const [key, value] of pairs) {
    if (value === null || value === undefined) continue;
    if (!NAME_RE.test(key) || seen.has(key)) throw new MalformedId(`bad parameter name: ${key}`);
    seen.add(key);
    const text = typeof value === "boolean" ? (value ? "1" : "0") : String(value);
    if (!VALUE_RE.test(text)) throw new MalformedId(`not an id value: ${text}`);
    parts.push(`${key}=${text}`);
  }
  return parts.length ? `${verb}:${parts.join(",")}` : verb;
}

// Whether a string is an id in the grammar (no exception).
export function isWellFormed(id) {
  try {
    parseId(id);
    return true;
  } catch (e) {
    if (e instanceof MalformedId) return false;
    throw e;
  }
}
