"""The ``nastolka`` command line (Typer + Rich). Each module here adds its commands via ``register(app)``."""
