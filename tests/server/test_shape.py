"""The server's shape (issue 22, finding 7): app.py split by concern, the table actor and the
update frames play and read the hand in play only through ``Table``, names say what they
return, and the dead code is gone."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from pokerfloor.server import app, room, store

SERVER = Path(app.__file__).parent
HAND_READS = {"to_act", "street", "is_over", "events", "seats", "view", "legal", "run_out", "run_it", "act",
              "awaiting_runout", "folded", "in_hand", "bomb_pot", "boards"}
# The modules that read finished hands kept as they were dealt (their results, their records and
# the views of a download), not the hand in play.
FINISHED_HANDS = {"showdown.py", "downloads.py"}
# The multi-table events (issue 38) run the library's ``MultiTableTournament`` and play its tables'
# hands for the house bots and the clock (``event/runner.py``), not a home game's ``Room``.
EVENTS = "event/"
# Where the server takes the hand itself from ``Table.hand`` other than to test it against None:
# to keep it as a finished hand (``Room.hands``, the hand's record and result). Nothing plays it.
KEEPS_THE_HAND = {"room/state.py RoomState.hand", "room/__init__.py Room._after_hand", "records.py _room_from"}
MOST_LINES = 400
"""The longest a module of the server may be (docs/style.md: server files about 400 lines)."""


def _label(path: Path) -> str:
    return str(path.relative_to(SERVER)) if path.is_relative_to(SERVER) else path.name


def _modules() -> list[Path]:
    """Every Python module of the server, its packages' too."""
    return sorted(SERVER.rglob("*.py"))


def _hand_reads(path: Path) -> list[str]:
    """Each ``<something>.hand.<attribute>`` or ``hand.<attribute>`` read of the hand's state."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and node.attr in HAND_READS:
            owner = node.value
            named = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
            if named == "hand":
                found.append(f"{_label(path)}:{node.lineno} hand.{node.attr}")
    return found


def _table_hand_uses(path: Path) -> set[str]:
    """The functions (``file Class.function``) that take ``<something>.table.hand`` (or
    ``table.hand``) for anything but an ``is None`` / ``is not None`` test."""
    tree = ast.parse(path.read_text())
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr == "hand"):
            continue
        owner = node.value
        if not ((isinstance(owner, ast.Attribute) and owner.attr == "table") or
                (isinstance(owner, ast.Name) and owner.id == "table")):
            continue
        parent = parents[node]
        if (isinstance(parent, ast.Compare) and all(isinstance(op, ast.Is | ast.IsNot) for op in parent.ops)
                and all(isinstance(c, ast.Constant) and c.value is None for c in parent.comparators)):
            continue
        names, up = [], parent
        while up in parents:
            if isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.append(up.name)
            up = parents[up]
        found.add(f"{_label(path)} {'.'.join(reversed(names))}")
    return found


def test_the_server_never_reaches_into_the_hand_in_play() -> None:
    """The table actor, the room, the update frames and the bus read whose turn it is, what
    that seat may do, the street, the run-out and the views through ``Table`` (``to_act``,
    ``legal()``, ``street``, ``turn``, ``in_play``, ``dealt_in``, ``awaiting_runout``,
    ``live_seats``, ``bomb_pot``, ``view``), and play the hand through ``Table.act``."""
    modules = [p for p in _modules() if p.name not in FINISHED_HANDS and not _label(p).startswith(EVENTS)]
    names = set(map(_label, modules))
    assert len(modules) > 10 and {"actor.py", "room/state.py", "room/play.py", "updates.py"} <= names
    assert [read for path in modules for read in _hand_reads(path)] == []
    homes = [path for path in _modules() if not _label(path).startswith(EVENTS)]
    assert set().union(*(_table_hand_uses(path) for path in homes)) == KEEPS_THE_HAND


def test_the_checks_of_the_shape_see_a_reach_into_the_hand(tmp_path: Path) -> None:
    """The two checks above can fail: a module that asks the hand itself is caught by both."""
    reaching = tmp_path / "reaching.py"
    reaching.write_text(
        "class Room:\n"
        "    def deadline(self):\n"
        "        hand = self.table.hand\n"
        "        if self.table.hand is None:\n"
        "            return None\n"
        "        return hand.to_act, hand.legal()\n"
    )
    assert _hand_reads(reaching) == ["reaching.py:6 hand.to_act", "reaching.py:6 hand.legal"]
    assert _table_hand_uses(reaching) == {"reaching.py Room.deadline"}


def test_names_say_what_they_return_and_the_dead_code_is_gone() -> None:
    assert hasattr(app.Server, "table_task") and not hasattr(app.Server, "table")
    assert hasattr(store.Store, "table_settings") and not hasattr(store.Store, "table")
    assert not hasattr(store.Store, "snapshot") and not hasattr(store.Store, "table_ids")
    assert "chat" not in room.Room.__dataclass_fields__
    assert len((SERVER / "app.py").read_text().splitlines()) < 300


def test_the_table_task_takes_no_json_a_client_sent() -> None:
    """Issue 36: a frame is read whole at the edge into its typed value (``commands.receive``)
    before it is queued; no function of the table task takes a frame or a ``dict[str, Any]``
    (but the events it sends out: ``events``), and the queue holds a ``Received``."""
    from pokerfloor.server import transport

    assert transport.Command.__annotations__ == {"client": "Client", "received": "Received"}
    for name in ("actor.py", "task.py"):
        tree = ast.parse((SERVER / name).read_text())
        taking = [f"{node.name}({arg.arg})" for node in ast.walk(tree)
                  if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                  for arg in node.args.args + node.args.kwonlyargs
                  if arg.arg == "frame" or (arg.annotation is not None and arg.arg != "events"
                  and "dict[str, Any]" in ast.unparse(arg.annotation))]
        assert not taking, (name, taking)


def test_no_module_of_the_server_is_longer_than_about_400_lines() -> None:
    """Issue 36: a module a newcomer reads whole; the room is split by concern (seating, play,
    the host's settings, the tournament, its state), the table's settings and the inputs have
    modules of their own, and the store's schema and leases are apart from its writes."""
    long = {_label(path): n for path in _modules() if (n := len(path.read_text().splitlines())) > MOST_LINES}
    assert not long, long


def test_only_the_transport_changes_which_clients_a_table_has() -> None:
    """Issue 36: ``TableTask.clients`` was changed from four files; now ``transport.attach`` and
    ``transport.detach`` alone add and remove a table's clients."""
    changing = set()
    for path in (p for p in _modules() if not _label(p).startswith(EVENTS)):      # an event's clients are its task's
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Attribute) and node.attr in ("add", "discard", "remove", "clear", "pop")
                    and isinstance(node.value, ast.Attribute) and node.value.attr == "clients"):
                changing.add(_label(path))
    assert changing == {"transport.py"}


def test_the_event_task_takes_its_commands_typed_from_the_frame_to_the_handler() -> None:
    """Issue 36 for the events (issue 38): the event's frame is read whole at the edge into its
    typed command (``event.commands.receive``) and only that goes on the event's queue; no
    handler or function of the event's task takes a frame or a ``dict[str, Any]`` (but a state
    read back from the store), and the event's fields are the table commands' own."""
    from pokerfloor.server import commands
    from pokerfloor.server.event import commands as ec
    from pokerfloor.server.event import service
    from pokerfloor.server.transport import Client

    assert service.Queued == tuple[Client, ec.Received]
    for name in ("event/service.py", "event/runner.py", "event/director.py", "event/replay.py"):
        tree = ast.parse((SERVER / name).read_text())
        taking = [f"{getattr(node, 'name', 'lambda')}({arg.arg})" for node in ast.walk(tree)
                  if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
                  for arg in node.args.args + node.args.kwonlyargs
                  if arg.arg == "frame" or (arg.annotation is not None and arg.arg not in ("state", "data")
                  and "dict[str, Any]" in ast.unparse(arg.annotation))]
        assert not taking, (name, taking)

    def rule(kind: type, name: str) -> object:
        return next(f.metadata["rule"] for f in dataclasses.fields(kind) if f.name == name)

    for event_kind, event_name, table_kind, table_name in [
            (ec.Register, "name", commands.Join, "name"), (ec.Register, "token", commands.Join, "seat_token"),
            (ec.EventHello, "token", commands.Hello, "token"), (ec.EventHello, "event_id", commands.Hello, "table_id"),
            (ec.EventAct, "to", commands.Act, "to"), (ec.ApproveEntry, "name", commands.Join, "name")]:
        assert rule(event_kind, event_name) == rule(table_kind, table_name), (event_kind, event_name)


def test_no_module_of_the_event_reaches_a_private_name_of_another_object() -> None:
    """Issue 38: the event's replay (``event/replay.py``) applies a stored input through the
    runner's public methods (``act_at``, ``deal_at``, ``end_hand_at``, ``apply_moves``), as every
    module of ``server/event`` uses another's: no ``something._name`` but ``self``'s and ``cls``'s."""
    found = []
    for path in sorted((SERVER / "event").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.append(f"{_label(path)}:{node.lineno} {ast.unparse(node)}")
    assert not found


JSON_TYPES = ("dict[str, Any]", "Mapping[str, Any]", "dict[str, object]", "Mapping[str, object]")
"""How a JSON object (a frame, a stored input, a bus message) is typed in the server."""
READS_JSON = {
    # A client's frame read whole into its typed command (and a bot client's reading the server's).
    "app.py Server.read(frame)", "transport.py check_numbers(frame)", "commands.py receive(frame)",
    "commands.py parse(frame)", "settings.py CreateTable.read(frame)", "settings.py Config.parse(data)",
    "settings.py flag(options)", "settings.py _seconds(raw)", "games.py _chips(raw)",
    "event/commands.py receive(frame)", "event/commands.py parse(frame)", "event/commands.py EventCommand.read(frame)",
    "event/commands.py OpenEvent.read(frame)", "event/config.py event_config(frame)",
    "event/config.py EventConfig.read(data)", "event/config.py _int(data)", "event/config.py _number(data)",
    "botclient.py run_it_answer(frame)", "botclient.py deal_answer(frame)", "botclient.py _Seat.update(frame)",
    "botclient.py house_table(game)", "botclient.py house_table(rotation)",
    # What the store holds read back into typed values (inputs, records, an event's settings and state).
    "fields.py Input.read(plain)", "inputs.py read_input(plain)", "room/__init__.py Room.apply_stored(plain)",
    "room/__init__.py Room.replay(entries)", "records.py _replay(entries)", "records.py _from_v1(data)",
    "records.py _from_v2(data)", "event/config.py EventConfig.from_json(data)",
    "event/runner.py EventRunner.from_state(data)", "event/saved.py _problem(data)", "event/store.py follows(state)",
    # Another process's bus message; the ASGI scope of a connection.
    "wire.py heard(message)", "house.py url_of(scope)", "house.py House.reached(scope)",
}
"""The edges, where a JSON object comes in and is read whole into a typed value."""
WRITES_JSON = {
    "transport.py encode(frame)", "transport.py Client.send(frame)", "task.py TableLoop.update(events)",
    "task.py TableLoop.update_for(events)", "updates.py update_frame(events)", "deal.py withheld(shown)",
    "room/state.py RoomState.remember(line)", "bus.py Bus.publish(message)", "bus.py Bus._put(message)",
    "wire.py Wire.put(message)", "wire.py PostgresWire.put(message)", "wire.py MemoryWire.put(message)",
    "store.py Store.create_table(config)", "event/store.py create(config)",
}
"""Where the server hands JSON on: frames to clients, lines of the log they are sent, messages
to other processes, rows to the store."""


def _json_takers(path: Path, aliases: set[str]) -> set[str]:
    """Each ``file Class.function(argument)`` whose argument is a JSON object (``JSON_TYPES``, a
    name for one, or a list of them) or is named ``frame``, lambdas included."""
    tree = ast.parse(path.read_text())
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        names, up = [getattr(node, "name", "lambda")], node
        while up in parents:
            up = parents[up]
            if isinstance(up, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                names.insert(0, up.name)
        for arg in node.args.posonlyargs + node.args.args + node.args.kwonlyargs:
            text = "" if arg.annotation is None else ast.unparse(arg.annotation)
            words = set(text.replace("[", " ").replace("]", " ").replace("|", " ").replace(",", " ").split())
            if arg.arg == "frame" or any(kind in text for kind in JSON_TYPES) or words & aliases:
                found.add(f"{_label(path)} {'.'.join(names)}({arg.arg})")
    return found


def _json_aliases(paths: list[Path]) -> set[str]:
    """The names the server gives a JSON object (``Message = dict[str, Any]``)."""
    return {target.id for path in paths for node in ast.parse(path.read_text()).body
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None
            and ast.unparse(node.value).removesuffix(" | None") in JSON_TYPES
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)}


def test_no_json_goes_past_the_servers_edges() -> None:
    """Issue 36: a client's frame, a stored input and a bus message are each read whole into a
    typed value at one edge (``READS_JSON``), and JSON is made again only where it leaves
    (``WRITES_JSON``); no other function of the server (its handlers, the table task, the
    writer, the event's task) takes a ``dict[str, Any]`` or a frame. A new one is either an
    edge, named here, or a handler that should take the typed value."""
    modules = _modules()
    aliases = _json_aliases(modules)
    assert "Message" in aliases
    taking = set().union(*(_json_takers(path, aliases) for path in modules))
    assert taking - (READS_JSON | WRITES_JSON) == set()
    assert (READS_JSON | WRITES_JSON) - taking == set()     # each edge named is still one (the lists kept true)


def test_the_check_of_the_edges_sees_a_handler_that_takes_json(tmp_path: Path) -> None:
    handler = tmp_path / "handler.py"
    handler.write_text(
        "Frame = dict[str, Any]\n"
        "class Server:\n"
        "    async def _hello(self, client, frame): ...\n"
        "    def create(self, given: Frame | None): ...\n"
        "def write(entry: dict[str, object] | None, seq: int): ...\n"
        "STEPS = {'x': lambda plain: None, 'y': lambda room, data=None: None}\n"
        "def typed(entry: Input, events: list[Event]): ...\n"
    )
    aliases = _json_aliases([handler])
    assert aliases == {"Frame"}
    assert _json_takers(handler, aliases) == {"handler.py Server._hello(frame)", "handler.py Server.create(given)",
                                              "handler.py write(entry)"}
