"""The session's downloads (docs/protocol.md, "Downloads"): PHH, OHH and JSON hand records as a
spectator sees the hands (no hole card that was not shown), and the ledger."""

from __future__ import annotations

import csv
import io
import json
import re
import time
from pathlib import Path

from starlette.testclient import TestClient

from pokerfloor.io.ohh import SPEC_VERSION, read_ohh
from pokerfloor.server import create_app
from pokerfloor.table.ledger import Entry
from tests.server.conftest import Session

# A run of cards ("Ks", PHH's "AsKs", "????" for unknown ones) standing as a word of its own, not
# two letters inside a random table or player id.
CARD_RUN = re.compile(r"(?<![A-Za-z0-9_-])((?:[2-9TJQKA][cdhs]|\?\?)+)(?![A-Za-z0-9_-])")


def cards_in(text: str) -> set[str]:
    return {run[i : i + 2] for run in CARD_RUN.findall(text) for i in range(0, len(run), 2)} - {"??"}


def _played(http: TestClient, hands: int = 6) -> Session:
    game = Session(http, seed="0bb5eed0")
    for seat in (1, 2, 4):
        game.join(f"p{seat}", seat)
    game.host.reply({"type": "start"})
    folds = iter(range(10_000))

    def choose(_peer: object, legal: dict[str, object]) -> tuple[str, int | None]:
        if "fold" in legal and "check" not in legal and next(folds) % 3 == 0:
            return "fold", None            # some hands end without a showdown: cards never shown
        return ("check" if legal.get("check") else "call"), None

    for _ in range(hands - 1):
        game.play_hand(choose)
    game.host.reply({"type": "pause"})
    game.play_hand(choose)
    game.sync()
    # A hand's-end records are written after its clients are answered (TableLoop.record), so the
    # last one may still be on its way: wait for the room's record taken after the last input.
    store = http.app.state.server.store  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while (stored := store.room_record(game.table_id)) is None or stored[0] < game.room.seq:
        assert time.monotonic() < deadline, "the last hand's records were not stored in 30 s"
        time.sleep(0.05)
    return game


def test_the_session_downloads_as_open_hand_history_with_no_hidden_card(http: TestClient) -> None:
    game = _played(http)
    hands = game.room.hands
    got = http.get(f"/api/tables/{game.table_id}/hands.ohh.json")
    assert got.status_code == 200
    histories = got.json()
    assert len(histories) == len(hands) >= 6
    unseen = 0
    for number, (entry, hand) in enumerate(zip(histories, hands, strict=True), 1):
        body = entry["ohh"]
        assert body["spec_version"] == SPEC_VERSION and body["game_number"] == str(number)
        assert body["table_name"] == game.table_id and body["game_type"] == "Holdem"
        paid = {w["player_id"]: w["win_amount"] for pot in body["pots"] for w in pot["player_wins"]}
        assert sum(paid.values()) == sum(a.amount for a in hand.result.awards)   # type: ignore[union-attr]
        shown = {str(c) for cards in hand.view(None).holes.values() for c in cards if c is not None}
        hidden = {str(c) for cards in hand.holes.values() for c in cards} - shown
        unseen += len(hidden)
        written = cards_in(json.dumps(body))
        assert not written & hidden, (number, written & hidden)
        assert shown <= written                         # what was shown is there
        history = read_ohh(entry)                       # and the project's reader takes it back
        assert len(history.starting_stacks) == len(hand.seats)
    assert unseen > 0                                   # some cards were never shown: none leaked
    phh = http.get(f"/api/tables/{game.table_id}/hands.phhs").text
    assert phh.count("actions") == len(hands)
    never = {str(c) for h in hands for cards in h.holes.values() for c in cards}
    never -= {str(c) for h in hands for cards in h.view(None).holes.values() for c in cards if c is not None}
    never -= {str(c) for h in hands for c in h.board}
    assert not cards_in(phh) & never     # the PHH download hides them too
    for download in ("hands.ohh.json", "hands.json", "hands.phhs", "ledger.csv", "summary.json", "hands/1/replay.json"):
        unknown = http.get(f"/api/tables/nope/{download}")
        assert (unknown.status_code, unknown.text) == (404, "no such table"), download
    game.close()


def test_a_room_record_holds_no_earlier_hand_and_a_restarted_server_downloads_the_same(
    http: TestClient, tmp_path: Path
) -> None:
    """Each finished hand is stored once as it ends, as its HandRecord's JSON; the room's record
    at a hand's end holds only its table's last hand, so it does not grow with the session,
    and a restart reads the others back from their records."""
    game = _played(http, hands=5)
    server = http.app.state.server  # type: ignore[attr-defined]
    stored = server.store.room_record(game.table_id)
    assert stored is not None
    record = json.loads(stored[1])
    assert record["format"] == "pokerfloor.room-record" and record["hands"] == len(game.room.hands) == 5
    assert record["table"]["hand"]["record"] == game.room.hands[-1].record().to_dict()
    hands = server.store.hand_records(game.table_id)
    assert [json.loads(hands[n]) for n in sorted(hands)] == [h.record().to_dict() for h in game.room.hands]
    paths = ("hands.json", "hands.ohh.json", "hands.phhs", "ledger.csv")
    before = [http.get(f"/api/tables/{game.table_id}/{path}").text for path in paths]
    game.close()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'serve.db'}")) as again:
        after = [again.get(f"/api/tables/{game.table_id}/{path}").text for path in paths]
        rebuilt = again.app.state.server.table_task(game.table_id).room  # type: ignore[attr-defined]
        assert [h.record() for h in rebuilt.hands] == [h.record() for h in game.room.hands]
        assert rebuilt.hands[-1] is rebuilt.table.hand       # one object, as before the restart
    assert after == before and json.loads(after[0])


def test_the_ledger_download_settles_everyone_who_ever_played_even_after_older_hands_left_memory(
    http: TestClient,
) -> None:
    game = _played(http, hands=3)
    leaver = game.players[0]
    assert leaver.reply({"type": "leave"})["type"] == "ack"
    game.sync()
    table = game.room.table
    table.ledger.forget_before(table.hand_number + 1)      # as the table does after keep_hands hands
    rows = list(csv.reader(io.StringIO(http.get(f"/api/tables/{game.table_id}/ledger.csv").text)))
    transfers = rows[rows.index(["pays", "to", "chips"]) + 1:]
    moved: dict[str, int] = {}
    for payer, payee, chips in transfers:
        moved[payer] = moved.get(payer, 0) - int(chips)
        moved[payee] = moved.get(payee, 0) + int(chips)
    ledger = table.ledger
    for player in ledger.players():
        held = table.stack(table.seat_of(player)) if table.seat_of(player) else 0   # type: ignore[arg-type]
        assert moved.get(player, 0) == ledger.taken_away(player) + held - ledger.brought_in(player), player
    assert len(ledger.players()) == 3 and sum(moved.values()) == 0
    game.close()


def test_a_room_keeps_two_hands_of_events_in_memory_and_the_ledger_download_keeps_every_entry(
    http: TestClient,
) -> None:
    game = _played(http, hands=6)
    table = game.room.table
    assert {e.hand for e in table.events_since(0)} <= {table.hand_number - 1, table.hand_number}
    rows = list(csv.reader(io.StringIO(http.get(f"/api/tables/{game.table_id}/ledger.csv").text)))
    entries = rows[1:rows.index([])]
    hands = {int(row[1]) for row in entries if row[1] and row[2] == "hand"}
    assert hands == set(range(1, table.hand_number + 1)), hands
    assert [int(row[0]) for row in entries] == list(range(1, len(entries) + 1))
    game.close()


def test_a_long_sessions_forgotten_entries_are_in_the_rooms_record_and_all_downloaded(http: TestClient) -> None:
    """The entries the table let go of are kept as the JSON rows the room's record holds (made
    once, as the table forgets them); a restarted room has them from its record, and the ledger
    download lists every entry, in order."""
    game = _played(http, hands=8)
    room = game.room
    server = http.app.state.server  # type: ignore[attr-defined]
    stored = server.store.room_record(game.table_id)
    assert stored is not None and room.forgotten
    assert json.loads(stored[1])["forgotten"] == room.forgotten
    assert server.rebuild(game.table_id).forgotten_entries() == room.forgotten_entries()
    assert all(isinstance(entry, Entry) for entry in room.forgotten_entries())
    rows = list(csv.reader(io.StringIO(http.get(f"/api/tables/{game.table_id}/ledger.csv").text)))
    entries = rows[1:rows.index([])]
    assert [int(row[0]) for row in entries] == list(range(1, len(entries) + 1))
    assert len(entries) == len(room.forgotten) + len(room.table.ledger.entries)
    game.close()
