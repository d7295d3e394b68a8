"""Durable clocks: turn-based tables' deadlines and waiting tables' expiry live in the database.

``due_clocks`` holds one row per running deadline (a seat's stand-in deadline at a version, or with seat
-1 the expiry of a table waiting for players); a server process claims due rows with ``FOR UPDATE SKIP
LOCKED`` and fires each once (docs/decisions.md, "Durable clocks"). ``seats.turn_at`` is when the seat's
running clock started (by the server's time source), ``seats.holder`` who holds the seat (an address
today, an account later) for the cap on turn-based games.

Live tables stored without a clock ran 2:00 a move with a 10-minute bank until now: they keep exactly that
(NULL means "no clock at all" from this revision on).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("turn_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("holder", sa.String(80), nullable=True))
    op.create_index("ix_seats_holder", "seats", ["holder"])
    op.create_table(
        "due_clocks",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("claimed_until", sa.Float, nullable=True),
    )
    op.create_index("ix_due_clocks_due", "due_clocks", ["due"])
    op.execute("UPDATE tables SET clock = 120, bank = COALESCE(bank, 600) "
               "WHERE clock IS NULL AND status IN ('open', 'playing')")


def downgrade() -> None:
    op.drop_index("ix_due_clocks_due", "due_clocks")
    op.drop_table("due_clocks")
    op.drop_index("ix_seats_holder", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("holder")
        batch.drop_column("turn_at")
