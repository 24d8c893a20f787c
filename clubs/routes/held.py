"""What a club adds to the games and tournaments it holds, through the hooks their rooms offer,
so that neither knows of clubs: the chance of each side before a club's game on its scorer's
page ("Reds 62 % · Blues 38 %", `web.pages.GAME_PAGE_EXTRAS`), from the club's ratings after the
games started before it, and beside each table on the wall of a club's tournament until the
table's first hand (`web.pages.WALL_EXTRAS`); and the teams' strengths that seed round 1 of a
club's tournament that asks for it (`tournaments.services.seeding.TEAM_STRENGTHS`)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from flask import Blueprint
from flask.blueprints import BlueprintSetupState

from clubs.services.club import ClubState, club_by_id, club_state
from clubs.services.ratings import club_ratings, team_strengths
from games.scored import ScoredGame
from records.clubs import ClubRecord
from records.tournaments import TournamentRecord
from tournaments.services.seeding import TEAM_STRENGTHS
from web.pages import GAME_PAGE_EXTRAS, WALL_EXTRAS

bp = Blueprint("club_held", __name__)


@bp.record_once
def register(state: BlueprintSetupState) -> None:
    """Add the chances to every game page, and the strengths to every seeding, from now on."""
    state.app.extensions.setdefault(GAME_PAGE_EXTRAS, []).append(chances_of)
    state.app.extensions.setdefault(WALL_EXTRAS, []).append(wall_chances)
    state.app.extensions.setdefault(TEAM_STRENGTHS, []).append(team_strengths)


def chances_of(scored: ScoredGame) -> dict[str, Hashable]:
    """For a club's game with no hand played yet, `club_chances`: each side's name with its
    chance before the game, in whole percentages; nothing for any other game (and no query)."""
    # Shown before the game, until its first hand is played: the saves of a game in play then
    # never wait for the club's ratings to be counted again.
    if scored.club is None or scored.played:
        return {}
    club = club_by_id(scored.club)
    if club is None:
        return {}
    shares = club_ratings(club).chances.get(scored.record.id)
    if shares is None:  # a game that names one player twice has no chances
        return {}
    return {"club_chances": tuple(zip(scored.record.sides, shares, strict=True))}


@dataclass(frozen=True, slots=True)
class TableChances:
    """The chance of each side of the club's games before them, as the club's ratings give
    them at its `state`, worked out when a page first asks for one: the tag of a page that
    shows them follows the club and its state."""

    club_id: int
    state: ClubState
    club: ClubRecord = field(compare=False, repr=False)  # read while the page is made

    def of(self, game: int) -> tuple[int, ...] | None:
        """The chances of the game of this id, each side's in whole percentages; None for a
        game that names one player twice."""
        return club_ratings(self.club, self.state).chances.get(game)


def wall_chances(tournament: TournamentRecord, club_id: int | None) -> dict[str, Hashable]:
    """For the wall of a tournament a club holds, `table_chances` (`TableChances`), which its
    tables show until their first hand is played, as a game's scorer's page does; nothing
    (and no query) for any other tournament. The club's state alone is read here: its ratings
    are counted again only for a page that shows a table not yet played."""
    club = None if club_id is None else club_by_id(club_id)
    if club is None:
        return {}
    return {"table_chances": TableChances(club.id, club_state(club), club)}
