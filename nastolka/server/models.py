"""Database schema (SQLAlchemy Core). The Alembic migration in ``migrations/versions`` creates the same.

Why these tables: the action log is the single source of truth for a game (a state is the replay of its
log), so ``actions`` has the primary key (table_id, version); two processes that both try to append
version *n* to one table can never both succeed. Seat tokens are stored only as SHA-256 hashes.
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    func,
)

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", Text, nullable=False),          # JSON object (validated options)
    Column("players", Integer, nullable=False),
    Column("seed", String(80), nullable=False),       # decimal; secret until the game is over (it fixes every shuffle)
    Column("rng", String(20), nullable=False, server_default="splitmix64"),  # blake2b for new tables
    Column("status", String(10), nullable=False),     # open | playing | over | cancelled
    Column("clock", Integer, nullable=True),          # seconds per move for people, NULL = no clock at all
    Column("record", Text, nullable=True),            # JSON record once over
    Column("owner_hash", String(64), nullable=True),  # sha256 of the creator's owner token (cancel, remove)
    Column("private", Integer, nullable=False, server_default="0"),  # 1: not listed; joined with the invite
    Column("invite_hash", String(64), nullable=True),  # sha256 of a private table's invite secret
    Column("bank", Integer, nullable=True),           # each person's time bank in seconds (over the clock)
    Column("rules_version", String(40), nullable=True),  # the game's rules version at creation (NULL: older rows)
    Column("rated", Integer, nullable=False, server_default="1"),  # 0: casual (no ratings, hints allowed)
    Column("rematch", String(16), nullable=True),      # the table of the rematch, once someone asked for one
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    Column("updated_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)
Index("ix_tables_status", tables.c.status)

seats = Table(
    "seats", metadata,
    Column("table_id", String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),       # open | reserved | human | bot
    Column("name", String(40), nullable=True),        # display name (or the reserved name)
    Column("bot", String(40), nullable=True),         # bot level/name for bot seats
    Column("token_hash", String(64), nullable=True),  # sha256 of the seat token (humans only)
    Column("away", Integer, nullable=False, server_default="0"),  # 1: the clock ran out, a bot plays
    Column("invite_hash", String(64), nullable=True),  # sha256 of a reserved seat's invite secret
    Column("bank_left", Float, nullable=True),        # seconds left of the person's time bank; NULL: all of it
    Column("account_id", Integer, nullable=True),     # the account seated here (signed in), NULL: a guest or a bot
    Column("turn_at", Float, nullable=True),          # turn-based: when this seat's running clock started (epoch)
    Column("holder", String(80), nullable=True),      # who holds the seat: "acct:<id>" signed in, else "addr:<ip>"
)
Index("ix_seats_account", seats.c.account_id)
Index("ix_seats_holder", seats.c.holder)

#: durable deadlines (``timers.py``): a seat's stand-in deadline at a version, or (seat -1) a waiting
#: table's expiry; claimed by one process at a time (``FOR UPDATE SKIP LOCKED``), deleted when fired
due_clocks = Table(
    "due_clocks", metadata,
    Column("table_id", String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("version", Integer, nullable=False),
    Column("due", Float, nullable=False),             # epoch seconds by the server's time source
    Column("claimed_until", Float, nullable=True),    # a process's lease on the row while it fires it
)
Index("ix_due_clocks_due", due_clocks.c.due)

actions = Table(
    "actions", metadata,
    Column("table_id", String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),     # the state's step before this action
    Column("seat", Integer, nullable=False),
    Column("action", String(200), nullable=False),
    Column("by", String(10), nullable=False),         # human | bot | clock (a bot standing in)
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(16), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("channel", String(12), nullable=False),    # players | spectators
    Column("seat", Integer, nullable=True),           # the writer's seat (players), NULL for spectators
    Column("name", String(40), nullable=False),
    Column("text", String(400), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)
Index("ix_chat_table", chat.c.table_id, chat.c.id)

#: ratings keyed by a display name from before accounts (migration 0009): history nobody can claim by a name
ratings_unclaimed = Table(
    "ratings_unclaimed", metadata,
    Column("game", String(40), primary_key=True),
    Column("player", String(60), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False, server_default="0"),
)

#: one row per step of a finished game: the whole answer of ``GET …/replay/<step>`` as JSON text, written
#: once when the game ends (``replays.py``)
replay_frames = Table(
    "replay_frames", metadata,
    Column("table_id", String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("frame", Text, nullable=False),
)

ratings = Table(
    "ratings", metadata,
    Column("game", String(40), primary_key=True),
    Column("player", String(60), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False, server_default="0"),
)
