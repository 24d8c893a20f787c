"""A team's seed (tournament_team.seed), kept when round 1 of a tournament seeded by rating
starts, so that a round robin plays every round by the slots round 1 gave; empty for every team
stored before (their tournaments were paired by entry order after round 1).

Revision ID: c6e8a2b4d7f1
Revises: b4d6f8a1c3e5
"""

import sqlalchemy as sa
from alembic import op

revision = "c6e8a2b4d7f1"
down_revision = "b4d6f8a1c3e5"
branch_labels = None
depends_on = None


def upgrade():
    """Add the column, empty."""
    op.add_column("tournament_team", sa.Column("seed", sa.Integer(), nullable=True))


def downgrade():
    """Drop it in place, as the migration before drops its columns."""
    op.drop_column("tournament_team", "seed")
