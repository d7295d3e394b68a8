"""The operator's endpoints: ``/healthz`` (is the database reachable), ``/readyz`` (should a load balancer
send work here) and ``/metrics`` (Prometheus, only with the scrape token).

Why ``/metrics`` answers 404 without a configured token and 401 to a wrong one: the public must never
read it (table counts and latencies tell an attacker when to strike); the token is compared in constant
time so its bytes cannot be guessed one by one from response times.
"""

from __future__ import annotations

import asyncio
import hmac

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy import text

router = APIRouter(include_in_schema=False)

#: seconds the health check waits for the database before calling it unreachable
DB_PROBE_TIMEOUT = 2.0


@router.get("/healthz")
async def health(request: Request) -> JSONResponse:
    """200 when the database answers ``SELECT 1`` within 2 s, else 503 (the process itself is alive)."""
    db = request.app.state.db
    try:
        await asyncio.wait_for(db.run(lambda conn: conn.execute(text("SELECT 1")).scalar()), DB_PROBE_TIMEOUT)
    except Exception:
        return JSONResponse({"status": "error", "database": "unreachable"}, status_code=503)
    return JSONResponse({"status": "ok", "database": "ok"})


@router.get("/readyz")
async def ready(request: Request) -> JSONResponse:
    """503 while the process drains (SIGTERM): take it out of the load balancer, it is about to exit."""
    if request.app.state.drain.draining:
        return JSONResponse({"ready": False, "reason": "draining"}, status_code=503)
    return JSONResponse({"ready": True})


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    token = request.app.state.settings.metrics_token
    if not token:
        return JSONResponse({"error": {"code": "not_found"}}, status_code=404)
    given = request.headers.get("authorization", "")
    if not hmac.compare_digest(given.encode("utf-8", "replace"), f"Bearer {token}".encode()):
        return JSONResponse({"error": {"code": "unauthorized"}}, status_code=401,
                            headers={"WWW-Authenticate": "Bearer"})
    return Response(request.app.state.metrics.render(), media_type=CONTENT_TYPE_LATEST)
