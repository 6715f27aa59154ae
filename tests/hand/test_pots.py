"""All-in before the deal (WIKI_BIP All-in before the deal, the seed's worked example; rules.md §5.4)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor.hand.pots import side_pots
from pokerfloor.hand.types import Pot


def test_all_in_for_part_of_the_ante_wins_an_equal_share_of_every_ante() -> None:
    """A player all in for part of the ante: an equal amount of every other ante goes to the main
    pot; the rest of the antes, the blinds and the bets go to the side pot."""
    game = pf.Game.no_limit_holdem(50, 100, ante=10)
    hand = pf.Hand(game, stacks={1: 1000, 2: 1000, 3: 5, 4: 1000}, button=4, rng=random.Random(1))
    assert hand.pots == [pf.Pot(20, frozenset({1, 2, 3, 4})), pf.Pot(165, frozenset({1, 2, 4}))]


def test_all_in_for_exactly_the_ante_plays_for_the_antes_only() -> None:
    game = pf.Game.no_limit_holdem(50, 100, ante=10)
    hand = pf.Hand(game, stacks={1: 1000, 2: 1000, 3: 10, 4: 1000}, button=4, rng=random.Random(1))
    assert hand.pots == [pf.Pot(40, frozenset({1, 2, 3, 4})), pf.Pot(150, frozenset({1, 2, 4}))]


def test_all_in_for_part_of_a_blind_puts_all_antes_in_the_main_pot() -> None:
    """The seed's example: ante 1, blinds 4/8, ten players; Alice in the big blind has 8, pays the
    ante and 7 of the blind; Dianne calls 8, Carol raises to 16, everyone else folds. The main pot
    is 10 + 4 + 3 x 7 = 35; the side pot of 10 goes to Carol when Dianne folds."""
    game = pf.Game.no_limit_holdem(4, 8, ante=1)
    stacks = {seat: 500 for seat in range(1, 11)}
    stacks[3] = 8  # Alice, the big blind (the button is seat 1, the small blind seat 2)
    hand = pf.Hand(game, stacks=stacks, button=1, rng=random.Random(2))
    hand.act(4, "call")  # Dianne
    hand.act(5, "raise", to=16)  # Carol
    for seat in (6, 7, 8, 9, 10, 1, 2):
        hand.act(seat, "fold")
    hand.act(4, "fold")
    assert hand.is_over
    assert hand.result is not None
    main, side = sorted(hand.result.awards, key=lambda a: -a.amount)
    assert (main.amount, main.eligible) == (35, frozenset({3, 5}))
    # The seed pays Carol a side pot of 10: Dianne's 1 over Alice's 7, and Carol's 9 over it;
    # the engine returns Carol's uncalled 8 first, so the side pot is 2 and 8 comes back.
    assert side.winners == {5: 2} and hand.result.returned == {5: 8}
    assert sum(hand.result.stacks.values()) == sum(stacks.values())


def short_mississippi_hand() -> pf.Hand:
    """Blinds 5/10, ante 1; the button (seat 3) is all in for its ante, so its Mississippi
    straddle of 20 is posted with nothing; seat 2 has one chip behind after its ante."""
    game = pf.Game.no_limit_holdem(5, 10, ante=1)
    posts = [pf.Post(seat=3, amount=20, kind="mississippi")]
    return pf.Hand(game, stacks={1: 12, 2: 2, 3: 1, 4: 7}, button=3, posts=posts, rng=random.Random(0))


def test_a_seat_must_call_the_folded_blinds_to_win_them() -> None:
    """Found by the property tests: with every opponent all in, a seat still acts while folded
    seats' bets exceed its own; it cannot win chips it never called."""
    hand = short_mississippi_hand()
    hand.act(4, "fold")
    hand.act(1, "fold")
    assert hand.to_act == 2
    hand.act(2, "call")
    assert hand.result is not None and sum(hand.result.net.values()) == 0


def test_chips_nobody_can_win_join_the_pot_below_so_none_is_lost() -> None:
    """When everyone else folds to a player all in for the ante alone, the blinds that player
    could not match join the main pot: the last player in the hand takes the pot."""
    hand = short_mississippi_hand()
    for seat in (4, 1, 2):
        hand.act(seat, "fold")
    assert hand.result is not None
    assert sum(hand.result.stacks.values()) == 22
    assert [(a.amount, a.winners) for a in hand.result.awards] == [(14, {3: 14})]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 500), st.integers(0, 50), st.booleans()), min_size=2, max_size=9))
def test_without_an_all_in_there_is_one_pot_of_every_chip(contributions: list[tuple[int, int, bool]]) -> None:
    """Side pots come only from all-ins (WIKI_BIP Side pots): with nobody all-in every chip put
    in, live or dead, folded or not, is in one pot that every seat still in can win."""
    seats = list(range(1, len(contributions) + 1))
    live, dead, folded = ([c[k] for c in contributions] for k in range(3))
    pots = side_pots(seats, live, dead, folded, [False] * len(seats))
    still_in = frozenset(s for s, f in zip(seats, folded, strict=True) if not f)
    assert pots == [Pot(sum(live) + sum(dead) if still_in else 0, still_in)]
