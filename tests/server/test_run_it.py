"""Run it twice and rabbit hunting through the protocol (docs/protocol.md): the players all-in are
offered to run the board twice, each answer is a stored input, all must agree in time or the board
runs once; the rabbit cards are shown after a hand that ended early and change nothing
(citations.RUN_IT: a casino's published run-it-twice procedure)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from pokerfloor.hand import Hand
from tests.server.conftest import FakeClock, Peer, Session


def _one_hand(http: TestClient, **options: Any) -> tuple[Session, dict[int, Peer]]:
    """ann (seat 1) and bob (seat 2) heads-up, one hand dealt (the host pauses after it)."""
    game = Session(http, seed="0a", **options)
    peers = {1: game.join("ann", 1), 2: game.join("bob", 2)}
    game.host.reply({"type": "start"})
    game.host.reply({"type": "pause"})
    return game, peers


def _all_in_heads_up(http: TestClient, **options: Any) -> tuple[Session, dict[int, Peer]]:
    """Run it twice offered: the first to act moves all-in and the other calls, so the hand
    waits for its run-out."""
    game, peers = _one_hand(http, run_it_twice=True, **options)
    first = game.to_act()
    assert first is not None
    assert game.act(first, "all_in")["type"] == "ack"
    second = game.to_act()
    assert second is not None
    assert game.act(second, "call")["type"] == "ack"
    game.sync()
    return game, peers


def _hand(game: Session) -> Hand:
    hand = game.room.hands[-1] if game.room.hands else game.room.hand
    assert hand is not None
    return hand


def test_both_players_all_in_agree_and_the_board_runs_twice(http: TestClient) -> None:
    game, peers = _all_in_heads_up(http)
    offer = peers[1].state["offer"]
    assert offer is not None and offer["seats"] == [1, 2] and offer["answers"] == {}
    assert game.host.state["offer"] == offer                      # everyone watching sees it
    assert game.room.in_hand and game.room.hand is not None and game.room.hand.awaiting_runout
    assert peers[1].reply({"type": "run_it", "twice": True})["type"] == "ack"
    peers[2].sync()
    assert peers[2].state["offer"]["answers"] == {"1": True}
    assert peers[2].reply({"type": "run_it", "twice": True})["type"] == "ack"
    game.sync()
    hand = _hand(game)
    assert hand.is_over and hand.runs == 2 and len(hand.boards) == 2
    view = peers[1].state["hand"]
    assert view["runs"] == 2 and len(view["boards"]) == 2 and peers[1].state["offer"] is None
    awards = peers[1].state["result"]["awards"]
    assert sorted((a["pot"], a["run"]) for a in awards) == [(0, 0), (0, 1)]   # the pot split between runs
    assert sum(a["amount"] for a in awards) == 400
    inputs = [e for e in game.store_inputs() if e["kind"] == "run_it"]
    assert [e["twice"] for e in inputs] == [True, True]            # each answer is in the log
    server = http.app.state.server  # type: ignore[attr-defined]
    rebuilt = server.rebuild(game.table_id, from_snapshot=False)
    assert [h.record() for h in rebuilt.hands] == [h.record() for h in game.room.hands]
    game.room.table.verify()
    game.close()


def test_one_player_saying_once_runs_the_board_once(http: TestClient) -> None:
    game, peers = _all_in_heads_up(http)
    assert peers[2].reply({"type": "run_it", "twice": False})["type"] == "ack"
    game.sync()
    hand = _hand(game)
    assert hand.is_over and hand.runs == 1 and len(hand.board) == 5
    assert peers[1].reply({"type": "run_it", "twice": True})["code"] == "illegal"   # the question is closed
    game.close()


def test_an_answer_from_outside_the_offer_is_refused_and_changes_nothing(http: TestClient) -> None:
    game, peers = _all_in_heads_up(http)
    cy = game.join("cy", 3)                                       # seated after the deal: not in the hand
    seq = game.room.seq
    refused = cy.reply({"type": "run_it", "twice": True})
    assert refused["code"] == "illegal" and refused["reason"] == "cannot_run_it"
    assert peers[1].reply({"type": "run_it", "twice": "yes"})["code"] == "bad_field"
    assert peers[1].reply({"type": "run_it", "twice": True})["type"] == "ack"
    assert peers[1].reply({"type": "run_it", "twice": True})["code"] == "illegal"   # one answer each
    assert game.room.seq == seq + 1
    game.close()


def test_without_every_answer_in_time_the_board_runs_once(http: TestClient, clock: FakeClock) -> None:
    game, peers = _all_in_heads_up(http, clock={"seconds": 15, "time_bank": 0, "timeouts_to_away": 3})
    assert peers[1].state["offer"]["left"] == 15
    assert peers[1].reply({"type": "run_it", "twice": True})["type"] == "ack"
    clock.now += 16
    for _ in range(200):
        game.sync()
        if game.room.hands:
            break
    hand = _hand(game)
    assert hand.is_over and hand.runs == 1
    assert any(e["kind"] == "offer_timeout" for e in game.store_inputs())
    game.close()


def test_a_table_without_the_custom_runs_the_board_out_at_once(http: TestClient) -> None:
    game, _ = _one_hand(http)
    game.play_hand(lambda peer, legal: ("all_in", None) if "raise_" in legal else ("call", None))
    game.sync()
    assert game.room.hands[0].is_over and game.host.state["offer"] is None
    game.close()


def test_rabbit_cards_are_shown_after_a_hand_ended_early_and_change_nothing(http: TestClient) -> None:
    game, peers = _one_hand(http, rabbit=True)
    rail = Peer(http, "rail")
    rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})
    first = game.to_act()
    assert first is not None and game.act(first, "raise", 10)["type"] == "ack"
    second = game.to_act()
    assert second is not None and game.act(second, "fold")["type"] == "ack"
    game.sync()
    rail.sync()
    hand = game.room.hands[0]
    rabbit = rail.state["result"]["rabbit"]
    assert rabbit is not None and len(rabbit) == 5 and hand.board == []
    assert all(peer.state["result"]["rabbit"] == rabbit for peer in peers.values())
    holes = {str(c) for cards in hand.holes.values() for c in cards}
    assert not holes & set(rabbit)
    # The hand as stored, rebuilt without ever reading its rabbit, is the same hand.
    server = http.app.state.server  # type: ignore[attr-defined]
    untouched = server.rebuild(game.table_id, from_snapshot=False).hands[0]
    assert untouched.record() == hand.record() and untouched.result == hand.result
    assert hand.result.winnings == {first.state["you"]["seat"]: 4} and untouched.board == []
    game.close()
    rail.close()


def test_no_rabbit_without_the_custom_or_after_a_complete_board(http: TestClient) -> None:
    game, _ = _one_hand(http)
    first = game.to_act()
    assert first is not None and game.act(first, "fold")["type"] == "ack"
    game.sync()
    assert game.host.state["result"]["rabbit"] is None
    game.close()
    hunting, _ = _one_hand(http, rabbit=True)
    hunting.play_hand()
    hunting.sync()
    assert len(hunting.room.hands[0].board) == 5 and hunting.host.state["result"]["rabbit"] is None
    hunting.close()
