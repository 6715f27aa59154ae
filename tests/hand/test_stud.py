"""Seven-card stud, stud hi-lo and razz, one test per rule clause (rules.md §2.6 bring-in, §4
limits and the open pair, §6 showdown and the stud odd chip; TDA 2024 R17, R20, RP-10)."""

from __future__ import annotations

import random

import pytest
from studkit import RAZZ, STUD, STUD_HILO, play, refused, seats, stud_hand

import pokerfloor as pf


def given(game: pf.Game, holes: dict[int, str], chips: int | dict[int, int] = 1_000, **kw: object) -> pf.Hand:
    """An automatically dealt hand whose cards are all given (seat 1 left of the dealer)."""
    stacks = dict(chips) if isinstance(chips, dict) else {seat: chips for seat in holes}
    return pf.Hand(game, stacks, button=max(stacks), holes=holes, rng=random.Random(0), **kw)  # type: ignore[arg-type]


def showing(hand: pf.Hand) -> dict[int, str]:
    return {seat: pf.format_cards(cards) for seat, cards in hand.upcards.items()}


# Third street: antes, the deal, the bring-in ------------------------------------------------------


def test_antes_are_posted_dead_before_the_deal() -> None:
    """§2.1: every seat antes, dead money that is no part of a bet (WIKI_BIP Ante)."""
    hand = given(STUD, {1: "2c3c4h", 2: "5c6c7h", 3: "8c9cTh"})
    assert hand.contributions == {1: 5, 2: 5, 3: 5}
    assert hand.bets == {1: 0, 2: 0, 3: 0}
    assert hand.total_pot == 15


def test_third_street_deals_two_down_and_one_up() -> None:
    """STUD_PAGES: two cards down and the door card up; the hand says how each deal lies."""
    hand = pf.Hand(STUD, seats(3), button=3, rng=random.Random(4))
    deals = [e for e in hand.events if e.kind == "deal_hole"]
    assert [e.seat for e in deals] == [1, 2, 3]
    assert all(len(e.cards) == 3 and e.note == "2 down, 1 up" for e in deals)
    assert hand.upcards == {seat: [hand.holes[seat][2]] for seat in (1, 2, 3)}


def test_bring_in_is_the_lowest_door_card() -> None:
    """§2.6: the lowest upcard brings in (RROP11 stud; STUD_PAGES); aces are high."""
    hand = given(STUD, {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh"})
    assert hand.to_act == 2
    assert hand.legal() == pf.Legal(seat=2, bring_in=10, complete=pf.Range(20, 20))


def test_bring_in_tie_goes_to_the_lowest_suit_clubs_first() -> None:
    """§2.6: equal door cards are broken by suit, clubs lowest, then diamonds, hearts, spades."""
    hand = given(STUD, {1: "AcAd4h", 2: "KcKd4c", 3: "QcQd4d"})
    assert hand.to_act == 2


def test_bring_in_tie_by_proximity_under_the_house_option() -> None:
    """§2.6: house option ``bring_in_tiebreak="proximity"``: the tied seat closest to the
    dealer's left brings in."""
    hand = given(STUD.with_house(bring_in_tiebreak="proximity"), {1: "AcAd4h", 2: "KcKd4c", 3: "QcQd4d"})
    assert hand.to_act == 1


def test_razz_bring_in_is_the_highest_door_card_aces_low() -> None:
    """§2.6: in razz the highest upcard brings in, aces low (RROP11 razz)."""
    hand = given(RAZZ, {1: "2c3cAh", 2: "2d3dKh", 3: "2h3hQs"})
    assert hand.to_act == 2


def test_razz_bring_in_tie_goes_to_the_highest_suit() -> None:
    """§2.6: in razz equal door cards are broken by the highest suit (RROP11 razz)."""
    hand = given(RAZZ, {1: "2c3cKd", 2: "2d3dKs", 3: "2h3hKh"})
    assert hand.to_act == 2


def test_bring_in_is_an_action_with_completing_the_alternative() -> None:
    """§2.6: the bring-in seat either brings in (PHH ``pN pb``) or completes to the small bet;
    it may not fold, check or call: the bring-in is forced (TDA 2024 R30)."""
    hand = given(STUD, {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh"})
    assert refused(hand, 2, "fold").reason == "invalid_action"
    assert refused(hand, 2, "check").reason == "invalid_action"
    assert refused(hand, 2, "complete", 30).reason == "wrong_limit_amount"
    assert refused(hand, 2, "bring_in", 15).reason == "invalid_action"
    event = hand.act(2, "bring_in")
    assert (event.kind, event.seat, event.amount) == ("bring_in", 2, 10)
    assert hand.bets[2] == 10 and hand.stacks[2] == 985


def test_the_bring_in_is_never_posted_ahead() -> None:
    """The bring-in is the seat's action (PHH ``pN pb``; design.md lists ``"bring_in"`` as an
    action), so a ``Post`` of kind ``bring_in`` is refused."""
    with pytest.raises(ValueError, match="act\\(seat, 'bring_in'\\)"):
        pf.Hand(STUD, seats(3), button=3, posts=[pf.Post(1, 10, "bring_in")])


@pytest.mark.parametrize("bring_in", [20, 30])
def test_a_fixed_limit_bring_in_is_less_than_the_small_bet(bring_in: int) -> None:
    """WIKI_BIP bring-in: in fixed limit the bring-in is less than the betting minimum, and the
    next players may complete it to a full bet; a game whose bring-in is not is refused (a
    complete "to 20" over a bring-in of 30 would be no bet at all)."""
    with pytest.raises(ValueError, match=f"the bring-in {bring_in} is not less than the small bet 20.*WIKI_BIP"):
        pf.Game(variant="razz", structure="fixed_limit", ante=5, bring_in=bring_in, small_bet=20, big_bet=40)


def test_later_players_fold_call_the_bring_in_or_complete() -> None:
    """§2.5: facing a bring-in smaller than a full bet a player may call it or complete it to
    the full small bet (WIKI_BIP betting unit); a complete is not a raise."""
    hand = given(STUD, {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh"})
    hand.act(2, "bring_in")
    legal = hand.legal()
    assert legal == pf.Legal(seat=3, fold=True, call=pf.hand.Call(10, 10), complete=pf.Range(20, 20))
    hand.act(3, "complete", to=20)
    assert hand.legal().raise_ == pf.Range(40, 40)


def test_the_bring_in_seat_may_raise_after_a_complete() -> None:
    """§1.5: completing is a full bet, so the bring-in, who acted before it, may raise."""
    hand = given(STUD, {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh"})
    play(hand, [(2, "bring_in"), (3, "complete", 20), (1, "call")])
    assert hand.to_act == 2
    assert hand.legal().raise_ == pf.Range(40, 40)


def test_bring_in_called_around_closes_third_street() -> None:
    """§1.3: a bring-in called by everyone ends the round; the bring-in has no option, unlike a
    big blind (it acted when it brought in)."""
    hand = given(STUD, {1: "KcKdAhJs", 2: "2s2d3h4s", 3: "QcQdThTs"})
    play(hand, [(2, "bring_in"), (3, "call"), (1, "call")])
    assert hand.street == "fourth"


def test_completing_instead_of_bringing_in() -> None:
    """§2.6: the bring-in seat may open for the full small bet instead."""
    hand = given(STUD, {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh"})
    event = hand.act(2, "complete", to=20)
    assert (event.kind, event.amount) == ("complete", 20)
    assert hand.legal().raise_ == pf.Range(40, 40)


def test_a_bring_in_short_of_chips_is_all_in_and_callers_owe_the_full_bring_in() -> None:
    """§2.4: a forced bet short of chips goes all-in; the others still owe the full amount."""
    hand = given(STUD, {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh"}, chips={1: 1_000, 2: 11, 3: 1_000})
    assert hand.legal() == pf.Legal(seat=2, bring_in=6)
    hand.act(2, "bring_in")
    assert hand.all_in == {2}
    assert hand.legal().call == pf.hand.Call(10, 10)
    assert hand.opener == (2, "bring_in")      # it brought in, all in: still the street's opener


def test_low_card_all_in_for_the_ante_betting_starts_to_its_left() -> None:
    """§2.6: when the low card is all-in for the ante, betting starts on its left; players with
    chips must bring in (at least) or fold (TDA 2024 RP-10-E)."""
    holes = {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh", 4: "9c9dJh"}
    hand = given(STUD, holes, chips={1: 1_000, 2: 5, 3: 1_000, 4: 1_000})
    assert hand.all_in == {2}
    assert hand.to_act == 3
    assert hand.legal() == pf.Legal(seat=3, fold=True, bring_in=10, complete=pf.Range(20, 20))
    assert refused(hand, 3, "check").reason == "invalid_action"
    hand.act(3, "fold")
    assert hand.legal() == pf.Legal(seat=4, fold=True, bring_in=10, complete=pf.Range(20, 20))
    hand.act(4, "bring_in")
    assert hand.legal() == pf.Legal(seat=1, fold=True, call=pf.hand.Call(10, 10), complete=pf.Range(20, 20))


def test_without_a_bring_in_the_best_door_card_opens() -> None:
    """STUD_PAGES: a game played without a bring-in starts with the highest door card, who may
    check or bet."""
    game = pf.Game(variant="stud", structure="fixed_limit", ante=5, small_bet=20, big_bet=40)
    hand = given(game, {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh"})
    assert hand.legal() == pf.Legal(seat=1, fold=True, check=True, bet=pf.Range(20, 20))


# Later streets ------------------------------------------------------------------------------------


def test_fourth_street_opens_with_the_best_hand_showing() -> None:
    """STUD_PAGES; RROP11 stud: from fourth street the highest hand showing acts first; a pair
    beats any high cards; the bet is the small bet on fourth street."""
    hand = given(STUD, {1: "AcAdKh2c", 2: "2s3s4h4d", 3: "QcQdJhTh"})
    assert hand.to_act == 2
    play(hand, [(2, "bring_in"), (3, "call"), (1, "call")])
    assert hand.street == "fourth"
    assert showing(hand) == {1: "Kh2c", 2: "4h4d", 3: "JhTh"}
    assert hand.to_act == 2
    assert hand.legal().bet is not None and hand.legal().bet.min_to == 20


def test_razz_fourth_street_opens_with_the_lowest_hand_showing() -> None:
    """TDA 2024 R17-A, RROP11 razz: in razz the lowest hand showing acts first, aces low, pairs
    bad."""
    hand = given(RAZZ, {1: "2c3cKh5c", 2: "2d3dQh2h", 3: "4c4dJhAh"})
    play(hand, [(1, "bring_in"), (2, "call"), (3, "call")])
    assert hand.street == "fourth"
    assert hand.to_act == 3


def test_tied_hands_showing_are_broken_by_the_high_card_by_suit() -> None:
    """TDA 2024 RP-10-D: equal hands showing (stud or razz): the high card by suit acts first."""
    hand = given(STUD, {1: "2c3cKh9d", 2: "2d3dKs9c", 3: "4c4d5h6h"})
    play(hand, [(3, "bring_in"), (1, "call"), (2, "call")])
    assert hand.to_act == 2


def test_tied_hands_showing_by_proximity_under_the_house_option() -> None:
    """House option ``bring_in_tiebreak="proximity"`` also settles equal hands showing: the first
    of them from the dealer's left."""
    game = STUD.with_house(bring_in_tiebreak="proximity")
    hand = given(game, {1: "2c3cKh9d", 2: "2d3dKs9c", 3: "4c4d5h6h"})
    play(hand, [(3, "bring_in"), (1, "call"), (2, "call")])
    assert hand.to_act == 1


def test_big_bet_from_fifth_street() -> None:
    """§4: stud bets the small bet on third and fourth street and the big bet after."""
    hand = given(STUD, {1: "2c3cKh9d8c", 2: "2d3dQs9c7d", 3: "4c4d5h6h5s"})
    play(hand, [(3, "bring_in"), (1, "call"), (2, "call"), (1, "check"), (2, "check"), (3, "check")])
    assert hand.street == "fifth"
    assert hand.legal().bet == pf.Range(40, 40)


def test_open_pair_on_fourth_street_allows_the_big_bet() -> None:
    """§4: with an open pair showing on fourth street the big bet is an option (cash games,
    ``stud_open_pair_option``); once it is made, raises are big bets."""
    hand = given(STUD, {1: "AcAdKh2c", 2: "2s3s4h4d", 3: "QcQdJhTh"})
    play(hand, [(2, "bring_in"), (3, "call"), (1, "call")])
    assert hand.legal().bet == pf.Range(20, 40, step=20)  # 20 or 40, nothing between
    assert refused(hand, 2, "bet", 30).reason == "wrong_limit_amount"
    hand.act(2, "bet", to=40)
    assert hand.legal().raise_ == pf.Range(80, 80)


def test_open_pair_small_bet_may_be_raised_by_either_bet() -> None:
    """§4: after a small bet with a pair showing, a raise may still be the small or the big bet."""
    hand = given(STUD, {1: "AcAdKh2c", 2: "2s3s4h4d", 3: "QcQdJhTh"})
    play(hand, [(2, "bring_in"), (3, "call"), (1, "call"), (2, "bet", 20)])
    assert hand.legal().raise_ == pf.Range(40, 60, step=20)


def test_no_open_pair_option_under_the_tournament_rule() -> None:
    """§4, contentious point 10: TDA 2024 RP-10-F does not double on fourth street for a pair."""
    hand = given(STUD.with_house(stud_open_pair_option=False), {1: "AcAdKh2c", 2: "2s3s4h4d", 3: "QcQdJhTh"})
    play(hand, [(2, "bring_in"), (3, "call"), (1, "call")])
    assert hand.legal().bet == pf.Range(20, 20)


def test_seventh_street_is_dealt_down() -> None:
    """STUD_PAGES: the seventh card is dealt face down; the upcards stay four."""
    hand = pf.Hand(STUD, seats(2), button=2, rng=random.Random(9))
    while hand.street != "seventh":
        legal = hand.legal()
        hand.act(hand.to_act, "bring_in" if legal.bring_in else "check" if legal.check else "call")  # type: ignore[arg-type]
    last = [e for e in hand.events if e.kind == "deal_hole"][-2:]
    assert [e.note for e in last] == ["down", "down"]
    assert all(len(up) == 4 for up in hand.upcards.values())


def test_short_stub_gives_a_community_card_on_seventh_street() -> None:
    """TDA 2024 RP-10-H: eight players to seventh street leave too few cards to deal each one
    (players + burn + the undealt last card): one community card plays for everyone."""
    hand = pf.Hand(STUD, seats(8), button=8, rng=random.Random(2))
    while not hand.is_over:
        legal = hand.legal()
        hand.act(hand.to_act, "bring_in" if legal.bring_in else "check" if legal.check else "call")  # type: ignore[arg-type]
    assert len(hand.board) == 1
    assert all(len(cards) == 6 for cards in hand.holes.values())
    assert [e.kind for e in hand.events].count("deal_board") == 1


def test_seven_players_still_get_a_seventh_card_each() -> None:
    """TDA 2024 RP-10-H A: with the earlier burns the stub still serves seven players."""
    hand = pf.Hand(STUD, seats(7), button=7, rng=random.Random(2))
    while not hand.is_over:
        legal = hand.legal()
        hand.act(hand.to_act, "bring_in" if legal.bring_in else "check" if legal.check else "call")  # type: ignore[arg-type]
    assert hand.board == []
    assert all(len(cards) == 7 for cards in hand.holes.values())


# Manual dealing -------------------------------------------------------------------------------------


def test_manual_stud_asks_for_three_cards_then_one_per_street() -> None:
    """PHH ``d dh p1 Td3c4d`` on third street is two down then one up; later streets one card
    (phh-format.md §4); ``awaiting_deal`` says who is due and how many."""
    hand = pf.Hand(STUD, seats(2), button=2, dealing="manual")
    assert hand.awaiting_deal == pf.hand.DealRequest("holes", 1, 3)
    event = hand.deal("Td3c4d", seat=1)
    assert event.note == "2 down, 1 up"
    hand.deal("Kd3h4c", seat=2)
    assert showing(hand) == {1: "4d", 2: "4c"}
    assert hand.to_act == 2
    play(hand, [(2, "bring_in"), (1, "call")])
    assert hand.awaiting_deal == pf.hand.DealRequest("holes", 1, 1)
    assert hand.deal("6d", seat=1).note == "up"


def test_manual_community_card() -> None:
    """TDA 2024 RP-10-H: a replay deals the community card as the board (PHH ``d db``)."""
    deck = [pf.Card(c) for c in range(52)]
    holes = {seat: "".join(str(c) for c in deck[6 * (seat - 1) : 6 * seat]) for seat in range(1, 9)}
    hand = stud_hand(STUD, holes)
    while hand.awaiting_deal is None or hand.awaiting_deal.kind == "holes":
        if hand.awaiting_deal is not None:
            seat = hand.awaiting_deal.seat
            assert seat is not None
            held = len(hand.holes[seat])
            hand.deal(holes[seat][2 * held : 2 * held + 2], seat=seat)
            continue
        legal = hand.legal()
        hand.act(hand.to_act, "bring_in" if legal.bring_in else "check" if legal.check else "call")  # type: ignore[arg-type]
    assert hand.street == "seventh"
    assert hand.awaiting_deal == pf.hand.DealRequest("board", None, 1)
    hand.deal(str(deck[50]))
    assert hand.board == [deck[50]]


# Showdown -----------------------------------------------------------------------------------------


def checked_down(hand: pf.Hand) -> pf.Hand:
    while not hand.is_over:
        legal = hand.legal()
        hand.act(hand.to_act, "bring_in" if legal.bring_in else "check" if legal.check else "call")  # type: ignore[arg-type]
    return hand


def test_showdown_without_a_last_bet_starts_with_the_high_hand_showing() -> None:
    """TDA 2024 R17-A: with no bet on the last round the hand that would act first shows first:
    the high hand showing in stud."""
    hand = checked_down(given(STUD, {1: "2c3cKh9d8c7s2d", 2: "4d5dQs9c7d6s3h", 3: "AsAd5h6h5s8h4h"}))
    assert hand.result is not None
    assert hand.result.showdown_order[0] == 3


def test_razz_showdown_starts_with_the_low_hand_showing() -> None:
    """TDA 2024 R17-A: in razz the low hand showing shows first."""
    hand = checked_down(given(RAZZ, {1: "2c3cKh9d8c7s2d", 2: "4d5dQs9c7d6s3h", 3: "AsAd5h6h5s8h4h"}))
    assert hand.result is not None
    assert hand.result.showdown_order[0] == 2


def test_stud_winner_has_the_best_five_of_seven() -> None:
    """Cards speak: the best five of a seat's seven cards wins (TDA 2024 R12)."""
    hand = checked_down(given(STUD, {1: "2c3cKh9d8c7s2d", 2: "4d5dQs9c7d6s3h", 3: "AsAd5h6h5s8h4h"}))
    assert hand.result is not None
    assert hand.result.winnings == {2: 45}


ODD_CHIP_HOLES = {1: "5c6d7h8s9cAsKd", 2: "5d6h7s8c9d2c3c", 3: "JcJd2h2sQd3d4h"}


def test_stud_odd_chip_goes_to_the_high_card_by_suit_among_all_cards() -> None:
    """§6, contentious point 9: RROP11 gives the odd chip to the high card by suit counting all
    of the player's cards (house default ``odd_chip_stud="all_cards"``)."""
    hand = given(STUD, ODD_CHIP_HOLES)
    play(hand, [(3, "bring_in"), (1, "call"), (2, "call")])
    hand = checked_down(hand)
    assert hand.result is not None
    award = hand.result.awards[0]
    assert award.amount == 45
    assert award.winners == {1: 23, 2: 22}


def test_stud_odd_chip_from_the_five_card_hand_under_the_tda_rule() -> None:
    """§6: TDA 2024 R20-B reads the high card by suit in the 5-card winning hand only
    (``odd_chip_stud="five_card_hand"``): 9d beats 9c."""
    hand = given(STUD.with_house(odd_chip_stud="five_card_hand"), ODD_CHIP_HOLES)
    play(hand, [(3, "bring_in"), (1, "call"), (2, "call")])
    hand = checked_down(hand)
    assert hand.result is not None
    assert hand.result.awards[0].winners == {1: 22, 2: 23}


def test_stud_hilo_splits_high_and_low_with_the_odd_chip_high() -> None:
    """§6: hi-lo halves, the high half taking the odd chip of the pot (TDA 2024 R20-C)."""
    hand = given(STUD_HILO, {1: "AcAdAhKsQs9c9d", 2: "2c3d4h5s7c8sKd", 3: "JcJd8hTsTdQh6c"})
    play(hand, [(2, "bring_in"), (3, "call"), (1, "call")])
    hand = checked_down(hand)
    assert hand.result is not None
    award = hand.result.awards[0]
    assert award.amount == 45
    assert award.high_winners == (1,) and award.low_winners == (2,)
    assert award.winners == {1: 23, 2: 22}


def test_stud_hilo_quartering() -> None:
    """§6: two equal lows share the low half: each takes a quarter (RROP11 hi-lo; TDA R20-C)."""
    hand = given(STUD_HILO, {1: "AcAdAhKsQs9c9d", 2: "2c3d4h5s7cKhKd", 3: "2d3c4s5c7dQhJc"})
    play(hand, [(2, "bring_in"), (3, "call"), (1, "call")])
    hand = checked_down(hand)
    assert hand.result is not None
    assert hand.result.awards[0].winners == {1: 23, 2: 11, 3: 11}


def test_stud_hilo_without_a_qualifying_low_the_high_scoops() -> None:
    """§6: with no eight-or-better low the high hand takes the whole pot."""
    hand = given(STUD_HILO, {1: "AcAdAhKsQs9c9d", 2: "2c3d9h5sTcKhKd", 3: "JcJd8hTsTdQh6c"})
    play(hand, [(3, "bring_in"), (1, "call"), (2, "call")])
    hand = checked_down(hand)
    assert hand.result is not None
    assert hand.result.awards[0].winners == {1: 45}


@pytest.mark.parametrize("game", [STUD, STUD_HILO, RAZZ])
def test_a_fold_to_the_bring_in_wins_the_antes(game: pf.Game) -> None:
    """§5.3: the last live hand takes the pot, its uncalled bet returned (WIKI_BIP)."""
    hand = given(game, {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh"})
    bring_in = hand.to_act
    assert bring_in is not None
    hand.act(bring_in, "complete", to=20)
    while not hand.is_over:
        hand.act(hand.to_act, "fold")  # type: ignore[arg-type]
    assert hand.result is not None
    assert hand.result.net[bring_in] == 10


def test_a_stud_spot_holds_the_cards_of_its_street() -> None:
    """``Hand.from_spot`` (design.md): a stud spot on fifth street has five cards per seat, three
    of them up, and the best hand showing to act."""
    spot = pf.Hand.from_spot(
        STUD,
        stacks={1: 500, 2: 500, 3: 500},
        button=3,
        street="fifth",
        contributions={1: 50, 2: 50, 3: 50},
        holes={1: "2c3cKh9d8c", 2: "2d3dQs9c7d", 3: "4c4d5h6h5s"},
    )
    assert all(len(cards) == 5 for cards in spot.holes.values())
    assert showing(spot) == {1: "Kh9d8c", 2: "Qs9c7d", 3: "5h6h5s"}
    assert spot.to_act == 3 and spot.legal().bet == pf.Range(40, 40)


# Who opened the round, for the page (``Hand.opener``) ---------------------------------------------


def test_the_opener_is_the_bring_in_then_the_best_hand_showing_all_street_long() -> None:
    """§2.6 and STUD_PAGES as ``Hand.opener`` tells them: the bring-in's seat on third street,
    the best hand showing later, and it stays the street's opener after others act."""
    hand = given(STUD, {1: "AcAdKh2c", 2: "2s3s4h4d", 3: "QcQdJhTh"})
    assert hand.opener == (2, "bring_in")
    play(hand, [(2, "bring_in"), (3, "call")])
    assert hand.to_act == 1 and hand.opener == (2, "bring_in")
    play(hand, [(1, "call")])
    assert hand.street == "fourth" and hand.opener == (2, "showing")
    play(hand, [(2, "check")])
    assert hand.to_act == 3 and hand.opener == (2, "showing")


def test_the_opener_in_razz_and_without_a_bring_in() -> None:
    """Razz: the highest door card brings in, the lowest hand showing opens fourth street; a
    stud game without a bring-in opens third street with the best door card ("showing")."""
    razz = given(RAZZ, {1: "2c3cKh5c", 2: "2d3dQh2h", 3: "4c4dJhAh"})
    assert razz.opener == (1, "bring_in")
    play(razz, [(1, "bring_in"), (2, "call"), (3, "call")])
    assert razz.opener == (3, "showing")
    game = pf.Game(variant="stud", structure="fixed_limit", ante=5, small_bet=20, big_bet=40)
    assert given(game, {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh"}).opener == (1, "showing")


def test_the_opener_when_the_low_card_is_all_in_for_the_ante_is_the_seat_on_its_left() -> None:
    """§2.6, TDA 2024 RP-10-E: the low card all in for the ante does not bring in; the betting
    starts on its left, with a seat that may bring in, complete or fold, and ``Hand.opener``
    names that seat (not the all-in one) all street long."""
    holes = {1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh", 4: "9c9dJh"}
    hand = given(STUD, holes, chips={1: 1_000, 2: 5, 3: 1_000, 4: 1_000})
    assert hand.all_in == {2} and hand.to_act == 3
    assert hand.opener == (3, "left_of_all_in")
    play(hand, [(3, "fold"), (4, "bring_in")])
    assert hand.to_act == 1 and hand.opener == (3, "left_of_all_in")


def test_the_best_hand_showing_all_in_opens_on_its_left() -> None:
    """TDA 2024 RP-10-E as §2.6 reads it on a later street: the best hand showing is all in, so
    the next seat on its left acts first."""
    hand = given(STUD, {1: "AcAdKhKs", 2: "2s3s4h5d", 3: "QcQdJh9h"}, chips={1: 15, 2: 1_000, 3: 1_000})
    play(hand, [(2, "bring_in"), (3, "call"), (1, "call")])
    assert hand.street == "fourth" and hand.all_in == {1}
    assert hand.to_act == 2 and hand.opener == (2, "left_of_all_in")


def test_no_opener_outside_stud_or_once_the_hand_is_over() -> None:
    holdem = pf.Hand(pf.Game.no_limit_holdem(1, 2), {1: 100, 2: 100}, button=1, rng=random.Random(1))
    assert holdem.opener is None
    hand = given(STUD, {1: "AcAdKh", 2: "2s3s4h", 3: "QcQdJh"})
    play(hand, [(2, "bring_in"), (3, "fold"), (1, "fold")])
    assert hand.is_over and hand.opener is None
