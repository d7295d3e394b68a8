"""Ratings keyed by account (issue 25): the rows keyed by a display name — written when anyone could type
any name — move to ``ratings_unclaimed``, kept as history that nobody claims by typing the name. Bots'
rows (``bot:<level>``) stay.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

_BY_NAME = "player NOT LIKE 'bot:%' AND player NOT LIKE 'a:%'"


def upgrade() -> None:
    op.create_table(
        "ratings_unclaimed",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("player", sa.String(60), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
    )
    op.execute(f"INSERT INTO ratings_unclaimed (game, player, mu, sigma, games) "
               f"SELECT game, player, mu, sigma, games FROM ratings WHERE {_BY_NAME}")
    op.execute(f"DELETE FROM ratings WHERE {_BY_NAME}")


def downgrade() -> None:
    op.execute("INSERT INTO ratings (game, player, mu, sigma, games) "
               "SELECT game, player, mu, sigma, games FROM ratings_unclaimed")
    op.drop_table("ratings_unclaimed")
