"""Tournaments: the form that makes one, the director's page (a round started from it; its
changes between rounds are `changes`'s, its tables' cards and links `tables`'s), the watch page
with the standings and the round in play, and the downloads of the watch link (the standings as
CSV and JSON, every game's hands as CSV)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale, gettext, ngettext
from markupsafe import Markup
from werkzeug.wrappers import Response

from extensions import limit_writes
from forms import ActionForm
from records.games import new_token, utc_now
from records.tournaments import Format, TournamentRecord
from tournaments import downloads
from tournaments.forms.late_team import LateTeamForm
from tournaments.forms.new_tournament import FORMAT_NAMES, ROWS, TournamentForm
from tournaments.forms.substitutes import SwapForm
from tournaments.routes import TEMPLATES
from tournaments.services import (
    cancelling,
    directory,
    followed,
    late_teams,
    rounds,
    rulings,
    starting,
    wall,
    withdrawing,
)
from tournaments.services.quiet import quiet_tables
from web import TOURNAMENT_LINKS, TOURNAMENT_VIEW_LINKS
from web.device import device_of_request, remember_device
from web.errors import error_page
from web.filters import rules_summary
from web.lookups import limit_guesses
from web.pages import WALL_EXTRAS, page_extras, page_or_part, public_url, wants_part
from web.qr import qr_image, qr_svg
from web.responses import (
    POLL_SECONDS,
    app_etag,
    attachment,
    csv_attachment,
    json_answer,
    unless_unchanged,
)
from web.viewing import game_label

bp = Blueprint("tournaments", __name__, template_folder=TEMPLATES)


@bp.route("/tournaments/new", methods=["GET", "POST"])
@limit_writes
def new_tournament() -> Response | tuple[str, int]:
    """The form that makes a tournament; sent, the tournament made (once, whatever the network
    repeats) and its director's page, or the form again with what is wrong beside each field."""
    form = TournamentForm()
    if not form.is_submitted():
        return render_template("tournament_new.html", form=TournamentForm(formdata=None)), 200
    if not form.validate():
        return render_template("tournament_new.html", form=form), 422
    device = device_of_request() or new_token()
    made = directory.create_tournament(form.setup(), device, form.nonce.data)
    shown = redirect(url_for(".director", token=made.edit_token), 303)
    return remember_device(shown, device)


def length_words(tournament: TournamentRecord) -> str:
    """How long each game of the tournament is, in the user's language."""
    rules = tournament.scoring_rules
    if tournament.round_minutes is not None:
        return gettext("%(minutes)s minutes per round", minutes=tournament.round_minutes)
    if rules.hands_limit:
        return ngettext("%(num)s hand a game", "%(num)s hands a game", rules.hands_limit)
    return gettext("To %(target)s points", target=rules.target)


def format_words(tournament: TournamentRecord) -> str:
    """The tournament's format, with its rounds where it sets them, in the user's language."""
    form = Format(tournament.format)
    name = str(FORMAT_NAMES[form])
    if tournament.rounds is None:
        return name
    rounds = ngettext("%(num)s round", "%(num)s rounds", tournament.rounds)
    return f"{name} · {rounds}"


def about(tournament: TournamentRecord) -> dict[str, Any]:
    """What every page of a tournament shows of it: its name, its rules, its length and format
    in words, its teams in entry order, and where it stands (its rounds, the round in play, the
    standings)."""
    now = rounds.standing(tournament)
    return {
        "tournament": tournament,
        # The house rules its form offers: the number of hands is the length, said once beside.
        "rules": rules_summary(tournament, ROWS),
        "length": length_words(tournament),
        "format": format_words(tournament),
        "teams": now.teams,
        "now": now,
    }


def busy_words() -> str:
    """Why a director's change was not made when other changes kept coming first (`busy`)."""
    return gettext(
        "Other changes to the tournament kept coming first. Here it is as it is now: send"
        " yours again if you still mean it."
    )


def refusal_words(code: str) -> str:
    """Why a round cannot start now, in the user's language (`rounds.RoundRefused` codes)."""
    if code == "busy":
        return busy_words()
    if code == "no_round_left":
        return gettext("Every round of this tournament has been played: there is none to start.")
    return gettext(
        "A game of the round is still being played. The next round starts when every table"
        " has finished."
    )


def director_only(error: LookupError, token: str, only_director: str) -> tuple[str, int]:
    """A director's route sent a link that finds no tournament (`error`): the watch link or a
    table's is refused with `only_director` (403), nothing written; any other raises `error`
    again (404)."""
    if not rounds.is_watch_or_table_link(token):
        raise error
    return error_page(403, only_director)


@bp.get(f"{TOURNAMENT_LINKS}/<token:token>")
@limit_guesses
def director(token: str) -> str:
    """The director's page: the round in play with each table's game, Start round, the
    standings, the tournament as set up, its teams, its watch link with a QR code, the table
    cards, and new links (the director's, the watch link, a table's)."""
    return director_page(token)


def director_page(token: str, *, changes_open: bool | None = None, **shown: Any) -> str:
    """The director's page of the tournament behind `token`, with what a refused form adds
    (`shown`, e.g. a team's substitute form and what is wrong in it). The fold of changes is
    opened for a refused change (as `shown` says, unless told)."""
    tournament = directory.find_tournament(token)
    # Named in full: a refused form of another blueprint renders this page too.
    watch_url = public_url("tournaments.watch", token=tournament.view_token)
    context = about(tournament)
    return render_template(
        "tournament.html",
        **context,
        tables=directory.tournament_tables(tournament),
        watch_url=watch_url,
        watch_qr=watch_code(tournament.view_token),
        director_url=public_url("tournaments.director", token=token),
        cancel_refusal=cancelling.cancel_refusal(context["now"]),
        log=rulings.tournament_log(tournament) if context["now"].rounds else (),
        withdrawable={
            team.entry
            for team in context["teams"]
            if withdrawing.withdraw_refusal(context["now"], team.entry) is None
        },
        late_refusal=late_teams.late_refusal(context["now"]),
        quiet=quiet_tables(context["now"], utc_now()),
        poll_seconds=POLL_SECONDS,
        # A change refused is shown again where it was made, in the fold of changes.
        changes_open=bool(shown) if changes_open is None else changes_open,
        **{
            "late": LateTeamForm(formdata=None),
            "swap": SwapForm(context["teams"], formdata=None),
            **shown,
        },
    )


def director_action(
    token: str,
    act: Callable[[ActionForm], TournamentRecord],
    words: Callable[[str], str],
    only_director: str,
    anchor: str,
    status: Callable[[str], int] = lambda code: 409,
) -> Response | tuple[str, int]:
    """One of the director's buttons sent: its form checked, the change made (`act`), and the
    director's page at `anchor`; or, with nothing written, a refusal said in `words` of its code
    with its `status`, and the watch link or a table's refused with `only_director` (403)."""
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        done = act(form)
    except rounds.RoundRefused as refusal:
        return error_page(status(refusal.code), words(refusal.code))
    except directory.TournamentNotFound as error:
        return director_only(error, token, only_director)
    return redirect(url_for("tournaments.director", token=done.edit_token, _anchor=anchor), 303)


@bp.post(f"{TOURNAMENT_LINKS}/<token:token>/rounds")
@limit_writes
@limit_guesses
def start_round(token: str) -> Response | tuple[str, int]:
    """Pair and start the next round (one game per table); sent again, the round it started.
    Refused, with nothing written, while a game of the last round is in play, when no round is
    left, and when the link is the watch link or a table's."""
    return director_action(
        token,
        lambda form: starting.start_round(token, form.nonce.data),
        refusal_words,
        gettext("Only the director's link starts a round. This link shows the tournament."),
        "round",
    )


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>")
@limit_guesses
def watch(token: str) -> Response:
    """The watch page, for the wall and the spectators: the tournament and its teams, never a
    link that changes anything; it asks for its round and standings again every few seconds,
    as a view link does, and an unchanged tournament answers 304. A wall whose tables or
    standings fill more than a screen shows them a page at a time (`wall`): the page the clock
    has come round to, or the one `?page=` asks for (a wall without script turns its pages so)."""
    seen = followed.watched(token)
    # The whole page marks the page of the moment (or the one asked for); the part a poll asks
    # for marks none, as the page's script turns the pages, and so stays unchanged (304) while
    # the tournament does.
    if wants_part():
        page_now = wall.WallPage(wall.page_count(seen.teams))
    else:
        asked = request.args.get("page", type=int)
        page_now = wall.page_shown(seen.teams, utc_now(), asked)

    # What other rooms add to the wall (the chances at a club's tables) moves its tag too.
    extras: dict[str, Any] = page_extras(WALL_EXTRAS, seen.record, seen.club)

    def page() -> Response:
        """The watch page, or its part, as the tournament stands."""
        return page_or_part(
            "tournament_watch.html",
            "_tournament_wall.html",
            **about(seen.record),
            poll_seconds=POLL_SECONDS,
            wall_page=page_now,
            page_seconds=wall.PAGE_SECONDS,
            **extras,
        )

    shown = f"watch-{page_now.number}-{page_now.count}-{sorted(extras.items())!r}"
    return unless_unchanged(followed_etag(shown, seen), page)


def followed_etag(page: str, seen: followed.Watched) -> str:
    """The tag of a page that follows the tournament by itself (`followed.watched`): it changes
    with the tournament, its games, and with minutes per round the clock, which moves each
    minute while it runs."""
    games = "-".join(str(n) for n in seen.state)
    facts = f"{page}-{seen.record.id}-{seen.record.version}-{games}-{seen.clock}"
    return app_etag(f"{facts}-{get_locale()}-{wants_part()}")


@bp.get(f"{TOURNAMENT_LINKS}/<token:token>/status")
@limit_guesses
def status(token: str) -> Response:
    """The top of the director's page, asked for again every few seconds (304 while the
    tournament stands still): where the round stands, the one thing the moment needs (Start
    round N with the pairings it will make), and the round's tables."""
    seen = followed.watched(token, TournamentRecord.edit_token)
    at = utc_now()

    def part() -> Response:
        """The part as the tournament stands."""
        context = about(seen.record)
        quiet = quiet_tables(context["now"], at)
        shown = render_template(
            "_director_status.html", **context, quiet=quiet, poll_seconds=POLL_SECONDS
        )
        return make_response(shown)

    # By the minute too: a table that saves nothing grows quiet as the clock moves alone.
    return unless_unchanged(followed_etag(f"director-{at:%Y%m%d%H%M}", seen), part)


def watched(token: str) -> rounds.Standing:
    """Where the tournament behind watch link `token` stands (404 or 410 as its page)."""
    return rounds.standing(directory.find_tournament(token, TournamentRecord.view_token))


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>/qr.svg")
@limit_guesses
def watch_qr(token: str) -> Response:
    """The watch link as a QR code, which the wall shows for spectators' phones to scan."""
    directory.find_tournament(token, TournamentRecord.view_token)
    return qr_image(watch_code(token))


def watch_code(token: str) -> Markup:
    """The watch link `token` as a QR code: on the director's page, and on the wall."""
    url = public_url("tournaments.watch", token=token)
    return qr_svg(url, title=gettext("QR code of the watch link"))


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>/standings.csv")
@limit_guesses
def standings_csv(token: str) -> Response:
    """The standings as CSV, one row per team best first, from the watch link."""
    now = watched(token)
    body = downloads.standings_csv(now)
    return csv_attachment(body, downloads.filename(now, "standings", "csv"))


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>/standings.json")
@limit_guesses
def standings_json(token: str) -> Response:
    """The standings as JSON, from the watch link."""
    now = watched(token)
    shown = json_answer(downloads.standings_json(now))
    return attachment(shown, downloads.filename(now, "standings", "json"))


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>/games.csv")
@limit_guesses
def games_csv(token: str) -> Response:
    """Every hand of every game of the tournament as one CSV, its round and table first, from
    the watch link."""
    now = watched(token)
    body = downloads.games_csv(now, game_label)
    return csv_attachment(body, downloads.filename(now, "games", "csv"))
