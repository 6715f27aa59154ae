"""Where a table's older history goes: the events and ledger entries of hands it no longer
keeps in memory, handed to a function or appended to a file as JSON lines."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

from pokerfloor.errors import InvalidArgument
from pokerfloor.table.ledger import Entry
from pokerfloor.table.record import event_json
from pokerfloor.table.seats import TableEvent

Sink = Callable[[TableEvent | Entry], None]


def history_sink(target: Sink | str | Path | None) -> Sink | None:
    """The sink a table was given: a function as it is, a file name as a function that appends
    one JSON line per record (``{"record": "event" or "entry", ...fields}``, a hand event's
    cards by name)."""
    if target is None or callable(target):
        return target
    if not isinstance(target, str | Path):
        raise InvalidArgument(f"a sink is a function or a file name, not {target!r}")
    path = Path(target)

    def append(record: TableEvent | Entry) -> None:
        if isinstance(record, TableEvent):
            line = {"record": "event", **event_json(record)}
        else:
            line = {"record": "entry", **asdict(record)}
        with path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(line) + "\n")

    return append
