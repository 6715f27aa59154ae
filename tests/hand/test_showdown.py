"""rules.md §6: who shows first, exposing all-in hands, ties, odd chips, hi-lo pots."""

from __future__ import annotations

import pytest
from handkit import ROYAL_BOARD, checks_to_showdown, deal, low_holes, play, seats

import pokerfloor as pf

NL_50_100 = pf.Game.no_limit_holdem(50, 100)


def to_river(hand: pf.Hand) -> pf.Hand:
    """Call the blinds and check the flop and the turn."""
    while hand.street != "river":
        hand.act(hand.to_act, "call")  # type: ignore[arg-type]
    return hand


def river_spot(
    game: pf.Game,
    contributions: dict[int, int],
    button: int,
    holes: dict[int, str],
    board: str = ROYAL_BOARD,
    folded: tuple[int, ...] = (),
    stacks: dict[int, int] | None = None,
) -> pf.Hand:
    """A river spot; checked down to the showdown unless someone is all-in already."""
    hand = pf.Hand.from_spot(
        game,
        stacks=stacks or {seat: 1000 for seat in contributions},
        button=button,
        street="river",
        contributions=contributions,
        folded=folded,
        board=board,
        holes=holes,
    )
    return checks_to_showdown(hand)


def winners(hand: pf.Hand, pot: int = 0) -> dict[int, int]:
    assert hand.result is not None
    return next(a.winners for a in hand.result.awards if a.pot == pot)


# Who shows first ------------------------------------------------------------------------------


def test_last_aggressor_of_the_final_round_shows_first() -> None:
    """§6: the last aggressor on the final betting round shows first, then clockwise (TDA 2024
    R17-A; the Portuguese seed)."""
    hand = to_river(deal(NL_50_100, seats(3)))
    play(hand, [(1, "check"), (2, "bet", 100), (3, "raise", 300), (1, "call"), (2, "call")])
    assert hand.result.showdown_order == (3, 1, 2)


def test_checked_through_river_first_seat_left_of_button_shows_first() -> None:
    """§6: if the final round was checked through, the first seat left of the button shows first
    (TDA 2024 R17-A)."""
    hand = play(deal(NL_50_100, seats(4)), [(3, "call"), (4, "call"), (1, "fold"), (2, "check")])
    checks_to_showdown(hand)
    assert hand.result.showdown_order == (2, 3, 4)


def test_a_bet_on_an_earlier_street_does_not_set_the_showdown_order() -> None:
    """§6: a bet or raise on an earlier street does not count (WSOP 2011 floor ruling in
    SHOWDOWN_NEWS): the flop bettor does not show first after a checked river."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    play(hand, [(1, "check"), (2, "check"), (3, "bet", 200), (1, "call"), (2, "call")])
    checks_to_showdown(hand)
    assert hand.result.showdown_order == (1, 2, 3)


# All-ins: hands face up ----------------------------------------------------------------------


def test_hands_face_up_once_no_more_betting_is_possible() -> None:
    """§6: all hands are turned face up once no further betting is possible, not earlier (TDA 2024
    R16; Addendum 16): one all-in with two players still betting exposes nothing yet."""
    stacks = {1: 10_000, 2: 10_000, 3: 500, 4: 10_000}
    hand = play(deal(NL_50_100, stacks), [(3, "all_in"), (4, "call"), (1, "fold"), (2, "call")])
    assert hand.street == "flop"
    assert not [e for e in hand.events if e.kind == "expose"]
    play(hand, [(2, "bet", 9_500), (4, "call")])
    kinds = [e.kind for e in hand.events]
    expose = kinds.index("expose")
    assert kinds.count("expose") == 1
    assert [e.street for e in hand.events[expose + 1 :] if e.kind == "deal_board"] == ["turn", "river"]
    assert hand.is_over


# Ties and odd chips ---------------------------------------------------------------------------


def test_ties_split_the_pot_and_suits_never_break_a_tie() -> None:
    """§6: suits never break a tie (RROP11 Ties item 1): the same straight in hearts and in
    diamonds splits the pot."""
    board = "2c7d9hTsJc"
    hand = river_spot(NL_50_100, {1: 100, 2: 100}, 2, {1: "Qh8h", 2: "Qd8d"}, board=board)
    assert winners(hand) == {1: 100, 2: 100}


def test_three_way_split_of_an_evenly_divisible_pot() -> None:
    """§6: a three-way split of 300 is 100 each (PokerTH #152 paid 10101/10100/10099)."""
    hand = river_spot(NL_50_100, {1: 100, 2: 100, 3: 100}, 3, low_holes(1, 2, 3))
    assert winners(hand) == {1: 100, 2: 100, 3: 100}
    assert hand.result.net == {1: 0, 2: 0, 3: 0}


def test_odd_chip_goes_to_first_winner_clockwise_from_button() -> None:
    """§6: the odd chip goes to the first winner clockwise from the button (TDA 2024 R20-A;
    RROP11), whatever the seat numbers."""
    spot = {1: 1, 2: 50, 3: 50}
    after_2 = river_spot(NL_50_100, spot, 2, low_holes(2, 3), folded=(1,))
    assert winners(after_2) == {2: 50, 3: 51}
    after_3 = river_spot(NL_50_100, spot, 3, low_holes(2, 3), folded=(1,))
    assert winners(after_3) == {2: 51, 3: 50}


def test_no_player_gets_more_than_one_odd_chip() -> None:
    """§6: no player gets more than one odd chip (RROP11): 302 three ways is 101, 101 and 100, the
    extra chips to the first two winners clockwise from the button."""
    spot = {1: 2, 2: 100, 3: 100, 4: 100}
    hand = river_spot(NL_50_100, spot, 3, low_holes(2, 3, 4), folded=(1,))
    assert winners(hand) == {4: 101, 2: 101, 3: 100}


def test_odd_chips_are_broken_down_to_the_smallest_chip() -> None:
    """§6: odd chips are broken down to the smallest unit in play (RROP11; the Portuguese seed):
    with 5-chips, 325 three ways is 110, 110 and 105."""
    game = pf.Game.no_limit_holdem(5, 10, min_chip=5)
    spot = {1: 25, 2: 100, 3: 100, 4: 100}
    hand = river_spot(game, spot, 3, low_holes(2, 3, 4), folded=(1,))
    assert winners(hand) == {4: 110, 2: 110, 3: 105}


def test_uncontested_pot_goes_whole_to_the_last_live_hand() -> None:
    """§6: the last live hand takes the pot without a showdown (TDA 2024 R17-B)."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "fold"), (2, "raise", 400), (3, "fold")])
    assert hand.result.showdown_order == ()
    assert winners(hand) == {2: 250}
    assert hand.result.net == {1: -50, 2: 150, 3: -100}


# Hi-lo ----------------------------------------------------------------------------------------

PLO8 = pf.Game(variant="omaha_hilo", structure="pot_limit", small_blind=1, big_blind=2)
HILO_BOARD = "2c4d7hKcQs"
HILO_HOLES = {1: "JcJsJd9d", 2: "KdKh9s9c", 3: "As3sTsTd"}  # 2: kings high, no low; 3: the low


def test_hi_lo_high_half_gets_the_odd_chip() -> None:
    """§6: in hi-lo the high half gets the odd chip of the whole pot (TDA 2024 R20-C; RROP11)."""
    hand = river_spot(PLO8, {1: 1, 2: 50, 3: 50}, 3, HILO_HOLES, board=HILO_BOARD, folded=(1,))
    award = hand.result.awards[0]
    assert (award.high_winners, award.low_winners) == ((2,), (3,))
    assert award.winners == {2: 51, 3: 50}


def test_hi_lo_without_a_qualifying_low_the_high_hand_scoops() -> None:
    """§6: with no qualifying low hand the whole pot goes to the high hand (RROP11)."""
    board = "Kc9hTcQs2c"
    hand = river_spot(PLO8, {1: 1, 2: 50, 3: 50}, 3, HILO_HOLES, board=board, folded=(1,))
    assert hand.result.awards[0].low_winners == ()
    assert winners(hand) == {2: 101}


def test_hi_lo_each_side_pot_is_split_on_its_own() -> None:
    """§6: each side pot is split separately (TDA 2024 R21): the main pot is shared high/low, the
    side pot, where no one has a low, goes whole to the high hand."""
    hand = river_spot(
        PLO8,
        {1: 151, 2: 151, 3: 51},
        3,
        HILO_HOLES,
        board=HILO_BOARD,
        stacks={1: 1000, 2: 1000, 3: 0},
    )
    assert winners(hand, 0) == {2: 77, 3: 76}
    assert winners(hand, 1) == {2: 200}


# TDA 2024 R16-R18: who shows, who may muck. Board As Kd 9c 5h 4s: seat 1's 7c8d plays ace-king-
# nine-eight-seven, seat 2's 6c2h ace-king-nine-six-five (it cannot beat seat 1), seat 3's AhAd trips.
SHOWDOWN_BOARD = "AsKd9c5h4s"
SHOWDOWN_HOLES = {1: "7c8d", 2: "6c2h", 3: "AhAd"}


def checked_down(**kwargs: object) -> pf.Hand:
    hand = deal(NL_50_100, seats(3), holes=SHOWDOWN_HOLES, board=SHOWDOWN_BOARD, **kwargs)
    return checks_to_showdown_or_ask(hand)


def checks_to_showdown_or_ask(hand: pf.Hand) -> pf.Hand:
    """Call or check down until the hand is over or asks a seat to show or muck."""
    while not hand.is_over and not hand.legal().muck:
        hand.act(hand.to_act, "call")  # type: ignore[arg-type]
    return hand


def test_r18_a_hand_that_can_no_longer_win_is_asked_to_show_or_muck() -> None:
    """TDA 2024 R18: seat 2 cannot beat the hand shown before it, so it is asked; the hands that
    can still win are tabled in showdown order (R17-A) without asking."""
    hand = checked_down(auto_muck=False)
    assert hand.street == "showdown" and hand.to_act == 2
    assert hand.legal() == pf.Legal(seat=2, show=True, muck=True)
    assert [e.seat for e in hand.events if e.kind == "show"] == [1]
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(2, "call")
    assert refused.value.reason == "invalid_action"
    hand.act(2, "show")
    assert hand.is_over
    assert [e.seat for e in hand.events if e.kind == "show"] == [1, 2, 3]
    assert hand.result is not None and hand.result.winnings == {3: 300}


def test_r18_a_seat_that_mucks_is_not_shown_and_wins_nothing() -> None:
    hand = checked_down(auto_muck=False)
    hand.muck(2)
    assert hand.is_over and hand.result is not None
    assert 2 not in hand.result.shown and set(hand.result.shown) == {1, 3}
    assert hand.result.showdown_order == (1, 2, 3)


def test_auto_muck_mucks_a_hand_that_can_no_longer_win_without_asking() -> None:
    """The option ``auto_muck`` (on by default) mucks such hands unseen."""
    hand = checked_down()
    assert hand.is_over
    assert [(e.kind, e.seat) for e in hand.events if e.kind in ("show", "muck")] == [
        ("show", 1),
        ("muck", 2),
        ("show", 3),
    ]


def test_r17_a_called_last_aggressor_shows_first() -> None:
    """TDA 2024 R17-A: seat 3 bets the river and is called, so it shows first; the others can
    then no longer win and are asked."""
    hand = deal(NL_50_100, seats(3), holes=SHOWDOWN_HOLES, board=SHOWDOWN_BOARD, auto_muck=False)
    while hand.street != "river":
        hand.act(hand.to_act, "call")  # type: ignore[arg-type]
    play(hand, [(1, "check"), (2, "check"), (3, "bet", 100), (1, "call"), (2, "call")])
    assert [e.seat for e in hand.events if e.kind == "show"] == [3]
    assert hand.to_act == 1
    hand.act(1, "muck")
    assert hand.to_act == 2
    hand.act(2, "muck")
    assert hand.is_over and hand.result is not None and hand.result.winnings == {3: 600}


def test_r16_all_in_hands_are_face_up() -> None:
    """TDA 2024 R16: once a player is all-in and the betting is over, all hands are tabled, even
    one that cannot win."""
    stacks = {1: 10_000, 2: 10_000, 3: 300}
    hand = deal(NL_50_100, stacks, holes=SHOWDOWN_HOLES, board=SHOWDOWN_BOARD, auto_muck=False)
    play(hand, [(3, "all_in"), (1, "call"), (2, "call")])
    hand = checks_to_showdown_or_ask(hand)
    assert hand.is_over
    assert {e.seat for e in hand.events if e.kind == "show"} == {1, 2, 3}
