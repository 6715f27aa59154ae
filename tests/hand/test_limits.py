"""rules.md §4: pot-limit, half-pot, fixed limit with its cap, spread limit, the smallest chip."""

from __future__ import annotations

from handkit import deal, play, refused, seats

import pokerfloor as pf

FL_10_20 = pf.Game.fixed_limit_holdem(10, 20)


def flop_spot(game: pf.Game, pot: int, stacks: dict[int, int]) -> pf.Hand:
    """A flop with ``pot`` chips in the middle, shared evenly by the seats."""
    share = pot // len(stacks)
    return pf.Hand.from_spot(
        game, stacks=stacks, button=max(stacks), street="flop", contributions={s: share for s in stacks}
    )


# Pot-limit and half-pot -----------------------------------------------------------------------


def test_pot_limit_max_raise_is_the_pot_after_the_call() -> None:
    """§4 pot-limit: the largest raise is to the current bet plus the pot after the call (RROP11
    NL/PL). The Finnish seed: pot 100, bet 50: call 50 (pot 200) and raise 200, to 250."""
    hand = flop_spot(pf.Game.pot_limit_holdem(5, 10), 100, {1: 1000, 2: 1000})
    assert hand.legal().bet == pf.Range(10, 100)
    hand.act(1, "bet", to=50)
    assert hand.legal().raise_ == pf.Range(100, 250)
    assert refused(hand, 2, "raise", 251) == "above_pot_limit"
    hand.act(2, "raise", to=250)
    assert hand.bets == {1: 50, 2: 250}


def test_pot_limit_preflop_max_raise() -> None:
    """§4 pot-limit before the flop (TDA 2024 R54-B): blinds 50-100, the first raise is to at most
    100 + 250 = 350; over that, the next is to 350 + (150 + 350 + 350) = 1200."""
    hand = deal(pf.Game.pot_limit_holdem(50, 100), seats(4))
    assert hand.legal().raise_ == pf.Range(200, 350)
    hand.act(3, "raise", to=350)
    assert hand.legal().raise_ == pf.Range(600, 1200)


def test_half_pot_max_raise_is_half_the_pot_after_the_call() -> None:
    """§4 half-pot limit: like pot-limit, but the raise is at most half the pot after the call:
    pot 100, bet 50, call 50 (pot 200), raise at most 100, to 150."""
    game = pf.Game(variant="holdem", structure="half_pot", small_blind=5, big_blind=10)
    hand = flop_spot(game, 100, {1: 1000, 2: 1000})
    assert hand.legal().bet == pf.Range(10, 50)
    hand.act(1, "bet", to=50)
    assert hand.legal().raise_ == pf.Range(100, 150)
    assert refused(hand, 2, "raise", 151) == "above_pot_limit"


# Fixed limit ----------------------------------------------------------------------------------


def test_fixed_limit_small_bet_then_big_bet() -> None:
    """§4 fixed limit: the small bet on the first two rounds, the big bet afterwards (WIKI_BIP
    Fixed limit; the Finnish seed: $2/$4 is exactly $2, then $4)."""
    hand = deal(FL_10_20, seats(3))
    assert hand.legal().raise_ == pf.Range(20, 20)
    play(hand, [(3, "call"), (1, "call"), (2, "check")])
    assert (hand.street, hand.legal().bet) == ("flop", pf.Range(10, 10))
    play(hand, [(1, "bet", 10), (2, "call"), (3, "call")])
    assert (hand.street, hand.legal().bet) == ("turn", pf.Range(20, 20))
    play(hand, [(1, "bet", 20)])
    assert hand.legal().raise_ == pf.Range(40, 40)
    play(hand, [(2, "call"), (3, "call")])
    assert (hand.street, hand.legal().bet) == ("river", pf.Range(20, 20))


def test_fixed_limit_amounts_are_exact() -> None:
    """§4 fixed limit: every bet and raise is exactly one unit more (WIKI_BIP Fixed limit)."""
    hand = play(deal(FL_10_20, seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    assert refused(hand, 1, "bet", 15) == "wrong_limit_amount"
    assert refused(hand, 1, "bet", 20) == "wrong_limit_amount"
    hand.act(1, "bet", to=10)
    assert refused(hand, 2, "raise", 30) == "wrong_limit_amount"


def test_fixed_limit_cap_is_a_bet_and_three_raises() -> None:
    """§4 fixed limit: a bet and three raises in games of three or more rounds (RROP11 Betting &
    Raising item 3); the big blind counts as the bet pre-flop."""
    hand = play(deal(FL_10_20, seats(5)), [(3, "raise", 20), (4, "raise", 30), (5, "raise", 40)])
    legal = hand.legal()
    assert legal.raise_ is None and legal.call == pf.hand.Call(40, 35)
    assert refused(hand, 1, "raise", 50) == "cap_reached"
    play(hand, [(1, "call"), (2, "call"), (3, "call"), (4, "call")])
    play(hand, [(1, "bet", 10), (2, "raise", 20), (3, "raise", 30), (4, "raise", 40)])
    assert hand.legal().raise_ is None
    assert refused(hand, 5, "raise", 50) == "cap_reached"


def test_fixed_limit_cap_lifted_when_heads_up_before_it_is_reached() -> None:
    """§4 fixed limit: the cap is lifted if play became heads-up before it was reached (RROP11
    Betting & Raising item 4)."""
    hand = play(deal(FL_10_20, seats(3)), [(3, "fold"), (1, "call"), (2, "check")])
    play(hand, [(1, "bet", 10), (2, "raise", 20), (1, "raise", 30), (2, "raise", 40)])
    assert hand.legal().raise_ == pf.Range(50, 50)
    play(hand, [(1, "raise", 50), (2, "raise", 60)])
    assert hand.legal().raise_ == pf.Range(70, 70)


def test_fixed_limit_later_fold_does_not_lift_a_cap_already_reached() -> None:
    """§4 fixed limit: a fold after the cap was reached multi-way does not lift it (RROP11 Betting
    & Raising item 4)."""
    hand = play(deal(FL_10_20, seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    play(hand, [(1, "bet", 10), (2, "raise", 20), (3, "raise", 30), (1, "raise", 40), (2, "fold")])
    legal = hand.legal()
    assert legal.seat == 3 and legal.raise_ is None
    assert refused(hand, 3, "raise", 50) == "cap_reached"


def test_cap_lifted_heads_up_house_option_off() -> None:
    """§4 fixed limit: TDA 2024 R48 keeps the cap heads-up in tournaments:
    ``cap_lifted_heads_up=False``."""
    game = FL_10_20.with_house(cap_lifted_heads_up=False)
    hand = play(deal(game, seats(2)), [(2, "call"), (1, "check")])
    play(hand, [(1, "bet", 10), (2, "raise", 20), (1, "raise", 30), (2, "raise", 40)])
    assert hand.legal().raise_ is None
    assert refused(hand, 1, "raise", 50) == "cap_reached"


def test_raise_cap_house_option() -> None:
    """§4 fixed limit: house option ``raise_cap`` sets the raises allowed after the bet (``None``
    is no cap)."""
    one = play(deal(FL_10_20.with_house(raise_cap=1), seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    play(one, [(1, "bet", 10), (2, "raise", 20)])
    assert refused(one, 3, "raise", 30) == "cap_reached"
    free = play(deal(FL_10_20.with_house(raise_cap=None), seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    play(free, [(1, "bet", 10), (2, "raise", 20), (3, "raise", 30), (1, "raise", 40), (2, "raise", 50)])
    assert free.legal().raise_ == pf.Range(60, 60)


# Spread limit ---------------------------------------------------------------------------------

SPREAD = pf.Game.spread_limit_holdem(1, 2, spread=(2, 10, 20))


def test_spread_limit_bets_anywhere_in_the_range() -> None:
    """§4 spread limit: any bet inside the range; a raise is at least the previous bet or raise and
    at most the top of the spread (SPREAD_PAGES; WIKI_BIP Spread limit)."""
    hand = play(deal(SPREAD, seats(3, 500)), [(3, "call"), (1, "call"), (2, "check")])
    assert hand.legal().bet == pf.Range(2, 10)
    assert refused(hand, 1, "bet", 1) == "below_min_bet"
    assert refused(hand, 1, "bet", 11) == "above_spread_max"
    hand.act(1, "bet", to=6)
    assert hand.legal().raise_ == pf.Range(12, 16)
    assert refused(hand, 2, "raise", 11) == "below_min_raise"
    assert refused(hand, 2, "raise", 17) == "above_spread_max"


def test_spread_limit_last_round_is_wider() -> None:
    """§4 spread limit: the last round is often wider ("1-6, 10 on the end")."""
    hand = play(deal(SPREAD, seats(2, 500)), [(2, "call"), (1, "check")])
    for _street in ("flop", "turn"):
        assert hand.legal().bet == pf.Range(2, 10)
        play(hand, [(1, "check"), (2, "check")])
    assert (hand.street, hand.legal().bet) == ("river", pf.Range(2, 20))
    hand.act(1, "bet", to=20)
    assert hand.legal().raise_ == pf.Range(40, 40)


def test_california_spread_is_no_limit_with_a_cap_per_increment() -> None:
    """§4 California spread ($4-$200): like no-limit, but each bet or raise adds at most 200."""
    game = pf.Game.spread_limit_holdem(2, 4, spread=(4, 200, 200))
    hand = play(deal(game, seats(3, 5000)), [(3, "call"), (1, "call"), (2, "check")])
    assert hand.legal().bet == pf.Range(4, 200)
    hand.act(1, "bet", to=100)
    assert hand.legal().raise_ == pf.Range(200, 300)
    hand.act(2, "raise", to=300)
    assert hand.legal().raise_ == pf.Range(500, 500)


# Minimum chip ---------------------------------------------------------------------------------


def test_bets_are_multiples_of_the_smallest_chip() -> None:
    """§4: only chips at least as large as the smallest chip in the blinds play (RROP11 Betting &
    Raising; WIKI_BIP betting unit); a last odd amount is still an all-in."""
    game = pf.Game.no_limit_holdem(25, 50, min_chip=25)
    hand = deal(game, {1: 5000, 2: 5000, 3: 5000, 4: 1010})
    assert refused(hand, 3, "raise", 130) == "not_chip_multiple"
    hand.act(3, "raise", to=125)
    hand.act(4, "all_in")
    assert hand.bets[4] == 1010


def test_pot_limit_max_rounds_down_to_the_smallest_chip() -> None:
    """§4: a pot-limit maximum that is not a whole number of the smallest chip rounds down to one:
    pot 185 after an odd all-in to 110, the call makes 295, so the raise is to 110 + 295 = 405,
    rounded down to 400."""
    game = pf.Game.pot_limit_holdem(25, 50, min_chip=25)
    hand = deal(game, {1: 5000, 2: 5000, 3: 110, 4: 5000})
    hand.act(3, "all_in")
    assert hand.legal().raise_ == pf.Range(175, 400, step=25)
    assert refused(hand, 4, "raise", 425) == "above_pot_limit"


def test_fixed_limit_raise_after_an_odd_all_in_is_in_whole_chips() -> None:
    """§4 and §5.5: with 5-chips, a flop bet of 10 and an all-in to 16 (over half a bet, so a full
    raise under the half-bet rule) leave a next raise of one bet more, 26, which no chips make: it
    rounds up to 30, and 30 is accepted."""
    game = pf.Game.fixed_limit_holdem(10, 20, min_chip=5)
    hand = play(deal(game, {1: 1000, 2: 26, 3: 1000}), [(3, "call"), (1, "call"), (2, "check")])
    play(hand, [(1, "bet", 10), (2, "all_in")])
    assert hand.bets[2] == 16
    assert hand.legal().raise_ == pf.Range(30, 30)
    assert refused(hand, 3, "raise", 26) == "not_chip_multiple"
    hand.act(3, "raise", to=30)
    assert hand.bets[3] == 30
