"""The public contract of /work/shared/docs/design.md, name by name: every name it lists is importable
from where it says, with the parameters it documents, so that a rename or a dropped keyword fails
here first. What each name does is tested in its own area (tests/hand, tests/table, ...)."""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable

import pytest

import pokerfloor as pf
from pokerfloor import cards, errors, rules
from pokerfloor.hand import types


def _parameters(function: Callable[..., object]) -> set[str]:
    return set(inspect.signature(function).parameters)


def _words(text: str) -> set[str]:
    return set(text.split())


def _missing(instance: object, names: str) -> list[str]:
    """The names of ``names`` that ``instance`` lacks (attributes, not dataclass fields: the
    compiled build's classes are not all dataclasses)."""
    return [name for name in names.split() if not hasattr(instance, name)]


def _hand() -> pf.Hand:
    game = pf.Game(variant="holdem", structure="no_limit", small_blind=50, big_blind=100)
    return pf.Hand(game, stacks={1: 10000, 2: 10000, 3: 10000}, button=1, rng=random.Random(7))


# design.md, "Layers": cards (Card, Rank, Suit, Deck), rules (Game, HouseRules).
@pytest.mark.parametrize("name", ["Card", "Rank", "Suit", "Deck"])
def test_cards_names_are_in_cards_and_at_the_top(name: str) -> None:
    assert getattr(cards, name) is getattr(pf, name)


@pytest.mark.parametrize("name", ["Game", "HouseRules"])
def test_rules_names_are_in_rules_and_at_the_top(name: str) -> None:
    assert getattr(rules, name) is getattr(pf, name)


def test_the_deck_takes_an_injected_rng() -> None:
    assert "rng" in _parameters(pf.Deck) or "rng" in _parameters(pf.Deck.__init__)


# design.md, "The hand API": the constructor calls and attributes of its example.
def test_game_keywords() -> None:
    assert {"variant", "structure", "small_blind", "big_blind", "min_chip", "house"} <= _parameters(pf.Game)


def test_hand_constructor_and_from_spot() -> None:
    assert {"game", "stacks", "button", "rng", "posts", "holes", "board"} <= _parameters(pf.Hand)
    assert {"game", "stacks", "button", "street", "contributions", "folded", "board", "holes"} <= _parameters(
        pf.Hand.from_spot
    )
    assert callable(pf.Hand.deal)
    assert {"seat", "action", "to"} <= _parameters(pf.Hand.act)


def test_hand_attributes_of_the_example() -> None:
    hand = _hand()
    assert hand.street == "preflop"
    assert hand.to_act == 1
    assert hand.result is None
    assert hand.stacks == {1: 10000, 2: 9950, 3: 9900}
    assert hand.pots == [pf.Pot(150, eligible=frozenset({1, 2, 3}))]
    legal = hand.legal()
    assert isinstance(legal, pf.Legal)
    assert (legal.fold, legal.check) == (True, False)
    assert legal.call == pf.Call(to=100, cost=100)
    assert legal.bet is None
    assert legal.raise_ == pf.Range(min_to=200, max_to=10000)
    assert legal.complete is None and legal.bring_in is None


def test_legal_and_its_parts_have_the_documented_fields() -> None:
    legal = _hand().legal()
    assert _missing(legal, "fold check call bet raise_ complete bring_in") == []
    assert _missing(legal.call, "to cost") == []
    assert _missing(legal.raise_, "min_to max_to") == []
    assert _missing(_hand().pots[0], "amount eligible") == []


def test_the_actions_are_the_designs() -> None:
    assert _words("fold check call bet raise complete bring_in all_in draw") <= types.ACTIONS


def test_post_and_its_kinds() -> None:
    assert pf.Post(4, 4, "straddle", False) == pf.Post(seat=4, amount=4, kind="straddle", live=False)
    kinds = "sb bb button_blind straddle mississippi sleeper kill new_player missed_bb missed_sb ante bb_ante"
    assert _words(kinds) <= types.POST_KINDS
    assert pf.Post(seat=4, amount=4, kind="straddle", live=True).live


def test_illegal_action_carries_reason_and_rule() -> None:
    assert pf.IllegalAction is errors.IllegalAction
    assert issubclass(pf.IllegalAction, pf.PokerfloorError)
    ruling = pf.IllegalAction("below_min_raise", "the smallest raise is to 500", rule="TDA 2024 Rule 43")
    assert (ruling.reason, ruling.rule) == ("below_min_raise", "TDA 2024 Rule 43")


def test_every_documented_reason_is_a_reason() -> None:
    documented = """not_your_turn cannot_check_facing_bet below_min_bet below_min_raise above_stack
        above_pot_limit betting_not_reopened cap_reached wrong_limit_amount above_spread_max
        must_call_full_big_blind not_chip_multiple chips_change_during_hand binding_declaration
        below_min_buy_in above_max_buy_in must_return_with_amount_taken hand_over invalid_action"""
    assert _words(documented) <= errors.REASONS


def test_evaluate_and_its_siblings() -> None:
    assert pf.evaluate("AhAdKsKd2c") > pf.evaluate(["Ah", "Kd", "Qs", "Jc", "9h"])
    assert isinstance(pf.evaluate("AhAdKsKd2c").category, str)
    for name in ("evaluate_short_deck", "evaluate_low_8", "evaluate_ace_five", "evaluate_deuce_seven",
                 "evaluate_badugi", "evaluate_omaha", "evaluate_omaha_low_8"):
        assert callable(getattr(pf, name)), name


def test_interpret_keywords() -> None:
    assert {"hand", "seat", "chips", "verbal", "motions"} <= _parameters(pf.interpret)


# design.md, "House rules and their defaults": every option of the table is a field.
def test_house_rules_options() -> None:
    options = """incomplete_raise_rule raise_cap cap_lifted_heads_up straddle_min_raise
        straddle_postflop_min_bet bba_order short_stack_forced_order sleeper_when_entered button_rule
        heads_up_transition oot_mode killer_acts stud_open_pair_option odd_chip_stud bring_in_tiebreak
        table_stakes buy_in rathole_window_minutes"""
    assert _missing(pf.HouseRules(), options) == []


# design.md, "table": many hands, tournament on top; "The server": versioned records.
def test_table_tournament_and_records() -> None:
    from pokerfloor.hand.record import HandRecord
    from pokerfloor.server.room.record import RoomRecord

    assert pf.HandRecord is HandRecord
    assert callable(pf.Table.act)
    assert inspect.isclass(pf.Tournament)
    assert inspect.isclass(RoomRecord)
