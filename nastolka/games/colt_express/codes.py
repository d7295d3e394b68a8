"""Colt Express decisions as integer codes, and the action ids and card names they stand for.

Why codes: a playout applies a hundred decisions a game and reads none of their ids, so the rules compute
each decision as a list of small ints and an id string is made only when someone asks for ids (a client,
a record, the history, ``legal_ids``). A code is ``verb << CODE_SHIFT | argument``; the table below says,
verb by verb, what the argument is and which id (engine grammar, ``nastolka/engine/ids.py``) it stands for.

A code names the same action in every determinization of a position (it holds cards, bandit slots and cars,
never positions in a list), and one code stands for one id and back (for the seat that decides), so search
trees key their edges by codes and grow exactly the trees they grew keyed by ids (``GameState.legal_keys``).

The strings depend on the bandits in play (two-player card names carry the bandit), so they live in one
:class:`CardTables` per bandit assignment, made on first use and shared by every state with those bandits.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, Final

from nastolka.engine.ids import format_id

from . import data as D

#: the pickpocket answer (take the purse or not); ``state.legacy_id`` upgrades the ids records had before
#: the engine grammar (``pickpocket:take``)
PICKPOCKET_TAKE: Final = format_id("pickpocket", choice="take")
PICKPOCKET_PASS: Final = format_id("pickpocket", choice="pass")

CODE_SHIFT: Final = 10
CODE_ARG: Final = (1 << CODE_SHIFT) - 1
#           verb          argument                          id                                   rule
C_PLAY: Final = 0        # card * 2 + face down (Ghost)     play:card=…[,face=down]              CE-3.2, CE-8
C_DRAW: Final = 1        # 0                                draw                                 CE-3.2
C_PASS: Final = 2        # 0                                pass                                 CE-3.2, CE-10
C_COVER: Final = 3       # card                             cover:card=…                         CE-10
C_KEEP: Final = 4        # card                             keep:card=…                          CE-10
C_DISCARD: Final = 5     # card                             discard:card=…                       CE-11
C_KEEP_REST: Final = 6   # 0                                keep                                 CE-11
C_POCKET: Final = 7      # 1 take, 0 pass                   pickpocket:choice=take|pass          CE-7
C_START: Final = 8       # bandit slot                      start:caboose=…                      CE-10
C_MARSHAL: Final = 9     # car                              marshal:car=…                        CE-6
C_MOVE: Final = 10       # car (same level)                 move:car=…                           CE-6
C_FLOOR: Final = 11      # 0 (same car, other level)        floor                                CE-6
C_FIRE: Final = 12       # target slot                      fire:target=…                        CE-6, CE-8
C_PUNCH: Final = 13      # see punch_code                   punch:target=…,loot=…[,keep=…],car=… CE-6, CE-8
C_ROB: Final = 14        # loot kind                        rob:loot=…                           CE-6

POCKET_TAKE_CODE: Final = C_POCKET << CODE_SHIFT | 1
POCKET_PASS_CODE: Final = C_POCKET << CODE_SHIFT
DRAW_CODE: Final = C_DRAW << CODE_SHIFT
PASS_CODE: Final = C_PASS << CODE_SHIFT
KEEP_REST_CODE: Final = C_KEEP_REST << CODE_SHIFT
#: the decision of a seat that does not decide (shared, never changed)
NO_CODES: Final[list[int]] = []
#: the empty tuple typed as a tuple of ints: assigning a literal ``()`` makes mypy narrow the field to
#: ``tuple[()]``, which the compiled build then enforces when the field is read back in the same method
NO_INTS: tuple[int, ...] = ()


def punch_code(target: int, loot_kind: int, keep: int, car: int) -> int:
    """The code of a punch (CE-6): ``loot_kind`` -1 knocks nothing out; ``keep`` is -1 when the puncher is
    no Cheyenne (the id has no ``keep=``), else whether she keeps the purse (CE-8)."""
    return C_PUNCH << CODE_SHIFT | ((target * 4 + loot_kind + 1) * 3 + keep + 1) << 3 | car


def punch_parts(arg: int) -> tuple[int, int, int, int]:
    """``(target, loot kind, keep, car)`` of a punch code's argument (the inverse of :func:`punch_code`)."""
    car, rest = arg & 7, arg >> 3
    keep, rest = rest % 3 - 1, rest // 3
    return rest // 4, rest % 4 - 1, keep, car


# ----------------------------------------------------------------------------- strings per card
@cache
def _strings(two: bool, ch: int, kind: int) -> tuple[str, ...]:
    """(name, play, play face down, cover, keep, discard) for one card kind of one bandit (72 in all)."""
    name = f"{D.KIND_IDS[kind]}:{D.BANDIT_IDS[ch]}" if two and ch >= 0 else D.KIND_IDS[kind]
    spec = f"card={D.KIND_IDS[kind]},bandit={D.BANDIT_IDS[ch]}" if two and ch >= 0 else f"card={name}"
    return (name, f"play:{spec}", f"play:{spec},face=down", f"cover:{spec}", f"keep:{spec}", f"discard:{spec}")


_BLANK: Final = ("", "", "", "", "", "")


def _card_strings(two: bool, chars: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """Per card code, its strings: name, then the ids of playing it (face up, down), cover, keep, discard."""
    out: list[tuple[str, ...]] = []
    for c in range(D.N_CARDS):
        b = D.CARD_BANDIT[c]
        if c == D.NEUTRAL:
            out.append(("bullet:neutral",) + _BLANK[1:])
        elif c >= D.BULLET0:
            out.append((f"bullet:{D.BANDIT_IDS[chars[b]]}",) + _BLANK[1:] if b < len(chars) else _BLANK)
        elif c >= D.MARSHAL2P:
            out.append(_strings(two, -1, D.MARSHAL))
        elif b >= len(chars):
            out.append(_BLANK)
        else:
            out.append(_strings(two, chars[b], D.CARD_KIND[c]))
    return tuple(out)


#: which of a card's strings each card verb's id is (``_card_strings``; playing face down is 2)
_CARD_STRING: Final = {C_COVER: 3, C_KEEP: 4, C_DISCARD: 5}


class CardTables:
    """The strings of one bandit assignment: card names and action ids, each made on first use.

    Shared by every state with these bandits (``tables_for``): a copy, a deep copy or a pickle of a state
    shares it too, since it holds no game state — only strings that follow from ``two`` and ``chars``.
    """

    def __init__(self, two: bool, chars: tuple[int, ...]) -> None:
        self.two = two
        self.chars = chars
        #: code -> action id, filled by :meth:`id_of`
        self.ids: dict[int, str] = {}
        self._strings: tuple[tuple[str, ...], ...] | None = None
        self._names: tuple[str, ...] | None = None

    def card_strings(self) -> tuple[tuple[str, ...], ...]:
        strings = self._strings
        if strings is None:
            strings = self._strings = _card_strings(self.two, self.chars)
        return strings

    @property
    def names(self) -> tuple[str, ...]:
        """Readable card names by card code (used in ids, setup blocks, views and events)."""
        names = self._names
        if names is None:
            names = self._names = tuple(x[0] for x in self.card_strings())
        return names

    def bname(self, b: int) -> str:
        return D.BANDIT_IDS[self.chars[b]]

    def id_of(self, code: int) -> str:
        """The action id of a decision code (made once, then looked up)."""
        aid = self.ids.get(code)
        if aid is None:
            aid = self.ids[code] = self._make_id(code)
        return aid

    def _make_id(self, code: int) -> str:  # noqa: C901  (one branch per verb, in the order of the table)
        verb, arg = code >> CODE_SHIFT, code & CODE_ARG
        if verb == C_PLAY:
            return self.card_strings()[arg >> 1][1 + (arg & 1)]
        if verb in _CARD_STRING:
            return self.card_strings()[arg][_CARD_STRING[verb]]
        if verb == C_DRAW:
            return "draw"
        if verb == C_PASS:
            return "pass"
        if verb == C_KEEP_REST:
            return "keep"
        if verb == C_POCKET:
            return PICKPOCKET_TAKE if arg else PICKPOCKET_PASS
        if verb == C_START:
            return f"start:caboose={self.bname(arg)}"
        if verb == C_MARSHAL:
            return f"marshal:car={arg}"
        if verb == C_MOVE:
            return f"move:car={arg}"
        if verb == C_FLOOR:
            return "floor"
        if verb == C_FIRE:
            return f"fire:target={self.bname(arg)}"
        if verb == C_PUNCH:
            t, lk, keep, d = punch_parts(arg)
            loot = D.LOOT_IDS[lk] if lk >= 0 else "none"
            kept = f",keep={keep}" if keep >= 0 else ""
            return f"punch:target={self.bname(t)},loot={loot}{kept},car={d}"
        if verb == C_ROB:
            return f"rob:loot={D.LOOT_IDS[arg]}"
        raise ValueError(f"not a Colt Express decision code: {code}")

    # shared, never copied: see the class docstring
    def __copy__(self) -> CardTables:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> CardTables:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (tables_for, (self.two, self.chars))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardTables) and other.two == self.two and other.chars == self.chars

    def __hash__(self) -> int:
        return hash((self.two, self.chars))

    def __repr__(self) -> str:
        return f"CardTables(two={self.two}, chars={self.chars})"


@lru_cache(maxsize=4096)
def tables_for(two: bool, chars: tuple[int, ...]) -> CardTables:
    """The tables of one bandit assignment (at most 2,280 exist over every player count)."""
    return CardTables(two, chars)
