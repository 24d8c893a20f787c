"""Which of a table's edit links a game was started or joined with: a replaced edit link no
longer leads the phones that only held the old one to the new one (the home page's tables, the
new-game and join forms' Table choice).

card_table.edit_generation counts the replacements of a table's edit link; game.table_generation
is the count when the game was started at the table or joined it. Both are added in place
(ALTER TABLE ... ADD COLUMN), every existing row at 0, so the games at a table today keep
offering it: on SQLite a batch alteration would copy the game table and drop the old one, and
the drop would take every hand with it (ON DELETE CASCADE). For the same reason the downgrade
leaves SQLite's columns where they are, unused, and an upgrade after it takes them up again.

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
    """Drop both columns; on SQLite they stay (see above)."""
    if op.get_bind().dialect.name != "sqlite":
        for table, name in COLUMNS:
            op.drop_column(table, name)
