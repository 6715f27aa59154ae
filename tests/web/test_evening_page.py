"""A real evening at the table, the page's side (issue 35, findings 4 to 9 and 11): the words the
page says and the buttons it offers follow the player's state and the server's fields of protocol
revision 6 (docs/protocol.md): a table's name, game and stakes in the header, the next game of a
mixed game announced, only the seat's own buttons that apply, "post now or wait for the big
blind" asked and never answered for the player, a removal told, an amount under the minimum
refused with the minimum, no internal code in a sentence, a disconnected player and a declared
straddle shown to everyone, the chat kept over a reload, no chat box for a spectator, the host's
panel showing its values and never opening over a hand by itself, a game-aware lobby and a dark
ledger.

One table for the module (the house's bots and the host in seat 1, `bots_table`), paused at the
host's turn; a state the server reaches only rarely is drawn from the page's latest update with
that part added, as the server sends it."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import SHOTS, Client, hosts_turn, visit


def draw(page: Page, change: str) -> None:
    """Draw the table as it was paused at the host's turn with ``change`` (JavaScript on ``u``, the
    update, and ``me``, the host's seat) applied, as the server would send it."""
    page.evaluate(f"""() => {{
      const t = window.pokerfloorTable;
      t.pristine ??= structuredClone(t.state.update);     // each test's change on the table as it was
      const u = structuredClone(t.pristine);
      u.seq = t.state.update.seq;
      const me = u.you.seat;
      {change};
      t.conn.onFrame(u);
    }}""")


def sent(client: Client, kind: str) -> list[dict[str, object]]:
    frames = [json.loads(text) for text in client.sent]
    return [f for f in frames if f.get("type") == kind]


def test_the_header_names_the_table_its_game_and_stakes_not_its_id(bots_table: Client) -> None:
    page = bots_table.page
    hosts_turn(page)
    table_id = bots_table.state()["table"]["table_id"]
    header = page.locator("header")
    expect(header).not_to_contain_text(table_id)
    expect(page.locator("#game-now")).to_have_text(re.compile(r"^Pot.limit Omaha 1/2$"))
    expect(page.locator("#status")).to_have_text("paused")
    # Revision 6: the host's name for the table, and a mixed game's next game, announced.
    draw(page, """u.table.name = "Friday game"; u.table.game = { current: { key: "fixed_limit_razz", variant: "razz",
      title: "Limit Razz", stakes: "2/4, bring-in 1" }, next: { key: "fixed_limit_stud", title: "Limit Seven-card stud",
      stakes: "2/4, bring-in 1" }, hands_left: 1, changes: true }""")
    expect(page.locator("#table-name")).to_have_text("Friday game")
    expect(page.locator("#game-now")).to_have_text("Limit Razz 2/4, bring-in 1 · next: Limit Seven-card stud in 1 hand")
    expect(page.locator("#game-change")).to_have_text(
        "The game changes: Limit Seven-card stud (2/4, bring-in 1) from the next hand")


def test_an_amount_under_the_minimum_is_refused_with_the_minimum(bots_table: Client) -> None:
    page = bots_table.page
    hosts_turn(page)
    draw(page, "")
    legal = bots_table.state()["hand"]["legal"]
    low = (legal.get("raise_") or legal.get("bet"))[0]
    acts = len(sent(bots_table, "act"))
    page.fill("#amount", str(low - 1))
    expect(page.locator("#amount-note")).to_contain_text(f"is {'' if legal.get('bet') else 'to '}{low}.")
    expect(page.locator("#actions .act.wager")).to_be_disabled()
    page.press("#amount", "Enter")
    page.wait_for_timeout(200)
    assert len(sent(bots_table, "act")) == acts          # nothing sent, nothing changed for the player
    assert page.input_value("#amount") == str(low - 1)
    page.fill("#amount", str(low))
    expect(page.locator("#amount-note")).to_have_text("")
    expect(page.locator("#actions .act.wager")).to_be_enabled()


def test_the_seats_buttons_follow_its_state_and_coming_back_asks_post_or_wait(bots_table: Client) -> None:
    page = bots_table.page
    hosts_turn(page)
    draw(page, "")
    expect(page.locator("#sit-out")).to_be_attached()
    for hidden in ("#sit-in",):
        expect(page.locator(hidden)).to_be_hidden()
    # Revision 6: the server's `you.can`.
    draw(page, 'u.you.can = ["sit_in", "post_now", "leave", "chat"]; u.table.seats[me].status = "sitting_out"')
    for hidden in ("#sit-out", "#straddle", "#top-up-form", "#sit-in"):
        expect(page.locator(hidden)).to_be_hidden()
    bar = page.locator("#me-bar")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("wait for the big blind")
    posts = len(sent(bots_table, "sit_in"))
    page.wait_for_timeout(300)
    assert len(sent(bots_table, "sit_in")) == posts     # nothing posted without the player's choice
    for size, (width, height) in {"phone": (390, 844), "phone-landscape": (844, 390)}.items():
        page.set_viewport_size({"width": width, "height": height})
        expect(bar.locator("button.post-now")).to_be_in_viewport()
        expect(bar.locator("button.wait-bb")).to_be_in_viewport()
        page.screenshot(path=str(SHOTS / f"66-evening-come-back-{size}.png"), animations="disabled")
    page.set_viewport_size({"width": 1280, "height": 800})
    # A busted player on a phone rebuys from the bar, not from inside "Chat & log".
    draw(page, 'u.you.can = ["rebuy", "leave"]; u.table.seats[me].chips = 0; u.hand.is_over = true')
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.locator("#me-bar .rebuy-form button")).to_be_in_viewport()
    page.set_viewport_size({"width": 1280, "height": 800})


def test_a_removal_disconnection_and_straddle_are_told(bots_table: Client) -> None:
    page = bots_table.page
    hosts_turn(page)
    seats = sorted(int(s) for s in bots_table.state()["table"]["seats"] if s != "1")
    other, third = seats[0], seats[1]
    draw(page, f"""u.table.seats[{other}].connected = false; u.table.straddles = [{{ seat: {third}, amount: null }}]""")
    expect(page.locator(f".seat[data-seat='{other}'] .badge.offline-badge")).to_have_text("disconnected")
    expect(page.locator(f".seat[data-seat='{third}'] .badge.straddle-badge")).to_have_text("straddles next hand")
    page.evaluate("""() => window.pokerfloorTable.conn.onFrame({ type: "notice", kind: "removed",
      message: "The host removed you from the table; your chips are cashed out in the ledger." })""")
    expect(page.locator("#message")).to_contain_text("The host removed you")
    page.click("#message .close")
    expect(page.locator("#message")).to_be_hidden()


def test_an_error_shows_its_sentence_not_its_code(bots_table: Client) -> None:
    page = bots_table.page
    hosts_turn(page)
    page.evaluate("() => window.pokerfloorTable.act('raise', 1)")
    message = page.locator("#message")
    expect(message).to_be_visible()
    expect(message.locator(".sentence")).not_to_be_empty()
    text = message.inner_text()
    assert "_" not in text and "(" not in text.split("\n")[-1], text
    page.click("#message .close")


def test_the_chat_comes_back_after_a_reload_and_a_spectator_has_no_chat_box(
        bots_table: Client, browser: Browser) -> None:
    page = bots_table.page
    hosts_turn(page)
    draw(page, """u.seq += 1; u.history = [{ kind: "chat", name: "Ann", note: "nice hand", hand: 1 },
      { kind: "sit", name: "Bob", seat: 4, chips: 200, hand: 1 }]; u.events = []""")
    expect(page.locator("#chat-lines li.said")).to_contain_text(["Ann: nice hand"])
    expect(page.locator("#chat-lines li.system").first).to_contain_text("Bob sits down")
    # A spectator at the invite link: no chat box (the host has not let spectators chat).
    table_id = bots_table.state()["table"]["table_id"]
    base = page.url.split("/table.html")[0]
    with visit(browser, base, "guest", size=(1280, 800)) as guest:
        guest.page.goto(f"/table.html?t={table_id}")
        expect(guest.page.locator("body[data-role='spectator']")).to_be_attached()
        expect(guest.page.locator("#chat-lines")).to_be_attached()
        expect(guest.page.locator("#chat-form")).to_be_hidden()


def test_the_host_panel_shows_values_and_never_opens_by_itself_over_a_hand(bots_table: Client) -> None:
    page = bots_table.page
    hosts_turn(page)
    if page.locator("#host").is_visible():
        page.click("#host .panel-close")
    draw(page, """u.table.requests = [{ request_id: "r1", kind: "seat", name: "Zoe", seat: 8, chips: 200 }];
      u.table.settings = { clock: { seconds: 30, time_bank: 60 }, clock_next: null,
      between_hands: { seconds: 3, showdown: 6 }, buy_in: { low: 40, high: 400, rathole_minutes: 20 },
      spectators: true, spectator_chat: false }""")
    expect(page.locator("#host")).to_be_hidden()
    expect(page.locator("#host-toggle .count")).to_have_text("1")
    page.click("#host-toggle")
    expect(page.locator("#requests li")).to_contain_text("Zoe asks for seat 8")
    # Paused: Resume, and neither Start nor Pause beside it.
    expect(page.locator("#resume")).to_be_visible()
    expect(page.locator("#start")).to_be_hidden()
    expect(page.locator("#pause")).to_be_hidden()
    expect(page.locator("#clock-now")).to_have_text("Now: 30 s to act, then a 60 s time bank.")
    values = {"#clock-seconds": "30", "#clock-bank": "60", "#between-seconds": "3", "#between-showdown": "6",
              "#buy-in-low": "40", "#buy-in-high": "400", "#stakes-sb": "1", "#stakes-bb": "2"}
    for box, value in values.items():
        expect(page.locator(box)).to_have_value(value)
    expect(page.locator("#host-link")).to_have_value(page.url.split("#")[0] + "#host=" + page.evaluate(
        "() => JSON.parse(localStorage.getItem('pokerfloor:' + new URLSearchParams(location.search).get('t'))).host"))
    expect(page.locator("#copy-host")).to_be_visible()
    page.click("#host .panel-close")


def test_a_stud_table_is_offered_no_blinds_straddles_or_bomb_pots(bots_table: Client) -> None:
    """The lobby and the host's panel offer only the options of the game chosen."""
    page = bots_table.page
    hosts_turn(page)
    draw(page, """u.hand.game = { ...u.hand.game, variant: "stud", structure: "fixed_limit", small_blind: 0,
      big_blind: 0, bring_in: 1, small_bet: 2, big_bet: 4, ante: 1 };
      u.table.game = { current: { key: "fixed_limit_stud", variant: "stud", structure: "fixed_limit",
        title: "Limit Seven-card stud", stakes: "2/4, ante 1, bring-in 1" },
        next: null, hands_left: null, changes: false }""")
    page.click("#host-toggle")
    for hidden in ("#bomb-form", "#bomb-rule-form", "#stakes-sb", "#stakes-bb"):
        expect(page.locator(hidden)).to_be_hidden()
    # The stakes of a stud game are its bring-in and bets (set_game takes them: issue 35).
    expect(page.locator("#stakes-bring-in")).to_be_visible()
    expect(page.locator("#stakes-now")).to_have_text("Now: bring-in 1, bets 2/4, ante 1.")
    page.click("#host .panel-close")
    lobby = bots_table.context.new_page()
    try:
        base = page.url.split("/table.html")[0]
        lobby.goto(f"{base}/")
        for shown in ("#straddles-line", "#button-line", "#presets-preflop", "#bomb-rule", "#run-it-twice"):
            expect(lobby.locator(shown)).to_be_visible()
        lobby.select_option("#variant", "stud")
        for hidden in ("#straddles-line", "#button-line", "#presets-preflop", "#presets-flop", "#bomb-rule",
                       "#run-it-twice", "#blind-bets"):
            expect(lobby.locator(hidden)).to_be_hidden()
        lobby.select_option("#variant", "holdem")
        expect(lobby.locator("#straddles-line")).to_be_visible()
        # The table this browser made: its host link can be copied from the lobby.
        expect(lobby.locator("#mine .copy-host")).to_have_count(1)
    finally:
        lobby.close()


def test_the_ledger_is_dark_like_the_table(bots_table: Client) -> None:
    page = bots_table.page
    ledger = bots_table.context.new_page()
    try:
        ledger.goto(page.url.split("#")[0].replace("/table.html", "/ledger.html"))
        expect(ledger.locator("#ledger tbody tr").first).to_be_attached()
        background = ledger.evaluate("() => getComputedStyle(document.body).backgroundColor")
        red, green, blue = (int(n) for n in background[background.index("(") + 1:-1].split(",")[:3])
        assert red + green + blue < 3 * 80, background
    finally:
        ledger.close()
