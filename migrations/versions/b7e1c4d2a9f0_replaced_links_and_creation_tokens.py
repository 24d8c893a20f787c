"""Replaced links kept as hashes (answered 410), the one-time token of the form that made each
game in a column of its own, and the one-time tokens of each game's recent writes.

Revision ID: b7e1c4d2a9f0
Revises: ac2f7bef0de1
"""

import sqlalchemy as sa
from alembic import op

revision = "b7e1c4d2a9f0"
down_revision = "ac2f7bef0de1"
branch_labels = None
depends_on = None


def upgrade():
    """Add game.creation_nonce, game.recent_nonces and the replaced_link table."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("creation_nonce", sa.String(length=32), nullable=True))
        batch_op.add_column(
            sa.Column("recent_nonces", sa.Text(), server_default="", nullable=False)
        )
        batch_op.create_unique_constraint("uq_game_creation_nonce", ["creation_nonce"])
    op.create_table(
        "replaced_link",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("by_nonce", sa.String(length=32), nullable=True),
        sa.Column("replaced_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash"),
        sa.UniqueConstraint("by_nonce"),
    )
    with op.batch_alter_table("replaced_link", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_replaced_link_game_id"), ["game_id"], unique=False)


def downgrade():
    """Drop the replaced_link table, game.recent_nonces and game.creation_nonce."""
    with op.batch_alter_table("replaced_link", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_replaced_link_game_id"))
    op.drop_table("replaced_link")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_constraint("uq_game_creation_nonce", type_="unique")
        batch_op.drop_column("recent_nonces")
        batch_op.drop_column("creation_nonce")
