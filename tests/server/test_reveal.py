"""When a table reveals its deal seeds (docs/protocol.md, "The deal"): a seed deals the whole
deck, mucked hands included, so until it is revealed no frame and no download may hold it, nor
any card the table was not shown. The host's ``reveal`` says when: after each hand, at the end
of the session (the default) or never."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.hand import Hand
from pokerfloor.hand.record import HandRecord
from pokerfloor.server.deal import verify_deal
from pokerfloor.server.room import Config
from tests.server.conftest import Peer, Session, leaks
from tests.server.test_downloads import cards_in

DOWNLOADS = ("hands.json", "hands.ohh.json", "hands.phhs")


def _hidden(hand: Hand) -> set[str]:
    """The hole cards of a finished hand the rail was never shown."""
    shown = {str(c) for cards in hand.view(None).holes.values() for c in cards if c is not None}
    return {str(c) for cards in hand.holes.values() for c in cards} - shown


def _session(http: TestClient, **options: Any) -> tuple[Session, Peer]:
    """Three players and a spectator; hands played until some ended with a fold, others at a
    showdown with a hand mucked (auto-muck): there are cards the table never saw."""
    game = Session(http, seed="5eed0dea", **options)
    for seat in (1, 2, 4):
        game.join(f"p{seat}", seat)
    rail = Peer(http, "rail")
    welcome = rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})
    assert welcome["role"] == "spectator"
    game.host.reply({"type": "start"})
    turns = iter(range(10_000))

    def choose(_peer: object, legal: dict[str, object]) -> tuple[str, int | None]:
        if "fold" in legal and "check" not in legal and next(turns) % 3 == 0:
            return "fold", None
        return ("check" if legal.get("check") else "call"), None

    for _ in range(5):
        game.play_hand(choose)
    game.sync()
    rail.sync()
    return game, rail


def _texts(http: TestClient, game: Session, rail: Peer) -> list[str]:
    """Every frame anyone at the table got, and every download, as text."""
    frames = [json.dumps(f) for peer in (*game.everyone(), rail) for f in peer.frames]
    return frames + [http.get(f"/api/tables/{game.table_id}/{path}").text for path in DOWNLOADS]


def _no_fold_shown(http: TestClient, game: Session, rail: Peer) -> int:
    """Assert that no frame and no download holds a seed or a card the rail was not shown;
    returns how many such cards there were (the test means something only if some)."""
    room = game.room
    texts = _texts(http, game, rail)
    for deal in room.deals:
        assert not any(deal.seed in text for text in texts), f"hand {deal.number}'s seed was sent"
    hands = {number: hand for number, hand in enumerate(room.hands, 1)}
    seats = {f"p{seat}": seat for seat in (1, 2, 4)}
    for peer in (*game.everyone(), rail):
        found, checked = leaks(peer, hands, seats.get(peer.name))
        assert not found and checked, found
    records = http.get(f"/api/tables/{game.table_id}/hands.json").json()
    assert len(records) == len(room.hands)
    hidden = 0
    for entry, hand in zip(records, room.hands, strict=True):
        assert entry["record"] is None and entry["seed"] is None and entry["shown"]["is_over"]
        assert not cards_in(json.dumps(entry)) & _hidden(hand)
        hidden += len(_hidden(hand))
    histories = http.get(f"/api/tables/{game.table_id}/hands.ohh.json").json()
    for entry, hand in zip(histories, room.hands, strict=True):
        assert not cards_in(json.dumps(entry)) & _hidden(hand)
    return hidden


def _all_verified(http: TestClient, game: Session) -> None:
    records = http.get(f"/api/tables/{game.table_id}/hands.json").json()
    assert [e["hand"] for e in records] == list(range(1, len(game.room.hands) + 1))
    for entry in records:
        assert verify_deal(HandRecord.from_dict(entry["record"]), entry["seed"], entry["seed_sha256"]) == []


def test_by_default_no_fold_is_shown_until_the_session_ends_then_every_deal_checks(http: TestClient) -> None:
    game, rail = _session(http)
    assert _no_fold_shown(http, game, rail) > 0
    during = rail.state["deal"]
    assert during["seed"] is None and len(during["seed_sha256"]) == 64
    assert game.host.state["table"]["reveal"] == "session"
    game.host.reply({"type": "end_game"})
    game.play_hand()
    game.sync()
    rail.sync()
    assert game.room.ended and not game.room.in_hand
    _all_verified(http, game)
    last = game.room.deals[-1]
    assert rail.state["deal"] == {"hand": last.number, "seed_sha256": last.seed_sha256, "seed": last.seed}
    game.close()
    rail.close()


def test_revealed_after_each_hand_the_seed_and_the_whole_record_are_downloaded(http: TestClient) -> None:
    game, rail = _session(http, reveal="hand")
    room = game.room
    _all_verified(http, game)
    hands = {number: hand for number, hand in enumerate(room.hands, 1)}
    for peer in (*game.everyone(), rail):       # still no card or seed of a hand while it is played
        found, checked = leaks(peer, hands, {"p1": 1, "p2": 2, "p4": 4}.get(peer.name))
        assert not found and checked, found
        playing = [f for f in peer.frames if f["type"] == "update" and f["hand"] and not f["hand"]["is_over"]]
        assert playing and all(f["deal"]["seed"] is None for f in playing)
    sent = " ".join(_texts(http, game, rail))
    assert all(deal.seed in sent for deal in room.deals[:-1])
    game.host.reply({"type": "pause"})
    game.play_hand()
    rail.sync()
    assert rail.state["deal"]["seed"] == room.deals[-1].seed
    records = http.get(f"/api/tables/{game.table_id}/hands.json").json()
    assert any(cards_in(json.dumps(e["record"])) & _hidden(h) for e, h in zip(records, room.hands, strict=True))
    game.close()
    rail.close()


def test_never_revealed_no_fold_is_shown_even_after_the_session(http: TestClient, tmp_path: Any) -> None:
    game, rail = _session(http, reveal="never")
    stored, _host = http.app.state.server.store.table_settings(game.table_id)  # type: ignore[attr-defined]
    assert Config.parse(stored).reveal == "never"       # the option is stored: a restart keeps it
    game.host.reply({"type": "end_game"})
    game.play_hand()
    game.sync()
    rail.sync()
    assert game.room.ended and not game.room.in_hand
    assert _no_fold_shown(http, game, rail) > 0
    from typer.testing import CliRunner

    from pokerfloor.cli import app as cli
    from pokerfloor.cli import serve  # noqa: F401 - registers verify-deal

    path = tmp_path / "hands.json"
    path.write_text(http.get(f"/api/tables/{game.table_id}/hands.json").text)
    ran = CliRunner().invoke(cli, ["verify-deal", str(path)])
    assert ran.exit_code == 1 and "hand 1: the seed is not revealed yet" in ran.output
    game.close()
    rail.close()


@pytest.mark.parametrize("reveal", ["later", "", 1, None])
def test_a_reveal_the_server_does_not_know_is_refused(http: TestClient, reveal: object) -> None:
    host = Peer(http, "host")
    options = {"reveal": reveal}
    got = host.reply({"type": "create_table", "game": {"variant": "holdem"}, "options": options})
    if reveal is None:          # absent: the default
        assert got["type"] == "table_created"
    else:
        assert got["type"] == "error" and got["code"] == "bad_field" and "reveal" in got["message"]
