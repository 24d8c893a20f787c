"""A link that was replaced stays replaced, whatever its old holder sends again.

For every write route behind a link (the app's own route table, so a route added later is in
without anyone listing it): a form as its page rendered it is sent once, the link is replaced
(a game's edit link by its share panel, a table's, the director's, and a tournament table's
card, which takes the edit links of the games played there with it), and the same form is
sent again through the old link. It is answered as the replaced link is (410), writes nothing,
and says nothing of the new links.

The forms come from the pages: each state below is built, its pages are opened from the link
as a person would (testsupport.crawl), and every form posting behind the link is collected. A
write route that no state's pages offer fails its test, naming the route: the state that offers
it is then added here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from sqlalchemy import select

import games
from app import create_app
from extensions import db
from records.clubs import ClubRecord
from records.games import GameRecord, new_token
from records.tables import TableRecord
from records.tournaments import TournamentRecord, TournamentTableRecord
from testsupport.apps import empty
from testsupport.backups import every_row
from testsupport.builders import (
    TOURNAMENT_HANDS,
    enter_hands,
    game_with_hands,
    table_with_series,
    tournament_in_round,
)
from testsupport.clubs import EXAMPLE_1, EXAMPLE_2, hold, new_club, played_at
from testsupport.crawl import Offered, forms_behind
from testsupport.tables import NORTH_SOUTH_WIN, make_table
from tournaments.services import rounds
from tournaments.services.directory import find_tournament
from web import CLUB_LINKS, EDIT_LINKS, TABLE_LINKS, TOURNAMENT_LINKS

# Replaces a link as its owner would, from the test client; gives the secret links it made.
Replace = Callable[..., tuple[str, ...]]


@dataclass(frozen=True)
class Seed:
    """A link whose pages are looked through for forms (its path, "/g/<token>"), and each way
    it can be replaced (by name)."""

    link: str
    replacements: dict[str, Replace]


def write_routes() -> list[str]:
    """The endpoint of every route that takes a form behind a link, from the route table."""
    rules = create_app({"TESTING": True}).url_map.iter_rules()
    return sorted(
        {rule.endpoint for rule in rules if "POST" in rule.methods and "token" in rule.arguments}
    )


def rotated(client, path: str) -> str:
    """Replace an edit link by the form of its share panel (`path` is its rotate route), as
    its holder does; the new link's token."""
    answer = client.post(path, data={"link": "edit"})
    assert answer.status_code == 303, (path, answer.status_code)
    return answer.headers["Location"].split("/")[2].split("#")[0]


def stored(app, column, record, record_id: int) -> str:
    """A column of a stored record, read afresh (a link as it is now)."""
    with app.app_context():
        value = db.session.scalar(select(column).where(record.id == record_id))
        db.session.remove()
    return str(value)


def id_of(app, record, edit: str) -> int:
    """The id of the stored `record` (a game, a table, a tournament) behind edit link `edit`."""
    with app.app_context():
        found = db.session.scalar(select(record.id).where(record.edit_token == edit))
        db.session.remove()
    return int(found)


def share_panel(app, record, prefix: str, record_id: int) -> Replace:
    """How the holder of a `record`'s edit link (its routes under `prefix`) replaces it: the
    rotate form of its share panel, sent through the link as it is now; gives the new one."""

    def own(client) -> tuple[str, ...]:
        """A new edit link."""
        now = stored(app, record.edit_token, record, record_id)
        return (rotated(client, f"{prefix}/{now}/rotate"),)

    return own


def game_seed(app, edit: str, director: str | None = None, table: int | None = None) -> Seed:
    """The game behind edit link `edit`, replaced by its own share panel and, for a
    tournament's game (its `director` and `table`), by the table's new card."""
    game_id = id_of(app, GameRecord, edit)

    def card(client) -> tuple[str, ...]:
        """The director's "New link for table N": a new card, and the game a new edit link."""
        answer = client.post(f"{TOURNAMENT_LINKS}/{director}/tables/{table}/rotate", data={})
        assert answer.status_code == 303, answer.status_code
        with app.app_context():
            tournament = find_tournament(str(director))
            cards = db.session.scalars(
                select(TournamentTableRecord.token).where(
                    TournamentTableRecord.tournament_id == tournament.id
                )
            ).all()
            db.session.remove()
        return (stored(app, GameRecord.edit_token, GameRecord, game_id), *cards)

    ways: dict[str, Replace] = {"game": share_panel(app, GameRecord, EDIT_LINKS, game_id)}
    if director is not None:
        ways["table card"] = card
    return Seed(f"{EDIT_LINKS}/{edit}", ways)


def table_seed(app, edit: str) -> Seed:
    """A club table behind edit link `edit`, replaced by its share panel."""
    own = share_panel(app, TableRecord, TABLE_LINKS, id_of(app, TableRecord, edit))
    return Seed(f"{TABLE_LINKS}/{edit}", {"table": own})


def director_seed(app, director: str) -> Seed:
    """A tournament behind director's link `director`, replaced from the director's page."""
    tournament_id = id_of(app, TournamentRecord, director)
    own = share_panel(app, TournamentRecord, TOURNAMENT_LINKS, tournament_id)
    return Seed(f"{TOURNAMENT_LINKS}/{director}", {"director": own})


def club_seed(app, edit: str) -> Seed:
    """A club behind organiser's link `edit`, replaced by its share panel."""
    own = share_panel(app, ClubRecord, CLUB_LINKS, id_of(app, ClubRecord, edit))
    return Seed(f"{CLUB_LINKS}/{edit}", {"club": own})


def send_offered(app, client, link: str, endpoint: str, **typed: str) -> None:
    """Send the first form behind `link` that posts to `endpoint`, with `typed` filled in, as
    a state's step (it must be done: 303)."""
    form = next(form for form in forms_behind(app, client, link) if form.endpoint == endpoint)
    answer = client.post(form.action, data=form.data | typed)
    assert answer.status_code == 303, (endpoint, answer.status_code)


# The states whose pages offer every write route's form, each built from an empty database.


def game_with_an_adjustment(app, client) -> list[Seed]:
    """A game two hands in, with an adjustment after its first hand."""
    game = game_with_hands(app, 2)
    adjustment = {"side": "0", "points": "10", "reason": "Renege"}
    send_offered(app, client, f"{EDIT_LINKS}/{game.edit}", "inputs.add_adjustment", **adjustment)
    return [game_seed(app, game.edit)]


def game_on_time(app, client) -> list[Seed]:
    """A game two hands in whose time was called."""
    game = game_with_hands(app, 2)
    send_offered(app, client, f"{EDIT_LINKS}/{game.edit}", "inputs.call_time")
    return [game_seed(app, game.edit)]


def game_over(app, client) -> list[Seed]:
    """A game won in its first hand (to a target of 50)."""
    return [game_seed(app, game_with_hands(app, 1, target=50).edit)]


def table_with_rules_kept(app, client) -> list[Seed]:
    """A club table with a game played and one in play, and a set of rules kept."""
    table = table_with_series(app, 1, in_play=(3, 3, 3, 3))
    send_offered(app, client, f"{TABLE_LINKS}/{table.edit}", "tables.keep_rule_set", name="Ours")
    return [table_seed(app, table.edit)]


def tournament_before_its_first_round(app, client) -> list[Seed]:
    """Five teams, no round started."""
    return [director_seed(app, tournament_in_round(app, 5, 0).director)]


def tournament_in_its_first_round(app, client) -> list[Seed]:
    """Five teams, round 1 started and nothing of it played."""
    built = tournament_in_round(app, 5, 0, start_next=True)
    return [
        director_seed(app, built.director),
        game_seed(app, built.rounds[-1][0], built.director, 1),
    ]


def tournament_game_on_time(app, client) -> list[Seed]:
    """Five teams in round 1, time called at table 1's game (as its round's clock does)."""
    built = tournament_in_round(app, 5, 0, start_next=True)
    with app.app_context():
        scored = games.load(built.rounds[-1][0])
        games.call_time(scored, games.Write(str(scored.record.version), new_token()))
        db.session.remove()
    return [director_seed(app, built.director)]


def tournament_in_its_second_round(app, client) -> list[Seed]:
    """Five teams in round 2, table 2's game awarded by forfeit."""
    built = tournament_in_round(app, 5, 1, start_next=True)
    ruling = f"{TOURNAMENT_LINKS}/{built.director}/rounds/2/tables/2"
    send_offered(app, client, ruling, "tournament_rulings.award", reason="No show")
    return [
        director_seed(app, built.director),
        game_seed(app, built.rounds[-1][0], built.director, 1),
    ]


def tournament_with_a_disputed_hand(app, client) -> list[Seed]:
    """Five teams in round 1 of a tournament whose opponents confirm each hand: both tables'
    games played, table 2's hand disputed and table 1's awaiting East–West's word."""
    built = tournament_in_round(app, 5, 0, start_next=True, confirm_hands=True)
    with app.app_context():
        for token in built.rounds[-1]:
            enter_hands(token, [TOURNAMENT_HANDS["N"]])
        db.session.remove()
    disputed = f"{EDIT_LINKS}/{built.rounds[-1][1]}"
    send_offered(app, client, disputed, "tournament_verdicts.verdict", verdict="dispute")
    return [
        director_seed(app, built.director),
        game_seed(app, built.rounds[-1][0], built.director, 1),
    ]


def tournament_after_its_last_round(app, client) -> list[Seed]:
    """Five teams, all three rounds played."""
    built = tournament_in_round(app, 5, 3)
    return [
        director_seed(app, built.director),
        game_seed(app, built.rounds[-1][0], built.director, 1),
    ]


def playoffs_first_stage_played(app, client) -> list[Seed]:
    """Five teams, three rounds played, and the semi-finals of a top-four playoff played."""
    built = tournament_in_round(app, 5, 3)
    director = f"{TOURNAMENT_LINKS}/{built.director}"
    send_offered(app, client, director, "tournament_playoff.start_playoff", size="4")
    with app.app_context():
        now = rounds.standing(find_tournament(built.director))
        for table in now.playoff.stages[-1].tables:
            enter_hands(table.scored.record.edit_token, [TOURNAMENT_HANDS["N"]])
        db.session.remove()
    return [director_seed(app, built.director)]


def club_with_a_table_to_add(app, client) -> list[Seed]:
    """A club made on this phone, holding a table where Ana played as "Ana B." and as "Ana
    Beatriz" (the two names joined), and a second table of the phone's no club holds yet."""
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    played_at(client, table, EXAMPLE_1 | {"player_0": "Ana B."}, NORTH_SOUTH_WIN)
    played_at(client, table, EXAMPLE_2 | {"player_0": "Ana Beatriz"}, NORTH_SOUTH_WIN)
    joined = {"name": "Ana B.", "same_as": "Ana Beatriz"}
    send_offered(app, client, f"{CLUB_LINKS}/{club}", "club_joins.join", **joined)
    make_table(client, "Thursday table")
    return [club_seed(app, club)]


STATES = (
    club_with_a_table_to_add,
    game_with_an_adjustment,
    game_on_time,
    game_over,
    table_with_rules_kept,
    tournament_before_its_first_round,
    tournament_in_its_first_round,
    tournament_game_on_time,
    tournament_in_its_second_round,
    tournament_with_a_disputed_hand,
    tournament_after_its_last_round,
    playoffs_first_stage_played,
)
ROUTES = write_routes()


@dataclass(frozen=True)
class Offer:
    """Where a route's form is offered: the state, its seed, and the way of replacing it."""

    state: Callable[..., list[Seed]]
    seed: int
    replacement: str


# Each test process looks through the states once (see `offers`).
FOUND: dict[str, list[Offer]] = {}


def offers(app, client) -> dict[str, list[Offer]]:
    """Where each write route's form is offered, one offer for each way its link is replaced;
    found once per test process, each state built from an empty database."""
    if not FOUND:
        for state in STATES:
            empty(app)
            for number, seed in enumerate(state(app, client)):
                for endpoint in {form.endpoint for form in forms_behind(app, client, seed.link)}:
                    kept = FOUND.setdefault(endpoint, [])
                    kept += [
                        Offer(state, number, way)
                        for way in seed.replacements
                        if way not in {offer.replacement for offer in kept}
                    ]
    return FOUND


def every_secret_link(app) -> set[str]:
    """Every link stored that changes something: games', tables' and tournaments' edit links,
    and tournament tables' cards."""
    columns = (
        GameRecord.edit_token,
        TableRecord.edit_token,
        TournamentRecord.edit_token,
        TournamentTableRecord.token,
    )
    with app.app_context():
        links = {token for column in columns for token in db.session.scalars(select(column))}
        db.session.remove()
    return links


@pytest.mark.parametrize("endpoint", ROUTES)
def test_a_form_sent_again_through_a_replaced_link_is_answered_gone_and_writes_nothing(
    app, client, endpoint
):
    found = offers(app, client).get(endpoint, [])
    assert found, f"no state's pages offer a form to {endpoint}: add a state that does"
    for offer in found:
        empty(app)
        seed = offer.state(app, client)[offer.seed]
        form: Offered = next(
            f for f in forms_behind(app, client, seed.link) if f.endpoint == endpoint
        )
        first = client.post(form.action, data=form.data)
        assert first.status_code < 500, (offer, first.status_code)
        made = seed.replacements[offer.replacement](client)
        before = every_row(app)

        again = client.post(form.action, data=form.data)

        assert again.status_code == 410, (offer, again.status_code, again.headers.get("Location"))
        assert every_row(app) == before, offer
        answer = again.get_data(as_text=True) + str(again.headers)
        assert not [link for link in every_secret_link(app) | set(made) if link in answer], offer


def test_every_way_of_replacing_a_link_is_tried(app, client):
    tried = {offer.replacement for found in offers(app, client).values() for offer in found}
    assert tried == {"game", "table card", "table", "director", "club"}


# What the route-table test above does not show by itself.


def test_a_start_form_sent_to_any_other_link_starts_nothing_and_leads_nowhere(app, client):
    built = tournament_in_round(app, 5, 0)
    form = next(
        form
        for form in forms_behind(app, client, f"{TOURNAMENT_LINKS}/{built.director}")
        if form.endpoint == "tournaments.start_round"
    )
    assert client.post(form.action, data=form.data).status_code == 303
    before = every_row(app)

    elsewhere = client.post(f"{TOURNAMENT_LINKS}/{'x' * 22}/rounds", data=form.data)

    assert elsewhere.status_code == 404
    assert "Location" not in elsewhere.headers
    assert every_row(app) == before


def test_a_new_card_for_a_table_replaces_the_edit_links_of_its_games_and_no_other(app, client):
    built = tournament_in_round(app, 5, 1, start_next=True)
    old_card = built.tables[0]
    old_games = [played[0] for played in built.rounds]  # table 1's game of each round
    others = [played[1] for played in built.rounds]

    answer = client.post(f"{TOURNAMENT_LINKS}/{built.director}/tables/1/rotate", data={})

    assert answer.status_code == 303
    assert client.get(f"/s/{old_card}").status_code == 410
    for old in old_games:
        assert client.get(f"{EDIT_LINKS}/{old}").status_code == 410
        assert client.post(f"{EDIT_LINKS}/{old}/hand", data={}).status_code == 410
    with app.app_context():
        card = db.session.scalar(
            select(TournamentTableRecord.token).where(TournamentTableRecord.number == 1)
        )
        db.session.remove()
    now = client.get(f"/s/{card}")
    assert now.status_code == 303
    new_game = now.headers["Location"].split("/")[2]
    assert new_game not in old_games
    assert client.get(f"{EDIT_LINKS}/{new_game}").status_code == 200
    for other in others:  # table 2's phone goes on
        assert client.get(f"{EDIT_LINKS}/{other}").status_code == 200


def test_the_form_that_replaced_an_edit_link_leads_on_only_until_the_next_replacement(app, client):
    game = game_with_hands(app, 1)
    sent = {"link": "edit", "nonce": "the-first-form-nonce1"}
    first = client.post(f"{EDIT_LINKS}/{game.edit}/rotate", data=sent)
    again = client.post(f"{EDIT_LINKS}/{game.edit}/rotate", data=sent)  # a second tap
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    second = rotated(client, first.headers["Location"].split("#")[0] + "/rotate")

    late = client.post(f"{EDIT_LINKS}/{game.edit}/rotate", data=sent)

    assert late.status_code == 410
    assert second not in late.get_data(as_text=True) + str(late.headers)


def test_the_rematch_button_of_the_game_before_leads_nowhere_once_the_rematchs_link_changed(
    app, client
):
    game = game_with_hands(app, 1, target=50)  # over after its first hand
    first = client.post(f"{EDIT_LINKS}/{game.edit}/rematch", data={})
    assert first.status_code == 303
    rematch = first.headers["Location"].split("/")[2].split("#")[0]
    replaced = rotated(client, f"{EDIT_LINKS}/{rematch}/rotate")
    before = every_row(app)

    again = client.post(f"{EDIT_LINKS}/{game.edit}/rematch", data={})

    assert again.status_code == 410
    assert replaced not in again.get_data(as_text=True) + str(again.headers)
    assert every_row(app) == before


def test_a_form_carrying_another_records_one_time_token_is_applied_not_answered_done(app, client):
    one, other = tournament_in_round(app, 5, 0), tournament_in_round(app, 5, 0)
    sent = {"nonce": "one-start-form-nonce1"}
    assert client.post(f"{TOURNAMENT_LINKS}/{one.director}/rounds", data=sent).status_code == 303
    first, second = game_with_hands(app, 1), game_with_hands(app, 1)
    rotate = {"link": "view", "nonce": "one-rotate-form-nonce"}
    assert client.post(f"{EDIT_LINKS}/{first.edit}/rotate", data=rotate).status_code == 303

    started = client.post(f"{TOURNAMENT_LINKS}/{other.director}/rounds", data=sent)
    rotated_too = client.post(f"{EDIT_LINKS}/{second.edit}/rotate", data=rotate)

    assert started.status_code == rotated_too.status_code == 303
    with app.app_context():
        assert len(rounds.standing(find_tournament(other.director)).rounds) == 1
        view = db.session.scalar(
            select(GameRecord.view_token).where(GameRecord.edit_token == second.edit)
        )
        db.session.remove()
    assert view != second.view
