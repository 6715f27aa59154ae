"""What players expect of a home-game page (issue 24): chat with the table's own lines, sounds
and a mute switch, the turn in the tab's title, keyboard shortcuts, bet presets, the readout of
the hand you hold, the deck's colours and animations that can be turned off.

One table per worker (Ann in seat 1, Bob in seat 2, dealing); each test finds whose turn it is
itself, so the tests do not depend on their order."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import IN_PLAY, everyone, visit

TURN = "() => window.pokerfloorTable?.state.update?.you.turn_token != null"


@pytest.fixture(scope="module")
def game(browser: Browser, server: str) -> Iterator[dict[str, Any]]:
    with everyone(browser, server) as opened:   # (each closed at the end, no page error or console error)
        host = opened("host")
        people = {"host": host}
        host.page.goto("/?seed=77")
        host.page.uncheck("#clock-on")   # the lobby's clock is on by default; these hands are played slowly
        host.page.uncheck("#approval")
        host.page.click("#create button[type=submit]")
        host.page.wait_for_url("**/table.html?t=*")
        link = host.page.input_value("#share")
        for seat, name in {1: "Ann", 2: "Bob"}.items():
            people[name] = opened(name)
            people[name].ask_for_seat(link, seat, name, 200 if seat == 1 else 150)
            expect(people[name].page.locator(f".seat.me[data-seat='{seat}']")).to_be_visible()
        # A stack edit by the host, between hands (a line for everyone at the table).
        host.page.select_option("#edit-seat", "2")
        host.page.fill("#edit-chips", "25")
        host.page.click("#edit-form button[type=submit]")
        expect(people["Bob"].page.locator(".seat.me .stack")).to_have_text("175")
        host.page.click("#start")
        people["Ann"].page.wait_for_function(IN_PLAY)
        yield {"people": people, "link": link, "browser": browser, "server": server}


def actor(game: dict[str, Any]) -> tuple[Page, Page]:
    """(the page of the player to act, the other player's page), once the buttons are up."""
    ann, bob = game["people"]["Ann"].page, game["people"]["Bob"].page
    ann.wait_for_function(IN_PLAY)
    seat = ann.evaluate("() => window.pokerfloorTable.state.update.hand.to_act")
    me, other = (ann, bob) if seat == 1 else (bob, ann)
    me.wait_for_function(TURN)
    expect(me.locator("#actions .act").first).to_be_visible()
    return me, other


def settings(page: Page) -> None:
    """Open the settings panel (it may be open already)."""
    if page.locator("#settings").is_hidden():
        page.click("#settings-toggle")


def played(page: Page) -> list[str]:
    sounds: list[str] = page.evaluate("() => [...window.pokerfloorTable.played]")
    return sounds


def test_chat_reaches_the_table_and_the_rate_limit_is_a_polite_note(game: dict[str, Any]) -> None:
    ann, bob = game["people"]["Ann"].page, game["people"]["Bob"].page
    ann.fill("#chat-text", "good luck all")
    ann.press("#chat-text", "Enter")
    expect(bob.locator("#chat-lines li.said", has_text="good luck all")).to_contain_text("Ann:")
    expect(ann.locator("#chat-text")).to_have_value("")
    # The server takes 5 lines at once from a seat, then one a second (docs/protocol.md). The ten
    # lines go in one turn of the page's script: typed one by one on a loaded machine, a second
    # passed between them, a later line was taken, and its answer hid the note again.
    ann.evaluate("""() => {
        const form = document.querySelector("#chat-form"), box = document.querySelector("#chat-text");
        for (let n = 0; n < 10; n++) { box.value = `spam ${n}`; form.requestSubmit(); }
    }""")
    expect(ann.locator("#chat-note")).to_contain_text("Wait a second")
    expect(ann.locator("#message")).to_be_hidden()
    game["people"]["Ann"].shot("32-chat-rate-limited")


def test_table_lines_say_who_sat_down_and_each_kind_hides(game: dict[str, Any], browser: Browser) -> None:
    host = game["people"]["host"].page
    host.keyboard.press("Escape")  # the host's panel, open since the table was set up, closes
    expect(host.locator("#host")).to_be_hidden()
    expect(host.locator("#chat-lines li.system", has_text="Bob sits down in seat 2 with 150")).to_be_visible()
    host.uncheck("#show-system")
    expect(host.locator("#chat-lines li.system").first).to_be_hidden()
    host.uncheck("#show-chat")
    expect(host.locator("#chat")).to_have_class(re.compile(r"\bhide-chat\b"))
    expect(host.locator("#chat")).to_have_class(re.compile(r"\bhide-system\b"))
    host.reload()  # kept in this browser
    expect(host.locator("#show-system")).not_to_be_checked()
    host.check("#show-system")
    host.check("#show-chat")
    # The host's stack edit before the first hand is a line for everyone.
    bob = game["people"]["Bob"].page
    expect(bob.locator("#chat-lines li.system", has_text="Bob adds 25 chips")).to_be_visible()
    game["people"]["Bob"].shot("33-table-lines")


def test_sounds_for_the_turn_a_bet_and_a_win_and_the_mute_is_remembered(game: dict[str, Any]) -> None:
    me, other = actor(game)
    host = game["people"]["host"].page
    assert "turn" in played(me)
    call = me.locator("#actions .act[data-action='call']")
    if call.count():
        # The host, who is not to act next, hears the bet (the next to act hears their turn).
        before = played(host).count("bet")
        call.click()
        host.wait_for_function("n => window.pokerfloorTable.played.filter(s => s === 'bet').length > n", arg=before)
        me, other = actor(game)
    wins = played(other).count("win")
    me.locator("#actions .act[data-action='fold']").click()
    other.wait_for_function("n => window.pokerfloorTable.played.filter(s => s === 'win').length > n", arg=wins)
    # Muted: no sound is played from then on, and the switch stays off after a reload.
    settings(other)
    other.uncheck("#sound-on")
    other.reload()
    expect(other.locator("#sound-on")).not_to_be_checked()
    other.wait_for_function(IN_PLAY)
    other.wait_for_timeout(300)
    assert played(other) == []
    settings(other)
    other.check("#sound-on")
    other.keyboard.press("Escape")


def test_the_tab_title_says_your_turn_while_the_tab_is_in_the_background(game: dict[str, Any]) -> None:
    me, other = actor(game)
    background = """() => {
      Object.defineProperty(document, "visibilityState", { get: () => "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    }"""
    for page in (me, other):
        page.evaluate(background)
    assert me.title().startswith("▶ Your turn")
    assert not other.title().startswith("▶")
    foreground = """() => {
      delete document.visibilityState;
      document.dispatchEvent(new Event("visibilitychange"));
    }"""
    for page in (me, other):
        page.evaluate(foreground)
    assert not me.title().startswith("▶")


def test_keys_move_the_amount_go_all_in_and_act(game: dict[str, Any]) -> None:
    me, _ = actor(game)
    me.evaluate("() => document.activeElement?.blur()")  # keys typed into a box (the chat) are not shortcuts
    amount = int(me.input_value("#amount"))
    me.locator("body").press("ArrowUp")
    expect(me.locator("#amount")).to_have_value(str(amount + 2))  # one big blind (1/2 blinds)
    me.locator("body").press("ArrowDown")
    expect(me.locator("#amount")).to_have_value(str(amount))
    me.locator("body").press("a")
    expect(me.locator("#actions .act.wager")).to_contain_text("All-in")
    update = me.evaluate("() => window.pokerfloorTable.state.update")
    hand = update["hand"]
    me.locator("body").press("c")  # check or call: the all-in amount is not sent
    me.wait_for_function("seq => window.pokerfloorTable?.state.update?.seq > seq", arg=update["seq"])
    kinds = [e["kind"] for e in me.evaluate("() => window.pokerfloorTable.state.update.hand.events")]
    assert kinds[len(hand["events"])] in ("check", "call"), kinds


def test_presets_are_a_third_a_half_two_thirds_and_pot_and_before_the_flop_2_5x_and_3x(game: dict[str, Any]) -> None:
    page = game["people"]["host"].page
    sizes = page.evaluate("""async () => {
      const { presets } = await import("/js/amounts.js");
      return [presets({ street: "flop", total_pot: 90 }, { call: [0, 0], bet: [2, 500] }),
              presets({ street: "preflop", total_pot: 3 }, { call: [2, 1], raise_: [4, 200] })];
    }""")
    assert sizes[0] == [["min", 2], ["⅓ pot", 30], ["½ pot", 45], ["⅔ pot", 60], ["pot", 90], ["all-in", 500]]
    assert sizes[1] == [["min", 4], ["2.5x", 5], ["3x", 6], ["pot", 6], ["all-in", 200]]
    fixed = page.evaluate("""async () => {
      const { presets } = await import("/js/amounts.js");
      return presets({ street: "flop", total_pot: 90 }, { call: [0, 0], bet: [10, 10] });
    }""")
    assert fixed == [], "a limit bet has one amount: no pot-sized presets"
    chosen = page.evaluate("""async () => {
      const { presets } = await import("/js/amounts.js");
      const host = { flop: [0.25, 0.75, 1.5], preflop: [2, 4] };
      return [presets({ street: "flop", total_pot: 100 }, { call: [0, 0], bet: [2, 500] }, host),
              presets({ street: "preflop", total_pot: 3 }, { call: [2, 1], raise_: [4, 200] }, host)];
    }""")
    assert chosen[0] == [["min", 2], ["¼ pot", 25], ["¾ pot", 75], ["150% pot", 150], ["pot", 100], ["all-in", 500]]
    assert chosen[1] == [["min", 4], ["2x", 4], ["4x", 8], ["pot", 6], ["all-in", 200]], "the host's presets"


def test_the_readout_names_the_hand_you_hold(game: dict[str, Any]) -> None:
    page = game["people"]["host"].page
    said = page.evaluate("""async () => {
      const { readout } = await import("/js/holding.js");
      const say = (hole, board) => readout({ seats: [1], folded: [], holes: { 1: hole }, board }, 1);
      return [say(["Kh", "5d"], ["Ks", "5c", "2h"]), say(["Ah", "2d"], ["3s", "4c", "5h", "Kd"]),
              say(["9h", "9d"], ["9s", "Kc", "Kh"]), say(["Ah", "Ad"], []),
              say(["Ah", "Ad", "Kc", "Kd"], ["As", "7c", "2h"]), say(["Ah", "2h", "3d", "4d"], ["Kh", "Qh", "Jh"]),
              say(["Ah", "Kh"], ["Qh", "Jh", "Th"]), say(["7c", "2d"], ["9s", "Jh", "4c"])];
    }""")
    assert said == [
        "you have: two pair, kings and fives", "you have: straight, five high",
        "you have: full house, nines full of kings", "you have: a pair of aces",
        "you have: three of a kind, aces",  # Omaha: two of the hole cards, three of the board
        "you have: flush, ace high", "you have: royal flush", "you have: high card, jack high",
    ]
    lows = page.evaluate("""async () => {
      const { readout } = await import("/js/holding.js");
      const say = (variant, hole, board) =>
        readout({ game: { variant }, seats: [1], folded: [], holes: { 1: hole }, board }, 1);
      return [say("razz", ["Ah", "2d", "3c", "4s", "5h", "Kd", "Kc"], []),
              say("deuce_seven_triple", ["7h", "5d", "4c", "3s", "2h"], []),
              say("badugi", ["Ah", "2d", "3c", "4s"], []), say("short_deck", ["Ah", "Kh"], ["Qh", "Jh", "6c"]),
              say("omaha_hilo", ["Ah", "2d", "Kc", "Kd"], ["As", "7c", "3h"])];
    }""")
    assert lows == ["", "", "", "", "you have (high): one pair, aces"], "no low or badugi hand named as a high one"
    me, _ = actor(game)
    hand = me.evaluate("() => window.pokerfloorTable.state.update.hand")
    text = me.locator("#holding").inner_text()
    if len(hand["board"]) >= 3:
        assert text.startswith("you have: ")
    else:
        assert text in ("", *(f"you have: a pair of {r}" for r in ("deuces", "aces", "kings", "queens", "jacks", "tens",
                                                                   "nines", "eights", "sevens", "sixes", "fives",
                                                                   "fours", "threes")))


def test_the_deck_has_four_colours_or_two(game: dict[str, Any]) -> None:
    page = game["people"]["host"].page
    colour = """() => { const c = document.createElement("span"); c.className = "card suit-d";
      document.body.append(c); const v = getComputedStyle(c).color; c.remove(); return v }"""
    assert page.evaluate(colour) == "rgb(31, 99, 198)"  # four colours: diamonds blue
    settings(page)
    page.select_option("#deck-colours", "2")
    assert page.evaluate(colour) == "rgb(192, 57, 43)"  # two colours: diamonds red
    page.reload()
    assert page.evaluate(colour) == "rgb(192, 57, 43)"
    settings(page)
    page.select_option("#deck-colours", "4")


def test_dealing_is_animated_unless_turned_off_or_the_browser_asks_for_less_motion(game: dict[str, Any]) -> None:
    page = game["people"]["Ann"].page
    dealt = "() => [...document.querySelectorAll('.card.dealt')].length"
    animation = """() => { const c = document.createElement("span"); c.className = "card dealt";
      document.body.append(c); const v = getComputedStyle(c).animationName; c.remove(); return v }"""
    assert page.evaluate(animation) == "deal-in"
    settings(page)
    page.uncheck("#motion-on")
    assert page.evaluate(animation) == "none"
    assert page.evaluate("() => document.body.dataset.motion") == "off"
    page.check("#motion-on")
    page.keyboard.press("Escape")
    # A browser asking for reduced motion: nothing moves, whatever the box says.
    with visit(game["browser"], game["server"], "calm") as calm:
        calm.page.emulate_media(reduced_motion="reduce")
        calm.page.goto(game["link"])
        expect(calm.page.locator("body")).to_have_attribute("data-motion", "off")
        assert calm.page.evaluate(animation) == "none"
        assert calm.page.evaluate(dealt) == 0
    # Only what is new is animated: a card drawn again (each update redraws) does not move again.
    assert page.evaluate("""async () => {
      const { fresh } = await import("/js/motion.js");
      return [fresh(-1, "board 0 0", true), fresh(-1, "board 0 0", true), fresh(-2, "board 0 0", false)];
    }""") == [True, False, False]
