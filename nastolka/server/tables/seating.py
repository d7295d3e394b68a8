"""Who sits where: taking a seat before the start (open, private, reserved), the owner's changes (calling
the table off, freeing a seat), which token acts for which seat, who may read a private table, and leaving
and coming back during play (a stand-in bot plays for an away seat)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection

from .. import store, timers
from ..errors import PlayError
from ..names import clean_name, same_name
from ..runtime import Runtime
from ..tokens import hash_token, new_token, token_matches
from .core import TableCore

#: why a join was refused (the transaction's outcome) → the error's code, its words and its HTTP status
_JOIN_REFUSALS = {"started": ("seat_taken", "started", 409),
                  "taken": ("seat_taken", "seat_taken", 409),
                  "private": ("invite_required", "private_join", 403),
                  "reserved": ("invite_required", "seat_reserved", 403),
                  "wrong_name": ("wrong_name", "wrong_name", 403),
                  "lookalike": ("bad_name", "name_lookalike", 409),
                  "too_many": ("too_many_games", "too_many_games", 429)}


def looks_like_another(rows: list[Any], seat: int, name: str) -> bool:
    """Whether ``name`` would be mistaken for another seat's person: a reserved seat's name (its person
    takes that seat, not this one), or a seated person's name written differently but alike (skeleton)."""
    for row in rows:
        if row.seat == seat or not row.name or not same_name(row.name, name):
            continue
        if row.kind == "reserved" or row.name != name:   # the very same name is the same person
            return True
    return False


class Seating(TableCore):
    """Seats, owners and readers of a table."""

    async def join(self, table_id: str, seat: Any, name: Any, invite: Any = None,
                   account: tuple[int, str] | None = None, holder: str | None = None) -> tuple[Runtime, int, str]:
        """Take a seat before the start: an open seat (of a private table: with its invite secret), or a
        reserved seat with that seat's own invite secret and the reserved name (compared case-folded).
        ``account`` (id, handle): a signed-in person sits as themselves, the seat bound to the account.
        ``holder`` (``"acct:<id>"`` or ``"addr:<ip>"``) may hold only so many turn-based games at once."""
        rt = await self.get(table_id)
        account_id = account[0] if account else None
        name = account[1] if account else clean_name(name)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rt.players:
            raise PlayError("bad_seat", "bad_seat", players=rt.players)
        if invite is not None and (not isinstance(invite, str) or len(invite) > 200):
            raise PlayError("bad_invite", "bad_invite")
        if rt.status != "open":   # a table never opens again: refused without its lock or the database
            raise PlayError("seat_taken", "started", 409)
        token = new_token()
        token_hash = hash_token(token)

        def take(conn: Connection) -> str:
            table = store.lock_table(conn, table_id)   # joins of one table run one at a time
            if table is None or table.status != "open":
                return "started"
            row = store.seat_row(conn, table_id, seat)
            if row.kind == "open":
                if table.private and not token_matches(invite, table.invite_hash):
                    return "private"
                if looks_like_another(store.seat_rows(conn, table_id), seat, name):
                    return "lookalike"
                taken_as = name
            elif row.kind == "reserved":
                if not token_matches(invite, row.invite_hash):
                    return "reserved"
                if not same_name(name, row.name):
                    return "wrong_name"
                taken_as = row.name
            else:
                return "taken"
            if (holder is not None and rt.turn_based
                    and timers.games_held(conn, holder) >= self.turn_based_games):
                return "too_many"
            store.take_seat(conn, table_id, seat, taken_as, token_hash, account_id, holder)
            self.start_in_tx(conn, rt)
            self._notify_in_tx(conn, table_id)
            return "ok"

        outcome, entries = await self.transact(rt, take)
        if outcome != "ok":
            code, say, status = _JOIN_REFUSALS[outcome]
            raise PlayError(code, say, status, seat=seat + 1, name=rt.seats[seat].name or "",
                            n=self.turn_based_games)
        await self.announce(rt, entries)
        return rt, seat, token

    async def reclaim(self, table_id: str, account_id: int) -> tuple[Runtime, int, str]:
        """A signed-in person's seat in another browser: a new seat token for the seat bound to their
        account (the old token stops working, and the sockets holding it watch from then on)."""
        rt = await self.get(table_id, outdated_ok=True)
        seat = next((s.seat for s in rt.seats if s.kind == "human" and s.account_id == account_id), None)
        if seat is None or rt.status == "cancelled":
            raise PlayError("not_seated", "not_your_seat", 404)
        token = new_token()
        token_hash = hash_token(token)

        def change(conn: Connection) -> bool:
            done = store.set_seat_token(conn, table_id, seat, account_id, token_hash)
            if done:
                self._notify_in_tx(conn, table_id)
            return done

        done, entries = await self.transact(rt, change)
        if not done:
            raise PlayError("not_seated", "not_your_seat", 404)
        await self.announce(rt, entries)
        return rt, seat, token

    def _check_owner(self, rt: Runtime, owner_token: Any) -> None:
        if not isinstance(owner_token, str) or not token_matches(owner_token, rt.owner_hash):
            raise PlayError("not_owner", "not_owner", 403)

    async def cancel(self, table_id: str, owner_token: Any) -> Runtime:
        """The creator calls the table off before it starts; everyone watching is told."""
        rt = await self.get(table_id)
        self._check_owner(rt, owner_token)

        def change(conn: Connection) -> bool:
            store.lock_table(conn, table_id)
            return store.cancel(conn, table_id)

        await self._owner_change(rt, change, PlayError("already_started", "cancel_started", 409))
        return rt

    async def remove(self, table_id: str, owner_token: Any, seat: Any) -> Runtime:
        """The creator frees a person's seat before the start (their sockets become spectators)."""
        rt = await self.get(table_id)
        self._check_owner(rt, owner_token)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rt.players:
            raise PlayError("bad_seat", "bad_seat", players=rt.players)

        def change(conn: Connection) -> bool:
            table = store.lock_table(conn, table_id)
            return table is not None and table.status == "open" and store.free_seat(conn, table_id, seat)

        await self._owner_change(rt, change, PlayError("cannot_remove", "cannot_remove", 409))
        return rt

    async def _owner_change(self, rt: Runtime, change: Callable[[Connection], bool], refused: PlayError) -> None:
        """One owner's change in a transaction that locks the table row, then everyone is told; ``change``
        returns whether it happened (other processes are notified in the same transaction)."""
        table_id = rt.id

        def tx(conn: Connection) -> bool:
            done = change(conn)
            if done:
                self._notify_in_tx(conn, table_id)
            return done

        done, entries = await self.transact(rt, tx)
        if not done:
            raise refused
        await self.announce(rt, entries)

    async def seat_of(self, rt: Runtime, token: Any) -> int:
        """The seat a token acts for; a wrong token is refused without saying which seats exist."""
        if not isinstance(token, str) or not token or len(token) > 200:
            raise PlayError("bad_token", "token_to_act", 403)
        seat = rt.seat_for_token_hash(hash_token(token))
        if seat is None and rt.status == "open":   # maybe joined through another process a moment ago
            # (only while open: seats are taken before the start, so a flood of wrong tokens on a game in
            # play never queues for the table's lock and the database beside its players' moves)
            async with rt.lock:
                await self._catch_up(rt)
            seat = rt.seat_for_token_hash(hash_token(token))
        if seat is None:
            raise PlayError("bad_token", "token_invalid", 403)
        return seat

    async def check_reader(self, rt: Runtime, token: Any = None, invite: Any = None) -> None:
        """Who may read a private table (its view, events, chat, record, replay, its socket): a holder of
        its invite secret (or of a reserved seat's), or of a seat token; its id alone shows nothing."""
        if not rt.private:
            return
        if isinstance(invite, str) and (token_matches(invite, rt.invite_hash)
                                        or any(token_matches(invite, s.invite_hash) for s in rt.seats)):
            return
        if isinstance(token, str) and token:
            try:
                await self.seat_of(rt, token)
                return
            except PlayError:
                pass
        raise PlayError("invite_required", "private_watch", 403)

    async def leave(self, table_id: str, token: Any) -> Runtime:
        """Before the start: free the seat. During play: a bot plays for the seat until its person returns."""
        rt = await self.get(table_id)
        seat = await self.seat_of(rt, token)
        token_hash = hash_token(token)

        def change(conn: Connection) -> None:
            row = store.lock_table(conn, table_id)   # the database's status, not this process's cache
            if row is not None and row.status == "open":
                store.free_seat(conn, table_id, seat, token_hash)
            elif store.set_away(conn, table_id, seat, True):
                self._replan_seat(conn, rt, seat, True)
            self._notify_in_tx(conn, table_id)

        _, entries = await self.transact(rt, change)
        await self.announce(rt, entries)
        return rt

    async def back(self, table_id: str, token: Any) -> Runtime:
        """The person returns: the bot that stood in for them stops."""
        rt = await self.get(table_id)
        seat = await self.seat_of(rt, token)
        if rt.seats[seat].away:
            await self.set_away(rt, seat, False)
        return rt

    async def set_away(self, rt: Runtime, seat: int, away: bool, unless_version: int | None = None,
                       bank: float | None = None) -> bool:
        """Mark a seat away (its stand-in plays) or back; ``unless_version``: only if no move was made since
        (a clock that ran out while its person moved changes nothing). Returns whether it changed."""
        def change(conn: Connection) -> bool:
            changed = store.set_away(conn, rt.id, seat, away, unless_version)
            if changed:
                if bank is not None:
                    store.set_bank(conn, rt.id, seat, bank)
                self._replan_seat(conn, rt, seat, away)
                self._notify_in_tx(conn, rt.id)
            return changed

        changed, entries = await self.transact(rt, change)
        await self.announce(rt, entries, published=changed)
        return changed

    def _replan_seat(self, conn: Connection, rt: Runtime, seat: int, away: bool) -> None:
        """A turn-based seat to act left or came back: its deadline becomes its stand-in's backup, or a
        fresh clock for the person (the move's time again, and what is left of their bank)."""
        if not rt.turn_based or rt.clock is None or rt.status != "playing" or seat not in rt.state.to_act:
            return
        row = timers.seat_plan(rt.clock, rt.seats[seat], seat, away, rt.bank_left, self.time.now())
        timers.replan_seat(conn, rt.id, rt.version, seat, row)

    async def clock_expired(self, rt: Runtime, seat: int, version: int) -> bool:
        """The person at ``seat`` let the clock run out at ``version``: a bot takes over until they return."""
        return await self.set_away(rt, seat, True, unless_version=version + 1, bank=0.0)   # the bank is spent
