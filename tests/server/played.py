"""A session played on a ``Room`` alone, input by input (no server): the inputs a server would
have stored, for the record tests, their fixture and the record benchmark."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pokerfloor.server.room import Config, Room, digest

Input = dict[str, Any]
"""An input as the store holds it (``Input.json``)."""

GAME = {"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2}
SETTINGS: dict[str, Any] = {"game": GAME, "seats": 6, "options": {"seed": "5eed" * 8}}
NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")


def play(
    hands: int,
    *,
    players: int = 6,
    seed: int = 7,
    more: int = 0,
    settings: dict[str, Any] | None = None,
    at_boundary: Callable[[Room], None] | None = None,
) -> tuple[Room, list[Input]]:
    """A room that played ``hands`` hands (players call, check, fold or raise at random, and
    rebuy when broke) and ``more`` inputs after the last one ended, and every input it took, in
    order; ``at_boundary`` sees it as each hand ends."""
    settings = SETTINGS if settings is None else settings
    choose = random.Random(seed)
    room = Room("t-played", Config.parse(settings), digest("host"))
    inputs: list[Input] = []
    clock = [1_000.0]

    def apply(entry: Input) -> None:
        clock[0] += 1.5
        entry["at"] = clock[0]
        ended = len(room.hands)
        room.apply_stored(entry)
        inputs.append(entry)
        if at_boundary is not None and len(room.hands) != ended:
            at_boundary(room)

    for seat, name in enumerate(NAMES[:players], 1):
        apply({"kind": "request", "request_id": f"r{seat}", "name": name, "seat": seat, "chips": 200,
               "token_hash": digest(name)})
        apply({"kind": "sit", "request_id": f"r{seat}", "player_id": f"p{seat}"})
    apply({"kind": "start"})
    actions, stop = 0, -1
    while stop < 0 or len(inputs) < stop:
        if stop < 0 and len(room.hands) >= hands:
            stop = len(inputs) + more
            continue
        if not room.in_hand:
            for player in room.players.values():
                if room.table.stack(player.seat) == 0:
                    apply({"kind": "top_up", "player_id": player.player_id, "chips": 200, "post": True})
            assert room.ready_to_deal()
            apply(room.next_deal().json())
            continue
        offer = room.offer
        if offer is not None:           # the run-it-twice question (the run_it_twice custom)
            seat = next(s for s in offer.seats if s not in offer.answers)
            answerer = room.player_at(seat)
            assert answerer is not None
            apply({"kind": "run_it", "player_id": answerer.player_id, "twice": choose.random() < 0.85})
            continue
        hand = room.hand
        assert hand is not None and not hand.is_over and hand.to_act is not None
        if choose.random() < 0.03:      # a straddle declared for the next hand, a chat line
            apply({"kind": "straddle", "player_id": f"p{choose.choice(list(hand.seats))}", "amount": None})
            apply({"kind": "chat", "player_id": f"p{hand.to_act}", "text": "nh"})
            continue
        legal = hand.legal()
        player = room.player_at(hand.to_act)
        assert player is not None
        roll = choose.random()
        if legal.show or legal.muck:    # asked at the showdown (without the auto_muck custom)
            action, to = ("show" if legal.show and roll < 0.5 else "muck"), None
        elif legal.raise_ is not None and roll < 0.15:
            action, to = "raise", legal.raise_.max_to if roll < 0.04 else legal.raise_.min_to
        elif legal.check:
            action, to = "check", None
        elif legal.call is not None and roll < 0.8:
            action, to = "call", None
        else:
            action, to = "fold", None
        actions += 1
        apply({"kind": "act", "player_id": player.player_id, "action": action, "to": to,
               "client_action_id": f"a{actions}"})
    return room, inputs


def write_database(path: str, hands: int = 6, more: int = 5) -> Room:
    """A SQLite store as this release writes it, of one table that played ``hands`` hands and
    ``more`` inputs into the next: its inputs, its room record at the last hand's end and every
    finished hand's record (the fixture ``fixtures/room-records-v3.db`` was written by
    ``python -m tests.server.played tests/server/fixtures/room-records-v3.db``, and
    ``room-records-v1.db`` and ``-v2.db`` so by the releases before, whose records were versions
    1 and 2)."""
    from pokerfloor.server.records import boundary
    from pokerfloor.server.store import Boundary, Store

    ended: dict[int, Boundary] = {}
    room, inputs = play(hands, more=more, at_boundary=lambda r: ended.__setitem__(r.seq, boundary(r)))
    store = Store(f"sqlite:///{path}")
    store.create_table(room.table_id, SETTINGS, room.host_hash)
    store.write_many([(room.table_id, seq, entry, ended.get(seq)) for seq, entry in enumerate(inputs, 1)])
    store.close()
    return room


if __name__ == "__main__":
    import sys

    write_database(sys.argv[1])
