"""The running-totals chart: valid, small, escaped SVG drawn from the real engine's replay."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from markupsafe import Markup

import scoring
from downloads.chart import running_totals_svg

SVG = "{http://www.w3.org/2000/svg}"
TEAMS = ("Team A", "Team B")


def played(preset: str, hands: list[scoring.Hand]) -> scoring.Game:
    """A game of the given preset with these hands replayed."""
    return scoring.replay(scoring.PRESETS[preset].rules, hands)


def long_game(count: int) -> scoring.Game:
    """A game of `count` random hands under Classic rules played to a target nobody reaches."""
    rng = random.Random(count)
    hands = []
    for _ in range(count):
        tricks = [0, 0, 0, 0]
        for _ in range(scoring.TRICKS_PER_HAND):
            tricks[rng.randrange(4)] += 1
        bids = tuple(rng.randint(1, 5) for _ in range(4))
        hands.append(scoring.Hand(bids=bids, tricks=tuple(tricks)))
    rules = scoring.PRESETS["classic"].rules.but(target=1_000_000)
    return scoring.replay(rules, hands)


def parse(svg: Markup) -> ET.Element:
    """The chart parsed as XML, which fails on anything malformed."""
    # Our own output, not untrusted input: the standard parser is fine here.
    return ET.fromstring(str(svg))  # noqa: S314


def points_of(line: ET.Element) -> list[tuple[float, float]]:
    """The (x, y) pairs of a polyline."""
    return [tuple(float(v) for v in pair.split(",")) for pair in line.get("points").split()]


def horizontal(root: ET.Element, name: str) -> ET.Element | None:
    """The reference line (zero, target or floor) of that class, if drawn."""
    return root.find(f".//{SVG}line[@class='{name}']")


def test_the_chart_is_markup_and_valid_svg():
    svg = running_totals_svg(played("gamelake", []), TEAMS)
    assert isinstance(svg, Markup)
    root = parse(svg)
    assert root.tag == f"{SVG}svg"


def test_the_chart_scales_with_a_view_box_and_no_fixed_width():
    root = parse(running_totals_svg(played("gamelake", []), TEAMS))
    assert len(root.get("viewBox").split()) == 4
    assert root.get("width") in (None, "100%")
    assert root.get("height") is None


def test_an_empty_game_draws_the_axes_and_no_line():
    root = parse(running_totals_svg(played("gamelake", []), TEAMS))
    assert root.findall(f".//{SVG}polyline") == []
    for name in ("zero", "target", "floor"):
        line = horizontal(root, name)
        assert line is not None, name
        assert float(line.get("x2")) > float(line.get("x1"))


def test_each_team_has_a_polyline_from_zero_through_every_hand():
    state = played(
        "gamelake",
        [
            scoring.Hand(bids=(4, 4, scoring.NIL, 3), tricks=(7, 3, 0, 3)),
            scoring.Hand(bids=(3, 3, 3, 3), tricks=(3, 3, 4, 3)),
        ],
    )
    root = parse(running_totals_svg(state, TEAMS))
    lines = root.findall(f".//{SVG}polyline")
    assert [line.get("class") for line in lines] == ["team-0", "team-1"]
    zero_y = float(horizontal(root, "zero").get("y1"))
    for line in lines:
        points = points_of(line)
        assert len(points) == len(state.hands) + 1
        assert points[0][1] == zero_y
        assert [x for x, _ in points] == sorted(x for x, _ in points)
    (_, team_0_y), (_, team_1_y) = points_of(lines[0])[-1], points_of(lines[1])[-1]
    assert state.totals[0] > 0 > state.totals[1]
    assert team_0_y < zero_y < team_1_y  # higher totals are drawn higher


def test_the_target_and_floor_lines_follow_the_rules():
    gamelake = parse(running_totals_svg(played("gamelake", []), TEAMS))
    classic = parse(running_totals_svg(played("classic", []), TEAMS))
    target_y = float(horizontal(gamelake, "target").get("y1"))
    floor_y = float(horizontal(gamelake, "floor").get("y1"))
    zero_y = float(horizontal(gamelake, "zero").get("y1"))
    assert target_y < zero_y < floor_y
    assert horizontal(classic, "floor") is None
    labels = [t.text for t in gamelake.iter(f"{SVG}text")]
    assert "500" in labels
    assert "-200" in labels


def test_the_title_and_label_summarise_the_current_totals():
    state = played("gamelake", [scoring.Hand(bids=(4, 4, scoring.NIL, 3), tricks=(7, 3, 0, 3))])
    root = parse(running_totals_svg(state, TEAMS))
    assert root.get("role") == "img"
    summary = root.find(f"{SVG}title").text
    assert summary == root.get("aria-label")
    assert "Team A 143" in summary
    assert "Team B -70" in summary


def test_a_caller_can_give_a_translated_title():
    root = parse(running_totals_svg(played("gamelake", []), TEAMS, title="Pontuação <total>"))
    assert root.find(f"{SVG}title").text == "Pontuação <total>"
    assert root.get("aria-label") == "Pontuação <total>"


def test_team_names_are_escaped():
    name = '<script>alert("x")</script>'
    svg = str(running_totals_svg(played("gamelake", []), (name, "B&B")))
    assert "<script" not in svg
    assert "&lt;script&gt;" in svg
    root = parse(svg)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert name in texts
    assert "B&B" in texts
    assert name in root.get("aria-label")


def test_a_long_team_name_is_shortened_in_the_legend_but_whole_in_the_title():
    name = "A very long team name that goes on"
    root = parse(running_totals_svg(played("gamelake", []), (name, "B")))
    legend = [t.text for t in root.iter(f"{SVG}text") if t.text.startswith("A very")]
    assert legend == ["A very long team name that go…"]
    assert name in root.find(f"{SVG}title").text


@pytest.mark.parametrize("count", [1, 37, 200])
def test_long_games_stay_small_and_well_formed(count):
    state = long_game(count)
    assert len(state.hands) == count
    svg = str(running_totals_svg(state, TEAMS))
    assert len(svg.encode()) < 8 * 1024
    for line in parse(svg).findall(f".//{SVG}polyline"):
        assert len(points_of(line)) == count + 1


def test_the_chart_has_no_style_script_nor_external_reference():
    svg = str(running_totals_svg(long_game(50), TEAMS))
    assert "style=" not in svg
    assert "<script" not in svg
    assert "href" not in svg
    assert "url(" not in svg
    assert "<image" not in svg


def test_lines_take_their_color_from_the_page():
    root = parse(running_totals_svg(long_game(3), TEAMS))
    for line in root.findall(f".//{SVG}polyline"):
        assert line.get("stroke") == "currentColor"
        assert line.get("fill") == "none"


def test_a_hands_point_counts_the_adjustments_recorded_after_it():
    """Team A bids 4 and takes 3: −40; Team B bids 8 and takes 10: +82; then B loses 150 for a
    renege: −68. The chart, like the scoreboard, has B below A after hand 1."""
    state = scoring.replay(
        scoring.PRESETS["classic"].rules,
        [scoring.Hand(bids=(2, 4, 2, 4), tricks=(2, 5, 1, 5))],
        adjustments=[scoring.Adjustment(1, 1, -150, "renege")],
    )
    assert state.totals == (-40, -68)
    root = parse(running_totals_svg(state, TEAMS))
    team_0, team_1 = (points_of(line)[-1][1] for line in root.findall(f".//{SVG}polyline"))
    assert team_1 > team_0  # lower totals are drawn lower: a larger y
