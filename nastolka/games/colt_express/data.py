"""Static Colt Express data, loaded once from ``data.toml`` into flat tuples indexed by small ints.

Why tuples of ints: the rules code and the bots touch these tables millions of times per second of
simulation, and a state that refers to cards, cars and loot by small ints can be cloned by copying a few
short lists. Everything a person reads lives in words.toml (the game's text module), never here.

Encodings (shared by state, views, text and bots):

* car position ``c``: 0 is the Locomotive, 1..k the cars behind it, ``k`` the caboose (last car);
* place ``p = 2 * c + level`` with level 0 inside, 1 on the roof;
* action card ``b * 6 + kind`` for bandit slot ``b`` (0..5) and kind MOVE..ROB; ``36 + seat`` is the
  two-player Marshal card that belongs to a player, not a bandit; ``40 + b`` a bullet of bandit slot ``b``;
  ``48`` a neutral bullet;
* loot token ids: 0..17 purses (values in the state, since they are hidden), 18..23 jewels, 24..25
  strongboxes.

Every table is ``Final``: compiled by mypyc (``nastolka/native.py``), the rules then read ``D.BULLET0`` as a
C constant and ``D.CARD_KIND`` as a C static, where a plain module attribute costs two dictionary lookups.
"""

from __future__ import annotations

import tomllib
from importlib.resources import files
from typing import Final

# by package, not ``__file__``: compiled, a module's ``__file__`` does not name its source directory
_DATA = tomllib.loads(files("nastolka.games.colt_express").joinpath("data.toml").read_text(encoding="utf-8"))

# ----------------------------------------------------------------------------- cars
CAR_IDS: Final[tuple[str, ...]] = tuple(c["id"] for c in _DATA["cars"])
CAR_PURSES: Final[tuple[int, ...]] = tuple(c["purses"] for c in _DATA["cars"])
CAR_JEWELS: Final[tuple[int, ...]] = tuple(c["jewels"] for c in _DATA["cars"])
CAR_INDEX: Final = {cid: i for i, cid in enumerate(CAR_IDS)}

# ----------------------------------------------------------------------------- loot
PURSE_VALUES: Final[tuple[int, ...]] = tuple(_DATA["loot"]["purse_values"])
N_PURSES: Final = len(PURSE_VALUES)
N_JEWELS: Final[int] = _DATA["loot"]["jewels"]
N_STRONGBOXES: Final[int] = _DATA["loot"]["strongboxes"]
JEWEL_VALUE: Final[int] = _DATA["loot"]["jewel_value"]
STRONGBOX_VALUE: Final[int] = _DATA["loot"]["strongbox_value"]
FIRST_JEWEL: Final = N_PURSES
FIRST_BOX: Final = N_PURSES + N_JEWELS
N_TOKENS: Final = FIRST_BOX + N_STRONGBOXES
PURSE: Final = 0
JEWEL: Final = 1
BOX: Final = 2
TOKEN_KIND: Final[tuple[int, ...]] = tuple(PURSE if t < FIRST_JEWEL else JEWEL if t < FIRST_BOX else BOX
                                    for t in range(N_TOKENS))
LOOT_IDS: Final[tuple[str, ...]] = tuple(k["id"] for k in _DATA["loot"]["kinds"])
NEUTRAL_BULLETS: Final[int] = _DATA["loot"]["neutral_bullets"]
BULLETS_PER_BANDIT: Final[int] = _DATA["loot"]["bullets_per_bandit"]
START_PURSE_VALUE: Final = min(PURSE_VALUES)

# ----------------------------------------------------------------------------- action cards
KIND_IDS: Final[tuple[str, ...]] = tuple(a["id"] for a in _DATA["actions"])
KIND_COUNT: Final[tuple[int, ...]] = tuple(a["count"] for a in _DATA["actions"])
KIND_INDEX: Final = {k: i for i, k in enumerate(KIND_IDS)}
MOVE: Final = KIND_INDEX["move"]
FLOOR: Final = KIND_INDEX["floor"]
FIRE: Final = KIND_INDEX["fire"]
PUNCH: Final = KIND_INDEX["punch"]
MARSHAL: Final = KIND_INDEX["marshal"]
ROB: Final = KIND_INDEX["rob"]
N_KINDS: Final = len(KIND_IDS)

# ----------------------------------------------------------------------------- bandits
BANDIT_IDS: Final[tuple[str, ...]] = tuple(b["id"] for b in _DATA["bandits"])
BANDIT_INDEX: Final = {b: i for i, b in enumerate(BANDIT_IDS)}
GHOST: Final = BANDIT_INDEX["ghost"]
DOC: Final = BANDIT_INDEX["doc"]
TUCO: Final = BANDIT_INDEX["tuco"]
CHEYENNE: Final = BANDIT_INDEX["cheyenne"]
BELLE: Final = BANDIT_INDEX["belle"]
DJANGO: Final = BANDIT_INDEX["django"]

# ----------------------------------------------------------------------------- card codes
MARSHAL2P: Final = 36          # + seat: the two-player Marshal card of a player
BULLET0: Final = 40            # + bandit slot: a bullet card fired by that bandit
NEUTRAL: Final = 48            # a neutral bullet (the Marshal, events)
N_CARDS: Final = 49
CARD_KIND: Final[tuple[int, ...]] = tuple(
    c % 6 if c < 36 else MARSHAL if c < 40 else -1 for c in range(N_CARDS))
#: bandit slot an action card belongs to; for bullets the slot that fired it; -1 for 2p Marshal / neutral
CARD_BANDIT: Final[tuple[int, ...]] = tuple(
    c // 6 if c < 36 else -1 if c < 40 else c - BULLET0 if c < NEUTRAL else -1 for c in range(N_CARDS))
IS_BULLET: Final[tuple[bool, ...]] = tuple(c >= BULLET0 for c in range(N_CARDS))

# ----------------------------------------------------------------------------- turns and round cards
TURN_SYMBOLS: Final = "NTDR"
NORMAL: Final = 0
TUNNEL: Final = 1
SPEEDUP: Final = 2
SWITCH: Final = 3

EVENT_IDS: Final[tuple[str, ...]] = ("", "angry_marshal", "swivel_arm", "braking", "take_it_all", "rebellion",
                                     "pickpocketing", "marshals_revenge", "hostage_conductor")
NO_EVENT: Final = 0
EV_ANGRY: Final = 1
EV_SWIVEL: Final = 2
EV_BRAKING: Final = 3
EV_TAKE_ALL: Final = 4
EV_REBELLION: Final = 5
EV_PICKPOCKET: Final = 6
EV_REVENGE: Final = 7
EV_HOSTAGE: Final = 8


def _turns(symbols: str) -> tuple[int, ...]:
    return tuple(TURN_SYMBOLS.index(s) for s in symbols)


_ROUNDS = list(_DATA["rounds"]) + list(_DATA["stations"])
ROUND_IDS: Final[tuple[str, ...]] = tuple(r["id"] for r in _ROUNDS)
ROUND_EVENT: Final[tuple[int, ...]] = tuple(EVENT_IDS.index(r["event"]) for r in _ROUNDS)
#: turn patterns for 2-4 players and for 5-6 players (stations use the same pattern for both)
ROUND_TURNS_SMALL: Final[tuple[tuple[int, ...], ...]] = tuple(_turns(r.get("small", r.get("turns", ""))) for r in _ROUNDS)
ROUND_TURNS_LARGE: Final[tuple[tuple[int, ...], ...]] = tuple(_turns(r.get("large", r.get("turns", ""))) for r in _ROUNDS)
NORMAL_ROUNDS: Final[tuple[int, ...]] = tuple(range(len(_DATA["rounds"])))
STATION_ROUNDS: Final[tuple[int, ...]] = tuple(range(len(_DATA["rounds"]), len(_ROUNDS)))
ROUND_INDEX: Final = {r: i for i, r in enumerate(ROUND_IDS)}
