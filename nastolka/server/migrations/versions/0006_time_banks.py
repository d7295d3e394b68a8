"""Time banks kept with the table: what is left of each person's bank, so a restarted server (or another
process) goes on from it instead of giving everyone a full bank again.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        # seconds left of this seat's time bank; NULL: untouched (the table's whole bank)
        batch.add_column(sa.Column("bank_left", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bank_left")
