"""Issue 25, items 13 and 14: hand records, table records and seat views from outside are read
whole or refused with ``RecordError`` (a ``ValueError``, docs/hand-api.md), its message under 300
characters; and a record that loads is one that plays on: a record that could not hold (a card
dealt twice, a stack its own ledger contradicts, one player in two seats, a dict as a player id)
is refused as it is loaded, not later with a TypeError, a KeyError or a hand that jams."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import pokerfloor as pf
from pokerfloor.table import Table
from pokerfloor.table.record import TableRecord

DEEP = "[" * 100_000 + "]" * 100_000
HUGE = 10**5_000


def refused(load: Callable[[], object]) -> pf.RecordError:
    with pytest.raises(pf.RecordError) as caught:
        load()
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, pf.PokerfloorError)
    assert len(str(caught.value)) < 300, len(str(caught.value))
    return caught.value


def holdem_hand(*inputs: str) -> pf.Hand:
    game = pf.Game(variant="holdem", structure="no_limit", small_blind=1, big_blind=2)
    hand = pf.Hand(game, stacks={1: 100, 2: 100, 3: 100}, button=1, rng=random.Random(3))
    for action in inputs:
        hand.act(hand.to_act, action)
    return hand


def table_between_hands() -> Table:
    ids = iter(["a", "b", "c"]).__next__
    table = Table(pf.Game.no_limit_holdem(1, 2), seats=4, rng=random.Random(5), player_ids=ids)
    for seat in (1, 2, 3):
        table.sit(seat, f"P{seat}", 200)
    hand = table.start_hand()
    while not hand.is_over:
        table.act(hand.to_act, "call" if hand.legal().call else "check")  # type: ignore[arg-type]
    table.end_hand()
    return table


def table_in_a_hand() -> Table:
    table = table_between_hands()
    hand = table.start_hand()
    table.act(hand.to_act, "call")  # type: ignore[arg-type]
    return table


# -- item 14: a hand record that could not go on


def test_a_dealt_card_that_duplicates_a_hole_card_is_refused_at_load() -> None:
    """The hand jammed at the end of the pre-flop round with "5s is dealt twice": street flop,
    nobody to act, not over, for ever."""
    record = holdem_hand("call", "call").record().to_dict()
    record["dealt"] = [*record["dealt"], record["dealt"][0]]
    assert "twice" in str(refused(lambda: pf.Hand.from_record(record)))
    assert "twice" in str(refused(lambda: pf.Hand.from_record(json.dumps(record))))


@pytest.mark.parametrize(
    ("spoil", "says"),
    [
        (lambda r: {**r, "dealt": [*r["dealt"], "2c"], "game": {**r["game"], "variant": "short_deck"}}, "deck"),
        (lambda r: {**r, "holes": {"1": [r["dealt"][2], r["dealt"][3]]}}, "twice"),
        (lambda r: {**r, "board": [r["dealt"][0]]}, "twice"),
        (lambda r: {**r, "inputs": [*r["inputs"], {"kind": "act", "seat": 1, "action": "raise", "to": 1}]}, "input 1"),
        (lambda r: {**r, "inputs": [{"kind": "act", "seat": "1", "action": "call"}]}, "input 0"),
        (lambda r: {**r, "stacks": {"1": "100", "2": 100, "3": 100}}, "record"),
        (lambda r: {**r, "stacks": {"1": "9" * 5_000, "2": 100, "3": 100}}, "record"),
        (lambda r: {**r, "button": "1"}, "button"),
        (lambda r: {**r, "button": True}, "button"),
        (lambda r: {**r, "dealing": "sometimes"}, "dealing"),
        (lambda r: {**r, "auto_muck": "yes"}, "auto_muck"),
        (lambda r: {**r, "inputs": {"kind": "act"}}, "inputs"),
        (lambda r: {**r, "posts": [{"seat": 1, "amount": 1}]}, "kind"),
        (lambda r: {**r, "game": {**r["game"], "house": {"no_such_rule": 1}}}, "record"),
    ],
    ids=["short deck 2c", "given hole dealt again", "given board dealt again", "illegal input", "seat as text",
         "stack as text", "a stack of 5,000 characters", "button as text", "button true", "dealing", "auto_muck",
         "inputs object", "post without live", "unknown house rule"],
)
def test_a_hand_record_that_cannot_hold_is_refused(spoil: Callable[[dict[str, Any]], Any], says: str) -> None:
    record = holdem_hand("call").record().to_dict()
    assert says in str(refused(lambda: pf.Hand.from_record(spoil(copy.deepcopy(record)))))


@pytest.mark.parametrize("load", [pf.Hand.from_record, Table.from_record], ids=["Hand", "Table"])
@pytest.mark.parametrize("record", [5, None, [], 1.5], ids=["5", "None", "a list", "1.5"])
def test_what_is_no_record_at_all_is_refused_with_the_same_error(load: Callable[[Any], object], record: object) -> None:
    refused(lambda: load(record))


@pytest.mark.parametrize("load", [pf.HandRecord.from_json, TableRecord.from_json, pf.SeatView.from_json],
                         ids=["HandRecord", "TableRecord", "SeatView"])
@pytest.mark.parametrize("text", [5, None, b"\xff\xfe{"], ids=["5", "None", "not UTF-8"])
def test_from_json_of_what_is_no_text_is_refused_with_the_same_error(load: Callable[[Any], Any], text: object) -> None:
    refused(lambda: load(text))


def test_a_record_that_loads_plays_on_to_its_end() -> None:
    """What from_record takes goes on: here every cut of a random hand, rebuilt and played out."""
    for seed in range(30):
        hand = holdem_hand()
        rng = random.Random(seed)
        while not hand.is_over:
            again = pf.Hand.from_record(hand.record().to_json(), rng=random.Random(seed))
            while not again.is_over:
                assert again.to_act is not None
                again.act(again.to_act, rng.choice(simple(again)))
            hand.act(hand.to_act, rng.choice(simple(hand)))


def simple(hand: pf.Hand) -> list[str]:
    """The legal actions that need no amount."""
    return [a for a in hand.legal().actions if a in ("fold", "check", "call")]


# -- item 14: a table record that could not hold


def seat_of(record: dict[str, Any], number: int) -> dict[str, Any]:
    return next(s for s in record["seats"] if s["number"] == number)


def spoiled(change: Callable[[dict[str, Any]], object]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def spoil(record: dict[str, Any]) -> dict[str, Any]:
        change(record)
        return record
    return spoil


TABLE_SPOILS = {
    "a stack its ledger contradicts": spoiled(lambda r: seat_of(r, 1).update(chips=1_000_000)),
    "one player id in two seats": spoiled(lambda r: seat_of(r, 2).update(player_id=seat_of(r, 1)["player_id"])),
    "a dict as a player id": spoiled(lambda r: seat_of(r, 1).update(player_id={"id": 1})),
    "an empty player id": spoiled(lambda r: seat_of(r, 1).update(player_id="")),
    "a seat off the table": spoiled(lambda r: seat_of(r, 1).update(number=9)),
    "a seat number as text": spoiled(lambda r: seat_of(r, 1).update(number="1")),
    "two seats numbered alike": spoiled(lambda r: seat_of(r, 2).update(number=1)),
    "negative chips": spoiled(lambda r: seat_of(r, 1).update(chips=-5)),
    "a status not known": spoiled(lambda r: seat_of(r, 1).update(status="dancing")),
    "owes as a list": spoiled(lambda r: seat_of(r, 1).update(owes=[])),
    "owes a field not known": spoiled(lambda r: seat_of(r, 1)["owes"].update(tip=True)),
    "a seat without chips": spoiled(lambda r: seat_of(r, 1).pop("chips")),
    "seats as an object": spoiled(lambda r: r.update(seats={})),
    "no ledger": spoiled(lambda r: r.pop("ledger")),
    "a ledger entry of a kind not known": spoiled(lambda r: r["ledger"]["entries"][0].update(kind="gift")),
    "a ledger holding as text": spoiled(lambda r: r["ledger"]["holdings"].update(a="500")),
    "a ledger total row cut short": spoiled(lambda r: r["ledger"]["totals"].append(["hand", None])),
    "an event that is a number": spoiled(lambda r: r["events"].append(7)),
    "an event whose seq is text": spoiled(lambda r: r["events"][0].update(seq="1")),
    "a departure row cut short": spoiled(lambda r: r["departures"].append(["a", 1.0])),
    "a marker of the wrong kinds": spoiled(lambda r: r["markers"].append([1, "a", 1])),
    "the kill button as a list": spoiled(lambda r: r.update(kill=[])),
    "straddles of a field not known": spoiled(lambda r: r["options"]["straddles"].update(double=True)),
    "the size as text": spoiled(lambda r: r.update(size="4")),
    "the hand number as null": spoiled(lambda r: r.update(hand_number=None)),
    "a 5,000-digit clock": spoiled(lambda r: r.update(clock=HUGE)),
    "randomness of a kind not known": spoiled(lambda r: r.update(rng={"kind": "dice"})),
    "randomness with a cut state": spoiled(lambda r: r["rng"].update(state=[1, 2, 3])),
    "keep_hands zero": spoiled(lambda r: r.update(keep_hands=0)),
}


@pytest.mark.parametrize("spoil", list(TABLE_SPOILS.values()), ids=list(TABLE_SPOILS))
def test_a_table_record_that_cannot_hold_is_refused_between_hands(spoil: Callable[[dict[str, Any]], Any]) -> None:
    record = json.loads(table_between_hands().record().to_json())
    Table.from_record(copy.deepcopy(record))  # the record unspoiled loads
    refused(lambda: Table.from_record(spoil(copy.deepcopy(record))))
    text = as_json(spoil(copy.deepcopy(record)))
    if text is not None:
        refused(lambda: Table.from_record(text))
        refused(lambda: Table.from_record(TableRecord.from_json(text)))


def as_json(value: object) -> str | None:
    """The JSON text of a spoilt record (``None`` for one holding a 5,000-digit integer, which
    Python will not write as text)."""
    try:
        return json.dumps(value)
    except ValueError:
        return None


HAND_SPOILS = {
    "a stack its ledger contradicts": spoiled(lambda r: seat_of(r, 1).update(chips=1_000_000)),
    "a hand dealt to a seat that left": spoiled(lambda r: r.update(seats=[s for s in r["seats"] if s["number"] != 2])),
    "the hand's dealt seats not its own": spoiled(lambda r: r["hand"]["dealt"].pop()),
    "a dealt card twice": spoiled(lambda r: (r["hand"].update(rng=None),
                                             r["hand"]["record"].update(dealt=r["hand"]["record"]["dealt"] * 2))),
    "the hand's ended flag as text": spoiled(lambda r: r["hand"].update(ended="no")),
    "the hand's dealt seat without an id": spoiled(lambda r: r["hand"]["dealt"][0].pop("player_id")),
    "a plan whose owes are an object": spoiled(lambda r: r["plan"].update(owes={})),
    "a plan note of a kind not known": spoiled(lambda r: r["plan"]["notes"].append({"kind": "x", "seat": 1,
                                                                                   "rule": ""})),
}


@pytest.mark.parametrize("spoil", list(HAND_SPOILS.values()), ids=list(HAND_SPOILS))
def test_a_table_record_that_cannot_hold_is_refused_during_a_hand(spoil: Callable[[dict[str, Any]], Any]) -> None:
    record = json.loads(table_in_a_hand().record().to_json())
    again = Table.from_record(copy.deepcopy(record))
    assert again.hand is not None and not again.hand.is_over
    refused(lambda: Table.from_record(spoil(copy.deepcopy(record))))


def test_a_table_record_that_loads_plays_on() -> None:
    """Rebuilt at every step of a session, each copy plays its hand out and deals the next."""
    table = table_between_hands()
    for _ in range(3):
        hand = table.start_hand()
        while not hand.is_over:
            again = Table.from_record(table.record().to_json())
            copy_hand = again.hand
            assert copy_hand is not None
            while not copy_hand.is_over:
                again.act(copy_hand.to_act, "call" if copy_hand.legal().call else "check")  # type: ignore[arg-type]
            assert again.end_hand()
            again.verify()
            assert again.start_hand() is not None
            table.act(hand.to_act, "call" if hand.legal().call else "check")  # type: ignore[arg-type]
        table.end_hand()


# -- item 13: the three record loaders and the seat view


@pytest.mark.parametrize(
    "load",
    [pf.HandRecord.from_json, pf.Hand.from_record, TableRecord.from_json, Table.from_record, pf.SeatView.from_json],
    ids=["HandRecord.from_json", "Hand.from_record", "TableRecord.from_json", "Table.from_record",
         "SeatView.from_json"],
)
@pytest.mark.parametrize("text", [DEEP, "{not json", '{"button": ' + "9" * 5_000 + "}", "[]", "null"],
                         ids=["100,000 nested arrays", "not json", "5,000 digits", "a list", "null"])
def test_a_loader_refuses_text_that_is_no_record_with_its_error(load: Callable[[str], object], text: str) -> None:
    """100,000 nested arrays raised RecursionError from the three record loaders."""
    refused(lambda: load(text))


def view_dict() -> dict[str, Any]:
    return holdem_hand("call").view(3).to_dict()


VIEW_SPOILS = {
    "no fields": lambda v: {"format": v["format"], "version": v["version"]},
    "no legal": lambda v: {k: x for k, x in v.items() if k != "legal"},
    "seats a number": lambda v: {**v, "seats": 5},
    "folded a number": lambda v: {**v, "folded": 5},
    "pots a number": lambda v: {**v, "pots": 5},
    "a pot a number": lambda v: {**v, "pots": [5]},
    "a pot without eligible": lambda v: {**v, "pots": [{"amount": 3}]},
    "events a number": lambda v: {**v, "events": 3},
    "an event without a kind": lambda v: {**v, "events": [{"seat": 1}]},
    "legal with a field not known": lambda v: {**v, "legal": {"x": 1}},
    "legal call a number": lambda v: {**v, "legal": {"call": 5}},
    "stacks of text": lambda v: {**v, "stacks": {"1": "a"}},
    "holes a list": lambda v: {**v, "holes": []},
    "is_over text": lambda v: {**v, "is_over": "no"},
    "a 5,000-digit button": lambda v: {**v, "button": HUGE},
    "the game a list": lambda v: {**v, "game": []},
    "not an object": lambda v: [v],
}


@pytest.mark.parametrize("spoil", list(VIEW_SPOILS.values()), ids=list(VIEW_SPOILS))
def test_seat_view_from_json_refuses_with_its_documented_error(spoil: Callable[[dict[str, Any]], Any]) -> None:
    """docs/hand-api.md promises ValueError; it raised KeyError and TypeError."""
    view = view_dict()
    assert pf.SeatView.from_dict(view) == pf.SeatView.from_json(json.dumps(view))
    spoilt = spoil(copy.deepcopy(view))
    refused(lambda: pf.SeatView.from_dict(spoilt))
    text = as_json(spoilt)
    if text is not None:
        refused(lambda: pf.SeatView.from_json(text))
