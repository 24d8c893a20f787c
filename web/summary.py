"""A finished game's result as a few lines of plain text, to paste into the table's group chat.

Plain text has no markup to set a typed name apart, so each name goes between FIRST STRONG
ISOLATE and POP DIRECTIONAL ISOLATE, as in a page's title: a name in another script cannot turn
the scores around it.
"""

from __future__ import annotations

from flask import Blueprint, current_app
from flask_babel import gettext, ngettext
from markupsafe import Markup

import scoring
from downloads import chart
from games import ScoredGame
from records.games import GameRecord
from web.filters import bdi, signed_total
from web.pages import public_url

# Only for its template global: web.filters cannot register it, as this module uses
# web.filters' wording of a total, and the rooms of the web import each other one way only.
bp = Blueprint("summary", __name__)


def isolated(name: str) -> str:
    """A typed name set apart for plain text (see the module's docstring)."""
    return f"{chart.FSI}{name}{chart.PDI}"


def side_name(record: GameRecord, state: scoring.Game, side: int) -> str:
    """A side as the scoreboard names it: a team with its partners, "Reds (Ana & Carla)", or
    a player on their own."""
    name = isolated(record.sides[side])
    if not state.rules.partnership:
        return name
    partners = " & ".join(isolated(record.players[seat]) for seat in state.rules.seats_of(side))
    return gettext("%(team)s (%(players)s)", team=name, players=partners)


def score_text(record: GameRecord, state: scoring.Game) -> str:
    """The final score in one line, as the page's title has it: two teams face each other,
    "Reds (Ana & Carla) 512 – 388 Blues (Bruno & Davi)"; players on their own are listed
    from first place to last, "Ana 512 · Carla 300 · Bruno 100"."""
    totals = state.totals
    if state.rules.partnership:
        first, second = (side_name(record, state, side) for side in state.rules.sides)
        return f"{first} {signed_total(totals[0])} – {signed_total(totals[1])} {second}"
    # Seat order among equal places, as the scoreboard's columns go.
    ranked = sorted(state.rules.sides, key=lambda side: (state.places[side], side))
    return " · ".join(
        f"{side_name(record, state, side)} {signed_total(totals[side])}" for side in ranked
    )


def banner_text(record: GameRecord, state: scoring.Game) -> str:
    """The finished game's banner sentence (templates/_outcome.html), as plain text: the same
    words, each name isolated rather than in a <bdi>."""
    macros = current_app.jinja_env.get_template("_outcome.html").module
    outcome = macros.outcome  # type: ignore[attr-defined]  # a template's macro, not typed
    # The macro escapes what it puts in, as for a page; plain text takes it back unescaped.
    sentence: Markup = outcome(state, record.sides, name=isolated)
    return sentence.unescape()


def outcome_text(record: GameRecord, state: scoring.Game, winner: int) -> str:
    """Who won and how: in how many hands, and who fell to the floor when that ended it; for
    the other endings (a Boston, a set-out, the hands limit, time called) why, as the banner
    says it."""
    hands = len(state.hands)
    if state.reason not in (scoring.TARGET, scoring.FLOOR):
        return banner_text(record, state)
    if state.reason == scoring.TARGET:
        return ngettext(
            "%(team)s won in %(num)s hand.",
            "%(team)s won in %(num)s hands.",
            hands,
            team=isolated(record.sides[winner]),
        )
    # The side that fell is the one lowest, as on the scoreboard's banner.
    loser = state.totals.index(min(state.totals))
    return ngettext(
        "%(team)s won in %(num)s hand: %(loser)s fell to %(points)s.",
        "%(team)s won in %(num)s hands: %(loser)s fell to %(points)s.",
        hands,
        team=isolated(record.sides[winner]),
        loser=isolated(record.sides[loser]),
        points=signed_total(state.totals[loser]),
    )


def game_summary(record: GameRecord, state: scoring.Game, series_line: str | None = None) -> str:
    """A finished game in the page's language, one fact a line: the score, who won, the
    series so far when `series_line` gives it, and the view link to see every hand."""
    if state.winner is None:
        raise ValueError("only a finished game has a result to share")
    lines = [
        gettext("♠ Spades — %(score)s", score=score_text(record, state)),
        outcome_text(record, state, state.winner),
    ]
    if series_line:
        lines.append(series_line)
    lines.append(public_url("viewing.view", token=record.view_token))
    return "\n".join(lines)


def series_text(
    record: GameRecord, state: scoring.Game, series: scoring.Series, *, html: bool = False
) -> str:
    """Where the game's series stands: "Ana & Carla lead the series 3–2 · best of 5". Plain
    text for the summary (names isolated), or with `html` the page's series line, its names
    each a <bdi> and everything typed escaped."""
    sides = [record.side_players(side) for side in state.rules.sides]
    names: list[str]
    if html:
        names = [Markup(" &amp; ").join(bdi(name) for name in side) for side in sides]
    else:
        names = [" & ".join(map(isolated, side)) for side in sides]

    def worded(translated: str, **values: object) -> str:
        """A translated sentence with its values put in (escaped ones, for the page): our own
        catalogue's words are taken as markup, as the templates' `_` takes them."""
        return (Markup(translated) if html else translated) % values  # noqa: S704

    wins = series.wins
    top = max(wins)
    score = f"{top}–{min(wins)}" if len(wins) == 2 else "–".join(map(str, wins))
    if series.winner is not None:
        said = gettext("%(side)s won the series %(score)s")
        text = worded(said, side=names[series.winner], score=score)
    elif wins.count(top) > 1:
        text = worded(gettext("Series tied %(score)s"), score=score)
    else:
        leader = wins.index(top)
        # English says "Ana leads" but "Ana & Carla lead": a side of one player is singular.
        if len(sides[leader]) == 1:
            said = gettext("%(side)s leads the series %(score)s")
        else:
            said = gettext("%(side)s lead the series %(score)s")
        text = worded(said, side=names[leader], score=score)
    if series.best_of:
        text += " · " + worded(gettext("best of %(games)s"), games=series.best_of)
    return text


@bp.app_template_global()
def series_line(scored: ScoredGame, series: scoring.Series) -> Markup:
    """The series line of a game's page (templates: `series_line(scored, series)`)."""
    # Safe: series_text escaped every name and figure it put in.
    return Markup(series_text(scored.record, scored.state, series, html=True))  # noqa: S704


@bp.app_template_global()
def result_summary(scored: ScoredGame, series: scoring.Series | None = None) -> str:
    """The summary of a finished game's page (templates: `result_summary(scored, series)`); it
    depends only on the game, its series, the language and the site's address, as a kept page
    may (web/renders.py)."""
    line = series_text(scored.record, scored.state, series) if series else None
    return game_summary(scored.record, scored.state, line)
