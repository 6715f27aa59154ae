"""The host's controls (issue 24, host controls), through the protocol: new stakes or a new game
from the next hand (TDA 2024 R23), pause now and resume (the action clock stops), a player moved
to another seat between hands, the action clock and time bank, the buy-in limits, and the
session's summary at its end. Each is a typed command (``commands``); a bad field of each is
``bad_field`` naming it (tests/server/test_commands.py); a refused one changes nothing."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.server.downloads import session_summary

from .conftest import FakeClock, Peer, Session
from .test_refused import room_state

CLOCK = {"seconds": 10, "time_bank": 5, "timeouts_to_away": 2}


def started(http: TestClient, **options: Any) -> tuple[Session, list[Peer]]:
    game = Session(http, **options)
    peers = [game.join(name, seat) for name, seat in (("ann", 1), ("bob", 2), ("cy", 3))]
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.sync()
    return game, peers


def refused_unchanged(game: Session, peer: Peer, frame: dict[str, Any]) -> dict[str, Any]:
    """The error a frame gets, with the room and the store as they were."""
    game.sync()
    before, stored = room_state(game.room), len(game.store_inputs())
    got = peer.reply(frame)
    assert got["type"] == "error", got
    assert room_state(game.room) == before and len(game.store_inputs()) == stored
    return got


def blinds_posted(game: Session) -> list[int]:
    hand = game.room.table.hand
    assert hand is not None
    return sorted(p.amount for p in hand.posts if p.kind in ("sb", "bb"))


def test_new_blinds_and_ante_take_effect_from_the_next_hand_tda_r23(http: TestClient) -> None:
    """TDA 2024 R23: a new level applies to the next hand; the hand in play keeps its stakes."""
    game, _ = started(http)
    assert blinds_posted(game) == [1, 2]
    ack = game.host.reply({"type": "set_game", "small_blind": 5, "big_blind": 10, "ante": 1})
    assert ack["type"] == "ack", ack
    assert blinds_posted(game) == [1, 2]                # the hand in play is unchanged
    first = game.play_hand()
    game.sync()
    assert game.room.table.hand_number == first + 1
    assert blinds_posted(game) == [5, 10]
    hand = game.room.table.hand
    assert hand is not None and sorted(p.amount for p in hand.posts if p.kind == "ante") == [1, 1, 1]
    # The table's buy-in follows the new big blind (20 to 100 of them).
    assert game.room.limits().buy_in == (200, 1000)
    game.close()


def test_a_new_game_by_name_and_a_game_the_engine_refuses(http: TestClient) -> None:
    game, _ = started(http)
    assert game.host.reply({"type": "set_game", "small_blind": 1, "big_blind": 2, "variant": "omaha"})["type"] == "ack"
    game.play_hand()
    game.sync()
    assert game.room.table.game.variant == "omaha"
    hand = game.room.table.hand
    assert hand is not None and all(len(cards) == 4 for cards in hand.holes.values())
    wrong = refused_unchanged(game, game.host, {"type": "set_game", "small_blind": 5, "big_blind": 2})
    assert (wrong["code"], wrong["field"]) == ("bad_field", "game")
    unknown = refused_unchanged(game, game.host, {"type": "set_game", "small_blind": 1, "big_blind": 2,
                                                  "variant": "go-fish"})
    assert unknown["code"] == "bad_field"
    game.close()


def test_pause_stops_the_action_clock_mid_hand_and_resume_gives_the_turn_its_seconds(
    http: TestClient, clock: FakeClock
) -> None:
    game, _ = started(http, clock=CLOCK)
    actor = game.to_act()
    assert actor is not None and actor.state["you"]["clock"]["left"] == 15
    clock.now += 8
    assert game.host.reply({"type": "pause"})["type"] == "ack"
    assert game.room.deadline() is None
    clock.now += 3600                                   # an hour paused: nobody times out
    game.sync()
    assert game.room.paused and actor.state["table"]["paused"]
    assert actor.state["you"]["clock"] is None
    assert not any(e.kind in ("fold", "check") for e in game.room.table.hand.events)  # type: ignore[union-attr]
    refused_unchanged(game, actor, {"type": "resume"})  # only the host resumes
    assert game.host.reply({"type": "resume"})["type"] == "ack"
    game.sync()
    assert not game.room.paused and actor.state["you"]["clock"]["left"] == 15
    again = refused_unchanged(game, game.host, {"type": "resume"})
    assert again["code"] == "illegal"                   # not paused
    game.close()


def test_pause_between_hands_deals_no_hand_until_resumed(http: TestClient) -> None:
    game, _ = started(http)
    assert game.host.reply({"type": "pause"})["type"] == "ack"
    first = game.play_hand()
    game.sync()
    assert game.room.table.hand_number == first and not game.room.in_hand
    assert game.host.reply({"type": "resume"})["type"] == "ack"
    game.sync()
    assert game.room.table.hand_number == first + 1 and game.room.in_hand
    game.close()


def test_the_host_moves_a_player_to_a_free_seat_between_hands_with_their_chips(http: TestClient) -> None:
    game, peers = started(http)
    moving = refused_unchanged(game, game.host, {"type": "move_seat", "seat": 2, "to": 5})
    assert moving["code"] == "illegal"                  # a hand is in play
    assert game.host.reply({"type": "pause"})["type"] == "ack"
    game.play_hand()
    game.sync()
    bob = game.room.player_at(2)
    assert bob is not None
    chips = game.room.table.stack(2)
    taken = refused_unchanged(game, game.host, {"type": "move_seat", "seat": 2, "to": 3})
    assert taken["code"] == "illegal"                   # seat 3 is taken
    empty = refused_unchanged(game, game.host, {"type": "move_seat", "seat": 4, "to": 5})
    assert (empty["code"], empty["field"]) == ("bad_field", "seat")
    refused_unchanged(game, peers[0], {"type": "move_seat", "seat": 2, "to": 5})      # not the host
    assert game.host.reply({"type": "move_seat", "seat": 2, "to": 5})["type"] == "ack"
    game.sync()
    assert game.room.player_at(5) is bob and bob.seat == 5 and game.room.player_at(2) is None
    assert game.room.table.stack(5) == chips and 2 not in game.room.table.seats
    seats = peers[1].state["table"]["seats"]
    assert seats["5"]["player_id"] == bob.player_id and "2" not in seats
    assert peers[1].state["you"]["seat"] == 5
    assert game.host.reply({"type": "resume"})["type"] == "ack"
    game.play_hand()                                    # bob plays on from seat 5 (the room
    # verifies the ledger against the stacks as each hand ends: ``Room._after_hand``)
    assert any(5 in hand.seats for hand in game.room.hands[1:])
    game.close()


def test_the_host_sets_the_clock_mid_hand_from_the_next_turn_tda_r29(http: TestClient, clock: FakeClock) -> None:
    """Issue 35: "Set clock" mid-hand was refused ("the clock is set between hands"). Now the
    host sets it at any moment: the turn being played keeps its time (TDA 2024 Rule 29: a
    player is given the time they were told), the next turn has the new one."""
    game, _ = started(http, clock=CLOCK)
    first = game.to_act()
    assert first is not None and first.state["you"]["clock"]["left"] == 15
    assert game.host.reply({"type": "set_clock", "seconds": 20, "time_bank": 30})["type"] == "ack"
    first.sync()
    assert first.state["you"]["clock"]["left"] == 15            # this turn keeps its time
    assert first.state["table"]["settings"]["clock_next"]["seconds"] == 20
    assert game.act(first, "call")["type"] == "ack"
    actor = game.to_act()
    assert actor is not None and actor.state["you"]["clock"]["left"] == 50
    assert all(p.bank == 30 for p in game.room.players.values())
    assert actor.state["table"]["settings"]["clock"]["seconds"] == 20
    game.close()


def test_the_host_sets_the_buy_in_and_a_join_outside_it_is_refused(http: TestClient) -> None:
    game, _ = started(http)
    assert game.host.reply({"type": "set_buy_in", "low": 100, "high": 150})["type"] == "ack"
    assert game.room.limits().buy_in == (100, 150)
    guest = Peer(http, "dan")
    assert guest.reply({"type": "hello", "version": 1, "table_id": game.table_id})["type"] == "welcome"
    for chips in (99, 151):
        got = refused_unchanged(game, guest, {"type": "join", "name": "dan", "seat": 4, "chips": chips})
        assert (got["code"], got["field"]) == ("bad_field", "chips")
    assert guest.reply({"type": "join", "name": "dan", "seat": 4, "chips": 150})["type"] == "seat_requested"
    upside = refused_unchanged(game, game.host, {"type": "set_buy_in", "low": 100, "high": 99})
    assert (upside["code"], upside["field"]) == ("bad_field", "high")
    assert game.host.reply({"type": "set_buy_in", "low": 10})["type"] == "ack"       # no maximum
    assert game.room.limits().buy_in == (10, None)
    game.close()


@pytest.mark.parametrize("kind", ["set_game", "move_seat", "set_clock", "set_buy_in", "resume"])
def test_only_the_host_sends_a_host_control(http: TestClient, kind: str) -> None:
    game, peers = started(http)
    frame = {"type": kind, "small_blind": 1, "big_blind": 2, "seat": 1, "to": 5, "seconds": 5, "time_bank": 5,
             "low": 10}
    assert refused_unchanged(game, peers[0], frame)["code"] == "not_host"
    game.close()


def test_the_end_of_the_session_gives_results_the_settle_up_and_the_biggest_pots(http: TestClient) -> None:
    game, _ = started(http)

    def raise_then_call(peer: Peer, legal: dict[str, Any]) -> tuple[str, int | None]:
        if legal.get("raise") and peer.state["you"]["seat"] == 1:
            return "raise", legal["raise"]["min"]
        return ("check", None) if legal.get("check") else ("call", None)

    for _ in range(3):
        game.play_hand(raise_then_call)
    assert game.host.reply({"type": "end_game"})["type"] == "ack"
    game.play_hand()
    game.sync()
    summary = session_summary(game.room)
    assert summary["ended"] and summary["hands"] == len(game.room.hands) >= 3
    results = {p["name"]: p["result"] for p in summary["players"]}
    assert set(results) == {"ann", "bob", "cy"} and sum(results.values()) == 0
    for p in summary["players"]:
        seat = game.room.players[p["player_id"]].seat
        assert p["result"] == game.room.table.stack(seat) - 200 and p["brought_in"] == 200
    # The settle-up meets every result: what each pays less what each is paid.
    met = dict.fromkeys(results, 0)
    for transfer in summary["settle_up"]:
        met[transfer["pays"]] -= transfer["chips"]
        met[transfer["to"]] += transfer["chips"]
    assert met == results
    pots = summary["biggest_pots"]
    assert 1 <= len(pots) <= 3 and [p["pot"] for p in pots] == sorted((p["pot"] for p in pots), reverse=True)
    collected = sorted((sum(h.result.winnings.values()) for h in game.room.hands if h.result), reverse=True)
    assert [p["pot"] for p in pots] == collected[: len(pots)]
    served = http.get(f"/api/tables/{game.table_id}/summary.json").json()
    assert served == summary
    assert http.get("/api/tables/nothing/summary.json").status_code == 404
    game.close()


def test_the_replay_steps_a_hand_as_the_rail_saw_it_and_holds_no_card_never_shown(http: TestClient) -> None:
    """The replayer's hand (``downloads.hand_replay``): one rail view before the first action
    and one after each; a preflop fold shows no hole card at any step while the session goes on
    (reveal ``session``: the seed is not public), and the last step is the hand's rail view."""
    game, _ = started(http)
    assert game.host.reply({"type": "pause"})["type"] == "ack"      # hand 1 only
    while game.room.in_hand:
        peer = game.to_act()
        assert peer is not None
        assert game.act(peer, "fold")["type"] == "ack"
    hand = game.room.hands[0]
    got = http.get(f"/api/tables/{game.table_id}/hands/1/replay.json")
    assert got.status_code == 200
    replay = got.json()
    assert replay["hand"] == 1 and replay["seed"] is None and replay["holes"] is None
    assert len(replay["steps"]) == len(hand.record().inputs) + 1
    assert replay["steps"][-1] == hand.view(None).to_dict()
    dealt = {str(c) for cards in hand.holes.values() for c in cards}
    for step in replay["steps"]:
        assert all(c is None for cards in step["holes"].values() for c in cards), step
        assert not dealt & set(re.findall(r'"([2-9TJQKA][cdhs])"', json.dumps(step)))
    assert [len(s["events"]) for s in replay["steps"]] == sorted(len(s["events"]) for s in replay["steps"])
    for number in ("2", "0", "x"):
        assert http.get(f"/api/tables/{game.table_id}/hands/{number}/replay.json").status_code == 404
    game.close()


def test_once_the_seed_is_public_the_replay_holds_every_card_dealt(http: TestClient) -> None:
    """Reveal ``hand``: a finished hand's seed is public, and with it every card dealt."""
    game, _ = started(http, reveal="hand")
    assert game.host.reply({"type": "pause"})["type"] == "ack"      # hand 1 only
    while game.room.in_hand:
        peer = game.to_act()
        assert peer is not None
        assert game.act(peer, "fold")["type"] == "ack"
    replay = http.get(f"/api/tables/{game.table_id}/hands/1/replay.json").json()
    hand = game.room.hands[0]
    assert replay["seed"] == game.room.deals[0].seed
    assert replay["holes"] == {str(s): [str(c) for c in cards] for s, cards in hand.holes.items()}
    game.close()


def test_a_player_replays_a_hand_with_their_own_cards_and_no_one_elses(http: TestClient) -> None:
    """A seat token (header ``X-Pokerfloor-Token``) of a player dealt in: the steps are that
    seat's views, its own two cards in each, no other seat's; an unknown token is the rail."""
    game, peers = started(http)
    assert game.host.reply({"type": "pause"})["type"] == "ack"
    while game.room.in_hand:
        peer = game.to_act()
        assert peer is not None
        assert game.act(peer, "fold")["type"] == "ack"
    hand = game.room.hands[0]
    url = f"/api/tables/{game.table_id}/hands/1/replay.json"
    for peer in peers:
        seat = game.room.players[peer.state["you"]["player_id"]].seat
        replay = http.get(url, headers={"X-Pokerfloor-Token": peer.token or ""}).json()
        assert replay["seat"] == seat and replay["holes"] is None
        mine = [str(c) for c in hand.holes[seat]]
        others = {str(c) for s, cards in hand.holes.items() if s != seat for c in cards}
        for step in replay["steps"]:
            assert step["holes"][str(seat)] == mine
            assert not others & set(re.findall(r'"([2-9TJQKA][cdhs])"', json.dumps(step)))
    stranger = http.get(url, headers={"X-Pokerfloor-Token": "x" * 30}).json()
    assert stranger["seat"] is None and stranger["steps"][-1] == hand.view(None).to_dict()
    game.close()


def test_the_host_changes_the_game_to_a_stud_game_and_back(http: TestClient) -> None:
    """Issue 35, finding 9: the host's game list had no stud game, because ``set_game`` took
    blinds only. Now a stud game takes its bring-in and small bet (the big bet twice it unless
    given) and changes the structure to its fixed limit; back to hold'em takes blinds again; a
    forced bet the game needs, missing, is ``bad_field`` naming it (nothing changed)."""
    game = Session(http, seats=3)
    for seat, name in enumerate(("ann", "bob"), 1):
        game.join(name, seat)

    def setting(**fields: Any) -> dict[str, Any]:
        return game.host.reply({"type": "set_game", **fields})

    assert setting(variant="razz", small_blind=1, big_blind=2)["field"] == "bring_in"
    assert game.room.table.game.variant == "holdem"
    assert setting(variant="stud", bring_in=1, small_bet=4, ante=1)["type"] == "ack"
    stud = game.room.table.game
    assert (stud.variant, stud.structure, stud.bring_in, stud.small_bet, stud.big_bet, stud.ante) == (
        "stud", "fixed_limit", 1, 4, 8, 1)
    assert setting(variant="holdem", small_blind=1, big_blind=2)["type"] == "ack"
    back = game.room.table.game
    assert (back.variant, back.structure, back.small_blind, back.big_blind) == ("holdem", "no_limit", 1, 2)
    assert setting(small_blind=2, big_blind=4, structure="pot_limit")["type"] == "ack"
    assert (game.room.table.game.structure, game.room.table.game.big_blind) == ("pot_limit", 4)
    game.close()
