"""Tables: the people who play together. Their two links' pages (manage, follow), their career
stats and this phone's, a game joining a table, the downloads of the stats, and the table's
rule sets kept, renamed and removed (behind the edit link only)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale, gettext
from werkzeug.wrappers import Response

import games
from downloads import csv_json
from extensions import limit_writes
from records.games import new_token
from records.tables import TableRecord
from tables.forms.table import JoinTableForm, RemoveRuleSetForm, RuleSetForm, TableForm
from tables.routes import TEMPLATES
from tables.routes.rule_sets import no_such_rule_set, table_rule_sets
from tables.services import rule_sets
from tables.services import table as table_service
from tables.services.table import (
    AlreadyAtTable,
    device_tables,
    find_table,
    join_table,
    recent_table_games,
    table_career,
    table_state,
)
from web import EDIT_LINKS, TABLE_LINKS, TABLE_VIEW_LINKS
from web.device import device_of_request, remember_device
from web.errors import not_right_message
from web.lookups import limit_guesses, table_at_link
from web.pages import page_or_part, wants_part
from web.responses import POLL_SECONDS, app_etag, csv_attachment, json_answer, unless_unchanged
from web.scorer import game_page
from web.writes import conflict_message, tournament_game_message, write_once

bp = Blueprint("tables", __name__, template_folder=TEMPLATES)

GAMES_SHOWN = 20  # the newest games a table's page lists; the rest are one tap away


@bp.post("/tables")
@limit_writes
def create_table() -> Response | tuple[str, int]:
    """Make a table from its name and go to its page."""
    form = TableForm()
    if not form.validate_on_submit():
        return render_template("new_table.html", form=form), 422
    device = device_of_request() or new_token()
    table = table_service.create_table(form.name.data, device, form.nonce.data)
    return remember_device(redirect(url_for(".show", token=table.edit_token), 303), device)


@bp.get("/tables/new")
def new_table() -> str:
    """The form that makes a table."""
    return render_template("new_table.html", form=TableForm(formdata=None))


@bp.get(f"{TABLE_LINKS}/<token:token>")
@limit_guesses
def show(token: str) -> tuple[str, int]:
    """A table's own page behind its edit link: standings, its games (each with its edit link),
    a new game in it, and its links to share."""
    return table_page(find_table(token))


def table_page(
    table: TableRecord,
    status: int = 200,
    message: str | None = None,
    sent: RuleSetForm | None = None,
    sent_for: int | None = None,
) -> tuple[str, int]:
    """The table's own page, with a refusal's `message` and status, and a rule-set form sent
    back with its errors (`sent`, for the set numbered `sent_for`, or to keep one)."""
    page = render_template(
        "table.html",
        editable=True,
        message=message,
        **table_context(table, table_state(table)),
        **table_rule_sets(table, sent, sent_for),
    )
    return page, status


def table_context(table: TableRecord, state: tuple[int, int, int, int]) -> dict[str, Any]:
    """What both pages of a table show: its standings, and its newest games (all of them when
    the address asks, `?all=1`) with how many there are (`state` as `games.table_state`)."""
    shown = None if request.args.get("all") == "1" else GAMES_SHOWN
    return {
        "table": table,
        "career": table_career(table, state),
        "games": recent_table_games(table, shown),
        "game_count": state[1],
        "all_games": shown is None,
    }


@bp.get(f"{TABLE_VIEW_LINKS}/<token:token>")
@limit_guesses
def view(token: str) -> Response:
    """A table's page behind its view link: standings and games, asking for itself again every
    few seconds; an unchanged table answers 304 from one small query."""
    table = find_table(token, TableRecord.view_token)
    state = table_state(table)

    def followed_page() -> Response:
        """The table's followed page, or its part, as the table stands."""
        return page_or_part(
            "table_view.html",
            "_table.html",
            **table_context(table, state),
            poll_seconds=POLL_SECONDS,
            editable=False,
        )

    return unless_unchanged(table_etag(table, state), followed_page)


def table_etag(table: TableRecord, state: tuple[int, ...]) -> str:
    """What a table's followed page depends on (its games' state, the language, page or part),
    signed like a scoreboard's and told apart from a game's."""
    return app_etag(f"table-{table.id}-{'.'.join(map(str, state))}-{get_locale()}-{wants_part()}")


def stats_of_table(token: str) -> tuple[TableRecord, games.Career]:
    """The table behind a view link and the career figures of its finished games."""
    table = find_table(token, TableRecord.view_token)
    return table, table_career(table)


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
    return csv_attachment(csv_json.write_stats_csv(career), csv_json.stats_filename(table.name))


@bp.get(f"{TABLE_VIEW_LINKS}/<token:token>/stats.json")
@limit_guesses
def stats_json(token: str) -> Response:
    """A table's career figures as JSON (keys documented in docs/formats.md)."""
    _table, career = stats_of_table(token)
    return json_answer(csv_json.stats_json(career))


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
    return csv_attachment(csv_json.write_stats_csv(career), "spades-stats.csv")


@bp.get("/stats.json")
def device_stats_json() -> Response:
    """This phone's career figures as JSON."""
    return json_answer(csv_json.stats_json(games.device_career(device_of_request())))


@bp.route(f"{EDIT_LINKS}/<token:token>/table", methods=["GET", "POST"])
@limit_writes
@limit_guesses
def join(token: str) -> Response | tuple[str, int] | str:
    """Count a game among a table's games from now on: one of this phone's tables, or any
    table whose edit link is pasted."""
    scored = games.load(token)
    if scored.in_tournament:  # its table is the tournament's
        return game_page(scored, status=409, message=tournament_game_message())
    form = JoinTableForm(formdata=None if request.method == "GET" else request.form)
    form.offer_tables(device_tables(device_of_request()))
    if request.method == "GET":
        return render_template("join_table.html", scored=scored, form=form)

    def page(status: int, message: str | None = None, shown: games.ScoredGame = scored) -> Response:
        """The join page again with a refusal: its message beside the link, and its status."""
        if message is not None:
            form.table_link.errors = [message]
        return make_response(render_template("join_table.html", scored=shown, form=form), status)

    def attempt(write: games.Write) -> Response:
        """Find the table asked for and count the game among its games."""
        table = table_at_link(form.table_token(), form.table_link)
        if table is None:  # the lookup has put its message beside the link
            return page(422)
        try:
            join_table(scored, table, write)
        except AlreadyAtTable:
            return page(
                422, gettext("This game already counts for another table, and stays there.")
            )
        return back_to_game()

    def back_to_game() -> Response:
        """The game's page, where the table now shows."""
        return redirect(url_for("scorer.show", token=token), 303)

    return write_once(
        scored,
        form,
        attempt,
        not_right=lambda: page(400, not_right_message()),
        done=back_to_game,
        overtaken=lambda: page(409, conflict_message(), games.load(token)),
    )


def back_to_table(token: str) -> Response:
    """The table's own page after a change of its rule sets (post/redirect/get)."""
    return redirect(url_for(".show", token=token), 303)


def name_taken(table: TableRecord, form: RuleSetForm, sent_for: int | None) -> tuple[str, int]:
    """The table's page with a rule-set name refused as another set's."""
    form.name.errors = [gettext("The table already has a rule set by that name.")]
    return table_page(table, 422, sent=form, sent_for=sent_for)


def no_rule_set(table: TableRecord) -> tuple[str, int]:
    """The table's page for a rule set it does not have (removed, or never its own)."""
    return table_page(table, 404, no_such_rule_set())


@bp.post(f"{TABLE_LINKS}/<token:token>/rule-sets")
@limit_writes
@limit_guesses
def keep_rule_set(token: str) -> Response | tuple[str, int]:
    """Keep the rules of the table's latest game as a rule set under the name typed."""
    table = find_table(token)
    form = RuleSetForm()
    if not form.validate_on_submit():
        return table_page(table, 422, sent=form)
    latest = rule_sets.latest_rules(table)
    if latest is None:
        message = gettext("No game at this table yet: start one, then keep its rules.")
        return table_page(table, 422, message)
    try:
        rule_sets.keep_rule_set(table, form.name.data, *latest, form.nonce.data)
    except rule_sets.NameTaken:
        return name_taken(table, form, None)
    return back_to_table(token)


@bp.post(f"{TABLE_LINKS}/<token:token>/rule-sets/<int:number>/name")
@limit_writes
@limit_guesses
def rename_rule_set(token: str, number: int) -> Response | tuple[str, int]:
    """Give one of the table's rule sets the name typed."""
    table = find_table(token)
    form = RuleSetForm()
    if not form.validate_on_submit():
        return table_page(table, 422, sent=form, sent_for=number)
    try:
        rule_sets.rename_rule_set(table, number, form.name.data)
    except rule_sets.RuleSetNotFound:
        return no_rule_set(table)
    except rule_sets.NameTaken:
        return name_taken(table, form, number)
    return back_to_table(token)


@bp.post(f"{TABLE_LINKS}/<token:token>/rule-sets/<int:number>/remove")
@limit_writes
@limit_guesses
def remove_rule_set(token: str, number: int) -> Response | tuple[str, int]:
    """Remove one of the table's rule sets; the same form sent again is answered as the first."""
    table = find_table(token)
    form = RemoveRuleSetForm()
    if not form.validate_on_submit():
        return table_page(table, 400, not_right_message())
    try:
        rule_sets.remove_rule_set(table, number, form.nonce.data)
    except rule_sets.RuleSetNotFound:
        return no_rule_set(table)
    return back_to_table(token)
