"""Bots at a served table are clients of the protocol: three of them play a real server process
until the host pauses the game, and the ledger balances; the house's bots (``serve --bots``) play
on through pauses, rebuys and a server restart."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pokerfloor.server.botclient import (
    ICM_DEAL,
    RUN_IT_TWICE,
    SeatLost,
    _Seat,
    deal_answer,
    house_table,
    parse_table_url,
    play,
    run_it_answer,
)
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


def test_each_style_answers_the_icm_deal() -> None:
    """docs/protocol.md, tournaments: a bot answers the host's ICM deal offered to it until it
    has accepted; the maniac declines (it plays on for first), every other style accepts."""
    tournament = {"deal": {"p1": 61.5, "p2": 38.5}, "deal_accepted": []}
    update = {"table": {"tournament": tournament}, "you": {"player_id": "p2"}}
    assert deal_answer(update, "pro") == {"type": "answer_deal", "accept": True}
    assert deal_answer(update, "maniac") == {"type": "answer_deal", "accept": False}
    assert {style: deal_answer(update, style)["accept"] for style in ICM_DEAL} == ICM_DEAL  # type: ignore[index]
    assert deal_answer({**update, "you": {"player_id": "p3"}}, "pro") is None       # not in it
    assert deal_answer({**update, "table": {"tournament": {**tournament, "deal_accepted": ["p2"]}}}, "pro") is None
    assert deal_answer({**update, "table": {"tournament": {**tournament, "deal": None}}}, "pro") is None
    assert deal_answer({**update, "table": {"tournament": None}}, "pro") is None     # a cash game


@pytest.mark.parametrize(("styles", "dealt"), [(("pro", "station"), True), (("rock", "maniac"), False)])
def test_bots_at_a_served_sit_and_go_answer_the_host_s_icm_deal(
    tmp_path: Path, styles: tuple[str, str], dealt: bool,
) -> None:
    """The host offers a deal by ICM before the first hand; two bots answer it on their own:
    two that accept end the tournament by the deal (each paid half, their stacks equal), a
    maniac's decline withdraws the offer and the tournament goes on."""
    server = Server(tmp_path / "deal.db")
    server.start()
    stop, bots = threading.Event(), []
    try:
        host = Client(server)
        tournament = {"starting_stack": 300, "levels": [{"small_blind": 5, "big_blind": 10}], "payouts": [65, 35]}
        table_id = host.reply({"type": "create_table", "game": GAME, "seats": 3,
                               "options": {"tournament": tournament}})["table_id"]
        link = f"http://127.0.0.1:{server.port}/?table={table_id}"
        bots += [threading.Thread(target=play, args=(link,), kwargs={
            "name": style, "seat": seat, "chips": 300, "style": style, "stop": stop})
            for seat, style in enumerate(styles, start=1)]
        for bot in bots:
            bot.start()
        deadline = time.monotonic() + 30
        while len(host.state()["table"]["seats"]) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert host.reply({"type": "offer_deal"})["type"] == "ack"
        while time.monotonic() < deadline:
            sng = host.state()["table"]["tournament"]
            if sng["over"] or sng["deal"] is None:
                break
            time.sleep(0.02)
        assert sng["over"] is dealt and sng["deal"] is None
        if dealt:
            assert sorted((p["payout"], p["deal"]) for p in sng["places"]) == [(50.0, True), (50.0, True)]
        else:
            assert sng["places"] == [] and host.state()["table"]["hand_number"] == 0
    finally:
        stop.set()
        for bot in bots:
            bot.join(30)
        server.stop()


def _fresh(server: Server, table_id: str, token: str) -> dict[str, Any]:
    """The host's picture of the table now, from a connection of its own."""
    client = Client(server)
    try:
        client.reply({"type": "hello", "version": 1, "table_id": table_id, "token": token})
        return client.reply({"type": "resync", "last_seq": 0})
    finally:
        client.ws.close()


def _hands_reach(server: Server, table_id: str, token: str, number: int, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        state = _fresh(server, table_id, token)
        if state["table"]["hand_number"] >= number or time.monotonic() > deadline:
            return state
        time.sleep(0.2)


def test_house_bots_deal_at_once_and_come_back_after_the_server_restarts(tmp_path: Path) -> None:
    """``serve --bots``: the house seats its bots (approving them when seats need approval) and
    starts the game, so hands are dealt with no one at the page; SIGKILL the server and start it
    again on the same store and port: each bot reconnects with its own seat token and play goes
    on (before, a bot's thread died when its socket did, or after 60 s with no frame)."""
    server = Server(tmp_path / "house.db")
    server.start()
    told: list[str] = []
    house = None
    try:
        house = house_table(f"http://127.0.0.1:{server.port}", 3, approval=True, say=told.append)
        before = _hands_reach(server, house.table_id, house.host_token, 3)
        assert before["table"]["hand_number"] >= 3
        assert {p["name"]: int(s) for s, p in before["table"]["seats"].items()} == {"bot1": 2, "bot2": 3, "bot3": 4}
        server.stop()
        server.start()
        reached = before["table"]["hand_number"] + 3
        after = _hands_reach(server, house.table_id, house.host_token, reached)
        assert after["table"]["hand_number"] >= reached, (after["table"]["hand_number"], told)
        assert sorted(p["name"] for p in after["table"]["seats"].values()) == ["bot1", "bot2", "bot3"]
        assert any("connection lost" in line for line in told)
        assert all(thread.is_alive() for thread in house.bots)
    finally:
        if house is not None:
            house.stop.set()
            for thread in house.bots:
                thread.join(10)
        server.stop()
    assert not any(thread.is_alive() for thread in house.bots)


def test_a_house_bot_waits_out_a_pause_and_plays_on() -> None:
    """A house bot stays through a pause between hands (a ``pokerfloor bot`` leaves then); the
    game's end ends it. The update alone decides: no server needed."""
    stay = _seat(stay=True)
    update = {"table": {"ended": False, "paused": True, "hand_number": 4, "seats": {}},
              "you": {"seat": 2, "role": "player", "turn_token": None}, "hand": None, "offer": None}
    assert stay.update(None, update, set(), set()) is False        # type: ignore[arg-type]
    assert _seat(stay=False).update(None, update, set(), set()) is True   # type: ignore[arg-type]
    ended = {**update, "table": {**update["table"], "ended": True}}
    assert stay.update(None, ended, set(), set()) is True           # type: ignore[arg-type]


def test_a_house_bot_rebuys_once_a_hand_when_broke() -> None:
    sent: list[str] = []

    class Socket:
        def send(self, text: str) -> None:
            sent.append(text)

    held = _seat(stay=True, rebuy=True)
    update = {"table": {"ended": False, "paused": False, "hand_number": 7, "seats": {"2": {"name": "b", "chips": 0}}},
              "you": {"seat": 2, "role": "player", "turn_token": None}, "hand": None, "offer": None}
    held.update(Socket(), update, set(), set())   # type: ignore[arg-type]
    held.update(Socket(), update, set(), set())   # type: ignore[arg-type]
    assert [json.loads(s) for s in sent] == [{"type": "top_up", "chips": 200, "post": True}]


def test_a_bot_whose_seat_the_host_removed_stops() -> None:
    held = _seat(stay=True)
    seated = {"table": {"ended": False, "paused": False, "hand_number": 1, "seats": {}},
              "you": {"seat": 2, "role": "player", "turn_token": None}, "hand": None, "offer": None}
    held.update(None, seated, set(), set())   # type: ignore[arg-type]
    with pytest.raises(SeatLost):
        held.update(None, {**seated, "you": {"seat": None, "role": "guest", "turn_token": None}}, set(), set())  # type: ignore[arg-type]


def _seat(*, stay: bool, rebuy: bool = False) -> _Seat:
    import random

    return _Seat("b", 2, 200, "pro", None, "t" * 32, True, stay, rebuy, 0.0, random.Random(1), threading.Event())


def test_an_invite_link_names_the_table() -> None:
    assert parse_table_url("http://127.0.0.1:8000/table.html?t=abc") == ("ws://127.0.0.1:8000/ws", "abc")
    assert parse_table_url("https://poker.example.com/table.html?t=abc") == ("wss://poker.example.com/ws", "abc")
    with pytest.raises(ValueError):
        parse_table_url("http://h:1/table.html#host=secret")     # a host token is no table id


def test_a_guests_update_before_the_welcome_is_not_read_as_a_lost_seat() -> None:
    """A reconnecting bot is held as a guest until its hello is answered: an update broadcast in
    between has no seat for it. Before, the bot took that for the host removing its seat and
    left, and a hand waiting for its action stalled (seen once: the restart test stuck at hand 6)."""
    table = {"ended": False, "paused": False, "hand_number": 3, "seats": {"2": {"name": "b", "chips": 200}}}
    frames = [
        {"type": "update", "table": table, "you": {"seat": None, "role": "guest", "turn_token": None},
         "hand": None, "offer": None},
        {"type": "welcome", "role": "player", "seat": 2},
        {"type": "update", "table": {**table, "ended": True}, "you": {"seat": 2, "role": "player", "turn_token": None},
         "hand": None, "offer": None},
    ]

    class Socket:
        def send(self, _text: str) -> None:
            pass

        def recv(self, timeout: float) -> str:
            return json.dumps(frames.pop(0))

    held = _seat(stay=True)
    held.had_seat = True                     # it sat before the connection dropped
    assert held.session(Socket(), "T")["table"]["ended"] is True   # type: ignore[arg-type,index]
