"""Action ids of TaleSpin that are not built from a card name, made once with the engine's id grammar.

Card ids are ``<verb>:card=<card id>`` (``passenger:card=pas_kit``); the fixed ones live here, so the
rules, the text and the heuristic name the same constants instead of spelling strings. ``none`` is the
card value of the "no card" answers (no bounty, no cargo).

Record upgrade (``legacy_id``): before the engine grammar, the damage ids carried a bare word
(``damage:discard,pos=3``) and the "no card" answers had no key (``bounty:none``); see docs/decisions.md.
"""

from __future__ import annotations

from typing import Final

from nastolka.engine.ids import format_id

NONE: Final = "none"

#: R14 damage without a position: discard from hand, or (solitaire) uncover a covered card (the rules make
#: every damage id from its code: ``codes.py``)
DAMAGE_HAND: Final = format_id("damage", do="hand")
DAMAGE_UNCOVER: Final = format_id("damage", do="uncover")
BOUNTY_NONE: Final = format_id("bounty", card=NONE)
CARGO_NONE: Final = format_id("cargo", card=NONE)

_LEGACY_BARE = {"bounty:none": BOUNTY_NONE, "cargo:none": CARGO_NONE, "damage:hand": DAMAGE_HAND,
                "damage:uncover": DAMAGE_UNCOVER}


def legacy_id(aid: str) -> str:
    """Today's id for an id of the shape records had before the engine grammar (else ``aid`` itself)."""
    if aid in _LEGACY_BARE:
        return _LEGACY_BARE[aid]
    verb, _, rest = aid.partition(":")
    if verb == "damage" and rest.startswith(("open,", "discard,")):
        kind, _, pos = rest.partition(",")
        return f"damage:do={kind},{pos}"
    return aid
