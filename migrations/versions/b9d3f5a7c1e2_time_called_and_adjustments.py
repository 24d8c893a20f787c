"""A game's two inputs besides its hands: the hand after which time was called
(game.time_called_after, empty while it is not) and its adjustments (game.adjustments, a JSON
list, empty for every game stored before).

Added in place (ALTER TABLE ... ADD COLUMN), as e7a1c3f5b9d2 explains: a batch alteration on
SQLite would copy the game table, and dropping the old one would take every hand with it. The
downgrade leaves SQLite's columns where they are, unused; an upgrade after it takes them up.

Revision ID: b9d3f5a7c1e2
Revises: a8c2e4f6b1d3
"""

import sqlalchemy as sa
from alembic import op

revision = "b9d3f5a7c1e2"
down_revision = "a8c2e4f6b1d3"
branch_labels = None
depends_on = None


def upgrade():
    """Add game.time_called_after (empty) and game.adjustments ([] for every game)."""
    existing = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("game")}
    if "time_called_after" not in existing:
        op.add_column("game", sa.Column("time_called_after", sa.Integer(), nullable=True))
    if "adjustments" not in existing:
        op.add_column(
            "game", sa.Column("adjustments", sa.JSON(), nullable=False, server_default="[]")
        )


def downgrade():
    """Drop both columns; on SQLite they stay (see above)."""
    if op.get_bind().dialect.name != "sqlite":
        op.drop_column("game", "adjustments")
        op.drop_column("game", "time_called_after")
