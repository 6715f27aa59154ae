"""What the home-game server pays for its records (docs/records.md): at every hand's end it
writes the room's ``RoomRecord`` and the finished hand's ``HandRecord`` as JSON, in the
transaction of the input that ended the hand, and a restart restores the room from them.

Plays a seeded six-seat session on a ``Room`` alone (``tests/server/played.py``: no server,
no store) and, as hands 1, 20, 50 and 100 end, times the two records' JSON (median of 30) and,
for reference, ``pickle.dumps`` of the same room without its earlier hands and of the hand (what
the server stored before records). Then times a restore at hand 100 from the record against a
replay of every input.

    PYTHONPATH=src python benchmarks/records.py [--hands 100]

``make bench`` does not run this.
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))      # tests.server.played


def _median_ms(work: Callable[[], Any], times: int = 30) -> tuple[float, Any]:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        made = work()
        spent.append(time.perf_counter() - start)
    return statistics.median(spent) * 1e3, made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    args = parser.parse_args()
    from tests.server.played import SETTINGS, play

    from pokerfloor.server import records
    from pokerfloor.server.room import Config, Room

    marks = sorted({1, 20, 50, args.hands} & set(range(1, args.hands + 1)))
    rows: list[tuple[int, float, int, float, int]] = []
    hands: dict[int, str] = {}

    def at_boundary(room: Room) -> None:
        hands[len(room.hands)] = records.hand_json(room.hands[-1])
        if len(room.hands) not in marks:
            return
        every = room.hands

        def pickled() -> int:
            room.hands = every[-1:]
            try:
                return len(pickle.dumps((len(every) - 1, room))) + len(pickle.dumps(every[-1]))
            finally:
                room.hands = every

        def recorded() -> int:
            ended = records.boundary(room)
            return len(ended.record) + len(ended.hand)

        old, old_size = _median_ms(pickled)
        new, new_size = _median_ms(recorded)
        rows.append((len(every), old, old_size, new, new_size))

    room, inputs = play(args.hands, at_boundary=at_boundary)
    print("hand  pickle ms   kB    record ms   kB")
    for number, old, old_size, new, new_size in rows:
        print(f"{number:4}  {old:9.3f} {old_size / 1e3:5.1f}  {new:9.3f} {new_size / 1e3:5.1f}")
    config, record = Config.parse(SETTINGS), records.boundary(room).record
    restore, _ = _median_ms(lambda: records.restored(room.table_id, config, room.host_hash, record, hands), 5)

    def replay() -> Room:
        again = Room(room.table_id, config, room.host_hash)
        for entry in inputs:
            again.apply(entry)
        return again

    replayed, _ = _median_ms(replay, 3)
    print(f"at hand {args.hands}: restore from the record {restore:.1f} ms,"
          f" replay of {len(inputs)} inputs {replayed:.1f} ms")


if __name__ == "__main__":
    main()
