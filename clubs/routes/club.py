"""A club's pages: the form that makes one, the organiser's page behind its edit link (what it
holds, a table or a tournament of this phone's given to it, its players' ratings, its links to
share) and the members' page behind its view link, which follows the club by itself (304 while
nothing changed).

Refused with nothing written, in the user's language: a form that is not right (422, beside
its field), a table or tournament a club holds already (409, saying which).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import Blueprint, redirect, render_template, url_for
from flask_babel import get_locale, gettext
from werkzeug.wrappers import Response

import ratings
from clubs.forms.club import ClubForm, HoldForm, JoinForm
from clubs.forms.season import SeasonForm
from clubs.routes import TEMPLATES
from clubs.services import club as clubs
from clubs.services.joins import club_joins
from clubs.services.ratings import club_ratings
from clubs.services.seasons import club_seasons
from downloads.ratings import RatingLine, ratings_filename, ratings_json, write_ratings_csv
from extensions import limit_writes
from records.clubs import ClubRecord
from records.games import new_token
from records.tables import TableRecord
from records.tournaments import TournamentRecord
from tables.services.table import find_table
from tournaments.services.directory import find_tournament
from web import CLUB_LINKS, CLUB_VIEW_LINKS
from web.device import device_of_request, remember_device
from web.lookups import limit_guesses
from web.pages import page_or_part, wants_part
from web.responses import POLL_SECONDS, app_etag, csv_attachment, json_answer, unless_unchanged

bp = Blueprint("clubs", __name__, template_folder=TEMPLATES)


@bp.get("/clubs/new")
def new_club() -> str:
    """The form that makes a club."""
    return render_template("new_club.html", form=ClubForm(formdata=None))


@bp.post("/clubs")
@limit_writes
def create_club() -> Response | tuple[str, int]:
    """Make a club from its name and go to its organiser's page."""
    form = ClubForm()
    if not form.validate_on_submit():
        return render_template("new_club.html", form=form), 422
    device = device_of_request() or new_token()
    club = clubs.create_club(form.name.data, device, form.nonce.data)
    return remember_device(redirect(url_for(".show", token=club.edit_token), 303), device)


# What a phone may give the club, by kind: its tables, or its tournaments, that no club holds.
OFFERED: dict[str, Callable[[str | None], Sequence[TableRecord | TournamentRecord]]] = {
    "table": clubs.offered_tables,
    "tournament": clubs.offered_tournaments,
}


def offered(kind: str) -> list[tuple[str, str]]:
    """The choices of the form that gives the club a table (or tournament) of this phone's:
    each by its edit link, named."""
    return [(held.edit_token, held.name) for held in OFFERED[kind](device_of_request())]


def hold_forms(sent: HoldForm | None = None, kind: str | None = None) -> dict[str, HoldForm]:
    """The two forms that give the club a table or a tournament of this phone's, their choices
    those no club holds yet; `sent` is the one of `kind` sent back with its errors."""
    shown = {}
    for name in OFFERED:
        form = sent if name == kind and sent is not None else HoldForm(formdata=None)
        form.held.choices = offered(name)
        shown[name] = form
    return shown


def organiser_page(
    club: ClubRecord,
    status: int = 200,
    message: str | None = None,
    *,
    sent: HoldForm | None = None,
    kind: str | None = None,
    join_form: JoinForm | None = None,
    season_form: SeasonForm | None = None,
) -> tuple[str, int]:
    """The organiser's page, with a refusal's `message` and status, and a form sent back with
    its errors: a hold form (`sent`, of `kind`), the join form or the season form."""
    state = clubs.club_state(club)
    shown = club_context(club, state)
    names = [(player.name, player.name) for player in shown["players"]]
    join = join_form or JoinForm(formdata=None)
    join.name.choices = join.same_as.choices = names
    page = render_template(
        "club.html",
        editable=True,
        message=message,
        forms=hold_forms(sent, kind),
        join_form=join,
        joins=club_joins(club),
        season_form=season_form or SeasonForm(formdata=None),
        **shown,
    )
    return page, status


def club_context(club: ClubRecord, state: clubs.ClubState) -> dict[str, Any]:
    """What both pages of a club show: what it holds and its players' ratings."""
    return {
        "club": club,
        "tables": clubs.club_tables(club),
        "tournaments": clubs.club_tournaments(club),
        "players": club_ratings(club, state).players,
        "provisional_games": ratings.PROVISIONAL_GAMES,
        "seasons": club_seasons(club),
    }


@bp.get(f"{CLUB_LINKS}/<token:token>")
@limit_guesses
def show(token: str) -> tuple[str, int]:
    """The organiser's page behind the club's edit link."""
    return organiser_page(clubs.find_club(token))


@bp.post(f"{CLUB_LINKS}/<token:token>/<any(table, tournament):kind>")
@limit_writes
@limit_guesses
def hold(token: str, kind: str) -> Response | tuple[str, int]:
    """Give the club one of this phone's tables (or tournaments): from now on its games are
    the club's."""
    club = clubs.find_club(token)
    form = HoldForm()
    form.held.choices = [(key, key) for key, _ in offered(kind)]  # this kind's alone
    if not form.validate_on_submit():
        return organiser_page(club, 422, sent=form, kind=kind)
    try:
        if kind == "table":
            clubs.add_table(club, find_table(form.held.data), form.nonce.data)
        else:
            clubs.add_tournament(club, find_tournament(form.held.data), form.nonce.data)
    except clubs.AlreadyInClub as held:
        words = (
            gettext("This club holds it already.")
            if held.here
            else gettext("Another club holds it already: a table or a tournament is one club's.")
        )
        return organiser_page(club, 409, words)
    return redirect(url_for(".show", token=token, _anchor="held"), 303)


@bp.get(f"{CLUB_VIEW_LINKS}/<token:token>")
@limit_guesses
def view(token: str) -> Response:
    """The members' page behind the club's view link: what it holds and its players'
    ratings, asking for itself again every few seconds; an unchanged club answers 304 from
    one small query."""
    club = clubs.find_club(token, ClubRecord.view_token)
    state = clubs.club_state(club)

    def followed_page() -> Response:
        """The members' page, or its part, as the club stands."""
        return page_or_part(
            "club_view.html",
            "_club.html",
            **club_context(club, state),
            editable=False,
            poll_seconds=POLL_SECONDS,
        )

    facts = f"club-{club.id}-{'-'.join(map(str, state))}-{get_locale()}-{wants_part()}"
    return unless_unchanged(app_etag(facts), followed_page)


def rating_lines(token: str) -> tuple[ClubRecord, list[RatingLine]]:
    """The club behind view link `token` and its players as its downloads show them."""
    club = clubs.find_club(token, ClubRecord.view_token)
    lines = [
        RatingLine(
            player.name,
            player.shown,
            player.rating.provisional,
            player.rating.games,
            player.rating.mu,
            player.rating.sigma,
        )
        for player in club_ratings(club).players
    ]
    return club, lines


@bp.get(f"{CLUB_VIEW_LINKS}/<token:token>/ratings.csv")
@limit_guesses
def ratings_csv(token: str) -> Response:
    """The club's ratings as CSV, one row per player, best first."""
    club, lines = rating_lines(token)
    return csv_attachment(write_ratings_csv(lines), ratings_filename(club.name))


@bp.get(f"{CLUB_VIEW_LINKS}/<token:token>/ratings.json")
@limit_guesses
def ratings_json_answer(token: str) -> Response:
    """The club's ratings as JSON (keys documented in docs/formats.md)."""
    club, lines = rating_lines(token)
    return json_answer(ratings_json(club.name, lines))
