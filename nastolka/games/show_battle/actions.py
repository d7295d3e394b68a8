"""Action ids of «Шоу-Битва» and their parsed forms, built once at import.

Every id the game can ever offer is generated here, so ``_apply`` parses an id with one dict lookup
instead of string splitting (bots apply hundreds of thousands of actions per second).

Ids (rows are ``1``/``2`` on one board, ``A1``..``B2`` on two; slots count from 1):

* ``place:card=clown,row=1,slot=3`` — place a card from hand (also the ФОКУСНИК extra placement);
* ``token:row=1,slot=3`` — put an untouchable token on your own face-up card (SB-5.2);
* ``mulligan`` — the once-per-game hand swap (SB-5.1); ``pass`` — no card can be placed (SB-8);
* ``done`` — end the turn without using the after-placement token window;
* ``effect:card=<kind>,...`` — use a "may" effect (the kind is the effect used, also when a МИМ copies
  it): ``effect:card=clown,slot=3``, ``effect:card=acrobat,slot=2,dir=cw``, ``effect:card=trainer``;
* ``skip`` declines the pending effect (or the ФОКУСНИК extra placement).

Every id is built with the engine's grammar (``nastolka.engine.ids``). Records written before it used
``effect:<kind>:slot=…`` and ``effect:skip``; :func:`legacy_id` upgrades them (docs/decisions.md).
"""

from __future__ import annotations

from nastolka.engine.ids import format_id

from .data import (
    ACROBAT,
    CANNONBALL,
    CLOWN,
    JUGGLER,
    KIND_IDS,
    KNIVES,
    NKINDS,
    ROW_SLOTS,
    ROWS_ONE_BOARD,
    ROWS_TWO_BOARDS,
    TIGHTROPE,
    TRAINER,
)

A_PLACE, A_TOKEN, A_MULLIGAN, A_PASS, A_DONE, A_SKIP, A_EFFECT = range(7)

MULLIGAN = "mulligan"
PASS = "pass"
DONE = "done"
SKIP = "skip"

#: PLACE_IDS[two_boards][kind][row * 8 + slot]
PLACE_IDS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(format_id("place", card=KIND_IDS[k], row=rows[i // ROW_SLOTS], slot=i % ROW_SLOTS + 1)
                for i in range(len(rows) * ROW_SLOTS)) for k in range(NKINDS))
    for rows in (ROWS_ONE_BOARD, ROWS_TWO_BOARDS))
#: TOKEN_IDS[two_boards][row * 8 + slot]
TOKEN_IDS: tuple[tuple[str, ...], ...] = tuple(
    tuple(format_id("token", row=rows[i // ROW_SLOTS], slot=i % ROW_SLOTS + 1) for i in range(len(rows) * ROW_SLOTS))
    for rows in (ROWS_ONE_BOARD, ROWS_TWO_BOARDS))

DIRS = {1: "cw", -1: "ccw"}
#: effect ids by slot in the row (0-based), per targetted effect
CLOWN_IDS = tuple(format_id("effect", card="clown", slot=s + 1) for s in range(ROW_SLOTS))
JUGGLER_IDS = tuple(format_id("effect", card="juggler", slot=s + 1) for s in range(ROW_SLOTS))  # swap s, s+1
KNIVES_IDS = tuple(format_id("effect", card="knives", slot=s + 1) for s in range(ROW_SLOTS))
ACROBAT_IDS = tuple((format_id("effect", card="acrobat", slot=s + 1, dir="cw"),
                     format_id("effect", card="acrobat", slot=s + 1, dir="ccw")) for s in range(ROW_SLOTS))
TIGHTROPE_ID = format_id("effect", card="tightrope")
TRAINER_ID = format_id("effect", card="trainer")
CANNONBALL_ID = format_id("effect", card="cannonball")


def _build() -> dict[str, tuple[int, ...]]:
    parsed: dict[str, tuple[int, ...]] = {MULLIGAN: (A_MULLIGAN,), PASS: (A_PASS,), DONE: (A_DONE,),
                                          SKIP: (A_SKIP,)}
    for table in PLACE_IDS:
        for k, ids in enumerate(table):
            for idx, aid in enumerate(ids):
                parsed[aid] = (A_PLACE, k, idx)
    for ids in TOKEN_IDS:
        for idx, aid in enumerate(ids):
            parsed[aid] = (A_TOKEN, idx)
    for s in range(ROW_SLOTS):
        parsed[CLOWN_IDS[s]] = (A_EFFECT, CLOWN, s, 0)
        parsed[JUGGLER_IDS[s]] = (A_EFFECT, JUGGLER, s, 0)
        parsed[KNIVES_IDS[s]] = (A_EFFECT, KNIVES, s, 0)
        parsed[ACROBAT_IDS[s][0]] = (A_EFFECT, ACROBAT, s, 1)
        parsed[ACROBAT_IDS[s][1]] = (A_EFFECT, ACROBAT, s, -1)
    parsed[TIGHTROPE_ID] = (A_EFFECT, TIGHTROPE, -1, 0)
    parsed[TRAINER_ID] = (A_EFFECT, TRAINER, -1, 0)
    parsed[CANNONBALL_ID] = (A_EFFECT, CANNONBALL, -1, 0)
    return parsed


#: every possible action id -> its parsed tuple (first item is the A_* type)
PARSED: dict[str, tuple[int, ...]] = _build()


def legacy_id(aid: str) -> str:
    """Today's id for an id of the shape records had before the engine grammar (else ``aid`` itself).

    ``effect:skip`` -> ``skip``; ``effect:clown:slot=3`` -> ``effect:card=clown,slot=3``;
    ``effect:trainer`` -> ``effect:card=trainer``.
    """
    if aid == "effect:skip":
        return SKIP
    verb, _, rest = aid.partition(":")
    if verb != "effect" or not rest or rest.startswith("card="):
        return aid
    kind, _, params = rest.partition(":")
    return f"effect:card={kind},{params}" if params else f"effect:card={kind}"
