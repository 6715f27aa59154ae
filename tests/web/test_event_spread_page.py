"""Issue 38 in the browser, with the event's tables spread (``serve --spread-tables``, two
processes over PostgreSQL): a person's page at a table another process plays. The page is
connected to the floor's process, which plays no table while another lives; its player's hands
are played under the other process's lease (server/event/seated.py). The page shows its own
cards and its turn, its click is made there, and the hand goes on; looked at in a screenshot."""

from __future__ import annotations

import json
import time
from pathlib import Path

from playwright.sync_api import Browser, expect
from sqlalchemy import create_engine
from websockets.sync.client import connect

from pokerfloor.server.bus import ALIVE_SECONDS
from pokerfloor.server.event.hands import table_key
from tests.server.event_play import until
from tests.server.postgres import cluster
from tests.server.test_event_postgres import up
from tests.server.test_event_spread import serve
from tests.server.test_event_spread_persons import lease
from tests.server.test_serve_command import end
from tests.web.conftest import SHOTS, WAIT, free_port, visit

EVENT = {"name": "Spread night", "starting_stack": 5_000, "seats": 6, "between_hands": 0.5, "action_seconds": 60,
         "buy_in": 100, "payouts": [70, 30],
         "levels": [{"small_blind": 25 * 2**k, "big_blind": 50 * 2**k, "minutes": 20} for k in range(8)]}


def test_a_persons_page_at_a_table_another_process_plays(browser: Browser, tmp_path: Path) -> None:
    out = tmp_path / "serve.log"
    with cluster() as url:
        db = create_engine(url)
        port_a, port_b = free_port(), free_port()
        a, b = serve(url, port_a, out), serve(url, port_b, out)
        try:
            up(a, port_a, out)
            up(b, port_b, out)
            time.sleep(ALIVE_SECONDS + 0.5)     # each has heard the other
            named = dict(line.split()[1:] for line in out.read_text().splitlines() if line.startswith("owner "))
            with connect(f"ws://127.0.0.1:{port_a}/event/ws", ping_interval=None) as host:
                host.send(json.dumps({"type": "open_event", "event": EVENT}))
                event_id = until(host, lambda f: f["type"] == "event_opened")["event_id"]
                with visit(browser, f"http://127.0.0.1:{port_a}", "Mia") as mia:
                    page = mia.page
                    page.goto(f"/event.html?e={event_id}")
                    page.fill("#register-name", "Mia")
                    page.click("#register-form button[type=submit]")
                    expect(page.locator("#register-said")).to_have_text("")
                    host.send(json.dumps({"type": "add_bots", "count": 5}))
                    until(host, lambda f: f["type"] == "event_done")
                    host.send(json.dumps({"type": "start_event"}))
                    until(host, lambda f: f["type"] == "event_done")
                    button = page.locator("#event-actions button[data-action]").first
                    expect(button).to_be_visible(timeout=WAIT * 3)      # her turn, at a hand played away
                    you = page.evaluate("() => window.pokerfloorEvent.last.you")
                    held = lease(db, table_key(event_id, you["table"]))
                    assert held is not None and held[0] == named[str(port_b)] != named[str(port_a)]
                    expect(page.locator("#my-cards > *")).to_have_count(2)     # her own cards
                    hand = page.evaluate("() => window.pokerfloorEvent.last.table.hand")
                    assert all(c is None for s, cards in hand["holes"].items() if s != str(you["seat"]) for c in cards)
                    SHOTS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(SHOTS / "event-player-spread-turn.png"))
                    action = next(a for a in ("check", "call", "fold")
                                  if page.locator(f"#event-actions button[data-action={a}]").count())
                    acted_at = len(hand["events"])
                    page.click(f"#event-actions button[data-action={action}]")
                    page.wait_for_function(      # made at the other process, and the page told
                        "n => { const h = window.pokerfloorEvent.last.table?.hand;"
                        " return !!h && h.events.length > n; }", arg=acted_at, timeout=WAIT)
                    made = page.evaluate(f"() => window.pokerfloorEvent.last.table.hand.events[{acted_at}]")
                    assert made["kind"] == action and made["seat"] == you["seat"], made
                    page.screenshot(path=str(SHOTS / "event-player-spread-acted.png"))
        finally:
            end(a)
            end(b)
