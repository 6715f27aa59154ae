"""Resync (docs/protocol.md, "Resync"): a client that comes back sends ``resync{last_seq}`` and
gets exactly the updates its seat was sent after ``last_seq``, in order, then a fresh one; or
only the fresh one when the server no longer holds them (too many missed, or a restart)."""

from __future__ import annotations

import json
import re
from collections import deque
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from pokerfloor.server import create_app
from tests.server.conftest import FakeClock, Peer, Session

CARD_TEXT = re.compile(r'"([2-9TJQKA][cdhs])"')


def _seated(http: TestClient, seats: int = 3) -> tuple[Session, list[Peer]]:
    game = Session(http, seed="c0ffee")
    peers = [game.join(f"p{seat}", seat) for seat in range(1, seats + 1)]
    game.host.reply({"type": "start"})
    game.sync()
    return game, peers


def _back(http: TestClient, game: Session, token: str | None, last_seq: int) -> list[dict[str, Any]]:
    """A new connection for ``token``: hello, then resync; every frame after the welcome."""
    peer = Peer(http, "back")
    hello = {"type": "hello", "version": 1, "table_id": game.table_id, "token": token}
    peer.reply(hello if token is not None else {**hello, "spectate": True})   # a spectator opts in
    peer.receive()                # the update that follows the welcome
    start = len(peer.frames)
    peer.reply({"type": "resync", "last_seq": last_seq})
    frames = peer.frames[start:]
    peer.close()
    return frames


def _leaks(game: Session, seat: int | None, frames: list[dict[str, Any]]) -> set[str]:
    """The cards in ``frames`` that ``seat`` may not see in the hand each frame is about: another
    seat's hole cards that were never shown. Also checks that some frames show a hand."""
    hands = {n: h for n, h in enumerate(game.room.hands, 1)}
    if game.room.hand is not None:
        hands[game.room.table.hand_number] = game.room.hand
    leaked: set[str] = set()
    dealt = [f for f in frames if f["hand"] is not None]
    assert dealt, "no frame shows a hand"
    for frame in dealt:
        hand = hands[frame["table"]["hand_number"]]
        shown = {str(c) for cards in hand.view(None).holes.values() for c in cards if c is not None}
        hidden = {str(c) for s, cards in hand.holes.items() if s != seat for c in cards} - shown
        leaked |= set(CARD_TEXT.findall(json.dumps(frame))) & hidden
    return leaked


def test_a_dropped_player_gets_exactly_the_updates_it_missed_in_order(http: TestClient) -> None:
    game, peers = _seated(http)
    ann = peers[0]
    twin = Peer(http, "twin")     # the same seat on a second connection that stays and plays
    twin.reply({"type": "hello", "version": 1, "table_id": game.table_id, "token": ann.token})
    twin.sync()
    last = ann.state["seq"]
    ann.close()                   # ann's first connection drops; the hands go on
    game.players[0] = twin
    game.play_hand()
    game.play_hand()
    peers[1].reply({"type": "chat", "text": "where is ann?"})
    twin.sync()
    frames = _back(http, game, ann.token, last)
    *missed, fresh = frames
    assert fresh["type"] == "update" and fresh["resync"] == "replay" and fresh["replayed"] == len(missed)
    seqs = [f["seq"] for f in missed]
    assert seqs == list(range(last + 1, game.room.seq + 1))        # every one, in order
    sent_to_twin: dict[int, dict[str, Any]] = {}   # the twin's own resyncs repeat some: one each
    for f in twin.frames:
        if f["type"] == "update" and f["seq"] > last and "resync" not in f:
            sent_to_twin.setdefault(f["seq"], f)
    assert missed == list(sent_to_twin.values())      # exactly what the seat was sent
    assert any(e["kind"] == "chat" for f in missed for e in f["events"])
    assert not _leaks(game, 1, frames)
    game.close()


def test_a_spectator_and_the_host_replay_their_own_views(http: TestClient) -> None:
    game, _ = _seated(http)
    rail = Peer(http, "rail")
    rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})
    last = rail.sync()["seq"]
    host_last = game.host.state["seq"]
    rail.close()
    game.play_hand()
    frames = _back(http, game, None, last)
    assert frames[-1]["resync"] == "replay" and frames[-1]["replayed"] == game.room.seq - last
    assert all(f["you"]["role"] == "spectator" and f["you"]["turn_token"] is None for f in frames)
    assert not _leaks(game, None, frames)
    hosted = _back(http, game, game.host.token, host_last)
    assert hosted[-1]["resync"] == "replay" and all("requests" in f["table"] for f in hosted)
    game.close()


def test_too_much_missed_gets_a_fresh_view(http: TestClient) -> None:
    game, peers = _seated(http)
    server = http.app.state.server  # type: ignore[attr-defined]
    server.tables[game.table_id].history = deque(maxlen=3)   # keep only the last three broadcasts
    ann = peers[0]
    twin = Peer(http, "twin")
    twin.reply({"type": "hello", "version": 1, "table_id": game.table_id, "token": ann.token})
    last = ann.state["seq"]
    ann.close()
    game.players[0] = twin
    game.play_hand()
    assert game.room.seq > last + 3
    frames = _back(http, game, ann.token, last)
    assert [f["type"] for f in frames] == ["update"]
    assert frames[0]["resync"] == "fresh" and frames[0]["seq"] == game.room.seq
    assert frames[0]["you"]["seat"] == 1
    recent = _back(http, game, ann.token, game.room.seq - 2)       # what is still held is replayed
    assert [f["seq"] for f in recent] == [game.room.seq - 1, game.room.seq, game.room.seq]
    current = _back(http, game, ann.token, game.room.seq)
    assert [(f["resync"], f["replayed"]) for f in current] == [("replay", 0)]
    game.close()


def test_after_a_restart_a_resync_gets_a_fresh_view(tmp_path: Path, clock: FakeClock) -> None:
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    with TestClient(create_app(db, clock=clock, flood=10_000)) as http:
        game, peers = _seated(http)
        game.play_hand()
        game.sync()
        table_id, token, last, seq = game.table_id, peers[0].token, peers[0].state["seq"] - 2, game.room.seq
        game.close()
    with TestClient(create_app(db, clock=clock, flood=10_000)) as http:
        peer = Peer(http, "back")
        assert peer.reply({"type": "hello", "version": 1, "table_id": table_id, "token": token})["seat"] == 1
        fresh = peer.reply({"type": "resync", "last_seq": last})
        assert fresh["resync"] == "fresh" and fresh["seq"] == seq and fresh["replayed"] == 0
        nothing = peer.reply({"type": "resync", "last_seq": seq})     # nothing missed: nothing replayed
        assert nothing["resync"] == "replay" and nothing["replayed"] == 0
        peer.close()


def test_a_guest_and_the_rail_built_in_either_order_get_their_own_updates(http: TestClient) -> None:
    """Updates are built once per audience and views shared by seat: a guest's empty picture must
    not become the rail's, nor the rail's face-down hand the guest's, whichever is built first."""
    game, _ = _seated(http)
    server = http.app.state.server  # type: ignore[attr-defined]
    task = server.tables[game.table_id]
    guest, rail, host = (False, None, False), (False, None, True), (True, None, False)
    for order in ((guest, rail, host), (host, rail, guest)):
        shared = task.shared()
        built = {key: task.update_for(key, [], shared) for key in order}
        assert built[guest]["hand"] is None and built[guest]["you"]["role"] == "guest"
        assert built[rail]["hand"] is not None and built[rail]["you"]["role"] == "spectator"
        assert built[host]["hand"] is not None and built[host]["you"]["role"] == "host"
    game.close()


def test_the_rails_updates_are_built_only_once_someone_has_watched(http: TestClient) -> None:
    """A broadcast builds the rail's update (a whole view of the hand) only after a spectator has
    come: before, nobody was sent it, so none is kept to replay, and a spectator coming later
    gets a fresh update (docs/protocol.md, "Resync")."""
    game, _ = _seated(http)
    server = http.app.state.server  # type: ignore[attr-defined]
    task = server.tables[game.table_id]
    rail = (False, None, True)
    game.play_hand()
    assert all(rail not in frames for _, frames in task.history)
    last = game.room.seq
    frames = _back(http, game, None, last - 3)
    assert frames[-1]["resync"] == "fresh" and frames[-1]["replayed"] == 0
    game.play_hand()
    assert rail in task.history[-1][1]
    seated = {key for key in task.history[-1][1] if key[1] is not None}
    assert seated == {(p.token_hash == game.room.host_hash, p.player_id, False) for p in game.room.players.values()}
    game.close()
