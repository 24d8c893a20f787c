"""The registry of tournament formats (`tournament.formats`): one entry per stored format, and
each entry is what the pairing and the standings follow, so that no caller asks which format it
has."""

from __future__ import annotations

import pytest

from tournament import (
    FORMATS,
    Format,
    GameResult,
    TournamentError,
    format_of,
    next_round,
    round_robin_rounds,
    standings,
)


def test_every_stored_format_value_has_exactly_one_entry_under_its_own_value():
    assert list(FORMATS) == [kind.value for kind in Format]
    for value, entry in FORMATS.items():
        assert entry.format == value
        assert format_of(value) is entry
        assert format_of(Format(value)) is entry


def test_a_value_no_format_stores_is_refused_by_its_code():
    for value in ("ladder", "", "Swiss"):
        with pytest.raises(TournamentError) as refused:
            format_of(value)
        assert refused.value.code == "bad_format"


def test_a_round_robins_teams_set_its_rounds_and_the_other_formats_take_the_directors():
    for teams in range(2, 12):
        assert FORMATS["round_robin"].round_count(teams, None) == round_robin_rounds(teams)
        for value in ("swiss", "kings_table"):
            assert FORMATS[value].round_count(teams, 4) == 4
            assert FORMATS[value].round_count(teams, None) == 0
    # A Swiss meets no team twice: no more rounds than a round robin's; King's table has no
    # limit of its own (the evening's, records.tournaments.MOST_ROUNDS, is the only one).
    assert FORMATS["swiss"].rounds_limit is round_robin_rounds
    assert FORMATS["kings_table"].rounds_limit is None


def test_a_round_robin_takes_a_late_team_before_round_1_only_and_the_others_at_any_round():
    assert [FORMATS["round_robin"].takes_late_team(played) for played in (0, 1, 3)] == [
        True,
        False,
        False,
    ]
    for value in ("swiss", "kings_table"):
        assert all(FORMATS[value].takes_late_team(played) for played in (0, 1, 3))


def test_the_pairing_refuses_a_late_team_where_the_entry_takes_none():
    first = next_round("swiss", (1, 2, 3, 4), [])
    for value, entry in FORMATS.items():
        if entry.late_after_start:
            continue
        with pytest.raises(TournamentError) as refused:
            next_round(value, (1, 2, 3, 4, 5), [first], joined={5: 1})
        assert refused.value.code == "bad_late"


def test_only_a_round_robins_schedule_can_be_left_with_a_round_of_no_game():
    # Four teams: rounds 1–4 2–3, then 1–3 4–2, then 1–2 3–4. Without 3 and 4, rounds 1 and 2
    # have no game left; round 3 still has 1–2.
    empty = FORMATS["round_robin"].leaves_empty_round
    assert empty(4, {3, 4}, 0)
    assert not empty(4, {3, 4}, 2)
    assert not empty(4, {4}, 0)
    for value in ("swiss", "kings_table"):
        assert not FORMATS[value].leaves_empty_round(4, {3, 4}, 0)


def test_a_bye_is_a_win_in_the_standings_where_the_entry_says_so():
    games = [GameResult(1, 2, (300, 100), winner=1)]
    for value, entry in FORMATS.items():
        third = next(row for row in standings(3, games, [3], value) if row.team == 3)
        assert (third.wins, third.byes, third.points) == (int(entry.bye_is_win), 1, 0), value
    # A ladder's team sitting out waits for the bottom table: no win for that.
    assert [FORMATS[value].bye_is_win for value in ("round_robin", "swiss", "kings_table")] == [
        True,
        True,
        False,
    ]


def test_next_round_pairs_each_format_as_the_rules_seat_round_one():
    # docs/rules.md#pairing: a round robin's circle puts 1 against the last; a Swiss and a
    # King's table seat round 1 in entry order, two to a table.
    expected = {
        "round_robin": [(1, 6), (2, 5), (3, 4)],
        "swiss": [(1, 2), (3, 4), (5, 6)],
        "kings_table": [(1, 2), (3, 4), (5, 6)],
    }
    assert set(expected) == set(FORMATS)
    for value, tables in expected.items():
        first = next_round(value, (1, 2, 3, 4, 5, 6), [])
        assert [(table.north_south, table.east_west) for table in first.tables] == tables, value
        assert first.bye is None
