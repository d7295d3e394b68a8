"""At the table together: chat, rematch with the same seats, and the search bot's hint on casual tables.

Chat is stored with the table (table ``chat``), in two channels: ``players`` (the seated people; everyone
may read it) and ``spectators`` (people watching; shown to players only once the game is over, so a
spectator cannot whisper moves to a player through the page). Every message is limited in length and rate
(per writer and per table), and the finished record's notes carry the whole chat. New messages are pushed
over the table's websocket (``chatfeed.py``); ``read_chat`` serves clients without one.

A hint runs the ISMCTS search on the asking seat's information set only (determinizations of the seat's
knowledge), so it reveals nothing a seat may not know; it is refused on rated tables.
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from nastolka.bots.ismcts import IsmctsBot, IsmctsConfig
from nastolka.bots.levels import search_settings

from . import store
from .chatfeed import may_read
from .errors import PlayError
from .models import chat, seats, tables
from .names import clean_name, name_key, same_name
from .ratelimit import TokenBucket
from .runtime import Runtime
from .tables import TableService
from .tokens import hash_token, new_token

MAX_TEXT = 300
#: messages each channel of a table may hold (``Settings.chat_cap_players`` / ``chat_cap_spectators``)
CAPS = {"players": 1000, "spectators": 300}
CHANNELS = ("players", "spectators")
HINT_ITERATIONS = 600
HINT_SECONDS = 1.5
HINT_COOLDOWN = 3.0

_buckets: dict[tuple[str, str], TokenBucket] = {}
_hint_at: dict[tuple[str, int], float] = {}
_rematch_locks: dict[str, asyncio.Lock] = {}


def clean_text(raw: Any) -> str:
    if not isinstance(raw, str):
        raise PlayError("bad_text", "text_not_text")
    text = " ".join(unicodedata.normalize("NFC", raw).split())   # no control characters, no line floods
    if not text:
        raise PlayError("bad_text", "text_empty")
    if len(text) > MAX_TEXT:
        raise PlayError("bad_text", "text_long", n=MAX_TEXT)
    return text


#: each channel's own budget per table (rate per second, burst): a spectators' flood never spends the
#: players' (issue 34: one anonymous spectator made half the players' messages fail)
_TABLE_RATE = {"players": (3.0, 20), "spectators": (2.0, 10)}
#: what one address may write as spectators, whatever names it uses (a name is free to change)
_SPECTATOR_ADDRESS_RATE = (0.5, 6)


def _bucket(key: tuple[str, str], rate: tuple[float, int]) -> TokenBucket:
    bucket = _buckets.get(key)
    if bucket is None:
        bucket = _buckets[key] = TokenBucket(*rate)
    return bucket


def _allow(table_id: str, channel: str, who: str, address: str) -> bool:
    """The writer's own budget (a message every 2 s, bursts of 4), a spectator's address's, and the
    channel's at this table: all must allow the message."""
    if len(_buckets) > 20_000:
        _buckets.clear()
    buckets = [_bucket((table_id, f"{channel}:{who}"), (0.5, 4))]
    if channel == "spectators":
        buckets.append(_bucket(("spectator@", address), _SPECTATOR_ADDRESS_RATE))
    buckets.append(_bucket((table_id, f"{channel}:*"), _TABLE_RATE[channel]))
    return all(b.allow() for b in buckets)


def _row(r: Any) -> dict[str, Any]:
    return {"id": r.id, "channel": r.channel, "seat": r.seat, "name": r.name, "text": r.text}


async def post_chat(svc: TableService, rt: Runtime, seat: int | None, name: Any, text: Any, *,
                    address: str = "?", caps: dict[str, int] | None = None) -> dict[str, Any]:
    """A seated person writes in the players' channel; anyone else (with a name) in the spectators'.
    A spectator may not write under the name of someone at the table (compared as names are)."""
    text = clean_text(text)
    if seat is not None:
        channel, who = "players", rt.seats[seat].name or ""
    else:
        channel, who = "spectators", clean_name(name)
        if any(s.name and same_name(s.name, who) for s in rt.seats):
            raise PlayError("bad_name", "name_seated", 403)
    if not _allow(rt.id, channel, str(seat) if seat is not None else name_key(who), address):
        raise PlayError("rate_limited", "chat_flood", 429)
    cap = (caps or CAPS)[channel]

    def tx(conn: Connection) -> dict[str, Any]:
        full = conn.execute(select(chat.c.id).where(chat.c.table_id == rt.id, chat.c.channel == channel)
                            .order_by(chat.c.id.desc()).offset(cap - 1).limit(1)).first()
        if full is not None:   # each channel is capped on its own: spectators never fill the players'
            raise PlayError("chat_full", "chat_full", 409, n=cap)
        res = conn.execute(insert(chat).values(table_id=rt.id, channel=channel, seat=seat, name=who, text=text))
        key = res.inserted_primary_key
        return {"id": int(key[0]) if key else 0, "channel": channel, "seat": seat, "name": who, "text": text}

    rt.chat_quiet = False   # from now on a new socket reads the chat from the database
    return await svc.db.run(tx)


async def read_chat(svc: TableService, rt: Runtime, seat: int | None, after: int,
                    seated_here: bool = False) -> dict[str, Any]:
    """Messages after ``after`` this reader may see, and the rematch table if there is one. A reader
    without a token from an address that holds a seat here is a player, not a spectator (``may_read``)."""
    channels = [c for c in CHANNELS if may_read(c, seat, rt.status, seated_here)]

    def tx(conn: Connection) -> dict[str, Any]:
        rows = conn.execute(select(chat).where(chat.c.table_id == rt.id, chat.c.id > after,
                                               chat.c.channel.in_(channels)).order_by(chat.c.id).limit(200)).all()
        rematch = conn.execute(select(tables.c.rematch).where(tables.c.id == rt.id)).scalar()
        return {"messages": [_row(r) for r in rows], "rematch": rematch}

    return await svc.db.run(tx)


async def chat_log(svc: TableService, table_id: str) -> list[dict[str, Any]]:
    """The whole chat of a table, both channels, for its record."""
    def tx(conn: Connection) -> list[dict[str, Any]]:
        rows = conn.execute(select(chat).where(chat.c.table_id == table_id).order_by(chat.c.id)).all()
        return [_row(r) for r in rows]

    return await svc.db.run(tx)


async def rematch(svc: TableService, rt: Runtime, seat: int, address: str = "?") -> dict[str, Any]:
    """A new table with the same game, options, clock and seats (people reserved by name, the same bots),
    made once per finished table; the asking person takes their seat in it at once. The one who made it
    owns it (the answer carries its owner token, once: they can cancel it), and it counts towards their
    address's tables waiting for players (before, every rematch of the process counted as one address's,
    and 20 unanswered rematches refused every further one)."""
    owner: str | None = None
    if rt.status != "over":
        raise PlayError("not_over", "rematch_early", 409)
    lock = _rematch_locks.setdefault(rt.id, asyncio.Lock())
    async with lock:
        existing = await svc.db.run(lambda c: c.execute(select(tables.c.rematch).where(tables.c.id == rt.id)).scalar())
        if not existing:
            specs = [{"kind": "bot", "bot": s.bot} if s.kind == "bot" else {"kind": "reserved", "name": s.name}
                     for s in rt.seats]
            made = await svc.create(rt.game.id, rt.options, specs, rt.clock, bank=rt.bank, private=rt.private,
                                    rated=rt.rated, address=address, clock_given=True)
            new, owner = made.rt, made.owner_token

            def link(conn: Connection) -> str:
                done = conn.execute(update(tables).where(tables.c.id == rt.id, tables.c.rematch.is_(None))
                                    .values(rematch=new.id)).rowcount
                if done == 1:
                    return new.id
                # another process linked a rematch first: forget ours, use theirs
                conn.execute(delete(seats).where(seats.c.table_id == new.id))
                conn.execute(delete(tables).where(tables.c.id == new.id))
                return str(conn.execute(select(tables.c.rematch).where(tables.c.id == rt.id)).scalar())

            rt.chat_quiet = False
            existing = await svc.db.run(link)
            if existing != new.id:
                svc.cache.pop(new.id, None)
                owner = None
    taken = await _take_rematch_seat(svc, str(existing), seat, rt.seats[seat].name or "")
    return {**taken, "owner_token": owner} if owner else taken


async def _take_rematch_seat(svc: TableService, table_id: str, seat: int, name: str) -> dict[str, Any]:
    """Seat the person in the seat reserved for them. Their token at the finished table proves who they
    are (a stronger proof than the reserved seat's invite secret, which only the creator received)."""
    target = await svc.get(table_id)
    token = new_token()

    def tx(conn: Connection) -> bool:
        table = store.lock_table(conn, table_id)
        row = store.seat_row(conn, table_id, seat)
        if table is None or table.status != "open" or row is None or row.kind != "reserved" or row.name != name:
            return False
        store.take_seat(conn, table_id, seat, name, hash_token(token))
        svc.start_in_tx(conn, target)   # a turn-based rematch's clocks start with it
        svc._notify_in_tx(conn, table_id)
        return True

    async with target.lock:
        ok = await svc.db.run(tx)
        entries = await svc._catch_up(target)
    if not ok:   # taken already (by this person on another device): they can watch it
        return {"table": table_id, "seat": None, "token": None}
    await svc._publish(table_id)
    await svc._changed(target, entries)
    return {"table": table_id, "seat": seat, "token": token}


def _analyse(rt: Runtime, state: Any, seat: int) -> dict[str, Any]:
    config = IsmctsConfig(**search_settings("hard", rt.game, {"iterations": HINT_ITERATIONS, "seconds": HINT_SECONDS}))
    result = IsmctsBot(rt.game, seed=state.step, name="hint", config=config).analyse(state, seat)
    total = max(1, sum(s.visits for s in result.stats))
    stats = [{"action": s.action, "en": state.action_label(s.action, "en"), "ru": state.action_label(s.action, "ru"),
              "share": round(s.visits / total, 3), "value": round(s.value, 3)} for s in result.stats[:5]]
    return {"action": result.action, "en": state.action_label(result.action, "en"),
            "ru": state.action_label(result.action, "ru"), "iterations": result.iterations, "stats": stats,
            "version": state.step}


async def hint(svc: TableService, rt: Runtime, seat: int) -> dict[str, Any]:
    if rt.rated:
        raise PlayError("rated", "hints_rated", 403)
    if rt.status != "playing" or seat not in rt.state.to_act or rt.seats[seat].bot_plays:
        raise PlayError("not_your_turn", "hint_not_yours", 409)
    now = time.monotonic()
    if now - _hint_at.get((rt.id, seat), -HINT_COOLDOWN) < HINT_COOLDOWN:
        raise PlayError("rate_limited", "hint_flood", 429)
    _hint_at[(rt.id, seat)] = now
    if len(_hint_at) > 20_000:
        _hint_at.clear()
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, _analyse, rt, rt.state.clone(), seat)
