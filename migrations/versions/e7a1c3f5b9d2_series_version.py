"""A game's series version: bumped when an earlier game of its series changes how it ended,
so that the view link of a later game answers its next poll anew rather than "not modified"
with a series line gone stale.

Added in place (ALTER TABLE ... ADD COLUMN), every existing game at 0, rather than by the copy
of the game table a batch alteration makes on SQLite. The downgrade drops it, on SQLite by that
copy (safe since migrations/env.py turns foreign keys off there; with them on, dropping the old
game table took every hand with it, ON DELETE CASCADE). Downgrades written before that left
SQLite's column where it was, unused: the upgrade takes it up again.

Revision ID: e7a1c3f5b9d2
Revises: d5e9a3b8c2f4
"""

import sqlalchemy as sa
from alembic import op

revision = "e7a1c3f5b9d2"
down_revision = "d5e9a3b8c2f4"
branch_labels = None
depends_on = None


def upgrade():
    """Add game.series_version, 0 for every game."""
    existing = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("game")}
    if "series_version" not in existing:
        op.add_column(
            "game",
            sa.Column("series_version", sa.Integer(), nullable=False, server_default="0"),
        )


def downgrade():
    """Drop game.series_version."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("series_version")
