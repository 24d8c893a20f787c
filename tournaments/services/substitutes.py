"""A substitute comes into a tournament's team: one of its two players renamed, from the
director's page, at any time.

The team's stored players change, so every game made after (the next rounds) seats the
substitute. The team's game in the round in play changes too while no hand of it is saved (it
has not begun); once one is, it keeps who played, as every game already played does, so the
stats, which read the games' player names, name who really played.
"""

from __future__ import annotations

from sqlalchemy import exists, select, update

from extensions import db
from records.games import GameRecord, HandRecord
from records.tournaments import (
    RoundGameRecord,
    RoundRecord,
    TournamentRecord,
    TournamentTeamRecord,
    seat,
)
from tournaments.services.rounds import Standing
from tournaments.services.withdrawing import director_write


class TeamNotFound(LookupError):
    """The tournament has no team of that entry number."""


def find_team(record: TournamentRecord, entry: int) -> TournamentTeamRecord:
    """The tournament's team of this entry number; TeamNotFound for none."""
    # A number no team has is not asked of the database, whose integers it may not fit.
    team: TournamentTeamRecord | None = None
    if 1 <= entry <= 2**31 - 1:
        team = db.session.scalar(
            select(TournamentTeamRecord).where(
                TournamentTeamRecord.tournament_id == record.id,
                TournamentTeamRecord.entry == entry,
            )
        )
    if team is None:
        raise TeamNotFound(entry)
    return team


def swap_player(
    token: str, entry: int, partner: int, name: str, shown: str | None, nonce: str | None
) -> TournamentRecord:
    """Name `name` as player `partner` (0 or 1) of team `entry` of the tournament behind
    director's link `token`, in one transaction: the team, and its game of the latest round
    while no hand of it is saved, both versions moved (`director_write`: the same form sent
    again is answered as done). RoundRefused (`replaced`), with nothing written, when the
    player the form's page showed leaving (`shown`, None when it did not say) was replaced by
    another since; the same substitute named again writes nothing more. The tournament."""

    def there(now: Standing) -> str:
        """Who plays in the team's place `partner` as it stands."""
        return now.team(entry).players[partner]

    def check(now: Standing) -> str | None:
        """Why the swap cannot be made on the team as it stands, if it cannot."""
        return "replaced" if shown is not None and there(now) != shown else None

    def write(now: Standing) -> None:
        """The team's player, and the game it plays in the round in play if not begun."""
        team = now.team(entry)
        setattr(team, f"player_{partner}", name)
        seat_in_play(now.record, team, partner, name)

    return director_write(token, nonce, check, write, made=lambda now: there(now) == name)


def seat_in_play(
    record: TournamentRecord, team: TournamentTeamRecord, partner: int, name: str
) -> None:
    """Name `name` as player `partner` of `team` in its game of the tournament's latest
    round, while no hand of that game is saved."""
    latest = (
        select(RoundGameRecord)
        .join(RoundRecord, RoundRecord.id == RoundGameRecord.round_id)
        .where(RoundRecord.tournament_id == record.id)
        .order_by(RoundRecord.number.desc())
        .limit(1)
    )
    playing = db.session.scalar(
        latest.where(
            (RoundGameRecord.north_south_id == team.id) | (RoundGameRecord.east_west_id == team.id)
        )
    )
    last_round = db.session.scalar(latest.with_only_columns(RoundGameRecord.round_id))
    if playing is None or playing.round_id != last_round:
        return
    side = 0 if playing.north_south_id == team.id else 1
    # One statement, so a hand saved at the table meanwhile either comes first and the game
    # keeps who played, or waits for this one and is played by the substitute.
    db.session.execute(
        update(GameRecord)
        .where(
            GameRecord.id == playing.game_id,
            ~exists().where(HandRecord.game_id == playing.game_id),
        )
        .values({f"player_{seat(side, partner)}": name, "version": GameRecord.version + 1})
        .execution_options(synchronize_session=False)
    )
