"""The ledger page's Net column and its settle-up agree at every moment (issue 35, finding 10:
mid-hand the page showed "Net -69" beside "pays 60"): both are the server's summary.json
(`players[].result` and `settle_up`, from `Ledger.results`), a hand in play counting once it
ends, never worked out on the page from the live stacks."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from tests.web.conftest import check_or_call, to_act


def test_the_net_column_is_the_summarys_result_mid_hand(game_table: Callable[..., Any]) -> None:
    with game_table("") as (host, players, _):
        host.page.click("#start")
        # Chips go into the pot: a call puts both players' blinds level, the hand still in play.
        person = to_act(host, players)
        assert person is not None
        check_or_call(person)
        update = host.state()
        assert update["hand"] is not None and not update["hand"]["is_over"]
        ledger = host.context.new_page()
        host.watch(ledger)
        table_id = update["table"]["table_id"]
        ledger.goto(f"/ledger.html?t={table_id}")
        summary = json.loads(ledger.request.get(f"/api/tables/{table_id}/summary.json").text())
        assert {p["result"] for p in summary["players"]} == {0}
        for seat in (1, 2):
            row = ledger.locator(f"#ledger tr[data-seat='{seat}'] td")
            expect(row.nth(4)).to_have_text("0")      # Net: nothing won or lost until the hand ends
            expect(row.nth(2)).to_have_text("100")    # bought in
        expect(ledger.locator("#transfers")).to_have_text("nobody owes anybody")
        ledger.close()
