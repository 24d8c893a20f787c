"""A tournament's tables: the cards the director prints, each table's link replaced when a card
goes astray, and the page each table's link opens, which its phone keeps open all evening. That
page follows the tournament by itself: it opens the table's game as soon as its round starts,
and between rounds (or from a finished game's page) it says who plays at this table next."""

from __future__ import annotations

from flask import (
    Blueprint,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale, gettext
from werkzeug.wrappers import Response

from extensions import limit_writes
from forms import ActionForm
from records.tournaments import TournamentRecord, TournamentTableRecord
from tournaments.routes.links import gone_words
from tournaments.services import directory, followed, rounds
from web import TOURNAMENT_LINKS, TOURNAMENT_TABLE_LINKS
from web.lookups import limit_guesses, missed_link
from web.pages import page_or_part, public_url, redirect_page, wants_part
from web.qr import qr_svg
from web.responses import POLL_SECONDS, app_etag, unless_unchanged

# The status that tells htmx to stop polling the element that asked (its documented code).
STOP_POLLING = 286

bp = Blueprint("tournament_tables", __name__)


@bp.get(f"{TOURNAMENT_LINKS}/<token:token>/cards")
@limit_guesses
def cards(token: str) -> str:
    """The table cards to print: each table's number, its scorer's link as a QR code, and the
    same address in words."""
    tournament = directory.find_tournament(token)
    shown = []
    for table in directory.tournament_tables(tournament):
        url = public_url(".show", token=table.token)
        title = gettext("QR code of the link of table %(number)s", number=table.number)
        shown.append((table, url, qr_svg(url, title=title)))
    return render_template("tournament_cards.html", tournament=tournament, cards=shown)


@bp.get(f"{TOURNAMENT_LINKS}/<token:token>/tables/<int:number>/new-link")
@limit_guesses
def confirm_rotate(token: str, number: int) -> str:
    """The second screen of a table's new link: what it will do (the card and the games'
    links of the table stop working), with the button that does it and the way back; 404 for
    a table the tournament does not have."""
    tournament = directory.find_tournament(token)
    if not any(table.number == number for table in directory.tournament_tables(tournament)):
        raise directory.TableLinkNotFound(token)
    return render_template("tournament_new_table_link.html", tournament=tournament, number=number)


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/tables/<int:number>/rotate")
@limit_writes
@limit_guesses
def rotate(token: str, number: int) -> Response:
    """Give one table a new scorer's link (a card went astray: print that one again); the old
    link answers "replaced" from then on."""
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    director_token = directory.replace_table_link(token, number, form.nonce.data)
    return redirect(url_for("tournaments.director", token=director_token, _anchor="tables"), 303)


@bp.get(f"{TOURNAMENT_TABLE_LINKS}/<token:token>")
@limit_guesses
def show(token: str) -> Response:
    """A table's scorer's link: while a round is in play, the game at this table (303, or to
    htmx's poll its HX-Redirect); else the table and who plays here next, that nobody does
    this round, or the tournament over with its final standings. The page asks for itself
    again every few seconds, and one whose tournament has not changed is answered 304 after
    one small query. `?after=` names the game whose finished page asks: that game is not
    opened again while its round goes on. Never the director's."""
    after = request.args.get("after", type=int)
    try:
        found, tournament, state = followed.followed_table(token)
    except LookupError as gone:
        if after is None or not wants_part():
            raise
        if not isinstance(gone, directory.TournamentLinkReplaced):
            missed_link()  # a link that never was counts as a guess, as its 404 would
        # A finished game's page asking what comes next here: say the link is gone, and stop
        # its asking (htmx stops a poll answered 286), as a view link's page would stop.
        said = render_template("_table_follow_gone.html", text=gone_words(gone))
        return make_response(said, STOP_POLLING)
    games = "-".join(str(n) for n in state)
    facts = f"table-{found.id}-{tournament.version}-{games}-{after}-{get_locale()}-{wants_part()}"
    return unless_unchanged(app_etag(facts), lambda: table_page(found, tournament, after))


def table_page(
    found: TournamentTableRecord, tournament: TournamentRecord, after: int | None
) -> Response:
    """The table's page (or its part) as the tournament stands, or the way to the game in play
    at this table unless it is the game `after`."""
    now = rounds.standing(tournament)
    game = now.table_game(found.number)
    later = False
    if game is not None:
        follows = following(now, game.id, after)
        if follows is None:
            return redirect_page(url_for("scorer.show", token=game.edit_token))
        later = follows
    tables = now.next_tables()
    seated = None
    if found.number <= len(tables):
        pair = tables[found.number - 1]
        seated = (now.team(pair.north_south), now.team(pair.east_west))
    return page_or_part(
        "tournament_table.html",
        "_table_card.html",
        table=found,
        tournament=tournament,
        now=now,
        seated=seated,
        finished_here=game is not None and not later,
        later_round=later,
        after=after,
        poll_seconds=POLL_SECONDS,
    )


def following(now: rounds.Standing, game_id: int, after: int | None) -> bool | None:
    """Whether a table's page asked from the page of game `after` stays where it is while game
    `game_id` is played at the table: None to open that game (always, without `after`; or when
    it is `after` back in play after a ruling; or when it is of the round or playoff stage right
    after `after`'s), False while `after` is played out and its round goes on (a hand of it
    disputed included), True when `after` is of an earlier round than that (a page looked at
    later, which must not be taken away)."""
    if after is None:
        return None
    played = (*now.rounds, *now.playoff.stages)
    where = {
        table.scored.record.id: (index, table.played_out)
        for index, stage in enumerate(played)
        for table in stage.tables
    }
    if after not in where or game_id not in where:
        return None
    index, over = where[after]
    if game_id == after:
        return None if not over else False
    return None if where[game_id][0] == index + 1 else True
