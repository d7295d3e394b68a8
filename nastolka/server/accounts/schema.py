"""The accounts' tables (SQLAlchemy Core, on the server's one ``metadata``); migration 0007 creates them.

Why times are float seconds since the epoch: the expiries are compared with an injectable clock (tests
move it forward instead of sleeping), and a float compares the same on SQLite and PostgreSQL.
Why only hashes: a leaked database or backup must not sign anyone in — session ids and the one-time
tokens of email links are stored as SHA-256, passwords as Argon2id.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, String, Table

from ..models import metadata

accounts = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("handle", String(40), nullable=False),               # as the person wrote it (NFC)
    Column("handle_key", String(100), nullable=False, unique=True),  # NFKC + case folded: one per person
    Column("password_hash", String(200), nullable=False),        # Argon2id, PHC string
    Column("email", String(254), nullable=True),
    Column("email_verified", Integer, nullable=False, server_default="0"),
    Column("created", Float, nullable=False),
    Column("password_changed", Float, nullable=False),
)

sessions = Table(
    "sessions", metadata,
    Column("id_hash", String(64), primary_key=True),            # sha256 of the cookie's value
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created", Float, nullable=False),                    # absolute expiry counts from here
    Column("seen", Float, nullable=False),                       # idle expiry counts from here
)
Index("ix_sessions_account", sessions.c.account_id)

account_tokens = Table(
    "account_tokens", metadata,
    Column("token_hash", String(64), primary_key=True),          # sha256 of the secret in the emailed link
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("purpose", String(10), nullable=False),               # verify | reset
    Column("email", String(254), nullable=True),                 # the address a verify link confirms
    Column("expires", Float, nullable=False),
    Column("used", Float, nullable=True),                        # single use: set once, atomically
)
Index("ix_account_tokens_account", account_tokens.c.account_id)

signin_failures = Table(
    "signin_failures", metadata,
    # per handle key, whether or not an account has it: a lock that only real handles got would tell
    # which handles exist
    Column("handle_key", String(100), primary_key=True),
    Column("failures", Integer, nullable=False),                 # in a row; a success deletes the row
    Column("locked_until", Float, nullable=False, server_default="0"),
)
