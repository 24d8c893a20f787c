"""A game's two inputs besides its hands: the hand after which time was called
(game.time_called_after, empty while it is not) and its adjustments (game.adjustments, a JSON
list, empty for every game stored before).

Added in place (ALTER TABLE ... ADD COLUMN), as e7a1c3f5b9d2 explains, rather than by a copy
of the game table; the downgrade drops them, on SQLite by that copy. Downgrades written before
migrations/env.py turned foreign keys off on SQLite left the columns there, unused: the upgrade
takes them up again.

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
    """Drop both columns."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("adjustments")
        batch_op.drop_column("time_called_after")
