"""Tables (the people who play together) with their own pair of links, a game's table, and how
many games its series is played over (issue 14).

The game table only gains two empty columns, added in place (ALTER TABLE ... ADD COLUMN): on
SQLite a batch alteration would copy the game table and drop the old one, and the drop would
take every hand with it (ON DELETE CASCADE). For the same reason the downgrade leaves SQLite's
game table alone: only the new tables go, and the two columns stay, empty and unused.

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
        # Alembic would copy the table to add the reference; SQLite can add it in place. A
        # downgrade left the columns there (see above): they are taken up again as they are.
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
    """Drop the new tables; on PostgreSQL the two game columns too (see above for SQLite)."""
    op.drop_index("ix_game_table_id", table_name="game")
    if op.get_bind().dialect.name != "sqlite":
        op.drop_constraint("game_table_id_fkey", "game", type_="foreignkey")
        op.drop_column("game", "table_id")
        op.drop_column("game", "best_of")
    else:  # the games keep their columns, emptied, so that no game points at a dropped table
        op.execute("UPDATE game SET table_id = NULL, best_of = NULL")
    op.drop_index("ix_replaced_table_link_table_id", table_name="replaced_table_link")
    op.drop_table("replaced_table_link")
    op.drop_index("ix_card_table_device", table_name="card_table")
    op.drop_table("card_table")
