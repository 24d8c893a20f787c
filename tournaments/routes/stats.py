"""A tournament's players' career figures from its watch link (public and read-only, as its
other downloads): the stats page a table's stats page is (`stats.html`), its CSV and JSON twin
(`export`), over the tournament's finished games, each game's players as it stored them (a
substitute seated, the one who played).

They read the tournament as its pages do (`rounds.standing`), the same few queries whatever
its teams, rounds and hands; a replaced watch link answers 410, any other (the director's
link too) 404, as the watch page.
"""

from __future__ import annotations

from flask import Blueprint, render_template, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

import games
from downloads import csv_json
from tournaments.routes.tournament import watched
from tournaments.services.career import tournament_career
from web import TOURNAMENT_VIEW_LINKS
from web.lookups import limit_guesses
from web.responses import csv_attachment, json_answer

bp = Blueprint("tournament_stats", __name__)


def watched_career(token: str) -> tuple[str, games.Career]:
    """The name of the tournament behind watch link `token` and its career figures."""
    now = watched(token)
    return now.record.name, tournament_career(now)


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>/stats")
@limit_guesses
def stats(token: str) -> str:
    """The career figures of the tournament's players and partnerships, and who beat whom."""
    name, career = watched_career(token)
    return render_template(
        "stats.html",
        title=gettext("Stats of %(tournament)s", tournament=name),
        career=career,
        csv_url=url_for(".stats_csv", token=token),
        json_url=url_for(".stats_json", token=token),
        back_url=url_for("tournaments.watch", token=token),
    )


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>/stats.csv")
@limit_guesses
def stats_csv(token: str) -> Response:
    """The tournament's career figures as CSV, one row per player and per partnership."""
    name, career = watched_career(token)
    return csv_attachment(csv_json.write_stats_csv(career), csv_json.stats_filename(name))


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>/stats.json")
@limit_guesses
def stats_json(token: str) -> Response:
    """The tournament's career figures as JSON (the keys of a table's, in docs/formats.md)."""
    _name, career = watched_career(token)
    return json_answer(csv_json.stats_json(career))
