"""Online seeds become 256-bit secrets for a BLAKE2b generator: ``tables.seed`` turns from an integer into
decimal text (a 256-bit number fits no SQL integer type), and ``tables.rng`` names the generator
(``splitmix64`` for every table created before this revision, so their games replay exactly).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # SQLite rebuilds the table (batch mode); db.migrate turns foreign keys off meanwhile, so the
    # rebuild does not cascade into seats and actions
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("seed", type_=sa.String(80), existing_type=sa.Integer, existing_nullable=False,
                           postgresql_using="seed::text")
        batch.add_column(sa.Column("rng", sa.String(20), nullable=False, server_default="splitmix64"))


def downgrade() -> None:
    # only tables of the old generator (31-bit seeds) can go back
    op.execute("DELETE FROM tables WHERE rng <> 'splitmix64'")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rng")
        batch.alter_column("seed", type_=sa.Integer, existing_type=sa.String(80), existing_nullable=False,
                           postgresql_using="seed::integer")
