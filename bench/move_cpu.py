"""Server CPU time per accepted move, measured in-process: the table service and the websocket hub of
``nastolka serve`` on a SQLite file, four seats and a spectator watching each table, every message encoded
as it would be sent. Process CPU time (all threads, so the database writer counts too) is summed over the
games' moves (choosing a random legal id is the only other work), so other programs on the machine do not
inflate it the way wall time would. The sockets ask for deltas, name their language (``--lang``) and take
the ack of their own move inside the state after it, as the browser does (``--full``: whole states,
the protocol of clients that do not ask; ``--ack-frame``: the ack as a frame of its own, likewise). What it leaves out: the websocket frame parsing and writing in
uvicorn (the load bench's ``server_cpu_ms_per_move`` includes those).

    python bench/move_cpu.py --games 20 [--game show_battle] [--seats 4] [--full] [--ack-frame] [--lang ru|en|both]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import nastolka.games  # noqa: F401  (registers the games)
from nastolka.server.db import Database
from nastolka.server.hub import Client, Hub, encode, submit_acknowledged
from nastolka.server.runtime import state_message
from nastolka.server.tables import TableService
from nastolka.server.tokens import hash_token


class FakeSocket(Client):
    """A hub client that encodes what it is sent, as the real writer does, and keeps nothing."""

    def __init__(self, table_id: str, seat: int | None, token_hash: str | None, delta: bool,
                 lang: str | None, ack_in_state: bool = True) -> None:
        super().__init__(None, table_id, seat, token_hash, delta=delta, lang=lang,  # type: ignore[arg-type]
                         ack_in_state=ack_in_state)
        self.sent = 0

    def put(self, msg: Any) -> None:
        if not isinstance(msg, str):
            msg = encode(msg)
        self.sent += len(msg)


async def measure(game: str, seats: int, games: int, delta: bool = True, lang: str | None = "ru",
                  ack_in_state: bool = True) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'cpu.db'}", 1)
        db.migrate()
        svc = TableService(db)
        hub = Hub()
        svc.listeners.append(hub.on_change)
        cpu = 0.0
        moves = 0
        sent = 0
        for g in range(games):
            made = await svc.create(game, {}, [{}] * seats)
            rt = made.rt
            tokens = [(await svc.join(rt.id, i, f"p{i}"))[2] for i in range(seats)]
            sockets = [FakeSocket(rt.id, i, hash_token(t), delta, lang, ack_in_state) for i, t in enumerate(tokens)]
            sockets.append(FakeSocket(rt.id, None, None, delta, lang, ack_in_state))
            for s in sockets:
                hub.add(s)
                s.send(state_message(rt, s.seat, list(rt.log), full=True, lang=lang))   # the hello's full state
            rng = random.Random(g)
            start = time.process_time()   # read once per game: the clock itself is a costly system call
            while rt.status == "playing":
                seat = rt.state.to_act[0]
                aid = rng.choice(rt.state.legal_ids(seat))
                await submit_acknowledged(sockets[seat], rt.version,   # as ws._handle does
                                          svc.submit(rt, seat, aid, rt.version, by="human"))
                moves += 1
            cpu += time.process_time() - start
            sent += sum(s.sent for s in sockets)
        db.close()
    return {"game": game, "seats": seats, "games": games, "moves": moves, "delta": delta, "lang": lang,
            "ack_in_state": ack_in_state,
            "cpu_ms_per_move": round(1000 * cpu / moves, 3), "bytes_sent_per_move": round(sent / moves)}


def _seed_tables(seed: int) -> None:
    """Tables whose secret seeds come from ``seed`` (a bench only: online seeds stay secret otherwise)."""
    import secrets
    import types

    from nastolka.server import tables

    tables.secrets = types.SimpleNamespace(randbits=random.Random(seed).getrandbits,  # type: ignore[assignment]
                                           token_hex=secrets.token_hex)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="show_battle")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--full", action="store_true", help="whole states to every socket (no deltas)")
    p.add_argument("--lang", default="ru", help="the sockets' language, as the browser names it in hello "
                   "(\"both\": no language named, labels and texts in both, as older clients get them)")
    p.add_argument("--ack-frame", action="store_true", help="the ack as a separate frame (clients that do not "
                   "ask ack_in_state)")
    p.add_argument("--seed", type=int, default=None, help="draw the tables' secret seeds from this number: the "
                   "same games every run, so two versions can be compared by instructions (callgrind)")
    args = p.parse_args()
    if args.seed is not None:
        _seed_tables(args.seed)
    lang = None if args.lang == "both" else args.lang
    print(json.dumps(asyncio.run(measure(args.game, args.seats, args.games, not args.full, lang,
                                             not args.ack_frame)), indent=1))


if __name__ == "__main__":
    main()
