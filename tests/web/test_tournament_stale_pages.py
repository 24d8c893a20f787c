"""The director's forms sent from a page shown before other changes: each is done once,
whatever the network repeats (its one-time token, never the tournament's version), and a
different change from an older page is applied to the tournament as it is now when it cannot
conflict (another team still playing withdrawn, a late team of a free name between rounds, a
player swapped who is still there), or refused with the director's page as it is now (409),
saying what changed in the user's language, with nothing written. Never answered "done" with
nothing written.

Five teams of a Swiss of three rounds, one hand a game (testsupport.tournaments.A_SWISS): Reds
(Ana & Bia), Blues, Greens, Golds and Whites, entered in that order.
"""

from __future__ import annotations

import threading

from sqlalchemy import select

from extensions import db
from records.tournaments import TournamentRecord, TournamentTeamRecord
from testsupport.director_tools import BLACKS, late_form, withdraw_form, withdraw_forms
from testsupport.pages import Page, submit
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    round_rows,
    seat_of,
    start_round,
)
from tournaments.services import withdrawing

REDS = 1


def stored(app) -> tuple[list[tuple[str, str, str, int | None]], int]:
    """Each team as stored (name, players, rounds played when it withdrew) in entry order, and
    the tournament's version."""
    with app.app_context():
        teams = [
            (team.name, team.player_0, team.player_1, team.withdrawn_after)
            for team in db.session.scalars(
                select(TournamentTeamRecord).order_by(TournamentTeamRecord.entry)
            )
        ]
        version = db.session.scalar(select(TournamentRecord.version))
        db.session.remove()
    return teams, version


def withdrawn(app) -> list[str]:
    """The names of the teams that withdrew, in entry order."""
    return [name for name, _, _, after in stored(app)[0] if after is not None]


def names(app) -> list[str]:
    """Every team's name, in entry order."""
    return [name for name, *_ in stored(app)[0]]


def swap_form(client, director: str):
    """The substitutes form on a fresh load of the director's page."""
    return Page(client.get(f"/d/{director}")).form(cls="swap-player")


def reds(form, player: int, name: str) -> dict[str, str]:
    """What the substitutes form sends for `name` coming in for Reds' player `player`, chosen
    on the page the form is from."""
    return {"seat": seat_of(form, REDS, player), "name": name}


def refused_in_words(answer, words: str) -> Page:
    """The answer is the director's page as it is now (409: the tournament's name, its teams'
    substitute forms), saying `words` where the page says what went wrong; the page."""
    assert answer.status_code == 409, answer.get_data(as_text=True)
    page = Page(answer)
    assert page.find("h1").text == "Club night"
    assert page.has_form("swap-player")
    assert words in page.find("p", "notice").text, page.text
    return page


def test_a_withdrawal_from_an_older_page_withdraws_another_team_still_playing(app, client):
    director = make_tournament(client, **ONE_HAND)
    # Both forms from one page, as the issue's reproduction sends them (version 0 each).
    forms = withdraw_forms(client, director, Page(client.get(f"/d/{director}")))
    assert submit(client, forms["Reds"]).status_code == 303
    assert submit(client, forms["Blues"]).status_code == 303
    assert withdrawn(app) == ["Reds", "Blues"]
    assert stored(app)[1] == 2


def test_the_issues_reproduction_of_a_withdrawal_and_a_late_team_is_stored(app, client):
    director = make_tournament(client, **ONE_HAND)
    assert client.get(f"/d/{director}").status_code == 200
    for entry in (1, 2):
        sent = client.post(f"/d/{director}/teams/{entry}/withdraw", data={"version": "0"})
        assert sent.status_code == 303
    late = client.post(f"/d/{director}/teams", data={"version": "0", **BLACKS})
    assert late.status_code == 303
    assert withdrawn(app) == ["Reds", "Blues"]
    assert names(app)[-1] == "Blacks"


def test_a_late_team_from_an_older_page_is_added_when_its_name_is_free(app, client):
    director = make_tournament(client, **ONE_HAND)
    form = late_form(client, director)
    assert submit(client, withdraw_form(client, director, "Whites")).status_code == 303
    assert submit(client, form, BLACKS).status_code == 303
    assert names(app) == ["Reds", "Blues", "Greens", "Golds", "Whites", "Blacks"]
    assert withdrawn(app) == ["Whites"]


def test_each_director_form_sent_twice_is_done_once(app, client):
    director = make_tournament(client, **ONE_HAND)
    first = withdraw_form(client, director, "Whites")
    late = late_form(client, director)
    swap = swap_form(client, director)
    for form, typed in ((first, None), (late, BLACKS), (swap, reds(swap, 1, "Zoe"))):
        assert submit(client, form, typed).status_code == 303
        done = stored(app)
        again = submit(client, form, typed)
        assert again.status_code == 303
        assert stored(app) == done
    # Sent once more after every other change, each is still recognised: nothing more.
    done = stored(app)
    assert done[1] == 3
    for form, typed in ((first, None), (late, BLACKS), (swap, reds(swap, 1, "Zoe"))):
        assert submit(client, form, typed).status_code == 303
    assert stored(app) == done
    start_round(client, director)
    cancel = Page(client.get(f"/d/{director}")).form(cls="cancel-round")
    assert submit(client, cancel).status_code == 303
    assert submit(client, cancel).status_code == 303
    assert round_rows(app)["tournament_round"] == 0


def test_a_team_withdrawn_since_the_page_was_shown_is_refused_in_words(app, client):
    director = make_tournament(client, **ONE_HAND)
    phones = [withdraw_form(client, director, "Whites") for _ in range(3)]
    assert submit(client, phones[0]).status_code == 303
    kept = stored(app)
    for form, headers, words in (
        (phones[1], None, "Team Whites has withdrawn already."),
        (phones[2], PT, "A dupla Whites já se retirou."),
    ):
        refused_in_words(submit(client, form, headers=headers), words)
    assert stored(app) == kept


def test_a_late_team_from_a_page_shown_before_a_round_started_is_refused_in_words(app, client):
    director = make_tournament(client, **ONE_HAND)
    forms = [late_form(client, director) for _ in range(2)]
    start_round(client, director)
    kept = stored(app), round_rows(app)
    for form, headers, words in (
        (forms[0], None, "A round started since this page was shown."),
        (forms[1], PT, "Uma rodada começou depois que esta página foi aberta."),
    ):
        refused_in_words(submit(client, form, BLACKS, headers=headers), words)
    assert (stored(app), round_rows(app)) == kept


def test_a_withdrawal_leaving_too_few_teams_since_the_page_is_refused_in_words(app, client):
    """Three teams left after two withdraw from one page: the third, from the same page, would
    leave two, which can still pair; the fourth would leave one, and is refused."""
    director = make_tournament(client, **ONE_HAND)
    forms = list(withdraw_forms(client, director, Page(client.get(f"/d/{director}"))).values())
    for form in forms[:3]:
        assert submit(client, form).status_code == 303
    kept = stored(app)
    refused = submit(client, forms[3], headers=PT)
    refused_in_words(refused, "O torneio mudou depois que esta página foi aberta.")
    assert stored(app) == kept


def test_a_cancel_from_a_page_shown_before_another_cancel_is_refused_in_words(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    phones = [Page(client.get(f"/d/{director}")).form(cls="cancel-round") for _ in range(3)]
    assert submit(client, phones[0]).status_code == 303
    refused_in_words(submit(client, phones[1]), "Round 1 has been cancelled already.")
    # Started again, a new pairing the other phones never showed: cancelled from their page,
    # it is refused, and stays.
    start_round(client, director)
    started = round_rows(app)
    refused = submit(client, phones[2], headers=PT)
    page = refused_in_words(refused, "O torneio mudou depois que esta página foi aberta.")
    assert page.has_form("cancel-round")
    assert round_rows(app) == started


def test_a_player_replaced_since_the_page_was_shown_is_refused_in_words(app, client):
    director = make_tournament(client, **ONE_HAND)
    forms = [swap_form(client, director) for _ in range(4)]
    assert submit(client, forms[0], reds(forms[0], 0, "Cy")).status_code == 303
    kept = stored(app)
    for form, headers, words in (
        (forms[1], None, "Ana was replaced by Cy since this page was shown."),
        (forms[2], PT, "Ana foi substituído(a) por Cy depois que esta página foi aberta."),
    ):
        refused_in_words(submit(client, form, reds(form, 0, "Dee"), headers), words)
    assert stored(app) == kept
    # The other player, still there, is swapped from the same older page.
    assert submit(client, forms[3], reds(forms[3], 1, "Eve")).status_code == 303
    assert stored(app)[0][0][:3] == ("Reds", "Cy", "Eve")


def test_two_withdrawals_racing_are_both_applied(app, client, monkeypatch):
    """The second arrives while the first has read the tournament and not yet claimed it: the
    first's claim then fails, and it is checked and claimed again on the tournament as the
    second left it."""
    director = make_tournament(client, **ONE_HAND)
    first, second = (withdraw_form(client, director, team) for team in ("Whites", "Golds"))
    read = withdrawing.standing
    reads, raced = [], []

    def read_then_race(record):
        """Where the tournament stands, with the second form sent once, meanwhile."""
        now = read(record)
        reads.append(record.version)
        if not raced:
            raced.append(True)
            # Another thread, as another worker: its own app context and session.
            other = threading.Thread(
                target=lambda: raced.append(submit(app.test_client(), second).status_code)
            )
            other.start()
            other.join()
        return now

    monkeypatch.setattr(withdrawing, "standing", read_then_race)
    assert submit(client, first).status_code == 303
    assert raced == [True, 303]
    # The first read at version 0, the second form's at 0, the first's again at 1.
    assert reads == [0, 0, 1]
    assert withdrawn(app) == ["Golds", "Whites"]
    assert stored(app)[1] == 2


def test_a_backup_keeps_the_tournaments_recent_forms_so_one_sent_again_is_still_done_once(
    app, client, runner, own_app, tmp_path
):
    director = make_tournament(client, **ONE_HAND)
    form = withdraw_form(client, director, "Whites")
    assert submit(client, form).status_code == 303
    done = stored(app)
    backup = tmp_path / "backup.json"
    result = runner.invoke(args=["export-games", str(backup)])
    assert result.exit_code == 0, result.output
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    other = own_app()
    result = other.test_cli_runner().invoke(args=["import-games", str(backup)])
    assert result.exit_code == 0, result.output
    # Sent again to the restored tournament, the form is recognised: nothing more is written.
    assert submit(other.test_client(), form).status_code == 303
    assert stored(other) == done
