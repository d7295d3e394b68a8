"""Cross-site request protection for cookie-authenticated writes (an ASGI middleware).

Why an Origin/Referer check rather than a token: the browser client is plain modules without a build, and
every browser sends ``Origin`` on a cross-origin POST/PUT/DELETE (and on websocket handshakes); a write
that carries the session cookie is refused 403 when its ``Origin`` — or, without one, its ``Referer`` —
is not this site. ``SameSite=Lax`` already keeps the cookie off cross-site POSTs in current browsers; this
is the second wall (older browsers, same-site subdomains). A request without the cookie has nothing to
forge and passes — except on the accounts' own routes (signing a person into the attacker's account needs
no cookie); so does one with neither header (not a browser: a script holding the cookie itself).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from ..errors import refusal
from .sessions import COOKIE

_SAFE = {"GET", "HEAD", "OPTIONS"}
#: routes whose writes are refused from another origin even without the cookie: signing someone into the
#: attacker's account (login CSRF) or registering from their browser needs no cookie
_ACCOUNT_PATHS = ("/api/session", "/api/accounts", "/api/me", "/api/password/", "/api/email/")


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of a URL, lower case, default ports dropped; None if it has none."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if not parts.scheme or not parts.hostname:
        return None
    scheme = parts.scheme.lower()
    default = {"http": 80, "https": 443, "ws": 80, "wss": 443}.get(scheme)
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}" + (f":{port}" if port and port != default else "")


def has_session_cookie(headers: dict[bytes, bytes]) -> bool:
    cookie = headers.get(b"cookie", b"").decode("latin-1")
    return any(part.strip().startswith(COOKIE + "=") for part in cookie.split(";"))


class CrossSiteGuard:
    """Refuses cookie-carrying writes and socket handshakes from another origin."""

    def __init__(self, app: Any, public_url: str | None = None) -> None:
        self.app = app
        self.public = origin_of(public_url) if public_url else None

    def own_origins(self, scope: dict[str, Any], headers: dict[bytes, bytes]) -> set[str]:
        host = headers.get(b"host", b"").decode("latin-1")
        scheme = scope.get("scheme", "http")
        scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
        own = {o for o in (origin_of(f"{scheme}://{host}"),) if o}
        if self.public:
            own.add(self.public)
        return own

    def foreign(self, scope: dict[str, Any], headers: dict[bytes, bytes]) -> bool:
        origin = headers.get(b"origin")
        if origin is not None:
            claimed = origin_of(origin.decode("latin-1"))   # "null" (a sandboxed page, a file) has none
        elif b"referer" in headers:
            claimed = origin_of(headers[b"referer"].decode("latin-1"))
        else:
            return False
        return claimed is None or claimed not in self.own_origins(scope, headers)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "http" and scope.get("method", "GET") not in _SAFE or kind == "websocket":
            headers = dict(scope.get("headers") or [])
            path = scope.get("path", "")
            guarded = has_session_cookie(headers) or path.startswith(_ACCOUNT_PATHS)
            if guarded and self.foreign(scope, headers):
                if kind == "websocket":
                    await send({"type": "websocket.close", "code": 4403})
                    return
                body = json.dumps({"error": refusal("foreign_origin", "foreign_origin")}).encode()
                await send({"type": "http.response.start", "status": 403, "headers": [
                    (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
