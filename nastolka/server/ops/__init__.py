"""Running the server for real: metrics, structured logs, health probes and the graceful drain.

``install(app, settings)`` adds the middleware and routes when the app is built; ``start(app)`` wraps the
live objects once the app has started. docs/operations.md is the operator's side of this package.
"""

from __future__ import annotations

from typing import Any

from .drain import Drain, DrainGate, run_server
from .logs import RequestIds
from .metrics import Metrics

__all__ = ["Drain", "Metrics", "install", "run_server", "start"]


def install(app: Any, settings: Any) -> None:
    """Middleware (request ids outermost, then the drain gate) and the probe/metrics routes."""
    from .routes import router

    app.state.metrics = Metrics()
    app.state.drain = Drain(settings.drain_timeout, settings.drain_grace)
    app.add_middleware(DrainGate, drain=app.state.drain)
    app.add_middleware(RequestIds, on_error=app.state.metrics.errors.inc)
    app.include_router(router)


def start(app: Any) -> None:
    """Count and log what the app's table service, bots and database do (``instrument.py``)."""
    from .instrument import attach

    state = app.state
    attach(state.metrics, state.drain, state.service, state.worker, state.db, state.hub)
