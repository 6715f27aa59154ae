"""rules.md §5: side pots, uncalled bets, the full-bet and half-bet rules, several short all-ins."""

from __future__ import annotations

from handkit import ROYAL_BOARD, checks_to_showdown, deal, low_holes, play, refused, seats

import pokerfloor as pf

NL_50_100 = pf.Game.no_limit_holdem(50, 100)
FL_10_20 = pf.Game.fixed_limit_holdem(10, 20)


def flop(game: pf.Game, stacks: dict[int, int], **kwargs: object) -> pf.Hand:
    """Everyone calls the big blind and the big blind checks: the flop, first seat to act."""
    hand = deal(game, stacks, **kwargs)  # type: ignore[arg-type]
    while hand.street == "preflop":
        hand.act(hand.to_act, "call")  # type: ignore[arg-type]
    return hand


# §5.3 All-in and side pots --------------------------------------------------------------------


def test_side_pots_each_all_in_wins_only_what_it_matched() -> None:
    """§5.3: an all-in player can win from each opponent only what it put in; the rest goes into
    side pots (WIKI_BIP Side pots; TDA 2024 R21)."""
    stacks = {1: 300, 2: 700, 3: 5000, 4: 5000}
    hand = play(deal(NL_50_100, stacks), [(3, "raise", 1500), (4, "call"), (1, "all_in"), (2, "all_in")])
    assert hand.street == "flop"
    assert hand.pots == [
        pf.Pot(4 * 300, frozenset({1, 2, 3, 4})),
        pf.Pot(3 * 400, frozenset({2, 3, 4})),
        pf.Pot(2 * 800, frozenset({3, 4})),
    ]


def test_side_pots_keep_folded_chips_and_stay_eligible_for_all_in_seats() -> None:
    """§5.3: a folded seat's chips stay in the pots it fed; all-in seats stay eligible for the
    pots they matched (poker-ts #18, org2AI #918)."""
    stacks = {1: 10_000, 2: 400, 3: 10_000, 4: 10_000}
    hand = play(deal(NL_50_100, stacks), [(3, "raise", 1000), (4, "call"), (1, "fold"), (2, "all_in")])
    assert hand.pots == [
        pf.Pot(50 + 3 * 400, frozenset({2, 3, 4})),
        pf.Pot(2 * 600, frozenset({3, 4})),
    ]


def test_uncalled_bet_is_returned() -> None:
    """§5.3: if only one opponent is left, the overage is taken back (WIKI_BIP; TDA 2024 R15-B):
    a 600 bet into a 250 all-in returns 350."""
    stacks = {1: 10_000, 2: 350, 3: 10_000}
    hand = flop(NL_50_100, stacks, holes=low_holes(1, 2, 3), board=ROYAL_BOARD)
    play(hand, [(1, "bet", 600), (2, "all_in"), (3, "fold")])
    assert hand.is_over
    assert hand.result.returned == {1: 350}
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "return"] == [(1, 350)]
    assert hand.result.net[3] == -100


def test_uncalled_bet_returned_when_everyone_folds() -> None:
    """§5.3: a bet nobody calls is returned before the pot is awarded (TDA 2024 R15-B)."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "raise", 500), (1, "fold"), (2, "fold")])
    assert hand.result.returned == {3: 400}
    assert hand.result.net == {1: -50, 2: -100, 3: 150}


# §5.5 Full-bet rule, half-bet rule ------------------------------------------------------------


def test_full_bet_rule_short_all_in_does_not_reopen() -> None:
    """§5.5 full-bet rule: in no-limit an all-in below a full raise does not reopen the betting for
    players who already acted (TDA 2024 R47-A; RROP11 NL item 3); a player yet to act may still
    raise, by a full raise."""
    stacks = {1: 10_000, 2: 250, 3: 10_000}
    hand = flop(NL_50_100, stacks)
    play(hand, [(1, "bet", 100), (2, "all_in")])
    assert hand.bets[2] == 150
    assert hand.legal().raise_ == pf.Range(250, 9_900)
    hand.act(3, "call")
    legal = hand.legal()
    assert legal.seat == 1 and legal.raise_ is None and legal.call == pf.hand.Call(150, 50)
    assert refused(hand, 1, "raise", 250) == "betting_not_reopened"


def test_finnish_seed_flop_bet_500_all_in_700_not_reopened() -> None:
    """§5.5: the Finnish seed (TDA rule 47): flop, three players, Anna bets 500, Ben is all-in for
    700, only 200 more: not a full raise, so Anna may not re-raise after the call."""
    stacks = {1: 10_000, 2: 800, 3: 10_000}
    hand = flop(NL_50_100, stacks)
    play(hand, [(1, "bet", 500), (2, "all_in"), (3, "call")])
    assert hand.bets == {1: 500, 2: 700, 3: 700}
    assert hand.legal().raise_ is None
    assert refused(hand, 1, "raise", 1200) == "betting_not_reopened"


def test_half_bet_rule_in_limit_half_or_more_reopens() -> None:
    """§5.5 half-bet rule (TDA 2024 R47-B; RROP11 Betting & Raising item 6): in limit an all-in of
    at least half a bet counts as a full one and reopens the betting."""
    stacks = {1: 1000, 2: 25, 3: 1000}
    hand = flop(FL_10_20, stacks)
    play(hand, [(1, "bet", 10), (2, "all_in")])
    assert hand.bets[2] == 15
    hand.act(3, "call")
    assert hand.legal().raise_ is not None


def test_half_bet_rule_in_limit_under_half_may_be_completed_and_completing_reopens() -> None:
    """§5.5 half-bet rule: a limit all-in bet under half a bet does not reopen; a player yet to act
    may fold, call or complete it, and completing reopens the betting (WIKI_BIP: $20 round, Alice
    and Dianne check, Carol all-in for $5, Joane may call $5 or complete to $20)."""
    game = pf.Game.fixed_limit_holdem(20, 40)
    stacks = {1: 1000, 2: 1000, 3: 25, 4: 1000}
    called = flop(game, stacks)
    play(called, [(1, "check"), (2, "check"), (3, "all_in")])
    assert called.bets[3] == 5
    assert called.legal().complete == pf.Range(20, 20)
    called.act(4, "call")
    assert called.legal().raise_ is None and called.legal().complete is None
    assert refused(called, 1, "complete", 20) == "betting_not_reopened"

    completed = flop(game, stacks)
    play(completed, [(1, "check"), (2, "check"), (3, "all_in"), (4, "complete", 20)])
    assert completed.legal().raise_ == pf.Range(40, 40)


def test_incomplete_raise_rule_half_bet_in_no_limit() -> None:
    """§5.5: some rooms use the half-bet rule in no-limit too (HOUSE_HALFBET_NL): house option
    ``incomplete_raise_rule="half_bet"``; a 100 bet and an all-in to 150 reopen the betting."""
    game = NL_50_100.with_house(incomplete_raise_rule="half_bet")
    hand = flop(game, {1: 10_000, 2: 250, 3: 10_000})
    play(hand, [(1, "bet", 100), (2, "all_in"), (3, "call")])
    assert hand.legal().raise_ == pf.Range(250, 9_900)


def test_incomplete_raise_rule_full_bet_in_limit() -> None:
    """§5.5: WIKI_BIP allows the full-bet rule in limit: ``incomplete_raise_rule="full_bet"``; an
    all-in of half a bet no longer reopens."""
    game = FL_10_20.with_house(incomplete_raise_rule="full_bet")
    hand = flop(game, {1: 1000, 2: 25, 3: 1000})
    play(hand, [(1, "bet", 10), (2, "all_in"), (3, "call")])
    assert hand.legal().raise_ is None
    assert refused(hand, 1, "raise", 30) == "betting_not_reopened"


# §5.6 Several short all-ins -------------------------------------------------------------------


def _addendum_47_example_1() -> pf.Hand:
    """TDA 2024 Addendum 47 Ex. 1: blinds 50-100, flop: A bets 100, B all-in 125, C calls, D all-in
    200, E calls; back to A."""
    stacks = {1: 10_000, 2: 225, 3: 10_000, 4: 300, 5: 10_000}
    hand = flop(NL_50_100, stacks)
    return play(hand, [(1, "bet", 100), (2, "all_in"), (3, "call"), (4, "all_in"), (5, "call")])


def test_short_all_ins_adding_to_a_full_raise_reopen_addendum_47_example_1() -> None:
    """§5.6: several short all-ins reopen the betting for a player now facing a full raise in total
    (TDA 2024 R47-A; Addendum 47 Ex. 1: A faces 100 more, a full raise)."""
    hand = _addendum_47_example_1()
    legal = hand.legal()
    assert legal.seat == 1 and legal.raise_ == pf.Range(300, 9_900)


def test_player_facing_less_than_a_full_raise_is_not_reopened_addendum_47_example_1a() -> None:
    """§5.6: Addendum 47 Ex. 1-A: A calls 200; C, who called 125, faces only 75 more and may not
    raise."""
    hand = _addendum_47_example_1()
    hand.act(1, "call")
    legal = hand.legal()
    assert legal.seat == 3 and legal.raise_ is None and legal.call == pf.hand.Call(200, 75)
    assert refused(hand, 3, "raise", 300) == "betting_not_reopened"


def test_full_raise_reopens_for_earlier_caller_addendum_47_example_1b() -> None:
    """§5.6: Addendum 47 Ex. 1-B: A raises the minimum to 300; C faces 175 more, at least a full
    raise, and may re-raise."""
    hand = _addendum_47_example_1()
    hand.act(1, "raise", to=300)
    legal = hand.legal()
    assert legal.seat == 3 and legal.raise_ == pf.Range(400, 9_900)


def test_payout_of_several_all_ins() -> None:
    """§5.3 and §6: the pots of several all-ins are each split on their own; with every hand tied
    each seat gets back what it put in (rlcard #179 and #286)."""
    stacks = {1: 300, 2: 700, 3: 1500, 4: 1500}
    hand = deal(NL_50_100, stacks, holes=low_holes(1, 2, 3, 4), board=ROYAL_BOARD)
    play(hand, [(3, "raise", 1500), (4, "call"), (1, "all_in"), (2, "all_in")])
    checks_to_showdown(hand)
    assert hand.result.stacks == stacks
    assert [a.winners for a in hand.result.awards] == [
        {3: 800, 4: 800},
        {2: 400, 3: 400, 4: 400},
        {1: 300, 2: 300, 3: 300, 4: 300},
    ]
