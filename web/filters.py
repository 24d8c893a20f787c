"""What every template may use: number and bid wording, the language, the chart, the presets."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Flask
from flask_babel import format_date, format_decimal, format_percent, get_locale, gettext, ngettext
from markupsafe import Markup

import scoring
from downloads import chart
from forms.house_rules import OFFERED, HouseRule, changes
from forms.played import played_words, preset_fields, rule_set_fields, what_is_played
from web.pages import HISTORY_SHOWN, public_url

MINUS = "\u2212"  # a real minus sign reads better than a hyphen in a score


def register(app: Flask) -> None:
    """Add the filters, tests and globals below to the app's templates."""
    app.add_template_filter(signed)
    app.add_template_filter(signed_total)
    app.add_template_filter(day)
    app.add_template_filter(percent)
    app.add_template_filter(decimal)
    app.add_template_test(scoring.is_nil, "nil")
    for function in (
        bdi,
        bid_text,
        side_bids_text,
        tricks_text,
        current_language,
        html_lang,
        running_totals_svg,
        win_rate_bars,
        rules_summary,
        what_is_played,
        played_words,
        preset_fields,
        rule_set_fields,
    ):
        app.add_template_global(function)
    app.add_template_global(public_url)
    # Globals rather than a context processor: imported macros see them too, at no cost per page.
    app.jinja_env.globals.update(
        scoring=scoring, presets=preset_choices, history_shown=HISTORY_SHOWN
    )


def bdi(name: str) -> Markup:
    """A name people typed, in any script, set apart so that its direction cannot turn the text
    around it ("Us" then a right-to-left name and "+100" must not read "001+"). Markup: passed
    into a translated string, the tag stays while the name is escaped. A function rather than a
    macro: pages call it for every name they show, and a macro call costs many times more."""
    return Markup("<bdi>%s</bdi>") % (name,)


def signed(points: int) -> str:
    """Points with their sign, as a change: +70, −100, 0."""
    if points > 0:
        return f"+{points}"
    return f"{MINUS}{-points}" if points < 0 else "0"


def signed_total(points: int) -> str:
    """A total, with a real minus sign when it is negative."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


def day(moment: datetime) -> str:
    """A date in the user's language."""
    return str(format_date(moment, "medium"))


def percent(share: float | None) -> str:
    """A share as a whole percentage in the user's language (67%, 67 %); a dash for none."""
    return "–" if share is None else str(format_percent(share, "#,##0%"))


def decimal(value: float | None) -> str:
    """A figure to one decimal in the user's language (1.5, 1,5); a dash for none."""
    return "–" if value is None else str(format_decimal(value, "#,##0.0"))


def win_rate_bars(entries: tuple[scoring.Figures, ...], title: str) -> Markup:
    """The win rate of each player or partnership as a small bar chart (chart.bars_svg)."""
    rows = [(f.name, f.win_rate or 0.0, percent(f.win_rate)) for f in entries]
    return chart.bars_svg(rows, title)


def bid_text(bid: scoring.Bid | None) -> str:
    """A bid as the table says it: a number, Nil, Blind Nil or Blind 7; no bid (a first hand
    that bids itself) as a dash."""
    if bid is None:
        return "–"
    if bid == scoring.NIL:
        return gettext("Nil")
    if bid == scoring.BLIND_NIL:
        return gettext("Blind Nil")
    if scoring.is_blind(bid):
        return gettext("Blind %(num)s", num=bid.tricks)
    return str(bid)


def side_bids_text(hand: scoring.Hand, side: int, rules: scoring.Rules) -> str:
    """A side's bids in a hand: each partner's (4 + Nil), or the team's one blind bid once."""
    bids = [hand.bids[seat] for seat in rules.seats_of(side)]
    if scoring.is_blind(bids[0]):
        return bid_text(bids[0])
    return " + ".join(bid_text(bid) for bid in bids)


def tricks_text(hand: scoring.Hand, team: int, rules: scoring.Rules | None = None) -> str:
    """A side's tricks: each partner's when known (5 + 0), else the team's total; a player on
    their own has only their own (the partnership game when no rules are given)."""
    rules = rules or scoring.Rules()
    seats = rules.seats_of(team)
    values = [hand.tricks[seat] for seat in seats]
    if len(values) == 1 or None in values:
        return str(hand.taken(team, rules))
    return " + ".join(str(value) for value in values)


def current_language() -> str:
    """The code of the language the page is shown in."""
    return str(get_locale())


def html_lang() -> str:
    """The page's language as an HTML lang attribute (pt-BR)."""
    return current_language().replace("_", "-")


def running_totals_svg(state: scoring.Game, sides: tuple[str, ...]) -> Markup:
    """The chart of every side's running totals, titled in the user's language.

    Each name goes in isolated (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE): the title is
    plain text, where a name typed in another script must not turn the scores around it.
    """
    teams = tuple(f"{chart.FSI}{name}{chart.PDI}" for name in sides)
    if len(teams) != 2:
        scores = ", ".join(
            f"{name} {total}" for name, total in zip(teams, state.totals, strict=True)
        )
        title = ngettext(
            "Running totals after %(num)s hand: %(scores)s",
            "Running totals after %(num)s hands: %(scores)s",
            len(state.hands),
            scores=scores,
        )
        return chart.running_totals_svg(state, teams, title=title)
    title = ngettext(
        "Running totals after %(num)s hand: %(first)s %(a)s, %(second)s %(b)s",
        "Running totals after %(num)s hands: %(first)s %(a)s, %(second)s %(b)s",
        len(state.hands),
        first=teams[0],
        a=state.totals[0],
        second=teams[1],
        b=state.totals[1],
    )
    return chart.running_totals_svg(state, teams, title=title)


def preset_choices() -> list[tuple[str, str, str]]:
    """Each preset's key, name and description, in the user's language: the partnership ones,
    then the tables without partners (from scoring.ALL_PRESETS)."""
    presets = scoring.ALL_PRESETS.items()
    return [(key, gettext(p.name), gettext(p.description)) for key, p in presets]


def rules_summary(
    game: Any, rows: tuple[HouseRule, ...] = OFFERED
) -> tuple[str, list[tuple[str, str]]]:
    """What a stored game plays by, for its page: the name of its preset and each house rule
    among `rows` (every one offered, unless told) that differs from the preset (its label and
    value), in the user's language."""
    rules = game.scoring_rules
    preset = scoring.ALL_PRESETS.get(game.preset)
    if preset is None:  # a preset no longer offered: its key, and the rules as they are
        return game.preset, changes(scoring.Rules(), rules, rows)
    return gettext(preset.name), changes(preset.rules, rules, rows)
