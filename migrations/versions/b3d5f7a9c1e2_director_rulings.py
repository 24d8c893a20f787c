"""A tournament director's rulings: the side a game was awarded to by forfeit
(tournament_game.forfeit_to, None for every game stored before, none having been awarded) and
the log of rulings (tournament_ruling: the tournament, the game, the kind, what it names, when).

Revision ID: b3d5f7a9c1e2
Revises: c4e6a8b0d2f3
"""

import sqlalchemy as sa
from alembic import op

revision = "b3d5f7a9c1e2"
down_revision = "c4e6a8b0d2f3"
branch_labels = None
depends_on = None


def upgrade():
    """Add the forfeit's column, empty, and make the log's table with its indexes."""
    op.add_column("tournament_game", sa.Column("forfeit_to", sa.Integer(), nullable=True))
    op.create_table(
        "tournament_ruling",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=True),
        sa.Column("side", sa.Integer(), nullable=True),
        sa.Column("points", sa.Integer(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_tournament_ruling_tournament_id", "tournament_ruling", ["tournament_id"])
    op.create_index("ix_tournament_ruling_game_id", "tournament_ruling", ["game_id"])


def downgrade():
    """Drop the log, then the forfeit's column in place, as f1a3c5e7b9d4 drops its own."""
    op.drop_index("ix_tournament_ruling_game_id", table_name="tournament_ruling")
    op.drop_index("ix_tournament_ruling_tournament_id", table_name="tournament_ruling")
    op.drop_table("tournament_ruling")
    op.drop_column("tournament_game", "forfeit_to")
