"""The director's changes to one tournament sent at the same moment from pages of one version,
against gunicorn (issue #35): each is stored, or refused in words (409, the director's page as
it is now), never answered "done" with nothing written, never with a server error.

gunicorn runs the app with 4 worker processes on a database of the test's own (a temporary
SQLite file, or, when DATABASE_URL names a PostgreSQL server, a database made there for the
test). Each phone loads the director's page first, all of them before any sends, so every
form carries the same tournament version and a one-time token of its own; a barrier then lets
every thread go at once. Before the fix, every form but the first was answered 303 with
nothing written: 20 of 20 late teams and 10 of 10 withdrawals were lost.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import urlencode

import pytest
from flask import Flask
from sqlalchemy import select

from extensions import db
from records.tournaments import TournamentRecord, TournamentTeamRecord
from testsupport.builders import tournament_in_round
from testsupport.http_phone import SERVER_GONE, Phone
from testsupport.live_server import Served, served_app
from testsupport.pages import Page, form_data

pytestmark = pytest.mark.slow

WORKERS = 4
LATE_TEAMS = 20
WITHDRAWALS = 10
# Two teams are left to pair once the withdrawals are made.
TEAMS = WITHDRAWALS + 2


@dataclass(frozen=True)
class Loaded:
    """One phone with the director's page loaded: the form it sends (action, what it sends)
    and the team the form is about."""

    phone: Phone
    action: str
    data: dict[str, str]
    team: str


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[Served]:
    """gunicorn with WORKERS workers on a database of this module's own, and an app on it."""
    with served_app(tmp_path_factory.mktemp("director_races"), "director_races", WORKERS) as served:
        yield served


def teams_stored(app: Flask, director: str) -> dict[str, int | None]:
    """The tournament's teams as the database holds them: name, rounds played when each
    withdrew (None while it plays)."""
    with app.app_context():
        rows = db.session.execute(
            select(TournamentTeamRecord.name, TournamentTeamRecord.withdrawn_after)
            .join(TournamentRecord, TournamentRecord.id == TournamentTeamRecord.tournament_id)
            .where(TournamentRecord.edit_token == director)
        )
        found = {name: after for name, after in rows}
        db.session.remove()
    return found


def load(base: str, director: str, team: str, cls: str, button: str) -> Loaded:
    """A phone of its own with the director's page loaded, and the form of class `cls` whose
    button says `button` (any, when empty)."""
    phone = Phone(base)
    status, _, body = phone.request("GET", f"/d/{director}")
    assert status == 200, status
    form = next(
        form
        for form in Page(body).find_all("form", cls)
        if not button or form.find("button").text == button
    )
    return Loaded(phone, form.attrs["action"], form_data(form), team)


def load_withdrawal(base: str, director: str, team: str) -> Loaded:
    """A phone of its own with `team` chosen in the director's page's Withdraw form and the
    page that confirms it loaded; the confirming form."""
    phone = Phone(base)
    status, _, body = phone.request("GET", f"/d/{director}")
    assert status == 200, status
    chooser = Page(body).form(cls="withdraw-team")
    entry = next(o.attrs["value"] for o in chooser.find_all("option") if o.text == team)
    asked = urlencode(form_data(chooser) | {"entry": entry})
    status, _, body = phone.request("GET", f"{chooser.attrs['action']}?{asked}")
    assert status == 200, status
    form = Page(body).form(cls="confirm-withdrawal")
    return Loaded(phone, form.attrs["action"], form_data(form), team)


def at_once(loaded: list[Loaded], changes: dict[str, dict[str, str]]) -> list[tuple]:
    """Send every loaded form together, each from its own thread let go by one barrier, with
    its team's `changes`; each one's team, status and, for a refusal, the words its page says
    (a dropped connection counts as an error of the server's)."""
    together = threading.Barrier(len(loaded))

    def send(sent: Loaded) -> tuple:
        """Wait for the others, then send."""
        together.wait()
        try:
            status, _, body = sent.phone.request(
                "POST", sent.action, sent.data | changes.get(sent.team, {})
            )
        except SERVER_GONE as error:
            return sent.team, f"error: {error!r}", ""
        said = ""
        if status == 409:
            notices = Page(body).find_all("p", "notice")
            said = notices[0].text if notices else ""
        return sent.team, status, said

    with ThreadPoolExecutor(max_workers=len(loaded)) as pool:
        return list(pool.map(send, loaded))


def outcome(status: int | str, said: str, stored: bool) -> str:
    """What became of one form: stored (303, and in the database), lost (303, and not),
    refused (409 in words), 5xx (or a dropped connection), or some other status."""
    if status == 303:
        return "stored" if stored else "lost"
    if status == 409 and said:
        return "refused"
    if not isinstance(status, int) or status >= 500:
        return "5xx"
    return f"other {status}"


def counted(what: str, served: Served, answers: list[tuple], stored: set[str]) -> Counter:
    """The answers counted by `outcome`, printed so that they can be quoted."""
    outcomes = Counter(outcome(status, said, team in stored) for team, status, said in answers)
    others = sorted(k for k in outcomes if k.startswith("other"))
    print(
        f"\n{what} ({served.kind}, {WORKERS} workers, {len(answers)} at once):"
        f" stored {outcomes['stored']}, refused {outcomes['refused']},"
        f" 5xx {outcomes['5xx']}, lost {outcomes['lost']}, other {others}"
    )
    return outcomes


def every_one_stored(what: str, served: Served, answers: list[tuple], changed: set[str]) -> None:
    """Check a race's answers against the teams the database shows `changed`: no server
    error, none lost, each answered 303 or refused in words, the teams changed exactly those
    answered 303, and every one of them (none of these changes can conflict with another)."""
    statuses = counted(what, served, answers, changed)
    acknowledged = {team for team, status, _ in answers if status == 303}
    assert statuses["5xx"] == 0, answers
    assert statuses["lost"] == 0, answers
    assert statuses["stored"] + statuses["refused"] == len(answers), answers
    assert changed == acknowledged
    assert statuses["stored"] == len(answers)


def test_20_late_teams_sent_at_once_from_one_version_are_each_stored_or_refused(served):
    director = tournament_in_round(served.app, 4, 0).director
    names = [f"Late {n}" for n in range(1, LATE_TEAMS + 1)]
    loaded = [load(served.base, director, name, "late-team", "") for name in names]
    assert len({sent.data["version"] for sent in loaded}) == 1
    changes = {name: {"name": name, "player_0": "Kai", "player_1": "Lia"} for name in names}
    answers = at_once(loaded, changes)
    stored = teams_stored(served.app, director)
    late = {name for name in stored if name.startswith("Late ")}
    assert len(answers) == LATE_TEAMS
    every_one_stored("late teams", served, answers, late)


def test_10_withdrawals_sent_at_once_from_one_version_are_each_stored_or_refused(served):
    director = tournament_in_round(served.app, TEAMS, 0).director
    leaving = [f"Team {n}" for n in range(1, WITHDRAWALS + 1)]
    loaded = [load_withdrawal(served.base, director, name) for name in leaving]
    assert len({sent.data["version"] for sent in loaded}) == 1
    answers = at_once(loaded, {})
    stored = teams_stored(served.app, director)
    gone = {name for name, after in stored.items() if after is not None}
    assert len(answers) == WITHDRAWALS
    every_one_stored("withdrawals", served, answers, gone)
