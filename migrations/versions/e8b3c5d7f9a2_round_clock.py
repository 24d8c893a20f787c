"""A tournament round's clock: when time was called at its tables (tournament_round
.time_called_at), None for every round stored before, as none of them had run out.

Revision ID: e8b3c5d7f9a2
Revises: d2f4a6c8e0b1
"""

import sqlalchemy as sa
from alembic import op

revision = "e8b3c5d7f9a2"
down_revision = "d2f4a6c8e0b1"
branch_labels = None
depends_on = None


def upgrade():
    """Add the column, empty."""
    op.add_column("tournament_round", sa.Column("time_called_at", sa.DateTime(), nullable=True))


def downgrade():
    """Drop the column in place: copying the table, as a batch would on SQLite, would take
    the rounds' games with it (their reference deletes them with their round)."""
    op.drop_column("tournament_round", "time_called_at")
