"""A club's seasons and players: a season made on the organiser's page, and behind the members'
link each season's page (its standings, its nights, its champion once it is over) and each
player's (their rating game by game, partners, opponents and Spades figures), which follow the
club by themselves (304 while nothing changed).

Refused with nothing written, in the user's language: a season whose form is not right (422,
each error beside its field: a missing name or day, days reversed, a place without its points).
"""

from __future__ import annotations

import base64

from flask import Blueprint, abort, redirect, url_for
from flask_babel import get_locale, gettext
from werkzeug.wrappers import Response

from clubs.forms.season import SeasonForm
from clubs.routes.club import organiser_page
from clubs.services import club as clubs
from clubs.services import players, seasons
from downloads.chart import ratings_svg
from downloads.ratings import SeasonLine, season_filename, season_json, write_season_csv
from extensions import limit_writes
from records.clubs import ClubRecord
from records.games import utc_now
from web import CLUB_LINKS, CLUB_VIEW_LINKS
from web.lookups import limit_guesses
from web.pages import page_or_part, public_url, wants_part
from web.qr import qr_image, qr_svg
from web.responses import POLL_SECONDS, app_etag, csv_attachment, json_answer, unless_unchanged

bp = Blueprint("club_seasons", __name__)


@bp.post(f"{CLUB_LINKS}/<token:token>/seasons")
@limit_writes
@limit_guesses
def new_season(token: str) -> Response | tuple[str, int]:
    """Make a season of the club; its page is one tap away on the club's pages."""
    club = clubs.find_club(token)
    form = SeasonForm()
    if not form.validate_on_submit():
        return organiser_page(club, 422, season_form=form)
    seasons.create_season(club, form.setup(), form.nonce.data)
    return redirect(url_for("clubs.show", token=token, _anchor="seasons"), 303)


@bp.get(f"{CLUB_VIEW_LINKS}/<token:token>/seasons/<int:number>")
@limit_guesses
def season(token: str, number: int) -> Response:
    """A season's page behind the club's members' link: its standings, its nights and its
    champion once it is over, asking for itself again every few seconds."""
    club = clubs.find_club(token, ClubRecord.view_token)
    try:
        found = seasons.find_season(club, number)
    except seasons.SeasonNotFound:
        abort(404)
    state = clubs.club_state(club)
    over = utc_now().date() > found.last_day  # the champion shows from the next day

    def page() -> Response:
        """The season's page, or its part, as the club stands."""
        return page_or_part(
            "season.html",
            "_season.html",
            club=club,
            now=seasons.season_standing(club, found, state),
            poll_seconds=POLL_SECONDS,
        )

    facts = f"season-{found.id}-{'-'.join(map(str, state))}-{over}-{get_locale()}-{wants_part()}"
    return unless_unchanged(app_etag(facts), page)


@bp.get(f"{CLUB_VIEW_LINKS}/<token:token>/seasons/<int:number>/qr.svg")
@limit_guesses
def season_qr(token: str, number: int) -> Response:
    """The season's page's address as a QR code, which its page shows for members' phones to
    scan from the wall."""
    club = clubs.find_club(token, ClubRecord.view_token)
    try:
        seasons.find_season(club, number)
    except seasons.SeasonNotFound:
        abort(404)
    url = public_url("club_seasons.season", token=token, number=number)
    return qr_image(qr_svg(url, title=gettext("QR code of the season's page")))


@bp.app_template_global()
def player_code(key: str) -> str:
    """A player's name key as its page's address carries it: base64url, without padding, so
    that no name ("/Ana", "..") can change the address's path."""
    return base64.urlsafe_b64encode(key.encode()).decode().rstrip("=")


def player_key(code: str) -> str | None:
    """The name key a player's page address carries (`player_code`); None for one no page
    gives."""
    try:
        return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)).decode()
    except (ValueError, UnicodeDecodeError):
        return None


@bp.get(f"{CLUB_VIEW_LINKS}/<token:token>/players/<code>")
@limit_guesses
def player(token: str, code: str) -> Response:
    """A player's own page behind the club's members' link (404 for a name the club does not
    have), following the club by itself as its other pages do."""
    key = player_key(code)
    if key is None:
        abort(404)
    club = clubs.find_club(token, ClubRecord.view_token)
    state = clubs.club_state(club)

    def page() -> Response:
        """The player's page, or its part, as the club stands."""
        card = players.player_card(club, key, state)
        if card is None:
            abort(404)
        chart = ratings_svg(
            [shown for _, shown in card.history],
            gettext("The rating of %(name)s after each game", name=card.player.name),
        )
        return page_or_part(
            "player.html",
            "_player.html",
            club=club,
            card=card,
            chart=chart,
            poll_seconds=POLL_SECONDS,
        )

    facts = f"player-{club.id}-{key}-{'-'.join(map(str, state))}-{get_locale()}-{wants_part()}"
    return unless_unchanged(app_etag(facts), page)


def season_lines(
    token: str, number: int
) -> tuple[ClubRecord, seasons.SeasonStanding, list[SeasonLine]]:
    """The club behind view link `token`, its season `number` as it stands (404 for a season
    it does not have) and its standings as the downloads show them."""
    club = clubs.find_club(token, ClubRecord.view_token)
    try:
        found = seasons.find_season(club, number)
    except seasons.SeasonNotFound:
        abort(404)
    now = seasons.season_standing(club, found)
    lines = [SeasonLine(r.place, r.player, r.points, r.nights, r.rating) for r in now.rows]
    return club, now, lines


@bp.get(f"{CLUB_VIEW_LINKS}/<token:token>/seasons/<int:number>/standings.csv")
@limit_guesses
def season_csv(token: str, number: int) -> Response:
    """A season's standings as CSV, one row per player, best first."""
    club, now, lines = season_lines(token, number)
    return csv_attachment(write_season_csv(lines), season_filename(club.name, now.season.name))


@bp.get(f"{CLUB_VIEW_LINKS}/<token:token>/seasons/<int:number>/standings.json")
@limit_guesses
def season_json_answer(token: str, number: int) -> Response:
    """A season's standings as JSON (keys documented in docs/formats.md)."""
    club, now, lines = season_lines(token, number)
    days = (now.season.first_day.isoformat(), now.season.last_day.isoformat())
    return json_answer(season_json(club.name, now.season.name, days, now.champions, lines))
