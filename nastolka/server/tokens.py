"""Seat tokens: random secrets handed to one browser; the database keeps only their SHA-256 hash.

Why hashes: a leaked database or log then cannot be used to act for a seat; comparisons are constant-time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, token_hash: str | None) -> bool:
    if not token or not token_hash or not isinstance(token, str) or len(token) > 200:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)


def new_table_id() -> str:
    """Short, unguessable enough for an invite link, URL-safe, no ambiguous characters."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(10))
