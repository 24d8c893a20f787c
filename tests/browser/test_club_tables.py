"""Tables of people on phones (issue 14): a club keeping score from three phones while a fourth
follows the table's view link, the table's pages in Portuguese checked by axe, a table played
without JavaScript, and a table name refused on screen.

Every game here is played to 100 points (the "Points to win" house rule), so one hand ends it:

- bids 5/3/5/2 (North, East, South, West) with 10 team tricks for North & South: North & South
  bid 10 and take 10 → +100 and win; East & West bid 5 and take 3 → set, −50;
- bids 2/5/3/5 with 3 team tricks for North & South: North & South bid 5 and take 3 → −50;
  East & West bid 10 and take 10 → +100 and win.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from testsupport.browser import OPEN_EVERYTHING, Phone, axe_violations, make_table
from testsupport.browser_forms import hidden_value, post_game, post_hand
from testsupport.pages import MINUS

pytestmark = pytest.mark.browser

WITH_AND_WITHOUT_SCRIPT = pytest.mark.parametrize(
    "javascript", [True, False], ids=["with script", "without script"]
)
FOUR = ("Ana", "Bruno", "Carla", "Davi")
NORTH_SOUTH_WIN = {"bids": (5, 3, 5, 2), "team_tricks_0": 10, "totals": (100, -50)}
EAST_WEST_WIN = {"bids": (2, 5, 3, 5), "team_tricks_0": 3, "totals": (-50, 100)}


# --- local helpers --------------------------------------------------------------------------------


def share_links(keeper: Phone) -> tuple[str, str]:
    """The table page's share panel opened: the paths of its edit link and its view link."""
    keeper.tap("#share > summary")
    edit = keeper.locate("#edit-link").input_value()
    view = keeper.locate("#view-link").input_value()
    assert edit.startswith(keeper.base_url) and view.startswith(keeper.base_url), (edit, view)
    return urlsplit(edit).path, urlsplit(view).path


def fill_new_game(keeper: Phone, players, best_of: str = "3", target: int = 100) -> None:
    """On the home page: type the four names by seat, pick the series and a target of 100."""
    for seat, name in enumerate(players):
        keeper.type_into(f'input[name="player_{seat}"]', name)
    keeper.select("best_of", best_of)  # behind the form's "Rules and options" line
    if not keeper.locate('input[name="target"]').is_visible():
        keeper.tap("details.house-rules > summary")
    keeper.type_into('input[name="target"]', str(target))


def start_at_table(keeper: Phone, table: str, players, best_of: str = "3") -> str:
    """From the table's page, "New game at this table", the form filled, Start: the game's token."""
    keeper.tap_to_load("a.new-game-here")
    assert keeper.page.url.endswith(f"/?table={table}"), keeper.page.url
    assert keeper.locate('select[name="in_table"]').input_value() == table
    fill_new_game(keeper, players, best_of)
    keeper.tap_to_load('form[action="/games"] button.save')
    return keeper.token()


def play_one_hand_game(keeper: Phone, hand: dict) -> None:
    """Play the game's only hand (bids, then North & South's team tricks) and see it end."""
    keeper.enter_bids(*hand["bids"])
    keeper.enter_tricks(team_tricks_0=hand["team_tricks_0"])
    assert keeper.totals() == hand["totals"]
    expect(keeper.locate(".banner")).to_have_count(1)
    assert keeper.locate(".hand-form").count() == 0


def ranking(keeper: Phone):
    """The standings' list items (one per player, best first)."""
    return keeper.locate(".standings .ranking li")


def status_of_post(keeper: Phone, path: str, tap_target: str) -> int:
    """Tap a plain form's button and return the status of its POST to `path`."""
    with keeper.page.expect_response(
        lambda r: r.request.method == "POST" and urlsplit(r.url).path == path
    ) as answer:
        keeper.tap_to_load(tap_target)
    return answer.value.status


# --- 1. a club keeping score from three phones ----------------------------------------------------


def test_a_club_keeps_score_at_one_table_from_three_phones_while_a_fourth_follows(phone):
    """Three games of a best of 3 between Ana & Carla and Bruno & Davi, each started at the
    table from a different phone; a fourth phone on the view link sees every result arrive.

    1. Phone 1, Ana N, Bruno E, Carla S, Davi W; Ana & Carla +100 (to −50): 1–0.
       Standings: Ana, Carla 1 win / 1 game · 100%; Bruno, Davi 0 wins / 1 game · 0%.
    2. Phone 2, same seats; Bruno & Davi +100 (to −50): series tied 1–1. Everyone
       1 win / 2 games · 50%, so by name: Ana, Bruno, Carla, Davi. Head to head 1–1.
    3. Phone 3, seats swapped: Carla N, Davi E, Ana S, Bruno W; the same people are the same
       series. Carla & Ana +100: they win the series 2–1. Ana, Carla 2 wins / 3 games · 67%;
       Bruno, Davi 1 win / 3 games · 33%; head to head Ana & Carla 2–1 Bruno & Davi.
    """
    first = phone()
    table = make_table(first, "Friday Club")
    expect(first.locate(".table-games")).to_contain_text("No game at this table yet.")
    expect(first.locate(".standings .hint")).to_be_visible()
    edit_path, view_path = share_links(first)
    assert edit_path == f"/t/{table}"
    assert view_path.startswith("/tv/") and view_path != edit_path

    second, third, watcher = phone(), phone(), phone()
    second.go(edit_path)
    third.go(edit_path)
    for keeper in (second, third):
        expect(keeper.locate("h1")).to_have_text("Friday Club")
        expect(keeper.locate("a.new-game-here")).to_be_visible()
    watcher.go(view_path)
    expect(watcher.locate("h1")).to_have_text("Friday Club")
    expect(watcher.locate("a.new-game-here")).to_have_count(0)  # a follower starts nothing
    expect(watcher.locate("#share")).to_have_count(0)
    expect(watcher.locate(".standings .hint")).to_be_visible()
    watcher.page.evaluate("() => { window.__stayed = true; }")  # gone if the page reloads

    # Game 1, from phone 1.
    first.go(edit_path)
    game_1 = start_at_table(first, table, FOUR)
    play_one_hand_game(first, NORTH_SOUTH_WIN)
    expect(first.locate(".series")).to_have_text("Ana & Carla lead the series 1–0 · best of 3")
    expect(ranking(watcher)).to_have_text(
        [
            "Ana 1 win / 1 game · 100%",
            "Carla 1 win / 1 game · 100%",
            "Bruno 0 wins / 1 game · 0%",
            "Davi 0 wins / 1 game · 0%",
        ]
    )
    expect(watcher.locate(".head-to-head li")).to_have_text(["Ana & Carla 1–0 Bruno & Davi"])

    # Game 2, from phone 2: its name boxes offer the names already played at the table.
    second.go(edit_path)
    expect(second.locate(".table-games .my-games li")).to_have_count(1)
    second.tap_to_load("a.new-game-here")
    offered = second.locate("datalist#names option").evaluate_all("os => os.map(o => o.value)")
    assert sorted(offered) == sorted(FOUR)
    assert second.locate('input[name="player_0"]').get_attribute("list") == "names"
    second.go(edit_path)
    game_2 = start_at_table(second, table, FOUR)
    play_one_hand_game(second, EAST_WEST_WIN)
    expect(second.locate(".series")).to_have_text("Series tied 1–1 · best of 3")
    expect(ranking(watcher)).to_have_text(
        [f"{name} 1 win / 2 games · 50%" for name in ("Ana", "Bruno", "Carla", "Davi")]
    )
    expect(watcher.locate(".head-to-head li")).to_have_text(["Ana & Carla 1–1 Bruno & Davi"])

    # Game 3, from phone 3, after a look at Shuffle seats: North keeps her seat, her partner
    # changes, nobody is lost, and the table, series and target stay chosen.
    third.go(edit_path)
    third.tap_to_load("a.new-game-here")
    fill_new_game(third, FOUR)
    third.tap_to_load('form[action="/games"] button.shuffle')
    seated = [third.locate(f'input[name="player_{s}"]').input_value() for s in range(4)]
    assert seated[0] == "Ana" and seated[2] in ("Bruno", "Davi"), seated
    assert sorted(seated) == sorted(FOUR)
    assert third.locate('select[name="in_table"]').input_value() == table
    assert third.locate('select[name="best_of"]').input_value() == "3"
    assert third.locate('input[name="target"]').input_value() == "100"
    third.go(edit_path)
    game_3 = start_at_table(third, table, ("Carla", "Davi", "Ana", "Bruno"))
    play_one_hand_game(third, NORTH_SOUTH_WIN)
    expect(third.locate(".series")).to_have_text("Carla & Ana won the series 2–1 · best of 3")
    assert len({game_1, game_2, game_3}) == 3

    expect(ranking(watcher)).to_have_text(
        [
            "Ana 2 wins / 3 games · 67%",
            "Carla 2 wins / 3 games · 67%",
            "Bruno 1 win / 3 games · 33%",
            "Davi 1 win / 3 games · 33%",
        ]
    )
    expect(watcher.locate(".head-to-head li")).to_have_text(["Ana & Carla 2–1 Bruno & Davi"])
    games_listed = watcher.locate(".table-games .my-games li")
    expect(games_listed).to_have_count(3)
    # The follower's list leads to the games' view links, never their edit links.
    hrefs = games_listed.locator("a").evaluate_all("as => as.map(a => a.getAttribute('href'))")
    assert all(h.startswith("/v/") for h in hrefs), hrefs
    # All of that arrived by itself: the page was never reloaded, htmx swapped it in.
    assert watcher.page.evaluate("() => window.__stayed === true")
    assert watcher.page.evaluate("window.__swaps") >= 3

    # The keepers' table page agrees, and its games lead to their edit links, newest first.
    first.go(edit_path)
    expect(ranking(first)).to_have_text(ranking(watcher).all_inner_texts())
    hrefs = first.locate(".table-games .my-games a").evaluate_all(
        "as => as.map(a => a.getAttribute('href'))"
    )
    assert hrefs == [f"/g/{game_3}", f"/g/{game_2}", f"/g/{game_1}"]
    # Game 1's page now counts the whole series from where it stood then: still 1–0.
    first.go(f"/g/{game_1}")
    expect(first.locate(".series")).to_have_text("Ana & Carla lead the series 1–0 · best of 3")

    # The career stats behind the follower's link: a card per player and partnership, the
    # bar charts, and the same figures in the JSON twin.
    watcher.tap_to_load(".table-games a[href$='/stats']")
    assert watcher.page.url.endswith(f"{view_path}/stats")
    expect(watcher.locate("h1")).to_have_text("Stats of Friday Club")
    expect(watcher.locate(".stats > .hint")).to_contain_text("3 finished games · 3 hands.")
    expect(watcher.locate("details.figures")).to_have_count(6)  # 4 players, 2 partnerships
    expect(watcher.locate("figure.chart svg")).to_have_count(2)
    expect(watcher.locate("details.figures > summary").first).to_contain_text("Ana")
    expect(watcher.locate(".stats .head-to-head li")).to_have_text(
        ["Ana & Carla 2–1 Bruno & Davi (3 games)"]
    )
    watcher.tap("details.figures > summary >> nth=0")
    expect(watcher.locate("details.figures").first.locator("dl")).to_be_visible()
    answer = watcher.context.request.get(f"{watcher.base_url}{view_path}/stats.json")
    assert answer.ok and answer.headers["content-type"].startswith("application/json")
    stats = json.loads(answer.text())
    assert (stats["games"], stats["hands"]) == (3, 3)
    assert [(p["name"], p["wins"], p["games"]) for p in stats["players"]] == [
        ("Ana", 2, 3),
        ("Carla", 2, 3),
        ("Bruno", 1, 3),
        ("Davi", 1, 3),
    ]
    assert stats["head_to_head"] == [
        {"sides": ["Ana & Carla", "Bruno & Davi"], "games": 3, "wins": [2, 1]}
    ]
    csv_answer = watcher.context.request.get(f"{watcher.base_url}{view_path}/stats.csv")
    assert csv_answer.ok and csv_answer.headers["content-type"].startswith("text/csv")
    assert "Ana & Carla" in csv_answer.text()


# --- 2. the table's pages in Portuguese, checked by axe -------------------------------------------


@pytest.fixture(scope="module")
def club(browser, base_url):
    """A table with a finished game (best of 3) and one in play, and a game on its own, all
    set up over HTTP from one phone; the pages' paths, and that phone's cookies."""
    context = browser.new_context()
    request = context.request
    form = request.get(base_url + "/tables/new").text()
    made = request.post(
        base_url + "/tables",
        form={"csrf_token": hidden_value(form, "csrf_token"), "name": "Clube de Sexta"},
    )
    assert made.ok, made.status
    table = re.search(r"/t/([A-Za-z0-9_-]+)$", made.url).group(1)
    names = {f"player_{seat}": name for seat, name in enumerate(FOUR)}
    over = post_game(request, base_url, in_table=table, best_of="3", target="100", **names)
    hand = {"bid_0": 5, "bid_1": 3, "bid_2": 5, "bid_3": 2, "team_tricks_0": 10}
    post_hand(request, base_url, over, **hand)
    playing = post_game(request, base_url, in_table=table, best_of="3", target="100", **names)
    post_hand(request, base_url, playing, bid_0=4, bid_1=3, bid_2=3, bid_3=2)
    alone = post_game(request, base_url, **names)
    page = request.get(f"{base_url}/t/{table}").text()
    view = re.search(r"/tv/([A-Za-z0-9_-]+)", page).group(1)
    pages = {
        "home with tables and names": f"/?table={table}",
        "new table": "/tables/new",
        "table": f"/t/{table}",
        "table view": f"/tv/{view}",
        "table stats": f"/tv/{view}/stats",
        "device stats": "/stats",
        "game with its series": f"/g/{over}",
        "add a game to a table": f"/g/{alone}/table",
    }
    state = context.storage_state()
    context.close()
    return pages, state


def switch_to_portuguese(visitor: Phone) -> None:
    """Tap the footer's Português button; the page comes back in Portuguese."""
    visitor.tap_to_load('footer form.language button[value="pt_BR"]')
    expect(visitor.locate("html")).to_have_attribute("lang", "pt-BR")
    expect(visitor.locate('footer button[value="pt_BR"]')).to_have_attribute("aria-current", "true")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_table_pages_in_portuguese_pass_axe(phone, club, scheme):
    pages, state = club
    visitor = phone(color_scheme=scheme, bypass_csp=True, storage_state=state)
    visitor.go(pages["table"])
    expect(visitor.locate("html")).to_have_attribute("lang", "en")
    switch_to_portuguese(visitor)
    assert urlsplit(visitor.page.url).path == pages["table"]  # back where the tap was

    found = {}
    for name, path in pages.items():
        answer = visitor.go(path)
        assert answer.status == 200, (name, answer.status)
        expect(visitor.locate("html")).to_have_attribute("lang", "pt-BR")
        expect(visitor.locate("main h1")).to_have_count(1)
        visitor.page.evaluate(OPEN_EVERYTHING)
        violations = axe_violations(visitor.page)
        if violations:
            found[name] = violations
        if name == "home with tables and names":
            expect(visitor.locate("datalist#names option")).to_have_count(4)
            assert visitor.locate('select[name="in_table"]').input_value() in path
            expect(visitor.locate(".my-tables li a .score")).to_have_text(["Clube de Sexta"])
        elif name in ("table", "table view"):
            expect(visitor.locate(".standings .ranking li")).to_have_count(4)
            expect(visitor.locate(".table-games .my-games li")).to_have_count(2)
        elif name in ("table stats", "device stats"):
            expect(visitor.locate("figure.chart svg")).to_have_count(2)
            expect(visitor.locate("details.figures")).to_have_count(6)
        elif name == "game with its series":
            expect(visitor.locate(".series")).to_have_count(1)
            expect(visitor.locate(".series")).to_contain_text("1–0")

    # A refused table name, in Portuguese too.
    visitor.go(pages["new table"])
    visitor.type_into('.new-table input[name="name"]', "   ")
    assert status_of_post(visitor, "/tables", ".new-table button.save") == 422
    expect(visitor.locate(".new-table .error")).to_be_visible()
    expect(visitor.locate("html")).to_have_attribute("lang", "pt-BR")
    violations = axe_violations(visitor.page)
    if violations:
        found["new table, refused"] = violations
    assert found == {}, "\n".join(f"{page}: {v}" for page, vs in found.items() for v in vs)


# --- 3. a table without JavaScript ----------------------------------------------------------------


def test_a_table_is_made_played_and_read_without_javascript(phone):
    """All by plain forms and links: the table, a game in it (Ana & Carla +100 to −50, best of
    5), its series line, the table's standings and the stats pages."""
    keeper = phone(javascript=False)
    table = make_table(keeper, "Sem Script")
    token = start_at_table(keeper, table, FOUR, best_of="5")
    play_one_hand_game(keeper, NORTH_SOUTH_WIN)
    assert keeper.texts(".scoreboard .total") == ["100", MINUS + "50"]
    assert keeper.texts(".series") == ["Ana & Carla lead the series 1–0 · best of 5"]
    assert keeper.locate(".result textarea").count() == 1
    # The game page has no "Add to a table…": it is in one.
    assert keeper.locate(f'a[href="/g/{token}/table"]').count() == 0

    # Home, its list of tables, the table's page: the standings and the game.
    keeper.tap_to_load("header a.brand")
    keeper.tap_to_load(f'.my-tables a[href="/t/{table}"]')
    assert keeper.texts(".standings .ranking li") == [
        "Ana 1 win / 1 game · 100%",
        "Carla 1 win / 1 game · 100%",
        "Bruno 0 wins / 1 game · 0%",
        "Davi 0 wins / 1 game · 0%",
    ]
    assert keeper.locate(f'.table-games .my-games a[href="/g/{token}"]').count() == 1
    keeper.tap_to_load(".table-games a[href$='/stats']")
    assert keeper.texts("h1") == ["Stats of Sem Script"]
    assert keeper.locate("details.figures").count() == 6
    assert keeper.locate("figure.chart svg").count() == 2
    # A card opens by a tap without script: it is a <details>.
    keeper.tap("details.figures > summary >> nth=0")
    expect(keeper.locate("details.figures").first.locator("dl")).to_be_visible()

    # This phone's stats, from the home page's link.
    keeper.tap_to_load(".stats a:text-is('Back')")
    keeper.tap_to_load("header a.brand")
    keeper.tap_to_load('.my-tables a[href="/stats"]')
    assert keeper.texts("h1") == ["Stats of the games on this device"]
    assert "1 finished game" in keeper.texts(".stats > .hint")[0]
    assert keeper.page.evaluate("() => typeof htmx") == "undefined"


# --- 4. a table name refused on screen ------------------------------------------------------------


@WITH_AND_WITHOUT_SCRIPT
def test_an_empty_or_too_long_table_name_is_refused_on_screen(phone, javascript):
    keeper = phone(javascript=javascript)
    keeper.go("/tables/new")
    name_box = '.new-table input[name="name"]'
    assert keeper.locate(name_box).get_attribute("maxlength") == "40"

    # Spaces alone get past the box's `required`, and are no name.
    keeper.type_into(name_box, "   ")
    assert status_of_post(keeper, "/tables", ".new-table button.save") == 422
    error = keeper.locate(".new-table .error")
    expect(error).to_have_text("Give the table a name.")
    expect(error).to_be_visible()
    expect(error).to_be_in_viewport()
    assert urlsplit(keeper.page.url).path == "/tables"

    # A name past 40 characters (as a browser that ignores maxlength sends it), kept to fix.
    keeper.page.evaluate(f"() => document.querySelector('{name_box}').removeAttribute('maxlength')")
    long_name = "The Friday Night Spades Club of Rua Augusta"
    assert len(long_name) > 40
    keeper.type_into(name_box, long_name)
    assert status_of_post(keeper, "/tables", ".new-table button.save") == 422
    error = keeper.locate(".new-table .error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("40")
    assert keeper.locate(name_box).input_value() == long_name

    # Made short enough, the table is made.
    keeper.type_into(name_box, "Friday Spades")
    keeper.tap_to_load(".new-table button.save")
    assert re.search(r"/t/[A-Za-z0-9_-]+$", keeper.page.url), keeper.page.url
    expect(keeper.locate("h1")).to_have_text("Friday Spades")
