"""The inner loop of ISMCTS (``bots/ismcts.py``): determinize, descend the trees, roll out, back up.

Why a module of its own: it is where a search spends its time, so it is compiled with the rules by mypyc
(``nastolka/native.py``), and it keeps to what compiles well — a native ``Node`` class, plain arguments
instead of the configuration dataclass, and the engine's fast interface: ``legal_keys`` (ids, or a game's
integer codes, which name the same actions in every determinization), ``apply_index`` where the trees need
the events, ``play_index`` (no events, no ids) in the random rollout — or, for a game without codes
(``GameState.indexed`` false), its ids once per move and ``play_id``. Keys and ids are one to one, so the
trees and the statistics are exactly those the id-keyed loop grew; the root statistics come back by id.

Everything about the method (observation keys, availability counts, rewards) is explained in
``bots/ismcts.py`` and ``docs/bots.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Final

from nastolka.engine import Event, GameState, Result, Rng

#: a rollout longer than this is scored as a draw (protects against a looping rule bug)
STEP_LIMIT: Final = 20_000


class Node:
    """A tree node: visits, total reward of the tree's owner, availability count and children."""

    children: dict[Any, Node]
    n: int
    w: float
    avail: int

    def __init__(self) -> None:
        self.children = {}
        self.n = 0
        self.w = 0.0
        self.avail = 1


def obs_key(events: list[Event], observer: int, actor: int) -> tuple[Any, ...]:
    """What ``observer`` learns from ``actor``'s move: the events it may see (kind and arguments)."""
    key: list[Any] = [actor]
    for e in events:
        seats = e.seats
        if seats is None or observer in seats:
            key.append(e.kind)
            key.append(repr(e.args))
    return tuple(key)


def _obs_key(events: list[Event], texts: list[str], observer: int, actor: int) -> tuple[Any, ...]:
    """:func:`obs_key` with each event's ``repr(args)`` made once for all observers (``texts``)."""
    key: list[Any] = [actor]
    for i in range(len(events)):
        seats = events[i].seats
        if seats is None or observer in seats:
            key.append(events[i].kind)
            key.append(texts[i])
    return tuple(key)


def rewards_of(result: Result, players: int, score_weight: float = 0.1) -> list[float]:
    """Per-seat reward in [0, 1]: share of opponents beaten (ties count half), plus some score margin.

    Rank-based rather than win/loss so that in 3+ player games second place is worth more than last; the
    score term breaks plateaus where every rollout ends the same way.
    """
    ranks = result.ranks
    base: list[float] = []
    if players <= 1:
        base.append(1.0 if 0 in result.winners else 0.0)
    else:
        for s in range(players):
            rs = ranks[s]
            worse = 0
            tied = 0
            for t in range(players):
                if t != s:
                    rt = ranks[t]
                    if rt > rs:
                        worse += 1
                    elif rt == rs:
                        tied += 1
            base.append((worse + 0.5 * tied) / (players - 1))
    if score_weight <= 0.0 or players <= 1:
        return base
    scores = result.scores
    lo = min(scores)
    span = max(scores) - lo
    if span <= 0:
        return [(1 - score_weight) * b + 0.5 * score_weight for b in base]
    return [(1 - score_weight) * b + score_weight * (scores[s] - lo) / span for s, b in enumerate(base)]


def _descend(det: GameState, seat: int, cur: list[Node], nodes: list[Node], owners: list[int],
             rng: Rng, c: float, by_events: bool) -> None:
    """Selection and expansion, all trees descending together, until a new node or the end."""
    n_players = len(cur)
    actor = seat
    indexed = det.indexed
    while not det.is_over:
        keys = det.legal_keys(actor)
        node = cur[actor]
        children = node.children
        untried = [i for i in range(len(keys)) if keys[i] not in children]
        expanded = False
        if untried:
            index = untried[rng.randbelow(len(untried))]
            child = children[keys[index]] = Node()
            expanded = True
        else:
            index = 0
            child = children[keys[0]]
            best = -1.0
            for key in keys:
                children[key].avail += 1
            for i in range(len(keys)):
                ch = children[keys[i]]
                v = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                if v > best:
                    best = v
                    index = i
                    child = ch
        events = det.apply_index(actor, index) if indexed else det.apply_unchecked(actor, keys[index])
        texts = [repr(e.args) for e in events] if by_events else []
        for o in range(n_players):
            if o == actor:
                cur[o] = child
                nodes.append(child)
                owners.append(o)
            else:
                okey = _obs_key(events, texts, o, actor) if by_events else (actor, keys[index])
                siblings = cur[o].children
                nxt = siblings.get(okey)
                if nxt is None:
                    nxt = siblings[okey] = Node()
                cur[o] = nxt
        if expanded or det.is_over:
            return
        actor = det.to_act[0]


def _rollout(det: GameState, rand: Callable[[], float], policy: Callable[[GameState, int], str] | None,
             guided: int, cut: int) -> None:
    """Play on to the end (or ``cut`` plies; -1: no cut): uniformly random, or ``policy`` for the first
    ``guided`` plies (-1: all of them)."""
    steps = 0
    indexed = det.indexed
    while not det.is_over:
        if 0 <= cut <= steps:
            break
        who = det.to_act[0]
        if policy is not None and (guided < 0 or steps < guided):
            det.play_id(who, policy(det, who))
        elif indexed:
            det.play_index(who, int(rand() * det.legal_count(who)))
        else:
            ids = det.legal_ids(who)
            det.play_id(who, ids[int(rand() * len(ids))])
        steps += 1
        if steps >= STEP_LIMIT:
            break


def run(state: GameState, seat: int, rng: Rng, rand: Callable[[], float], clock: Callable[[], float],
        iterations: int, deadline: float, c: float, score_weight: float, by_events: bool,
        policy: Callable[[GameState, int], str] | None, guided: int, cut: int,
        evaluator: Callable[[GameState], Sequence[float]] | None) -> tuple[dict[str, tuple[int, float]], int]:
    """One single-process search; returns ``{action id: (visits, total reward)}`` at the root and the count.

    ``iterations`` -1 and ``deadline`` -1.0 mean no such limit (one of them is set); ``cut`` is the rollout
    depth before ``evaluator`` is asked (-1: play to the end).
    """
    n_players = state.players
    roots = [Node() for _ in range(n_players)]
    done = 0
    started = previous = clock()
    worst = 0.0
    while True:
        if 0 <= iterations <= done:
            break
        if deadline >= 0 and done:
            now = clock()
            if now - previous > worst:
                worst = now - previous
            previous = now
            # the longest iteration so far (or twice the mean): rollouts vary in length and a busy
            # machine preempts; a late answer is a bug while one iteration fewer is not
            if now + max(worst, 2 * (now - started) / done) > deadline:
                break
        det = state.determinize(seat, rng.spawn())
        nodes: list[Node] = []
        owners: list[int] = []
        _descend(det, seat, roots[:], nodes, owners, rng, c, by_events)
        _rollout(det, rand, policy, guided, cut)
        rewards: Sequence[float]
        if det.is_over:
            rewards = rewards_of(det.result(), n_players, score_weight)
        elif evaluator is not None:
            rewards = evaluator(det)
        else:
            rewards = [0.5] * n_players
        # ---- backpropagation (each tree's nodes hold its owner's reward)
        for i in range(len(nodes)):
            node = nodes[i]
            node.n += 1
            node.w += rewards[owners[i]]
        done += 1
    root = roots[seat].children
    return {state.key_id(key): (ch.n, ch.w) for key, ch in root.items()}, done
