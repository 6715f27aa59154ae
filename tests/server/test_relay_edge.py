"""A relayed frame is read whole before it is relayed (issues 34 and 36: every outside input is
validated whole at the edge). A client whose table or event another process owns is relayed to
that owner over the bus (the in-memory hub and leases of tests/server/test_bus_apps.py); each of
its frames is read into its typed command at the process it reached, and a command with a field
against its rules is refused there (``bad_field``, a strike) and never goes over the bus. What
goes is the typed value written again (``commands.written_again``, ``EventCommand.frame``), not the
client's text: a field the command does not have is not carried, and the owner reads it back
into the same command."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.server.commands import COMMANDS, receive, rules, written_again
from pokerfloor.server.event import commands as ec
from pokerfloor.server.fields import NO_LIMITS, Refused, Rule
from tests.server.test_bus_apps import Floor, _hello, _table, floor
from tests.server.test_edge_property import HOSTILE
from tests.server.test_event_bus import EVENT, start, until_type

__all__ = ["floor"]     # (the fixture, used by name)


def _frames(here: Floor) -> list[dict[str, Any]]:
    """The client frames that went over the bus after a hello, as the owner reads them."""
    return [json.loads(m["text"]) for m in here.hub.said if m.get("op") == "frame"]


def test_a_relayed_tables_client_is_refused_a_malformed_command_before_the_bus(floor: Callable[..., Floor]) -> None:
    here = floor()
    owner, relaying = here.start(), here.start()
    table_id, _ = _table(owner)
    with relaying.websocket_connect("/ws") as ws:
        _hello(ws, table_id)
        ws.receive_json()                                       # its first update, from the owner
        for bad, field in (({"seat": "one"}, "seat"), ({"name": ""}, "name"), ({"chips": -5}, "chips")):
            ws.send_json({"type": "join", "name": "ann", "seat": 1, "chips": 100, "id": 9, **bad})
            refused = ws.receive_json()
            assert (refused["type"], refused["code"], refused["field"], refused["reply_to"]) == \
                ("error", "bad_field", field, 9), refused
        assert _frames(here) == []                              # not one of them went over the bus
        ws.send_json({"type": "join", "name": "ann", "seat": 1, "chips": 100, "id": 2, "client_action_id": "j1",
                      "surprise": {"x": 1}})
        answer = ws.receive_json()
        while answer["type"] == "update":
            answer = ws.receive_json()
        assert (answer["type"], answer["reply_to"]) == ("seat_requested", 2), answer
    assert _frames(here) == [{"client_action_id": "j1", "type": "join", "id": 2, "name": "ann", "seat": 1,
                              "chips": 100, "seat_token": None}]


def test_a_relayed_events_client_is_refused_a_malformed_command_before_the_bus(floor: Callable[..., Floor]) -> None:
    here = floor()
    owner, relaying = start(here), start(here)
    with owner.websocket_connect("/event/ws") as host:
        host.send_json({"type": "open_event", "event": EVENT, "id": 1})
        event_id = until_type(host, "event_opened")["event_id"]
        with relaying.websocket_connect("/event/ws") as ann:
            ann.send_json({"type": "event_hello", "event_id": event_id, "view": "player", "id": 2, "extra": "x"})
            assert until_type(ann, "event_welcome")["role"] == "watcher"
            for frame, field in (({"type": "register", "name": 5}, "name"),
                                 ({"type": "event_act", "action": "fold", "cards": "AhKd"}, "cards"),
                                 ({"type": "set_payouts", "payouts": [0, 0]}, "payouts")):
                ann.send_json({**frame, "id": 3})
                refused = until_type(ann, "error")
                assert (refused["code"], refused["field"], refused["reply_to"]) == ("bad_field", field, 3), refused
            assert _frames(here) == []
            ann.send_json({"type": "register", "name": "Ann", "id": 4, "colour": "red"})
            assert until_type(ann, "registered")["reply_to"] == 4
    opened = [json.loads(m["text"]) for m in here.hub.said if m.get("op") == "open"]
    assert opened == [{"type": "event_hello", "id": 2, "event_id": event_id, "token": None, "view": "player"}]
    assert _frames(here) == [{"type": "register", "id": 4, "name": "Ann", "token": None}]


WORDS = ["fold", "icm", "chip_chop", "player", "clock"]


def value(rule: Rule) -> st.SearchStrategy[Any]:
    """A field's value: mostly one of its kind in its range, sometimes none or a hostile one."""
    low, high = (1, 12) if rule.ranged else (rule.low, rule.high)
    assert isinstance(low, int) and isinstance(high, int)
    near: st.SearchStrategy[Any] = (
        st.booleans() if rule.kind is bool
        else st.integers(low, min(high, low + 40)) if rule.kind is int
        else st.lists(st.sampled_from(["Ah", "Kd", "2c"]), max_size=high) if rule.kind is list
        else st.lists(st.integers(0, 60), min_size=low, max_size=min(high, 8)) if rule.kind is tuple
        else st.text("abAhz\u00e9", min_size=max(1, low), max_size=min(high, 40)) | st.sampled_from(WORDS))
    return st.one_of(*[near] * 12, st.none(), HOSTILE)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_command_written_again_reads_back_the_same(data: st.DataObject) -> None:
    """Every table command read at the edge and written again for the owner reads back into the
    same command, id and client action id; one with a field against its rules is refused as it
    is written (``Refused``), never written."""
    for kind in sorted(COMMANDS):
        frame = {"type": kind, **{name: data.draw(value(rule)) for name, rule in rules(COMMANDS[kind]).items()}}
        frame.update(data.draw(st.fixed_dictionaries({}, optional={"id": st.integers(0, 99),
                                                                  "client_action_id": st.text(max_size=4)})))
        received = receive(frame)
        try:
            again = written_again(received)
        except Refused as refused:      # (a field against its rules, or out of every table's range: a seat 0)
            assert refused.code == "bad_field"
            continue
        back = receive(json.loads(json.dumps(again)))
        assert (back.command, back.reply_to, back.action_id) == (received.command_in(NO_LIMITS), received.reply_to,
                                                                 received.action_id)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_an_event_command_written_again_reads_back_the_same(data: st.DataObject) -> None:
    for kind in [ec.COMMANDS[k] for k in sorted(ec.COMMANDS) if k != "open_event"]:    # (open_event: carried out
        frame = {"type": kind.TYPE, **{f.name: data.draw(value(f.metadata["rule"]))  # where it is read)
                                       for f in dataclasses.fields(kind)}}
        try:
            received = ec.receive(frame)
        except Refused:
            continue
        assert ec.receive(json.loads(json.dumps(received.command.frame(7)))) == ec.Received(received.command, 7)
