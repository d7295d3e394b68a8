"""The one grammar of action ids, shared by every game and client.

An action id is what records, the server, the bots and the RL adapters exchange, so it has exactly one
shape, owned here::

    id     = verb [ ":" param { "," param } ]
    param  = key "=" value
    verb   = key = [a-z][a-z0-9_]*
    value  = [A-Za-z0-9_.+-]+              (no ":", ",", "=" or spaces)

Examples: ``pass``, ``fire:target=doc``, ``place:card=clown,row=1,slot=3``. The order of the parameters
is part of the id (ids are compared as strings), so :func:`format_id` keeps the order it is given and
:func:`parse_id` returns the parameters in the order they are written.

Games build their id tables with :func:`format_id` once at import and then compare strings, so the
hot paths never parse; clients, heuristics and the RL spaces read ids with :func:`parse_id`. The browser
has a twin of both functions in ``nastolka/web/ids.js``, tested against the same examples.

Records written before the grammar existed held a few ids of other shapes (``effect:clown:slot=2``,
``damage:discard,pos=3``, ``play:1``). A game lists how to upgrade them in ``Game.legacy_ids``, and
:meth:`nastolka.engine.Game.upgrade_id` applies it to an id that does not parse (``docs/decisions.md``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .errors import NastolkaError

_NAME = r"[a-z][a-z0-9_]*"
_VALUE = r"[A-Za-z0-9_.+\-]+"
_NAME_RE = re.compile(_NAME)
_VALUE_RE = re.compile(_VALUE)
_ID_RE = re.compile(rf"{_NAME}(?::{_NAME}={_VALUE}(?:,{_NAME}={_VALUE})*)?")


class MalformedId(NastolkaError, ValueError):
    """A string that is not an action id in the engine's grammar (the message says what is wrong)."""


class ParsedId:
    """An id split into its verb and its ``key=value`` parameters (values stay strings).

    ``parsed["slot"]`` is a value, ``parsed.get("face")`` is ``None`` when the parameter is absent and
    ``parsed.number("slot")`` reads a number.
    """

    __slots__ = ("params", "verb")

    def __init__(self, verb: str, params: dict[str, str]) -> None:
        self.verb = verb
        self.params = params

    def __getitem__(self, key: str) -> str:
        return self.params[key]

    def __contains__(self, key: object) -> bool:
        return key in self.params

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.params.get(key, default)

    def number(self, key: str) -> int:
        """The parameter as a whole number (raises :class:`MalformedId` if it is not one)."""
        value = self.params[key]
        try:
            return int(value)
        except ValueError:
            raise MalformedId(f"parameter {key!r} is {value!r}, not a whole number") from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ParsedId) and (self.verb, self.params) == (other.verb, other.params)

    def __hash__(self) -> int:
        return hash(format_id(self.verb, self.params))

    def __repr__(self) -> str:
        return f"ParsedId({format_id(self.verb, self.params)!r})"

    def __str__(self) -> str:
        return format_id(self.verb, self.params)


def format_id(verb: str, params: Mapping[str, object] | Iterable[tuple[str, object]] = (), /,
              **kwargs: object) -> str:
    """Build an id: ``format_id("fire", target="doc")`` -> ``fire:target=doc``.

    Parameters come from ``params`` (a mapping or pairs, in order) and then from keyword arguments;
    a value may be a string, an int or a bool (written ``1``/``0``). ``None`` values are left out, so an
    optional parameter needs no branch. Raises :class:`MalformedId` for a verb, key or value outside
    the grammar, or a key given twice.
    """
    if not _NAME_RE.fullmatch(verb):
        raise MalformedId(f"{verb!r} is not a verb (lower-case letters, digits and _)")
    pairs = list(params.items() if isinstance(params, Mapping) else params) + list(kwargs.items())
    if not pairs:
        return verb
    parts: list[str] = []
    seen: set[str] = set()
    for key, value in pairs:
        if value is None:
            continue
        if not _NAME_RE.fullmatch(key):
            raise MalformedId(f"{key!r} is not a parameter name (lower-case letters, digits and _)")
        if key in seen:
            raise MalformedId(f"parameter {key!r} is given twice")
        seen.add(key)
        text = str(int(value)) if isinstance(value, bool) else str(value)
        if not _VALUE_RE.fullmatch(text):
            raise MalformedId(f"{text!r} is not an id value (letters, digits and _ . + -, no spaces)")
        parts.append(f"{key}={text}")
    return f"{verb}:{','.join(parts)}" if parts else verb


def parse_id(aid: str) -> ParsedId:
    """Split an id into its verb and parameters; raises :class:`MalformedId` if it is not well formed."""
    if not isinstance(aid, str):
        raise MalformedId(f"an action id is a string, not {type(aid).__name__}")
    if not _ID_RE.fullmatch(aid):
        raise MalformedId(f"{aid!r} is not an action id (verb, then key=value pairs: 'fire:target=doc')")
    verb, _, rest = aid.partition(":")
    params: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, _, value = part.partition("=")
            if key in params:
                raise MalformedId(f"{aid!r} gives parameter {key!r} twice")
            params[key] = value
    return ParsedId(verb, params)


def split_id(aid: str) -> tuple[str, dict[str, str]]:
    """``(verb, params)`` of an id already known to be well formed (taken from ``legal_ids``).

    The rules' fast path: no checks, so it costs what a string split costs. Anything read from outside
    goes through :func:`parse_id`.
    """
    verb, _, rest = aid.partition(":")
    if not rest:
        return verb, {}
    return verb, dict(part.split("=", 1) for part in rest.split(","))  # type: ignore[misc, unused-ignore]


def is_well_formed(aid: object) -> bool:
    """Whether ``aid`` is an id in the grammar (no exception, for filters and upgrades)."""
    return isinstance(aid, str) and _ID_RE.fullmatch(aid) is not None and len(set(_keys(aid))) == len(_keys(aid))


def verb_of(aid: str) -> str:
    """The verb of an id (everything before the first ``:``), without checking the rest."""
    return aid.partition(":")[0]


def _keys(aid: str) -> list[str]:
    rest = aid.partition(":")[2]
    return [part.partition("=")[0] for part in rest.split(",")] if rest else []
