"""Structured logs: one JSON object per line, with the request id of the request that caused it.

Why JSON lines: a log collector (journald, Loki, Elasticsearch) indexes fields without parsing prose.
Why a scrubber: a seat token, an invite secret, a password or an email must never reach a log file that
many people read, whatever a future call site passes. Fields with secret-sounding names are dropped, and
anything that looks like ``token=…``, ``invite=…`` or a bearer credential inside a message is masked.
Uvicorn's access log is turned off by ``nastolka serve`` for the same reason: it prints query strings,
and ``?invite=`` carries a private table's secret. ``RequestIds`` logs what matters of a request instead.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import sys
import time
from contextvars import ContextVar
from typing import Any

log = logging.getLogger("nastolka.server")

#: the id of the HTTP request or websocket being served (set by ``RequestIds``), for every log line
REQUEST_ID: ContextVar[str | None] = ContextVar("nastolka_request_id", default=None)

#: field names never logged, whatever their value
SECRET_FIELDS = frozenset({"token", "owner_token", "password", "email", "invite", "secret", "authorization",
                           "cookie", "metrics_token"})
_SECRET_TEXT = re.compile(r"(?i)\b(token|invite|password|secret|email)(\s*[=:]\s*)([^\s&,;\"']+)")
_BEARER = re.compile(r"(?i)\bbearer\s+[^\s\"']+")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
_SAFE_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
_RECORD_KEYS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime",
                                                                                  "color_message"}


def scrub(text: str) -> str:
    """``text`` with whatever looks like a secret masked."""
    text = _SECRET_TEXT.sub(lambda m: f"{m.group(1)}{m.group(2)}***", text)
    text = _BEARER.sub("Bearer ***", text)
    return _EMAIL.sub("***@***", text)


class JsonFormatter(logging.Formatter):
    """A record as one JSON line: time, level, logger, event, the request id, extra fields, the traceback."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": scrub(record.getMessage()),
        }
        request_id = REQUEST_ID.get()
        if request_id:
            out["request_id"] = request_id
        for key, value in record.__dict__.items():
            if key in _RECORD_KEYS or key.startswith("_"):
                continue
            if key.lower() in SECRET_FIELDS:
                continue
            out[key] = scrub(value) if isinstance(value, str) else value
        if record.exc_info:
            out["error"] = scrub(self.formatException(record.exc_info))
        return json.dumps(out, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """The same events for a person at a terminal (secrets masked too)."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        return scrub(super().format(record))


def setup(level: str = "info", fmt: str = "json") -> None:
    """Send every logger (ours, uvicorn's, SQLAlchemy's warnings) to stderr in one format."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True


class RequestIds:
    """ASGI middleware: every HTTP request and websocket gets an id (the client's ``X-Request-ID`` if it is a
    plain token, else a new one), answered in ``X-Request-ID`` and stamped on every log line written while
    serving it; an unexpected error is logged once with it (the id a user reports leads to the traceback)."""

    def __init__(self, app: Any, on_error: Any = None) -> None:
        self.app = app
        self.on_error = on_error

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or []).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if _SAFE_ID.match(given) else secrets.token_hex(8)
        reset = REQUEST_ID.set(request_id)

        async def stamped(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"x-request-id", request_id.encode())]}
            await send(message)

        try:
            await self.app(scope, receive, stamped)
        except Exception:
            log.exception("request failed", extra={"path": scope.get("path"), "method": scope.get("method"),
                                                   "kind": scope["type"]})
            if self.on_error is not None:
                self.on_error()
            raise
        finally:
            REQUEST_ID.reset(reset)
