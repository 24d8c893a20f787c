"""Issue 28, a phone that dies, through HTTP: two test clients are two phones at table 1 of a
Swiss round (games of four hands). The first phone saves hand 1 and dies with its hand 2 in its
outbox; whoever picks up opens the table card's link on a second phone, lands on the game where
it stands and plays on; when the dead phone's outbox arrives at last, a save it had already sent
is answered as saved and not applied again, and its unsent hand, from an older version, is
refused as any second phone's is, with nothing written.

The five teams of `FIVE_TEAMS`: table 1 is Reds (North–South) v Blues, table 2 Greens v Golds,
and Whites have the bye. Table 1's hands, North–South's score first:

- hand 1, the first phone's: everyone bids 3, North takes 4 (EVEN): 61 : 60, North–South 1 bag;
- the first phone's hand 2, left in its outbox: North–South set (A_SET), −70 : 61, never stored;
- hand 2, the second phone's: Ana's Nil made, Carla 5 of 6, East–West 7 of 7 (ANA_NIL):
  151 : 70, North–South 2 bags;
- hands 3 and 4, the second phone's: EVEN again, 61 : 60 each, North–South 4 bags in all.

So 61 + 151 + 61 = 273 : 60 + 70 + 60 = 190 after three hands, and the game ends after four at
334 : 250, Reds winning (+84). Table 2 plays EVEN four times: Greens 244 : Golds 240 (+4).
Standings by wins, then difference: Reds 1–0 334 +84, Greens 1–0 244 +4, Whites 1–0 (the bye,
no points) 0, Golds 0–1 240 −4, Blues 0–1 250 −84.
"""

from __future__ import annotations

from testsupport.database import snapshot, stored_hands
from testsupport.pages import Page, form_data
from testsupport.playing import A_SET, ANA_NIL, EVEN, enter, hand_form_url, hand_taps
from testsupport.tournaments import (
    PT,
    game_at_table,
    make_tournament,
    play_table,
    round_tables,
    standings,
    start_round,
    table_tokens,
)

FOUR_HANDS = {"length": "hands", "hands": "4"}
# What a scorer is told when another phone's save came first, in both languages.
CONFLICT = {
    None: "Another phone changed this game first. Here is what is saved now.",
    "pt": "Outro celular alterou esta partida antes. Veja o que está salvo agora.",
}


def tapped_hand(phone, game: str, hand: dict) -> dict:
    """What the game's form, as this phone loads it now, sends once `hand` (its bids and tricks
    by seat) is tapped into it: kept, not sent, as a phone's outbox keeps a save."""
    page = Page(phone.get(hand_form_url(game, hand["bids"], hand["tricks"])))
    taps = hand_taps(hand["bids"], hand["tricks"])
    return form_data(page.form("hand-form")) | {name: str(tap) for name, tap in taps.items()}


def played(app, game: str) -> list[tuple]:
    """A game's stored hands: each one's bids and tricks by seat, in order."""
    return [
        tuple(getattr(hand, f"{kind}_{seat}") for kind in ("bid", "tricks") for seat in range(4))
        for hand in stored_hands(app, game)
    ]


def test_a_dead_phones_outbox_arriving_after_another_phone_took_over(app, client):
    director = make_tournament(client, **FOUR_HANDS)
    start_round(client, director)
    table_one = table_tokens(client, director)[0]
    dead, pickup = app.test_client(), app.test_client()

    game = game_at_table(dead, table_one)
    sent_once = tapped_hand(dead, game, EVEN)
    assert dead.post(f"/g/{game}/hand", data=sent_once).status_code == 303
    in_outbox = tapped_hand(dead, game, A_SET)  # the phone dies before this one goes

    # Whoever picks up scans the table's card and finds the game where it stands.
    assert game_at_table(pickup, table_one) == game
    shown = Page(pickup.get(f"/g/{game}"))
    assert shown.totals() == (61, 60)
    assert shown.find("form", "hand-form").find("h2").text == "Hand 2 of 4"
    for hand in (ANA_NIL, EVEN):
        enter(pickup, game, hand["bids"], hand["tricks"])
    taken_over = played(app, game)
    assert len(taken_over) == 3

    # The dead phone comes back: its outbox goes, in order. The save sent before it died and
    # never answered is answered as saved, and not applied twice ...
    resent = dead.post(f"/g/{game}/hand", data=sent_once)
    assert (resent.status_code, resent.headers["Location"]) == (303, f"/g/{game}")
    before = snapshot(app)
    # ... and its unsent hand 2, from the game as it stood after hand 1, is refused as stale,
    # in either language, showing what is saved now; nothing is written.
    for language, message in CONFLICT.items():
        refused = dead.post(f"/g/{game}/hand", data=in_outbox, headers=PT if language else None)
        assert refused.status_code == 409
        page = Page(refused)
        assert page.find("p", "notice").text == message
        assert page.totals() == (273, 190)
    assert snapshot(app) == before
    assert played(app, game) == taken_over

    enter(pickup, game, EVEN["bids"], EVEN["tricks"])
    table_two_game = round_tables(client, director)[1].game
    play_table(client, table_two_game, north_south_wins=True, hands=4)
    assert [(t.north_south, t.east_west, t.totals) for t in round_tables(client, director)] == [
        ("Reds", "Blues", (334, 250)),
        ("Greens", "Golds", (244, 240)),
    ]
    assert standings(client, f"/d/{director}") == [
        ("1", "Reds", "1", "0", "334", "84"),
        ("2", "Greens", "1", "0", "244", "4"),
        ("3", "Whites", "1", "0", "0", "0"),
        ("4", "Golds", "0", "1", "240", "-4"),
        ("5", "Blues", "0", "1", "250", "-84"),
    ]
