"""A real evening at the table (issue 35), through the protocol: nobody can hold the table
hostage (the action clock on by default, a dropped player shown disconnected and timed out, then
sat out and back in when they return; the host's clock, fold, sit-out and remove at any moment:
TDA 2024 Rules 29 and 30), the moment between hands (the shown cards and the winners stay, a
hand may be shown, host commands apply without a pause), history that survives a reload,
spectator chat as a host option, the straddle refused aloud, and true status words."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from pokerfloor.server.room import DEFAULT_CLOCK, DEFAULT_PAUSE, Room

from .conftest import FakeClock, Peer, Session
from .test_refused import HOST, config, room_state, seated

SHORT = {"seconds": 10, "time_bank": 5, "timeouts_to_away": 2}


def started(
    http: TestClient, names: tuple[str, ...] = ("ann", "bob", "cy"), **options: Any
) -> tuple[Session, list[Peer]]:
    game = Session(http, **options)
    peers = [game.join(name, seat) for seat, name in enumerate(names, 1)]
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.sync()
    return game, peers


def wait_for(peer: Peer, ok: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
    """Resync ``peer`` until its update satisfies ``ok`` (the table task works on its own
    thread); at most five seconds."""
    for _ in range(100):
        peer.sync()
        if ok(peer.state):
            return peer.state
        time.sleep(0.05)
    raise AssertionError(f"never: {what}; last update {peer.state}")


def seat_of(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in state["table"]["seats"].values() if s["name"] == name)


def test_the_action_clock_is_on_by_default_tda_r29(http: TestClient) -> None:
    """Finding 1: the clock was off by default and one absent player froze the table."""
    game, _ = started(http)
    assert game.room.config.clock == DEFAULT_CLOCK
    actor = game.to_act()
    assert actor is not None
    clock = actor.state["you"]["clock"]
    assert clock["left"] == DEFAULT_CLOCK.seconds + DEFAULT_CLOCK.time_bank
    assert actor.state["table"]["settings"]["clock"] == DEFAULT_CLOCK.json()
    game.close()


def test_the_host_may_still_turn_the_clock_off(http: TestClient) -> None:
    game, _ = started(http, clock=None)
    assert game.room.config.clock is None and game.room.deadline() is None
    game.close()


def test_a_dropped_player_is_shown_disconnected_timed_out_sat_out_and_back_in(
    http: TestClient, clock: FakeClock
) -> None:
    """Finding 1: a guest closed her tab on her turn and the table waited ten minutes. Now
    everyone sees her disconnected, her turn runs on the clock, two timed-out turns sit her out
    with her chips (TDA 2024 Rule 29; Rule 30, a player away is dealt no hand), and she is sat
    in, waiting for the big blind, when she comes back."""
    game, peers = started(http, clock=SHORT)
    actor = game.to_act()
    assert actor is not None
    name = actor.name
    assert seat_of(game.host.sync() and game.host.state, name)["connected"] is True
    actor.close()
    game.players.remove(actor)
    wait_for(game.host, lambda s: seat_of(s, name)["connected"] is False, f"{name} shown disconnected")
    others = [p for p in peers if p is not actor]
    assert seat_of(others[0].sync() and others[0].state, name)["connected"] is False
    chips = seat_of(game.host.state, name)["chips"]
    player = next(p for p in game.room.players.values() if p.name == name)
    timed_out = 0
    while not player.clocked_out:
        seat = player.seat
        if game.room.table.to_act == seat:
            clock.now += SHORT["seconds"] + SHORT["time_bank"] + 1
            timed_out += 1
            wait_for(game.host, lambda s, seat=seat: (s["you"]["clock"] or {}).get("seat") != seat,
                     "the clock acts for the absent seat")
        else:
            someone = game.to_act()
            assert someone is not None, "the table went on"
            legal = someone.state["hand"]["legal"]
            assert game.act(someone, "check" if legal.get("check") else "call")["type"] == "ack"
        assert timed_out <= 3
    state = wait_for(game.host, lambda s: seat_of(s, name)["clocked_out"], f"{name} sat out by the clock")
    mine = seat_of(state, name)
    assert mine["status"] == "sitting_out" and mine["timeouts"] == SHORT["timeouts_to_away"]
    assert mine["chips"] > 0 and mine["chips"] <= chips
    back = Peer(http, name)
    hello = {"type": "hello", "version": 1, "table_id": game.table_id, "token": actor.token}
    assert back.reply(hello)["type"] == "welcome"
    state = wait_for(back, lambda s: not seat_of(s, name)["clocked_out"], f"{name} back in")
    assert seat_of(state, name)["status"] in ("waiting", "playing")
    assert seat_of(state, name)["connected"] is True
    assert player.timeouts == 0
    game.close()


def test_the_host_folds_the_seat_whose_turn_it_is(http: TestClient) -> None:
    game, peers = started(http)
    actor = game.to_act()
    assert actor is not None
    seat = actor.state["you"]["seat"]
    wrong = next(p.state["you"]["seat"] for p in peers if p is not actor)
    refused = game.host.reply({"type": "fold_seat", "seat": wrong})
    assert refused["type"] == "error" and refused["code"] == "illegal" and f"seat {seat}'s turn" in refused["message"]
    assert game.host.reply({"type": "fold_seat", "seat": seat})["type"] == "ack"
    hand = game.room.table.hand
    assert hand is not None and seat in hand.folded
    game.close()


def test_the_host_removes_a_player_mid_hand_folded_and_cashed_out(http: TestClient) -> None:
    """Finding 1: "Remove player" mid-hand did nothing and said nothing. Now the player's hand
    is dead at once, though it is not their turn (TDA 2024 Rules 30 and 31: ``Table.kill``), and
    everyone sees it folded while the player to act keeps the turn; they leave as the hand
    ends, their chips cashed out to the ledger; their client is told. The input is stored with
    ``at_once``, and the room rebuilt from the store is the room in memory."""
    game, peers = started(http, ("ann", "bob", "cy", "dee"))
    actor = game.to_act()
    assert actor is not None
    turn = game.room.table.to_act
    victim = next(p for p in peers if p is not actor)
    seat = victim.state["you"]["seat"]
    assert game.host.reply({"type": "remove", "seat": seat})["type"] == "ack"
    assert game.room.removing == [victim.state["you"]["player_id"]]
    hand = game.room.table.hand
    assert hand is not None and seat in hand.folded and game.room.table.to_act == turn     # at once, out of turn
    number = game.room.table.hand_number
    game.sync()
    assert seat_of(game.host.state, victim.name)["removing"] is True
    for other in peers:
        if other is not victim:
            assert seat in other.state["hand"]["folded"], other.name      # the others see it
            updates: dict[int, dict[str, Any]] = {}
            for frame in other.frames:      # each update as broadcast (a resync sends one again, without events)
                if frame["type"] == "update":
                    updates.setdefault(frame["seq"], frame)
            said = [e for f in updates.values() for e in f["events"] if e["kind"] == "removed"]
            assert [e["name"] for e in said] == [victim.name], other.name   # and are told why, in words
    stored = game.store_inputs()[-1]
    assert stored == {"kind": "remove", "seat": seat, "at_once": True, "at": stored["at"]}
    server = http.app.state.server  # type: ignore[attr-defined]
    assert room_state(server.rebuild(game.table_id, from_snapshot=False)) == room_state(game.room)
    game.play_hand()
    assert game.room.player_at(seat) is None and game.room.removing == []
    hand = game.room.hands[number - 1]
    assert seat in hand.folded
    kinds = [e.kind for e in game.room.table.ledger.entries if e.seat == seat]
    assert kinds[-1] == "cash_out"
    game.close()


def test_a_removed_player_is_told(http: TestClient) -> None:
    game, peers = started(http)
    game.host.reply({"type": "pause"})
    game.play_hand()
    seat = peers[2].state["you"]["seat"]
    assert game.host.reply({"type": "remove", "seat": seat})["type"] == "ack"
    frames = []
    while not any(f["type"] == "notice" for f in frames):
        frames.append(peers[2].receive())
    notice = next(f for f in frames if f["type"] == "notice")
    assert notice["kind"] == "removed" and "removed you" in notice["message"]
    again = Peer(http, "cy")
    got = again.reply({"type": "hello", "version": 1, "table_id": game.table_id, "token": peers[2].token})
    assert got["type"] == "error" and got["code"] == "bad_token" and "removed" in got["message"]
    game.close()


def test_the_moment_between_hands_shows_the_result_until_the_next_deal(http: TestClient, clock: FakeClock) -> None:
    """Finding 2: the next hand was dealt 45 ms after a hand ended. Now the table waits the
    house's pause (longer after a showdown): the shown cards and the winners stay, and host
    commands that need a hand over apply without a pause."""
    game, _ = started(http, between_hands={"seconds": 4, "showdown": 9})
    first = game.play_hand()            # checked and called down: a showdown
    state = wait_for(game.host, lambda s: s["table"]["status"] == "between_hands", "the moment between hands")
    between = state["table"]["between"]
    assert between["hand"] == first and between["showdown"] is True and between["seconds"] == 9
    assert 0 < between["next_deal_in"] <= 9
    result = state["result"]
    assert result["shown"] and result["boards"][0]["winners"]
    assert all(a["names"] for a in result["awards"])
    assert len(result["boards"][0]["cards"]) == 5
    time.sleep(0.2)
    assert game.room.table.hand_number == first        # not dealt before the pause is over
    assert game.host.reply({"type": "move_seat", "seat": 3, "to": 5})["type"] == "ack"   # no pause needed
    clock.now += 9
    wait_for(game.host, lambda s: s["table"]["hand_number"] == first + 1, "the next hand, after the pause")
    game.close()


def test_the_default_pause_is_a_real_one(http: TestClient) -> None:
    game = Session(http)
    assert game.room.config.between_hands.json() == {"seconds": 0.0, "showdown": 0.0}   # this test server's
    http_default = DEFAULT_PAUSE
    assert http_default.seconds >= 2 and http_default.showdown > http_default.seconds
    game.close()


def test_a_player_shows_the_hand_they_won_uncalled(http: TestClient) -> None:
    game, peers = started(http, between_hands={"seconds": 30, "showdown": 30})
    while game.room.in_hand:
        actor = game.to_act()
        assert actor is not None
        assert game.act(actor, "fold")["type"] == "ack"
    winner = next(p for p in peers if "show" in wait_for(p, lambda s: True, "an update")["you"]["can"])
    seat = winner.state["you"]["seat"]
    assert winner.reply({"type": "show"})["type"] == "ack"
    state = wait_for(game.host, lambda s: str(seat) in s["result"]["shown"], "the hand shown")
    assert len(state["result"]["shown"][str(seat)]) == 2
    assert "show" not in winner.sync() and "show" not in winner.state["you"]["can"]
    folded = next(p for p in peers if p is not winner)
    refused = folded.reply({"type": "show"})
    assert refused["type"] == "error" and refused["code"] == "illegal"
    game.close()


def test_chat_and_events_survive_a_reload(http: TestClient) -> None:
    """Finding 11: chat and the table's events were lost on reload."""
    game, peers = started(http)
    assert peers[0].reply({"type": "chat", "text": "good luck all"})["type"] == "ack"
    again = Peer(http, "ann")
    hello = {"type": "hello", "version": 1, "table_id": game.table_id, "token": peers[0].token}
    assert again.reply(hello)["type"] == "welcome"
    update = again.receive()
    assert update["type"] == "update"
    lines = update["history"]
    assert any(line["kind"] == "chat" and line["note"] == "good luck all" and line["name"] == "ann" for line in lines)
    assert any(line["kind"] == "sit" and line["name"] == "bob" for line in lines)
    game.close()


def test_spectator_chat_is_off_by_default_and_a_host_option(http: TestClient) -> None:
    """Finding 11: spectators got a chat box that answered "take a seat first"."""
    game, _ = started(http)
    rail = Peer(http, "rail")
    assert rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})["type"] == "welcome"
    rail.sync()
    assert "chat" not in rail.state["you"]["can"] and rail.state["table"]["customs"]["spectator_chat"] is False
    refused = rail.reply({"type": "chat", "text": "hi"})
    assert refused["type"] == "error" and refused["code"] == "not_seated"
    assert game.host.reply({"type": "spectator_chat", "allow": True})["type"] == "ack"
    rail.sync()
    assert "chat" in rail.state["you"]["can"]
    assert rail.reply({"type": "chat", "text": "nice hand", "name": "Dee"})["type"] == "ack"
    lines = game.room.log
    assert lines[-1]["kind"] == "chat" and lines[-1]["name"] == "Dee (watching)"
    game.close()


def test_a_straddle_not_under_the_gun_is_refused_with_the_reason(http: TestClient) -> None:
    """Finding 7: the straddle accepted a player not under the gun and dropped it silently."""
    game, peers = started(http, names=("ann", "bob", "cy", "dee"))
    game.host.reply({"type": "pause"})
    game.play_hand()
    gun = game.room.table.preview().under_the_gun
    for peer in peers:
        if peer.state["you"]["seat"] != gun:
            refused = peer.reply({"type": "straddle"})      # not under the gun: refused, saying why
            assert refused["type"] == "error" and refused["code"] == "illegal", refused
            assert refused["message"] and "(" not in refused["message"].split(" (TDA")[0]
    first = next(p for p in peers if p.state["you"]["seat"] == gun)
    assert first.reply({"type": "straddle"})["type"] == "ack"
    seat = gun
    game.host.sync()
    assert game.host.state["table"]["straddles"] == [{"seat": seat, "amount": None}]
    assert seat_of(game.host.state, first.name)["straddle"] == 0
    game.close()


def test_status_words_are_true(http: TestClient) -> None:
    """Finding 8: "game over" while the last hand was played; a finished sit-and-go said "paused"."""
    game = Session(http)
    assert game.host.sync() and game.host.state["table"]["status"] == "waiting"
    for seat, name in enumerate(("ann", "bob"), 1):
        game.join(name, seat)
    game.host.reply({"type": "start"})
    assert game.host.sync() and game.host.state["table"]["status"] == "playing"
    assert game.host.reply({"type": "end_game"})["type"] == "ack"
    assert game.host.sync() and game.host.state["table"]["status"] == "last_hand"
    game.play_hand()
    assert game.host.sync() and game.host.state["table"]["status"] == "ended"
    game.close()


def test_events_name_players_by_name(http: TestClient) -> None:
    """Finding 8: "f38b48b45f9d1df2 is eliminated"; events now carry the player's name."""
    game, _ = started(http)
    game.host.sync()
    sits = [f for frame in game.host.frames if frame["type"] == "update" for f in frame["events"] if f["kind"] == "sit"]
    assert {e["name"] for e in sits} == {"ann", "bob", "cy"}
    game.close()


def test_every_game_a_table_may_deal_is_warmed_before_it_is_dealt(http: TestClient, monkeypatch: Any) -> None:
    """Finding 6: the first razz showdown froze every page for a second: only the table's first
    game had its rankings built. Now every game of a rotation is, as the table starts."""
    from pokerfloor.server import task

    warmed: set[tuple[str, str]] = set()
    monkeypatch.setattr(task, "warm_rankings", lambda g: warmed.add((g.variant_spec.high, g.variant_spec.low)))
    game = Session(http, game=None, seats=6, rotation={"name": "8game", "small_bet": 2})
    rotation = game.room.table.rotation
    assert rotation is not None
    wanted = {(g.variant_spec.high, g.variant_spec.low) for g in rotation.rotation.games}
    deadline = time.monotonic() + 20  # warmed in the loop's thread pool: it may still be at work
    while not wanted <= warmed and time.monotonic() < deadline:
        time.sleep(0.05)
    assert wanted == warmed
    assert ("none", "ace_five") in warmed           # razz's
    assert game.host.sync() and game.host.state["table"]["game"]["current"]["key"] == "fixed_limit_deuce_seven_triple"
    game.close()


def test_a_remove_stored_before_at_once_still_folds_at_its_turn_when_replayed() -> None:
    """A ``remove`` stored by an earlier release (no ``at_once``) is replayed as it was played
    then: the hand folds at its turn, not at once, so the room rebuilt from old inputs is the
    room its players saw; one stored with ``at_once`` kills the hand at once."""
    for at_once, folded_at_once in ((None, False), (True, True)):
        room = seated(Room("t", config(approval=False), HOST))
        room.apply(room.next_deal())
        to_act = room.table.to_act
        seat = next(s for s in (1, 2, 3) if s != to_act)
        entry: dict[str, Any] = {"kind": "remove", "seat": seat, **({"at_once": True} if at_once else {})}
        room.apply_stored(entry)
        hand = room.table.hand
        assert hand is not None and (seat in hand.folded) is folded_at_once and room.table.to_act == to_act
        n = 0
        while seat not in hand.folded:          # the earlier release's way: folded at its turn
            assert room.in_hand and room.table.to_act != seat
            player, legal = room.player_at(room.table.to_act), room.table.legal()
            assert player is not None
            n += 1
            room.apply_stored({"kind": "act", "player_id": player.player_id, "action": "check" if legal.check
                               else "call", "to": None, "client_action_id": f"a{n}"})
        assert (n == 0) is folded_at_once
