"""A team's own card, from the watch link: where it plays now and next, its results round by
round and its place; view-only, as the watch link is, and following the tournament by itself
as the wall does (304 while nothing changed)."""

from __future__ import annotations

from flask import Blueprint, abort
from werkzeug.wrappers import Response

from tournaments.routes.tournament import followed_etag
from tournaments.services import followed, rounds, team_cards
from web import TOURNAMENT_VIEW_LINKS
from web.lookups import limit_guesses
from web.pages import page_or_part
from web.responses import POLL_SECONDS, unless_unchanged

bp = Blueprint("team_cards", __name__)


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>/teams/<int:entry>")
@limit_guesses
def card(token: str, entry: int) -> Response:
    """Team `entry`'s card (404 for a team the tournament does not have)."""
    seen = followed.watched(token)
    tournament = seen.record

    def page() -> Response:
        """The card, or its part, as the tournament stands."""
        now = rounds.standing(tournament)
        try:
            shown = team_cards.team_card(now, entry)
        except KeyError:
            abort(404)
        return page_or_part(
            "tournament_team_card.html",
            "_team_card.html",
            tournament=tournament,
            now=now,
            card=shown,
            poll_seconds=POLL_SECONDS,
        )

    return unless_unchanged(followed_etag(f"team-{entry}", seen), page)
