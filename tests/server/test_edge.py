"""No guest can stop, break or rig a table (issue 34, the server's edge): every frame is checked
whole before anything is stored, relayed or answered, and nothing one command does ends a
table's task. Each test below is one of the issue's findings, through a real socket (uvicorn on
127.0.0.1, in this process: ``served.py``), and failed on the main branch it was filed against.
"""

from __future__ import annotations

import csv
import http.client
import io
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus

from pokerfloor.server.actor import TableTask
from pokerfloor.server.commands import MAX_CHIPS, TABLE_CHIPS, Refused
from pokerfloor.server.limits import SOCKETS_PER_ADDRESS
from pokerfloor.server.room import Room
from pokerfloor.server.store import NotOwner

from .conftest import GAME
from .served import Served, Sock, serving
from .test_refused import room_state

LIMIT = {"variant": "holdem", "structure": "fixed_limit", "small_bet": 2, "big_bet": 4, "small_blind": 1,
         "big_blind": 2}
STATIC = Path(__file__).parents[2] / "src" / "pokerfloor" / "server" / "static"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with serving(tmp_path / "edge.db") as running:
        yield running


def table(served: Served, game: dict[str, Any] | None = None, **options: Any) -> tuple[Sock, str]:
    host = served.client()
    created = host.reply({"type": "create_table", "game": game or GAME, "seats": 6, "options": options})
    assert created["type"] == "table_created", created
    return host, str(created["table_id"])


def guest(served: Served, table_id: str) -> Sock:
    sock = served.client()
    assert sock.reply({"type": "hello", "version": 1, "table_id": table_id})["type"] == "welcome"
    return sock


def room(served: Served, table_id: str) -> Room:
    return served.call(lambda: served.server.tables[table_id].room)


def stored_inputs(served: Served, table_id: str) -> list[dict[str, Any]]:
    return served.call(lambda: served.server.store.inputs(table_id))


def rebuilds_alike(served: Served, table_id: str) -> bool:
    """The room in memory is the one its stored inputs rebuild, every input from the first
    (read on the server's loop)."""
    def compare() -> tuple[str, str]:
        live = served.server.tables[table_id].room
        return room_state(live), room_state(served.server.rebuild(table_id, from_snapshot=False))

    # Read between two steps of the loop, the room may hold an input its task is still writing
    # (applied, then stored, then told): the two agree once the table has settled.
    for _ in range(200):
        live, rebuilt = served.call(compare)
        if live == rebuilt:
            return True
        time.sleep(0.02)
    assert live == rebuilt
    return True


# ---------------------------------------------------------------------- finding 1: one frame stops a table
DEEP_ID = "[" * 255 + "]" * 255


@pytest.mark.parametrize(("raw_id", "code"), [
    ("18446744073709551616", "bad_field"), ("9007199254740992", "bad_field"), ("-1", "bad_field"),
    (DEEP_ID, "bad_json"), ('"\\ud800"', "bad_json"), ('""', "bad_field"), (json.dumps("x" * 65), "bad_field"),
    ("1.5", "bad_field"), ("true", "bad_field"), ("{}", "bad_field"), ("1e400", "bad_json"),
])
def test_a_frame_whose_id_cannot_be_written_back_is_refused_at_the_edge_and_the_table_goes_on(
    served: Served, raw_id: str, code: str
) -> None:
    """The hello of finding 1 (an id of 2**64, nested 255 deep, a lone surrogate) killed the
    table's task: nobody at the table was answered again. Now it is refused, ``reply_to`` null,
    and the table answers everyone as before."""
    host, table_id = table(served)
    stranger = served.client()
    text = f'{{"type":"hello","version":1,"table_id":"{table_id}","id":{raw_id}}}'
    got = stranger.answer(text)
    assert (got["type"], got["code"], got["reply_to"]) == ("error", code, None)
    if code == "bad_field":
        assert got["field"] == "id"
    assert guest(served, table_id).reply({"type": "resync", "last_seq": 0})["type"] == "update"
    assert host.reply({"type": "resync", "last_seq": 0})["type"] == "update"
    assert stored_inputs(served, table_id) == []


def test_ids_a_reply_can_carry_are_carried_back(served: Served) -> None:
    host, _table_id = table(served)
    for good in ("a", "x" * 64, 0, MAX_CHIPS):
        got = host.answer(json.dumps({"type": "resync", "last_seq": 0, "id": good}), good)
        assert got["reply_to"] == good


def test_a_table_task_survives_a_failure_while_answering_a_refusal(served: Served,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The error reply itself failing (finding 1's path) is logged; the task goes on."""
    _host, table_id = table(served)
    server = served.server
    real = server.refuse
    failures = [1]

    async def refuse_once(client: Any, refused: Refused, frame: Any) -> None:
        if failures and refused.code == "bad_field":
            failures.pop()
            raise OverflowError("an error frame that cannot be encoded")
        await real(client, refused, frame)

    monkeypatch.setattr(server, "refuse", refuse_once)
    ann = guest(served, table_id)
    ann.send_text(json.dumps({"type": "join", "name": "ann", "seat": 99, "chips": 100, "id": "j"}))
    assert ann.reply({"type": "join", "name": "ann", "seat": 1, "chips": 100})["type"] == "seat_requested"
    assert not failures
    task = served.call(lambda: server.tables[table_id].task)
    assert task is not None and not task.done()
    assert rebuilds_alike(served, table_id)


def test_a_table_task_that_dies_anyway_is_started_again_from_the_store(served: Served,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    _host, table_id = table(served)
    ann = guest(served, table_id)
    assert ann.reply({"type": "join", "name": "ann", "seat": 1, "chips": 100})["type"] == "seat_requested"
    running = served.call(lambda: served.server.tables[table_id])
    real = TableTask._carry_out
    died = [1]

    async def die_once(self: TableTask, command: Any) -> None:
        if died:
            died.pop()
            raise SystemError("a fault outside any one command")
        await real(self, command)

    monkeypatch.setattr(TableTask, "_carry_out", die_once)
    first = served.call(lambda: running.task)
    ann.send_text(json.dumps({"type": "sit_out", "id": "lost"}))      # the task dies on it
    assert ann.reply({"type": "resync", "last_seq": 0})["type"] == "update"     # a new task answers
    assert not died
    again = served.call(lambda: running.task)
    assert again is not first and again is not None and not again.done()
    assert served.call(lambda: served.server.tables[table_id]) is running
    assert rebuilds_alike(served, table_id)


# ---------------------------------------------------------------------- finding 2: one join breaks a table
@pytest.mark.parametrize("approval", [False, True])
def test_a_name_with_a_lone_surrogate_is_refused_and_nothing_is_stored(served: Served, approval: bool) -> None:
    host, table_id = table(served, approval=approval)
    eve = guest(served, table_id)
    got = eve.answer('{"type":"join","name":"Eve\\ud800","seat":4,"chips":100,"id":"e"}')
    assert (got["type"], got["code"]) == ("error", "bad_json")
    assert stored_inputs(served, table_id) == []
    ann = guest(served, table_id)
    assert ann.reply({"type": "join", "name": "ann", "seat": 1, "chips": 100})["type"] == "seat_requested"
    assert host.reply({"type": "resync", "last_seq": 0})["type"] == "update"
    assert rebuilds_alike(served, table_id)


# ---------------------------------------------------------------------- finding 3: a link fixes the deal
def test_no_client_input_chooses_the_master_seed(served: Served) -> None:
    host = served.client()
    got = host.reply({"type": "create_table", "game": GAME, "seats": 6, "options": {"seed": "00"}})
    assert (got["type"], got["code"], got["field"]) == ("error", "bad_field", "seed")
    seeds = set()
    for _ in range(3):
        _, table_id = table(served)
        master = room(served, table_id).config.master
        assert re.fullmatch(r"[0-9a-f]{64}", master)      # 256 bits from the CSPRNG
        seeds.add(master)
    assert len(seeds) == 3


def test_the_lobby_sends_no_seed() -> None:
    """The lobby once read ``?seed=`` from its own address and sent it as ``options.seed``."""
    lobby = (STATIC / "js" / "lobby.js").read_text()
    assert "seed" not in lobby


# ---------------------------------------------------------------------- finding 6: stacks without a ceiling
def test_a_limit_game_refuses_a_join_or_top_up_past_the_tables_chip_cap(served: Served) -> None:
    host, table_id = table(served, game=LIMIT)
    ann = guest(served, table_id)
    got = ann.reply({"type": "join", "name": "ann", "seat": 1, "chips": MAX_CHIPS})
    assert (got["code"], got["field"]) == ("bad_field", "chips")
    assert ann.reply({"type": "join", "name": "ann", "seat": 1, "chips": TABLE_CHIPS - 50})["type"] == "seat_requested"
    bob = guest(served, table_id)
    got = bob.reply({"type": "join", "name": "bob", "seat": 2, "chips": 51})      # the buy-in is 40 or more
    assert (got["code"], got["field"]) == ("bad_field", "chips")
    assert bob.reply({"type": "join", "name": "bob", "seat": 2, "chips": 50})["type"] == "seat_requested"
    got = ann.reply({"type": "top_up", "chips": MAX_CHIPS})
    assert (got["code"], got["field"]) == ("bad_field", "chips")
    got = host.reply({"type": "edit_stack", "seat": 2, "chips": 1})
    assert (got["code"], got["field"]) == ("bad_field", "chips")
    stacks = room(served, table_id).table.stacks()
    assert sum(stacks.values()) == TABLE_CHIPS
    assert rebuilds_alike(served, table_id)


# ---------------------------------------------------------------------- finding 8: internal for a stored input
def test_an_input_stored_is_never_answered_internal_and_is_applied_once(served: Served,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault after the input is stored (here the broadcast; on main, an update that could not
    be encoded) answered ``internal``, and the client's retry doubled the top-up. Now the stored
    input is acknowledged, once."""
    _host, table_id = table(served)
    ann = guest(served, table_id)
    assert ann.reply({"type": "join", "name": "ann", "seat": 1, "chips": 100})["type"] == "seat_requested"
    running = served.call(lambda: served.server.tables[table_id])
    real = TableTask.broadcast
    failures = [1]

    async def fail_once(self: TableTask) -> None:
        if failures:
            failures.pop()
            raise OverflowError("an update that cannot be encoded")
        await real(self)

    assert ann.reply({"type": "resync", "last_seq": 0})["type"] == "update"     # the seat taken
    monkeypatch.setattr(TableTask, "broadcast", fail_once)
    before = len(stored_inputs(served, table_id))
    got = ann.reply({"type": "top_up", "chips": 50})
    assert got["type"] == "ack", got
    assert not failures
    kinds = [entry["kind"] for entry in stored_inputs(served, table_id)[before:]]
    assert kinds == ["top_up"]
    player = next(iter(room(served, table_id).players.values()))
    assert room(served, table_id).table.stack(player.seat) == 150
    assert running.room.seq == before + 1
    assert rebuilds_alike(served, table_id)


# ---------------------------------------------------------------------- finding 11: names and the ledger
@pytest.mark.parametrize("name", ["\u202eytsoH", "a\u2066b", "bell\x07", "tab\tname", "zero\u200bwidth", "li\u2028ne",
                                  "priv\ue000", "new\nline"])
def test_a_name_with_control_or_bidirectional_characters_is_refused(served: Served, name: str) -> None:
    _, table_id = table(served)
    eve = guest(served, table_id)
    got = eve.reply({"type": "join", "name": name, "seat": 1, "chips": 100})
    assert (got["type"], got["code"], got["field"]) == ("error", "bad_field", "name")
    assert stored_inputs(served, table_id) == []


@pytest.mark.parametrize("approval", [False, True])
def test_a_name_is_nfc_and_distinct_from_every_other_at_the_table(served: Served, approval: bool) -> None:
    _host, table_id = table(served, approval=approval)
    first = guest(served, table_id)
    assert first.reply({"type": "join", "name": "Zoe\u0301", "seat": 1, "chips": 100})["type"] == "seat_requested"
    for taken in ("ZOÉ", "zo\u00e9", " Zoé "):        # the same name, whatever its case or composition
        got = guest(served, table_id).reply({"type": "join", "name": taken, "seat": 2, "chips": 100})
        assert (got["code"], got["field"]) == ("bad_field", "name"), taken
    names = [entry.get("name") for entry in stored_inputs(served, table_id) if entry["kind"] == "request"]
    assert names == ["Zo\u00e9"]                        # stored NFC
    assert guest(served, table_id).reply({"type": "join", "name": "Zoey", "seat": 2, "chips": 100})[
        "type"] == "seat_requested"


def test_ledger_csv_cells_cannot_start_a_formula(served: Served) -> None:
    _host, table_id = table(served)
    for seat, name in enumerate(("=HYPERLINK(\"http://x\")", "+1", "-1", "@SUM(A1)"), start=1):
        got = guest(served, table_id).reply({"type": "join", "name": name, "seat": seat, "chips": 100})
        assert got["type"] == "seat_requested", got
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    connection.request("GET", f"/api/tables/{table_id}/ledger.csv")
    text = connection.getresponse().read().decode()
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    formulas = [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not _number(cell)]
    assert formulas == [], text
    assert {"'=HYPERLINK(\"http://x\")", "'+1", "'-1", "'@SUM(A1)"} <= set(cells)


def _number(cell: str) -> bool:
    """A chip count (a loss is negative): the ledger's numbers are written as numbers."""
    return re.fullmatch(r"-?\d+", cell) is not None


# ---------------------------------------------------------------------- finding 12: smaller
def test_a_binary_frame_closes_the_connection_with_1003_and_the_table_goes_on(served: Served) -> None:
    host, _table_id = table(served)
    sock = served.client()
    sock.ws.send(b"\x00\x01binary")
    assert sock.closed_with() == 1003
    assert host.reply({"type": "resync", "last_seq": 0})["type"] == "update"


def test_a_frame_before_hello_is_refused_and_the_connection_stays(served: Served) -> None:
    sock = served.client()
    for frame in ({"type": "act", "hand": 1, "action": "fold", "turn_token": "t", "client_action_id": "c"},
                  {"type": "resync", "last_seq": 0}, {"type": "start"}):
        got = sock.reply(frame)
        assert (got["type"], got["code"]) == ("error", "no_table")
    _host, table_id = table(served)
    assert sock.reply({"type": "hello", "version": 1, "table_id": table_id})["type"] == "welcome"


def test_json_nested_1000_deep_is_answered_bad_json(served: Served) -> None:
    sock = served.client()
    got = sock.answer('{"type":"chat","text":' + "[" * 1000 + "]" * 1000 + "}")
    assert (got["type"], got["code"]) == ("error", "bad_json")
    got = sock.answer("[" * 1000 + "]" * 1000)
    assert (got["type"], got["code"]) == ("error", "bad_json")
    assert sock.reply({"type": "resync", "last_seq": 0})["code"] == "no_table"      # still open


@pytest.mark.parametrize("field", ["table_id", "token"])
def test_a_lone_surrogate_in_table_id_or_token_is_refused_at_the_edge_without_a_rebuild(
    served: Served, field: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, table_id = table(served)
    rebuilt: list[str] = []
    real = served.server.rebuild

    def counted(table: str, **more: Any) -> Room:
        rebuilt.append(table)
        return real(table, **more)

    monkeypatch.setattr(served.server, "rebuild", counted)
    frame = {"type": "hello", "version": 1, "table_id": table_id, "token": "tok", "id": "h"}
    text = json.dumps(frame).replace('"tok"' if field == "token" else f'"{table_id}"', '"x\\udc00"')
    got = served.client().answer(text)
    assert (got["type"], got["code"]) == ("error", "bad_json")
    assert rebuilt == []


def test_a_host_name_the_server_was_not_told_of_is_refused(served: Served) -> None:
    """DNS rebinding: a page of evil.example whose name now points at this server."""
    for host, status in (("evil.example", 400), (f"evil.example:{served.port}", 400), (f"127.0.0.1:{served.port}", 200),
                         (f"localhost:{served.port}", 200)):
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
        connection.putrequest("GET", "/health", skip_host=True)
        connection.putheader("Host", host)
        connection.endheaders()
        assert connection.getresponse().status == status, host
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect
    with pytest.raises((InvalidStatus, ConnectionError, OSError)):
        connect(served.url(), open_timeout=10, additional_headers={"Host": "evil.example"}).recv(timeout=10)


def test_a_host_name_the_server_was_told_of_is_let_in(tmp_path: Path) -> None:
    with serving(tmp_path / "named.db", origins=["https://poker.example.com"]) as named:
        connection = http.client.HTTPConnection("127.0.0.1", named.port, timeout=10)
        connection.putrequest("GET", "/health", skip_host=True)
        connection.putheader("Host", "poker.example.com")
        connection.endheaders()
        assert connection.getresponse().status == 200


def test_a_name_of_the_home_network_is_let_in_and_no_public_name(served: Served) -> None:
    """A dotted LAN name (``mybox.lan``, as a home router names the machine) was refused unless
    given with ``--origin``. Names under the suffixes no public DNS answers for are let in:
    ``.local`` (RFC 6762), ``.home.arpa`` (RFC 8375), ``.internal`` (ICANN, 2024), ``.localhost``
    (RFC 6761) and ``.lan`` (home routers' own; not in the root zone), so a page of a public name
    whose address was turned to this server (DNS rebinding) is still refused."""
    for host, status in ((f"mybox.lan:{served.port}", 200), ("mybox.lan.", 200), ("MyBox.LAN", 200),
                         ("nas.home.arpa", 200), ("poker.internal", 200), ("mybox.local", 200),
                         ("app.localhost", 200), ("mybox.lan.evil.example", 400), ("lan.evil.example", 400),
                         ("evil.example.", 400), ("evil-lan.example", 400), ("home.arpa.evil.example", 400)):
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
        connection.putrequest("GET", "/health", skip_host=True)
        connection.putheader("Host", host)
        connection.endheaders()
        assert connection.getresponse().status == status, host


def test_an_https_origin_is_not_the_origin_of_an_http_server(served: Served) -> None:
    own = f"127.0.0.1:{served.port}"
    assert served.client(Origin=f"http://{own}").reply({"type": "resync", "last_seq": 0})["code"] == "no_table"
    for origin in (f"https://{own}", "http://evil.example", f"http://{own}.evil.example"):
        with pytest.raises(InvalidStatus) as refused:       # closed before it is accepted: HTTP 403
            served.client(Origin=origin)
        assert refused.value.response.status_code == 403, origin


def test_one_address_holds_at_most_its_cap_of_sockets(served: Served) -> None:
    socks = [served.client() for _ in range(SOCKETS_PER_ADDRESS)]
    for sock in socks[:: SOCKETS_PER_ADDRESS // 4]:
        assert sock.reply({"type": "resync", "last_seq": 0})["code"] == "no_table"
    with pytest.raises(InvalidStatus) as refused:
        served.client()
    assert refused.value.response.status_code == 403
    socks.pop().close()
    for _ in range(100):        # the closed socket's place is given back as the server sees it close
        try:
            again = served.client()
        except InvalidStatus:
            time.sleep(0.02)
            continue
        assert again.reply({"type": "resync", "last_seq": 0})["code"] == "no_table"
        break
    else:
        raise AssertionError("a socket closed did not free its place")
    for sock in socks:
        sock.close()


# ---------------------------------------------------------------------- one documented error per refusal
def test_every_error_code_the_server_sends_is_in_the_protocols_table_and_no_other() -> None:
    """docs/protocol.md's Errors table lists exactly the codes ``Refused`` is raised with."""
    server = Path(__file__).parents[2] / "src" / "pokerfloor" / "server"
    source = "\n".join(path.read_text() for path in server.rglob("*.py"))
    # Refused("code", ...) and a subclass's super().__init__("code", ...) (records.Broken)
    raised = set(re.findall(r'(?:Refused\(|super\(\).__init__\()\s*"([a-z_]+)"', source))
    protocol = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    section = protocol[protocol.index("## Errors"):]
    section = section[: section.index("\n## ", 4)]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M))
    assert raised == documented


def test_a_task_handed_over_to_another_process_is_not_started_again(served: Served,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """``NotOwner`` (a signal, not a fault: another process owns the table now) ends the task
    for good: starting it again would write a table this process lost."""
    host, table_id = table(served)
    running = served.call(lambda: served.server.tables[table_id])

    async def handed_over(self: TableTask, command: Any) -> None:
        raise NotOwner(table_id)

    monkeypatch.setattr(TableTask, "_carry_out", handed_over)
    first = served.call(lambda: running.task)
    host.send_text(json.dumps({"type": "start", "id": "x"}))
    for _ in range(100):
        if served.call(lambda: first.done()):
            break
        time.sleep(0.02)
    time.sleep(0.3)         # longer than the first restart's wait
    assert served.call(lambda: running.task) is first and first.done() and running.stopped
