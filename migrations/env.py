"""Alembic's entry point, run by `flask db ...` inside the app, so it uses the app's database."""

from logging.config import fileConfig

from alembic import context
from flask import current_app

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
    """Run the migrations on the app's engine, in one transaction."""
    options = dict(current_app.extensions["migrate"].configure_args)
    options.setdefault("render_as_batch", True)  # SQLite can only alter a table by copying it
    with db.engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=db.metadata,
            **options,
        )
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
