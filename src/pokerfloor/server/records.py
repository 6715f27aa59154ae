"""What is stored as a hand ends, and a room restored from it."""

from __future__ import annotations

import pickle
from typing import cast

from pokerfloor.server.room import Room
from pokerfloor.server.store import Boundary, Store


def boundary(room: Room) -> Boundary:
    """What is stored as a hand ends: the room pickled without its earlier finished hands (each
    was stored once as it ended), so a snapshot does not grow with the session, and the hand."""
    hands = room.hands
    room.hands = hands[-1:]     # the last one stays: it is also the table's current hand
    try:
        snapshot = pickle.dumps((len(hands) - 1, room))
    finally:
        room.hands = hands
    return Boundary(snapshot, len(hands), pickle.dumps(hands[-1]))


def restored(store: Store, table_id: str, snapshot: bytes) -> Room:
    """A room from its snapshot, its earlier finished hands read back from the store."""
    earlier, room = pickle.loads(snapshot)
    room.hands = [pickle.loads(hand) for hand in store.hands(table_id, before=earlier + 1)] + room.hands
    return cast(Room, room)
