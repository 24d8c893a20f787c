"""Tables: the people who play together. Their two links' pages (manage, follow), their career
stats and this phone's, a game joining a table, and the downloads of the stats."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import (
    Blueprint,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale, gettext
from werkzeug.wrappers import Response

import export
import games
from extensions import limit_guesses, limit_writes
from forms import ActionForm, JoinTableForm, TableForm
from models import TableRecord, new_token
from web import EDIT_LINKS, TABLE_LINKS, TABLE_VIEW_LINKS
from web.device import device_of_request, remember_device
from web.pages import page_or_part, wants_part
from web.scorer import chosen_table, conflict_message, write_of
from web.viewing import POLL_SECONDS, VIEW_VARY, etag_key

bp = Blueprint("tables", __name__)

GAMES_SHOWN = 20  # the newest games a table's page lists; the rest are one tap away


@bp.post("/tables")
@limit_writes
def create_table() -> Response | tuple[str, int]:
    """Make a table from its name and go to its page."""
    form = TableForm()
    if not form.validate_on_submit():
        return render_template("new_table.html", form=form), 422
    device = device_of_request() or new_token()
    table = games.create_table(form.name.data, device, form.nonce.data)
    return remember_device(redirect(url_for(".show", token=table.edit_token), 303), device)


@bp.get("/tables/new")
def new_table() -> str:
    """The form that makes a table."""
    return render_template("new_table.html", form=TableForm(formdata=None))


@bp.get(f"{TABLE_LINKS}/<token:token>")
@limit_guesses
def show(token: str) -> str:
    """A table's own page behind its edit link: standings, its games (each with its edit link),
    a new game in it, and its links to share."""
    table = games.find_table(token)
    return render_template(
        "table.html",
        form=ActionForm(formdata=None),
        editable=True,
        **table_context(table, games.table_state(table)),
    )


def table_context(table: TableRecord, state: tuple[int, int, int, int]) -> dict[str, Any]:
    """What both pages of a table show: its standings, and its newest games (all of them when
    the address asks, `?all=1`) with how many there are (`state` as `games.table_state`)."""
    shown = None if request.args.get("all") == "1" else GAMES_SHOWN
    return {
        "table": table,
        "career": games.table_career(table, state),
        "games": games.recent_table_games(table, shown),
        "game_count": state[1],
        "all_games": shown is None,
    }


@bp.get(f"{TABLE_VIEW_LINKS}/<token:token>")
@limit_guesses
def view(token: str) -> Response:
    """A table's page behind its view link: standings and games, asking for itself again every
    few seconds; an unchanged table answers 304 from one small query."""
    table = games.find_table(token, TableRecord.view_token)
    state = games.table_state(table)
    etag = table_etag(table, state)
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        response = page_or_part(
            "table_view.html",
            "_table.html",
            **table_context(table, state),
            poll_seconds=POLL_SECONDS,
            editable=False,
        )
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Vary"] = VIEW_VARY
    return response


def table_etag(table: TableRecord, state: tuple[int, ...]) -> str:
    """What a table's followed page depends on (its games' state, the language, page or part),
    signed like a scoreboard's (web/viewing.py) and told apart from a game's."""
    facts = f"table-{table.id}-{'.'.join(map(str, state))}-{get_locale()}-{wants_part()}"
    key = etag_key(current_app.secret_key or "")
    return hashlib.blake2b(facts.encode(), key=key, digest_size=12).hexdigest()


def stats_of_table(token: str) -> tuple[TableRecord, games.Career]:
    """The table behind a view link and the career figures of its finished games."""
    table = games.find_table(token, TableRecord.view_token)
    return table, games.table_career(table)


@bp.get(f"{TABLE_VIEW_LINKS}/<token:token>/stats")
@limit_guesses
def stats(token: str) -> str:
    """The career figures of a table's players and partnerships, and who beat whom."""
    table, career = stats_of_table(token)
    return render_template(
        "stats.html",
        title=gettext("Stats of %(table)s", table=table.name),
        career=career,
        csv_url=url_for(".stats_csv", token=token),
        json_url=url_for(".stats_json", token=token),
        back_url=url_for(".view", token=token),
    )


@bp.get(f"{TABLE_VIEW_LINKS}/<token:token>/stats.csv")
@limit_guesses
def stats_csv(token: str) -> Response:
    """A table's career figures as CSV, one row per player and per partnership."""
    table, career = stats_of_table(token)
    return csv_response(career, export.stats_filename(table.name))


@bp.get(f"{TABLE_VIEW_LINKS}/<token:token>/stats.json")
@limit_guesses
def stats_json(token: str) -> Response:
    """A table's career figures as JSON (keys documented in the README)."""
    _table, career = stats_of_table(token)
    return json_response(career)


@bp.get("/stats")
def device_stats() -> str:
    """The career figures over every game started on this phone."""
    career = games.device_career(device_of_request())
    return render_template(
        "stats.html",
        title=gettext("Stats of the games on this device"),
        career=career,
        csv_url=url_for(".device_stats_csv"),
        json_url=url_for(".device_stats_json"),
        back_url=url_for("scorer.home"),
    )


@bp.get("/stats.csv")
def device_stats_csv() -> Response:
    """This phone's career figures as CSV."""
    career = games.device_career(device_of_request())
    return csv_response(career, "spades-stats.csv")


@bp.get("/stats.json")
def device_stats_json() -> Response:
    """This phone's career figures as JSON."""
    return json_response(games.device_career(device_of_request()))


def csv_response(career: games.Career, filename: str) -> Response:
    """Career figures as a CSV attachment."""
    response = Response(export.write_stats_csv(career), mimetype="text/csv")
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    return response


def json_response(career: games.Career) -> Response:
    """Career figures as JSON."""
    body = json.dumps(export.stats_json(career), ensure_ascii=False)
    return Response(body, mimetype="application/json")


@bp.route(f"{EDIT_LINKS}/<token:token>/table", methods=["GET", "POST"])
@limit_writes
@limit_guesses
def join(token: str) -> Response | tuple[str, int] | str:
    """Count a game among a table's games from now on: one of this phone's tables, or any
    table whose edit link is pasted."""
    scored = games.load(token)
    form = JoinTableForm(formdata=None if request.method == "GET" else request.form)
    form.offer_tables(games.device_tables(device_of_request()))
    if request.method == "GET":
        return render_template("join_table.html", scored=scored, form=form)
    if not form.validate_on_submit():
        form.table_link.errors = [gettext("Something in that request was not right.")]
        return render_template("join_table.html", scored=scored, form=form), 400
    table = chosen_table(form.table_token())
    if table is None:
        form.table_link.errors = [gettext("There is no table at that link.")]
        return render_template("join_table.html", scored=scored, form=form), 422
    write = write_of(form)
    if not games.is_repeat(scored.record, write):
        try:
            games.join_table(scored, table, write)
        except games.AlreadyAtTable:
            message = gettext("This game already counts for another table, and stays there.")
            form.table_link.errors = [message]
            return render_template("join_table.html", scored=scored, form=form), 422
        except games.Conflict:
            if not games.was_applied(token, write):
                form.table_link.errors = [conflict_message()]
                return render_template("join_table.html", scored=games.load(token), form=form), 409
    return redirect(url_for("scorer.show", token=token), 303)
