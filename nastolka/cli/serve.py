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
        log_level: str = typer.Option("info", help="log level: debug, info, warning, error"),
        log_format: str = typer.Option("json", help="json (one object per line, for a log collector) or text"),
        metrics_token: str | None = typer.Option(None, envvar="NASTOLKA_METRICS_TOKEN", show_default=False,
                                                 help="serve GET /metrics to scrapes sending "
                                                 "'Authorization: Bearer TOKEN' (off without it); better "
                                                 "given in the environment than on the command line"),
        drain_timeout: float = typer.Option(5.0, help="at most this many seconds from SIGTERM to the last "
                                            "move in flight (the process exits ~2 s later at the latest)"),
        drain_grace: float = typer.Option(0.0, help="seconds after SIGTERM with /readyz at 503 before the "
                                          "sockets are told to reconnect (a load balancer's check interval)"),
        ws_deflate: bool = typer.Option(False, help="compress websocket messages (saves bandwidth, costs CPU)"),
        policy: list[str] = typer.Option([], "--policy", help="a trained policy file to offer as the bot "
                                         "policy:<file stem> at the tables of its game (repeatable)"),
        public_url: str | None = typer.Option(None, "--public-url", help="the address people reach the site "
                                              "at (https://…: Secure session cookies; email links use it)"),
        smtp: str | None = typer.Option(None, "--smtp", help="smtp://host:port to send email confirmation and "
                                        "password-reset links (without it those are not offered)"),
    ) -> None:
        """Serve tables, the browser client and the websocket play protocol."""
        from nastolka.server.ops import logs, run_server

        logs.setup(log_level, log_format)
        if policy:
            from nastolka.rl.policy import use_policies

            typer.echo(f"nastolka: trained policies {', '.join(use_policies(policy))}")

        from nastolka.server import Settings, create_app
        from nastolka.server.serving import uvicorn_options

        if db and "://" not in db:   # a bare path means an SQLite file
            db = f"sqlite:///{db}"
        if smtp and not public_url:
            raise typer.BadParameter("--smtp needs --public-url (the links in the letters point there)")
        settings = Settings(db_url=db, redis_url=redis, bot_delay=bot_delay, metrics_token=metrics_token or None,
                            drain_timeout=drain_timeout, drain_grace=drain_grace, public_url=public_url,
                            smtp_url=smtp)
        typer.echo(f"nastolka: http://{host}:{port}/  (database {db.split('@')[-1]})", err=True)
        # SIGTERM drains (docs/operations.md); uvicorn's access log stays off: it would print invite secrets
        run_server(create_app(settings), host, port, log_level=log_level.lower(), **uvicorn_options(settings),
                   ws_per_message_deflate=ws_deflate, ws_max_size=64 * 1024)
