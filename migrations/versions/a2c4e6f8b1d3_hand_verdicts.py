"""Opponents who confirm each hand: a tournament's option (tournament.confirm_hands, off for
every tournament stored before, as none asked) and each hand's word from the other side
(hand.verdict: agreed, disputed or ruled; empty for every hand stored before).

Revision ID: a2c4e6f8b1d3
Revises: d7f9b1c3e5a8
"""

import sqlalchemy as sa
from alembic import op

revision = "a2c4e6f8b1d3"
down_revision = "d7f9b1c3e5a8"
branch_labels = None
depends_on = None


def upgrade():
    """Add both columns: the option off, the verdicts empty."""
    op.add_column(
        "tournament",
        sa.Column("confirm_hands", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("hand", sa.Column("verdict", sa.String(length=8), nullable=True))


def downgrade():
    """Drop both in place: copying the tables, as a batch would on SQLite, would take what
    refers to them with them."""
    op.drop_column("hand", "verdict")
    op.drop_column("tournament", "confirm_hands")
