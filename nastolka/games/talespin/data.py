"""Static TaleSpin data: ``cards.toml`` (a verbatim copy of the spec's card list) compiled once into tuples.

R1 (components): the 110-card deck of R1.2 is ``cards.toml``'s definitions times their copies (card
instances below); the 12 Locations, the Player and Solitaire cards are in the same file. R2 (card types):
the five types and the two colours are the constants right below; characters (R2.1) are Passengers and
Pilots here, the Player cards being seats.

Why tuples indexed by small ints: the rules code runs millions of times inside bot searches, so every
card property is one tuple lookup.  A *card instance* is an int 0..109 (the copies of each definition in
file order); a *definition* is an int index into ``DEFS``.  Effects are compiled from the spec's effect
vocabulary into nested tuples ``(op, params...)`` that ``state.py`` dispatches on, one small function per
primitive.

Every table is ``Final``: compiled by mypyc (``nastolka/native.py``), the rules read them as C statics
instead of two dictionary lookups each.
"""

from __future__ import annotations

import tomllib
from importlib.resources import files
from typing import Any, Final

# read by package, not ``__file__``: compiled, a module's ``__file__`` does not name its source directory
_RAW: dict[str, Any] = tomllib.loads(files("nastolka.games.talespin").joinpath("cards.toml").read_text(encoding="utf-8"))

# R2: card types (R2.1 characters are PASSENGER and PILOT cards; colour BLUE or RED)
CARGO: Final = 0
ARTIFACT: Final = 1
PASSENGER: Final = 2
PILOT: Final = 3
ACTION: Final = 4
TYPE_NAMES: Final = ("Cargo", "Artifact", "Passenger", "Pilot", "Action")
BLUE: Final = 0
RED: Final = 1
NOCOLOUR: Final = 2

KEYWORDS: Final[tuple[str, ...]] = tuple(_RAW["enums"]["keywords"])
KEYWORDS_RU: Final[tuple[str, ...]] = tuple(_RAW["enums"]["keywords_ru"])
KW_BIT: Final = {k: 1 << i for i, k in enumerate(KEYWORDS)}

MANEUVER_NAMES: Final[dict[int, tuple[str, str]]] = {int(k): (v["en"], v["ru"]) for k, v in _RAW["maneuver_names"].items()}
STATS: Final = ("shipping", "range", "piloting")
STAT_INDEX: Final = {s: i for i, s in enumerate(STATS)}
TYPE_CODE: Final = {n: i for i, n in enumerate(TYPE_NAMES)}


def _compile(ops: list[dict[str, Any]] | None) -> tuple[tuple[Any, ...], ...]:  # noqa: C901
    """Effect list -> tuple of op tuples; parameter defaults are those stated in the vocabulary."""
    out: list[tuple[Any, ...]] = []
    for op in ops or ():
        name = op["op"]
        if name == "none":
            continue
        if name == "move":
            out.append(("move", op["max"], op.get("then") == "play_cargo"))
        elif name == "play_cargo":
            out.append(("play_cargo",))
        elif name == "draw":
            out.append(("draw", op["n"], op.get("who", "self")))
        elif name == "discard_from_hand":
            out.append(("discard_from_hand", op["n"], op.get("who", "self"), bool(op.get("random", False))))
        elif name == "take_from_hand":
            out.append(("take_from_hand", op["n"], op["from"]))
        elif name == "search_deck":
            out.append(("search_deck", TYPE_CODE[op["type"]], op.get("n", 1)))
        elif name == "retrieve_discard":
            t = op.get("type", "any")
            out.append(("retrieve_discard", op.get("n", 1), -1 if t == "any" else TYPE_CODE[t]))
        elif name in ("open_cargo", "peek_cargo"):
            out.append((name, op["n"], op["whose"]))
        elif name in ("repack", "shuffle_cargo", "discard_self", "auto_block", "cancel_dogfight"):
            out.append((name,))
        elif name == "steal_cargo":
            out.append(("steal_cargo", op["state"], op["from"], bool(op.get("in_range", False))))
        elif name == "discard_cargo":
            out.append(("discard_cargo", op["state"], op["from"]))
        elif name in ("move_to_first", "move_to_last"):
            out.append((name, op.get("target", "self")))
        elif name == "discard_passenger":
            out.append(("discard_passenger", op["from"], op.get("which", "last")))
        elif name == "steal_passenger":
            out.append(("steal_passenger", op["from"], op.get("which", "last"), KW_BIT.get(op.get("keyword", ""), 0)))
        elif name == "modify_stat":
            out.append(("modify_stat", STAT_INDEX[op["stat"]], op["delta"]))
        elif name == "modify_maneuver":
            out.append(("modify_maneuver", op["delta"]))
        elif name == "maneuver_from_deck":
            out.append(("maneuver_from_deck", op.get("delta", 0)))
        elif name == "dogfight_rule":
            out.append(("dogfight_rule", op["rule"], op.get("who", "self"), op.get("value", 0)))
        elif name == "adjust_damage":
            out.append(("adjust_damage", op["delta"]))
        elif name == "gain_bounty":
            out.append(("gain_bounty", op.get("n", 1)))
        elif name == "if":
            cond = op["cond"]
            if cond["op"] == "chain_has_keyword":
                c: tuple[Any, ...] = ("kw", KW_BIT[cond["keyword"]])
            else:
                c = ("role", cond["role"])
            out.append(("if", c, _compile(op.get("then")), _compile(op.get("else"))))
        else:  # pragma: no cover - the data uses only the declared vocabulary
            raise ValueError(f"unknown op {name}")
    return tuple(out)


def _die(table: dict[str, Any] | None) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    if not table:
        return ((),) * 7
    return ((),) + tuple(_compile(table[str(r)]) for r in range(1, 7))


# ----------------------------------------------------------------------------- locations (clock 1..12)
LOCATIONS: Final = sorted(_RAW["locations"], key=lambda loc: loc["clock"])
LOC_NAME: Final[tuple[str, ...]] = ("", *(loc["name_en"] for loc in LOCATIONS))
LOC_NAME_RU: Final[tuple[str, ...]] = ("", *(loc["name_ru"] for loc in LOCATIONS))
LOC_RECEIVING: Final[tuple[int, ...]] = (0, *(loc["receiving"] for loc in LOCATIONS))
LOC_BONUS: Final = ((), *(_compile(loc["bonus"]) for loc in LOCATIONS))
LOC_BONUS_TEXT: Final = ("", *(loc["bonus_en"] for loc in LOCATIONS))
LOC_BONUS_TEXT_RU: Final = ("", *(loc["bonus_ru"] for loc in LOCATIONS))

# ----------------------------------------------------------------------------- player cards
PLAYERS: Final = _RAW["players"]
CHARACTERS: Final = ("baloo", "karnage", "kit", "molly")
_PL_BY_ID = {p["id"]: p for p in PLAYERS}
PL: Final = tuple(_PL_BY_ID["pl_" + c] for c in CHARACTERS)
PL_NAME: Final[tuple[str, ...]] = tuple(p["name_en"] for p in PL)
PL_NAME_RU: Final[tuple[str, ...]] = tuple(p["name_ru"] for p in PL)
PL_STATS: Final[tuple[tuple[int, int, int], ...]] = tuple((p["shipping"], p["range"], p["piloting"]) for p in PL)
PL_STAT: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(st[k] for st in PL_STATS) for k in range(3))  # by stat
PL_START: Final = tuple(p["start_location"] for p in PL)
PL_ALT: Final = tuple(p["alt_start_location"] for p in PL)
PL_MANEUVER: Final[tuple[tuple[int, int, int], ...]] = tuple((p["maneuver"]["value"], p["maneuver"]["damage"], p["maneuver"]["draw"]) for p in PL)
PL_DIE: Final = tuple(_die(p["die"]) for p in PL)
PL_KW: Final[tuple[int, ...]] = tuple(sum(KW_BIT[k] for k in p["keywords"]) for p in PL)
PL_COLOUR: Final = tuple(BLUE if p["colour"] == "blue" else RED for p in PL)
PL_PASSENGER: Final = tuple(p["passenger_version"] for p in PL)
PL_DIE_TEXT: Final = tuple(tuple(p["die_text_en"]) for p in PL)
PL_DIE_TEXT_RU: Final = tuple(tuple(p["die_text_ru"]) for p in PL)

# ----------------------------------------------------------------------------- card definitions
DEFS: Final[list[dict[str, Any]]] = _RAW["cards"]
NDEFS: Final = len(DEFS)
DEF_ID: Final[tuple[str, ...]] = tuple(d["id"] for d in DEFS)
DEF_INDEX: Final = {k: i for i, k in enumerate(DEF_ID)}
D_NAME: Final[tuple[str, ...]] = tuple(d["name_en"] for d in DEFS)
D_NAME_RU: Final[tuple[str, ...]] = tuple(d["name_ru"] for d in DEFS)
D_TEXT: Final = tuple(d.get("text_en", "") for d in DEFS)
D_TEXT_RU: Final = tuple(d.get("text_ru", "") for d in DEFS)
D_TYPE: Final[tuple[int, ...]] = tuple(TYPE_CODE[d["type"]] for d in DEFS)
D_X: Final = tuple(bool(d.get("expansion", False)) for d in DEFS)
D_VAL: Final[tuple[int, ...]] = tuple(d["maneuver"]["value"] for d in DEFS)
D_DMG: Final[tuple[int, ...]] = tuple(d["maneuver"]["damage"] for d in DEFS)
D_DRW: Final[tuple[int, ...]] = tuple(d["maneuver"]["draw"] for d in DEFS)
D_COLOUR: Final[tuple[int, ...]] = tuple((BLUE if d["colour"] == "blue" else RED) if "colour" in d else NOCOLOUR for d in DEFS)
D_KW: Final[tuple[int, ...]] = tuple(sum(KW_BIT.get(k, 0) for k in d.get("keywords", ())) for d in DEFS)
D_STATS: Final[tuple[tuple[int, int, int], ...]] = tuple((d.get("shipping", 0), d.get("range", 0), d.get("piloting", 0)) for d in DEFS)
D_PIL: Final[tuple[int, ...]] = tuple(d.get("piloting", 0) for d in DEFS)  # a Pilot's own PILOTING draw
D_DIE: Final = tuple(_die(d.get("die")) for d in DEFS)
D_EFFECT: Final = tuple(_compile(d.get("effect")) for d in DEFS)
D_TIMING: Final[tuple[str, ...]] = tuple(d.get("timing", "") for d in DEFS)
D_ROLE: Final[tuple[str, ...]] = tuple(d.get("role", "") for d in DEFS)
D_TIKI: Final[tuple[bool, ...]] = tuple(bool(d.get("tiki", False)) for d in DEFS)
D_COST: Final = tuple(_compile(d.get("cost")) for d in DEFS)
D_REWARD: Final = tuple(_compile(d.get("reward")) for d in DEFS)
D_MODS: Final = tuple(_compile(d.get("dogfight_mods")) for d in DEFS)
D_TRIGGER: Final[tuple[str, ...]] = tuple(d.get("trigger", "") for d in DEFS)
D_DIE_TEXT: Final = tuple(tuple(d.get("die_text_en", ())) for d in DEFS)
D_DIE_TEXT_RU: Final = tuple(tuple(d.get("die_text_ru", ())) for d in DEFS)
D_MAIN_CHAR: Final = tuple(d.get("main_character", "") for d in DEFS)

# ----------------------------------------------------------------------------- card instances 0..109
_inst: list[int] = []
for _i, _d in enumerate(DEFS):
    _inst.extend([_i] * _d["count"])
NCARDS: Final = len(_inst)
C_DEF: Final[tuple[int, ...]] = tuple(_inst)
# instances are numbered definition by definition: C_DEF never decreases, so a sorted list of
# instances lists definitions in order (``_hand_defs`` relies on it)
assert list(C_DEF) == sorted(C_DEF)
C_TYPE: Final[tuple[int, ...]] = tuple(D_TYPE[d] for d in C_DEF)
C_VAL: Final[tuple[int, ...]] = tuple(D_VAL[d] for d in C_DEF)
C_DMG: Final[tuple[int, ...]] = tuple(D_DMG[d] for d in C_DEF)
C_DRW: Final[tuple[int, ...]] = tuple(D_DRW[d] for d in C_DEF)
C_COLOUR: Final[tuple[int, ...]] = tuple(D_COLOUR[d] for d in C_DEF)
C_KW: Final[tuple[int, ...]] = tuple(D_KW[d] for d in C_DEF)
C_STATS: Final[tuple[tuple[int, int, int], ...]] = tuple(D_STATS[d] for d in C_DEF)
#: C_STATS by stat: ``C_STAT[k][card]`` (one typed lookup each in ``stat``, the most asked rule)
C_STAT: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(st[k] for st in C_STATS) for k in range(3))
C_TIMING: Final[tuple[str, ...]] = tuple(D_TIMING[d] for d in C_DEF)
C_RED_CHAR: Final[tuple[bool, ...]] = tuple(D_COLOUR[d] == RED and D_TYPE[d] in (PASSENGER, PILOT) for d in C_DEF)
INSTANCES_OF: Final[dict[int, tuple[int, ...]]] = {}
for _c, _di in enumerate(C_DEF):
    INSTANCES_OF[_di] = (*INSTANCES_OF.get(_di, ()), _c)

CARGO_KHAN: Final = DEF_INDEX["cargo_khan"]
PAS_VERSION: Final = tuple(DEF_INDEX[p] for p in PL_PASSENGER)
COVER_START: Final = int(_RAW["solitaire_card"]["cover_start_location"])
META: Final = _RAW["meta"]

assert NCARDS == META["deck_size"] == 110


# ----------------------------------------------------------------------------- limits and encodings
# Shared by every rules module (state, effects, dogfight, actions, views), so they live here and not in
# ``state.py``: the helper modules import no state at run time.
HAND_CAP: Final = 10      # R5.1: a hand never holds more
KEEP: Final = 7           # R5.2: everybody discards down to 7 at the end of a turn
FILL: Final = 5           # R4.1: Step 1 draws up to 5
MAX_PASS: Final = 4       # R8.3: a chain holds at most 4 Passengers
ROUND_CAP: Final = 60     # R24.9: full rounds before a game with no winner is decided by cargo
OPEN: Final = 128         # hold entry = card | OPEN (face up) | mask << 8 (non-owner sides that know a packed card)
CARD_MASK: Final = 127    # hold entry & CARD_MASK = the card instance

# turn phases (R4); the two *_RES phases resolve what a step set going (Step-1 triggers and Khan's cargo, the
# chain of the roll) and are still shown as that step: the view's step is the step whose choices are made
PH_STEP1: Final = 0
PH_MAIN: Final = 1
PH_REACT: Final = 2
PH_ROLL: Final = 3
PH_DISCARD: Final = 4
PH_END: Final = 5
PH_STEP1_RES: Final = 6
PH_ROLL_RES: Final = 7
PHASE_NAMES: Final = ("draw", "play", "reaction", "roll", "discard", "end", "draw", "roll")

# end reasons (R17, R20.7, R24.9)
WIN_CARGO: Final = "cargo"
WIN_KHAN: Final = "khan"
WIN_CAP: Final = "round_cap"


def distance(a: int, b: int) -> int:
    """R7.2: steps between two clock positions, the short way round."""
    d = abs(a - b)
    return min(d, 12 - d)


def clamp_maneuver(v: int) -> int:
    """R13.6: a modified maneuver value stays within 1..13."""
    return 1 if v < 1 else 13 if v > 13 else v
