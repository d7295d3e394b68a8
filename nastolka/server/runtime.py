"""One table as a server process knows it: its seats and its state rebuilt by replaying the action log.

Why in memory: the log in the database is the truth, but replaying it for every message would be slow;
each process keeps the replayed state and only applies actions it has not seen yet (``catch_up``).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nastolka.engine import Event, Game, GameState, get
from nastolka.engine.words import seat_names

from .store import public_seat
from .timers import is_turn_based, speed_name


@dataclass
class SeatInfo:
    seat: int
    kind: str                 # open | reserved | human | bot
    name: str | None
    bot: str | None
    token_hash: str | None
    away: bool
    invite_hash: str | None = None   # a reserved seat's invite secret, hashed (never sent)
    bank_left: float | None = None   # seconds left of the person's time bank as stored (None: all of it)
    account_id: int | None = None    # the account seated here (never sent: the name is the handle)
    turn_at: float | None = None     # turn-based: when this seat's running clock started (the time source's)

    @classmethod
    def from_row(cls, row: Any) -> SeatInfo:
        bank = getattr(row, "bank_left", None)
        turn_at = getattr(row, "turn_at", None)
        return cls(row.seat, row.kind, row.name, row.bot, row.token_hash, bool(row.away),
                   getattr(row, "invite_hash", None), float(bank) if bank is not None else None,
                   getattr(row, "account_id", None), float(turn_at) if turn_at is not None else None)

    def public(self) -> dict[str, Any]:
        return public_seat(self)

    @property
    def bot_plays(self) -> bool:
        """A bot chooses for this seat: a bot seat, or a person who is away (clock ran out, or left)."""
        return self.kind == "bot" or (self.kind == "human" and self.away)

    def player_name(self) -> str:
        if self.kind == "bot":
            return f"bot:{self.bot}"
        return self.name or f"seat {self.seat}"


@dataclass
class LogEntry:
    """An applied action with its events. Their words are written on first demand, per language, and
    kept (``text``): a table whose sockets all read Russian never pays for the English texts. Event texts
    read only the table's fixed facts from a state (seating, train, troupes; a test holds the games to
    that), so the table's current state writes them as well as the state right after the move."""

    version: int
    seat: int
    action: str
    by: str
    events: list[dict[str, Any]]     # each: kind, args, seats (None = public), and text_<lang> once written
    raw: list[Event] = field(default_factory=list, repr=False)

    def text(self, rt: Runtime, index: int, lang: str) -> str:
        """The words of event ``index`` in ``lang``, written once."""
        event = self.events[index]
        key = "text_" + lang
        text = event.get(key)
        if text is None:
            text = event[key] = rt.state.event_text(self.raw[index], lang, rt.display_names(lang))
        return str(text)


@dataclass
class Runtime:
    id: str
    game: Game
    options: dict[str, Any]
    players: int
    seed: int
    status: str
    clock: int | None
    seats: list[SeatInfo]
    state: GameState
    by: list[str] = field(default_factory=list)
    log: deque[LogEntry] = field(default_factory=lambda: deque(maxlen=400))
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    turn_started: float = field(default_factory=time.monotonic)
    record: dict[str, Any] | None = None
    owner_hash: str | None = None
    private: bool = False
    invite_hash: str | None = None
    bank: int = 0                                   # seconds each person may run over the clock, in all
    bank_left: list[float] = field(default_factory=list)
    touched: float = field(default_factory=time.monotonic)   # last change or visit (for eviction)
    #: why this table cannot be played or replayed here (it was played under other rules), or ""
    outdated: str = ""
    #: the rules version this table was played under ("" when it is this server's)
    played_version: str = ""
    #: False for a casual table: no ratings, and a seat may ask the search bot for a hint
    rated: bool = True
    #: no chat message or rematch link can exist yet: a table this process created, with no other process
    #: to post to it (a socket's hello then skips reading the chat from the database)
    chat_quiet: bool = False
    #: the deployment's time (``timers.TimeSource.now``): turn-based clocks are read against it
    wall: Callable[[], float] = field(default=time.time, repr=False)
    #: display names per language and seating (``display_names``)
    _names: dict[tuple[Any, ...], list[str]] = field(default_factory=dict, repr=False)

    @classmethod
    def from_rows(cls, row: Any, seat_rows: list[Any]) -> Runtime:
        """A table as its rows hold it (a NULL clock is no clock at all: migration 0011 gave older live
        tables stored without one the 2:00 they ran on)."""
        game = get(row.game)
        options = json.loads(row.options)
        record = json.loads(row.record) if row.record else None
        # the table's own column, or (rows older than the column) the version its finished record names
        played = row.rules_version or (str(record.get("rules_version") or "") if record else "")
        outdated = ""
        if played and played != game.rules_version:
            outdated = (f"table {row.id} was played under {game.name_en} rules version {played}, but this server "
                        f"implements rules version {game.rules_version}; its record can still be downloaded")
        seed = int(row.seed)
        state = game.new(row.players, options, seed=seed, rng=row.rng)
        bank = int(row.bank or 0)
        rt = cls(id=row.id, game=game, options=options, players=row.players, seed=seed,
                 status=row.status, clock=row.clock,
                 seats=[SeatInfo.from_row(s) for s in seat_rows], state=state, record=record, outdated=outdated,
                 played_version=played if outdated else "",
                 owner_hash=row.owner_hash, private=bool(row.private), invite_hash=row.invite_hash,
                 bank=bank, bank_left=[float(bank)] * row.players, rated=bool(getattr(row, "rated", 1)))
        rt.sync_banks()
        return rt

    def sync_banks(self) -> None:
        """The time banks as the database holds them (a restart or another process goes on from them)."""
        for s in self.seats:
            if 0 <= s.seat < len(self.bank_left):
                self.bank_left[s.seat] = s.bank_left if s.bank_left is not None else float(self.bank)

    def bank_after(self, seat: int, by: str) -> float | None:
        """What is left of ``seat``'s bank if a person moves now: the time over the per-move limit comes
        out of it; ``None`` when nothing changes (within the limit, a bot, no clock)."""
        if not self.clock or by != "human" or not 0 <= seat < len(self.bank_left):
            return None
        overtime = self.elapsed(seat) - self.clock
        if overtime <= 0:
            return None
        return max(0.0, self.bank_left[seat] - overtime)

    @property
    def version(self) -> int:
        return self.state.step

    @property
    def turn_based(self) -> bool:
        """Turn-based tables keep their deadlines in the database (``timers.py``), not in a sleeping task."""
        return is_turn_based(self.clock)

    def elapsed(self, seat: int) -> float:
        """Seconds ``seat``'s clock has run this turn: real-time tables count from the last change in this
        process; turn-based ones from the seat's stored start, by the deployment's time."""
        if self.turn_based:
            started = self.seats[seat].turn_at if 0 <= seat < len(self.seats) else None
            return 0.0 if started is None else max(0.0, self.wall() - started)
        return time.monotonic() - self.turn_started

    def running(self) -> list[int]:
        """The seats whose clocks run: people to act whom no stand-in replaces (the clocks stop while
        nobody can act: before the start, after the end, while only bots are to move)."""
        if self.clock is None or self.status != "playing":
            return []
        return [s for s in self.state.to_act if self.seats[s].kind == "human" and not self.seats[s].away]

    def seat_clocks(self) -> list[dict[str, Any]]:
        """Each seat's clock as everyone sees it: what is left of this move's time (``None`` while the
        seat's clock stands), of its bank (what it has run over the move's time comes out of it), and
        whether its stand-in plays for it (the clock ran out, or the person left)."""
        running = set(self.running())
        out = []
        for info in self.seats:
            seat = info.seat
            stored = self.bank_left[seat] if 0 <= seat < len(self.bank_left) else 0.0
            clock_left, bank = None, stored
            if seat in running and self.clock is not None:
                spent = self.elapsed(seat)
                clock_left = round(max(0.0, self.clock - spent), 1)
                bank = max(0.0, stored - max(0.0, spent - self.clock))
            out.append({"seat": seat, "clock_left": clock_left, "bank_left": round(bank, 1),
                        "running": seat in running, "stand_in": info.kind == "human" and info.away})
        return out

    def apply_logged(self, version: int, seat: int, aid: str, by: str) -> LogEntry:
        """Apply an action read from the log (already accepted by some process) to the cached state."""
        if version != self.state.step:
            raise RuntimeError(f"table {self.id}: log version {version} but state step {self.state.step}")
        aid = self.game.upgrade_id(aid)  # a game stored before the id grammar holds older id shapes
        events = self.state.apply(seat, aid)
        return self.remember(seat, aid, by, events, self.state)

    def display_names(self, lang: str) -> list[str]:
        """The seats as the log and the page call them: people by name, bots by level (with a given name
        when several bots sit at the table) — never a seat number once everyone is seated."""
        key = (lang, *[(s.kind == "bot", s.bot, s.name) for s in self.seats])
        names = self._names.get(key)
        if names is None:   # asked several times per move (events, labels, table facts): kept per seating
            kinds = ["human" if s.kind != "bot" else (s.bot or "random") for s in self.seats]
            people = {s.seat: s.name for s in self.seats if s.kind != "bot" and s.name}
            if len(self._names) > 16:
                self._names.clear()
            names = self._names[key] = seat_names(kinds, lang, people)
        return list(names)

    def remember(self, seat: int, aid: str, by: str, events: list[Event], after: GameState) -> LogEntry:
        entry = LogEntry(after.step - 1, seat, aid, by, [
            {"kind": e.kind, "args": dict(e.args), "seats": list(e.seats) if e.seats is not None else None}
            for e in events], list(events))
        self.by.append(by)
        self.log.append(entry)
        # the bank is charged where the move is committed (``bank_after``, stored with the action); a
        # turn-based seat's start comes with the seats read back after the commit
        self.turn_started = self.touched = time.monotonic()
        return entry

    def seat_for_token_hash(self, token_hash: str) -> int | None:
        for s in self.seats:
            if s.kind == "human" and s.token_hash is not None and hmac.compare_digest(s.token_hash, token_hash):
                return s.seat
        return None

    def stand_ins(self) -> list[list[int]]:
        """[version, seat] of every move a bot made for an absent person (for the record's notes)."""
        history = self.state.history()
        return [[v, history[v][0]] for v, by in enumerate(self.by) if by == "clock"]

    def public(self) -> dict[str, Any]:
        """Table facts anyone may see (the seed stays secret until the game is over)."""
        data: dict[str, Any] = {
            "id": self.id, "game": self.game.id, "game_name": {"en": self.game.name_en, "ru": self.game.name_ru},
            "options": self.options, "players": self.players, "status": self.status, "clock": self.clock,
            "seats": [{**s.public(), "label": {"en": en, "ru": ru}} for s, en, ru
                      in zip(self.seats, self.display_names("en"), self.display_names("ru"), strict=True)],
            "version": self.version,
            "private": self.private, "bank": self.bank, "rated": self.rated, "speed": speed_name(self.clock),
        }
        if self.status == "open":
            data["waiting"] = self.waiting()
        if self.status == "over":
            data["seed"] = self.seed
        return data

    def waiting(self) -> dict[str, Any]:
        """Who a table waiting for players waits for: the people invited to reserved seats (by the name
        they were invited as) and the seats anyone may still take."""
        invited = [{"seat": s.seat, "name": s.name} for s in self.seats if s.kind == "reserved"]
        open_seats = [s.seat for s in self.seats if s.kind == "open"]
        seated = [{"seat": s.seat, "name": s.name} for s in self.seats if s.kind == "human"]
        return {"invited": invited, "open": open_seats, "seated": seated,
                "missing": len(invited) + len(open_seats)}

    def clock_left(self) -> float | None:
        """Seconds left of the per-move limit of the first seat whose clock runs (the bank comes on top:
        ``time_left``); ``None`` while no clock runs."""
        running = self.running()
        if not running or self.clock is None:
            return None
        return max(0.0, self.clock - self.elapsed(running[0]))

    def time_left(self, seat: int) -> float | None:
        """Seconds until ``seat``'s stand-in takes over: what is left of this move's limit and its bank."""
        if self.clock is None or self.status != "playing":
            return None
        bank = self.bank_left[seat] if 0 <= seat < len(self.bank_left) else 0.0
        return max(0.0, self.clock + bank - self.elapsed(seat))


#: the languages the server writes in; a socket that names one in ``hello`` gets texts in it alone
LANGS = ("en", "ru")


def socket_lang(value: Any) -> str | None:
    """The one language a socket asked for (``"en"`` or ``"ru"``), or ``None`` for both (the old protocol)."""
    return value if isinstance(value, str) and value in LANGS else None


def visible_events(rt: Runtime, entries: list[LogEntry], seat: int | None,
                   lang: str | None = None) -> list[dict[str, Any]]:
    """Events of ``entries`` that ``seat`` may see, without the internal ``seats`` field; their text in
    ``lang`` alone (``text_<lang>``), or in both languages when ``lang`` is ``None``."""
    out: list[dict[str, Any]] = []
    langs = LANGS if lang is None else (lang,)
    for entry in entries:
        for i, e in enumerate(entry.events):
            if e["seats"] is None or (seat is not None and seat in e["seats"]):
                event = {"version": entry.version, "seat": entry.seat, "by": entry.by, "kind": e["kind"],
                         "args": e["args"]}
                for code in langs:
                    event["text_" + code] = entry.text(rt, i, code)
                out.append(event)
    return out


def legal_for(rt: Runtime, seat: int | None, lang: str | None = None) -> list[dict[str, str]]:
    """The buttons a seat may press now (none for spectators, seats a bot plays for, or finished games),
    labelled in ``lang`` alone or (``None``) in both languages: the labels are the costliest words the
    server writes per move, so a socket that named its language has only those written."""
    if seat is None or rt.status != "playing" or seat not in rt.state.to_act:
        return []
    if rt.seats[seat].bot_plays:
        return []
    langs = LANGS if lang is None else (lang,)
    names = {code: rt.display_names(code) for code in langs}
    state = rt.state
    return [{"id": aid, **{code: state.action_label(aid, code, names[code]) for code in langs}}
            for aid in state.legal_ids(seat)]


NO_VIEW: Any = object()   # state_message's "compute the view" (a view may itself be None)


def state_message(rt: Runtime, seat: int | None, entries: list[LogEntry], *, full: bool,
                  table: Any = None, lang: str | None = None, view: Any = NO_VIEW) -> dict[str, Any]:
    """The one message a seat (or spectator) gets after a change: its own view, legal actions, events.
    ``table``: the table's public facts when the caller has them already (one computation per change);
    ``lang``: the socket's language (labels and event texts in it alone), ``None`` for both; ``view``: the
    seat's view when the caller has it already (sockets of one seat in two languages share it)."""
    msg: dict[str, Any] = {"type": "state", "full": full, "table": rt.public() if table is None else table,
                           "you": seat,
                           "version": rt.version, "view": None, "legal": [], "events": []}
    if rt.status != "open":
        msg["view"] = rt.state.view(seat) if view is NO_VIEW else view
        msg["legal"] = legal_for(rt, seat, lang)
        msg["events"] = visible_events(rt, entries, seat, lang)
        if rt.clock is not None and rt.status == "playing":
            left = rt.clock_left()
            if left is not None:
                msg["clock_left"] = round(left, 1)
            msg["bank_left"] = [round(b, 1) for b in rt.bank_left]
            msg["seat_clocks"] = rt.seat_clocks()
    return msg
