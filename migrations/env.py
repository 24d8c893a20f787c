"""Alembic's entry point, run by `flask db ...` inside the app, so it uses the app's database.

On SQLite the migrations run with foreign-key enforcement off, as Alembic advises for batch
mode: SQLite alters a table by copying it into a new one and dropping the old, and with
enforcement on (database.py turns it on for every connection of the app's engine) dropping the
old game table deletes every row that refers to it ON DELETE CASCADE, every hand among them.
Enforcement is turned back on once the migrations are done, and each migration is refused,
rolled back, if it leaves a row referring to one that is not there (PRAGMA foreign_key_check),
which enforcement would have stopped.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from logging.config import fileConfig
from typing import Any

from alembic import context
from alembic.runtime.migration import MigrationContext, MigrationInfo
from flask import current_app
from sqlalchemy.engine import Connection

config = context.config
if config.config_file_name:
    fileConfig(config.config_file_name)

db = current_app.extensions["migrate"].db


def run_offline() -> None:
    """Write the SQL for the migrations instead of running it (`flask db upgrade --sql`)."""
    url = db.engine.url.render_as_string(hide_password=False)
    context.configure(url=url, target_metadata=db.metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Run the migrations on the app's engine: on PostgreSQL in one transaction, on SQLite (whose
    DDL Alembic runs a migration at a time) each in its own, with foreign keys unenforced."""
    options = dict(current_app.extensions["migrate"].configure_args)
    options.setdefault("render_as_batch", True)  # SQLite can only alter a table by copying it
    with db.engine.connect() as connection, foreign_keys_off(connection):
        if connection.dialect.name == "sqlite":
            # After each migration, before its transaction commits, so a failure rolls it back.
            callbacks = options.get("on_version_apply") or ()
            callbacks = [callbacks] if callable(callbacks) else list(callbacks)
            options["on_version_apply"] = [*callbacks, refuse_dangling_references]
        context.configure(
            connection=connection,
            target_metadata=db.metadata,
            **options,
        )
        with context.begin_transaction():
            context.run_migrations()


@contextmanager
def foreign_keys_off(connection: Connection) -> Iterator[None]:
    """On SQLite, foreign-key enforcement off on `connection` for the block and on again after
    it, however it ends (the connection goes back to the app's pool); elsewhere nothing."""
    if connection.dialect.name != "sqlite":
        yield
        return
    # SQLite ignores the pragma inside a transaction, and the app's engine sends BEGIN itself
    # at the first statement SQLAlchemy runs (database.py's "begin" hook): so the pragma goes
    # straight to the driver's connection, which database.py leaves in autocommit mode, before
    # any statement of the migrations.
    driver = connection.connection.driver_connection
    set_foreign_keys(driver, enforced=False)
    try:
        yield
    finally:
        # Each migration commits its own transaction; what can be left open is Alembic's read
        # of the version table, or a migration's failure. Closing the connection would roll it
        # back anyway; it must end before the pragma, which it would otherwise swallow.
        if connection.in_transaction():
            connection.rollback()
        set_foreign_keys(driver, enforced=True)


def set_foreign_keys(driver: Any, enforced: bool) -> None:
    """Turn SQLite's foreign-key enforcement on or off on a driver connection (sqlite3's), and
    fail unless SQLite reads it back so: set inside a transaction, it would silently not be."""
    if driver.in_transaction:
        raise RuntimeError("PRAGMA foreign_keys inside a transaction, where SQLite ignores it")
    driver.execute(f"PRAGMA foreign_keys={'ON' if enforced else 'OFF'}")
    (now,) = driver.execute("PRAGMA foreign_keys").fetchone()
    if bool(now) != enforced:
        raise RuntimeError(f"SQLite did not take PRAGMA foreign_keys={enforced}: it reads {now}")


def refuse_dangling_references(
    *, ctx: MigrationContext, step: MigrationInfo, heads: Any, run_args: Any
) -> None:
    """Fail the migration just applied, before its transaction commits, if a row refers to one
    that is not there: with enforcement off (see `foreign_keys_off`), SQLite did not stop it."""
    if ctx.connection is None:  # writing SQL (--sql): no rows to check
        return
    dangling = ctx.connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if dangling:
        direction = "upgrade to" if step.is_upgrade else "downgrade from"
        rows = "; ".join(
            f"{table} row {rowid} -> {parent}" for table, rowid, parent, _ in dangling[:10]
        )
        raise RuntimeError(
            f"the {direction} {step.up_revision_id} leaves rows referring to rows that are"
            f" not there ({len(dangling)} in all): {rows}"
        )


if context.is_offline_mode():
    run_offline()
else:
    run_online()
