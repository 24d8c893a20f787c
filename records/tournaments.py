"""What the app stores of a tournament: its setup, its teams and its tables' scorer's links; the
inputs only, as `records.games` keeps a game's (its standings are counted from its games, never
kept), with the basics that module holds (the tokens, the name length, the clock).

A round (`RoundRecord`) is its tournament, its number (1..), when the director started it, the
team that sits it out, if any, and, with minutes per round, when its clock called time; each of
its games (`RoundGameRecord`) is an ordinary stored game (`records.games.GameRecord`, its hands,
links and time called) with its table number and its two teams, the one seated North–South first. A
round is over when every game of it is, which the games' hands say through the engine:
nothing of it is stored.

A team that withdrew between rounds notes how many rounds had been played (`withdrawn_after`);
a team added late, between rounds, notes how many had been played when it came
(`joined_after`), and a table link more is made with it when the teams outgrow the tables
(`table_count`).
A game the director awarded by forfeit notes the side it went to (`forfeit_to`); the rulings
themselves are logged in `records.rulings`.

A playoff stage after the last round is stored as a round marked `playoff`, numbered after the
rounds, its games at tables 1..k with the two teams as any round's: read with the rounds in
the same query, counted apart from them (`tournaments.services.brackets`).
"""

from __future__ import annotations

import base64
import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, Text, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

import scoring
from extensions import db
from records.games import NAME_LENGTH, PRESET_LENGTH, TOKEN_LENGTH, GameRecord, new_token, utc_now

# How a tournament pairs its teams round by round: the pairing package's formats, stored by value
# (each value's entry in `tournament.FORMATS` says all that differs between them).
from tournament import Format, format_of

FORMAT_LENGTH = 12
# A club's evening: two teams at least, 64 at most (32 tables).
FEWEST_TEAMS = 2
MOST_TEAMS = 64
# The most rounds a Swiss or a King's table is set to play in one evening.
MOST_ROUNDS = 20


def table_count(teams: int) -> int:
    """How many tables a round of this many teams fills: two teams a table, one sitting out
    when the number is odd."""
    return teams // 2


def seat(side: int, partner: int) -> int:
    """The seat (0..3, a game's `player_<seat>`) of a team's player `partner` (0 or 1) when
    the team sits North–South (`side` 0) or East–West (1): partners sit opposite."""
    return side + 2 * partner


def most_rounds(form: Format | str, teams: int) -> int:
    """The most rounds a tournament of this format and this many teams may be set to: no more
    than MOST_ROUNDS, nor than the format's own limit (a Swiss meets no team twice, so it has
    at most a round robin's rounds: one fewer than the teams, or with an odd number as many,
    each team having a bye)."""
    limit = format_of(form).rounds_limit
    return MOST_ROUNDS if limit is None else min(limit(teams), MOST_ROUNDS)


class TournamentRecord(db.Model):  # type: ignore[name-defined]  # Flask-SQLAlchemy's base
    """A tournament's setup: its name, the rules and length of every game, its format, and its
    two replaceable links: the director's (edit) and the watch link (view)."""

    __tablename__ = "tournament"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # The director's link, and the watch link for the wall and the spectators.
    edit_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_token)
    # The phone that made it, or that replaced its director's link last.
    device: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    # Every game's rules, as a game keeps them; a number of hands is their `hands_limit`.
    preset: Mapped[str] = mapped_column(String(PRESET_LENGTH))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Minutes per round, after which time is called at every table still playing; None when
    # the games are played to the target or to a number of hands.
    round_minutes: Mapped[int | None]
    format: Mapped[str] = mapped_column(String(FORMAT_LENGTH))  # a `Format`
    # The rounds of a Swiss or a King's table; None for a round robin, whose teams say it.
    rounds: Mapped[int | None]
    # Whether the other side confirms each hand its table's scorer saves (a hand counts once
    # agreed or ruled: `records.games.AGREED`); off unless the director asks for it.
    confirm_hands: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Whether round 1 is paired and seated by the players' ratings at the club that holds the
    # tournament, rather than by entry order (a tournament no club holds keeps entry order).
    seed_by_rating: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Bumped on every change of the tournament (its links): its watch page's tag names it.
    version: Mapped[int] = mapped_column(default=0)
    # The one-time token of the form that made it: that form sent again finds it.
    creation_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    # The one-time tokens of the director's recent changes, newest last: a form sent again is
    # answered as done, never applied twice (`tournaments.services.withdrawing.director_write`).
    recent_nonces: Mapped[str] = mapped_column(Text, default="", server_default="")

    # Made with the tournament (a page reads them with a query of their own, not through these).
    teams: Mapped[list[TournamentTeamRecord]] = relationship(
        order_by="TournamentTeamRecord.entry", cascade="all, delete-orphan", lazy="raise"
    )
    tables: Mapped[list[TournamentTableRecord]] = relationship(
        order_by="TournamentTableRecord.number", cascade="all, delete-orphan", lazy="raise"
    )

    @property
    def scoring_rules(self) -> scoring.Rules:
        """The stored rules as the engine's value."""
        return scoring.Rules.from_dict(self.rules)


class TournamentTeamRecord(db.Model):  # type: ignore[name-defined]
    """A team of a tournament: its entry number (1.. in the order entered), its name, unique in
    the tournament however it is spelt (`scoring.name_key`, checked as teams are entered), and
    its two players."""

    __tablename__ = "tournament_team"
    __table_args__ = (UniqueConstraint("tournament_id", "entry", name="uq_tournament_team_entry"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    entry: Mapped[int]
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    player_0: Mapped[str] = mapped_column(String(NAME_LENGTH))
    player_1: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # How many rounds had been played when it withdrew (0 before round 1); None while it plays.
    withdrawn_after: Mapped[int | None]
    # How many rounds had been played when it was added late; None for a team entered with the
    # tournament.
    joined_after: Mapped[int | None]
    # Its seed (1 the strongest), kept when round 1 of a tournament seeded by rating started
    # (tournaments.services.seeding); None for a tournament not seeded so.
    seed: Mapped[int | None]

    @property
    def players(self) -> tuple[str, str]:
        """The team's two players, as they were entered."""
        return (self.player_0, self.player_1)


def card_token() -> str:
    """A fresh table link's token, printed on its card to be typed as well as scanned: 26
    capital letters and digits 2 to 7 (RFC 4648 base 32 of 128 random bits), so it has no
    l, 1 and I, nor O and 0, to tell apart."""
    return base64.b32encode(secrets.token_bytes(16)).decode().rstrip("=")


class TournamentTableRecord(db.Model):  # type: ignore[name-defined]
    """A table of a tournament by its number (1..): the unguessable scorer's link printed on
    its card, replaceable on its own."""

    __tablename__ = "tournament_table"
    __table_args__ = (
        UniqueConstraint("tournament_id", "number", name="uq_tournament_table_number"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int]
    token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=card_token)


class ReplacedTournamentLink(db.Model):  # type: ignore[name-defined]
    """A tournament's link that was replaced (the director's, the watch link or a table's),
    kept only as a hash (see records.games.ReplacedLink): it answers "replaced" from then on."""

    __tablename__ = "replaced_tournament_link"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    by_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    replaced_at: Mapped[datetime] = mapped_column(default=utc_now)


class RoundRecord(db.Model):  # type: ignore[name-defined]
    """A round of a tournament: its number (1..), when the director started it, the team with
    the bye (None when every team plays), and the one-time token of the form that started it,
    so that form sent again finds it. Its games are `RoundGameRecord`s."""

    __tablename__ = "tournament_round"
    __table_args__ = (
        UniqueConstraint("tournament_id", "number", name="uq_tournament_round_number"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int]
    started_at: Mapped[datetime] = mapped_column(default=utc_now)
    bye_team_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_team.id", ondelete="CASCADE")
    )
    start_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    # With minutes per round: the deadline, once time was called at its tables (None before).
    time_called_at: Mapped[datetime | None]
    # A stage of the playoff after the last round (numbered after the rounds): its games
    # never count in the standings, and no clock calls time in them.
    playoff: Mapped[bool] = mapped_column(default=False, server_default=false())

    # Made with the round, in the one transaction that starts it.
    games: Mapped[list[RoundGameRecord]] = relationship(
        order_by="RoundGameRecord.table", cascade="all, delete-orphan", lazy="raise"
    )


class RoundGameRecord(db.Model):  # type: ignore[name-defined]
    """The game played at one table in one round: its table number, the stored game, and the
    team seated North–South (seats 0 and 2, the game's team 0) and East–West (seats 1 and 3)."""

    __tablename__ = "tournament_game"
    __table_args__ = (UniqueConstraint("round_id", "table", name="uq_tournament_game_table"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_round.id", ondelete="CASCADE"), index=True
    )
    table: Mapped[int]
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), unique=True)
    north_south_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_team.id", ondelete="CASCADE")
    )
    east_west_id: Mapped[int] = mapped_column(ForeignKey("tournament_team.id", ondelete="CASCADE"))
    # The side (0 North–South, 1 East–West) the director awarded the game to by forfeit, a
    # ruling (tournaments.services.rulings) that ends it whatever its hands say; None while they
    # decide it.
    forfeit_to: Mapped[int | None]

    # Set when the round is made, so the game is stored with it; read with a join otherwise.
    game: Mapped[GameRecord] = relationship(lazy="raise")
