"""SB-9: solo mode «Гастроли соперников» — the rival automa, its priority list, tokens and the levels."""

from __future__ import annotations

import pytest

from nastolka.engine import Event, OptionError, Rng
from nastolka.games.show_battle import automa
from nastolka.games.show_battle.data import ACROBAT, CANNONBALL, JUGGLER, KIND_IDS, KNIVES, STRONGMAN

from .helpers import GAME, card, place, slot, value

YOU, RIVAL = 0, 1


def solo(board: list[dict], you: list[str], rival: list[str], **extra: object):
    """A solo position (troupe 1 is the rival); cards not listed stay in the decks."""
    setup = {"first": 0, "board": board, "hands": [you, rival]}
    setup.update(extra)
    return GAME.new(1, setup=setup)


def test_SB_9_you_go_first_and_the_rival_plays_inside_apply() -> None:
    s = GAME.new(1, seed=3)
    assert s.to_act == (YOU,) and s.view(None)["turn"] == YOU
    rng = Rng(1)
    while s.turn == YOU and sum(len(r["slots"]) for r in s.view(None)["rows"]) == 0:
        legal = [a for a in s.legal_ids(YOU) if a != "mulligan"]
        s.apply(YOU, legal[rng.randbelow(len(legal))])
    while s.to_act == (YOU,) and s.view(None)["phase"] != "start":
        s.apply(YOU, s.legal_ids(YOU)[-1])
    owners = [sl["owner"] for r in s.view(None)["rows"] for sl in r["slots"]]
    assert RIVAL in owners and s.to_act == (YOU,)


def test_SB_9_solo_setup_must_let_you_go_first() -> None:
    with pytest.raises(OptionError):
        GAME.new(1, setup={"first": 1})


@pytest.mark.parametrize("board, rival, expected", [
    # 1. knock-out, the highest victim: the strongman (7 ≥ 2·3) beats knocking out the clown (1)
    ([card("1", 1, "juggler", YOU), card("2", 1, "clown", YOU)], ["strongman", "acrobat", "knives"],
     (STRONGMAN, 1)),
    # 2. push down, the biggest drop (4 → 2), tie on the drop broken by the higher base card
    ([card("1", 1, "acrobat", YOU)], ["strongman", "trainer", "juggler"], (STRONGMAN, 1)),
    # 3. cover a face-down card; equal base (mime 3, juggler 3): the card table order decides
    ([card("1", 1, "strongman", YOU), card("1", 2, "juggler", YOU, face_up=False)], ["clown", "mime", "juggler"],
     (JUGGLER, 1)),
    # 4. boost its own card to the left (strongman 7 → 8)
    ([card("1", 1, "strongman", RIVAL), card("2", 1, "fakir", YOU)], ["juggler", "mime", "clown"],
     (JUGGLER, 1)),
    # 5. otherwise start the next row (acrobat and tightrope both 4: table order)
    ([card("1", 1, "fakir", YOU)], ["acrobat", "tightrope", "clown"], (ACROBAT, 8)),
    # 5. ... or else the end of the shorter row
    ([card("1", 1, "acrobat", YOU), card("1", 2, "fakir", YOU), card("2", 1, "tightrope", YOU)], ["acrobat"],
     (ACROBAT, 9)),
])
def test_SB_9_automa_priority_list(board: list[dict], rival: list[str], expected: tuple[int, int]) -> None:
    s = solo(board, ["magician"], rival)
    assert automa.pick(s, RIVAL) == expected


def test_SB_9_automa_uses_may_effects_only_when_they_strictly_improve() -> None:
    # its cannonball would discard its own strongman: declined
    s = solo([card("1", 1, "strongman", RIVAL)], ["magician"], ["cannonball"])
    ev: list[Event] = []
    automa.place(s, RIVAL, CANNONBALL, 1, ev)
    assert slot(s, "1", 1)["face_up"] and value(s, "1", 1) == 8
    assert any(e.kind == "skip" for e in ev)
    # its knife thrower takes the option that gains most: your juggler (now 2) rather than your clown (1)
    s = solo([card("1", 1, "clown", YOU), card("1", 2, "juggler", YOU)], ["magician"], ["knives"])
    automa.place(s, RIVAL, KNIVES, 2, [])
    assert slot(s, "1", 1)["face_up"] and not slot(s, "1", 2)["face_up"]


def test_SB_9_automa_protects_its_highest_card_showing_6_or_more() -> None:
    board = [card("1", 1, "strongman", RIVAL, orient=1), card("1", 2, "acrobat", RIVAL)]
    s = solo(board, ["magician"], ["clown"])
    automa.turn(s, [])
    assert slot(s, "1", 1)["token"] and not slot(s, "1", 2)["token"]
    assert s.view(None)["troupes"][RIVAL]["tokens"] == 2
    s = solo([card("1", 1, "juggler", RIVAL)], ["magician"], ["fakir"])
    automa.turn(s, [])
    assert s.view(None)["troupes"][RIVAL]["tokens"] == 3  # nothing showing 6 or more


def parked_solo(board: list[dict], level: str, mulligan: bool = False):
    used = {(b["owner"], b["card"]) for b in board}
    park = [card(board[0]["row"], board[0]["slot"], k, t, face_up=False)
            for t in (YOU, RIVAL) for k in KIND_IDS if (t, k) not in used]
    s = GAME.new(1, {"automa_level": level}, setup={"board": park + board, "hands": [[], []], "decks": [[], []],
                                                     "mulligan_used": [mulligan, False]})
    assert s.is_over
    return s.result()


@pytest.mark.parametrize("margin, reached", [
    (1, {"debut"}), (5, {"debut", "artist"}), (10, {"debut", "artist", "star"}),
    (15, {"debut", "artist", "star", "legend"}), (0, set()),
])
def test_SB_9_levels_margins(margin: int, reached: set[str]) -> None:
    # you: strongman 7 + aerialists (orient 2) 10 = 17; the rival's face-up cards sum to 17 - margin
    rival_cards = {16: [("strongman", 0), ("tightrope", 2)], 12: [("tightrope", 2), ("clown", 1)],
                   7: [("strongman", 0)], 2: [("magician", 0)],
                   17: [("strongman", 0), ("aerialists", 2)]}[17 - margin]
    board = [card("1", 1, "strongman", YOU), card("1", 2, "aerialists", YOU, orient=2)]
    board += [card("2", i, k, RIVAL, orient=o) for i, (k, o) in enumerate(rival_cards, start=1)]
    for level in ("debut", "artist", "star", "legend"):
        r = parked_solo(board, level)
        assert r.details["margin"] == margin and r.scores == (float(margin),)
        assert r.details["reached"] == (level in reached), level


def test_SB_9_legend_needs_no_mulligan() -> None:
    board = [card("1", 1, "strongman", YOU), card("1", 2, "aerialists", YOU, orient=2)]
    assert parked_solo(board, "legend").details["reached"]
    assert not parked_solo(board, "legend", mulligan=True).details["reached"]
    assert parked_solo(board, "star", mulligan=True).details["reached"]


def test_SB_9_the_rival_never_mulligans_and_never_is_asked() -> None:
    for seed in range(20):
        s = GAME.new(1, seed=seed)
        rng = Rng(seed)
        while not s.is_over:
            assert s.to_act == (YOU,)
            legal = s.legal_ids(YOU)
            s.apply(YOU, legal[rng.randbelow(len(legal))])
        assert not s.view(None)["troupes"][RIVAL]["mulligan_used"]
        assert all(seat == YOU for seat, _ in s.history())


def test_SB_9_place_ids_in_solo_use_rows_1_and_2() -> None:
    s = GAME.new(1, seed=2)
    assert all(",row=1,slot=1" in a for a in s.legal_ids(YOU) if a.startswith("place:"))
    assert place("clown", "1", 1).startswith("place:")
