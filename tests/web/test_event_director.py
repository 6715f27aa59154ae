"""Issue 38: the host's remove, move and payout change have buttons on the tournament lobby (the
host's page): each sends its command, and the page says what the server did or why it refused
(a seat that is not free), and why a waiting move was dropped. The host's lobby is looked at in
screenshots at the four sizes."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

from tests.web.conftest import SHOTS, WAIT, visit
from tests.web.layout import SIZES
from tests.web.test_event_pages import EVENT, event_server  # noqa: F401 - the fixture, a server of its own here


def _answer(ws: Any, kind: str) -> dict[str, Any]:
    while (frame := json.loads(ws.recv(timeout=20)))["type"] not in (kind, "error"):
        pass
    assert frame["type"] == kind, frame
    return frame  # type: ignore[no-any-return]


def test_the_hosts_lobby_removes_moves_and_changes_payouts(browser: Browser, event_server: str) -> None:  # noqa: F811
    with connect(event_server.replace("http", "ws") + "/event/ws") as ws:
        ws.send(json.dumps({"type": "open_event", "event": EVENT}))
        opened = _answer(ws, "event_opened")
        ws.send(json.dumps({"type": "add_bots", "count": 8}))
        _answer(ws, "event_done")
    event_id, token = opened["event_id"], opened["host_token"]
    with visit(browser, event_server, "host", size=SIZES["laptop"]) as host:
        page = host.page
        page.add_init_script(HOLD)      # (its sockets listed: a frame is handed to the page below)
        page.goto(f"/tournament.html?e={event_id}#host={token}")
        expect(page.locator("#director")).to_be_visible(timeout=WAIT)
        page.fill("#d-payouts", "60, 40")
        page.click("[data-director=set_payouts]")
        expect(page.locator("#host-said")).to_have_text("The payouts are changed.", timeout=WAIT)
        expect(page.locator("#payouts li")).to_have_count(2)
        page.fill("#d-name", "bot 1")
        page.fill("#d-table", "9")
        page.fill("#d-seat", "1")
        page.click("[data-director=move_entry]")
        expect(page.locator("#host-said")).to_contain_text("not a free seat", timeout=WAIT)
        # A waiting move that could no longer be made is dropped and the director told why, in
        # words (the server's side: tests/server/test_event_moves.py).
        text = ("The move of bot 1 to table 2, seat 3 is dropped: bot 4 sits there now. Move them again if you"
                " still want it.")
        frame = {"type": "move_dropped", "name": "bot 1", "table": 2, "seat": 3, "reason": "seat_taken", "text": text}
        page.evaluate("(f) => window.__sockets.at(-1).dispatchEvent(new MessageEvent('message', {data: f}))",
                      json.dumps(frame))
        expect(page.locator("#host-said")).to_have_text(text)
        page.click("[data-host=start_event]")
        expect(page.locator("#tables")).to_contain_text("bot 2", timeout=WAIT)
        page.fill("#d-name", "bot 2")
        deadline = time.monotonic() + WAIT / 1000
        said, places = page.locator("#host-said"), page.locator("#places")
        while True:     # the director removes a player between their table's hands
            page.click("[data-director=remove_entry]")
            for _ in range(50):     # the answer: removed, or why not (mid-hand); 5 s, then asked again
                if said.text_content():
                    break
                page.wait_for_timeout(100)
            # Removed once bot 2 has a place. A refusal (mid-hand) costs the connection nothing
            # (tests/server/test_error_budget.py), however often the host clicks.
            if said.text_content() == "Removed." or "bot 2" in (places.text_content() or ""):
                break
            assert time.monotonic() < deadline, said.text_content()
            page.wait_for_timeout(300)
        expect(page.locator("#places")).to_contain_text("bot 2", timeout=WAIT)
    for size, screen in SIZES.items():
        with visit(browser, event_server, "host", size=screen) as host:
            page = host.page
            page.goto(f"/tournament.html?e={event_id}#host={token}")
            expect(page.locator("#director")).to_be_visible(timeout=WAIT)
            expect(page.locator("#lobby-blinds")).to_contain_text("/")
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
            page.screenshot(path=str(SHOTS / f"event-lobby-host-{size}.png"), full_page=True)


# A WebSocket the test holds down: while ``__hold`` is set, every socket the page opens goes to a
# closed port and fails, so the page stays reconnecting for as long as the test needs. While
# ``__deaf`` is set the page does not hear its socket close (``__hear`` tells it): the moment
# between a socket dropping and the page knowing it, when its controls are not yet greyed.
HOLD = """
window.__hold = false;
window.__deaf = false;
window.__unheard = [];
window.__sockets = [];
const Real = window.WebSocket;
window.WebSocket = class extends Real {
  constructor(url, ...rest) { super(window.__hold ? "ws://127.0.0.1:9/" : url, ...rest); window.__sockets.push(this); }
  addEventListener(type, listener, ...rest) {
    const heard = type !== "close" ? listener
      : (e) => window.__deaf ? window.__unheard.push(() => listener(e)) : listener(e);
    super.addEventListener(type, heard, ...rest);
  }
};
window.__hear = () => { window.__deaf = false; for (const told of window.__unheard.splice(0)) told(); };
"""
UNSENT = "Reconnecting: that click was not sent. Try it again in a moment."
BACK = "Connected again. A click made while reconnecting was not sent: make it again if you still want it."


def _drop(page: Page, *, deaf: bool = False) -> None:
    """The page's socket drops and stays down (``__hold``); with ``deaf``, the page has not yet
    heard it (``__hear``)."""
    expect(page.locator("body")).to_have_attribute("data-connection", "open", timeout=WAIT)
    page.evaluate("(deaf) => { window.__hold = true; window.__deaf = deaf; window.__sockets.at(-1).close(); }", deaf)
    if not deaf:
        expect(page.locator("body")).to_have_attribute("data-connection", "closed")


def test_a_click_while_the_page_reconnects_is_said_not_sent_and_not_sent_later(
        browser: Browser, event_server: str) -> None:  # noqa: F811
    """The event's pages send a frame only while their socket is open (event-conn.js): a click
    made as it drops, before the page hears of it, is said in words not to be sent, and is not
    sent once the socket is back (no event command carries a turn token, so a late one could act
    on another turn); once the page hears of it its buttons are greyed; it says so again when it
    is back, and the click made again is done once. The host's lobby (a bot added) and a player's
    page (registering); the words looked at in screenshots at four sizes."""
    with connect(event_server.replace("http", "ws") + "/event/ws") as ws:
        ws.send(json.dumps({"type": "open_event", "event": EVENT}))
        opened = _answer(ws, "event_opened")
    event_id, token = opened["event_id"], opened["host_token"]
    # (the page logs the sockets held down to a closed port: expected)
    with visit(browser, event_server, "host", phone=True, expected="ws://127.0.0.1:9/") as host, \
            visit(browser, event_server, "Ann", phone=True, expected="ws://127.0.0.1:9/") as ann:
        lobby, player = host.page, ann.page
        for page in (lobby, player):
            page.add_init_script(HOLD)
        lobby.goto(f"/tournament.html?e={event_id}#host={token}")
        expect(lobby.locator("#host-bar")).to_be_visible()
        _drop(lobby, deaf=True)         # (a click in the moment before the page hears of it)
        lobby.click("[data-host=add_bots]")
        said = lobby.locator("#unsent")
        expect(said).to_have_text(UNSENT)
        expect(said).to_be_visible()
        SHOTS.mkdir(parents=True, exist_ok=True)
        for size, (width, height) in SIZES.items():
            lobby.set_viewport_size({"width": width, "height": height})
            assert lobby.evaluate("() => { const r = document.getElementById('unsent').getBoundingClientRect();"
                                  " return r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight"
                                  " && document.documentElement.scrollWidth <= innerWidth }"), size
            lobby.screenshot(path=str(SHOTS / f"event-lobby-unsent-{size}.png"))
        lobby.evaluate("() => window.__hear()")        # then the host's buttons are greyed
        for button in (lobby.locator("[data-host=add_bots]"), lobby.locator("[data-director=move_entry]")):
            expect(button).to_be_disabled()
        lobby.evaluate("() => { window.__hold = false }")
        expect(said).to_have_text(BACK, timeout=WAIT)
        expect(lobby.locator("[data-host=add_bots]")).to_be_enabled()
        lobby.click("[data-host=add_bots]")
        expect(said).to_be_hidden()
        expect(lobby.locator("#registered")).to_have_text("bot 1", timeout=WAIT)
        player.goto(f"/event.html?e={event_id}")
        player.fill("#register-name", "Ann")
        _drop(player, deaf=True)
        player.click("#register-form button[type=submit]")
        expect(player.locator("#unsent")).to_have_text(UNSENT)
        player.screenshot(path=str(SHOTS / "event-player-unsent-phone.png"))
        player.evaluate("() => window.__hear()")
        expect(player.locator("#register-form button[type=submit]")).to_be_disabled()
        player.evaluate("() => { window.__hold = false }")
        expect(player.locator("#unsent")).to_have_text(BACK, timeout=WAIT)
        player.click("#unsent")                                     # closed by a click on it
        expect(player.locator("#unsent")).to_be_hidden()
        player.click("#register-form button[type=submit]")
        expect(player.locator("#unsent")).to_be_hidden()
        expect(lobby.locator("#registered")).to_have_text("Ann, bot 1", timeout=WAIT)
        # Each click made while reconnecting was not sent, then or later: each went out once, when
        # it was made again.
        sent = [json.loads(text)["type"] for text in host.sent + ann.sent]
        assert (sent.count("add_bots"), sent.count("register")) == (1, 1), sent


def test_a_players_action_buttons_are_greyed_while_the_page_reconnects(browser: Browser, event_server: str) -> None:  # noqa: F811
    """Issue 38: on her turn, Ann's page shows her actions; while its socket is down they are
    greyed (disabled) and a click on one sends nothing; once the page is connected again they are
    given back and her fold goes out once. Looked at in screenshots at the four sizes."""
    with connect(event_server.replace("http", "ws") + "/event/ws") as ws:
        ws.send(json.dumps({"type": "open_event", "event": {**EVENT, "action_seconds": 120}}))
        event_id = _answer(ws, "event_opened")["event_id"]
        with visit(browser, event_server, "Ann", phone=True, expected="ws://127.0.0.1:9/") as ann:
            page = ann.page
            page.add_init_script(HOLD)
            page.goto(f"/event.html?e={event_id}")
            page.fill("#register-name", "Ann")
            page.click("#register-form button[type=submit]")
            expect(page.locator("#register")).to_be_hidden(timeout=WAIT)
            ws.send(json.dumps({"type": "add_bots", "count": 3}))
            _answer(ws, "event_done")
            ws.send(json.dumps({"type": "start_event"}))
            _answer(ws, "event_done")
            fold = page.locator("#event-actions button[data-action=fold]")
            expect(fold).to_be_enabled(timeout=WAIT)            # her turn
            _drop(page)
            controls = page.locator("#event-actions button, #event-actions input")
            assert controls.count() >= 2
            for k in range(controls.count()):
                expect(controls.nth(k)).to_be_disabled()
            fold.click(force=True)                              # (a greyed button: nothing happens)
            SHOTS.mkdir(parents=True, exist_ok=True)
            for size, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), size
                assert page.evaluate("() => getComputedStyle(document.querySelector("
                                     "'#event-actions button')).opacity") == "0.45", size
                page.screenshot(path=str(SHOTS / f"event-player-reconnecting-{size}.png"))
            page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})
            page.evaluate("() => { window.__hold = false }")
            expect(page.locator("body")).to_have_attribute("data-connection", "open", timeout=WAIT)
            expect(fold).to_be_enabled(timeout=WAIT)
            assert not [t for t in ann.sent if json.loads(t)["type"] == "event_act"], ann.sent
            fold.click()
            expect(fold).to_have_count(0, timeout=WAIT)          # her turn is over
            assert [json.loads(t)["action"] for t in ann.sent if json.loads(t)["type"] == "event_act"] == ["fold"]
