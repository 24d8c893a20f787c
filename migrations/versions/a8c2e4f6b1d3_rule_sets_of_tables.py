"""A table's named rule sets ("Friday rules"): a preset and every parameter as the engine's
values, kept with the table (issue 26). Only a new table: no stored game or table changes, so
the downgrade drops it and nothing else.

Revision ID: a8c2e4f6b1d3
Revises: f3b6d8a1c5e7
"""

import sqlalchemy as sa
from alembic import op

revision = "a8c2e4f6b1d3"
down_revision = "f3b6d8a1c5e7"
branch_labels = None
depends_on = None


def upgrade():
    """Add the rule_set table, each row a set of rules of one table."""
    op.create_table(
        "rule_set",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=True),
        sa.Column("preset", sa.String(length=20), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("creation_nonce", sa.String(length=32), nullable=True),
        sa.Column("removal_nonce", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["card_table.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("creation_nonce"),
        sa.UniqueConstraint("removal_nonce"),
        sa.UniqueConstraint("table_id", "name", name="uq_rule_set_table_name"),
    )
    op.create_index("ix_rule_set_table_id", "rule_set", ["table_id"], unique=False)


def downgrade():
    """Drop the rule_set table and its index."""
    op.drop_index("ix_rule_set_table_id", table_name="rule_set")
    op.drop_table("rule_set")
