"""Alembic migrations shipped inside the package (run by the server at start-up)."""
