"""Whole sessions through the protocol (docs/protocol.md): joins and leaves, missed blinds,
straddles, reconnects, the ledger checked after every hand, and no hidden card in any frame."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient

from tests.server.conftest import Peer, Session, leaks


def test_three_players_play_hands_and_the_ledger_balances(http: TestClient) -> None:
    game = Session(http)
    for seat, name in ((1, "ann"), (3, "bob"), (5, "cy")):
        game.join(name, seat)
    assert game.host.reply({"type": "start"})["type"] == "ack"
    for number in range(1, 5):
        assert game.play_hand() == number
        assert len(game.room.hands) == number   # the room checked the ledger as it ended the hand
    assert game.host.reply({"type": "pause"})["type"] == "ack"
    game.play_hand()
    game.sync()
    game.room.table.verify()
    assert not game.room.in_hand
    server = http.app.state.server  # type: ignore[attr-defined]
    snapshot = server.store.room_record(game.table_id)
    assert snapshot is not None and snapshot[0] <= game.room.seq
    for rebuilt in (server.rebuild(game.table_id), server.rebuild(game.table_id, from_snapshot=False)):
        assert rebuilt.seq == game.room.seq
        assert [h.record() for h in rebuilt.hands] == [h.record() for h in game.room.hands]
        assert rebuilt.table.seats == game.room.table.seats
    game.close()


def test_players_come_and_go_miss_blinds_and_straddle(http: TestClient) -> None:
    game = Session(http, seed="0123abcd")
    ann, bob, cy, dee = (game.join(n, s) for n, s in (("ann", 1), ("bob", 2), ("cy", 4), ("dee", 5)))
    game.host.reply({"type": "start"})
    game.play_hand()
    assert cy.reply({"type": "sit_out"})["type"] == "ack"
    for _ in range(4):                         # a whole orbit away: the big blind passes cy
        game.play_hand()
    kinds = [e["kind"] for f in ann.frames if f["type"] == "update" for e in f["events"]]
    assert "missed_big_blind" in kinds or "missed_small_blind" in kinds   # RROP11 Button & Blind Use
    assert cy.reply({"type": "sit_in", "post": True})["type"] == "ack"
    dealt = game.play_hand() + 1
    game.sync()
    straddle = bob.reply({"type": "straddle"})
    assert straddle["type"] in ("ack", "error")                   # only the seat under the gun may
    game.play_hand()
    assert dee.reply({"type": "leave"})["type"] in ("ack", "error")   # not during a hand dee is in
    game.play_hand()
    game.sync()
    assert game.room.table.hand_number > dealt
    assert len(game.room.hands) >= 6
    game.close()


def test_a_straddle_is_posted_by_the_seat_under_the_gun(http: TestClient) -> None:
    game = Session(http)
    peers = {seat: game.join(f"p{seat}", seat) for seat in (1, 2, 3, 4)}
    game.host.reply({"type": "start"})
    game.play_hand()
    game.sync()
    playing = game.room.table.hand_number      # dealt as soon as the last one ended
    plan = game.room.table.preview()           # the hand after it
    assert plan.under_the_gun is not None
    got = peers[plan.under_the_gun].reply({"type": "straddle"})
    assert got["type"] == "ack", got
    game.play_hand()
    game.play_hand()
    game.sync()
    hand = game.room.hands[playing]
    assert any(p.kind == "straddle" and p.seat == plan.under_the_gun for p in hand.posts)
    game.close()


def _heads_up(http: TestClient) -> tuple[Session, Peer]:
    """ann in seat 1 and bob in seat 2, the first hand dealt; returns the session and ann."""
    game = Session(http)
    ann = game.join("ann", 1)
    game.join("bob", 2)
    game.host.reply({"type": "start"})
    game.sync()
    return game, ann


def test_a_seat_token_brings_a_player_back_to_the_seat(http: TestClient) -> None:
    game, ann = _heads_up(http)
    ann.close()
    again = Peer(http, "ann")
    welcome = again.reply({"type": "hello", "version": 1, "table_id": game.table_id, "token": ann.token})
    assert welcome["role"] == "player" and welcome["seat"] == 1
    game.players[0] = again
    game.play_hand()
    wrong = again.reply({"type": "hello", "version": 1, "table_id": game.table_id, "token": "nope"})
    assert wrong["code"] == "bad_token"
    game.close()


def test_a_join_sent_again_with_its_chosen_token_is_answered_again_not_applied_twice(http: TestClient) -> None:
    game = Session(http)
    eve = Peer(http, "eve")
    eve.reply({"type": "hello", "version": 1, "table_id": game.table_id})
    frame = {"type": "join", "name": "eve", "seat": 3, "chips": 150, "seat_token": "eve-chose-this-token-of-28ch"}
    first = eve.reply(dict(frame))
    assert first["type"] == "seat_requested" and first["seat_token"] == "eve-chose-this-token-of-28ch"
    eve.close()
    again = Peer(http, "eve")     # the answer was lost: the same join on a new connection
    again.reply({"type": "hello", "version": 1, "table_id": game.table_id})
    second = again.reply(dict(frame))
    assert second["type"] == "seat_requested" and second["seat_token"] == "eve-chose-this-token-of-28ch", second
    assert [p.seat for p in game.room.players.values()] == [3]
    assert [entry["kind"] for entry in game.store_inputs()].count("request") == 1
    other = Peer(http, "mallory")
    other.reply({"type": "hello", "version": 1, "table_id": game.table_id})
    taken = other.reply({**frame, "name": "mallory", "seat_token": "another-token-of-22-chars"})
    assert taken["code"] == "illegal", taken
    short = other.reply({**frame, "seat": 4, "seat_token": "short"})
    assert short["code"] == "bad_field", short
    welcome = Peer(http, "eve").reply({"type": "hello", "version": 1, "table_id": game.table_id,
                                       "token": "eve-chose-this-token-of-28ch"})
    assert welcome["role"] == "player" and welcome["seat"] == 3
    game.close()


def test_no_frame_holds_a_card_its_reader_may_not_see(http: TestClient) -> None:
    """Every frame to every seat and to a spectator, over a random session: another seat's
    cards appear only once shown, and cards never shown appear to nobody but their owner."""
    game = Session(http)
    for seat in (1, 2, 3, 4):
        game.join(f"p{seat}", seat)
    rail = Peer(http, "rail")
    rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})
    game.host.reply({"type": "start"})
    rng = random.Random(5)

    def choose(peer: Peer, legal: dict[str, Any]) -> tuple[str, int | None]:
        roll = rng.random()
        if "raise_" in legal and roll < 0.2:
            return "raise", legal["raise_"][0]
        if "bet" in legal and roll < 0.3:
            return "bet", legal["bet"][0]
        if "fold" in legal and roll > 0.85 and "check" not in legal:
            return "fold", None
        return ("check" if legal.get("check") else "call"), None

    for _ in range(8):
        game.play_hand(choose)
    game.host.reply({"type": "pause"})
    game.play_hand(choose)
    rail.sync()
    game.sync()
    hands = {n: h for n, h in enumerate(game.room.hands, 1)}
    seat_of = {peer.name: int(peer.name[1:]) for peer in game.players}
    checked = 0
    for peer in [*game.players, rail]:
        found, count = leaks(peer, hands, seat_of.get(peer.name))
        assert not found, found
        checked += count
    assert checked > 100
    game.close()
    rail.close()


def test_the_deal_is_verifiable_from_the_hash_published_before_it(http: TestClient) -> None:
    from dataclasses import replace

    from pokerfloor.hand.record import HandRecord
    from pokerfloor.server.deal import verify_deal

    game, ann = _heads_up(http)
    during = ann.state["deal"]
    assert during["hand"] == 1 and during["seed"] is None and len(during["seed_sha256"]) == 64
    game.play_hand()
    game.play_hand()
    game.host.reply({"type": "end_game"})      # the default reveals the seeds as the session ends
    game.play_hand()
    hands = http.get(f"/api/tables/{game.table_id}/hands.json").json()
    assert hands[0]["seed_sha256"] == during["seed_sha256"]
    for entry in hands:
        record = HandRecord.from_dict(entry["record"])
        assert verify_deal(record, entry["seed"], entry["seed_sha256"]) == []
    first = HandRecord.from_dict(hands[0]["record"])
    other = hands[1]["seed"]
    assert verify_deal(first, other, hands[0]["seed_sha256"]) == [
        "the seed does not hash to the published SHA-256", "the seed does not deal the cards of this hand"]
    swapped = replace(first, dealt=first.dealt[1:] + first.dealt[:1])
    assert verify_deal(swapped, hands[0]["seed"], hands[0]["seed_sha256"]) == [
        "the seed does not deal the cards of this hand"]
    assert "pays" in http.get(f"/api/tables/{game.table_id}/ledger.csv").text
    assert http.get(f"/api/tables/{game.table_id}/hands.phhs").text.count("actions") == len(hands)
    game.close()


def test_host_commands_edit_a_stack_remove_a_player_and_end_the_game(http: TestClient) -> None:
    game = Session(http, seed="beef")
    ann, _bob, cy = (game.join(n, s, chips=100) for n, s in (("ann", 1), ("bob", 2), ("cy", 3)))
    game.host.reply({"type": "pause"})
    game.host.reply({"type": "start"})
    game.host.reply({"type": "pause"})
    game.play_hand()
    game.sync()
    assert not game.room.in_hand
    chips = game.room.table.stack(2)
    assert game.host.reply({"type": "edit_stack", "seat": 2, "chips": 50})["type"] == "ack"
    assert game.room.table.stack(2) == chips + 50
    assert game.host.reply({"type": "remove", "seat": 3})["type"] == "ack"
    assert 3 not in game.room.table.seats and cy.reply({"type": "chat", "text": "hey"})["code"] == "not_seated"
    game.room.table.verify()
    assert game.host.reply({"type": "end_game"})["type"] == "ack"
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.sync()
    assert game.room.table.hand_number == 1                 # an ended game deals no more hands
    assert ann.reply({"type": "join", "name": "zed", "seat": 4, "chips": 100})["code"] in ("closed", "illegal")
    kinds = [e["kind"] for e in game.store_inputs()]
    assert {"edit_stack", "remove", "end_game", "pause"} <= set(kinds)   # every host command is logged
    game.close()


def test_a_player_who_lost_every_chip_buys_in_again_with_top_up(http: TestClient) -> None:
    """A top-up from a seat with no chips is a rebuy (RROP11 Button & Blind Use: a player who
    busts may buy in again): at least the minimum buy-in, booked as a rebuy, and the table deals
    again; below the minimum it is refused and nothing changes."""
    game = Session(http, seed="b057ed00")
    ann, bob = game.join("ann", 1), game.join("bob", 2)
    game.host.reply({"type": "start"})

    def shove(_peer: Peer, legal: dict[str, Any]) -> tuple[str, int | None]:
        if legal.get("bet") or legal.get("raise_"):
            return "all_in", None
        return ("check" if legal.get("check") else "call"), None

    for _ in range(20):
        game.play_hand(shove)
        game.sync()
        if 0 in (game.room.table.stack(1), game.room.table.stack(2)):
            break
    broke = ann if game.room.table.stack(1) == 0 else bob
    seat = 1 if broke is ann else 2
    dealt = game.room.table.hand_number
    assert dealt == game.room.table.hand_number and not game.room.in_hand    # one player with chips: no deal
    refused = broke.reply({"type": "top_up", "chips": 1})
    assert refused["type"] == "error" and refused["reason"] == "below_min_buy_in", refused
    assert game.room.table.stack(seat) == 0
    assert broke.reply({"type": "top_up", "chips": 100})["type"] == "ack"
    game.sync()
    assert "rebuy" in [e.kind for e in game.room.table.ledger.entries]
    assert game.room.table.hand_number == dealt + 1 and game.room.in_hand    # dealt again
    game.play_hand()                # the room checks the ledger as each hand ends
    game.close()
