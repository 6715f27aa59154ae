"""Bots at a served table are clients of the protocol: three of them play a real server process
until the host pauses the game, and the ledger balances."""

from __future__ import annotations

import threading
import time
import urllib.request
from pathlib import Path

import pytest

from pokerfloor.server.botclient import RUN_IT_TWICE, parse_table_url, play, run_it_answer
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


def test_each_style_answers_the_run_it_twice_offer() -> None:
    """docs/protocol.md, run it twice: a bot answers an offer that asks its seat, once; the
    maniac declines, every other style agrees."""
    offer = {"hand": 3, "seats": [2, 5], "answers": {}, "left": 20.0}
    update = {"offer": offer, "you": {"seat": 5}}
    assert run_it_answer(update, "pro") == {"type": "run_it", "twice": True}
    assert run_it_answer(update, "maniac") == {"type": "run_it", "twice": False}
    assert {style: run_it_answer(update, style)["twice"] for style in RUN_IT_TWICE} == RUN_IT_TWICE  # type: ignore[index]
    assert run_it_answer({**update, "you": {"seat": 1}}, "pro") is None           # not asked
    assert run_it_answer({**update, "offer": {**offer, "answers": {"5": True}}}, "pro") is None
    assert run_it_answer({**update, "offer": None}, "pro") is None


@pytest.mark.parametrize("style", ["station", "maniac"])
def test_a_bot_at_a_served_table_answers_the_run_it_twice_offer(tmp_path: Path, style: str) -> None:
    """The host shoves; once both are all-in the bot answers the offer at once (no waiting out
    the 20 seconds): the station agrees and the board runs twice, the maniac declines."""
    server = Server(tmp_path / "run.db")
    server.start()
    try:
        host = Client(server)
        table_id = host.reply({"type": "create_table", "game": GAME, "seats": 2,
                               "options": {"run_it_twice": True}})["table_id"]
        host.reply({"type": "join", "name": "host", "seat": 1, "chips": 200})
        link = f"http://127.0.0.1:{server.port}/?table={table_id}"
        bot = threading.Thread(target=play, args=(link,), kwargs={"name": "b", "seat": 2, "chips": 200, "style": style})
        bot.start()
        for _ in range(200):
            if "2" in host.state()["table"]["seats"]:
                break
            time.sleep(0.02)
        host.reply({"type": "start"})
        runs, shoved, took, started, deadline = 0, 0, 0.0, 0.0, time.monotonic() + 60
        while not runs and time.monotonic() < deadline:
            state = host.state()
            number, hand, you, asked = state["table"]["hand_number"], state["hand"], state["you"], state["offer"]
            if asked and "2" in asked["answers"] and "1" not in asked["answers"]:
                host.reply({"type": "run_it", "twice": True})
            elif hand and hand["is_over"] and number == shoved and not hand["folded"]:
                runs, took = hand["runs"], time.monotonic() - started       # both all-in to the end
            elif hand and not hand["is_over"] and you["turn_token"] and number != shoved:
                legal = hand["legal"]
                action, to = ("raise", legal["raise_"][1]) if "raise_" in legal else ("call", None)
                shoved, started = number, time.monotonic()
                host.reply({"type": "act", "hand": number, "action": action, "to": to,
                            "turn_token": you["turn_token"], "client_action_id": you["turn_token"]})
            time.sleep(0.02)
        assert runs == (2 if RUN_IT_TWICE[style] else 1)
        assert took < 10        # answered: the offer's 20 seconds did not run out
        host.reply({"type": "pause"})
        bot.join(30)
    finally:
        server.stop()
