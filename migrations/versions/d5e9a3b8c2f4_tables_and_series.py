"""Tables (the people who play together) with their own pair of links, a game's table, and how
many games its series is played over (issue 14).

The game table only gains two empty columns, added in place (ALTER TABLE ... ADD COLUMN) rather
than by the copy of the table a batch alteration makes on SQLite. The downgrade drops them
before the tables: on SQLite by that copy (safe since migrations/env.py turns foreign keys off
there; with them on, dropping the old game table took every hand with it, ON DELETE CASCADE), so
that no column is left referring to the dropped card_table. Downgrades written before that left
SQLite's two columns in place, emptied: the upgrade takes them up again as they are.

Revision ID: d5e9a3b8c2f4
Revises: c4d8e2f1a7b3
"""

import sqlalchemy as sa
from alembic import op

revision = "d5e9a3b8c2f4"
down_revision = "c4d8e2f1a7b3"
branch_labels = None
depends_on = None


def upgrade():
    """Add the card_table and replaced_table_link tables, game.table_id and game.best_of."""
    op.create_table(
        "card_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("edit_token", sa.String(length=32), nullable=False),
        sa.Column("view_token", sa.String(length=32), nullable=False),
        sa.Column("device", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("creation_nonce", sa.String(length=32), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("creation_nonce"),
        sa.UniqueConstraint("edit_token"),
        sa.UniqueConstraint("view_token"),
    )
    op.create_index("ix_card_table_device", "card_table", ["device"], unique=False)
    op.create_table(
        "replaced_table_link",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("by_nonce", sa.String(length=32), nullable=True),
        sa.Column("replaced_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["card_table.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash"),
        sa.UniqueConstraint("by_nonce"),
    )
    op.create_index(
        "ix_replaced_table_link_table_id", "replaced_table_link", ["table_id"], unique=False
    )
    if op.get_bind().dialect.name == "sqlite":
        # Alembic would copy the table to add the reference; SQLite can add it in place. An
        # older downgrade may have left the columns there (see above): they are taken up again.
        existing = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("game")}
        if "table_id" not in existing:
            op.execute("ALTER TABLE game ADD COLUMN table_id INTEGER REFERENCES card_table (id)")
        if "best_of" not in existing:
            op.add_column("game", sa.Column("best_of", sa.Integer(), nullable=True))
    else:
        op.add_column("game", sa.Column("table_id", sa.Integer(), nullable=True))
        op.create_foreign_key("game_table_id_fkey", "game", "card_table", ["table_id"], ["id"])
        op.add_column("game", sa.Column("best_of", sa.Integer(), nullable=True))
    op.create_index("ix_game_table_id", "game", ["table_id"], unique=False)


def downgrade():
    """Drop game.table_id and game.best_of, then the new tables."""
    op.drop_index("ix_game_table_id", table_name="game")
    if op.get_bind().dialect.name == "sqlite":
        # The reference to card_table was added in place, unnamed: the batch copy of the game
        # table leaves it out with its column. Before the tables go, since the copy reflects
        # the game table, and with it every table it refers to.
        with op.batch_alter_table("game", schema=None) as batch_op:
            batch_op.drop_column("table_id")
            batch_op.drop_column("best_of")
    else:
        op.drop_constraint("game_table_id_fkey", "game", type_="foreignkey")
        op.drop_column("game", "table_id")
        op.drop_column("game", "best_of")
    op.drop_index("ix_replaced_table_link_table_id", table_name="replaced_table_link")
    op.drop_table("replaced_table_link")
    op.drop_index("ix_card_table_device", table_name="card_table")
    op.drop_table("card_table")
