"""Tournament rounds: a round (tournament_round: its number, start, bye and the one-time token
of the form that started it) and the game played at each of its tables (tournament_game: the
table number, the stored game and its two teams). New tables only: nothing stored before
changes.

Revision ID: d2f4a6c8e0b1
Revises: c6e2a9d4f8b1
"""

import sqlalchemy as sa
from alembic import op

revision = "d2f4a6c8e0b1"
down_revision = "c6e2a9d4f8b1"
branch_labels = None
depends_on = None


def team(column: str, nullable: bool = False) -> list:
    """A column naming a team of the tournament (gone with it), and its reference."""
    return [
        sa.Column(column, sa.Integer(), nullable=nullable),
        sa.ForeignKeyConstraint([column], ["tournament_team.id"], ondelete="CASCADE"),
    ]


def upgrade():
    """Make the rounds' table and their games' table, with their indexes."""
    op.create_table(
        "tournament_round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        *team("bye_team_id", nullable=True),
        sa.Column("start_nonce", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("start_nonce"),
        sa.UniqueConstraint("tournament_id", "number", name="uq_tournament_round_number"),
    )
    op.create_index("ix_tournament_round_tournament_id", "tournament_round", ["tournament_id"])
    op.create_table(
        "tournament_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        *team("north_south_id"),
        *team("east_west_id"),
        sa.ForeignKeyConstraint(["round_id"], ["tournament_round.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id"),
        sa.UniqueConstraint("round_id", "table", name="uq_tournament_game_table"),
    )
    op.create_index("ix_tournament_game_round_id", "tournament_game", ["round_id"])


def downgrade():
    """Drop the rounds' games, then the rounds."""
    op.drop_index("ix_tournament_game_round_id", table_name="tournament_game")
    op.drop_table("tournament_game")
    op.drop_index("ix_tournament_round_tournament_id", table_name="tournament_round")
    op.drop_table("tournament_round")
