"""``nastolka serve``: run the online platform (FastAPI under uvicorn) on one host and port."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="interface to listen on"),
        port: int = typer.Option(8000, help="TCP port"),
        db: str = typer.Option("sqlite:///nastolka.db",
                               help="database URL: an SQLite file (default) or postgresql://user@host/dbname"),
        redis: str | None = typer.Option(None, help="redis://host:port/0 to fan out between processes via Redis"),
        bot_delay: float = typer.Option(0.4, help="seconds a bot waits before moving (so people can follow)"),
        log_level: str = typer.Option("info", help="uvicorn log level"),
        ws_deflate: bool = typer.Option(False, help="compress websocket messages (saves bandwidth, costs CPU)"),
        policy: list[str] = typer.Option([], "--policy", help="a trained policy file to offer as the bot "
                                         "policy:<file stem> at the tables of its game (repeatable)"),
    ) -> None:
        """Serve tables, the browser client and the websocket play protocol."""
        import uvicorn

        if policy:
            from nastolka.rl.policy import use_policies

            typer.echo(f"nastolka: trained policies {', '.join(use_policies(policy))}")

        from nastolka.server import Settings, create_app

        if db and "://" not in db:   # a bare path means an SQLite file
            db = f"sqlite:///{db}"
        settings = Settings(db_url=db, redis_url=redis, bot_delay=bot_delay)
        typer.echo(f"nastolka: http://{host}:{port}/  (database {db.split('@')[-1]})")
        uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level,
                    ws_per_message_deflate=ws_deflate, ws_max_size=64 * 1024)
