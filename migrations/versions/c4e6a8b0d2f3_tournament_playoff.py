"""A tournament's playoff: a round marked as a stage of the playoff after the last round
(tournament_round.playoff), false for every round stored before, as none was.

Revision ID: c4e6a8b0d2f3
Revises: a2c4e6f8b0d1
"""

import sqlalchemy as sa
from alembic import op

revision = "c4e6a8b0d2f3"
down_revision = "a2c4e6f8b0d1"
branch_labels = None
depends_on = None


def upgrade():
    """Add the column, false for every round stored."""
    op.add_column(
        "tournament_round",
        sa.Column("playoff", sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade():
    """Take the playoff's stages out (their games stay, as games without a round), since a
    stage left behind would count as a round; then drop the column in place, not copying the
    table as a batch would on SQLite, which would take the round games with it."""
    op.execute(
        "DELETE FROM tournament_game WHERE round_id IN"
        " (SELECT id FROM tournament_round WHERE playoff)"
    )
    op.execute("DELETE FROM tournament_round WHERE playoff")
    op.drop_column("tournament_round", "playoff")
