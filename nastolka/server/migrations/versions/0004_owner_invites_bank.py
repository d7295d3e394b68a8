"""Owners, invites and time banks: ``tables.owner_hash`` (the creator's token, hashed), ``tables.private``
and ``tables.invite_hash`` (a private table is joined only with its invite secret), ``tables.bank`` (each
person's time bank in seconds), ``seats.invite_hash`` (a reserved seat is taken only with its own secret).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("owner_hash", sa.String(64), nullable=True))
    op.add_column("tables", sa.Column("private", sa.Integer, nullable=False, server_default="0"))
    op.add_column("tables", sa.Column("invite_hash", sa.String(64), nullable=True))
    op.add_column("tables", sa.Column("bank", sa.Integer, nullable=True))
    op.add_column("seats", sa.Column("invite_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
    with op.batch_alter_table("tables") as batch:
        for column in ("bank", "invite_hash", "private", "owner_hash"):
            batch.drop_column(column)
