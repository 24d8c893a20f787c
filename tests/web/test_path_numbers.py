"""Every number in a path is bounded by its converter (web/converters.py): one too large for the
database's integers is a plain 404 from routing, on every route that takes a number, and never
reaches the database (a 500 before: SQLite's 64-bit integers overflowed at 2**64, PostgreSQL's
INTEGER columns at 2**31).

The routes are read from the app's own url_map, so a route added later is checked too; each is
asked with a real link of its kind (a game's, a table's, a tournament director's) and its other
numbers those of a game that exists (1), so nothing but the number under test is wrong.
"""

from __future__ import annotations

import pytest
from werkzeug.routing import IntegerConverter, Rule, ValidationError

from clubs.services.club import create_club
from extensions import db
from records.games import new_token
from testsupport.builders import game_with_hands, table_with_series, tournament_in_round
from testsupport.database import queries_sent
from web import (
    CLUB_LINKS,
    CLUB_VIEW_LINKS,
    EDIT_LINKS,
    TABLE_LINKS,
    TOURNAMENT_LINKS,
    TOURNAMENT_VIEW_LINKS,
)
from web.converters import LARGEST_PATH_NUMBER

# The numbers just past the bound, and past SQLite's own integers.
TOO_LARGE = (LARGEST_PATH_NUMBER + 1, 2**64)
# The routes the issue found answering 500: the test must see them among the numbered ones.
REPORTED = {
    "tournament_rulings.ruling_page",
    "tournament_rulings.award",
    "tournament_rulings.undo",
}


def number_converters(rule: Rule) -> dict[str, IntegerConverter]:
    """A route's number arguments (those of an `int` converter), by name, with their converter."""
    # Werkzeug keeps a rule's converters by argument name on the rule alone.
    converters = rule._converters
    return {
        name: converter
        for name, converter in converters.items()
        if isinstance(converter, IntegerConverter)
    }


def numbers_of(rule: Rule) -> list[str]:
    """The names of a route's number arguments."""
    return list(number_converters(rule))


def numbered_rules(app) -> list[Rule]:
    """Every route of the app with a number in its path."""
    return [rule for rule in app.url_map.iter_rules() if numbers_of(rule)]


def links(app) -> dict[str, str]:
    """A real link by the prefix of its kind: a game's edit link, a table's, the director's
    link and the watch link of a tournament whose first round is played, and a club's two."""
    tournament = tournament_in_round(app, 5, 1)
    with app.app_context():
        club = create_club("Friday club", new_token(), new_token())
        club_links = {CLUB_LINKS: club.edit_token, CLUB_VIEW_LINKS: club.view_token}
        db.session.remove()
    return club_links | {
        EDIT_LINKS: game_with_hands(app, 1).edit,
        TABLE_LINKS: table_with_series(app, 1).edit,
        TOURNAMENT_LINKS: tournament.director,
        TOURNAMENT_VIEW_LINKS: tournament.watch,
    }


def paths(app, number: int) -> list[tuple[str, str]]:
    """(method, path) for every numbered route, each of its numbers in turn `number` and its
    others 1, its token a real link of its kind."""
    tokens = links(app)
    asked = []
    for rule in numbered_rules(app):
        prefix = "/" + rule.rule.split("/")[1]
        assert prefix in tokens, f"no link of the kind {rule.rule} takes: add one to `links`"
        for name in numbers_of(rule):
            values = dict.fromkeys(numbers_of(rule), 1) | {name: number, "token": tokens[prefix]}
            built = rule.build(values)
            assert built is not None, rule.rule
            methods = sorted(rule.methods & {"GET", "POST"})
            asked.extend((method, built[1]) for method in methods)
    return asked


def test_the_reported_routes_are_among_those_with_numbers_in_their_paths(app):
    assert {rule.endpoint for rule in numbered_rules(app)} >= REPORTED


@pytest.mark.parametrize("number", TOO_LARGE)
def test_every_number_converter_refuses_a_number_the_database_cannot_hold(app, number):
    for rule in numbered_rules(app):
        for converter in number_converters(rule).values():
            assert converter.to_python(str(LARGEST_PATH_NUMBER)) == LARGEST_PATH_NUMBER
            with pytest.raises(ValidationError):
                converter.to_python(str(number))


@pytest.mark.parametrize("number", TOO_LARGE)
def test_a_number_too_large_in_any_path_is_a_404_that_asks_the_database_nothing(
    app, client, number
):
    asked = paths(app, number)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a failing route answers 500, as served
    with queries_sent(app) as queries:
        answers = [
            (method, path, client.open(path, method=method).status_code) for method, path in asked
        ]
    assert answers == [(method, path, 404) for method, path in asked]
    assert queries == []


def test_the_largest_number_a_path_may_hold_reaches_the_route_and_is_no_500(app, client):
    """At the bound itself the route answers, 404 for no such thing or its own refusal of the
    request as sent, never a 500: the number fits the database's integers."""
    asked = paths(app, LARGEST_PATH_NUMBER)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    answers = [
        (method, path, client.open(path, method=method).status_code) for method, path in asked
    ]
    assert answers
    assert [answer for answer in answers if answer[2] >= 500] == []
