"""A substitute comes into a team from the director's page: the team's games from then on name
who comes in, its game in play too while no hand of it is saved, and the games played keep who
played; a name refused is said beside the field in the user's language (422), nothing written;
the watch link and a table's link are refused.

Five teams of a Swiss, one hand a game: round 1 pairs Reds (Ana & Bia, North–South: seats 0
and 2) against Blues (Caio & Duda, seats 1 and 3) at table 1, Greens–Golds at table 2, Whites
having the bye. With North–South winning both, round 2 pairs Reds–Greens at table 1, Reds
North–South again (placed first), and Whites–Blues, Whites North–South.
"""

from __future__ import annotations

from sqlalchemy import select

from extensions import db
from records.games import GameRecord
from records.tournaments import TournamentRecord, TournamentTeamRecord
from testsupport.database import snapshot
from testsupport.pages import Page, form_data, submit
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    pairs,
    play_round,
    play_table,
    round_tables,
    seat_of,
    start_round,
    swap,
    table_tokens,
    tournament_rows,
    watch_token,
)

REDS, BLUES = 1, 2


def seated(app, game: str) -> tuple[str, ...]:
    """The four players a stored game names, by seat (North, East, South, West)."""
    with app.app_context():
        found = db.session.scalar(select(GameRecord).where(GameRecord.edit_token == game))
        names = found.players if found else ()
        db.session.remove()
    return tuple(names)


def stored_teams(app) -> list[tuple[str, str, str]]:
    """Every team's name and players as stored, and the tournaments' versions."""
    with app.app_context():
        teams = db.session.scalars(select(TournamentTeamRecord).order_by(TournamentTeamRecord.id))
        found = [(team.name, team.player_0, team.player_1) for team in teams]
        found.append(tuple(db.session.scalars(select(TournamentRecord.version))))
        db.session.remove()
    return found


def test_a_swap_between_rounds_names_the_substitute_next_round_and_the_original_before(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    first = play_round(client, director, "NN")

    answer = swap(client, director, REDS, 1, "  Bea  ")
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/d/{director}#substitutes"
    start_round(client, director)
    second = round_tables(client, director)
    assert pairs(second) == [("Reds", "Greens"), ("Whites", "Blues")]
    assert seated(app, second[0].game) == ("Ana", "Eva", "Bea", "Fabio")
    assert seated(app, first[0].game) == ("Ana", "Caio", "Bia", "Duda")
    # The pages show the team as it plays now.
    assert "Ana & Bea" in Page(client.get(f"/w/{watch_token(client, director)}")).text


def test_a_swap_before_any_hand_of_the_round_names_the_substitute_in_the_game_in_play(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    table = round_tables(client, director)[0]
    version = snapshot(app)[0]

    assert swap(client, director, BLUES, 0, "Cris").status_code == 303
    assert seated(app, table.game) == ("Ana", "Cris", "Bia", "Duda")
    # Only that game changed (its version with its names, so its pages are drawn again).
    assert len([row for row in snapshot(app)[0] if row not in version]) == 1
    play_table(client, table.game)
    assert seated(app, table.game) == ("Ana", "Cris", "Bia", "Duda")


def test_a_swap_after_a_hand_keeps_who_played_and_names_the_substitute_next_round(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    first = round_tables(client, director)
    play_table(client, first[0].game)
    played = snapshot(app)

    assert swap(client, director, REDS, 0, "Alice").status_code == 303
    assert snapshot(app) == played
    assert seated(app, first[0].game) == ("Ana", "Caio", "Bia", "Duda")
    play_table(client, first[1].game)
    start_round(client, director)
    second = round_tables(client, director)
    assert seated(app, second[0].game) == ("Alice", "Eva", "Bia", "Fabio")
    assert seated(app, first[0].game) == ("Ana", "Caio", "Bia", "Duda")


def test_bad_names_are_refused_beside_the_field_in_both_languages_with_nothing_written(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    before = (stored_teams(app), snapshot(app), tournament_rows(app))
    refusals = {
        "": ("Name the player who comes in.", "Diga o nome de quem entra."),
        "x" * 41: (
            "Field cannot be longer than 40 characters.",
            "Os campos não podem ter mais do que 40 caracteres.",
        ),
        " BÍA ": (
            "That is the partner's name: a team is two players.",
            "Esse é o nome do parceiro: uma dupla tem dois jogadores.",
        ),
        "Bea\x07": (
            "This name has characters that cannot be shown.",
            "Este nome tem caracteres que não podem ser mostrados.",
        ),
    }
    for name, words in refusals.items():
        for headers, said in zip((None, PT), words, strict=True):
            refused = swap(client, director, REDS, 0, name, headers=headers)
            assert refused.status_code == 422, (name, refused.get_data(as_text=True))
            page = Page(refused)
            assert page.errors("name") == [said], name
            kept = page.form(cls="swap-player").find("option", selected="")
            assert kept.attrs["value"] == f"{REDS}:0:Ana"  # the choice stays as it was made
    assert (stored_teams(app), snapshot(app), tournament_rows(app)) == before


def test_the_same_swap_sent_twice_is_applied_once(app, client):
    director = make_tournament(client, **ONE_HAND)
    form = Page(client.get(f"/d/{director}")).form(cls="swap-player")
    chosen = {"seat": seat_of(form, REDS, 1), "name": "Bea"}
    assert submit(client, form, chosen).status_code == 303
    once = stored_teams(app)
    assert once[0] == ("Reds", "Ana", "Bea")
    assert submit(client, form, chosen).status_code == 303
    assert stored_teams(app) == once


def test_the_watch_and_table_links_and_unknown_teams_are_refused(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    before = (stored_teams(app), snapshot(app))
    data = {"seat": "1:0:Ana", "name": "Zed"}
    for token in (watch_token(client, director), table_tokens(client, director)[0]):
        for headers, words in (
            (None, "Only the director's link changes a team."),
            (PT, "Só o link do diretor muda uma dupla."),
        ):
            refused = client.post(f"/d/{token}/substitutes", data=data, headers=headers)
            assert refused.status_code == 403
            assert words in Page(refused).text
    assert client.post("/d/nothing-here/substitutes", data=data).status_code == 404
    # A choice of no team's player: refused beside the list, in both languages.
    form = Page(client.get(f"/d/{director}")).form(cls="swap-player")
    options = form.find_all("option")  # nothing chosen at first: the first, blank, is shown
    assert options[0].attrs["value"] == "" and not form.find_all("option", selected="")
    nobody = ("6:0:Nobody", "99999999999:1:Nobody", "1:2:Ana", "Reds", "", "1:0:", "²:0:Ana")
    for seat in (*nobody, "9" * 5000 + ":0:Ana"):
        sent = form_data(form) | {"seat": seat, "name": "Zed"}
        for headers, said in (
            (None, "Choose the player who leaves."),
            (PT, "Escolha o jogador que sai."),
        ):
            refused = client.post(form.attrs["action"], data=sent, headers=headers)
            assert refused.status_code == 422, seat
            assert Page(refused).errors("seat") == [said]
    assert (stored_teams(app), snapshot(app)) == before
