"""A tournament's results from its watch link (public and read-only, as its downloads): the
results sheet to print for the club's notice board (the tournament as set up, the standings and
each round's results) and a plain-text summary to paste into the club's group chat.

Both read the tournament as its pages do (`rounds.standing`), the same few queries whatever its
teams, rounds and hands; a replaced watch link answers 410, any other 404, as the watch page.
The summary's names are isolated as a game's shared result has them (`web.summary.isolated`).
"""

from __future__ import annotations

from flask import Blueprint, render_template, url_for
from flask_babel import gettext, ngettext
from werkzeug.wrappers import Response

from tournaments.routes.playoff import stage_name
from tournaments.routes.tournament import format_words, length_words, watched
from tournaments.services import rounds
from web import TOURNAMENT_VIEW_LINKS
from web.filters import signed, signed_total
from web.lookups import limit_guesses
from web.summary import isolated

bp = Blueprint("tournament_results", __name__)


def final(now: rounds.Standing) -> bool:
    """Whether the tournament is over: every round it plays started and every game ended."""
    return now.refusal() == "no_round_left"


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>/results")
@limit_guesses
def results(token: str) -> str:
    """The results sheet to print: the tournament's name, date, format and length, the
    standings (final once every round is over) and each round's results, table by table."""
    now = watched(token)
    return render_template(
        "tournament_results.html",
        now=now,
        tournament=now.record,
        length=length_words(now.record),
        format=format_words(now.record),
        final=final(now),
        watch_url=url_for("tournaments.watch", token=token),
    )


def game_line(table: rounds.TableGame) -> str:
    """One table's game in one line, North–South first: "Table 1: Reds 61 – 60 Blues", and who
    won it (by forfeit, when the director awarded it), or that it is still being played."""
    totals = table.scored.state.totals
    score = gettext(
        "Table %(number)s: %(north_south)s %(first)s – %(second)s %(east_west)s",
        number=table.table,
        north_south=isolated(table.north_south.name),
        first=signed_total(totals[0]),
        second=signed_total(totals[1]),
        east_west=isolated(table.east_west.name),
    )
    result = table.result()
    if result.winner is None:
        return gettext("%(score)s (still playing)", score=score)
    winner = table.north_south if result.winner == table.north_south.entry else table.east_west
    if result.forfeit:
        return gettext(
            "%(score)s, won by %(team)s by forfeit", score=score, team=isolated(winner.name)
        )
    return gettext("%(score)s, won by %(team)s", score=score, team=isolated(winner.name))


def summary_text(now: rounds.Standing) -> str:
    """The tournament in a few short lines for a group chat, in the user's language: its name
    and where it stands, the standings top to bottom (place, team, wins, point difference),
    then the playoff's latest stage and its champion, and the latest round's results and its
    bye."""
    name = isolated(now.record.name)
    current = now.current
    if final(now):
        heading = gettext("♠ %(name)s — final standings", name=name)
    elif current is None:
        heading = gettext("♠ %(name)s — no round has started yet", name=name)
    else:
        heading = gettext(
            "♠ %(name)s — after round %(number)s of %(count)s",
            name=name,
            number=current.record.number,
            count=now.round_count,
        )
    lines = [heading]
    for row in now.rows:
        wins = ngettext("%(num)s win", "%(num)s wins", row.wins)
        team = isolated(now.team(row.team).name)
        lines.append(f"{row.place}. {team} · {wins} · {signed(row.difference)}")
    stage = now.playoff.current
    if stage is not None:
        lines += ["", stage_name(len(stage.tables))]
        lines += [game_line(table) for table in stage.tables]
        if now.playoff.champion is not None:
            champion = isolated(now.playoff.champion.name)
            lines.append(gettext("Champion: %(team)s", team=champion))
    if current is not None:
        lines += ["", gettext("Round %(number)s", number=current.record.number)]
        lines += [game_line(table) for table in current.tables]
        if current.bye is not None:
            bye = gettext("%(team)s had the bye.", team=isolated(current.bye.name))
            lines.append(bye)
        lines += [
            gettext("%(team)s had a bye: its opponent withdrew.", team=isolated(team.name))
            for team in current.walkovers
        ]
    return "\n".join(lines) + "\n"


@bp.get(f"{TOURNAMENT_VIEW_LINKS}/<token:token>/summary.txt")
@limit_guesses
def summary(token: str) -> Response:
    """The plain-text summary, shown in the browser (not saved) so it can be copied."""
    text = summary_text(watched(token))
    return Response(text, mimetype="text/plain", content_type="text/plain; charset=utf-8")
