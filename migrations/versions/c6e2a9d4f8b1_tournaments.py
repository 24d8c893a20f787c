"""Tournaments: a tournament's setup and its two links (tournament), its teams
(tournament_team), a scorer's link per table (tournament_table), and its replaced links kept
as hashes (replaced_tournament_link). New tables only: nothing stored before changes.

Revision ID: c6e2a9d4f8b1
Revises: b9d3f5a7c1e2
"""

import sqlalchemy as sa
from alembic import op

revision = "c6e2a9d4f8b1"
down_revision = "b9d3f5a7c1e2"
branch_labels = None
depends_on = None

TOKEN = sa.String(length=32)
NAME = sa.String(length=40)


def of_tournament() -> list:
    """The column that names a row's tournament (gone with it), and its reference."""
    return [
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"], ondelete="CASCADE"),
    ]


def upgrade():
    """Make the four tables of a tournament, with their indexes."""
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.Column("edit_token", TOKEN, nullable=False),
        sa.Column("view_token", TOKEN, nullable=False),
        sa.Column("device", TOKEN, nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("preset", sa.String(length=20), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("round_minutes", sa.Integer(), nullable=True),
        sa.Column("format", sa.String(length=12), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("creation_nonce", TOKEN, nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("creation_nonce"),
        sa.UniqueConstraint("edit_token"),
        sa.UniqueConstraint("view_token"),
    )
    op.create_index("ix_tournament_device", "tournament", ["device"])
    op.create_table(
        "replaced_tournament_link",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        *of_tournament(),
        sa.Column("by_nonce", TOKEN, nullable=True),
        sa.Column("replaced_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("token_hash"),
        sa.UniqueConstraint("by_nonce"),
    )
    op.create_table(
        "tournament_table",
        sa.Column("id", sa.Integer(), nullable=False),
        *of_tournament(),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("token", TOKEN, nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token"),
        sa.UniqueConstraint("tournament_id", "number", name="uq_tournament_table_number"),
    )
    op.create_table(
        "tournament_team",
        sa.Column("id", sa.Integer(), nullable=False),
        *of_tournament(),
        sa.Column("entry", sa.Integer(), nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.Column("player_0", NAME, nullable=False),
        sa.Column("player_1", NAME, nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("tournament_id", "entry", name="uq_tournament_team_entry"),
    )
    for table in ("replaced_tournament_link", "tournament_table", "tournament_team"):
        op.create_index(f"ix_{table}_tournament_id", table, ["tournament_id"])


def downgrade():
    """Drop the tournaments' tables, the ones that name a tournament first."""
    for table in ("tournament_team", "tournament_table", "replaced_tournament_link"):
        op.drop_index(f"ix_{table}_tournament_id", table_name=table)
        op.drop_table(table)
    op.drop_index("ix_tournament_device", table_name="tournament")
    op.drop_table("tournament")
