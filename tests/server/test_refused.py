"""Refused means nothing changed (issue 22, finding 6): a room decides an input before it changes
anything, so a refused input leaves the whole room as it was, and the inputs it took rebuild
exactly the room in memory."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.server.fields import Refused, Rule, stored_rules
from pokerfloor.server.inputs import INPUTS
from pokerfloor.server.records import room_record
from pokerfloor.server.room import Config, Room, digest

Input = dict[str, Any]

GAME = {"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2}
MASTER = "5eed" * 8
HOST = digest("host-token")


def config(**options: Any) -> Config:
    base = {"seed": MASTER, "clock": {"seconds": 30, "time_bank": 10, "timeouts_to_away": 2},
            "run_it_twice": True, "approval": True}
    return Config.parse({"game": GAME, "seats": 4, "options": {**base, **options}})


def room_state(room: Room) -> str:
    """The whole room as JSON: its ``RoomRecord`` (``records.room_record``: the table's record
    and the room's own fields, the clock too) and what a record leaves out on purpose, every
    action id ever applied and the finished hands but the last (each stored once as it ended)."""
    whole = {
        "record": room_record(room),
        "applied": {player: sorted(ids) for player, ids in sorted(room.applied.items())},
        "hands": [hand.record().to_dict() for hand in room.hands[-1:]],
    }
    return json.dumps(whole, sort_keys=True)


def seated(room: Room, *, chips: int = 200) -> Room:
    for n, name in enumerate(("ann", "bob", "cat"), start=1):
        room.apply_stored({"kind": "request", "request_id": f"r{n}", "name": name, "seat": n, "chips": chips,
                    "token_hash": digest(name)})
        room.apply_stored({"kind": "sit", "request_id": f"r{n}", "player_id": f"p{n}"})
    room.apply_stored({"kind": "start"})
    return room


def refused_unchanged(room: Room, entry: Input) -> Refused:
    before = room_state(room)
    try:
        room.apply_stored(entry)
    except Refused as refused:
        assert room_state(room) == before, entry
        return refused
    raise AssertionError(f"{entry} was taken")


# ---------------------------------------------------------------------- the three of finding 6
def test_a_refused_input_leaves_the_clock_where_it_was() -> None:
    """``Room.apply`` set the clock to the input's time before its handler ran."""
    room = seated(Room("t", config(), HOST))
    at = room.clock.now
    refused_unchanged(room, {"kind": "leave", "player_id": "nobody", "at": at + 500.0})
    assert room.clock.now == at


def test_a_refused_action_adds_no_set_of_applied_actions() -> None:
    """``_on_act`` made the player's ``applied`` set before ``table.act`` refused the action."""
    room = seated(Room("t", config(), HOST))
    room.apply(room.next_deal())
    hand = room.table.hand
    assert hand is not None and hand.to_act is not None
    waiting = next(p for p in room.players.values() if p.seat != hand.to_act)
    refused = refused_unchanged(
        room, {"kind": "act", "player_id": waiting.player_id, "action": "fold", "to": None, "client_action_id": "a1"}
    )
    assert refused.code == "illegal" and waiting.player_id not in room.applied


def test_a_deal_refused_for_want_of_players_keeps_the_straddles_declared() -> None:
    """``_on_deal`` emptied the straddles declared during the last hand before ``start_hand``
    could raise ``NotEnoughPlayers``."""
    room = seated(Room("t", config(), HOST))
    room.apply(room.next_deal())
    hand = room.table.hand
    assert hand is not None
    room.apply_stored({"kind": "straddle", "player_id": "p3", "amount": None})    # for the next hand
    assert room.straddles
    while room.in_hand:
        to_act = room.table.hand.to_act  # type: ignore[union-attr]
        player = room.player_at(to_act)  # type: ignore[arg-type]
        assert player is not None
        room.apply_stored({"kind": "act", "player_id": player.player_id, "action": "fold", "to": None,
                    "client_action_id": f"f{room.seq}"})
    for player in ("p1", "p2"):
        room.apply_stored({"kind": "leave", "player_id": player})
    refused = refused_unchanged(room, room.next_deal().json())
    assert refused.code == "illegal" and room.straddles


# ---------------------------------------------------------------------- the property
def bad_values(rule: Rule) -> list[Any]:
    if rule.kind is bool:
        return ["yes", 1]
    if rule.kind is int:
        return [None, "1", True, 1.5, -1, 10**30, 2**63]
    return [None, 5, "", "x" * 300]


KINDS = sorted(INPUTS)
PLAYERS = ["p1", "p2", "p3", "p4", "nobody"]
REQUESTS = ["r1", "r2", "r3", "gone"]
ACTIONS = ["fold", "check", "call", "raise", "show", "muck", "run_it", "sing"]


def useful_input(data: st.DataObject, room: Room) -> Input | None:
    """The input that moves the game on, if any: a seat asked for and taken, the game started,
    the next hand dealt, an action or an answer for the seat whose turn it is."""
    hand = room.table.hand
    if room.requests:
        request = next(iter(room.requests.values()))
        return {"kind": "sit", "request_id": request.request_id, "player_id": f"p{request.seat}"}
    free = [seat for seat in range(1, 5) if room.player_at(seat) is None]
    if len(room.players) < 3 and free and not room.ended:
        seat = data.draw(st.sampled_from(free))
        return {"kind": "request", "request_id": f"r{room.seq}", "name": f"n{seat}", "seat": seat,
                "chips": data.draw(st.sampled_from([40, 100, 200])), "token_hash": digest(f"n{seat}")}
    if not room.running or room.paused:
        return {"kind": "start"}
    if room.ready_to_deal():
        return room.next_deal().json()
    if room.offer is not None:
        seat = data.draw(st.sampled_from(room.offer.seats))
        return {"kind": "run_it", "player_id": f"p{seat}", "twice": data.draw(st.booleans())}
    if hand is not None and not hand.is_over and hand.to_act is not None:
        if data.draw(st.integers(0, 9)) == 0:
            return {"kind": "timeout", "seat": hand.to_act}
        legal = hand.legal().actions       # mostly what the seat may do; now and then not
        action = data.draw(st.sampled_from([*legal, *legal, "all_in", "raise", "show"]))
        return {"kind": "act", "player_id": f"p{hand.to_act}", "action": action,
                "to": data.draw(st.sampled_from([None, None, 4, 10, 50])),
                "client_action_id": data.draw(st.sampled_from(["a1", f"x{room.seq}"]))}
    return None


def an_input(data: st.DataObject, room: Room) -> Input:
    """An input for this room: mostly one that moves the game on, else one of any kind, well
    formed (the room decides; many are refused for what they ask, not their form); now and then
    with one field out of its schema."""
    useful = useful_input(data, room) if data.draw(st.integers(0, 9)) < 6 else None
    if useful is not None:
        entry = useful
    else:
        kind = data.draw(st.sampled_from([k for k in KINDS if k != "end_game"]))
        if kind == "deal":
            entry = room.next_deal().json()
            entry["hand"] += data.draw(st.sampled_from([1, -1, 0]))
        elif kind == "pause" and data.draw(st.booleans()):
            entry = {"kind": "end_game"}     # rarely: it ends the game
        else:
            fields = stored_rules(INPUTS[kind]).items()
            entry = {"kind": kind, **{name: good_value(data, name, rule) for name, rule in fields}}
    if data.draw(st.integers(0, 5)) == 0:      # one field out of its schema
        schema = stored_rules(INPUTS[entry["kind"]])
        if schema:
            name = data.draw(st.sampled_from(sorted(schema)))
            entry[name] = data.draw(st.sampled_from(bad_values(schema[name])))
        else:
            entry["kind"] = data.draw(st.sampled_from(["nothing", 3, None]))
    entry["at"] = room.clock.now + data.draw(st.sampled_from([0.0, 1.0, 45.0]))
    return entry


def good_value(data: st.DataObject, name: str, rule: Rule) -> Any:
    choices: dict[str, list[Any]] = {
        "player_id": PLAYERS,
        "request_id": REQUESTS,
        "name": ["ann", "bob", "cat", "dan"],
        "seat": [1, 2, 3, 4],
        "chips": [40, 100, 200, 250, 1],
        "token_hash": [digest(n) for n in ("ann", "bob", "host-token")],
        "amount": [None, 4, 6, 100],
        "action": ACTIONS,
        "to": [None, 1, 4, 10, 50],       # act's amount, and move_seat's seat
        "small_blind": [0, 1, 2, 5],
        "big_blind": [1, 2, 4, 10],
        "ante": [0, 1, 5, 500],           # set_game's, and a bomb pot's (0 refused; 500 puts a seat all in)
        "variant": [None, "holdem", "omaha", "go-fish"],
        "seconds": [1, 10, 30],
        "time_bank": [0, 10],
        "low": [1, 40, 100, 300],
        "high": [None, 50, 200, 1000],
        "client_action_id": ["a1", "a2"],
        "text": ["gg", "x" * 500],
        "hand": [1, 2],
        "seed": ["00", MASTER],
        "boards": [1, 2],
        "game": ["fixed_limit_holdem", "no_such_game"],     # choose_game: no dealer's choice here
    }
    if name in choices:
        return data.draw(st.sampled_from(choices[name]))
    if rule.kind is bool:
        return data.draw(st.booleans())
    return rule.default


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_refused_input_changes_nothing_and_the_inputs_taken_rebuild_the_room(data: st.DataObject) -> None:
    """Random sequences of inputs, of every kind, well formed or with a bad field: after each
    refused one the room is exactly as before (its whole state, serialised), and the inputs it
    took, applied to a new room, rebuild exactly the room in memory (as a restart does)."""
    room = Room("t", config(), HOST)
    taken: list[Input] = []
    state = room_state(room)
    for _ in range(data.draw(st.integers(20, 50))):
        entry = an_input(data, room)
        try:
            room.apply_stored(entry)
        except Refused:
            assert room_state(room) == state, entry
        else:
            taken.append(entry)
            state = room_state(room)
    again = Room("t", config(), HOST)
    for entry in taken:
        again.apply_stored(entry)
    assert room_state(again) == room_state(room)


def test_a_top_up_the_host_approves_after_the_table_filled_is_refused_as_its_replay_would_be() -> None:
    """Issue 36: a command is checked once, as it is parsed; a top-up asked for is applied only
    when the host approves it, and the table may hold more chips by then. It is refused then
    (``bad_field`` ``chips``, the table's cap), as the same input read back from the store is,
    so that the inputs taken rebuild the room."""
    from pokerfloor.server.commands import TABLE_CHIPS, EditStack, TopUp
    from pokerfloor.server.inputs import AskTopUp

    limit = {**GAME, "structure": "fixed_limit"}        # no highest buy-in: only the table's cap
    settings = {"seed": MASTER, "clock": None, "approval": True}
    room = seated(Room("t", Config.parse({"game": limit, "seats": 4, "options": settings}), HOST))
    room.apply(AskTopUp(player_id="p1", chips=100, post=False, request_id="up1"))
    room.apply(EditStack(seat=2, chips=TABLE_CHIPS - 600 - 50))
    approved = TopUp(player_id="p1", chips=100, post=False, request_id="up1")
    before = room_state(room)
    for apply in (room.apply, lambda entry: room.apply_stored(entry.json())):
        with pytest.raises(Refused) as refused:
            apply(approved)
        assert refused.value.field == "chips" and room_state(room) == before
