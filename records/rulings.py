"""What the app stores of a tournament director's rulings: one row per ruling, for the
tournament's log and its game's history. The ruling's change itself is stored where the game
keeps it (a hand, an adjustment, `records.tournaments.RoundGameRecord.forfeit_to`), in the same
transaction (tournaments.services.rulings); this row says what was ruled and when, in fields the
pages word.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from extensions import db
from records.games import utc_now

# What a ruling did: a game awarded by forfeit (and that forfeit withdrawn), the latest hand
# undone, the time its round's clock called taken back, a played hand corrected, points
# adjusted after a hand, a disputed hand upheld as its scorer saved it.
FORFEIT = "forfeit"
FORFEIT_WITHDRAWN = "unforfeit"
UNDO = "undo"
RESUMED = "resume"
CORRECTION = "correction"
ADJUSTMENT = "adjustment"
UPHELD = "upheld"
KIND_LENGTH = 12


class RulingRecord(db.Model):  # type: ignore[name-defined]  # Flask-SQLAlchemy's base
    """One ruling of a tournament's director on one table's game: its kind, what it names (the
    hand, the side, the points and the reason, as its kind has them) and when it was made."""

    __tablename__ = "tournament_ruling"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(KIND_LENGTH))
    # The hand undone, corrected or upheld, or the hand an adjustment follows.
    hand: Mapped[int | None]
    # The side (0 North–South, 1 East–West) a forfeit or an adjustment is for.
    side: Mapped[int | None]
    points: Mapped[int | None]
    # An adjustment's reason, or why a game was awarded by forfeit, as their forms bound them.
    reason: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
