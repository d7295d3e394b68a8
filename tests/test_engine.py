"""The engine itself, on the toy game: RNG, options, legality, records, clone, determinize."""

from __future__ import annotations

import copy
import json

import pytest
from toy_game import TOY

from nastolka.bots import RandomBot
from nastolka.engine import (
    IllegalAction,
    Option,
    OptionError,
    OptionSchema,
    Record,
    RecordError,
    Result,
    Rng,
    Status,
    record_of,
    replay,
)
from nastolka.match import run_match


def test_rng_is_deterministic_and_clone_safe() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    c = a.clone()
    assert a.randbelow(1000) == c.randbelow(1000)
    assert Rng(1).next_u64() != Rng(2).next_u64()


def test_rng_known_stream_never_changes() -> None:
    """Records replay forever only if the stream is fixed: SplitMix64 reference value for seed 0."""
    assert Rng(0).next_u64() == 0xE220A8397B1DCDAF


def test_rng_uniformity_of_randbelow() -> None:
    rng = Rng(7)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randbelow(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)
    assert all(1 <= rng.randint(1, 6) <= 6 for _ in range(100))


def test_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


def test_option_schema_defaults_and_coercion() -> None:
    schema = OptionSchema((
        Option("expert", "bool", False, "expert"),
        Option("target", "int", 5, "cargo to win", choices=(5, 7)),
        Option("level", "choice", "debut", "level", choices=("debut", "star")),
        Option("bandits", "list", (), "bandits", choices=("doc", "belle")),
    ))
    assert schema.validate(None) == {"expert": False, "target": 5, "level": "debut", "bandits": ()}
    got = schema.validate({"expert": "true", "target": "7", "level": "star", "bandits": "doc,belle"})
    assert got == {"expert": True, "target": 7, "level": "star", "bandits": ("doc", "belle")}


@pytest.mark.parametrize("given, message, russian", [
    ({"nope": 1}, "no option “nope”", "нет настройки «nope», есть такие: Вариант для экспертов, Цель"),
    ({"expert": "maybe"}, "answer yes or no", "Вариант для экспертов: ответьте «да» или «нет»"),
    ({"target": "six"}, "whole number", "Цель: нужно целое число, а не «six»"),
    ({"target": 6}, "not one of 5 or 7", "можно выбрать 5 или 7"),
    ({"level": "god"}, "not one of Debut or Star", "можно выбрать Дебют или Звезда"),
    ({"bandits": "doc,ghost"}, "“ghost” is not one of Doc or Belle", "варианта «ghost» нет, можно выбрать Док или Красотка"),
])
def test_option_errors_say_what_is_wrong(given: dict, message: str, russian: str) -> None:
    """A refusal names the option by its title and the choices by their names, in both languages (the
    issue found «option 'bandits': 'Док' is not one of ghost, doc…» shown to a Russian player)."""
    schema = OptionSchema((
        Option("expert", "bool", False, "expert", title_en="Expert variant", title_ru="Вариант для экспертов"),
        Option("target", "int", 5, "cargo to win", choices=(5, 7), title_en="Target", title_ru="Цель"),
        Option("level", "choice", "debut", "level", choices=("debut", "star"),
               labels={"debut": ("Debut", "Дебют"), "star": ("Star", "Звезда")}),
        Option("bandits", "list", (), "bandits", choices=("doc", "belle"),
               labels={"doc": ("Doc", "Док"), "belle": ("Belle", "Красотка")}),
    ))
    with pytest.raises(OptionError, match=message) as caught:
        schema.validate(given)
    assert russian in caught.value.text("ru"), caught.value.text("ru")


def test_list_and_choice_options_accept_names_in_either_language() -> None:
    schema = OptionSchema((
        Option("level", "choice", "debut", "level", choices=("debut", "star"),
               labels={"debut": ("Debut", "Дебют"), "star": ("Star", "Звезда")}),
        Option("bandits", "list", (), "bandits", choices=("doc", "belle"),
               labels={"doc": ("Doc", "Док"), "belle": ("Belle", "Красотка")}),
    ))
    got = schema.validate({"level": "звезда", "bandits": "Док, belle, КРАСОТКА"})
    assert got == {"level": "star", "bandits": ("doc", "belle", "belle")}


def test_player_count_and_seed_are_checked() -> None:
    with pytest.raises(OptionError, match="2–4 players, not 7"):
        TOY.new(7)
    with pytest.raises(OptionError, match="seed must be a whole number"):
        TOY.new(2, seed="x")  # type: ignore[arg-type]


@pytest.mark.parametrize("seat, action, reason", [
    (1, "play:card=1", "not seat 1's decision"),
    (0, "play:card=999", "not a legal action"),
    (0, 12, "must be an action id string"),
    (9, "play:card=1", "seat must be a number"),
    ("0", "play:card=1", "seat must be a number"),
])
def test_illegal_action_has_reason_and_leaves_state_untouched(seat: object, action: object, reason: str) -> None:
    state = TOY.new(2, seed=3)
    before = copy.deepcopy(state.fields())
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action)  # type: ignore[arg-type]
    assert state.fields() == before


def test_apply_after_the_end_is_refused() -> None:
    state = run_match(TOY, [RandomBot(1), RandomBot(2)], seed=4)
    assert state.status is Status.OVER and state.to_act == ()
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(0, "play:card=1")


def test_clone_is_independent() -> None:
    state = TOY.new(3, seed=5)
    snapshot = copy.deepcopy(state.fields())
    twin = state.clone()
    run_match(TOY, [RandomBot(1), RandomBot(2), RandomBot(3)], state=twin)
    assert twin.is_over and state.fields() == snapshot


def test_record_roundtrip_and_replay(toy) -> None:
    state = run_match(toy, [RandomBot(1), RandomBot(2)], seed=11)
    record = record_of(state, seats=["a", "b"])
    again = Record.loads(record.dumps())
    assert again.to_json() == record.to_json()
    final = replay(again)
    assert final.view(None) == state.view(None) and final.result() == state.result()


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(actions=[[0, "play:card=999"]]), "does not replay"),
    (lambda d: d.update(result={"scores": [99, 0], "winners": [0], "ranks": [1, 2]}), "result differs"),
    (lambda d: d.update(game="nope"), "unknown game"),
    (lambda d: d.update(players=9), "2–4 players"),
    (lambda d: d.update(actions="x"), "must be a list"),
    (lambda d: d.update(actions=[[0]]), "pair"),
    (lambda d: d.update(options={"hand": 9}), "at most 3"),
    (lambda d: d.update(format="other"), "unsupported record format"),
])
def test_tampered_records_are_rejected(toy, mutate, message: str) -> None:
    state = run_match(toy, [RandomBot(1), RandomBot(2)], seed=12)
    data = record_of(state).to_json()
    mutate(data)
    with pytest.raises(RecordError, match=message):
        replay(Record.from_json(json.loads(json.dumps(data))))


def test_scenario_record_with_explicit_setup(toy) -> None:
    record = Record(game="toy", players=2, options={"hand": 1}, setup={"hands": [[5], [3]]},
                    actions=[(0, "play:card=5"), (1, "play:card=3")])
    final = replay(record)
    assert final.result().winners == (0,)
    with pytest.raises(RecordError, match="setup is not valid"):
        replay(Record(game="toy", players=2, setup={"hands": "x"}))


def test_determinize_keeps_own_view_and_hides_others() -> None:
    state = TOY.new(3, seed=21)
    views = {json.dumps(state.determinize(0, Rng(i)).view(0), sort_keys=True) for i in range(20)}
    assert len(views) == 1
    hands = {tuple(state.determinize(0, Rng(i)).hands[1]) for i in range(20)}
    assert len(hands) > 1  # the other hands really are resampled


def test_result_ranking_shares_ties() -> None:
    result = Result.from_keys([(5, 1), (5, 1), (3, 9)], [5, 5, 3])
    assert result.winners == (0, 1) and result.ranks == (1, 1, 3)


def test_history_is_shared_by_clone_but_not_mutated() -> None:
    state = TOY.new(2, seed=8)
    seat = state.to_act[0]
    state.apply(seat, state.legal_ids(seat)[0])
    twin = state.clone()
    seat = twin.to_act[0]
    twin.apply(seat, twin.legal_ids(seat)[0])
    assert len(state.history()) == 1 and len(twin.history()) == 2


def test_clones_sharing_a_history_each_keep_their_own() -> None:
    """Clones share the flat history list; whichever appends first extends it in place, the others copy
    their prefix first, so no state ever sees another's moves (nor do its ``fields()``)."""
    state = TOY.new(2, seed=8)
    seat = state.to_act[0]
    state.apply(seat, state.legal_ids(seat)[0])
    before = state.fields()
    twins = [state.clone() for _ in range(3)]
    for k, twin in enumerate(twins):
        for _ in range(k + 1):
            seat = twin.to_act[0]
            twin.play_index(seat, twin.legal_count(seat) - 1)
    seat = state.to_act[0]
    assert state.fields() == before
    state.apply(seat, state.legal_ids(seat)[0])
    assert [len(t.history()) for t in twins] == [2, 3, 4] and len(state.history()) == 2
    assert all(t.history()[0] == state.history()[0] for t in twins)


def test_deepcopy_of_a_long_history_does_not_recurse() -> None:
    """Tests snapshot ``state.fields()`` with deepcopy; a game of thousands of actions must not hit the limit."""
    state = TOY.new(2, seed=1)
    state._hist = [x for i in range(5_000) for x in (0, f"x{i}")]
    state._hlen = 10_000
    snapshot = copy.deepcopy(state.fields())
    assert snapshot == state.fields() and len(state.history()) == 5_000


def test_pickle_and_deepcopy_of_a_state_with_a_long_history() -> None:
    """Worker processes (ISMCTS) and OpenSpiel's serialisation pickle states: the engine writes the history
    flat, so a game far longer than Python's recursion limit pickles and comes back whole."""
    import pickle
    import sys

    state = TOY.new(2, seed=1)
    moves = sys.getrecursionlimit() * 3
    state._hist = [x for i in range(moves) for x in (i % 2, f"x{i}")]
    state._hlen = 2 * moves
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert twin.history() == state.history() and len(twin.history()) == moves
        assert twin.view(0) == state.view(0) and twin.legal_ids(0) == state.legal_ids(0)
