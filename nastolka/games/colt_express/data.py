"""Static Colt Express data, loaded once from ``data.toml`` into flat tuples indexed by small ints.

Why tuples of ints: the rules code and the bots touch these tables millions of times per second of
simulation, and a state that refers to cards, cars and loot by small ints can be cloned by copying a few
short lists. Everything a person reads (ru/en names) lives in parallel tuples used only by views and text.

Encodings (shared by state, views, text and bots):

* car position ``c``: 0 is the Locomotive, 1..k the cars behind it, ``k`` the caboose (last car);
* place ``p = 2 * c + level`` with level 0 inside, 1 on the roof;
* action card ``b * 6 + kind`` for bandit slot ``b`` (0..5) and kind MOVE..ROB; ``36 + seat`` is the
  two-player Marshal card that belongs to a player, not a bandit; ``40 + b`` a bullet of bandit slot ``b``;
  ``48`` a neutral bullet;
* loot token ids: 0..17 purses (values in the state, since they are hidden), 18..23 jewels, 24..25
  strongboxes.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

_DATA = tomllib.loads((Path(__file__).with_name("data.toml")).read_text(encoding="utf-8"))

# ----------------------------------------------------------------------------- cars
LOCO_RU: str = _DATA["locomotive"]["ru"]
LOCO_EN: str = _DATA["locomotive"]["en"]
CAR_IDS: tuple[str, ...] = tuple(c["id"] for c in _DATA["cars"])
CAR_RU: tuple[str, ...] = tuple(c["ru"] for c in _DATA["cars"])
CAR_EN: tuple[str, ...] = tuple(c["en"] for c in _DATA["cars"])
CAR_PURSES: tuple[int, ...] = tuple(c["purses"] for c in _DATA["cars"])
CAR_JEWELS: tuple[int, ...] = tuple(c["jewels"] for c in _DATA["cars"])
CAR_INDEX = {cid: i for i, cid in enumerate(CAR_IDS)}

# ----------------------------------------------------------------------------- loot
PURSE_VALUES: tuple[int, ...] = tuple(_DATA["loot"]["purse_values"])
N_PURSES = len(PURSE_VALUES)
N_JEWELS: int = _DATA["loot"]["jewels"]
N_STRONGBOXES: int = _DATA["loot"]["strongboxes"]
JEWEL_VALUE: int = _DATA["loot"]["jewel_value"]
STRONGBOX_VALUE: int = _DATA["loot"]["strongbox_value"]
FIRST_JEWEL = N_PURSES
FIRST_BOX = N_PURSES + N_JEWELS
N_TOKENS = FIRST_BOX + N_STRONGBOXES
PURSE, JEWEL, BOX = 0, 1, 2
TOKEN_KIND: tuple[int, ...] = tuple(PURSE if t < FIRST_JEWEL else JEWEL if t < FIRST_BOX else BOX
                                    for t in range(N_TOKENS))
LOOT_IDS: tuple[str, ...] = tuple(k["id"] for k in _DATA["loot"]["kinds"])
LOOT_RU: tuple[str, ...] = tuple(k["ru"] for k in _DATA["loot"]["kinds"])
LOOT_EN: tuple[str, ...] = tuple(k["en"] for k in _DATA["loot"]["kinds"])
NEUTRAL_BULLETS: int = _DATA["loot"]["neutral_bullets"]
BULLETS_PER_BANDIT: int = _DATA["loot"]["bullets_per_bandit"]
START_PURSE_VALUE = min(PURSE_VALUES)

# ----------------------------------------------------------------------------- action cards
KIND_IDS: tuple[str, ...] = tuple(a["id"] for a in _DATA["actions"])
KIND_RU: tuple[str, ...] = tuple(a["ru"] for a in _DATA["actions"])
KIND_EN: tuple[str, ...] = tuple(a["en"] for a in _DATA["actions"])
KIND_COUNT: tuple[int, ...] = tuple(a["count"] for a in _DATA["actions"])
KIND_INDEX = {k: i for i, k in enumerate(KIND_IDS)}
MOVE, FLOOR, FIRE, PUNCH, MARSHAL, ROB = (KIND_INDEX[k] for k in ("move", "floor", "fire", "punch", "marshal", "rob"))
N_KINDS = len(KIND_IDS)

# ----------------------------------------------------------------------------- bandits
BANDIT_IDS: tuple[str, ...] = tuple(b["id"] for b in _DATA["bandits"])
BANDIT_RU: tuple[str, ...] = tuple(b["ru"] for b in _DATA["bandits"])
BANDIT_EN: tuple[str, ...] = tuple(b["en"] for b in _DATA["bandits"])
BANDIT_INDEX = {b: i for i, b in enumerate(BANDIT_IDS)}
GHOST, DOC, TUCO, CHEYENNE, BELLE, DJANGO = (BANDIT_INDEX[b] for b in
                                             ("ghost", "doc", "tuco", "cheyenne", "belle", "django"))

# ----------------------------------------------------------------------------- card codes
MARSHAL2P = 36          # + seat: the two-player Marshal card of a player
BULLET0 = 40            # + bandit slot: a bullet card fired by that bandit
NEUTRAL = 48            # a neutral bullet (the Marshal, events)
N_CARDS = 49
CARD_KIND: tuple[int, ...] = tuple(
    c % 6 if c < 36 else MARSHAL if c < 40 else -1 for c in range(N_CARDS))
#: bandit slot an action card belongs to; for bullets the slot that fired it; -1 for 2p Marshal / neutral
CARD_BANDIT: tuple[int, ...] = tuple(
    c // 6 if c < 36 else -1 if c < 40 else c - BULLET0 if c < NEUTRAL else -1 for c in range(N_CARDS))
IS_BULLET: tuple[bool, ...] = tuple(c >= BULLET0 for c in range(N_CARDS))

# ----------------------------------------------------------------------------- turns and round cards
TURN_SYMBOLS = "NTDR"
NORMAL, TUNNEL, SPEEDUP, SWITCH = 0, 1, 2, 3
TURN_RU: tuple[str, ...] = tuple(_DATA["turns"][s]["ru"] for s in TURN_SYMBOLS)
TURN_EN: tuple[str, ...] = tuple(_DATA["turns"][s]["en"] for s in TURN_SYMBOLS)

EVENT_IDS: tuple[str, ...] = ("", "angry_marshal", "swivel_arm", "braking", "take_it_all", "rebellion",
                              "pickpocketing", "marshals_revenge", "hostage_conductor")
(NO_EVENT, EV_ANGRY, EV_SWIVEL, EV_BRAKING, EV_TAKE_ALL, EV_REBELLION, EV_PICKPOCKET, EV_REVENGE,
 EV_HOSTAGE) = range(len(EVENT_IDS))


def _turns(symbols: str) -> tuple[int, ...]:
    return tuple(TURN_SYMBOLS.index(s) for s in symbols)


_ROUNDS = list(_DATA["rounds"]) + list(_DATA["stations"])
ROUND_IDS: tuple[str, ...] = tuple(r["id"] for r in _ROUNDS)
ROUND_RU: tuple[str, ...] = tuple(r["ru"] for r in _ROUNDS)
ROUND_EN: tuple[str, ...] = tuple(r["en"] for r in _ROUNDS)
ROUND_EVENT: tuple[int, ...] = tuple(EVENT_IDS.index(r["event"]) for r in _ROUNDS)
#: turn patterns for 2-4 players and for 5-6 players (stations use the same pattern for both)
ROUND_TURNS_SMALL: tuple[tuple[int, ...], ...] = tuple(_turns(r.get("small", r.get("turns", ""))) for r in _ROUNDS)
ROUND_TURNS_LARGE: tuple[tuple[int, ...], ...] = tuple(_turns(r.get("large", r.get("turns", ""))) for r in _ROUNDS)
NORMAL_ROUNDS: tuple[int, ...] = tuple(range(len(_DATA["rounds"])))
STATION_ROUNDS: tuple[int, ...] = tuple(range(len(_DATA["rounds"]), len(_ROUNDS)))
ROUND_INDEX = {r: i for i, r in enumerate(ROUND_IDS)}
