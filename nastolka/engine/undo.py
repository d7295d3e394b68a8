"""May a player take back their last move? One rule for every game (BGA's undo policy).

A player may take back their own last move while nobody else has acted since, the move drew no
randomness, and it told nobody anything hidden. The engine decides from the state alone, through the
hooks every game already has (``clone``, ``determinize``, ``view``), so a game adds nothing for undo and
every client (the terminal, the server) asks the same question. The reasoning is in docs/decisions.md
("Undo: one generic rule").

The rule, for seat ``m`` taking back action ``a`` that turned state ``B`` into ``A``:

1. ``a`` was the last step of the history and ``m`` made it (nobody acted since), and the game is not
   over (a finished game's result is public);
2. no randomness: the state's generator is the same after the move as before it, so no draw, shuffle or
   die roll happened, not even one nobody sees yet;
3. nothing hidden shown: for every seat ``v`` (``m`` included), in worlds resampled from what ``v`` knew
   before the move (``B.determinize(v, …)``) in which ``a`` is legal, applying ``a`` shows ``v`` and the
   spectator exactly what it showed them in the real game. What ``v`` saw after the move is then a
   function of what ``v`` saw before and the move itself: a face-up card names itself in the move, a
   placement on the public board is public; a card drawn from a deck, another's face-down card turned
   over, or one's own face-down card shown to the others differs between worlds and is caught.

The worlds are drawn from seeds fixed by the position, so every process and every replay of a record
decides the same way.
"""

from __future__ import annotations

from .rng import Rng
from .state import GameState

#: resampled worlds per seat (a reveal must look the same in every one of them to pass unnoticed)
UNDO_WORLDS = 64
#: how many worlds per seat may be tried to find those in which the move is legal (another seat's hand
#: is resampled too, and the move may need a card the world did not give it)
UNDO_TRIES = 256

#: the reasons an undo is refused (keys of the clients' words), and "" when it is allowed
OK = ""
NOTHING = "nothing"          # no move of this seat to take back
OTHER_ACTED = "other_acted"  # someone else acted since
OVER = "over"                # the move ended the game
RANDOM = "random"            # the move drew randomness
REVEALED = "revealed"        # the move showed someone something hidden
REASONS = (NOTHING, OTHER_ACTED, OVER, RANDOM, REVEALED)


def undo_reason(before: GameState, after: GameState, seat: int) -> str:
    """Why ``seat`` may not take back the move from ``before`` to ``after`` (``""``: it may).

    ``after`` must be ``before`` with exactly one more step; anything else answers :data:`OTHER_ACTED`
    (several steps) or :data:`NOTHING`.
    """
    if after.step != before.step + 1 or after.step == 0:
        return NOTHING if after.step <= before.step else OTHER_ACTED
    mover, aid = after.history()[-1]
    if mover != seat:
        return OTHER_ACTED
    if after.is_over:
        return OVER
    return move_reveals(before, seat, aid)


def move_reveals(before: GameState, seat: int, aid: str) -> str:
    """``""`` when ``seat``'s legal action ``aid`` in ``before`` draws no randomness and shows nobody
    anything hidden (rules 2 and 3 of the module's docstring); otherwise :data:`RANDOM` or :data:`REVEALED`."""
    after = before.clone()
    after.apply_unchecked(seat, aid)
    if after.rng != before.rng:
        return RANDOM
    if after.is_over:
        return OVER
    public = after.view(None)
    for viewer in range(before.players):
        seen = after.view(viewer)
        legal = 0
        for attempt in range(UNDO_TRIES):
            if legal >= UNDO_WORLDS:
                break
            world = before.determinize(viewer, _world_seed(before, viewer, attempt))
            if seat not in world.to_act or aid not in world.legal_ids(seat):
                if viewer == seat:
                    return REVEALED   # the mover's own worlds must all allow its move: be safe
                continue
            legal += 1
            world.apply_unchecked(seat, aid)
            if world.view(viewer) != seen or world.view(None) != public:
                return REVEALED
        if legal == 0:
            return REVEALED   # no world to compare with: refuse rather than guess
    return OK


def _world_seed(state: GameState, viewer: int, attempt: int) -> Rng:
    """A generator fixed by the position, the viewer and the attempt (the same decision everywhere)."""
    return Rng(((state.step + 1) * 1_000_003 + viewer * 7919 + attempt) & 0x7FFF_FFFF_FFFF_FFFF)


def undo_target(states: list[GameState], seat: int) -> tuple[int | None, str]:
    """Of a game's successive states (``states[i]`` before step ``i``, the last one now), the index of the
    state an undo by ``seat`` returns to, or ``None`` and the reason (one of :data:`REASONS`).

    One move is taken back at a time; asking again takes back the move before it, under the same rule.
    """
    if len(states) < 2:
        return None, NOTHING
    last = states[-1].history()[-1][0]
    if last != seat:
        mine = any(s == seat for s, _ in states[-1].history())
        return None, OTHER_ACTED if mine else NOTHING
    why = undo_reason(states[-2], states[-1], seat)
    return (len(states) - 2, OK) if not why else (None, why)
