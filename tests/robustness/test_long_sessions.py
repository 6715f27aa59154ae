"""Issue 11, item 11: a table runs for months in bounded memory: the events and ledger entries
of its last ``keep_hands`` hands stay in memory, older ones go to a sink (a function or a file),
and the ledger's totals are kept as it goes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pokerfloor as pf
from pokerfloor.table.ledger import Entry
from pokerfloor.table.seats import TableEvent


def play_hands(table: pf.Table, count: int, rng: random.Random) -> None:
    for _ in range(count):
        hand = table.start_hand()
        while hand.to_act is not None:
            legal = hand.legal()
            if legal.raise_ is not None and rng.random() < 0.2:
                table.act(hand.to_act, "raise", to=legal.raise_.min_to)
            elif legal.fold and rng.random() < 0.3:
                table.act(hand.to_act, "fold")
            else:
                table.act(hand.to_act, "check" if legal.check else "call")
        table.end_hand()
        for seat, info in table.seats.items():
            if info.chips == 0:
                table.rebuy(seat, 1_000)


def seated(**kw: object) -> pf.Table:
    table = pf.Table(pf.Game.no_limit_holdem(5, 10), seats=4, rng=random.Random(1), button=1, **kw)  # type: ignore[arg-type]
    for seat in range(1, 5):
        table.sit(seat, f"p{seat}", 1_000, post=True, player_id=f"p{seat}")
    return table


def test_old_hands_leave_memory_for_the_sink_and_nothing_is_lost() -> None:
    sunk: list[TableEvent | Entry] = []
    table = seated(keep_hands=5, sink=sunk.append)
    play_hands(table, 40, random.Random(2))
    kept = table.events
    last = table.hand_number
    assert {e.hand for e in kept if e.hand <= last} <= set(range(last - 4, last + 1))
    events = [r for r in sunk if isinstance(r, TableEvent)] + list(kept)
    assert [e.number for e in events] == list(range(1, len(events) + 1)), "every event once, in order"
    entries = [r for r in sunk if isinstance(r, Entry)] + list(table.ledger.entries)
    assert [e.number for e in entries] == list(range(1, len(entries) + 1))
    for player in ("p1", "p2", "p3", "p4", None):
        mine = [e for e in entries if player is None or e.player == player]
        assert table.ledger.won(player) == sum(e.chips for e in mine if e.kind == "hand")
        assert table.ledger.brought_in(player) == sum(e.chips for e in mine if e.kind in ("buy_in", "rebuy"))
    assert len(table.ledger.entries) < 6 * 8
    table.verify()


def test_a_file_sink_gets_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "history.jsonl"
    table = seated(keep_hands=2, sink=path)
    play_hands(table, 6, random.Random(3))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert {line["record"] for line in lines} == {"event", "entry"}
    assert min(line["hand"] for line in lines if line["record"] == "event") == 1
    assert len(table.events) < len(lines)


def test_a_file_sink_writes_hand_events_with_their_cards_by_name(tmp_path: Path) -> None:
    path = tmp_path / "history.jsonl"
    play_hands(seated(keep_hands=1, sink=path), 4, random.Random(5))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    boards = [line["event"] for line in lines if line.get("event") and line["event"]["kind"] == "deal_board"]
    assert boards and all(isinstance(card, str) and len(card) == 2 for b in boards for card in b["cards"])
