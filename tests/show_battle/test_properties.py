"""Property tests of SB-7 against the spec's formulas, over every card pair, orientation and flag."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nastolka.games.show_battle.data import COPYABLE, KIND_IDS, KIND_INDEX, VALUES

from .helpers import GAME, card, place, slot

A, B = 0, 1
kinds = st.sampled_from(KIND_IDS)


@settings(max_examples=300, deadline=None)
@given(left=kinds, new=kinds, orient=st.integers(0, 3), face_up=st.booleans(), token=st.booleans(),
       owner=st.sampled_from([A, B]))
def test_SB_7_steps_1_and_2_match_the_spec(left: str, new: str, orient: int, face_up: bool, token: bool,
                                          owner: int) -> None:
    token = token and face_up
    if owner == A and left == new:
        owner = B  # one card of each kind per troupe
    hand = [new] + [k for k in ("clown", "juggler", "strongman") if k != new and not (owner == A and k == left)][:2]
    s = GAME.new(2, setup={"first": A, "board": [card("1", 1, left, owner, orient, face_up, token)],
                           "hands": [hand, ["clown", "juggler", "strongman"] if owner == A else
                                     [k for k in ("clown", "juggler", "strongman", "mime") if k != left][:3]]})
    s.apply(A, place(new, "1", 2))
    after = slot(s, "1", 1)
    t = VALUES[KIND_INDEX[new]][0]
    v = VALUES[KIND_INDEX[left]][orient]
    if not face_up or token:
        expected = (face_up, orient)  # untouched
    elif t >= 2 * v and left != "fakir":
        expected = (False, orient)  # step 1: flies out, no rotation
    elif v > t:
        expected = (True, (orient + 1) % 4)
    elif v < t:
        expected = (True, (orient + 3) % 4)
    else:
        expected = (True, orient)
    assert (after["face_up"], s.orient[s.top[0]]) == expected
    # SB-7 step 3 / SB-3: a pending decision only ever belongs to the placing seat
    assert s.to_act == (A,) or s.turn == B
    pending = s.view(None)["pending"]
    if new == "mime" and pending is not None:
        copied = pending["effect"]
        assert after["face_up"] and KIND_INDEX[copied] in COPYABLE and copied == left
