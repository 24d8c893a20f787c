"""One-time form tokens (a double tap writes once) and at most one rematch per game.

Revision ID: ac2f7bef0de1
Revises: a30205bd02e7
"""

import sqlalchemy as sa
from alembic import op

revision = "ac2f7bef0de1"
down_revision = "a30205bd02e7"
branch_labels = None
depends_on = None


def upgrade():
    """Add the game's last form token and the game it is a rematch of."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("last_nonce", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("rematch_of", sa.Integer(), nullable=True))
        batch_op.create_unique_constraint("uq_game_last_nonce", ["last_nonce"])
        batch_op.create_unique_constraint("uq_game_rematch_of", ["rematch_of"])
        batch_op.create_foreign_key(
            "fk_game_rematch_of", "game", ["rematch_of"], ["id"], ondelete="SET NULL"
        )


def downgrade():
    """Drop both columns and their constraints."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_constraint("fk_game_rematch_of", type_="foreignkey")
        batch_op.drop_constraint("uq_game_rematch_of", type_="unique")
        batch_op.drop_constraint("uq_game_last_nonce", type_="unique")
        batch_op.drop_column("rematch_of")
        batch_op.drop_column("last_nonce")
