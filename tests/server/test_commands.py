"""One schema per command (issue 22, findings 1 and 7): every client command is parsed whole at
the edge, and a field that is missing, of the wrong type or out of its range is refused
``bad_field`` naming the field, before anything is stored (docs/protocol.md, the schema)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.server import create_app
from pokerfloor.server.actor import STEPS
from pokerfloor.server.commands import (
    COMMANDS,
    MAX_CHIPS,
    TABLE_CHIPS,
    Hello,
    Join,
    Limits,
    Refused,
    Rule,
    parse,
    receive,
    rules,
)
from pokerfloor.server.fields import Input, stored_rules
from pokerfloor.server.inputs import INPUTS, read_input
from pokerfloor.server.room import HANDLERS, Config, digest
from pokerfloor.server.store import Store
from pokerfloor.server.transport import STRIKE_SECONDS

from .conftest import GAME, FakeClock, Peer, Session
from .test_refused import room_state

LIMITS = Limits(seats=6, buy_in=(40, 200))
PROTOCOL = Path(__file__).parents[2] / "docs" / "protocol.md"
FIXTURES = Path(__file__).parent / "fixtures"


def good(rule: Rule) -> Any:
    """A value the rule takes."""
    if rule.kind is bool:
        return True
    low = rule.low(LIMITS) if callable(rule.low) else rule.low
    if rule.kind is list:
        return ["Ah"] * max(low, 1)
    return low if rule.kind is int else "x" * max(low, 1)


def bad(rule: Rule) -> list[Any]:
    """Values the rule refuses: of the wrong type, or just out of its range."""
    if rule.kind is bool:
        return ["yes", 1, [True]]
    low = rule.low(LIMITS) if callable(rule.low) else rule.low
    high = rule.high(LIMITS) if callable(rule.high) else rule.high
    missing = [] if rule.optional else [None]
    if rule.kind is int:
        return [*missing, str(low), True, float(low) + 0.5, low - 1, high + 1, 10**30]
    if rule.kind is list:
        return [*missing, "Ah", 5, [5], ["Ahh"], ["Ah"] * (high + 1)]
    return [*missing, 5, ["x"], "x" * (high + 1), *([" " * low] if rule.strip else []), *([""] if low else [])]


def valid_frame(kind: str) -> dict[str, Any]:
    return {"type": kind, **{name: good(rule) for name, rule in rules(COMMANDS[kind]).items()}}


@pytest.mark.parametrize("kind", sorted(COMMANDS))
def test_every_command_parses_into_its_typed_value_and_refuses_each_bad_field_by_name(kind: str) -> None:
    frame = valid_frame(kind)
    command = parse(frame, LIMITS)
    assert type(command) is COMMANDS[kind] and kind == command.TYPE
    for name, rule in rules(COMMANDS[kind]).items():
        for value in bad(rule):
            with pytest.raises(Refused) as refused:
                parse({**frame, name: value}, LIMITS)
            assert (refused.value.code, refused.value.field) == ("bad_field", name), (name, value)
            assert refused.value.message.startswith(f"{name}: ")


def test_a_join_takes_the_tables_buy_in_and_no_more_than_the_tables_chip_cap() -> None:
    frame = {"type": "join", "name": "  ann ", "seat": 6, "chips": 40}
    assert parse(frame, LIMITS) == Join(name="ann", seat=6, chips=40, seat_token=None)
    assert parse({**frame, "chips": 200}, LIMITS).fields()["chips"] == 200
    for chips in (39, 201, -100, 0, 2**63, 10**30):
        with pytest.raises(Refused, match="chips: is 40 to 200"):
            parse({**frame, "chips": chips}, LIMITS)
    no_maximum = Limits(seats=6, buy_in=(40, None))
    assert parse({**frame, "chips": TABLE_CHIPS}, no_maximum).fields()["chips"] == TABLE_CHIPS
    for chips in (TABLE_CHIPS + 1, MAX_CHIPS, MAX_CHIPS + 1):    # issue 34, finding 6: 2**53 - 1 is refused
        with pytest.raises(Refused, match="chips"):
            parse({**frame, "chips": chips}, no_maximum)
    holding = Limits(seats=6, buy_in=(40, None), chips_at_table=TABLE_CHIPS - 100)
    assert parse({**frame, "chips": 100}, holding).fields()["chips"] == 100
    with pytest.raises(Refused, match="chips: is 40 to 100"):
        parse({**frame, "chips": 101}, holding)
    for kind in ("top_up", "edit_stack"):       # a top-up and the host's edit: the same cap
        with pytest.raises(Refused, match="chips: is 1 to 100"):
            parse({"type": kind, "seat": 1, "chips": 101}, holding)
    with pytest.raises(Refused, match="seat: is 1 to 6"):
        parse({**frame, "seat": 7}, LIMITS)


def test_a_frame_is_read_whole_at_the_edge_and_its_tables_ranges_checked_when_it_is_carried_out() -> None:
    """Issue 36: the frame becomes its typed value at the edge (``receive``), before it is
    queued; the ranges its table sets (seats, buy-in, chips at the table) are checked by the
    table task against the table as it is when the command's turn comes (``command_in``), and a
    frame refused at the edge is refused with the error the whole frame gets with those limits:
    the first field at fault, in the frame's order."""
    frame = {"type": "join", "id": 4, "name": "ann", "seat": 9, "chips": 500, "client_action_id": "c1"}
    received = receive(frame)
    assert received.command == Join(name="ann", seat=9, chips=500, seat_token=None) and received.refused is None
    assert (received.reply_to, received.action_id) == (4, ("c1",))
    assert received.command_in(Limits(seats=10, buy_in=(40, 500))) == received.command
    with pytest.raises(Refused, match="seat: is 1 to 6"):
        received.command_in(LIMITS)             # the same frame at a table of six seats
    with pytest.raises(Refused, match="chips: is 40 to 200"):
        receive({**frame, "seat": 2}).command_in(LIMITS)
    with pytest.raises(Refused, match="chips: is 40 to 100"):     # chips that came to the table since
        receive({**frame, "seat": 2}).command_in(Limits(seats=6, buy_in=(40, None), chips_at_table=TABLE_CHIPS - 100))
    late = receive({**frame, "seat_token": 7})          # a type error after a range error
    assert late.command is None and late.refused is not None and late.refused.field == "seat_token"
    with pytest.raises(Refused, match="seat: is 1 to 6"):
        late.command_in(LIMITS)
    with pytest.raises(Refused, match="seat_token"):
        late.command_in(Limits(seats=10, buy_in=(40, 500)))
    assert receive({"type": "start"}).action_id == ()


def test_an_unknown_command_is_unknown_and_fields_a_command_does_not_have_are_ignored() -> None:
    with pytest.raises(Refused) as refused:
        parse({"type": "shuffle_up"}, LIMITS)
    assert refused.value.code == "unknown_type"
    assert parse({"type": "start", "id": 7, "extra": "ignored"}, LIMITS).fields() == {}


def test_every_command_has_one_handler_and_every_input_one_handler_of_the_room() -> None:
    """Adding a command is one typed class and one handler (issue 36): each input type has the
    room's handler, each client command (``create_table`` too) is an input (handled by the room),
    or has a step of the table task's (``actor.STEPS``) or of the server's before there is a
    table (``app.STEPS``), all looked up by its type; and no type has two but a top-up (a step
    that asks the host first, then the input as it is) and a hello (the server attaches the
    client to its table, whose task then welcomes it)."""
    from pokerfloor.server import app
    from pokerfloor.server.settings import CreateTable

    assert set(HANDLERS) == set(INPUTS.values())
    assert set(app.STEPS) == {CreateTable, Hello}
    for kind, command in {**COMMANDS, CreateTable.TYPE: CreateTable}.items():
        handled = issubclass(command, Input), command in STEPS, command in app.STEPS
        assert sum(handled) == 1 or command.TYPE in ("top_up", "hello"), kind
        assert kind == command.TYPE
    assert Hello in STEPS and Hello in app.STEPS
    for kind, input_type in INPUTS.items():
        assert kind == input_type.KIND


def test_create_table_is_read_whole_at_the_edge_into_its_typed_value() -> None:
    """Issue 36: ``create_table`` is read once (``settings.CreateTable.read``) into its settings
    and the house bots it asks for; the deal's seed is the server's, put in as the table is made;
    ``serve --between-hands`` is the moment between hands of a table whose host chose none."""
    from pokerfloor.server.settings import DEFAULT_PAUSE, CreateTable, Interval

    frame = {"type": "create_table", "id": 3, "game": GAME, "seats": 6, "options": {"bots": 2}}
    made = CreateTable.read(frame)
    assert (made.bots, made.config.seats, made.config.between_hands) == (2, 6, DEFAULT_PAUSE)
    assert made.with_seed("ab" * 16) == Config.parse({**frame, "options": {"seed": "ab" * 16}}, None)
    assert CreateTable.read(frame, between_hands=1.5).config.between_hands == Interval(1.5, 1.5)
    chosen = {**frame, "options": {"between_hands": {"seconds": 9, "showdown": 9}}}
    assert CreateTable.read(chosen, between_hands=1.5).config.between_hands == Interval(9, 9)
    for options, field in [({"seed": "ab" * 16}, "seed"), ({"bots": 6}, "bots"), ({"bots": True}, "bots"),
                           ({"between_hands": 3}, "between_hands")]:
        with pytest.raises(Refused) as refused:
            CreateTable.read({**frame, "options": options}, between_hands=1.5)
        assert (refused.value.code, refused.value.field) == ("bad_field", field), options


def test_a_stored_input_is_read_back_into_its_value_checked_whole() -> None:
    request = {"kind": "request", "request_id": "r1", "name": "eve", "seat": 1, "chips": 10**30, "token_hash": "0" * 64}
    with pytest.raises(Refused) as refused:
        read_input(request, LIMITS)
    assert refused.value.field == "chips"
    with pytest.raises(Refused) as refused:
        read_input({"kind": "nothing"}, LIMITS)
    assert refused.value.code == "unknown_type"
    for kind, input_type in INPUTS.items():
        plain = {"kind": kind, **{name: good(rule) for name, rule in stored_rules(input_type).items()}, "at": 5.0}
        if kind == "request":
            plain["token_hash"] = "0" * 64
        value = read_input(plain, LIMITS)
        assert type(value) is input_type and value.at == 5.0
        again = value.json()
        assert read_input(again, LIMITS) == value
        assert {k: v for k, v in again.items() if v is not None} == {k: v for k, v in plain.items() if v is not None}


@pytest.mark.parametrize("version", [1, 2, 3])
def test_every_input_a_fixture_database_holds_reads_back_into_a_value_whose_json_is_the_same(
        version: int, tmp_path: Path) -> None:
    """The stored format of inputs is unchanged: each input of the databases earlier releases
    wrote (tests/server/fixtures) is read into its typed value, whose JSON is the stored JSON,
    key for key and value for value."""
    shutil.copy(FIXTURES / f"room-records-v{version}.db", tmp_path / "old.db")
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    try:
        stored = store.inputs("t-played")
    finally:
        store.close()
    assert len(stored) > 50
    limits = Limits(seats=6, buy_in=(40, 200))
    for plain in stored:
        assert read_input(plain, limits).json() == plain


def test_docs_protocol_lists_every_commands_fields_as_the_schema_has_them() -> None:
    """docs/protocol.md's schema table says what ``commands`` checks: one row per field."""
    text = PROTOCOL.read_text()
    section = text[text.index("## The schema") :]
    section = section[: section.index("\n## ", 4)]
    rows = set(re.findall(r"^\| `(\w+)` \| `(\w+)` \|", section, flags=re.M))
    expected = {(kind, name) for kind, command in COMMANDS.items() for name in rules(command)}
    assert rows == expected
    for kind in COMMANDS:
        if not rules(COMMANDS[kind]):
            assert f"`{kind}`" in section, kind


# ---------------------------------------------------------------------- finding 1, through the protocol
@pytest.mark.parametrize("chips", [10**30, 2**63, -100, 0, 39, 201, "100", 100.0, None])
def test_a_join_out_of_the_buy_in_is_refused_naming_chips_before_anything_is_stored(
    http: TestClient, chips: Any
) -> None:
    """Finding 1: on a table with seat approval a guest's ``join`` with ``chips: 10**30`` was
    stored before it was checked (every later update then failed to encode); -100, 0 and 2**63
    got a seat token before the error. Now each is ``bad_field`` (``field: chips``), nothing is
    stored, no token is given, and the host goes on as before."""
    game = Session(http, approval=True)
    guest = Peer(http, "guest")
    guest.reply({"type": "hello", "version": 1, "table_id": game.table_id})
    game.sync()
    stored = len(game.store_inputs())
    refused = guest.reply({"type": "join", "name": "eve", "seat": 1, "chips": chips, "seat_token": "e" * 20})
    assert refused["type"] == "error" and refused["code"] == "bad_field" and refused["field"] == "chips", refused
    game.sync()
    assert not [f for f in guest.frames if f["type"] == "seat_requested"]
    assert len(game.store_inputs()) == stored and not game.room.requests
    # The table is whole: a join in range is taken and the host approves it.
    asked = guest.reply({"type": "join", "name": "eve", "seat": 1, "chips": 200})
    assert asked["type"] == "seat_requested", asked
    assert game.host.reply({"type": "approve", "request_id": asked["request_id"]})["type"] == "ack"
    assert game.host.sync()["table"]["seats"]["1"]["chips"] == 200


def test_every_bad_field_of_a_player_or_host_command_is_refused_by_name_and_stores_nothing(
    http: TestClient, clock: FakeClock
) -> None:
    """Time passes between the bad frames (STRIKE_SECONDS each): the host's commands have
    more fields than one connection's error budget, and the budget is not what this tests."""
    game = Session(http)
    ann = game.join("ann", 1)
    game.join("bob", 2)
    game.sync()
    stored, before = len(game.store_inputs()), room_state(game.room)
    for kind, command in COMMANDS.items():
        if kind == "hello":
            continue
        peer = game.host if command.WHO == "host" else ann
        for name, rule in rules(command).items():
            value = bad(rule)[-1]
            got = peer.reply({**valid_frame(kind), name: value})
            assert (got["type"], got["code"], got["field"]) == ("error", "bad_field", name), (kind, name, got)
            clock.now += STRIKE_SECONDS
    assert len(game.store_inputs()) == stored and room_state(game.room) == before
    hello = Peer(http).reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": "yes"})
    assert (hello["code"], hello["field"]) == ("bad_field", "spectate")


def test_a_bad_field_of_create_table_is_named(http: TestClient) -> None:
    host = Peer(http)
    got = host.reply({"type": "create_table", "game": GAME, "seats": 6, "options": {"approval": "yes"}})
    assert (got["code"], got["field"]) == ("bad_field", "approval")
    got = host.reply({"type": "create_table", "game": {**GAME, "big_blind": 2**60}, "seats": 6})
    assert (got["code"], got["field"]) == ("bad_field", "big_blind")
    got = host.reply({"type": "create_table", "game": GAME, "options": {"clock": {"seconds": 1e308}}})
    assert (got["code"], got["field"]) == ("bad_field", "seconds")


def test_a_store_holding_an_unchecked_join_from_before_opens_without_it(tmp_path: Path, clock: Any) -> None:
    """Finding 1's last part: a restart on the same database brought the bad request back. An
    input an earlier release stored unchecked (a request for 10**30 chips) is refused as the
    table is rebuilt, logged and skipped; the inputs after it keep their numbers, and the host
    is answered and approves a good request."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    config = Config.parse({"game": GAME, "seats": 6, "options": {"approval": True, "seed": "ab" * 16}})
    store.create_table("t-old", config.to_json(), digest("the-host-token-of-old"))
    bad = {"kind": "request", "request_id": "r1", "name": "eve", "seat": 1, "chips": 10**30,
           "token_hash": digest("eve-token-0123456789"), "at": 1.0}
    chat = {"kind": "spectators", "allow": False, "at": 2.0}
    store.write_many([("t-old", 1, bad, None), ("t-old", 2, chat, None)])
    store.close()
    with TestClient(create_app(url, clock=clock, flood=10_000)) as http:
        host = Peer(http, "host")
        welcome = host.reply({"type": "hello", "version": 1, "table_id": "t-old", "token": "the-host-token-of-old"})
        assert welcome["role"] == "host" and welcome["seq"] == 2, welcome
        update = host.sync()
        assert update["table"]["requests"] == [] and update["table"]["customs"]["spectators"] is False
        guest = Peer(http, "guest")
        guest.reply({"type": "hello", "version": 1, "table_id": "t-old"})
        asked = guest.reply({"type": "join", "name": "eve", "seat": 1, "chips": 200})
        assert asked["type"] == "seat_requested" and asked["seq"] == 3, asked
        assert host.reply({"type": "approve", "request_id": asked["request_id"]})["type"] == "ack"
        assert host.sync()["table"]["seats"]["1"]["chips"] == 200
        guest.close()
        host.close()
