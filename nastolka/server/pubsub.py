"""Fan-out between server processes: PostgreSQL LISTEN/NOTIFY by default, Redis pub/sub with ``--redis``.

Messages carry only ``<instance>:<table id>``; a receiver re-reads the table from the database (the truth)
and applies the actions it has not seen. A process ignores its own messages.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from .store import CHANNEL

log = logging.getLogger("nastolka.server")

Handler = Callable[[str], Coroutine[Any, Any, None]]


def _dispatch(instance: str, payload: str, handler: Handler) -> None:
    origin, _, table_id = payload.partition(":")
    if origin != instance and table_id:
        asyncio.get_running_loop().create_task(handler(table_id))


async def listen_postgres(url: str, instance: str, handler: Handler, ready: asyncio.Event) -> None:
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                ready.set()
                async for note in conn.notifies():
                    _dispatch(instance, note.payload, handler)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("LISTEN connection lost; reconnecting")
            await asyncio.sleep(1.0)


class RedisBus:
    def __init__(self, url: str, instance: str) -> None:
        import redis.asyncio as aioredis

        self.instance = instance
        self.client = aioredis.Redis.from_url(url)

    async def publish(self, payload: str) -> None:
        await self.client.publish(CHANNEL, payload)

    async def listen(self, handler: Handler, ready: asyncio.Event) -> None:
        while True:
            try:
                pubsub = self.client.pubsub()
                await pubsub.subscribe(CHANNEL)
                ready.set()
                async for msg in pubsub.listen():
                    if msg.get("type") == "message":
                        data = msg["data"]
                        _dispatch(self.instance, data.decode() if isinstance(data, bytes) else data, handler)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Redis subscription lost; reconnecting")
                await asyncio.sleep(1.0)

    async def close(self) -> None:
        await self.client.aclose()
