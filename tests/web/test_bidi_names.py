"""Names cannot turn the score around them.

A name is typed by anyone, in any script: a right-to-left name (or a stray right-to-left
override) must not reverse the words and numbers printed beside it. Bidi control characters
are dropped on input, and every name shown is isolated: inside <bdi> in the pages, between
U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE in titles (which take no
markup), and as its own right-to-left-aware text in the chart.
"""

from __future__ import annotations

import pytest

from testsupport.database import stored_game, view_token_of
from testsupport.pages import Node, Page
from testsupport.playing import NAMES, enter, game_page, start_game

FSI, PDI = "\u2068", "\u2069"
RLO = "\u202e"
# Every character that changes the direction of the text after it.
BIDI_CONTROLS = [
    "\u202a",  # left-to-right embedding
    "\u202b",  # right-to-left embedding
    "\u202c",  # pop directional formatting
    "\u202d",  # left-to-right override
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\u2067",  # right-to-left isolate
    "\u2068",  # first strong isolate
    "\u2069",  # pop directional isolate
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    "\u061c",  # Arabic letter mark
]

# A table whose every name is written right to left (Hebrew and Arabic), none inside another.
RTL_NAMES = {
    "team_0": "אדומים",
    "team_1": "الزرق",
    "player_0": "אנה",
    "player_1": "برونو",
    "player_2": "כרמל",
    "player_3": "داود",
}


def test_a_team_typed_with_a_right_to_left_override_is_stored_without_it(app, new_game):
    token = new_game(team_0=f"Us{RLO}", **{k: v for k, v in NAMES.items() if k != "team_0"})

    assert stored_game(app, token).teams == ("Us", "Blues")


@pytest.mark.parametrize("control", BIDI_CONTROLS, ids=lambda c: f"U+{ord(c):04X}")
def test_every_bidi_control_is_dropped_from_team_and_player_names(app, new_game, control):
    token = new_game(
        team_0=f"{control}Reds",
        team_1=f"Bl{control}ues",
        player_0=f"Ana{control}",
        player_1=f"{control}Bruno{control}",
        player_2="Carla",
        player_3=f"Da{control}{control}vi",
    )

    game = stored_game(app, token)
    assert game.teams == ("Reds", "Blues")
    assert game.players == ("Ana", "Bruno", "Carla", "Davi")


def test_a_name_of_only_bidi_controls_and_spaces_takes_the_default_as_a_blank_one_does(
    app, new_game
):
    token = new_game(team_0=f" {RLO}\u200f ", player_2="\u2066\u2069")

    game = stored_game(app, token)
    assert game.teams[0] == "Team A"
    assert game.players[2] == "South"


def test_other_names_are_kept_as_typed(app, new_game):
    # Right-to-left letters, joiners of emoji and accents are names, not controls.
    token = new_game(team_0="אדומים", team_1="Família 👨\u200d👩\u200d👧", player_0="Zoë")

    game = stored_game(app, token)
    assert game.teams == ("אדומים", "Família 👨\u200d👩\u200d👧")
    assert game.players[0] == "Zoë"


def test_every_name_on_the_game_page_is_inside_bdi_while_bidding(client, app):
    token = start_game(client, **RTL_NAMES)

    assert_names_isolated(game_page(client, token, query_string={"whole": "1"}))
    assert_names_isolated(game_page(client, token, query_string={"players": "1", "whole": "1"}))


def test_every_name_on_the_game_page_is_inside_bdi_with_the_bids_in_and_hands_played(client, app):
    token = start_game(client, **RTL_NAMES)
    enter(client, token, bids=(4, 3, "nil", 4), tricks=(5, 4, 0, 4))
    enter(client, token, bids=("nil", 3, 4, 4))

    page = game_page(client, token)
    assert page.find_all(cls="history")
    assert page.find_all(cls="contracts")
    assert_names_isolated(page)
    assert_names_isolated(game_page(client, token, query_string={"bids": "1", "players": "1"}))


def test_every_name_on_the_edit_page_is_inside_bdi(client, app):
    token = start_game(client, **RTL_NAMES)
    enter(client, token, bids=(4, 3, "nil", 4), tricks=(5, 4, 0, 4))

    assert_names_isolated(page_at(client, f"/g/{token}/hands/1"))
    assert_names_isolated(page_at(client, f"/g/{token}/hands/1?players=1"))


def test_every_name_on_the_view_page_is_inside_bdi(client, app):
    token = start_game(client, **RTL_NAMES)
    enter(client, token, bids=(4, 3, "nil", 4), tricks=(5, 4, 0, 4))
    view = view_token_of(app, token)
    assert_names_isolated(page_at(client, f"/v/{view}"))

    enter(client, token, bids=(4, 3, 4, 4))
    assert_names_isolated(page_at(client, f"/v/{view}"))


def test_the_winners_banner_isolates_the_winning_team(client, app):
    token = start_game(client, target="10", **RTL_NAMES)
    enter(client, token, bids=(3, 3, 3, 3), tricks=(4, 3, 3, 3))

    page = game_page(client, token)
    banner = page.find(cls="banner")
    assert [bdi.raw_text() for bdi in banner.find_all("bdi")] == [RTL_NAMES["team_0"]]
    assert_names_isolated(page)
    assert_names_isolated(page_at(client, f"/v/{view_token_of(app, token)}"))


def test_every_name_on_the_home_page_is_inside_bdi(client, app):
    start_game(client, **RTL_NAMES)
    over = start_game(client, target="10", **RTL_NAMES)
    enter(client, over, bids=(3, 3, 3, 3), tricks=(3, 4, 3, 3))

    page = page_at(client, "/")
    assert len(page.find(cls="my-games").find_all("li")) == 2
    assert_names_isolated(page)


def test_names_typed_again_after_an_error_are_inside_bdi_and_their_inputs_follow_them(client):
    response = start_game(client, expect=422, target="5", **RTL_NAMES)

    page = Page(response)
    assert_names_isolated(page)
    for field in RTL_NAMES:
        box = page.find("input", name=field)
        assert box.attrs.get("dir") == "auto", field
        assert box.attrs.get("value") == RTL_NAMES[field]


def test_the_name_inputs_on_the_home_page_follow_the_direction_of_what_is_typed(client):
    page = page_at(client, "/")

    for field in RTL_NAMES:
        assert page.find("input", name=field).attrs.get("dir") == "auto", field


def test_a_name_is_isolated_from_the_translated_text_around_it_which_is_still_escaped(client):
    typed = {**NAMES, "player_0": "<i>Ana</i> & co", "player_2": "<i>Carla</i>", "team_0": "R&D"}
    token = start_game(client, **typed)
    assert "<bdi>&lt;i&gt;Ana&lt;/i&gt; &amp; co</bdi> deals" in game_page(client, token).html

    enter(client, token, bids=(4, 3, "nil", 4), tricks=(5, 4, 0, 4))
    html = game_page(client, token).html
    assert "<bdi>&lt;i&gt;Carla&lt;/i&gt;</bdi>'s Nil made" in html
    assert "<bdi>R&amp;D</bdi>" in html
    assert "<i>" not in html


def test_the_page_titles_isolate_the_team_names(client, app):
    token = start_game(client, **RTL_NAMES)
    enter(client, token, bids=(4, 3, "nil", 4), tricks=(5, 4, 0, 4))
    first, second = RTL_NAMES["team_0"], RTL_NAMES["team_1"]

    for path in (f"/g/{token}", f"/v/{view_token_of(app, token)}"):
        title = page_title(page_at(client, path))
        assert title.startswith(f"{FSI}{first}{PDI} ")
        assert title.endswith(f" {FSI}{second}{PDI}")
        assert title.count(FSI) == title.count(PDI) == 2


def test_the_chart_isolates_the_team_names(client, app):
    token = start_game(client, **RTL_NAMES)
    enter(client, token, bids=(4, 3, "nil", 4), tricks=(5, 4, 0, 4))

    for path in (f"/g/{token}", f"/v/{view_token_of(app, token)}"):
        svg = page_at(client, path).find("svg")
        summary = svg.find("title").raw_text()
        for team in ("team_0", "team_1"):
            assert f"{FSI}{RTL_NAMES[team]}{PDI}" in summary
            assert f"{FSI}{RTL_NAMES[team]}{PDI}" in svg.attrs["aria-label"]
        legend = [t for t in svg.find_all("text") if t.raw_text().strip(FSI + PDI) in names()]
        assert [t.raw_text() for t in legend] == [RTL_NAMES["team_0"], RTL_NAMES["team_1"]]
        for text in legend:
            assert text.attrs.get("unicode-bidi") == "plaintext"


def names() -> list[str]:
    """The names typed at the right-to-left table."""
    return list(RTL_NAMES.values())


def page_at(client, path: str) -> Page:
    """A page that must answer 200, parsed."""
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return Page(response)


def page_title(page: Page) -> str:
    """The text of the page's <title> (the one in the head, not the chart's)."""
    return page.find("head").find("title").raw_text()


def assert_names_isolated(page: Page) -> None:
    """Every name read on the page is a <bdi> of its own; titles, the chart and a result's
    plain text (tests/web/test_result_and_sheet.py) are checked apart, as they take no HTML."""
    seen = []
    for text, parent in text_nodes(page.root):
        inside = [parent, *parent.ancestors()]
        if any(node.tag in ("title", "svg", "textarea") for node in inside):
            continue
        for name in names():
            if name not in text:
                continue
            seen.append(name)
            bdi = next((node for node in inside if node.tag == "bdi"), None)
            assert bdi is not None, f"{name!r} outside <bdi> in <{parent.tag}>: {text!r}"
            assert bdi.raw_text() == name, f"{name!r} shares its <bdi>: {bdi.raw_text()!r}"
    assert seen, "no name on the page"


def text_nodes(node: Node):
    """Each run of text on the page with the element holding it."""
    for child in node.children:
        if isinstance(child, str):
            yield child, node
        else:
            yield from text_nodes(child)
