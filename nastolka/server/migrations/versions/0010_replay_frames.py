"""Replay frames stored once per finished game, so opening a replay is a read and never a replay of the
game (issue 34: cycling replays of 40 games from one address took two people's moves elsewhere from
p50 3 ms to 450 ms).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replay_frames",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("frame", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("replay_frames")
