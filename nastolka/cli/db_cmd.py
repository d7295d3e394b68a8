"""``nastolka db backup|restore|check``: a server's database saved, put back, and verified (docs/operations.md)."""

from __future__ import annotations

from pathlib import Path

import typer

DB_HELP = "database URL: an SQLite file (the default) or postgresql://user@host/dbname, as for `nastolka serve`"


def _url(db: str) -> str:
    return db if "://" in db else f"sqlite:///{db}"   # a bare path means an SQLite file, as for serve


def register(app: typer.Typer) -> None:
    db_app = typer.Typer(help="Back up, restore and check the server's database.", no_args_is_help=True)
    app.add_typer(db_app, name="db")

    @db_app.command("backup")
    def backup_cmd(file: Path = typer.Argument(..., help="where to write the backup"),
                   db: str = typer.Option("sqlite:///nastolka.db", help=DB_HELP)) -> None:
        """Write a consistent backup while the server runs (SQLite: online backup API; PostgreSQL: pg_dump)."""
        from nastolka.server.backup import BackupError, backup

        try:
            typer.echo(backup(_url(db), file))
        except BackupError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None

    @db_app.command("restore")
    def restore_cmd(file: Path = typer.Argument(..., help="a backup written by `nastolka db backup`"),
                    db: str = typer.Option("sqlite:///nastolka.db", help=DB_HELP)) -> None:
        """Replace the database's contents with a backup. Stop every server process on it first."""
        from nastolka.server.backup import BackupError, restore

        try:
            typer.echo(restore(file, _url(db)))
        except BackupError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None
        typer.echo("restored: start the server (it upgrades the schema if the backup is older), "
                   "then run `nastolka db check`")

    @db_app.command("check")
    def check_cmd(db: str = typer.Option("sqlite:///nastolka.db", help=DB_HELP)) -> None:
        """Replay every stored table; exit 1 naming each table that does not replay."""
        from nastolka.server.backup import check

        report = check(_url(db))
        for table_id, why in sorted(report.broken.items()):
            typer.echo(f"table {table_id} does not replay: {why}", err=True)
        typer.echo(f"{report.replayed} tables replay; {len(report.outdated)} played under other rules "
                   f"versions (not replayed); {len(report.broken)} broken")
        if report.broken:
            raise typer.Exit(1)
