"""The online platform: tables, seats, play over WebSockets, bots at tables, persistence, scale-out.

``create_app(settings)`` builds the FastAPI application; ``nastolka serve`` runs it under uvicorn.
See ``docs/server.md`` for the protocol and the design.
"""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
