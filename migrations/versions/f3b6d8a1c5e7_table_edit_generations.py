"""Which of a table's edit links a game was started or joined with: a replaced edit link no
longer leads the phones that only held the old one to the new one (the home page's tables, the
new-game and join forms' Table choice).

card_table.edit_generation counts the replacements of a table's edit link; game.table_generation
is the count when the game was started at the table or joined it. Both are added in place
(ALTER TABLE ... ADD COLUMN), every existing row at 0, so the games at a table today keep
offering it, rather than by the copy of each table a batch alteration makes on SQLite. The
downgrade drops them, on SQLite by that copy (safe since migrations/env.py turns foreign keys
off there; with them on, dropping the old game table took every hand with it, ON DELETE
CASCADE). Downgrades written before that left SQLite's columns where they were, unused: the
upgrade takes them up again.

Revision ID: f3b6d8a1c5e7
Revises: e7a1c3f5b9d2
"""

import sqlalchemy as sa
from alembic import op

revision = "f3b6d8a1c5e7"
down_revision = "e7a1c3f5b9d2"
branch_labels = None
depends_on = None

# Each new column, by the table it is added to.
COLUMNS = (("card_table", "edit_generation"), ("game", "table_generation"))


def upgrade():
    """Add card_table.edit_generation and game.table_generation, 0 for every row."""
    inspector = sa.inspect(op.get_bind())
    for table, name in COLUMNS:
        if name not in {column["name"] for column in inspector.get_columns(table)}:
            column = sa.Column(name, sa.Integer(), nullable=False, server_default="0")
            op.add_column(table, column)


def downgrade():
    """Drop both columns."""
    for table, name in COLUMNS:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column(name)
