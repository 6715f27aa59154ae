"""rules.md §1.2 and §1.6: what a player says (TDA 2024 R40, R43-B, R51-A, R54-D, R55, R57, R58)."""

from __future__ import annotations

import pytest
from floorkit import postflop, preflop, refused, ruled

import pokerfloor as pf
from pokerfloor.interpret import Declaration, interpret, parse_verbal

NL_100_200 = pf.Game.no_limit_holdem(100, 200)
NL_200_400 = pf.Game.no_limit_holdem(200, 400)
NL_1000_2000 = pf.Game.no_limit_holdem(1000, 2000)
PL_100_200 = pf.Game.pot_limit_holdem(100, 200)
DEEP = {1: 100_000, 2: 100_000, 3: 100_000}


# Reading the words ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spoken", "amount"),
    [
        ("eight thousand", 8000),
        ("fourteen hundred", 1400),
        ("twenty five hundred", 2500),
        ("one thousand four hundred", 1400),
        ("eight thousand five hundred", 8500),
        ("two thousand and fifty", 2050),
        ("one hundred fifty", 150),
        ("a thousand", 1000),
        ("two grand", 2000),
        ("five hundred thousand", 500_000),
        ("two fifty", 250),
        ("twelve fifty", 1250),
        ("four twenty-five", 425),
        ("8000", 8000),
        ("8,000", 8000),
        ("1,250,000", 1_250_000),
        ("8k", 8000),
        ("1.5k", 1500),
        ("8 thousand", 8000),
    ],
)
def test_amounts_in_words_and_digits(spoken: str, amount: int) -> None:
    """§1.6: amounts are said in words ("eight thousand", "fourteen hundred", the dealer's "two
    fifty") or digits with commas (TDA 2024 R40-B: a declaration may be an amount only)."""
    assert parse_verbal(spoken) == [Declaration("amount", amount, bare=amount < 100)]


def test_raise_and_an_amount_are_two_declarations_read_together() -> None:
    """TDA 2024 R40-B: "raise, one thousand" is a general declaration and an amount."""
    assert [d.word for d in parse_verbal("Raise, eight thousand.")] == ["raise", "amount"]
    assert [d.word for d in parse_verbal("I'm all-in")] == ["all_in"]
    assert [(d.word, d.by) for d in parse_verbal("raise by 500")] == [("raise", False), ("amount", True)]


def test_words_that_are_not_betting_terms_are_refused() -> None:
    """TDA 2024 R3, R57: non-standard terms are at the player's risk; the engine does not guess
    what "shove" means, nor what "five five" adds up to."""
    hand = postflop(NL_100_200, DEEP, pot=600)
    assert refused(hand, verbal="shove") == ("invalid_action", "TDA 2024 Rule 3")
    assert refused(hand, verbal="five five")[0] == "invalid_action"
    assert refused(hand, verbal="") == ("invalid_action", "")


# What the words mean --------------------------------------------------------------------------


def test_raise_and_an_amount_is_the_total() -> None:
    """TDA 2024 R43-B: A opens for 2000, B declares "raise, eight thousand": the total is 8000."""
    hand = postflop(NL_1000_2000, DEEP, [(1, "bet", 2000)], pot=6000)
    assert ruled(hand, verbal="raise, eight thousand") == ("raise", 8000)


def test_an_ambiguous_verbal_raise_is_held_to_raise_to() -> None:
    """§1.6, WIKI_BIP: "raise 5000" facing 2000 is a raise to 5000, not by 5000; "raise by"
    says otherwise in so many words."""
    hand = postflop(NL_1000_2000, DEEP, [(1, "bet", 2000)], pot=6000)
    assert interpret(hand, 2, verbal="raise 5000").to == 5000
    assert interpret(hand, 2, verbal="raise by 5000").to == 7000


def test_a_raise_to_an_amount_not_above_the_bet_is_a_raise_by_it() -> None:
    """TDA 2024 R57: blinds 50-100, a raise to 300; "raise, three hundred" cannot be a total over
    the 300 bet, so its one legal meaning is a raise by 300, to 600."""
    hand = preflop(pf.Game.no_limit_holdem(50, 100), DEEP, [(3, "raise", 300)])
    assert ruled(hand, verbal="raise, three hundred") == ("raise", 600)


def test_an_amount_alone_is_chips_pushed_silently() -> None:
    """TDA 2024 R40-C, R43-A: opening bet 1000; "fourteen hundred" is a call (400 is under half
    the 1000 minimum raise), "fifteen hundred" must be made a full raise to 2000, and
    "raise, fourteen hundred" is a raise because "raise" came first."""

    def spot() -> pf.Hand:
        return postflop(NL_100_200, DEEP, [(1, "bet", 1000)], pot=600)

    assert ruled(spot(), verbal="fourteen hundred") == ("call", 1000)
    assert ruled(spot(), verbal="fifteen hundred") == ("raise", 2000)
    assert ruled(spot(), verbal="raise, fourteen hundred") == ("raise", 2000)
    assert ruled(spot(), verbal="fourteen hundred, raise") == ("call", 1000)


def test_raise_alone_is_at_least_the_minimum() -> None:
    """TDA 2024 R51-A, R50-B: "raise" commits to at least a full raise; the amount is still to
    come, so the ruling is the minimum."""
    hand = postflop(NL_1000_2000, DEEP, [(1, "bet", 2000)], pot=6000)
    ruling = interpret(hand, 2, verbal="raise")
    assert (ruling.action, ruling.to) == ("raise", 4000)
    assert "at least" in ruling.explanation


def test_raise_then_the_amount_said_next() -> None:
    """TDA 2024 R40-B: "raise" said first and the amount after it make one declaration."""
    hand = postflop(NL_1000_2000, DEEP, [(1, "bet", 2000)], pot=6000)
    assert ruled(hand, declared=["raise"], verbal="eight thousand") == ("raise", 8000)


def test_call_with_no_bet_is_a_check() -> None:
    """§1.2, TDA 2024 R55-A: "call" with no bet to face is a check."""
    hand = postflop(NL_100_200, DEEP, pot=600)
    assert ruled(hand, verbal="call") == ("check", None)


def test_raise_with_no_bet_is_a_bet_of_at_least_the_minimum() -> None:
    """§1.2, TDA 2024 R55-B: "raise" with no bet to face is a bet of at least the minimum."""
    assert ruled(postflop(NL_100_200, DEEP, pot=600), verbal="raise") == ("bet", 200)
    assert ruled(postflop(NL_100_200, DEEP, pot=600), verbal="raise, three hundred") == ("bet", 300)
    assert ruled(postflop(NL_100_200, DEEP, pot=600), verbal="raise, one fifty") == ("bet", 200)


def test_check_facing_a_bet_leaves_call_or_fold() -> None:
    """§1.2, TDA 2024 R55: a player who says "check" facing a bet may call or fold but not raise.
    "Check" alone rules nothing (cannot_check_facing_bet); a raise after it is refused
    (binding_declaration); chips after it that would raise are a call."""

    def spot() -> pf.Hand:
        return postflop(NL_1000_2000, DEEP, [(1, "bet", 2000)], pot=6000)

    assert refused(spot(), verbal="check") == ("cannot_check_facing_bet", "TDA 2024 Rule 55")
    assert refused(spot(), declared=["check"], verbal="raise, eight thousand")[0] == "binding_declaration"
    assert refused(spot(), verbal="check... no, pot")[0] == "binding_declaration"
    assert refused(spot(), declared=["check"], verbal="all in")[0] == "binding_declaration"
    assert ruled(spot(), declared=["check"], verbal="call") == ("call", 2000)
    assert ruled(spot(), declared=["check"], verbal="fold") == ("fold", None)
    assert ruled(spot(), declared=["check"], chips=[5000, 1000]) == ("call", 2000)
    assert ruled(spot(), declared=["check"], verbal="eight thousand") == ("call", 2000)


def test_check_all_in_is_a_call_when_all_in_does_not_raise() -> None:
    """TDA 2024 R55: after "check" facing a bet, all in for no more than the call is a call."""
    hand = postflop(NL_1000_2000, {1: 50_000, 2: 1500, 3: 50_000}, [(1, "bet", 2000)], pot=6000)
    assert ruled(hand, declared=["check"], verbal="all in") == ("call", 1500)


def test_call_commits_to_the_full_call_and_a_verbal_string_raise_is_a_call() -> None:
    """§1.10, TDA 2024 R51-A (Addendum 51 Ex. 3): "call" binds the full call; what is said after
    it, even "raise", does not change it (R40-A)."""
    hand = postflop(NL_1000_2000, DEEP, [(1, "bet", 2000), (2, "raise", 8000)], pot=6000)
    assert ruled(hand, verbal="call, raise twenty thousand", chips=[1000]) == ("call", 8000)


def test_all_in() -> None:
    """TDA 2024 R3: "all in" is all the player's chips; for no more than the call it is a call."""
    assert ruled(postflop(NL_1000_2000, DEEP, [(1, "bet", 2000)], pot=6000), verbal="all in") == ("all_in", 100_000)
    short = postflop(NL_1000_2000, {1: 50_000, 2: 1500, 3: 50_000}, [(1, "bet", 2000)], pot=6000)
    assert ruled(short, verbal="all-in") == ("call", 1500)


def test_fold_with_no_bet_is_binding() -> None:
    """TDA 2024 R58: a fold with no bet to face is binding (and may be penalised at a table): it is
    ruled a fold under ``fold_facing_no_bet="allowed"``; a house that refuses such folds
    (``"refused"``) has no ruling to apply."""
    assert ruled(postflop(NL_100_200, DEEP, pot=600), verbal="fold") == ("fold", None)
    strict = NL_100_200.with_house(fold_facing_no_bet="refused")
    assert refused(postflop(strict, DEEP, pot=600), verbal="fold") == ("invalid_action", "TDA 2024 Rule 58")
    assert ruled(postflop(NL_100_200, DEEP, [(1, "bet", 200)], pot=600), verbal="fold") == ("fold", None)


def test_a_bare_small_number_is_the_highest_reasonable_amount_up_to_the_pot() -> None:
    """§1.6, TDA 2024 R57: NLHE 200-400, "I bet five" is 500 while the pot is under 5000, and 5000
    once it is 5000 or more."""
    assert ruled(postflop(NL_200_400, DEEP, pot=4800), verbal="I bet five") == ("bet", 500)
    assert ruled(postflop(NL_200_400, DEEP, pot=6000), verbal="I bet five") == ("bet", 5000)


def test_pot_is_the_pot_limit_maximum_and_a_minimum_bet_in_no_limit() -> None:
    """TDA 2024 R3, R54: "pot" is a term of pot-limit only, the largest bet the pot allows (600 in
    a pot of 600; facing 200, the call makes it 1000, so to 1200); in no-limit it binds the player
    to at least a minimum bet (R54-D)."""
    assert ruled(postflop(PL_100_200, DEEP, pot=600), verbal="pot") == ("bet", 600)
    assert ruled(postflop(PL_100_200, DEEP, [(1, "bet", 200)], pot=600), verbal="raise the pot") == ("raise", 1200)
    assert ruled(postflop(NL_100_200, DEEP, pot=600), verbal="bet the pot") == ("bet", 200)


def test_only_the_seat_to_act_gets_a_ruling() -> None:
    """TDA 2024 R53: action out of turn is the table's business (oot_mode); interpret rules for
    the seat to act only."""
    hand = postflop(NL_100_200, DEEP, pot=600)
    with pytest.raises(pf.IllegalAction) as error:
        interpret(hand, 2, verbal="check")
    assert error.value.reason == "not_your_turn"
