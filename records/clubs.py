"""How a club is stored: the club with its two links (the organiser's and the members'), the
tables and tournaments it holds, each held by one club at most, and the links it had before they
were replaced. Its players, ratings and seasons are worked out from the games of what it holds,
never kept."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from extensions import db
from records.games import NAME_LENGTH, TOKEN_LENGTH, new_token, utc_now


class ClubRecord(db.Model):  # type: ignore[name-defined]  # Flask-SQLAlchemy's dynamic base
    """A club: the people who meet week after week, at its tables and in its tournaments. Like
    a table, it has a link to run it (the organiser's) and a link to follow it (the members'
    and the wall's); both can be replaced."""

    __tablename__ = "club"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    edit_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_token)
    # The phone that made the club, or that replaced its organiser's link last.
    device: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    # Bumped on every change of the club itself (its links, what it holds).
    version: Mapped[int] = mapped_column(default=0)
    # The one-time token of the form that made it: that form sent again finds it.
    creation_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)


class ClubTableRecord(db.Model):  # type: ignore[name-defined]
    """A table the club holds: its games are the club's. A table is held by one club at most
    (the table's id is unique here), and never leaves it."""

    __tablename__ = "club_table"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("card_table.id", ondelete="CASCADE"), unique=True
    )
    # The one-time token of the form that added it: that form sent again finds it added.
    by_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    added_at: Mapped[datetime] = mapped_column(default=utc_now)


class ClubTournamentRecord(db.Model):  # type: ignore[name-defined]
    """A tournament the club holds, as `ClubTableRecord` holds a table: one club at most."""

    __tablename__ = "club_tournament"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), unique=True
    )
    by_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    added_at: Mapped[datetime] = mapped_column(default=utc_now)


class ReplacedClubLink(db.Model):  # type: ignore[name-defined]
    """A club's link that was replaced, kept only as a hash (see records.games.ReplacedLink)."""

    __tablename__ = "replaced_club_link"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    by_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    replaced_at: Mapped[datetime] = mapped_column(default=utc_now)


class ClubJoinRecord(db.Model):  # type: ignore[name-defined]
    """Two names of a club's games that are one person, as its organiser joined them: every
    game's `name` counts as `same_as` (both as `scoring.name_key` matches names). Undoing the join
    deletes the row; its forms are told apart by their one-time tokens."""

    __tablename__ = "club_join"
    __table_args__ = (UniqueConstraint("club_id", "name", name="uq_club_join_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    same_as: Mapped[str] = mapped_column(String(NAME_LENGTH))
    by_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class ClubSeasonRecord(db.Model):  # type: ignore[name-defined]
    """A season of a club: a named span of days, first and last included (UTC days), and how
    its nights give points: the points per place of a tournament (`place_points`, place 1
    first), per game won on an evening at the club's tables, for playing in a night at all, and
    over how many of a player's best nights (None: every night). Seasons may overlap: a night
    counts in every season whose span holds it."""

    __tablename__ = "club_season"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    first_day: Mapped[date]
    last_day: Mapped[date]
    place_points: Mapped[list[int]] = mapped_column(JSON)
    win_points: Mapped[int] = mapped_column(default=1)
    attendance_points: Mapped[int] = mapped_column(default=0)
    best_nights: Mapped[int | None]
    by_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
