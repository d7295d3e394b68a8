"""Accounts (issue 25): handles, Argon2id passwords, server-side sessions in the database, sign-in
throttling and locks, cross-site protection of cookie writes, and optional email links.

``install`` wires it into an app: the routes, the cross-site guard (outermost), and the service in
``app.state.accounts``; the app's lifespan hands it the database (``app.state.accounts.db``).
"""

from __future__ import annotations

from fastapi import FastAPI

from ..config import Settings
from .api import router
from .csrf import CrossSiteGuard
from .service import AccountService

__all__ = ["AccountService", "install"]


def install(app: FastAPI, settings: Settings) -> AccountService:
    service = AccountService(settings)
    app.state.accounts = service
    app.include_router(router)
    app.add_middleware(CrossSiteGuard, public_url=settings.public_url)
    return service
