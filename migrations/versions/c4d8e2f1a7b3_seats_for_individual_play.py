"""Bids of seats a smaller table does not have: the third and fourth seat's bid may be empty,
for games of three or two players (issue 16). Existing hands keep every value.

Only the hand table changes. On SQLite a batch alteration copies the table into a new one and
drops the old; when this was written, doing the same to the game table dropped every hand and
replaced link with it (ON DELETE CASCADE, foreign keys being on for every connection, as they
are no longer for the migrations: see migrations/env.py). So the names of absent seats stay in
their NOT NULL columns, empty.

Revision ID: c4d8e2f1a7b3
Revises: b7e1c4d2a9f0
"""

import sqlalchemy as sa
from alembic import op

revision = "c4d8e2f1a7b3"
down_revision = "b7e1c4d2a9f0"
branch_labels = None
depends_on = None


def upgrade():
    """Let hand.bid_2 and hand.bid_3 be empty."""
    with op.batch_alter_table("hand", schema=None) as batch_op:
        for name in ("bid_2", "bid_3"):
            batch_op.alter_column(name, existing_type=sa.String(length=9), nullable=True)


def downgrade():
    """Require every seat's bid again; the hands of smaller tables cannot be kept, so they go
    (their games stay, with no hand played)."""
    op.execute("DELETE FROM hand WHERE bid_2 IS NULL OR bid_3 IS NULL")
    with op.batch_alter_table("hand", schema=None) as batch_op:
        for name in ("bid_2", "bid_3"):
            batch_op.alter_column(name, existing_type=sa.String(length=9), nullable=False)
