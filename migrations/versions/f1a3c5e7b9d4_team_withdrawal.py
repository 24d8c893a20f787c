"""A tournament team's withdrawal: how many rounds had been played when it left
(tournament_team.withdrawn_after), None for every team stored before, as none had left.

Revision ID: f1a3c5e7b9d4
Revises: e8b3c5d7f9a2
"""

import sqlalchemy as sa
from alembic import op

revision = "f1a3c5e7b9d4"
down_revision = "e8b3c5d7f9a2"
branch_labels = None
depends_on = None


def upgrade():
    """Add the column, empty."""
    op.add_column("tournament_team", sa.Column("withdrawn_after", sa.Integer(), nullable=True))


def downgrade():
    """Drop the column in place: copying the table, as a batch would on SQLite, would take
    the teams' round games with them (their references delete them with their team)."""
    op.drop_column("tournament_team", "withdrawn_after")
