"""The host link keeps its token out of the browser's history (issue 34, finding 12): the page
stores the token and replaces itself by its address without the fragment before it is built,
so no history entry and no navigation of this tab holds the token."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.server.conftest import GAME
from tests.server.served import serving
from tests.web.conftest import visit


def test_the_host_link_leaves_no_token_in_the_history_or_the_address(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path / "link.db") as served:
        host = served.client()
        created = host.reply({"type": "create_table", "game": GAME, "seats": 6})
        table_id, token = created["table_id"], created["host_token"]
        base = f"http://127.0.0.1:{served.port}"
        try:
            with visit(browser, base, "host") as visitor:
                page = visitor.page
                page.goto(f"{base}/")           # the page the host came from: one entry before the link
                before = page.evaluate("() => history.length")
                page.goto(f"{base}/table.html?t={table_id}#host={token}")
                expect(page.locator("body[data-role='host']")).to_be_attached()
                assert token not in page.url
                navigations = page.evaluate("() => performance.getEntriesByType('navigation').map((e) => e.name)")
                assert navigations and all(token not in name for name in navigations), navigations
                assert page.evaluate("() => history.length") == before + 1     # the table's one entry: no other
                assert token in page.evaluate("() => JSON.stringify(localStorage)")
                page.go_back()
                page.wait_for_url(f"{base}/")
                page.go_forward()
                page.wait_for_url(f"{base}/table.html?t={table_id}")
                assert token not in page.url
                expect(page.locator("body[data-role='host']")).to_be_attached()
        finally:
            host.close()
