"""Whole games played through the pages, totals checked after every hand against hand-worked sums.

The English game is a GameLake game to 500 (−200 loses, Blind Nil only when 100 behind, bags
carry over past 10): Nils made and failed, a Blind Nil, a bag penalty, a hand corrected after the
next one was played, the end, and a rematch. The Portuguese game is a short Jogo Espadas game
to 100 (bags go back to zero after a penalty) with a Blind Nil.

Seats: 0 North, 1 East, 2 South, 3 West; team 0 is seats 0 & 2, team 1 is seats 1 & 3.
"""

from __future__ import annotations

from testsupport.database import stored_game, stored_hands
from testsupport.pages import Page, number, submit
from testsupport.playing import enter, game_page, start_game, token_of
from web.pages import HISTORY_SHOWN

PLAYERS = {"player_0": "Ana", "player_1": "Bruno", "player_2": "Carla", "player_3": "Davi"}
TEAMS = {"team_0": "Reds", "team_1": "Blues"}  # Reds: Ana & Carla; Blues: Bruno & Davi


def breakdowns(page: Page) -> tuple[str, str]:
    """The last hand's breakdown lines, Reds' then Blues'."""
    first, second = page.find(cls="last-hand").find_all(cls="breakdown")
    return first.text, second.text


def blind_nil_seats(page: Page) -> list[int]:
    """The seats whose bid row offers Blind Nil."""
    return [s for s in range(4) if "blind_nil" in page.options(f"bid_{s}")]


def contract_lines(page: Page) -> list[str]:
    """The 'X & Y need N' lines shown while the hand is being played."""
    return [n.text for box in page.find_all(cls="contracts") for n in box.find_all(cls="contract")]


def running_totals(page: Page) -> list[tuple[str, str]]:
    """The history's running totals, newest hand first."""
    entries = page.find(cls="history").find_all("li", "hand")
    return [tuple(r.text for r in e.find_all(cls="running")) for e in entries]


def test_a_full_gamelake_game_to_500_with_a_correction_and_a_rematch(app, client):
    token = start_game(client, first_dealer=0, **TEAMS, **PLAYERS)
    page = game_page(client, token)
    assert page.texts("to-win") == ["500 to win", "500 to win"]
    assert blind_nil_seats(page) == []  # 0 – 0: nobody is behind

    # Hand 1, Ana deals. Bids and tricks in one go; Carla bids Nil.
    #   Reds: Ana bid 4, took 5 → +40 + 1 bag; Carla's Nil took 0 → +100.  = +141 → 141
    #   Blues: 3 + 4 = 7, took 3 + 5 = 8 → +70 + 1 bag.                      = +71  → 71
    #   Bags: Reds 1, Blues 1.
    page = enter(client, token, bids=(4, 3, "nil", 4), tricks=(5, 3, 0, 5), page=page)
    assert page.totals() == (141, 71)
    reds, blues = breakdowns(page)
    assert "contract 4: +40" in reds and "1 bag: +1" in reds
    assert "Carla's Nil made: +100" in reds and reds.endswith("= +141")
    assert "contract 7: +70" in blues and blues.endswith("= +71")
    assert page.form("hand-form").find(cls="deal").text == "Bruno deals · Carla bids first"

    # Hand 2, Bruno deals. Bids first, then only Reds' total: Blues' is 13 − 10 = 3.
    #   Reds: 5 + 4 = 9, took 10 → +90 + 1 bag.     = +91 → 141 + 91 = 232 (bags 2)
    #   Blues: 2 + 2 = 4, took 3 → set, −40.        = −40 → 71 − 40 = 31   (bags 1)
    page = enter(client, token, bids=(5, 2, 4, 2), page=page)
    assert contract_lines(page) == ["Ana & Carla need 9", "Bruno & Davi need 4"]
    page = enter(client, token, team_tricks=(10, None), page=page)
    assert stored_hands(app, token)[1].team_tricks == (10, 3)
    assert page.totals() == (232, 31)
    assert "contract 4 set: −40" in breakdowns(page)[1]

    # Blues are 232 − 31 = 201 behind: Bruno and Davi may bid Blind Nil, Ana and Carla not.
    assert blind_nil_seats(page) == [1, 3]

    # Hand 3, Carla deals. Bruno bids Blind Nil and takes nothing.
    #   Reds: 4 + 3 = 7, took 4 + 3 = 7 → +70.                       = +70  → 302 (bags 2)
    #   Blues: Davi 5, took 6 → +50 + 1 bag; Blind Nil made +200.    = +251 → 282 (bags 2)
    page = enter(client, token, bids=(4, "blind_nil", 3, 5), tricks=(4, 0, 3, 6), page=page)
    assert page.totals() == (302, 282)
    assert "Bruno's Blind Nil made: +200" in breakdowns(page)[1]
    assert blind_nil_seats(page) == []  # 20 behind is not enough

    # Hand 4, Davi deals, entered with a mistake (the real tricks were 5, 2, 3, 3):
    #   Reds: 2 + 2 = 4, took 4 + 3 = 7 → +40 + 3 bags.   = +43 → 345 (bags 5)
    #   Blues: 3 + 2 = 5, took 3 + 3 = 6 → +50 + 1 bag.   = +51 → 333 (bags 3)
    page = enter(client, token, bids=(2, 3, 2, 2), tricks=(4, 3, 3, 3), page=page)
    assert page.totals() == (345, 333)

    # Hand 5, Ana deals. Davi's Nil fails: his trick does not help Bruno, it is a bag.
    #   Reds: 3 + 3 = 6, took 4 + 3 = 7 → +60 + 1 bag.            = +61 → 406 (bags 6)
    #   Blues: Bruno 5, took 5 → +50; Davi's 1 trick: 1 bag +1;
    #          Davi's Nil failed −100.                             = −49 → 284 (bags 4)
    page = enter(client, token, bids=(3, 5, 3, "nil"), tricks=(4, 5, 3, 1), page=page)
    assert page.totals() == (406, 284)
    assert "Davi's Nil failed: −100" in breakdowns(page)[1]
    assert breakdowns(page)[1].endswith("= −49")

    # Hand 4 is corrected to North 5, East 2, South 3, West 3.
    edit = Page(client.get(f"/g/{token}/hands/4"))
    assert [edit.checked(f"tricks_{s}") for s in range(4)] == ["4", "3", "3", "3"]
    response = submit(client, edit.form("hand-form"), {"tricks_0": 5, "tricks_1": 2})
    assert response.status_code == 303
    # Hand 4 now: Reds took 5 + 3 = 8 of 4 → +40 + 4 bags = +44 → 302 + 44 = 346 (bags 6)
    #             Blues took 2 + 3 = 5 of 5 → +50           → 282 + 50 = 332 (bags 2)
    # Hand 5 replayed: Reds 346 + 61 = 407 (bags 7); Blues 332 − 49 = 283 (bags 3).
    page = game_page(client, token)
    assert page.totals() == (407, 283)
    assert page.bags() == ["7 bags · 3 to the penalty", "3 bags · 7 to the penalty"]
    assert running_totals(page) == [
        ("407", "283"),
        ("346", "332"),
        ("302", "282"),
        ("232", "31"),
        ("141", "71"),
    ]

    # Hand 6, Bruno deals. Reds go past 10 bags: one penalty, 1 bag carried over.
    #   Reds: 2 + 2 = 4, took 6 + 2 = 8 → +40 + 4 bags; 7 + 4 = 11 bags → −100, 1 left.
    #         40 + 4 − 100                                = −56 → 407 − 56 = 351 (bags 1)
    #   Blues: 3 + 3 = 6, took 3 + 2 = 5 → set, −60.     = −60 → 283 − 60 = 223 (bags 3)
    page = enter(client, token, bids=(2, 3, 2, 3), tricks=(6, 3, 2, 2), page=page)
    assert page.totals() == (351, 223)
    reds, blues = breakdowns(page)
    assert "4 bags: +4" in reds and "10 bags penalty: −100" in reds and reds.endswith("= −56")
    assert page.bags() == ["1 bag · 9 to the penalty", "3 bags · 7 to the penalty"]
    assert page.texts("to-win") == ["149 to win", "277 to win"]  # 500 − 351, 500 − 223
    assert blind_nil_seats(page) == [1, 3]  # Blues 128 behind

    # Hand 7, Carla deals. Ana bids Nil and makes it; Carla bid 9 and takes 10.
    #   Reds: 9, took 10 → +90 + 1 bag; Ana's Nil +100.   = +191 → 351 + 191 = 542
    #   Blues: 1 + 1 = 2, took 1 + 2 = 3 → +20 + 1 bag.   = +21  → 223 + 21 = 244
    page = enter(client, token, bids=("nil", 1, 9, 1), tricks=(0, 1, 10, 2), page=page)
    assert page.totals() == (542, 244)
    assert page.find(cls="banner").text == "Reds won with 542!"
    assert not page.has_form("hand-form")
    # The page lists the newest hands; the seventh, the oldest, is one tap away.
    assert len(running_totals(page)) == min(7, HISTORY_SHOWN)

    # Rematch: same names and rules; seven hands were dealt from Ana, so Davi deals first.
    response = submit(client, page.form("rematch"))
    rematch = token_of(response)
    old, new = stored_game(app, token), stored_game(app, rematch)
    assert (new.teams, new.players) == (old.teams, old.players)
    assert new.rules == old.rules and new.preset == "gamelake"
    assert new.first_dealer == 3
    page = game_page(client, rematch)
    assert page.totals() == (0, 0)
    assert page.form("hand-form").find(cls="deal").text == "Davi deals · Ana bids first"
    assert page.texts("players") == ["Ana & Carla", "Bruno & Davi"]
    # The finished game is still there, unchanged, beside the new one.
    assert game_page(client, token).totals() == (542, 244)
    home = Page(client.get("/")).find(cls="my-games")
    assert [a.attrs["href"] for a in home.find_all("a")][:2] == [f"/g/{rematch}", f"/g/{token}"]


PORTUGUESE = {"HTTP_ACCEPT_LANGUAGE": "pt-BR"}


def play_the_espadas_game(client) -> tuple[str, list[Page]]:
    """A Jogo Espadas game to 100 in two hands, as a Portuguese phone; the token and pages.

    Hand 1, North deals: everyone bids 1.
      A (N & S): 1 + 1 = 2, took 0 → set, −20.                              → −20
      B (E & W): 1 + 1 = 2, took 7 + 6 = 13 → +20 + 11 bags = +31; 11 bags reach the
        limit of 10 → −100 and, under Espadas' rule, the count goes back to 0 (not 1).
        31 − 100 = −69                                                       → −69
    Hand 2, East deals: East bids Blind Nil (Espadas allows it at any score).
      A: 4 + 4 = 8, took 4 + 5 = 9 → +80 + 1 bag = +81.                     → −20 + 81 = 61
      B: West 3, took 4 → +30 + 1 bag; East's Blind Nil made +200 = +231.   → −69 + 231 = 162
      162 ≥ 100: B win.
    """
    client.environ_base.update(PORTUGUESE)
    token = start_game(client, preset="espadas")
    pages = [game_page(client, token)]
    pages.append(enter(client, token, bids=(1, 1, 1, 1), tricks=(0, 7, 0, 6), page=pages[-1]))
    pages.append(enter(client, token, bids=(4, "blind_nil", 4, 3), page=pages[-1]))
    pages.append(enter(client, token, tricks=(4, 0, 5, 4), page=pages[-1]))
    return token, pages


def test_a_short_espadas_game_in_portuguese(app, client):
    token, (start, after_1, bids_2, after_2) = play_the_espadas_game(client)
    for page in (start, after_1, bids_2, after_2):
        assert page.find("html").attrs["lang"] == "pt-BR"
    rules = stored_game(app, token).scoring_rules
    assert (rules.target, rules.floor, rules.bag_mode) == (100, None, "reset")

    assert blind_nil_seats(start) == [0, 1, 2, 3]  # no score condition in Espadas
    assert after_1.totals() == (-20, -69)
    assert after_1.texts("total") == ["−20", "−69"]
    # B's bags went back to 0 after the penalty (carry-over would have left 1).
    assert [b.split(" ")[0] for b in after_1.bags()] == ["0", "0"]
    assert "−100" in after_1.find(cls="last-hand").text

    assert bids_2.checked("bid_1") == "blind_nil"
    assert after_2.totals() == (61, 162)
    assert "162" in after_2.find(cls="banner").text
    assert not after_2.has_form("hand-form")
    assert [tuple(map(number, pair)) for pair in running_totals(after_2)] == [(61, 162), (-20, -69)]


def test_the_portuguese_game_speaks_portuguese(client):
    """Expected wording (the catalogue's): Mão, vazas, sobras, Nil às cegas, Norte…"""
    _, (start, after_1, bids_2, after_2) = play_the_espadas_game(client)
    home = Page(client.get("/"))
    assert "Nova partida" in home.text
    assert "Partidas neste aparelho" in home.text
    assert "Começar" in home.form(action="/games").text

    assert "Mão 1" in start.text
    assert (
        start.form("hand-form").find(cls="deal").text
        == "Norte dá as cartas · Leste aposta primeiro"
    )
    assert "Nil às cegas" in start.form("hand-form").text
    assert "Dupla A" in start.text and "Dupla B" in start.text
    for seat in ("Norte", "Leste", "Sul", "Oeste"):
        assert seat in start.text

    team_a, team_b = breakdowns(after_1)
    assert "contrato 2 furou: −20" in team_a
    assert "11 sobras: +11" in team_b
    assert "penalidade de 10 sobras: −100" in team_b
    assert "vazas 7 + 6" in after_1.find(cls="history").text
    assert "faltam 10 para a penalidade" in after_1.bags()[1]

    assert "precisam de" in " ".join(contract_lines(bids_2))
    assert "Leste cumpriu o Nil às cegas: +200" in breakdowns(after_2)[1]
    assert after_2.find(cls="banner").text == "Dupla B vence com 162!"

    errors = Page(client.get("/g/nosuchgame"))
    assert "Não há partida neste link." in errors.text
