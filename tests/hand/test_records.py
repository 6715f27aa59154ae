"""Hand records (``Hand.record``, ``Hand.from_record``, ``Hand.undo``): a hand saved as plain
JSON rebuilds identically at any point and goes on identically; undo takes back one input."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from handkit import deal, play, seats
from hypothesis import HealthCheck, given, settings
from randomhands import Setup, play_out, setups

import pokerfloor as pf
from pokerfloor.hand.record import apply_input


def state(hand: pf.Hand) -> tuple[object, ...]:
    """Everything a hand shows about itself."""
    return (
        list(hand.events),
        hand.street,
        hand.to_act,
        hand.legal(),
        hand.stacks,
        hand.starting_stacks,
        hand.bets,
        hand.pots,
        hand.holes,
        hand.board,
        hand.folded,
        hand.awaiting_deal,
        hand.result,
        hand.current_bet,
        hand.min_raise_increment,
        hand.raises_made,
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups())
@pytest.mark.parametrize("seeded", [False, True], ids=["rng", "seed"])
def test_a_record_cut_at_any_input_rebuilds_the_hand_and_goes_on_identically(setup: Setup, seeded: bool) -> None:
    """For random hands of every variant, cut at every input: ``from_record`` reaches the same
    state, goes on identically with the same inputs, and undo-then-redo returns the same state;
    a hand dealt from its own seed does so from the record's seed."""
    setup = dataclasses.replace(setup, seeded=seeded)
    whole = play_out(setup)
    record = whole.record()
    assert pf.HandRecord.from_json(record.to_json()) == record
    assert state(pf.Hand.from_record(record)) == state(whole)
    for cut in range(len(record.inputs) + 1):
        part = pf.Hand.from_record(dataclasses.replace(record, inputs=record.inputs[:cut]))
        assert state(pf.Hand.from_record(part.record())) == state(part)
        if cut:
            before = state(part)
            last = part.undo()
            assert last == record.inputs[cut - 1]
            apply_input(part, last)
            assert state(part) == before
        for entry in record.inputs[cut:]:
            apply_input(part, entry)
        assert state(part) == state(whole)


def test_a_record_is_plain_json_with_a_format_version() -> None:
    hand = play(deal(pf.Game.no_limit_holdem(50, 100), seats(3)), [(3, "raise", 300), (1, "fold")])
    data = json.loads(hand.record().to_json())
    assert data["format"] == "pokerfloor.hand-record" and data["version"] == 1
    assert data["inputs"] == [
        {"kind": "act", "seat": 3, "action": "raise", "to": 300},
        {"kind": "act", "seat": 1, "action": "fold"},
    ]
    assert [p["kind"] for p in data["posts"]] == ["sb", "bb"]
    assert len(data["dealt"]) == 6 and data["seed"] is None
    assert data["game"]["house"]["raise_cap"] == "rulebook"


def test_a_seeded_hand_records_its_seed_and_is_dealt_again_from_the_record_alone() -> None:
    """The record of a hand dealt from its own seed holds the seed in hex and no rng is needed:
    the rebuilt hand deals the same further cards as the original."""
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), seats(3), button=1)
    assert hand.seed is not None
    play(hand, [(1, "call"), (2, "call")])
    data = json.loads(hand.record().to_json())
    assert data["seed"] == hand.seed.hex()
    again = pf.Hand.from_record(pf.HandRecord.from_json(json.dumps(data)))
    assert again.seed == hand.seed and state(again) == state(hand)
    for h in (hand, again):
        h.act(3, "check")
    assert again.board == hand.board and len(hand.board) == 3


def test_a_record_whose_cards_are_not_its_seeds_is_refused() -> None:
    """The published seed is the proof of the deal: a record listing other cards is refused."""
    hand = play(pf.Hand(pf.Game.no_limit_holdem(50, 100), seats(2), button=1, seed=7), [(1, "call"), (2, "check")])
    record = hand.record()
    assert pf.Hand.from_record(record).board == hand.board
    other = next(c for c in pf.Deck(random.Random(0)).deal(52) if c not in record.dealt)
    with pytest.raises(ValueError, match="seed"):
        pf.Hand.from_record(dataclasses.replace(record, dealt=(other, *record.dealt[1:])))
    with pytest.raises(ValueError, match="rng"):
        pf.Hand.from_record(record, rng=random.Random(1))
    with pytest.raises(ValueError, match="hex"):
        dataclasses.replace(record, seed="not hex")


def test_a_reader_refuses_a_version_it_does_not_know() -> None:
    text = deal(pf.Game.no_limit_holdem(50, 100), seats(2)).record().to_json()
    with pytest.raises(ValueError, match="version"):
        pf.HandRecord.from_json(text.replace('"version":1', '"version":2'))


def test_from_record_takes_the_record_as_json_values_or_text_as_the_tables_does() -> None:
    """A record is plain JSON (issue 12 part 4) and ``Table.from_record`` takes a dict or JSON
    text: so does ``Hand.from_record``, and the hand goes on identically."""
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), seats(3), button=3, seed=7)
    play(hand, [(3, "raise", 300), (1, "call")])
    text = hand.record().to_json()
    copies = [pf.Hand.from_record(saved) for saved in (json.loads(text), text, text.encode())]
    assert all(state(again) == state(hand) for again in copies)
    for h in (hand, *copies):
        h.act(2, "fold")
    assert all(state(again) == state(hand) for again in copies)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda data: {k: v for k, v in data.items() if k != "game"},
        lambda data: {**data, "posts": 5},
        lambda data: [data],
    ],
    ids=["no game", "posts not a list", "not an object"],
)
def test_a_malformed_record_is_refused_with_a_value_error(spoil: Any) -> None:
    """Bad input to a public entry point is a ``ValueError``, never a bare ``KeyError`` or
    ``TypeError`` (issue 11)."""
    data = json.loads(deal(pf.Game.no_limit_holdem(50, 100), seats(2)).record().to_json())
    with pytest.raises(ValueError, match="record"):
        pf.HandRecord.from_dict(spoil(data))
    with pytest.raises(ValueError, match="record"):
        pf.Hand.from_record(json.dumps(spoil(data)))


def test_a_record_keeps_house_rules_posts_and_given_cards() -> None:
    game = pf.Game.no_limit_holdem(5, 10).with_house(straddle_min_raise="straddle_amount", table_stakes=False)
    hand = deal(game, seats(4), posts=[pf.Post(3, 20, "straddle")], holes={1: "AhAd"}, board="2c3c4c")
    play(hand, [(4, "call"), (1, "call")])
    hand.add_chips(2, 500)
    again = pf.Hand.from_record(pf.HandRecord.from_json(hand.record().to_json()))
    assert state(again) == state(hand)
    assert again.game == game and again.posts == hand.posts


def test_a_manually_dealt_hand_records_its_deals_and_shows() -> None:
    game = pf.Game.no_limit_holdem(1, 2)
    hand = pf.Hand(game, seats(2), button=2, dealing="manual")
    hand.deal("AhKh", 1)
    hand.deal("????", 2)
    play(hand, [(2, "call"), (1, "check")])
    hand.deal("2c3c4c")
    for _ in range(2):
        play(hand, [(1, "check"), (2, "check")])
        hand.deal("5d" if hand.street == "turn" else "9s")
    play(hand, [(1, "check"), (2, "check")])
    hand.show(2, "QdQs")
    assert hand.is_over
    again = pf.Hand.from_record(pf.HandRecord.from_json(hand.record().to_json()))
    assert state(again) == state(hand)


def test_undo_takes_back_the_last_input_and_a_redo_deals_the_same_cards() -> None:
    """Like python-chess's ``pop``: the flop dealt by the last call comes back the same."""
    hand = play(deal(pf.Game.no_limit_holdem(50, 100), seats(3)), [(3, "call"), (1, "call")])
    before = state(hand)
    hand.act(2, "check")
    flop = hand.board
    assert hand.undo() == pf.Input("act", 2, "check")
    assert state(hand) == before
    hand.act(2, "check")
    assert hand.board == flop


def test_undo_with_no_input_is_refused() -> None:
    with pytest.raises(ValueError):
        deal(pf.Game.no_limit_holdem(50, 100), seats(2)).undo()


def test_a_held_action_out_of_turn_is_one_input() -> None:
    """TDA 2024 R53: the held action settled in turn is not a second input."""
    game = pf.Game.no_limit_holdem(50, 100).with_house(oot_mode="hold")
    hand = play(deal(game, seats(4)), [(4, "call"), (2, "fold"), (1, "call")])
    assert [i.seat for i in hand.record().inputs] == [4, 2, 1]
    again = pf.Hand.from_record(hand.record())
    assert state(again) == state(hand)


def test_a_rebuilt_hand_deals_beyond_the_record_from_the_rng_given() -> None:
    hand = deal(pf.Game.no_limit_holdem(50, 100), seats(3))
    record = hand.record()
    rebuilt = pf.Hand.from_record(record, rng=random.Random(99))
    assert rebuilt.holes == hand.holes
    play(rebuilt, [(3, "call"), (1, "call"), (2, "check")])
    assert len(rebuilt.board) == 3 and not set(rebuilt.board) & {c for h in hand.holes.values() for c in h}


def test_a_spot_has_no_record() -> None:
    spot = pf.Hand.from_spot(pf.Game.no_limit_holdem(50, 100), stacks={1: 900, 2: 900}, button=2)
    with pytest.raises(ValueError):
        spot.record()


def test_a_game_is_turned_into_json_once_and_each_caller_gets_its_own_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server writes the same game into every seat's view of every update: its JSON is worked
    out once per game, and changing one copy leaves the next untouched."""
    from pokerfloor.hand import plain

    game = pf.Game.no_limit_holdem(1, 3, ante=1)
    calls = []
    inputs = pf.Game.inputs
    monkeypatch.setattr(pf.Game, "inputs", lambda self: calls.append(self) or inputs(self))
    hand = pf.Hand(game, stacks={1: 100, 2: 100, 3: 100}, button=1, rng=random.Random(5))
    views = [hand.view(seat).to_dict() for seat in (None, *hand.seats)]
    assert len(calls) <= 1
    assert all(v["game"] == plain.game_json(game) for v in views)
    views[0]["game"]["house"]["table_stakes"] = "changed"
    views[0]["game"]["blinds"].append(99)
    assert plain.game_json(game) == views[1]["game"] and plain.game_from(views[1]["game"]) == game


def test_a_draw_record_whose_cards_still_to_come_were_dealt_already_is_refused() -> None:
    """A record that loads is one that plays on: in a draw game a card may be listed twice (a
    discard shuffled back), so the list is checked once the inputs are replayed. A card still to
    come that the deck no longer holds is refused at load, not met when the hand plays on
    (found by ``pokerfloor bench --only fuzz --seed 4``)."""
    game = pf.Game(variant="five_card_draw", structure="fixed_limit", small_blind=10, big_blind=20, small_bet=20,
                   big_bet=40)
    hand = pf.Hand(game, seats(3), button=1, rng=random.Random(3))
    record = hand.record()
    assert pf.Hand.from_record(record, rng=random.Random(1)).holes == hand.holes
    again = record.dealt[0]  # a hole card already dealt, listed again as the next card
    spoiled = dataclasses.replace(record, dealt=(*record.dealt, again))
    with pytest.raises(pf.RecordError, match=f"{again} twice"):
        pf.Hand.from_record(spoiled, rng=random.Random(1))
