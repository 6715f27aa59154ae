"""Bots at a served table are clients of the protocol: three of them play a real server process
until the host pauses the game, and the ledger balances."""

from __future__ import annotations

import threading
import urllib.request
from pathlib import Path

import pytest

from pokerfloor.server.botclient import parse_table_url, play
from tests.server.test_faults import GAME, Client, Server


def test_a_table_link_gives_the_websocket_and_the_table() -> None:
    assert parse_table_url("http://127.0.0.1:8000/?table=abc") == ("ws://127.0.0.1:8000/ws", "abc")
    assert parse_table_url("ws://h:1/ws#table=xyz") == ("ws://h:1/ws", "xyz")
    with pytest.raises(ValueError):
        parse_table_url("http://h:1/")


def test_bots_play_a_served_table_until_the_host_pauses(tmp_path: Path) -> None:
    server = Server(tmp_path / "bots.db")
    server.start()
    try:
        host = Client(server)
        table_id = host.reply({"type": "create_table", "game": GAME, "seats": 6})["table_id"]
        link = f"http://127.0.0.1:{server.port}/?table={table_id}"
        results: list[dict[str, object]] = []
        threads = [
            threading.Thread(target=lambda n=n: results.append(play(link, name=f"b{n}", seat=n, chips=200)))
            for n in (1, 2, 3)
        ]
        for thread in threads:
            thread.start()
        host.reply({"type": "start"})
        for _ in range(500):
            state = host.reply({"type": "resync", "last_seq": 0})
            if state["table"]["hand_number"] >= 6:
                break
        host.reply({"type": "pause"})
        for thread in threads:
            thread.join(60)
        assert len(results) == 3
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/api/tables/{table_id}/ledger.csv") as got:
            ledger = got.read().decode()
        chips = [int(row.split(",")[-1]) for row in ledger.splitlines()[1:] if row and row.split(",")[2] == "hand"]
        assert chips and sum(chips) == 0
    finally:
        server.stop()
