// The browser's side of the server's delta states (nastolka/server/patch.py is the twin, docs/server.md).
// After the first full state, a socket that said hello with `delta: true` gets only what changed: view
// patches ([path, value] sets, [path] deletes), and the legal actions and table facts when they changed.

// `doc` with `ops` applied, leaving `doc` untouched: the containers along each path are copied, so earlier
// views (the history the page keeps, the position before a move) stay as they were.
export function applyPatch(doc, ops) {
  let root = doc;
  const fresh = new Set();   // containers this call copied: written in place from then on
  const own = (node) => {
    if (fresh.has(node)) return node;
    const copy = Array.isArray(node) ? node.slice() : { ...node };
    fresh.add(copy);
    return copy;
  };
  for (const op of ops) {
    const path = op[0];
    if (!path.length) { root = op[1]; continue; }
    root = own(root);
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      node[path[i]] = own(node[path[i]]);
      node = node[path[i]];
    }
    if (op.length > 1) node[path[path.length - 1]] = op[1];
    else delete node[path[path.length - 1]];
  }
  return root;
}

// The full state message a delta `m` stands for, given the last full state `last` this page holds; null
// when it does not apply to it (then the page asks for a `sync`). A full state comes back as it is.
export function mergeState(last, m) {
  if (!m.delta) return m;
  if (!last || m.base !== last.version) return null;
  const full = { ...m };
  delete full.delta; delete full.base; delete full.patch;
  if (!("view" in m)) full.view = applyPatch(last.view, m.patch || []);
  if (!("legal" in m)) full.legal = last.legal;
  if (!("table" in m)) full.table = { ...last.table, version: m.version };
  return full;
}
