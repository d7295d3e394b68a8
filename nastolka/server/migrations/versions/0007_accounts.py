"""Accounts (issue 25): accounts, their server-side sessions, one-time email tokens and the sign-in
failure counts per handle. Only hashes of secrets are stored.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("handle", sa.String(40), nullable=False),
        sa.Column("handle_key", sa.String(100), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_verified", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("password_changed", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_account", "sessions", ["account_id"])
    op.create_table(
        "account_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("purpose", sa.String(10), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("used", sa.Float, nullable=True),
    )
    op.create_index("ix_account_tokens_account", "account_tokens", ["account_id"])
    op.create_table(
        "signin_failures",
        sa.Column("handle_key", sa.String(100), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("locked_until", sa.Float, nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_table("signin_failures")
    op.drop_index("ix_account_tokens_account", "account_tokens")
    op.drop_table("account_tokens")
    op.drop_index("ix_sessions_account", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
