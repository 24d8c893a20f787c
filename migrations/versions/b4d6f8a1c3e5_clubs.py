"""Clubs (issue 38): a club with its own pair of links, the tables and tournaments it holds
(each held by one club at most), its replaced links, the names its organiser joined, and its
seasons; and a tournament's seeding by rating (tournament.seed_by_rating, off for every
tournament stored before).

Revision ID: b4d6f8a1c3e5
Revises: a2c4e6f8b1d3
"""

import sqlalchemy as sa
from alembic import op

revision = "b4d6f8a1c3e5"
down_revision = "a2c4e6f8b1d3"
branch_labels = None
depends_on = None


def upgrade():
    """Add the club, club_table, club_tournament, replaced_club_link, club_join and club_season
    tables, and tournament.seed_by_rating."""
    op.create_table(
        "club",
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
    op.create_index("ix_club_device", "club", ["device"], unique=False)
    for name, held, key in (
        ("club_table", "card_table", "table_id"),
        ("club_tournament", "tournament", "tournament_id"),
    ):
        op.create_table(
            name,
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("club_id", sa.Integer(), nullable=False),
            sa.Column(key, sa.Integer(), nullable=False),
            sa.Column("by_nonce", sa.String(length=32), nullable=True),
            sa.Column("added_at", sa.DateTime(), nullable=False),
            sa.ForeignKeyConstraint(["club_id"], ["club.id"], ondelete="CASCADE"),
            sa.ForeignKeyConstraint([key], [f"{held}.id"], ondelete="CASCADE"),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("by_nonce"),
            sa.UniqueConstraint(key),
        )
        op.create_index(f"ix_{name}_club_id", name, ["club_id"], unique=False)
    op.create_table(
        "replaced_club_link",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("by_nonce", sa.String(length=32), nullable=True),
        sa.Column("replaced_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash"),
        sa.UniqueConstraint("by_nonce"),
    )
    op.create_index("ix_replaced_club_link_club_id", "replaced_club_link", ["club_id"])
    op.create_table(
        "club_join",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("same_as", sa.String(length=40), nullable=False),
        sa.Column("by_nonce", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("by_nonce"),
        sa.UniqueConstraint("club_id", "name", name="uq_club_join_name"),
    )
    op.create_index("ix_club_join_club_id", "club_join", ["club_id"])
    op.create_table(
        "club_season",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("first_day", sa.Date(), nullable=False),
        sa.Column("last_day", sa.Date(), nullable=False),
        sa.Column("place_points", sa.JSON(), nullable=False),
        sa.Column("win_points", sa.Integer(), nullable=False),
        sa.Column("attendance_points", sa.Integer(), nullable=False),
        sa.Column("best_nights", sa.Integer(), nullable=True),
        sa.Column("by_nonce", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("by_nonce"),
    )
    op.create_index("ix_club_season_club_id", "club_season", ["club_id"])
    op.add_column(
        "tournament",
        sa.Column("seed_by_rating", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade():
    """Drop the tournament's seeding in place, then the six tables, those that refer to the
    club first."""
    op.drop_column("tournament", "seed_by_rating")
    op.drop_index("ix_club_season_club_id", table_name="club_season")
    op.drop_table("club_season")
    op.drop_index("ix_club_join_club_id", table_name="club_join")
    op.drop_table("club_join")
    op.drop_index("ix_replaced_club_link_club_id", table_name="replaced_club_link")
    op.drop_table("replaced_club_link")
    for name in ("club_tournament", "club_table"):
        op.drop_index(f"ix_{name}_club_id", table_name=name)
        op.drop_table(name)
    op.drop_index("ix_club_device", table_name="club")
    op.drop_table("club")
