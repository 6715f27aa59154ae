"""A bomb pot when the button is dealt a chosen hand (``Table.bomb_pots(hands=...)``, issue 23
item 3; a home-game custom, citation ``BOMB_POT``): the hand after one where the player on the
button was dealt one of the host's hands is a bomb pot, announced when that hand ends."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.cards import FULL_DECK, RANK_CHARS, Card
from pokerfloor.equity.ranges import parse_range
from pokerfloor.hand import Hand
from pokerfloor.table import bombs
from pokerfloor.table.record import RecordError

PlayOut = Callable[[Hand, random.Random], None]
STUD = pf.Game(variant="stud", structure="fixed_limit", small_bet=4, ante=1, bring_in=2)


def table_of(players: int = 4, game: pf.Game | None = None) -> pf.Table:
    table = pf.Table(game or pf.Game.no_limit_holdem(1, 2), seats=6, rng=random.Random(1), button=1)
    for seat in range(1, players + 1):
        table.sit(seat, f"p{seat}", 200)
    return table


def deal_button(table: pf.Table, cards: str, other: str = "AsKd") -> Hand:
    """The next hand, its button (seat 1 on the first hand) dealt ``cards`` and one other seat
    ``other``; the rest dealt from the deck."""
    button = table.preview().button_seat
    seats = table.preview().dealt
    beside = next(s for s in seats if s != button)
    return table.start_hand(holes={button: cards, beside: other})


def fold_out(table: pf.Table) -> None:
    """Everyone folds or checks to the end of the hand."""
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        table.act(seat, "check" if hand.legal().check else "fold")


def triggered(table: pf.Table) -> list[pf.TableEvent]:
    return [e for e in table.events if e.kind == "bomb_pot_triggered"]


def test_the_button_dealt_seven_deuce_makes_the_next_hand_a_bomb_pot() -> None:
    table = table_of()
    table.bomb_pots(None, 5, boards=2, hands="72o")
    assert table.bomb_rule == (5, 2, None, ("72o",))
    hand = deal_button(table, "7h2c")
    assert hand.button_seat == 1
    # Nothing is said while the hand is played: the button's cards are its own until it ends.
    assert table.next_bomb_pot is None and not triggered(table)
    fold_out(table)
    assert table.next_bomb_pot is None and not triggered(table)   # over, but not yet ended
    table.end_hand()
    [event] = triggered(table)
    assert (event.seat, event.chips, event.rule, event.hand) == (1, 5, cite.BOMB_POT, 2)
    assert "72o" in event.note
    assert all(any(e.kind == "bomb_pot_triggered" for e in table.events_for(s)) for s in range(1, 5))
    assert table.next_bomb_pot == (5, 2)
    bomb = table.start_hand()
    assert bomb.bomb_pot == 5 and bomb.runs == 2 and {p.kind for p in bomb.posts} == {"ante"}
    fold_out(table)
    table.end_hand()
    assert table.next_bomb_pot is None                              # once: the next hand is dealt as usual
    after = table.start_hand()
    assert after.bomb_pot == 0 and {p.kind for p in after.posts} == {"sb", "bb"}


@pytest.mark.parametrize(
    ("chosen", "button", "bomb"),
    [
        ("72o", "7h2h", False),            # suited is not offsuit
        ("72s", "7h2h", True),
        ("72", "7h2h", True),              # either
        ("27", "2d7c", True),              # the ranks in any order
        ("AA, KK", "KdKc", True),
        ("AA KK", "AhKh", False),
        ("AKs", "AsKd", False),
        ("T9o", "Th9c", True),
    ],
)
def test_which_hands_call_a_bomb_pot(chosen: str, button: str, bomb: bool) -> None:
    table = table_of()
    table.bomb_pots(None, 4, hands=chosen)
    deal_button(table, button, other="QcJd")
    fold_out(table)
    table.end_hand()
    assert (table.next_bomb_pot == (4, 1)) is bomb
    assert len(triggered(table)) == int(bomb)


def test_only_the_button_calls_it() -> None:
    """Seven-deuce in another seat is nothing: the rule is the button's hand."""
    table = table_of()
    table.bomb_pots(None, 4, hands=["72o"])
    deal_button(table, "AhAd", other="7c2d")
    fold_out(table)
    table.end_hand()
    assert table.next_bomb_pot is None and not triggered(table)


def test_every_n_hands_and_the_button_s_hand_together(play_out: PlayOut) -> None:
    """With both, hand 3 is a bomb pot by the count and hand 2 by the button's hand; a host's bomb
    pot called already is kept (its own ante), and the button's hand is not told then."""
    table = table_of(3)
    table.bomb_pots(3, 6, hands="72o")
    deal_button(table, "7d2s")
    fold_out(table)
    table.end_hand()
    hand = table.start_hand()
    assert hand.bomb_pot == 6
    play_out(hand, random.Random(5))
    table.end_hand()
    assert table.start_hand().bomb_pot == 6                         # hand 3, by the count
    fold_out(table)
    table.end_hand()
    deal_button(table, "7d2s")                                       # hand 4
    table.call_bomb_pot(10)                                          # the host's, for hand 5
    fold_out(table)
    table.end_hand()
    assert not [e for e in triggered(table) if e.hand == 5]          # nothing to say: one is owed
    assert table.next_bomb_pot == (10, 1)


def test_the_rule_survives_a_record_mid_hand_and_between_hands() -> None:
    table = table_of()
    table.bomb_pots(None, 5, hands="72o, 83o")
    deal_button(table, "8c3d")
    seat = table.to_act
    assert seat is not None
    table.act(seat, "fold")
    copy = pf.Table.from_record(json.loads(table.record().to_json()))
    assert copy.bomb_rule == (5, 1, None, ("72o", "83o")) and copy.next_bomb_pot is None
    fold_out(copy)
    copy.end_hand()
    assert copy.next_bomb_pot == (5, 1) and len(triggered(copy)) == 1
    again = pf.Table.from_record(copy.record().to_json())           # between hands, the bomb pot owed
    assert again.next_bomb_pot == (5, 1)
    assert again.start_hand().bomb_pot == 5


def test_an_old_record_has_no_chosen_hands_and_a_bad_one_is_refused() -> None:
    table = table_of()
    table.bomb_pots(4, 5)
    old = table.record().to_dict()
    del old["bomb_hands"]                                            # written before the trigger was
    assert pf.Table.from_record(old).bomb_rule == (5, 1, 4, ())
    for wrong in (["27o"], ["ZZ"], "72o", [7]):
        with pytest.raises(RecordError, match="bomb_hands"):
            pf.Table.from_record({**old, "bomb_hands": wrong})
    with pytest.raises(RecordError, match="bomb_rule"):
        pf.Table.from_record({**old, "bomb_rule": [5, 1, "4"]})


def test_a_bomb_pot_owed_lapses_when_the_game_changes_to_stud() -> None:
    table = table_of()
    table.bomb_pots(None, 5, hands="72o")
    deal_button(table, "7h2c")
    fold_out(table)
    table.end_hand()
    assert table.next_bomb_pot == (5, 1)
    table.set_game(STUD)
    hand = table.start_hand()
    assert hand.bomb_pot == 0 and [e.kind for e in table.events].count("bomb_pot_lapses") == 1
    assert table.next_bomb_pot is None


def test_an_omaha_hand_holding_seven_deuce_calls_nothing() -> None:
    """Once the game is Omaha the rule stands but the button's four cards are not a chosen hand."""
    table = table_of()
    table.bomb_pots(None, 5, hands="72o")
    table.set_game(pf.Game(variant="omaha", structure="pot_limit", small_blind=1, big_blind=2))
    deal_button(table, "7h2c9d9s", other="AsKdQhJc")
    fold_out(table)
    table.end_hand()
    assert table.next_bomb_pot is None and not triggered(table)
    assert table.bomb_rule == (5, 1, None, ("72o",))


@pytest.mark.parametrize(
    ("game", "hands", "says"),
    [
        (pf.Game(variant="omaha", structure="pot_limit", small_blind=1, big_blind=2), "72o", "two-card hold'em"),
        (STUD, "72o", "two-card hold'em"),
        (pf.Game.short_deck_holdem(1, 2), "72o", "no card below a 6"),
        (None, "", "1 to 169"),
        (None, "AAs", "neither suited nor offsuit"),
        (None, "7", "written like"),
        (None, "7x", "written like"),
        (None, "AKx", "written like"),
        (None, ["72o", 5], "a text like"),
        (None, 72, "a text or a list"),
    ],
)
def test_chosen_hands_that_are_refused(game: pf.Game | None, hands: object, says: str) -> None:
    table = table_of(game=game)
    with pytest.raises(pf.InvalidArgument, match=says):
        table.bomb_pots(None, 5, hands=hands)  # type: ignore[arg-type]
    assert table.bomb_rule is None and not [e for e in table.events if e.kind == "bomb_pot_rule"]


def test_the_rule_ends() -> None:
    table = table_of()
    table.bomb_pots(None, 5, hands="kk, 27")
    assert table.bomb_rule == (5, 1, None, ("KK", "72"))
    table.bomb_pots(None)
    assert table.bomb_rule is None
    deal_button(table, "7h2c")
    fold_out(table)
    table.end_hand()
    assert table.next_bomb_pot is None


CARDS = st.lists(st.sampled_from(FULL_DECK), min_size=2, max_size=2, unique=True)
TERMS = st.tuples(st.sampled_from(RANK_CHARS), st.sampled_from(RANK_CHARS), st.sampled_from(["", "s", "o"]))


@settings(max_examples=300, deadline=None)
@given(CARDS, st.lists(TERMS, min_size=1, max_size=4))
def test_a_hand_is_chosen_exactly_when_the_equity_range_of_the_same_words_holds_it(
    cards: list[Card], terms: list[tuple[str, str, str]]
) -> None:
    """The table's reading of the words agrees with the equity ranges' (an independent reader):
    two cards are one of the chosen hands exactly when the range written the same way holds them."""
    written = [a + b + ("" if a == b else kind) for a, b, kind in terms]
    chosen = bombs.parse_hands(written, pf.Game.no_limit_holdem(1, 2))
    held = {frozenset(combo) for combo, _ in parse_range(", ".join(written)).hands}
    assert bombs.dealt_one_of(chosen, cards) is (frozenset(cards) in held)
