"""A tournament made on its form: its name, rules, length, format and teams stored once and shown
on the director's page, in both languages; and every refusal of the form said beside its field
in the user's language, with a 4xx status and nothing written."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

import scoring
import tournament
from extensions import db
from records import tournaments
from records.tournaments import FEWEST_TEAMS, MOST_ROUNDS, MOST_TEAMS, TournamentRecord, most_rounds
from testsupport.pages import Page, submit
from testsupport.tournaments import (
    A_SWISS,
    FIVE_TEAMS,
    PT,
    make_tournament,
    send_tournament_form,
    teams_text,
    tournament_rows,
    watch_token,
)

NOTHING = {
    "tournament": 0,
    "tournament_team": 0,
    "tournament_table": 0,
    "replaced_tournament_link": 0,
}


def stored(app) -> TournamentRecord:
    """The one stored tournament (detached, columns loaded)."""
    with app.app_context():
        found = db.session.scalars(select(TournamentRecord)).one()
        db.session.expunge(found)
        db.session.remove()
    return found


def test_a_tournament_made_on_its_form_shows_its_setup_and_teams_on_the_directors_page(app, client):
    director = make_tournament(client, **A_SWISS, length="minutes", minutes="40", target="300")
    page = Page(client.get(f"/d/{director}"))
    assert page.find("h1").text == "Club night"
    # Both shapes of line, the blank one skipped, in the order typed.
    assert page.texts("tournament-teams", "section")[0].startswith("5 teams")
    teams = [li.text for li in page.find("section", "tournament-teams").find_all("li")]
    assert teams == [
        "Reds Ana & Bia",
        "Blues Caio & Duda",
        "Greens Eva & Fabio",
        "Golds Gil & Hugo",
        "Whites Ivo & Ju",
    ]
    assert "40 minutes per round" in page.find("p", "tournament-setup").text
    assert "Swiss" in page.find("p", "tournament-setup").text
    assert "3 rounds" in page.find("p", "tournament-setup").text
    assert "Points to win: 300" in page.find("p", "rules-summary").text
    # Five teams fill two tables; the fifth sits each round out.
    assert tournament_rows(app) == NOTHING | {
        "tournament": 1,
        "tournament_team": 5,
        "tournament_table": 2,
    }
    kept = stored(app)
    assert (kept.format, kept.rounds, kept.round_minutes) == ("swiss", 3, 40)
    assert kept.scoring_rules.target == 300
    assert kept.scoring_rules.hands_limit == 0


def test_a_number_of_hands_is_every_games_hands_limit(app, client):
    director = make_tournament(client, length="hands", hands="8", format="kings_table")
    setup = Page(client.get(f"/d/{director}")).find("p", "tournament-setup").text
    assert "8 hands a game" in setup
    assert "King's table" in setup
    kept = stored(app)
    assert kept.scoring_rules.hands_limit == 8
    assert kept.round_minutes is None


def test_a_round_robin_takes_its_rounds_from_its_teams_whatever_was_typed(app, client):
    director = make_tournament(client, format="round_robin", rounds="7")
    setup = Page(client.get(f"/d/{director}")).find("p", "tournament-setup").text
    assert "To 500 points" in setup
    assert "round" not in setup.split("·")[-1].replace("Round robin", "")
    assert stored(app).rounds is None


def test_the_form_and_the_directors_page_are_in_portuguese_for_a_portuguese_phone(client):
    form = client.get("/tournaments/new", headers=PT)
    assert 'lang="pt-BR"' in form.text
    assert "Novo torneio" in form.text
    response = send_tournament_form(client, headers=PT, **A_SWISS)
    page = Page(client.get(response.headers["Location"], headers=PT))
    assert "5 duplas" in page.find("section", "tournament-teams").text
    assert "3 rodadas" in page.find("p", "tournament-setup").text


def test_the_same_form_sent_twice_makes_one_tournament(app, client):
    form = Page(client.get("/tournaments/new")).form(action="/tournaments/new")
    first = submit(client, form, A_SWISS)
    second = submit(client, form, A_SWISS)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert tournament_rows(app)["tournament"] == 1
    assert tournament_rows(app)["tournament_team"] == 5


REFUSALS = [
    pytest.param(
        {"teams": "Reds: Ana & Bia\n"},
        "teams",
        "A tournament needs 2 teams at least: with one, nobody plays anybody.",
        id="one team",
    ),
    pytest.param(
        {"teams": "Reds: Ana & Bia\nBlues: Caio & Duda\nREDS: Eva & Fabio\n"},
        "teams",
        "Line 3: a team of that name is already entered, on line 1.",
        id="a duplicate team name, however spelt",
    ),
    pytest.param(
        {"teams": "Reds: Ana & Bia\nBlues - Caio and Duda\n"},
        "teams",
        "Line 2: write a team as “Team name: Player & Player”.",
        id="a line that names no team",
    ),
    pytest.param(
        {"teams": "Reds: Ana & Bia\nBlues: & Duda\n"},
        "teams",
        "Line 2: write a team as “Team name: Player & Player”.",
        id="a player missing",
    ),
    pytest.param(
        {"teams": teams_text(65)},
        "teams",
        "A tournament has 64 teams at most.",
        id="too many teams",
    ),
    pytest.param(
        {"teams": "Reds: Ana & Bia\n" + "B" * 41 + ": Caio & Duda\n"},
        "teams",
        "Line 2: a name has at most 40 characters.",
        id="a name too long",
    ),
    pytest.param(
        {"teams": "Reds: Ana & Bia\nBlues: Ca\x07io & Duda\n"},
        "teams",
        "Line 2: a name has characters that cannot be shown.",
        id="a name with a control character",
    ),
    pytest.param(
        {"rounds": "6"},
        "rounds",
        "With 5 teams a Swiss has 5 rounds at most: more would make teams meet again.",
        id="a Swiss with more rounds than its teams allow",
    ),
    pytest.param(
        {"teams": teams_text(4), "rounds": "4"},
        "rounds",
        "With 4 teams a Swiss has 3 rounds at most: more would make teams meet again.",
        id="a Swiss of four teams with four rounds",
    ),
    pytest.param(
        {"format": "kings_table", "rounds": None},
        "rounds",
        "How many rounds are played?",
        id="a King's table without its rounds",
    ),
    pytest.param(
        {"format": "kings_table", "rounds": "21"},
        "rounds",
        "A whole number from 1 to 20.",
        id="too many rounds",
    ),
    pytest.param(
        {"rounds": "0"},
        "rounds",
        "A whole number from 1 to 20.",
        id="no rounds",
    ),
    pytest.param(
        {"length": "hands", "hands": None},
        "hands",
        "How many hands is a game?",
        id="a number of hands not given",
    ),
    pytest.param(
        {"length": "minutes", "minutes": "2"},
        "minutes",
        "A whole number from 5 to 240.",
        id="a round too short",
    ),
    pytest.param(
        {"name": ""},
        "name",
        "Give the tournament a name.",
        id="no name",
    ),
    pytest.param(
        {"tricks_per_hand": "14"},
        "tricks_per_hand",
        "A whole number from 1 to 13.",
        id="more tricks than the pack gives four players",
    ),
    pytest.param(
        {"tricks_per_hand": "10", "blind_bid_min": "11"},
        "blind_bid_min",
        "At most the tricks of a hand: 10.",
        id="a smallest blind bid above the tricks of a hand",
    ),
    pytest.param(
        {"blind_bid_min": "14"},
        "blind_bid_min",
        "At most the tricks of a hand: 13.",
        id="a smallest blind bid above the preset's tricks",
    ),
]


@pytest.mark.parametrize(("changes", "field", "message"), REFUSALS)
def test_a_tournament_that_cannot_be_played_is_refused_beside_its_field_with_nothing_written(
    app, client, changes, field, message
):
    response = send_tournament_form(client, **(A_SWISS | {"rounds": "3"} | changes))
    assert response.status_code == 422
    assert Page(response).errors(field) == [message]
    assert tournament_rows(app) == NOTHING


def test_a_refusal_is_said_in_portuguese_to_a_portuguese_phone(app, client):
    response = send_tournament_form(
        client, headers=PT, **(A_SWISS | {"teams": "Reds: Ana & Bia\nreds: Caio & Duda\n"})
    )
    assert response.status_code == 422
    assert Page(response).errors("teams") == ["Linha 2: já há uma dupla com esse nome, na linha 1."]
    assert tournament_rows(app) == NOTHING


@pytest.mark.parametrize("preset", ["cutthroat", "three_handed", "no_such_rules"])
def test_rules_without_partners_are_refused_as_no_choice_of_the_form(app, client, preset):
    data = {"name": "Club night", "format": "round_robin", "teams": FIVE_TEAMS}
    response = client.post("/tournaments/new", data=data | {"preset": preset, "length": "target"})
    assert response.status_code == 422
    assert Page(response).errors("preset") == ["Not a valid choice."]
    assert tournament_rows(app) == NOTHING


def test_the_form_offers_only_the_presets_of_partners(client):
    form = Page(client.get("/tournaments/new")).form(action="/tournaments/new")
    keys = [
        option.attrs["value"] for option in form.find("select", name="preset").find_all("option")
    ]
    assert keys == list(scoring.PRESETS)
    assert all(scoring.PRESETS[key].rules.partnership for key in keys)


def test_the_hand_limit_of_the_house_rules_is_the_length_of_the_games_and_not_offered_twice(
    client,
):
    form = Page(client.get("/tournaments/new")).form(action="/tournaments/new")
    assert not form.find_all(name="hands_limit")
    assert form.find_all("input", name="hands")
    assert form.find_all(name="target")


def test_a_form_with_a_nonsense_format_or_length_is_refused_with_nothing_written(app, client):
    for changes in ({"format": "knockout"}, {"length": "forever"}):
        data = A_SWISS | {"preset": scoring.DEFAULT_PRESET, "length": "target"} | changes
        response = client.post("/tournaments/new", data=data)
        assert response.status_code == 422
        assert "Not a valid choice." in Page(response).text
    assert tournament_rows(app) == NOTHING


def test_a_refused_teams_box_comes_back_with_its_lines_where_its_error_says_they_are(client):
    typed = "\nReds: Ana & Bia\n\nBlues - Caio and Duda\n"
    page = Page(send_tournament_form(client, **(A_SWISS | {"teams": typed})))
    assert page.errors("teams") == ["Line 4: write a team as “Team name: Player & Player”."]
    # A browser drops the one line break that opens a <textarea>'s text (HTML's parsing rule):
    # the blank first line typed must survive it, or every line would move up one.
    shown = page.find("textarea", name="teams").raw_text().removeprefix("\n")
    assert shown.splitlines() == typed.splitlines()


def test_the_formats_stored_and_a_swiss_most_rounds_are_the_pairing_packages_own():
    # One list of formats for the form, the database and the pairing: a copy could drift.
    assert tournaments.Format is tournament.Format
    for teams in range(FEWEST_TEAMS, MOST_TEAMS + 1):
        most = min(tournament.round_robin_rounds(teams), MOST_ROUNDS)
        assert most_rounds(tournaments.Format.SWISS, teams) == most


def test_a_tournament_of_a_number_of_hands_says_it_once_beside_its_other_house_rules(client):
    director = make_tournament(client, length="hands", hands="2", target="300")
    watch = watch_token(client, director)
    for path in (f"/d/{director}", f"/w/{watch}"):
        page = Page(client.get(path))
        assert page.text.count("2 hands a game") == 1, path
        rules = page.find("p", "rules-summary").text
        assert "Points to win: 300" in rules, rules
        assert "Hands" not in rules, rules


def test_a_refused_team_list_names_every_problem_at_once_and_the_house_rules_stay_folded(
    app, client
):
    teams = "Reds: Ana & Bia\nBlues - Caio\nreds: Eva & Fabio\nGolds: & Hugo\nWhites: Ivo & Ju\n"
    response = send_tournament_form(client, **(A_SWISS | {"rounds": "3", "teams": teams}))
    assert response.status_code == 422
    page = Page(response)
    assert page.errors("teams") == [
        "Line 2: write a team as “Team name: Player & Player”.",
        "Line 3: a team of that name is already entered, on line 1.",
        "Line 4: write a team as “Team name: Player & Player”.",
    ]
    assert "open" not in page.find("details", "house-rules").attrs  # nothing wrong there
    assert tournament_rows(app) == NOTHING

    wrong_rule = A_SWISS | {"rounds": "3", "tricks_per_hand": "14"}
    assert (
        "open"
        in Page(send_tournament_form(client, **wrong_rule)).find("details", "house-rules").attrs
    )


def test_each_blank_house_rule_shows_the_chosen_presets_value_as_its_placeholder(client):
    form = Page(client.get("/tournaments/new"))
    default = form.value("preset")
    assert form.find("input", name="target").attrs["placeholder"] == str(
        scoring.PRESETS[default].rules.target
    )
    # Another preset chosen and the form refused: its values, in the user's language.
    classic = A_SWISS | {"preset": "classic", "rounds": "3", "name": ""}
    refused = Page(send_tournament_form(client, headers=PT, **classic))
    assert refused.find("input", name="floor").attrs["placeholder"] == "Não"
    assert refused.find("input", name="nil_bonus").attrs["placeholder"] == str(
        scoring.PRESETS["classic"].rules.nil_bonus
    )
    # Every preset's values are on its line, for the page's script to show when it is chosen.
    line = form.find("li", "preset-classic")
    assert json.loads(line.attrs["data-placeholders"])["floor"] == "Off"
