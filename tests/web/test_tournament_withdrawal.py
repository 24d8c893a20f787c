"""A team withdrawn between rounds from the director's page: its games stay in the standings,
marked withdrawn in both languages, and it is paired no more; and every refusal (mid-round, no
such team, the watch or a table's link) said with a 4xx status and nothing written.

Five teams of a Swiss of three rounds, one hand a game: round 1 pairs Reds–Blues and
Greens–Golds, Whites having the bye; North–South win both tables 61 to 60. Greens withdraw,
keeping their 1 win, 0 losses, 61 points and +1. Four teams are left, so round 2 has two tables
and no bye: standings Reds, Whites (the bye), Blues, Golds pair Reds–Whites and Blues–Golds.
North–South win again; round 3 pairs the pairs not met yet, Reds–Golds and Whites–Blues.
"""

from __future__ import annotations

from sqlalchemy import select

from extensions import db
from records.tournaments import TournamentRecord, TournamentTeamRecord
from testsupport.director_tools import withdraw_form
from testsupport.pages import Page, submit
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    bye_of,
    make_tournament,
    pairs,
    play_round,
    refusals,
    round_rows,
    round_tables,
    standings,
    start_round,
    table_tokens,
    watch_token,
)


def stored(app) -> tuple[list[int | None], int, dict[str, int]]:
    """Each team's withdrawal as stored, the tournament's version and the rounds' rows."""
    with app.app_context():
        withdrawn = list(
            db.session.scalars(
                select(TournamentTeamRecord.withdrawn_after).order_by(TournamentTeamRecord.id)
            )
        )
        version = db.session.scalar(select(TournamentRecord.version))
        db.session.remove()
    return withdrawn, version, round_rows(app)


def test_a_team_withdrawn_between_rounds_keeps_its_results_and_is_paired_no_more(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    play_round(client, director, "NN")
    done = submit(client, withdraw_form(client, director, "Greens"))
    assert done.status_code == 303
    assert done.headers["Location"] == f"/d/{director}#teams"
    assert stored(app)[0] == [None, None, 1, None, None]

    rows = {row[1]: row[2:] for row in standings(client, f"/d/{director}")}
    assert rows["Greens (withdrawn)"] == ("1", "0", "61", "1")
    watched = standings(client, f"/w/{watch_token(client, director)}", headers=PT)
    assert ("Greens (desistiu)", "1", "0", "61", "1") in [row[1:] for row in watched]
    assert "withdraw-team" not in client.get(f"/w/{watch_token(client, director)}").text

    start_round(client, director)
    assert pairs(round_tables(client, director)) == [("Reds", "Whites"), ("Blues", "Golds")]
    assert bye_of(client, director) is None
    play_round(client, director, "NN")
    start_round(client, director)
    third = {frozenset(pair) for pair in pairs(round_tables(client, director))}
    assert third == {frozenset(("Reds", "Golds")), frozenset(("Whites", "Blues"))}
    assert bye_of(client, director) is None
    rows = {row[1]: row[2:] for row in standings(client, f"/d/{director}")}
    assert rows["Greens (withdrawn)"] == ("1", "0", "61", "1")


def test_a_team_does_not_withdraw_mid_round_and_nothing_is_written(app, client):
    director = make_tournament(client, **ONE_HAND)
    form = withdraw_form(client, director, "Greens")
    start_round(client, director)
    assert not Page(client.get(f"/d/{director}")).has_form("withdraw-team")
    kept = stored(app)
    words = (
        "A team withdraws between rounds only",
        "Uma dupla só desiste entre rodadas",
    )
    refusals(client, f"/d/{director}/teams/3/withdraw", 409, *words)
    # The form shown before the round started is refused the same way.
    refused = submit(client, form)
    assert refused.status_code == 409
    assert words[0] in Page(refused).text
    assert stored(app) == kept


def test_no_such_team_withdraws_and_a_withdrawn_one_not_twice(app, client):
    director = make_tournament(client, **ONE_HAND)
    words = ("There is no such team still playing", "Não há essa dupla ainda jogando")
    refusals(client, f"/d/{director}/teams/6/withdraw", 404, *words)
    assert submit(client, withdraw_form(client, director, "Golds")).status_code == 303
    kept = stored(app)
    assert kept[0] == [None, None, None, 0, None]
    refusals(client, f"/d/{director}/teams/4/withdraw", 404, *words)
    assert stored(app) == kept


def test_the_watch_and_table_links_withdraw_no_team(app, client):
    director = make_tournament(client, **ONE_HAND)
    kept = stored(app)
    words = ("Only the director's link withdraws a team", "Só o link do diretor retira uma dupla")
    for token in (watch_token(client, director), table_tokens(client, director)[0]):
        refusals(client, f"/d/{token}/teams/1/withdraw", 403, *words)
    assert client.post("/d/no-such-link/teams/1/withdraw", data={}).status_code == 404
    assert stored(app) == kept


def test_a_round_robin_refuses_a_withdrawal_that_leaves_a_round_with_no_game(app, client):
    """Five teams in a round robin: round 1 of its schedule is Blues–Whites and Greens–Golds,
    Reds on the bye. Greens withdraw before it; Whites then cannot (409), as round 1 would
    have no game left. Nor can any other team: each would empty a round (Reds round 2, 1–5 and
    2–3; Blues and Golds round 1), so no withdraw button is offered."""
    director = make_tournament(client, **ONE_HAND, format="round_robin", rounds="")
    assert submit(client, withdraw_form(client, director, "Greens")).status_code == 303
    assert not Page(client.get(f"/d/{director}")).has_form("withdraw-team")
    kept = stored(app)
    words = ("Without this team a round of the schedule", "Sem esta dupla, uma rodada da tabela")
    refusals(client, f"/d/{director}/teams/5/withdraw", 409, *words)
    assert stored(app) == kept


def test_the_withdraw_form_sent_again_is_answered_as_done_and_writes_nothing_more(app, client):
    director = make_tournament(client, **ONE_HAND)
    form = withdraw_form(client, director, "Whites")
    assert submit(client, form).status_code == 303
    done = stored(app)
    assert done[0] == [None, None, None, None, 0]
    again = submit(client, form)
    assert again.status_code == 303
    assert again.headers["Location"] == f"/d/{director}#teams"
    assert stored(app) == done
