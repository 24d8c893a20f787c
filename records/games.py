"""How a game is stored: its setup and the inputs of its hands, never a total; with the tokens
and names every stored row shares.

The stored rows are `GameRecord` and `HandRecord`; the scoring engine's own `scoring.Game` and
`scoring.Hand` are values made from them (`GameRecord.scoring_rules`, `HandInputs.to_engine`).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import field, fields, make_dataclass
from datetime import UTC, datetime
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from flask import current_app, has_app_context
from sqlalchemy import JSON, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

import scoring
from extensions import db

TOKEN_BYTES = 16  # 128 bits: a link nobody can guess
# new_token writes 22 URL-safe characters; a token column holds at most TOKEN_LENGTH.
TOKEN_LENGTH = 32
_URL_SAFE = "[A-Za-z0-9_-]"
# What any stored token may look like (a link's last part, a device id), checked before a query.
TOKEN_SHAPE = rf"{_URL_SAFE}{{1,{TOKEN_LENGTH}}}"
# What a form's one-time token must look like: at least 16 characters, so it is not guessed.
NONCE_SHAPE = rf"{_URL_SAFE}{{16,{TOKEN_LENGTH}}}"
NAME_LENGTH = 40
PRESET_LENGTH = 20
# What the other side said of a played hand, in a tournament whose opponents confirm each hand
# (`records.tournaments.TournamentRecord.confirm_hands`): nothing yet (None), they agree, they
# dispute it, or the director ruled on it. A hand counts once agreed or ruled; a hand written
# again (its tricks, a correction) is asked again.
AGREED = "agreed"
DISPUTED = "disputed"
RULED = "ruled"
SETTLED = frozenset({AGREED, RULED})
VERDICTS = frozenset({AGREED, DISPUTED, RULED})
VERDICT_LENGTH = 8


def new_token() -> str:
    """A fresh unguessable token for a link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def utc_now() -> datetime:
    """The time now in UTC, stored without its zone: the app's `CLOCK` when its settings give
    one (a test's own clock, which it moves itself), else the machine's."""
    clock = current_app.config.get("CLOCK") if has_app_context() else None
    return clock() if clock is not None else datetime.now(UTC).replace(tzinfo=None)


class GameRecord(db.Model):  # type: ignore[name-defined]  # Flask-SQLAlchemy's dynamic base
    """A stored game's setup: who sits where, who dealt first, the rules it is played by."""

    __tablename__ = "game"
    __table_args__ = (
        UniqueConstraint("last_nonce", name="uq_game_last_nonce"),
        UniqueConstraint("rematch_of", name="uq_game_rematch_of"),
        UniqueConstraint("creation_nonce", name="uq_game_creation_nonce"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    edit_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_token)
    device: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    team_0: Mapped[str] = mapped_column(String(NAME_LENGTH))
    team_1: Mapped[str] = mapped_column(String(NAME_LENGTH))
    player_0: Mapped[str] = mapped_column(String(NAME_LENGTH))
    player_1: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # "" for a seat the table lacks: NOT NULL kept, as altering it on SQLite drops the hands.
    player_2: Mapped[str] = mapped_column(String(NAME_LENGTH))
    player_3: Mapped[str] = mapped_column(String(NAME_LENGTH))
    first_dealer: Mapped[int] = mapped_column(default=0)
    preset: Mapped[str] = mapped_column(String(PRESET_LENGTH))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)  # as scoring.Rules.to_dict gives it
    # Bumped on every write: what a form saw travels with it, so a stale edit is refused.
    version: Mapped[int] = mapped_column(default=0)
    # Bumped when an earlier game of its series may have ended otherwise (a correction, an undo,
    # a table joined): this game's series line changes, so its view link's tag names this too.
    series_version: Mapped[int] = mapped_column(default=0, server_default="0")
    # The one-time token of the latest write's form: a double tap is answered, never reapplied.
    last_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH))
    # Its recent writes' one-time tokens, newest last: a form resent is answered as saved.
    recent_nonces: Mapped[str] = mapped_column(Text, default="", server_default="")
    # The one-time token of the form that made it, for that form sent again; cleared with its link.
    creation_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH))
    # The game this one is the rematch of: at most one rematch per game.
    rematch_of: Mapped[int | None] = mapped_column(
        ForeignKey("game.id", ondelete="SET NULL", name="fk_game_rematch_of")
    )
    # The table whose games this one counts among. A table is never deleted, so no ON DELETE:
    # the column is added in place, and SQLite names such a reference only as the migration did.
    table_id: Mapped[int | None] = mapped_column(ForeignKey("card_table.id"), index=True)
    # How many games its series is played over (3, 5 or 7), None if open; a rematch keeps it.
    best_of: Mapped[int | None]
    # The table's `edit_generation` it came with: its phone sees the table while it is current.
    table_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    # The game's two inputs besides its hands (scoring.replay): the hands after which time was
    # called, and the adjustments as {after_hand, side, points, reason}, in the order recorded.
    time_called_after: Mapped[int | None]
    adjustments: Mapped[list[dict[str, Any]]] = mapped_column(
        JSON, default=list, server_default="[]"
    )

    hands: Mapped[list[HandRecord]] = relationship(
        back_populates="game",
        order_by="HandRecord.number",
        cascade="all, delete-orphan",
        lazy="raise",
    )

    @property
    def scoring_rules(self) -> scoring.Rules:
        """The stored rules as the engine's value."""
        return scoring.Rules.from_dict(self.rules)

    @property
    def teams(self) -> tuple[str, str]:
        """The two team names, team 0 first."""
        return (self.team_0, self.team_1)

    @property
    def players(self) -> tuple[str, ...]:
        """The player names by seat, one per seat at the table."""
        # Read from the stored rules as they are: pages ask this often, parsing them costs more.
        seats = self.rules.get("players", 4)
        return (self.player_0, self.player_1, self.player_2, self.player_3)[:seats]

    @property
    def sides(self) -> tuple[str, ...]:
        """What each side is called: the team names, or without partners the players'."""
        return self.teams if self.rules.get("partnership", True) else self.players

    def side_players(self, side: int) -> tuple[str, ...]:
        """The names of the players who score for a side: two partners, or the one player."""
        return tuple(self.players[seat] for seat in self.scoring_rules.seats_of(side))


class ReplacedLink(db.Model):  # type: ignore[name-defined]
    """A link that was replaced, kept only as a hash: it answers "replaced" (410), never the
    game, and the form that replaced it, sent again, is answered as the first time."""

    __tablename__ = "replaced_link"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    # The one-time token of the form that replaced it, so a second tap is not a second change.
    by_nonce: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), unique=True)
    replaced_at: Mapped[datetime] = mapped_column(default=utc_now)


def token_hash(token: str) -> str:
    """How a replaced link is kept: its SHA-256, so the table never holds a working key."""
    return hashlib.sha256(token.encode()).hexdigest()


class HandInputs:
    """What a stored hand tells the engine, read from its input columns (`BID_COLUMNS`, ...);
    shared by the table's model and by StoredHand, the plain copy the pages read."""

    __slots__ = ()

    @property
    def bids(self) -> tuple:
        """One bid per seat as the engine reads them (numbers, NIL, BLIND_NIL, a blind bid, or
        None on a first hand that bids itself, stored as ""); seats the table does not have are
        stored empty (NULL)."""
        return tuple(scoring.parse_bid(b) if b else None for b in _read_bids(self) if b is not None)

    @property
    def tricks(self) -> tuple:
        """Each seat's tricks, None where only a team total was entered."""
        # Every seat at the table has a bid, so the bids say how many seats there are.
        return _read_tricks(self)[: len(self.bids)]

    @property
    def team_tricks(self) -> tuple:
        """The teams' trick totals where they were entered as totals."""
        return _read_team_tricks(self)

    @property
    def played(self) -> bool:
        """Whether the tricks are in, so the hand can be scored."""
        return any(v is not None for v in self.tricks + self.team_tricks)

    def to_engine(self) -> scoring.Hand:
        """The hand as the scoring engine takes it."""
        return scoring.Hand(self.bids, self.tricks, self.team_tricks)


# What each input column of a hand holds (its `info`): a seat's bid, a seat's tricks, or a
# team's tricks entered as a total. The columns of each kind are in seat (or team) order.
BID_INPUT = {"input": "bid"}
TRICKS_INPUT = {"input": "tricks"}
TEAM_TRICKS_INPUT = {"input": "team_tricks"}


class HandRecord(HandInputs, db.Model):  # type: ignore[name-defined]
    """One stored hand's bids and, once it has been played, the tricks taken.

    A hand whose tricks are not in yet is the hand in play. Its input columns are the one
    description of a hand's inputs: StoredHand, HAND_INPUTS and the hand form's fields follow.
    """

    __tablename__ = "hand"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_hand_game_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    bid_0: Mapped[str] = mapped_column(String(9), info=BID_INPUT)
    bid_1: Mapped[str] = mapped_column(String(9), info=BID_INPUT)
    # Empty without a third (a fourth) seat.
    bid_2: Mapped[str | None] = mapped_column(String(9), info=BID_INPUT)
    bid_3: Mapped[str | None] = mapped_column(String(9), info=BID_INPUT)
    tricks_0: Mapped[int | None] = mapped_column(info=TRICKS_INPUT)
    tricks_1: Mapped[int | None] = mapped_column(info=TRICKS_INPUT)
    tricks_2: Mapped[int | None] = mapped_column(info=TRICKS_INPUT)
    tricks_3: Mapped[int | None] = mapped_column(info=TRICKS_INPUT)
    team_tricks_0: Mapped[int | None] = mapped_column(info=TEAM_TRICKS_INPUT)
    team_tricks_1: Mapped[int | None] = mapped_column(info=TEAM_TRICKS_INPUT)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    # The other side's word on the played hand (`AGREED`, `DISPUTED`, `RULED`), None before it.
    verdict: Mapped[str | None] = mapped_column(String(VERDICT_LENGTH))

    game: Mapped[GameRecord] = relationship(back_populates="hands", lazy="raise")

    def set_inputs(self, hand: scoring.Hand) -> None:
        """Store the engine's hand in this row's columns."""
        for name, value in hand_columns(hand).items():
            setattr(self, name, value)


def _input_columns(kind: dict[str, str]) -> tuple[str, ...]:
    """The names of the hand's input columns of one kind, in the table's order."""
    return tuple(c.name for c in HandRecord.__table__.columns if c.info == kind)


BID_COLUMNS = _input_columns(BID_INPUT)  # by seat
TRICK_COLUMNS = _input_columns(TRICKS_INPUT)  # by seat
TEAM_TRICK_COLUMNS = _input_columns(TEAM_TRICKS_INPUT)  # by team
# The columns that hold a hand's inputs, in the order hand_columns gives their values.
HAND_INPUTS = (*BID_COLUMNS, *TRICK_COLUMNS, *TEAM_TRICK_COLUMNS)
# The three kinds of input of a hand as tuples, read at C speed: pages read every stored hand.
_read_bids = attrgetter(*BID_COLUMNS)
_read_tricks = attrgetter(*TRICK_COLUMNS)
_read_team_tricks = attrgetter(*TEAM_TRICK_COLUMNS)


def _stored_field(name: str) -> tuple[str, Any]:
    """A field of StoredHand: a column's name and the Python type of its values."""
    column = HandRecord.__table__.columns[name]
    kind = column.type.python_type
    return name, kind | None if column.nullable else kind


def _selected_columns(cls: type) -> list:
    """The table's columns in the order of this class's fields, to select them."""
    return [HandRecord.__table__.c[f.name] for f in fields(cls)]


if TYPE_CHECKING:
    # To the type checker a stored hand reads as the row it copies: the same names and types.
    class StoredHand(HandRecord):
        """See the class made below."""

        def __init__(self, *values: Any, **named: Any) -> None:
            """A stored hand from its values, by field or by name."""

        @classmethod
        def columns(cls) -> list:
            """The table's columns in the order of the fields, to select them."""

else:
    StoredHand = make_dataclass(
        "StoredHand",
        [
            *(_stored_field(name) for name in ("id", "game_id", "number", *HAND_INPUTS)),
            # Last, with a default: a hand just written has no word from the other side yet.
            ("verdict", str | None, field(default=None)),
        ],
        bases=(HandInputs,),
        namespace={
            "__doc__": """A stored hand as the pages read it: the row's id, game and number and
            its input columns, without the ORM's bookkeeping.

            Loading a long game's hands this way costs a fraction of loading them as models;
            writes change the table by the hand's id.
            """,
            "__module__": __name__,
            "columns": classmethod(_selected_columns),
        },
        frozen=True,
        slots=True,
    )


def hand_columns(hand: scoring.Hand) -> dict:
    """The engine's hand as the values of a stored hand's input columns; the seats a smaller
    table does not have are left empty."""
    empty = (None,) * (len(BID_COLUMNS) - len(hand.bids))
    # A seat without a bid (a first hand that bids itself) is "": the column holds text.
    bids = (*("" if b is None else scoring.bid_text(b) for b in hand.bids), *empty)
    values = (*bids, *hand.tricks, *empty, *hand.team_tricks)
    return dict(zip(HAND_INPUTS, values, strict=True))
