"""Seats bound to accounts (issue 25): the account a signed-in person sat down as, so their tables are
found from any browser and their seat can be given back there.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        # no foreign key: a deleted account's games keep their seats (the name says "deleted player")
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))
    op.create_index("ix_seats_account", "seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_account", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_id")
