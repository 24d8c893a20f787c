"""A tournament team added late: how many rounds had been played when it came
(tournament_team.joined_after), None for every team stored before, as all were entered with
their tournament.

Revision ID: a2c4e6f8b0d1
Revises: f1a3c5e7b9d4
"""

import sqlalchemy as sa
from alembic import op

revision = "a2c4e6f8b0d1"
down_revision = "f1a3c5e7b9d4"
branch_labels = None
depends_on = None


def upgrade():
    """Add the column, empty."""
    op.add_column("tournament_team", sa.Column("joined_after", sa.Integer(), nullable=True))


def downgrade():
    """Drop the column in place: copying the table, as a batch would on SQLite, would take
    the teams' round games with them (their references delete them with their team)."""
    op.drop_column("tournament_team", "joined_after")
