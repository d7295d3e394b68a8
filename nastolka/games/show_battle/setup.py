"""Setting a «Шоу-Битва» game up (SB-4) and the ``setup`` block that pins a position by hand.

Why a separate module: scenario tests and bug reports are records whose ``setup`` lays out the board, hands,
decks, tokens and used mulligans (keys in docs/records.md); the validation turns a typo into an
``OptionError`` naming the key. The normal random start is the short path through :func:`create`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nastolka.engine import OptionError, Origin, Rng

from .data import (
    AERIALISTS,
    CARD_KIND,
    CARD_OWNER,
    HAND,
    KIND_IDS,
    KIND_INDEX,
    NKINDS,
    ROW_INDEX,
    ROW_SLOTS,
    ROWS_ONE_BOARD,
    ROWS_TWO_BOARDS,
    START,
    TOKENS,
)

if TYPE_CHECKING:
    from .state import ShowBattleState


def create(cls: type[ShowBattleState], players: int, options: dict[str, Any], rng: Rng,
            setup: dict[str, Any] | None) -> ShowBattleState:
    """A new game (SB-4), or the position a ``setup`` block describes."""
    klass: Any = cls    # compiled, a native class's __new__ is reached through a Python object
    s: ShowBattleState = klass.__new__(klass)
    # base fields are set again by Game.new; set here because a setup may start with automa moves
    s.players = players
    s.rng = rng
    s.step = 0
    s._start_history()
    s.origin = Origin(players, options, 0, setup)   # a placeholder (Game.new sets the real one)
    s.solo = players == 1
    s.troupes = nt = 2 if s.solo else players
    s.rows = 2 if nt <= 2 else 4
    s.two_boards = 0 if nt <= 2 else 1
    s.top = [-1] * (s.rows * ROW_SLOTS)
    s.covered = [()] * (s.rows * ROW_SLOTS)
    s.row_len = [0] * s.rows
    s.orient = [0] * (nt * NKINDS)
    s.face_up = [False] * (nt * NKINDS)
    s.protected = [False] * (nt * NKINDS)
    s.tokens = [TOKENS] * nt
    s.mulligan_used = [False] * nt
    s.phase = START
    s.token_used = False
    s.passes = 0
    s.pending = None
    s.effect_ids = ()
    s.jury_sympathy = bool(options.get("jury_sympathy")) and players == 2
    s.automa_level = str(options.get("automa_level", "debut"))
    if setup is None:
        s.hands, s.decks = [], []
        for t in range(nt):
            deck = list(range(t * NKINDS, (t + 1) * NKINDS))
            rng.shuffle(deck)
            hand = [deck.pop() for _ in range(HAND)]
            hand.sort()
            s.hands.append(hand)
            s.decks.append(deck)
        s.first = 0 if s.solo else rng.randbelow(players)
    else:
        load_setup(s, setup, rng)
    s._update_places()
    s.turn = s.first
    s._next_turn(s.first - 1, [])
    return s


def load_setup(st: ShowBattleState, setup: dict[str, Any], rng: Rng) -> None:  # noqa: C901
    """Build the position a scenario describes (keys documented in ``docs/records.md``)."""
    nt = st.troupes
    known = {"first", "hands", "decks", "board", "tokens", "mulligan_used"}
    unknown = set(setup) - known
    if unknown:
        raise OptionError(f"unknown setup keys: {', '.join(sorted(unknown))} (known: {', '.join(sorted(known))})")
    first = setup.get("first", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < st.players:
        raise OptionError(f"setup 'first' must be a seat from 0 to {st.players - 1}, not {first!r}")
    st.first = first
    rows = ROWS_TWO_BOARDS if st.two_boards else ROWS_ONE_BOARD
    placed: set[int] = set()

    def card_of(name: Any, owner: int, where: str) -> int:
        if not isinstance(name, str) or name not in KIND_INDEX:
            raise OptionError(f"{where}: {name!r} is not a card id (cards: {', '.join(KIND_IDS)})")
        c = owner * NKINDS + KIND_INDEX[name]
        if c in placed:
            raise OptionError(f"{where}: troupe {owner}'s {name} is listed twice")
        placed.add(c)
        return c

    stacks: dict[int, list[int]] = {}
    board = setup.get("board", [])
    if not isinstance(board, list):
        raise OptionError("setup 'board' must be a list of cards")
    for n, item in enumerate(board):
        where = f"setup board #{n}"
        if not isinstance(item, dict):
            raise OptionError(f"{where} must be an object")
        extra = set(item) - {"row", "slot", "card", "owner", "orient", "face_up", "token"}
        if extra:
            raise OptionError(f"{where}: unknown keys {', '.join(sorted(extra))}")
        row = str(item.get("row", ""))
        if row not in rows:
            raise OptionError(f"{where}: row must be one of {', '.join(rows)}, not {item.get('row')!r}")
        slot = item.get("slot")
        if isinstance(slot, bool) or not isinstance(slot, int) or not 1 <= slot <= ROW_SLOTS:
            raise OptionError(f"{where}: slot must be 1..8, not {slot!r}")
        owner = item.get("owner", 0)
        if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < nt:
            raise OptionError(f"{where}: owner must be a troupe 0..{nt - 1}, not {owner!r}")
        c = card_of(item.get("card"), owner, where)
        orient = item.get("orient", 0)
        if isinstance(orient, bool) or orient not in (0, 1, 2, 3):
            raise OptionError(f"{where}: orient must be 0..3, not {orient!r}")
        face_up = item.get("face_up", True)
        token = item.get("token", False)
        if not isinstance(face_up, bool) or not isinstance(token, bool):
            raise OptionError(f"{where}: face_up and token must be true or false")
        if token and not face_up:
            raise OptionError(f"{where}: a token can only lie on a face-up card")
        st.orient[c] = orient
        st.face_up[c] = face_up
        st.protected[c] = token
        stacks.setdefault(ROW_INDEX[row] * ROW_SLOTS + slot - 1, []).append(c)
    for idx, stack in stacks.items():
        if any(st.face_up[c] for c in stack[:-1]):
            raise OptionError(f"setup board: row {rows[idx // ROW_SLOTS]} slot {idx % ROW_SLOTS + 1}: "
                              "only face-down cards can be covered")
        if idx % ROW_SLOTS == 7 and CARD_KIND[stack[0]] != AERIALISTS:
            raise OptionError(f"setup board: row {rows[idx // ROW_SLOTS]} slot 8 must be opened by "
                              "the aerialists")
        st.top[idx] = stack[-1]
        st.covered[idx] = tuple(stack[:-1])
    started = True
    for r in range(st.rows):
        filled = [st.top[r * ROW_SLOTS + s] >= 0 for s in range(ROW_SLOTS)]
        n = sum(filled)
        if filled[:n] != [True] * n:
            raise OptionError(f"setup board: row {rows[r]} has a gap (cards must lie one next to another "
                              "from slot 1)")
        if n and not started:
            raise OptionError(f"setup board: row {rows[r]} is started before an earlier row")
        started = n > 0
        st.row_len[r] = n

    def per_troupe(key: str) -> list[Any] | None:
        value = setup.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != nt:
            what = "2 (you, then the rival)" if st.solo else str(nt)
            raise OptionError(f"setup {key!r} must be a list of {what} entries, one per troupe")
        return value

    hands = per_troupe("hands")
    decks = per_troupe("decks")
    st.hands, st.decks = [], []
    for t in range(nt):
        hand: list[int] = []
        if hands is not None:
            if not isinstance(hands[t], list) or len(hands[t]) > HAND:
                raise OptionError(f"setup hands[{t}] must be a list of at most {HAND} card ids")
            hand = [card_of(name, t, f"setup hands[{t}]") for name in hands[t]]
        if decks is not None:
            if not isinstance(decks[t], list):
                raise OptionError(f"setup decks[{t}] must be a list of card ids, top first")
            deck = [card_of(name, t, f"setup decks[{t}]") for name in decks[t]]
            deck.reverse()  # stored with the top at the end
            missing = [KIND_IDS[k] for k in range(NKINDS) if t * NKINDS + k not in placed]
            if missing:
                raise OptionError(f"setup: troupe {t}'s cards {', '.join(missing)} are in no hand, deck "
                                  "or slot")
        else:
            deck = [c for c in range(t * NKINDS, (t + 1) * NKINDS) if c not in placed]
            rng.shuffle(deck)
            placed.update(deck)
        if hands is None:
            hand = [deck.pop() for _ in range(min(HAND, len(deck)))]
        hand.sort()
        st.hands.append(hand)
        st.decks.append(deck)
    on_board = [sum(1 for c in st.top if c >= 0 and st.protected[c] and CARD_OWNER[c] == t) for t in range(nt)]
    tokens = per_troupe("tokens")
    if tokens is None:
        st.tokens = [TOKENS - on_board[t] for t in range(nt)]
    else:
        for t in range(nt):
            if isinstance(tokens[t], bool) or not isinstance(tokens[t], int) or not 0 <= tokens[t] <= TOKENS:
                raise OptionError(f"setup tokens[{t}] must be 0..{TOKENS}")
        st.tokens = list(tokens)
    if any(v < 0 for v in st.tokens):
        raise OptionError(f"setup board: a troupe has more than {TOKENS} tokens on its cards")
    mull = per_troupe("mulligan_used")
    if mull is not None:
        if not all(isinstance(m, bool) for m in mull):
            raise OptionError("setup 'mulligan_used' must be a list of true/false")
        st.mulligan_used = list(mull)
