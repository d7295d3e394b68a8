"""Alembic environment: the server passes its own connection in ``config.attributes['connection']``."""

from __future__ import annotations

from alembic import context

from nastolka.server.models import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only when run by the alembic CLI
    from sqlalchemy import create_engine

    url = context.config.get_main_option("sqlalchemy.url")
    assert url, "set sqlalchemy.url"
    with create_engine(url).connect() as conn:
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
