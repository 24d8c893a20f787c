"""Issue 28, a phone that dies, in the browser: two phones at table 1 of a tournament's round
(games of four hands). The first saves hand 1, loses the network and taps hand 2's bids, which
its outbox keeps and says are waiting; the second opens the table card's link, finds the game
where it stands and saves hands 2 and 3; when the first phone is back online its kept tap goes,
is refused as stale and the phone says so with the conflict message, showing what is saved now.

Every hand saved is everyone bidding 3, North–South taking 7 tricks: 61 : 60, so the game
stands at 183 : 180 after three; the dead phone's bids (North 4, the others 3) are never stored.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from testsupport.browser_tournaments import make_tournament, start_round, table_paths
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

# What a phone says of a kept tap, and of one refused because another phone's came first.
WAITING = {
    "en-US": "Not sent yet: kept on this phone",
    "pt-BR": "Ainda não enviado: fica guardado neste celular",
}
CONFLICT = {
    "en-US": "Another phone changed this game first. Here is what is saved now.",
    "pt-BR": "Outro celular alterou esta partida antes. Veja o que está salvo agora.",
}
OUTBOX = "() => JSON.parse(localStorage.getItem('spades-outbox') || '[]').length"


def play_even_hand(scorer) -> None:
    """Everyone bids 3 and North–South take 7 tricks: 61 : 60, tapped and saved."""
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_a_dead_phones_kept_tap_is_refused_as_stale_once_another_phone_took_over(phone, locale):
    director = phone()
    at_director = make_tournament(director, teams_text(4), hands="4")
    card = table_paths(director, at_director)[0]
    start_round(director, at_director)

    dead = phone(locale=locale, expect_errors=True)  # offline, the browser notes failed sends
    dead.go(card)
    play_even_hand(dead)
    assert dead.totals() == (61, 60)
    dead.context.set_offline(True)
    for seat, bid in enumerate((4, 3, 3, 3)):
        dead.choose(f"bid_{seat}", bid)
    dead.tap(".hand-form button.save")
    expect(dead.locate(".hand-form .waiting")).to_contain_text(WAITING[locale])
    assert dead.page.evaluate(OUTBOX) == 1

    pickup = phone(locale=locale)
    pickup.go(card)
    assert re.search(r"/g/[A-Za-z0-9_-]+$", pickup.page.url), pickup.page.url
    assert pickup.page.url == dead.page.url  # the same game, where it stands
    assert pickup.totals() == (61, 60)
    play_even_hand(pickup)
    play_even_hand(pickup)
    assert pickup.totals() == (183, 180)

    dead.context.set_offline(False)
    refused = dead.locate("section.game .outbox-refused")
    expect(refused).to_have_text(CONFLICT[locale])
    expect(refused).to_be_in_viewport()
    assert dead.page.evaluate(OUTBOX) == 0
    # What is saved now, on the phone that came back: pickup's three hands, no bids in play.
    assert dead.totals() == (183, 180)
    expect(dead.locate(".history .hand")).to_have_count(3)
    expect(dead.locate(".hand-form input[name^='bid_']:checked")).to_have_count(0)
    pickup.page.reload()
    assert pickup.totals() == (183, 180)
    expect(pickup.locate(".history .hand")).to_have_count(3)
