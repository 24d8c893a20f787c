"""Games and the inputs of their hands.

Revision ID: a30205bd02e7
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "a30205bd02e7"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    """Create the game and hand tables."""
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("edit_token", sa.String(length=32), nullable=False),
        sa.Column("view_token", sa.String(length=32), nullable=False),
        sa.Column("device", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("team_0", sa.String(length=40), nullable=False),
        sa.Column("team_1", sa.String(length=40), nullable=False),
        sa.Column("player_0", sa.String(length=40), nullable=False),
        sa.Column("player_1", sa.String(length=40), nullable=False),
        sa.Column("player_2", sa.String(length=40), nullable=False),
        sa.Column("player_3", sa.String(length=40), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(length=20), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("edit_token"),
        sa.UniqueConstraint("view_token"),
    )
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_device"), ["device"], unique=False)

    op.create_table(
        "hand",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("bid_0", sa.String(length=9), nullable=False),
        sa.Column("bid_1", sa.String(length=9), nullable=False),
        sa.Column("bid_2", sa.String(length=9), nullable=False),
        sa.Column("bid_3", sa.String(length=9), nullable=False),
        sa.Column("tricks_0", sa.Integer(), nullable=True),
        sa.Column("tricks_1", sa.Integer(), nullable=True),
        sa.Column("tricks_2", sa.Integer(), nullable=True),
        sa.Column("tricks_3", sa.Integer(), nullable=True),
        sa.Column("team_tricks_0", sa.Integer(), nullable=True),
        sa.Column("team_tricks_1", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "number", name="uq_hand_game_number"),
    )
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_hand_game_id"), ["game_id"], unique=False)


def downgrade():
    """Drop both tables."""
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_hand_game_id"))

    op.drop_table("hand")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_device"))

    op.drop_table("game")
