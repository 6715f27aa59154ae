"""Table records: ``Table.from_record(table.record())`` is the same table and goes on identically,
between hands and during one, and a record survives ``json.dumps``/``json.loads``."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor.cards import FULL_DECK
from pokerfloor.table import KillGame, NotEnoughPlayers, Straddles, Table, TableOptions, buy_in_limits
from pokerfloor.table.record import TableRecord

GAMES = {
    "nl_holdem": (pf.Game.no_limit_holdem(1, 2), TableOptions(straddles=Straddles(mississippi="any"))),
    "limit_kill": (pf.Game.fixed_limit_holdem(2, 4), TableOptions(kill=KillGame())),
    "rock": (pf.Game.no_limit_holdem(1, 2), TableOptions(straddles=Straddles(mandatory=True))),
    "stud": (pf.Game(variant="stud", structure="fixed_limit", small_bet=2, big_bet=4, ante=1, bring_in=1), None),
}


class Ids:
    """Player ids made in order: a ``player_ids`` function whose state a copy carries on."""

    def __init__(self) -> None:
        self.made = 0

    def __call__(self) -> str:
        self.made += 1
        return f"id{self.made}"


def new_table(game: str, randomness: str, seed: int, ids: Ids) -> Table:
    rules, options = GAMES[game]
    rng = random.Random(seed) if randomness == "table" else pf.SeededShuffler(seed) if randomness == "sha" else None
    return Table(rules, seats=6, rng=rng, options=options, player_ids=ids)


def step(table: Table, driver: random.Random, manual: bool) -> object:
    """One random thing done to the table; returns what came of it (a value or a refusal)."""
    try:
        return _step(table, driver, manual)
    except pf.IllegalAction as refused:
        return ("refused", refused.reason)
    except (NotEnoughPlayers, ValueError) as refused:
        return ("refused", str(refused))


def _step(table: Table, driver: random.Random, manual: bool) -> object:
    hand = table.hand
    if hand is not None and not hand.is_over and driver.random() < 0.85:
        return play(table, hand, driver)
    move = driver.choice(["sit", "sit", "leave", "sit_out", "sit_in", "top_up", "rebuy", "rename", "straddle",
                          "deal", "deal", "deal", "end", "show", "clock"])
    seat = driver.randint(1, table.size)
    low, high = buy_in_limits(table.game)
    if move == "sit":
        player_id = driver.choice([None, f"p{driver.randint(1, 9)}"])
        name = driver.choice(["Ann", "Bo", "Cy"])  # names repeat
        return table.sit(seat, name, driver.randint(low, high or 3 * low), post=driver.random() < 0.5,
                         player_id=player_id)
    if move in ("leave", "sit_out", "sit_in", "straddle"):
        return getattr(table, move)(seat)
    if move in ("top_up", "rebuy"):
        return getattr(table, move)(seat, low)
    if move == "rename":
        return table.rename(seat, driver.choice(["Di", "Ed"]))
    if move == "deal":
        rng = random.Random(driver.getrandbits(32)) if driver.random() < 0.3 else None
        dealt = table.start_hand(rng=rng, dealing="manual" if manual else "auto", auto_muck=driver.random() < 0.5)
        return dealt.seats
    if move == "end":
        return table.end_hand()
    if move == "clock":
        table.clock.advance(minutes=driver.randint(1, 30))  # type: ignore[attr-defined]
        return None
    return table.act(seat, "show") if hand is not None else None


def play(table: Table, hand: pf.Hand, driver: random.Random) -> object:
    """A legal action, or the cards a manually dealt hand waits for."""
    request = hand.awaiting_deal
    if request is not None:
        seen = {c for c in hand.board if c is not None}
        seen |= {c for cards in hand.holes.values() for c in cards if c is not None}
        cards = driver.sample([c for c in FULL_DECK if c not in seen], request.count)
        return table.act(request.seat, "deal", cards=cards)
    seat, legal = hand.to_act, hand.legal()
    assert seat is not None
    action = driver.choice(legal.actions)
    span = {"bet": legal.bet, "raise": legal.raise_, "complete": legal.complete}.get(action)
    to = None if span is None else driver.choice([span.min_to, span.max_to])
    return table.act(seat, action, to)


def same(a: Table, b: Table) -> None:
    assert a.record() == b.record()
    assert a.events == b.events
    assert (a.seq, a.hand_ended, a.hand_number) == (b.seq, b.hand_ended, b.hand_number)
    if a.hand is not None:
        assert b.hand is not None and a.hand.record() == b.hand.record()


@settings(max_examples=20, deadline=None)
@given(
    game=st.sampled_from(sorted(GAMES)),
    randomness=st.sampled_from(["table", "sha", "none", "table"]),
    manual=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    cut=st.integers(0, 120),
)
def test_a_table_rebuilt_from_its_record_goes_on_identically(
    game: str, randomness: str, manual: bool, seed: int, cut: int
) -> None:
    """Random sessions cut at a random step, between hands or during one: the rebuilt table has
    the same record, and the same steps give the same results, events and cards after it."""
    manual = manual and game == "nl_holdem"
    ids = Ids()
    table, driver = new_table(game, randomness, seed, ids), random.Random(seed)
    for _ in range(cut):
        step(table, driver, manual)
    record = json.loads(table.record().to_json())
    other_ids, other_driver = copy.deepcopy(ids), copy.deepcopy(driver)
    again = Table.from_record(record, player_ids=other_ids, clock=copy.deepcopy(table.clock))
    same(table, again)
    for _ in range(40):
        assert step(table, driver, manual) == step(again, other_driver, manual)
        same(table, again)


def played_to_the_river(table: Table) -> pf.Hand:
    hand = table.start_hand()
    while hand.street not in ("river", "showdown") and not hand.is_over:
        legal = hand.legal()
        table.act(hand.to_act, "check" if legal.check else "call")  # type: ignore[arg-type]
    return hand


def test_a_record_in_the_middle_of_a_hand_deals_the_same_next_cards() -> None:
    """Seeded: the rebuilt hand's next street comes from the same draws as the original's."""
    table = Table(pf.Game.no_limit_holdem(1, 2), seats=4, rng=random.Random(5), player_ids=Ids())
    for seat in (1, 2, 3):
        table.sit(seat, f"P{seat}", 100)
    hand = table.start_hand()
    for _ in range(3):
        table.act(hand.to_act, "call" if hand.legal().call else "check")  # type: ignore[arg-type]
    record = table.record()
    assert record.hand is not None and record.hand.record.inputs
    again = Table.from_record(TableRecord.from_json(record.to_json()))
    while not hand.is_over:
        seat, action = hand.to_act, "check" if hand.legal().check else "call"
        table.act(seat, action)  # type: ignore[arg-type]
        again.act(seat, action)  # type: ignore[arg-type]
    assert again.hand is not None and again.hand.board == hand.board
    assert again.end_hand() and table.end_hand()
    assert again.record() == table.record()
    assert again.start_hand().holes == table.start_hand().holes


def test_a_record_is_plain_json_with_its_format_and_version() -> None:
    table = Table(pf.Game.no_limit_holdem(1, 2), seats=3, rng=random.Random(1), player_ids=Ids())
    table.sit(1, "Ann", 100)
    record = table.record()
    data = record.to_dict()
    assert json.loads(record.to_json()) == data and TableRecord.from_dict(data) == record
    assert (data["format"], record.version, record.hand) == ("pokerfloor.table-record", 1, None)
    assert data["seats"][0]["player_id"] == "id1" and record.seats[0].player == "Ann"
    with pytest.raises(ValueError, match="version"):
        Table.from_record({**data, "version": 99})
    with pytest.raises(ValueError, match="table-record"):
        Table.from_record({"format": "pokerfloor.hand-record"})
    with pytest.raises(ValueError, match="malformed"):
        Table.from_record({key: value for key, value in data.items() if key != "seats"})


def test_a_table_record_is_one_typed_value_its_json_written_and_read_from_its_fields() -> None:
    """Issue 36: ``TableRecord`` is one frozen definition whose fields are the JSON's keys in
    order; its JSON is written from it and read back into an equal value, a wrong type in any
    field is named as it is read (``RecordError``), and a record written before the later fields
    reads as a table without them. The blinds' plan keeps the plan's own fields."""
    from dataclasses import fields

    from pokerfloor.table.buttons import BlindPlan
    from pokerfloor.table.record import PlanRecord

    table = Table(pf.Game.no_limit_holdem(1, 2), seats=4, rng=random.Random(2), player_ids=Ids())
    for seat in (1, 2, 3):
        table.sit(seat, f"P{seat}", 100)
    hand = table.start_hand()
    table.act(hand.to_act, "call")  # type: ignore[arg-type]
    record = table.record()
    data = record.to_dict()
    assert list(data) == [f.name for f in fields(TableRecord)]
    assert TableRecord.from_json(record.to_json()) == record
    assert TableRecord.from_json(record.to_json()).to_json() == record.to_json()
    assert [f.name for f in fields(PlanRecord)] == [f.name for f in fields(BlindPlan)]
    for field, wrong in (("size", "4"), ("seats", {}), ("cash", 1), ("events", [7]), ("rock", 1.5),
                         ("bomb_called", [1, "2"]), ("kill", []), ("clock", "now")):
        with pytest.raises(pf.RecordError, match=field):
            TableRecord.from_dict({**data, field: wrong})
    with pytest.raises(pf.RecordError, match="no field 'extra'"):
        TableRecord.from_dict({**data, "extra": 1})
    old = {key: value for key, value in data.items()
           if key not in ("rotation", "blind_positions", "bomb_called", "bomb_rule", "bomb_hands")}
    again = TableRecord.from_dict(old)
    assert (again.rotation, again.bomb_rule, again.bomb_hands) == (None, None, ())
    assert Table.from_record(old).record().to_dict() == {**data, "blind_positions": None}


def test_reading_a_table_changes_nothing_until_the_hand_is_ended() -> None:
    """Every property and reading method is pure: a finished hand moves its chips only at the
    explicit ``end_hand()`` (or when a step that changes the table comes first)."""
    table = Table(pf.Game.no_limit_holdem(1, 2), seats=4, rng=random.Random(3), player_ids=Ids())
    for seat in (1, 2, 3):
        table.sit(seat, "Ann", 100)
    hand = table.start_hand()
    while not hand.is_over:
        table.act(hand.to_act, "fold" if hand.legal().call else "check")  # type: ignore[arg-type]
    before = table.record()
    readers: list[Callable[[], object]] = [
        lambda: table.seats, lambda: table.ledger, lambda: table.events, lambda: table.rock,
        lambda: table.kill_button, lambda: table.last_busts, lambda: table.markers, lambda: table.stacks(),
        lambda: table.stack(1), lambda: table.preview(), lambda: repr(table), lambda: table.events_for(1),
        lambda: table.seq, lambda: table.seat_of("id1"), table.verify,
    ]
    for read in readers:
        read()
        assert table.record() == before
    assert not table.hand_ended and table.ledger.won() == 0
    assert table.end_hand() and table.hand_ended
    assert table.events[-1].kind == "hand_ended"
    assert sum(table.stacks().values()) == 300 and table.record() != before


def test_preview_draws_for_the_first_button_as_dealing_will() -> None:
    """RROP11 (draw for the button): the preview shows the button the deal then uses, and reading
    it twice draws nothing."""
    table = Table(pf.Game.no_limit_holdem(1, 2), seats=6, rng=random.Random(11), player_ids=Ids())
    for seat in (1, 3, 5):
        table.sit(seat, f"P{seat}", 100)
    seen = table.preview()
    assert table.preview() == seen and not [e for e in table.events if e.kind == "draw_for_button"]
    assert table.start_hand().button_seat == seen.button_seat
