"""View patches: what changed between two JSON values, as a short list of operations.

Why: after a move most of a seat's view is what it was (the board, the other hands, the scores), and
encoding and sending the whole view to every seat of every table was a large part of the server's work
per move. A socket that said hello with ``"delta": true`` gets, after the first full state, only the
operations that turn the view it has into the new one (docs/server.md, "WebSocket protocol").

An operation is ``[path, value]`` (set: the value at ``path`` becomes ``value``) or ``[path]`` (delete
the object key at ``path``); a path is a list of object keys and list indexes; the empty path replaces
the whole value. Lists whose length changed are replaced whole. ``nastolka/web/patch.js`` is the
browser's twin of ``apply_patch``.
"""

from __future__ import annotations

from typing import Any

Op = list[Any]


def diff(old: Any, new: Any) -> list[Op]:
    """Operations that turn ``old`` into ``new`` (both JSON-ready values); ``[]`` when they are equal.

    Equal subtrees are skipped by one ``==`` (C speed), so the work follows the parts that changed."""
    out: list[Op] = []
    if old is not new and old != new:
        _diff(old, new, [], out)
    return out


def _diff(old: Any, new: Any, path: list[Any], out: list[Op]) -> None:
    if type(old) is dict and type(new) is dict:
        for key, value in new.items():
            if key not in old:
                out.append([[*path, key], value])
                continue
            before = old[key]
            if before is not value and before != value:
                _diff(before, value, [*path, key], out)
        for key in old:
            if key not in new:
                out.append([[*path, key]])
        return
    if type(old) is list and type(new) is list and len(old) == len(new):
        for i, (before, value) in enumerate(zip(old, new, strict=True)):
            if before is not value and before != value:
                _diff(before, value, [*path, i], out)
        return
    out.append([path, new])


def apply_patch(doc: Any, ops: list[Op]) -> Any:
    """``doc`` with ``ops`` applied, without changing ``doc``: containers along each path are copied
    (a client may keep earlier views, e.g. to show the position before a move)."""
    root = doc
    fresh: set[int] = set()   # ids of the containers this call copied (written to in place from then on)
    keep: list[Any] = []      # the copies themselves, so their ids stay theirs while we run

    def own(node: Any) -> Any:
        if id(node) in fresh:
            return node
        copy = list(node) if isinstance(node, list) else dict(node)
        fresh.add(id(copy))
        keep.append(copy)
        return copy

    for op in ops:
        path = op[0]
        if not path:
            root = op[1]
            continue
        root = own(root)
        node = root
        for key in path[:-1]:
            node[key] = own(node[key])
            node = node[key]
        if len(op) > 1:
            node[path[-1]] = op[1]
        else:
            del node[path[-1]]
    return root


def merge_state(last: dict[str, Any] | None, msg: dict[str, Any]) -> dict[str, Any] | None:
    """A client's side of the protocol: the full ``state`` message a delta ``msg`` stands for, given the
    last full state this client holds; ``None`` when ``msg`` does not apply to it (then ask for ``sync``)."""
    if not msg.get("delta"):
        return msg
    if last is None or msg.get("base") != last["version"]:
        return None
    full = dict(msg)
    del full["delta"]
    full.pop("base", None)
    if "view" not in msg:
        full["view"] = apply_patch(last["view"], msg.get("patch", []))
    full.pop("patch", None)
    if "legal" not in msg:
        full["legal"] = last["legal"]
    if "table" not in msg:
        full["table"] = {**last["table"], "version": msg["version"]}
    return full
