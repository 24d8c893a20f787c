"""Faults at the table: no connection, refusals of every kind, a form too old for its token, and
a view link that loses the server or is replaced. Every outcome is said on screen, the taps stay
as they were, no button is left disabled, and nothing is stored twice."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser_forms import view_token

pytestmark = pytest.mark.browser

BIDS = {"bid_0": 3, "bid_1": 3, "bid_2": 4, "bid_3": 3}
# Counts the view link's poll ticks, whether or not the page lets them become requests.
COUNT_POLL_TICKS = """
window.__pollTicks = 0;
document.addEventListener("htmx:confirm", (e) => {
  if (e.target.matches && e.target.matches("section.view")) window.__pollTicks += 1;
});
"""


def tap_bids(scorer) -> None:
    """Tap the four bids of the first hand without saving."""
    for name, value in BIDS.items():
        scorer.choose(name, value)


def bids_still_tapped(scorer) -> bool:
    """Whether every bid tapped is still checked on the page."""
    return all(
        scorer.locate(f'.hand-form input[name="{name}"][value="{value}"]').is_checked()
        for name, value in BIDS.items()
    )


def save_button(scorer):
    """The hand form's Save button."""
    return scorer.locate(".hand-form button.save")


def test_a_save_without_a_connection_says_so_keeps_the_taps_and_goes_through_on_retry(phone):
    scorer = phone(expect_errors=True)  # the browser notes the failed request in its console
    scorer.start_game()
    tap_bids(scorer)
    scorer.context.set_offline(True)
    scorer.tap(save_button(scorer))
    outcome = scorer.locate(".hand-form .outcome")
    expect(outcome).to_contain_text("Not sent — no connection")
    expect(outcome).to_be_in_viewport()
    expect(save_button(scorer)).to_be_enabled()
    assert bids_still_tapped(scorer)
    before = scorer.page.evaluate("window.__swaps")
    scorer.context.set_offline(False)
    # Back online, the phone sends what waits by itself ("online"), and may be quicker than the
    # tap: Retry is tapped in the page only if it is still offered, so neither order fails.
    scorer.page.evaluate("() => document.querySelector('.hand-form .outcome .retry')?.click()")
    scorer.page.wait_for_function("before => window.__swaps > before", arg=before)
    expect(scorer.locate(".hand-form .contracts")).to_be_visible()  # the bids were saved
    assert scorer.locate(".outcome").count() == 0


@pytest.mark.parametrize("status", [400, 403, 404, 410, 413, 429, 500, 502, 503])
def test_every_refusal_of_a_save_is_said_in_place_and_the_button_comes_back(phone, status):
    scorer = phone(expect_errors=True)  # the browser notes the refused request in its console
    token = scorer.start_game()
    tap_bids(scorer)
    # The server's own words for its refusals; a proxy's bare 502 has none of ours.
    words = f"Refused with {status}: say so." if status != 502 else None
    body = f'<section class="confirm"><h1>Sorry</h1><p>{words}</p></section>' if words else ""
    scorer.context.route(
        f"**/g/{token}/hand",
        lambda route: route.fulfill(status=status, body=body, content_type="text/html"),
    )
    scorer.tap(save_button(scorer))
    outcome = scorer.locate(".hand-form .outcome")
    expect(outcome).to_contain_text(words or "That was refused")
    expect(save_button(scorer)).to_be_enabled()
    assert bids_still_tapped(scorer)
    retry = outcome.locator("button.retry")
    assert retry.count() == (1 if status in (429, 500, 502, 503) else 0)


def test_a_form_too_old_for_its_token_fetches_a_fresh_one_and_is_saved_once(phone):
    scorer = phone(expect_errors=True)  # the first send is refused (400) on purpose
    token = scorer.start_game()
    tap_bids(scorer)
    scorer.context.clear_cookies()  # the session, and with it the form's CSRF token, is gone
    before = scorer.page.evaluate("window.__swaps")
    scorer.tap(save_button(scorer))
    scorer.page.wait_for_function("before => window.__swaps > before", arg=before)
    expect(scorer.locate(".hand-form .contracts")).to_be_visible()
    assert scorer.locate(".outcome").count() == 0
    page = scorer.context.request.get(f"{scorer.base_url}/g/{token}?all=1").text()
    assert page.count('class="contracts"') == 1  # one hand in play, stored once


def test_the_view_link_says_when_it_last_heard_and_reconnects_after_a_drop(phone):
    scorer = phone()
    token = scorer.start_game()
    watcher = phone(expect_errors=True)  # the failed polls show in its console
    watcher.go(f"/v/{view_token(scorer.context.request, scorer.base_url, token)}")
    status = watcher.locate(".poll-status")
    expect(status).to_contain_text("Updated at")
    watcher.context.set_offline(True)
    expect(status).to_contain_text("Reconnecting…")
    watcher.context.set_offline(False)
    expect(status).to_contain_text("Updated at")
    scorer.enter_bids(3, 3, 4, 3)
    expect(watcher.locate(".in-play .contracts")).to_be_visible()


def test_a_replaced_view_link_says_so_and_stops_asking(phone):
    scorer = phone()
    token = scorer.start_game()
    watcher = phone(expect_errors=True, init_script=COUNT_POLL_TICKS)  # 410 in its console
    watcher.go(f"/v/{view_token(scorer.context.request, scorer.base_url, token)}")
    polls = []
    watcher.page.on("request", lambda r: polls.append(r.url) if "/v/" in r.url else None)
    scorer.locate("details.share > summary").tap()
    scorer.tap_to_load('form.rotate button[value="view"]')
    status = watcher.locate(".poll-status")
    expect(status).to_contain_text("This link was replaced")
    asked = len(polls)
    ticks = watcher.page.evaluate("window.__pollTicks")
    # Two more ticks of the poll's clock: neither becomes a request.
    watcher.page.wait_for_function("ticks => window.__pollTicks >= ticks + 2", arg=ticks)
    assert len(polls) == asked


def test_saves_made_offline_wait_on_the_phone_survive_a_reload_and_are_sent_once(phone):
    scorer = phone(expect_errors=True)  # the failed sends show in its console
    token = scorer.start_game()
    tap_bids(scorer)
    scorer.context.set_offline(True)
    scorer.tap(save_button(scorer))
    expect(scorer.locate(".hand-form .outcome")).to_contain_text("Not sent")
    waiting = scorer.page.evaluate("() => JSON.parse(localStorage.getItem('spades-outbox')).length")
    assert waiting == 1
    scorer.tap(save_button(scorer))  # a second tap while offline keeps one save, not two
    expect(scorer.locate(".hand-form .outcome")).to_contain_text("Not sent")
    assert (
        scorer.page.evaluate("() => JSON.parse(localStorage.getItem('spades-outbox')).length") == 1
    )
    scorer.context.set_offline(False)
    scorer.page.reload()  # the page opened again: the outbox goes out by itself
    outbox_empty(scorer)
    expect(scorer.locate(".hand-form .contracts")).to_be_visible()
    page = scorer.context.request.get(f"{scorer.base_url}/g/{token}").text()
    assert page.count('class="contracts"') == 1


def test_taps_not_yet_saved_survive_a_reload(phone):
    scorer = phone()
    scorer.start_game()
    tap_bids(scorer)
    scorer.page.reload()
    assert bids_still_tapped(scorer)
    scorer.save_hand()
    expect(scorer.locate(".hand-form .contracts")).to_be_visible()


# A GameLake game to its end, every contract made exactly, no bags: Ana & Carla bid 4 + 3 and
# take 7 (+70 a hand), Bruno & Davi bid 3 + 3 and take the other 6 (+60 a hand). After 8 hands
# 560 to 480: the first team past 500 wins.
WHOLE_GAME = [((4, 3, 3, 3), 7)] * 8
DROPPED_SAVES = 10


def outbox_empty(phone) -> None:
    """Wait until every save kept on the phone has been sent."""
    phone.page.wait_for_function(
        "() => (JSON.parse(localStorage.getItem('spades-outbox')) || []).length === 0"
    )


def save_through(phone, dropped: bool, reloaded: list) -> None:
    """Tap Save; a dropped save goes out with no connection, is seen kept, and is seen sent once
    the connection is back (the first one after the page was opened again offline)."""
    if not dropped:
        phone.save_hand()
        return
    phone.context.set_offline(True)
    phone.tap(save_button(phone))
    expect(phone.locate(".hand-form .outcome")).to_contain_text("Not sent")
    if not reloaded:
        reloaded.append(phone.page.url)
        phone.page.reload()
        expect(phone.locate(".hand-form")).to_be_visible()
    phone.context.set_offline(False)
    outbox_empty(phone)
    expect(phone.locate(".hand-form .outcome")).to_have_count(0)


def test_a_whole_game_with_the_network_dropping_ends_with_the_score_of_one_without_faults(phone):
    import random

    scorer = phone(expect_errors=True)  # every dropped save shows in its console
    scorer.start_game()
    saves = 2 * len(WHOLE_GAME)
    drop_at = set(random.Random(15).sample(range(saves), DROPPED_SAVES))
    reloaded: list = []
    for number, (bids, tricks) in enumerate(WHOLE_GAME):
        for name, value in zip(("bid_0", "bid_1", "bid_2", "bid_3"), bids, strict=True):
            scorer.choose(name, value)
        save_through(scorer, 2 * number in drop_at, reloaded)
        expect(scorer.locate(".hand-form .contracts")).to_be_visible()
        scorer.choose("team_tricks_0", tricks)
        save_through(scorer, 2 * number + 1 in drop_at, reloaded)
        expect(scorer.locate(".history .hand")).to_have_count(min(number + 1, 6))
    expect(scorer.locate(".scoreboard .banner")).to_be_visible()
    assert scorer.totals() == (560, 480)
    assert reloaded


def test_taps_on_save_while_a_slow_answer_is_awaited_send_the_hand_once(phone):
    scorer = phone()
    token = scorer.start_game()
    tap_bids(scorer)
    held = []
    # The answer waits until the test lets it go.
    scorer.context.route(f"**/g/{token}/hand", lambda route: held.append(route))
    scorer.tap(save_button(scorer))
    scorer.page.wait_for_function("() => document.querySelector('.hand-form button.save').disabled")
    for _ in range(3):  # impatient taps while nothing comes back
        save_button(scorer).dispatch_event("click")
    assert len(held) == 1
    before = scorer.page.evaluate("window.__swaps")
    held[0].continue_()
    scorer.page.wait_for_function("before => window.__swaps > before", arg=before)
    assert len(held) == 1
    expect(scorer.locate(".hand-form .contracts")).to_be_visible()
    expect(save_button(scorer)).to_be_enabled()


def test_a_server_that_stops_and_comes_back_mid_game_loses_no_save(phone):
    scorer = phone(expect_errors=True)  # the refused connections show in its console
    token = scorer.start_game()
    tap_bids(scorer)
    # The server is gone: every connection refused, as when gunicorn is being restarted.
    scorer.context.route("**/*", lambda route: route.abort("connectionrefused"))
    scorer.tap(save_button(scorer))
    expect(scorer.locate(".hand-form .outcome")).to_contain_text("Not sent")
    expect(save_button(scorer)).to_be_enabled()
    scorer.context.unroute("**/*")  # back: the outbox goes out on its own, with a growing pause
    outbox_empty(scorer)
    expect(scorer.locate(".hand-form .contracts")).to_be_visible()
    page = scorer.context.request.get(f"{scorer.base_url}/g/{token}").text()
    assert page.count('class="contracts"') == 1


def test_a_save_kept_offline_that_another_phone_overtook_shows_what_is_saved(phone):
    scorer = phone(expect_errors=True)  # the failed send and the 409 show in its console
    token = scorer.start_game()
    tap_bids(scorer)
    scorer.context.set_offline(True)
    scorer.tap(save_button(scorer))
    expect(scorer.locate(".hand-form .outcome")).to_contain_text("Not sent")
    # Meanwhile the next scorer, on another phone, enters other bids for the same hand.
    other = phone()
    other.go(f"/g/{token}")
    other.enter_bids(1, 1, 1, 1)
    scorer.context.set_offline(False)
    outbox_empty(scorer)
    # The kept save was refused as overtaken (409), never applied; the page shows what is saved.
    expect(scorer.locate(".hand-form .bids-line")).to_contain_text("1")
    page = scorer.context.request.get(f"{scorer.base_url}/g/{token}").text()
    assert page.count('class="contracts"') == 1
    assert "need 2" in page and "need 7" not in page
