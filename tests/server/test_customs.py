"""The house's customs through the protocol (docs/protocol.md, options): show or muck asked of a
hand that can no longer win (TDA 2024 R18), and spectators who opt in and see no hole card."""

from __future__ import annotations

import json
import random
from typing import Any

from starlette.testclient import TestClient

from tests.server.conftest import CARD, GAME, FakeClock, Peer, Session, leaks


def _check_down_to_the_question(game: Session) -> Peer:
    """Check or call until a seat is asked to show or muck; that seat's client."""
    for _ in range(60):
        peer = game.to_act()
        assert peer is not None, "the hand ended without asking anyone to show or muck"
        legal = peer.state["hand"]["legal"]
        if legal.get("muck"):
            return peer
        assert game.act(peer, "check" if legal.get("check") else "call")["type"] == "ack"
    raise AssertionError("no showdown question in 60 actions")


def _answer_the_rest(game: Session, answer: str) -> None:
    """Every other seat asked in this hand answers the same."""
    while not game.room.hands:
        peer = game.to_act()
        assert peer is not None
        assert game.act(peer, answer)["type"] == "ack"
    game.sync()


def _seated(http: TestClient, seed: str, **options: Any) -> tuple[Session, list[Peer]]:
    game = Session(http, seed=seed, auto_muck=False, **options)
    peers = [game.join(f"p{seat}", seat) for seat in (1, 2, 3)]
    game.host.reply({"type": "start"})
    return game, peers


def test_a_hand_that_can_no_longer_win_is_asked_to_show_or_muck_and_may_muck(http: TestClient) -> None:
    """TDA 2024 R18: without auto-muck, the seat answers; its mucked cards reach no one else."""
    game, peers = _seated(http, "00")
    asked = _check_down_to_the_question(game)
    seat = asked.state["you"]["seat"]
    legal = asked.state["hand"]["legal"]
    assert legal["show"] and legal["muck"] and not legal.get("fold")
    hole = asked.state["hand"]["holes"][str(seat)]
    assert game.act(asked, "muck")["type"] == "ack"
    _answer_the_rest(game, "muck")
    hand = game.room.hands[0]
    assert any(e.kind == "muck" and e.seat == seat for e in hand.events)
    assert seat not in hand.result.shown
    for peer in [game.host, *peers]:
        if peer is asked:
            continue
        sent = "".join(json.dumps(f) for f in peer.frames)
        assert not set(CARD.findall(sent)) & set(hole), (peer.name, hole)
    assert any(e["kind"] == "act" and e["action"] == "muck" for e in game.store_inputs())   # in the log
    game.close()


def test_a_hand_asked_may_show_and_is_named_in_the_result(http: TestClient) -> None:
    game, _ = _seated(http, "00")
    asked = _check_down_to_the_question(game)
    seat = asked.state["you"]["seat"]
    assert game.act(asked, "show")["type"] == "ack"
    _answer_the_rest(game, "show")
    hand = game.room.hands[0]
    assert seat in hand.result.shown
    finished = [f for f in game.host.frames if f["type"] == "update" and f["result"]]
    assert finished, "the finished hand's update carries its result"
    result = finished[0]["result"]
    assert str(seat) in result["hands"] and result["awards"]
    game.close()


def test_when_the_clock_runs_out_on_the_question_the_house_mucks(http: TestClient, clock: FakeClock) -> None:
    """The house default applies on the clock: the hand is mucked unseen (TDA 2024 R18)."""
    game, _ = _seated(http, "00", clock={"seconds": 10, "time_bank": 0, "timeouts_to_away": 3})
    asked = _check_down_to_the_question(game)
    seat = asked.state["you"]["seat"]
    for _ in range(200):                      # every seat asked runs out of time in turn
        clock.now += 11
        game.sync()
        if game.room.hands:
            break
    hand = game.room.hands[0]
    assert any(e.kind == "muck" and e.seat == seat for e in hand.events)
    assert any(e["kind"] == "timeout" and e["seat"] == seat for e in game.store_inputs())
    game.close()


def test_a_visitor_sees_no_hand_until_it_opts_in_to_watch(http: TestClient) -> None:
    game, _ = _seated(http, "01")
    visitor = Peer(http, "visitor")
    welcome = visitor.reply({"type": "hello", "version": 1, "table_id": game.table_id})
    assert welcome["role"] == "guest"
    visitor.sync()
    assert visitor.state["you"]["role"] == "guest" and visitor.state["hand"] is None
    assert visitor.state["table"]["seats"]["1"]["name"] == "p1"      # the seats, to ask for one
    assert visitor.reply({"type": "spectate"})["type"] == "ack"
    visitor.sync()
    view = visitor.state["hand"]
    assert visitor.state["you"]["role"] == "spectator" and view is not None
    assert all(card is None for cards in view["holes"].values() for card in cards)
    rail = Peer(http, "rail")
    watching = rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})
    assert watching["role"] == "spectator"
    game.close()
    visitor.close()
    rail.close()


def test_the_host_closes_the_rail_and_spectators_see_no_more(http: TestClient) -> None:
    game, peers = _seated(http, "01")
    rail = Peer(http, "rail")
    rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})
    assert peers[0].reply({"type": "spectators", "allow": False})["code"] == "not_host"
    assert game.host.reply({"type": "spectators", "allow": False})["type"] == "ack"
    rail.sync()
    assert rail.state["you"]["role"] == "guest" and rail.state["hand"] is None
    assert rail.state["table"]["customs"]["spectators"] is False
    assert rail.reply({"type": "spectate"})["code"] == "no_spectators"
    late = Peer(http, "late")
    assert late.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})["code"] == (
        "no_spectators"
    )
    assert game.host.reply({"type": "spectators", "allow": True})["type"] == "ack"
    assert rail.reply({"type": "spectate"})["type"] == "ack"
    assert [e["allow"] for e in game.store_inputs() if e["kind"] == "spectators"] == [False, True]
    server = http.app.state.server  # type: ignore[attr-defined]
    assert server.rebuild(game.table_id, from_snapshot=False).spectators is True
    game.close()
    rail.close()
    late.close()


def test_a_table_opened_without_spectators_refuses_them(http: TestClient) -> None:
    game = Session(http, spectators=False)
    rail = Peer(http, "rail")
    assert rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})["code"] == (
        "no_spectators"
    )
    bad = Peer(http, "bad")
    created = bad.reply({"type": "create_table", "game": GAME, "options": {"rabbit": "yes"}})
    assert created["code"] == "bad_field"
    game.close()
    rail.close()
    bad.close()



def test_no_frame_holds_a_hidden_card_with_every_custom_on(http: TestClient) -> None:
    """A random session with show-or-muck asked, run it twice and rabbit hunting: another
    seat's cards reach a seat or a spectator only once shown (a mucked hand never); a guest
    gets no card at all."""
    game = Session(http, seed="5eed", auto_muck=False, run_it_twice=True, rabbit=True)
    peers = {seat: game.join(f"p{seat}", seat, chips=60) for seat in (1, 2, 3, 4)}
    rail, guest = Peer(http, "rail"), Peer(http, "guest")
    rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})
    guest.reply({"type": "hello", "version": 1, "table_id": game.table_id})
    game.host.reply({"type": "start"})
    rng = random.Random(11)
    for _ in range(600):
        game.sync()
        room = game.room
        if len(room.hands) >= 16 or (not room.in_hand and not room.ready_to_deal()):
            break
        offer = game.host.state.get("offer")
        if offer:
            seat = next(s for s in offer["seats"] if str(s) not in offer["answers"])
            peers[seat].reply({"type": "run_it", "twice": rng.random() < 0.8})
            continue
        peer = next((p for p in peers.values() if p.turn_token), None)
        if peer is None:
            continue
        legal = peer.state["hand"]["legal"]
        roll = rng.random()
        if legal.get("muck"):
            action = "muck" if roll < 0.6 else "show"
        elif "raise_" in legal and roll < 0.1:
            action = "all_in"
        elif "fold" in legal and roll > 0.85:
            action = "fold"
        else:
            action = "check" if legal.get("check") else "call"
        assert game.act(peer, action)["type"] == "ack"
    rail.sync()
    guest.sync()
    hands = dict(enumerate(game.room.hands, 1))
    kinds = {e.kind for h in hands.values() for e in h.events}
    assert {"muck", "run_it"} <= kinds and any(h.runs == 2 for h in hands.values())
    assert any(f["result"] and f["result"]["rabbit"] for f in rail.frames if f["type"] == "update")
    checked = 0
    for peer in [*peers.values(), rail]:
        found, count = leaks(peer, hands, next((s for s, p in peers.items() if p is peer), None))
        assert not found, found
        checked += count
    assert checked > 100
    assert not CARD.findall(json.dumps(guest.frames))
    game.close()
    rail.close()
    guest.close()
