"""Static tables for «Шоу-Битва», loaded once from ``data.toml``.

Cards are small ints everywhere: a card *kind* is its index 0..11 in ``data.toml``; a physical card on the
table is ``owner * 12 + kind`` (every troupe has exactly one card of each kind). Per-card lookups are plain
tuples indexed by that int, because the rules code and the bots read them millions of times.
"""

from __future__ import annotations

import tomllib
from importlib.resources import files
from typing import Final

# read by package, not ``__file__``: compiled, a module's ``__file__`` does not name its source directory
_RAW = tomllib.loads(files("nastolka.games.show_battle").joinpath("data.toml").read_text(encoding="utf-8"))["card"]

#: cards per deck (SB-1)
NKINDS: Final = 12
#: troupes at most (4 players; in solo the rival automa is the second troupe)
MAX_TROUPES: Final = 4
#: slots per row: 7 plus the 8th that only the aerialists may open (SB-1)
ROW_SLOTS: Final = 8

KIND_IDS: Final[tuple[str, ...]] = tuple(c["id"] for c in _RAW)
KIND_INDEX: Final[dict[str, int]] = {k: i for i, k in enumerate(KIND_IDS)}
EFFECTS: Final[tuple[str, ...]] = tuple(c["effect"] for c in _RAW)
VALUES: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    (int(c["values"][0]), int(c["values"][1]), int(c["values"][2]), int(c["values"][3])) for c in _RAW)

if len(KIND_IDS) != NKINDS or any(len(c["values"]) != 4 for c in _RAW):
    raise RuntimeError("show_battle data.toml must list 12 cards with 4 edge values each")

CLOWN: Final = KIND_INDEX["clown"]
MAGICIAN: Final = KIND_INDEX["magician"]
JUGGLER: Final = KIND_INDEX["juggler"]
MIME: Final = KIND_INDEX["mime"]
ACROBAT: Final = KIND_INDEX["acrobat"]
TIGHTROPE: Final = KIND_INDEX["tightrope"]
FAKIR: Final = KIND_INDEX["fakir"]
TRAINER: Final = KIND_INDEX["trainer"]
KNIVES: Final = KIND_INDEX["knives"]
AERIALISTS: Final = KIND_INDEX["aerialists"]
CANNONBALL: Final = KIND_INDEX["cannonball"]
STRONGMAN: Final = KIND_INDEX["strongman"]

#: triggered effects a МИМ may repeat (SB-3: not another Mime, not the standing properties, not "none")
COPYABLE: Final[frozenset[int]] = frozenset(
    (CLOWN, MAGICIAN, JUGGLER, ACROBAT, TIGHTROPE, TRAINER, KNIVES, CANNONBALL))

#: per physical card (owner * 12 + kind): its kind, its owner, its four edge values, its base value T
CARD_KIND: Final[tuple[int, ...]] = tuple(c % NKINDS for c in range(NKINDS * MAX_TROUPES))
CARD_OWNER: Final[tuple[int, ...]] = tuple(c // NKINDS for c in range(NKINDS * MAX_TROUPES))
CARD_VAL: Final[tuple[tuple[int, int, int, int], ...]] = tuple(VALUES[c % NKINDS] for c in range(NKINDS * MAX_TROUPES))
CARD_BASE: Final[tuple[int, ...]] = tuple(v[0] for v in CARD_VAL)

#: row names for one board (1–2 players, solo) and two boards (3–4 players), in opening order (SB-6)
ROWS_ONE_BOARD: Final[tuple[str, ...]] = ("1", "2")
ROWS_TWO_BOARDS: Final[tuple[str, ...]] = ("A1", "A2", "B1", "B2")
ROW_INDEX: Final[dict[str, int]] = {"1": 0, "2": 1, "A1": 0, "A2": 1, "B1": 2, "B2": 3}

#: automa levels (SB-9): option value -> margin needed (their names are in words.toml)
LEVELS: Final[tuple[str, ...]] = ("debut", "artist", "star", "legend")
LEVEL_MARGIN: Final[dict[str, int]] = {"debut": 1, "artist": 5, "star": 10, "legend": 15}

#: seat colours (owner colour in views; their words are in words.toml)
COLOURS_EN: Final[tuple[str, ...]] = ("red", "blue", "green", "yellow")

# ----------------------------------------------------------------------------- limits and turn phases
# Shared by every rules module (state, setup, effects, automa, views), so they live here: the helper
# modules import no state at run time.
HAND: Final = 3               # SB-4 / SB-5.4: cards in hand
TOKENS: Final = 3             # SB-1: untouchable tokens per troupe
AUTOMA_PROTECT: Final = 6     # SB-9: the automa protects a card showing at least this much
RIVAL: Final = 1              # SB-9: the rival troupe in solo (never a seat)

# a turn (SB-5): START (mulligan / token / place / pass) → EFFECT (a "may" effect of the card just placed) or
# EXTRA (the ФОКУСНИК extra placement) → END (the after-placement token window) → the next seat
START: Final = 0
EFFECT: Final = 1
EXTRA: Final = 2
END: Final = 3
OVER: Final = 4
PHASES: Final = ("start", "effect", "extra", "end", "over")
