"""The host sets up bomb pots and dealer's choice from the page, without typing JSON (issue 23,
items 2 and 3): the lobby's forms for the table's bomb-pot rule (every N hands, the ante, a
double board, the hands that make the next hand one when the button is dealt one) and for
dealer's choice's list of games, and the host panel's form for the rule (docs/protocol.md:
``options.bomb_pots``, ``options.rotation.games``, the host's ``bomb_pots``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from playwright.sync_api import Page, expect

from pokerfloor.cards import Card
from pokerfloor.table.bombs import hand_name
from tests.web.conftest import IN_PLAY, SHOTS, Client, People, everyone

HAND_IS = """n => { const u = window.pokerfloorTable?.state.update;
  return !!u && u.table.hand_number === n && u.hand && !u.hand.is_over && u.hand.to_act != null }"""
MOVED_ON = "seq => window.pokerfloorTable?.state.update?.seq > seq"
WIDTHS = {"laptop": (1280, 800), "desktop": (1920, 1080), "phone": (390, 844), "phone-landscape": (844, 390)}


@contextlib.contextmanager
def hosting(browser: Any, server: str, seed: str) -> Iterator[tuple[Client, People]]:
    """The host on the lobby (seat approval off) and everyone at the table so far, each in a
    browser of their own (``conftest.everyone``: closed at the end, no page may have logged an
    error)."""
    with everyone(browser, server) as people:
        host = people("host")
        host.page.goto(f"/?seed={seed}")
        host.page.uncheck("#clock-on")   # the lobby's clock is on by default; these hands are played slowly
        host.page.uncheck("#approval")
        yield host, people


def seat_everyone(people: People, names: dict[int, str]) -> dict[int, Client]:
    """A player in a browser of their own at each seat of ``names``, at the host's table (the
    host is the first of ``people``; each player joins them)."""
    link = people.all[0].page.input_value("#share")
    players = {}
    for seat, name in names.items():
        person = people(name)
        person.ask_for_seat(link, seat, name, 100)
        expect(person.page.locator(f".seat.me[data-seat='{seat}']")).to_be_visible()
        players[seat] = person
    return players


def play_hand(host: Client, players: dict[int, Client], number: int) -> None:
    """Everyone checks or calls hand ``number`` to its end."""
    host.page.wait_for_function(HAND_IS, arg=number)
    for _ in range(20):
        update = host.state()
        hand = update["hand"]
        if update["table"]["hand_number"] != number or hand["is_over"] or hand["to_act"] is None:
            return
        page = players[hand["to_act"]].page
        expect(page.locator("#actions .act").first).to_be_visible()
        action = "check" if page.locator("#actions .act[data-action='check']").count() else "call"
        page.locator(f"#actions .act[data-action='{action}']").click()
        host.page.wait_for_function(MOVED_ON, arg=update["seq"])
    raise AssertionError(f"hand {number} did not end")


def fits(page: Page, selector: str) -> list[str]:
    """What of ``selector`` lies outside the page's width (the lobby scrolls down, never across)."""
    found: list[str] = page.evaluate(
        """s => [...document.querySelectorAll(s)].filter(el => el.getClientRects().length)
             .filter(el => el.getBoundingClientRect().right > innerWidth + 0.5 || el.getBoundingClientRect().left < 0)
             .map(el => el.id || el.outerHTML.slice(0, 60))""",
        selector,
    )
    if page.evaluate("() => document.scrollingElement.scrollWidth > innerWidth + 1"):
        found.append("the page scrolls across")
    return found


def cut_short(page: Page) -> list[str]:
    """The lobby's selects whose chosen option is wider than the select shows (an option's text
    never wraps: what does not fit is cut off), measured in the select's own font."""
    found: list[str] = page.evaluate(
        """() => { const pen = document.createElement("canvas").getContext("2d");
             return [...document.querySelectorAll("#create select")].filter(s => s.getClientRects().length)
               .filter(s => { const st = getComputedStyle(s); pen.font = `${st.fontSize} ${st.fontFamily}`;
                 const arrow = 20;  // the drop-down arrow's room, beside the padding
                 const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - arrow;
                 return pen.measureText(s.options[s.selectedIndex]?.text ?? "").width > room; })
               .map(s => `${s.id}: ${s.options[s.selectedIndex].text}`); }""",
    )
    return found


def sharing_a_line(page: Page) -> list[str]:
    """The options of a lobby box (a fieldset's labels) that share a line with the one before:
    each option reads on a line of its own, on a phone as on a desktop."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll("#create fieldset")].flatMap(box => {
             const shown = [...box.querySelectorAll(":scope > label")].filter(l => l.getClientRects().length);
             const top = (l) => l.getBoundingClientRect().top, bottom = (l) => l.getBoundingClientRect().bottom;
             return shown.slice(1).filter((l, i) => top(l) < bottom(shown[i]) - 1)
               .map(l => `${box.id}: ${l.textContent.trim().slice(0, 30)}`);
           })""",
    )
    return found


def test_the_lobby_sets_a_dealers_choice_list_and_a_bomb_pot_every_second_hand(browser: Any, server: str) -> None:
    """The host takes the 8-game's eight off the list, adds three games (one twice: refused) and
    a double-board bomb pot every second hand; the chooser gets the three, and hand 2 is a bomb
    pot. The lobby's forms fit the width at each of the four sizes, each option of a box (house
    customs, bomb pots, the sit-and-go's antes and payouts) on a line of its own."""
    with hosting(browser, server, "b1") as (host, people):
        page = host.page
        expect(page.locator("#choice-list")).to_be_hidden()
        page.select_option("#mixed", "dealers_choice")
        expect(page.locator("#mixed-what")).to_have_text("The button names each orbit's game from the host's list.")
        expect(page.locator("#choice-games li")).to_have_count(8)      # the 8-game's eight to start
        while page.locator("#choice-games li").count():
            page.locator("#choice-games li .remove").first.click()
        for variant, structure in (("holdem", "no_limit"), ("badugi", "fixed_limit"), ("omaha", "pot_limit")):
            page.select_option("#choice-variant", variant)
            page.select_option("#choice-structure", structure)
            page.click("#choice-add")
        page.click("#choice-add")                                       # pot-limit Omaha again: refused
        expect(page.locator("#choice-note")).to_have_text("That game is on the list already.")
        expect(page.locator("#choice-games li")).to_have_text(
            ["No limit Texas hold'em ×", "Limit Badugi ×", "Pot limit Omaha ×"]
        )
        page.fill("#lobby-bomb-every", "2")
        page.fill("#lobby-bomb-ante", "3")
        page.select_option("#lobby-bomb-boards", "2")
        for name, (width, height) in WIDTHS.items():
            page.set_viewport_size({"width": width, "height": height})
            assert fits(page, "#create label, #create fieldset, #create select, #create input") == [], name
            assert sharing_a_line(page) == [], name
            assert cut_short(page) == [], name
            page.locator("#bomb-rule").scroll_into_view_if_needed()
            host.shot(f"48-lobby-dealers-choice-and-bomb-rule-{name}")
            page.locator("#sng").scroll_into_view_if_needed()
            page.locator("#sng").screenshot(path=str(SHOTS / f"48-lobby-sit-and-go-{name}.png"))
        page.set_viewport_size({"width": 1280, "height": 860})
        page.click("#create button[type=submit]")
        page.wait_for_url("**/table.html?t=*")
        expect(page.locator("#bomb-rule-now")).to_have_text("A bomb pot every 2 hands: 3 each, double board.")
        players = seat_everyone(people, {1: "Ann", 2: "Bob"})
        page.wait_for_function("() => window.pokerfloorTable?.state.update?.table.choice?.chooser != null")
        choice = host.state()["table"]["choice"]
        assert choice["games"] == ["no_limit_holdem", "fixed_limit_badugi", "pot_limit_omaha"]
        chooser = players[choice["chooser"]].page
        expect(chooser.locator("#choice button.choose")).to_have_count(3)
        chooser.click("#choice button.choose[data-game='no_limit_holdem']")
        page.click("#start")
        page.wait_for_function(HAND_IS, arg=1)
        assert host.state()["table"]["bomb_pot"]["hand"] is None and host.state()["hand"]["street"] == "preflop"
        play_hand(host, players, 1)
        host.page.wait_for_function(HAND_IS, arg=2)
        for person in people.all:
            expect(person.page.locator("#bomb-line")).to_have_text("Bomb pot: 3 each, double board")
            expect(person.page.locator("#board .run")).to_have_count(2)
        assert host.state()["hand"]["game"]["variant"] == "holdem"
        players[1].shot("49-dealers-choice-bomb-pot-every-second-hand")


def test_the_host_panel_sets_the_button_s_hand_and_the_next_hand_is_a_bomb_pot(browser: Any, server: str) -> None:
    """The lobby's rule names the button's hands alone (no count); during hand 1 the host panel
    changes them to the hand the button holds (the test reads it off the button's own page). No
    page hears of it until the hand ends; then hand 2 is a bomb pot."""
    with hosting(browser, server, "b2") as (host, people):
        page = host.page
        page.fill("#lobby-bomb-hands", "aa")
        page.fill("#lobby-bomb-ante", "4")
        page.click("#create button[type=submit]")
        page.wait_for_url("**/table.html?t=*")
        expect(page.locator("#bomb-rule-now")).to_have_text("A bomb pot after the button is dealt AA: 4 each.")
        players = seat_everyone(people, {1: "Cy", 2: "Di", 3: "Ed"})
        page.click("#start")
        page.click("#pause")                    # hand 1 is played; none after it until resumed
        page.wait_for_function(IN_PLAY)
        button = host.state()["hand"]["button"]
        held = players[button].state()["hand"]["holes"][str(button)]
        name = hand_name([Card(c) for c in held])
        assert name is not None
        if page.locator("#host").is_hidden():
            page.click("#host-toggle")
        page.fill("#host-bomb-hands", name)
        page.fill("#host-bomb-ante", "6")
        page.locator("#bomb-rule-form button[type=submit]").click()
        expect(page.locator("#bomb-rule-now")).to_have_text(f"A bomb pot after the button is dealt {name}: 6 each.")
        for size, (width, height) in WIDTHS.items():
            page.set_viewport_size({"width": width, "height": height})
            page.locator("#bomb-rule-form").scroll_into_view_if_needed()
            assert fits(page, "#host, #bomb-rule-form label, #bomb-rule-form input, #bomb-rule-form button") == [], size
            host.shot(f"50-host-panel-bomb-rule-{size}")
        page.set_viewport_size({"width": 1280, "height": 860})
        for person in people.all:
            expect(person.page.locator("#bomb-line")).to_be_hidden()      # the button's cards are its own
        play_hand(host, players, 1)
        for person in people.all:
            expect(person.page.locator("#bomb-line")).to_have_text("Next hand: bomb pot, 6 each")
        frames = [e for f in players[button % 3 + 1].updates() for e in f["events"]]
        assert [e["seat"] for e in frames if e["kind"] == "bomb_pot_triggered"][:1] == [button]
        said = f"{players[button].name}, on the button, was dealt one of {name}: the next hand is a bomb pot, 6 each"
        for person in players.values():
            expect(person.page.locator("#chat-lines li.system", has_text="on the button")).to_have_text([said])
        players[button % 3 + 1].shot("51-bomb-pot-after-the-button-s-hand")
        page.click("#resume")
        page.wait_for_function(HAND_IS, arg=2)
        expect(players[1].page.locator("#bomb-line")).to_have_text("Bomb pot: 6 each")
        page.click("#bomb-rule-end")
        expect(page.locator("#bomb-rule-now")).to_have_text("No bomb-pot rule.")
