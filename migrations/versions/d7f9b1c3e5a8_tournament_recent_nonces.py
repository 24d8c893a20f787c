"""A tournament's recent one-time tokens (tournament.recent_nonces): the director's changes
recognise their form sent again by its token, as a game's writes do (game.recent_nonces),
rather than by the tournament's version, which any other change moves too. Empty for every
tournament stored before, whose forms carried no token.

Revision ID: d7f9b1c3e5a8
Revises: b3d5f7a9c1e2
"""

import sqlalchemy as sa
from alembic import op

revision = "d7f9b1c3e5a8"
down_revision = "b3d5f7a9c1e2"
branch_labels = None
depends_on = None


def upgrade():
    """Add the column, empty for every tournament."""
    op.add_column(
        "tournament",
        sa.Column("recent_nonces", sa.Text(), nullable=False, server_default=""),
    )


def downgrade():
    """Drop the column in place: copying the table, as a batch would on SQLite, would take
    its teams, tables and rounds with it (their references delete them with it)."""
    op.drop_column("tournament", "recent_nonces")
