"""rules.md §8: bugs other engines shipped, one regression test each where it applies to us."""

from __future__ import annotations

from handkit import ROYAL_BOARD, checks_to_showdown, deal, low_holes, play, refused, seats

import pokerfloor as pf

NL_50_100 = pf.Game.no_limit_holdem(50, 100)


def flop(stacks: dict[int, int], **kwargs: object) -> pf.Hand:
    hand = deal(NL_50_100, stacks, **kwargs)  # type: ignore[arg-type]
    while hand.street == "preflop":
        hand.act(hand.to_act, "call")  # type: ignore[arg-type]
    return hand


# Short all-ins and reopening ------------------------------------------------------------------


def test_pokerkit_45_full_raise_all_in_is_not_pooled_with_a_later_short_all_in() -> None:
    """§8 (pokerkit #45): an all-in that is already a full raise must not join the "pool" of short
    all-ins: bet 100, all-in to 250 (a full raise), call, all-in to 300 (+50): the caller of 250 faces
    only 50 more and may not re-raise (TDA 2024 R47-A)."""
    stacks = {1: 10_000, 2: 350, 3: 10_000, 4: 400}
    hand = flop(stacks)
    play(hand, [(1, "bet", 100), (2, "all_in"), (3, "call"), (4, "all_in")])
    assert hand.bets == {1: 100, 2: 250, 3: 250, 4: 300}
    assert hand.legal().raise_ == pf.Range(450, 9_900)
    hand.act(1, "call")
    legal = hand.legal()
    assert legal.seat == 3 and legal.raise_ is None
    assert refused(hand, 3, "raise", 450) == "betting_not_reopened"


# Minimum raise --------------------------------------------------------------------------------


def test_pokerkit_40_min_raise_is_not_capped_at_the_opponents_stack() -> None:
    """§8 (pokerkit #40): the minimum raise is a full raise even when the opponent has less behind,
    and ``max_to`` is bounded by the seat's own stack, never the opponent's (design.md); the excess
    comes back (TDA 2024 R15-B)."""
    hand = flop({1: 250, 2: 10_000})
    hand.act(1, "bet", to=100)
    assert hand.stacks[1] == 50
    assert hand.legal().raise_ == pf.Range(200, 9_900)
    hand.act(2, "raise", to=200)
    hand.act(1, "all_in")
    assert hand.is_over
    assert hand.result.returned == {2: 50}


def test_texasholdem_80_min_raise_puts_in_only_the_chips_needed() -> None:
    """§8 (texasholdem #80): the big blind's minimum raise to 200 costs it 100 more, not 200."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "call")])
    assert hand.legal().raise_ == pf.Range(200, 10_000)
    before = hand.stacks[2]
    hand.act(2, "raise", to=200)
    assert before - hand.stacks[2] == 100


def test_rlcard_231_min_raise_follows_the_largest_raise_not_the_pot() -> None:
    """§8 (rlcard #231): the minimum raise compares with the largest raise, never the pot; big
    antes do not change it (TDA 2024 R43-A)."""
    game = pf.Game.no_limit_holdem(50, 100, ante=100)
    hand = deal(game, seats(6))
    assert hand.total_pot == 750
    assert hand.legal().raise_ == pf.Range(200, 9_900)


def test_open_spiel_395_bets_need_not_be_multiples_of_the_big_blind() -> None:
    """§8 (open_spiel #395): bet sizes are any whole chips at or above the minimum."""
    hand = flop(seats(3))
    hand.act(1, "bet", to=157)
    assert hand.legal().raise_ == pf.Range(314, 9_900)


# All-ins for less -----------------------------------------------------------------------------


def test_pypokerengine_72_all_in_below_the_minimum_raise_is_offered() -> None:
    """§8 (PyPokerEngine #72, mitpokerbots #2, TexasSolver #204): a seat that cannot reach the full
    minimum raise may still go all-in: ``min_to == max_to ==`` its all-in total (design.md)."""
    hand = deal(NL_50_100, {1: 10_000, 2: 10_000, 3: 180})
    assert hand.legal().raise_ == pf.Range(180, 180)
    hand.act(3, "raise", to=180)
    assert hand.bets[3] == 180 and hand.stacks[3] == 0


def test_pokerkit_25_calling_a_bet_bigger_than_the_stack() -> None:
    """§8 (pokerkit #25): a seat facing more than it has may call all-in for its stack."""
    hand = play(deal(NL_50_100, {1: 10_000, 2: 10_000, 3: 10_000, 4: 250}), [(3, "raise", 1000)])
    legal = hand.legal()
    assert legal.call == pf.hand.Call(250, 250) and legal.raise_ is None
    hand.act(4, "call")
    assert hand.stacks[4] == 0 and hand.bets[4] == 250


# Side pots ------------------------------------------------------------------------------------


def test_rlcard_179_short_stack_wins_only_the_main_pot() -> None:
    """§8 (rlcard #179 and #286, poker-ts #18): the shortest all-in with the best hand wins the main
    pot only; the side pot goes to the best of the others, and the uncalled excess comes back."""
    holes = {1: "Qh8h", 2: "AsAd", 3: "KsKd"}
    stacks = {1: 300, 2: 700, 3: 1500}
    hand = deal(NL_50_100, stacks, button=3, holes=holes, board="2c7d9hTsJc")
    play(hand, [(3, "raise", 1500), (1, "all_in"), (2, "all_in")])
    assert hand.is_over
    assert hand.result.returned == {3: 800}
    assert hand.result.stacks == {1: 900, 2: 800, 3: 800}


def test_org2ai_918_folded_chips_above_every_live_level_are_not_lost() -> None:
    """§8 (org2AI #918): a layer of the pot fed only by a folded seat still goes to a winner."""
    hand = pf.Hand.from_spot(
        NL_50_100,
        stacks={1: 500, 2: 0, 3: 0},
        button=3,
        street="river",
        contributions={1: 1000, 2: 300, 3: 300},
        folded=[1],
        board=ROYAL_BOARD,
        holes=low_holes(2, 3),
    )
    assert hand.is_over
    assert sum(hand.result.winnings.values()) == 1600
    assert sum(hand.result.stacks.values()) == 500 + 1600


def test_pokerl_13_winnings_sum_to_zero() -> None:
    """§8 (sneppy/pokerl #13): what the winners gain the losers lose."""
    hand = deal(NL_50_100, {1: 1000, 2: 2000, 3: 3000}, holes={1: "Qh8h", 2: "AsAd", 3: "KsKd"}, board="2c7d9hTsJc")
    play(hand, [(3, "raise", 3000), (1, "all_in"), (2, "all_in")])
    assert sum(hand.result.net.values()) == 0
    assert hand.result.net == {1: 2000, 2: 0, 3: -2000}


def test_pypokerengine_48_antes_are_won_with_the_pot() -> None:
    """§8 (PyPokerEngine PR #48): antes were collected but never added to the pot."""
    game = pf.Game.no_limit_holdem(50, 100, ante=10)
    hand = play(deal(game, seats(4)), [(3, "fold"), (4, "fold"), (1, "fold")])
    assert hand.result.returned == {2: 50}
    assert hand.result.winnings == {2: 40 + 50 + 50}
    assert hand.result.net == {1: -60, 2: 80, 3: -10, 4: -10}


# Odd chips ------------------------------------------------------------------------------------


def test_private_poker_20_remainder_is_never_dropped() -> None:
    """§8 (private_poker #20): every chip of a split pot is paid out, odd ones included."""
    hand = pf.Hand.from_spot(
        NL_50_100,
        stacks={1: 100, 2: 100, 3: 100, 4: 100},
        button=4,
        street="river",
        contributions={1: 1, 2: 101, 3: 101, 4: 101},
        folded=[1],
        board=ROYAL_BOARD,
        holes=low_holes(1, 2, 3, 4),
    )
    checks_to_showdown(hand)
    assert sum(hand.result.winnings.values()) == 304
    assert sorted(hand.result.winnings.values()) == [101, 101, 102]


# Big-blind option -----------------------------------------------------------------------------


def test_zkshuffle_89_big_blind_may_check_heads_up() -> None:
    """§8 (Poseidon-ZKP/zkShuffle #89): heads-up, when the button calls, the big blind may check."""
    hand = deal(NL_50_100, seats(2))
    hand.act(2, "call")
    assert hand.legal().check
    hand.act(1, "check")
    assert hand.street == "flop"


def test_slack_poker_bot_39_all_in_big_blind_has_no_option() -> None:
    """§8 (slack-poker-bot PR #39): a big blind all-in on its post has no option to act on."""
    hand = deal(NL_50_100, {1: 10_000, 2: 60, 3: 10_000})
    play(hand, [(3, "call"), (1, "call")])
    assert hand.street == "flop"
    assert 2 in hand.all_in


def test_poker_bot_26_check_compares_with_the_highest_bet() -> None:
    """§8 (yfzm/poker-bot #26): whether a check is allowed compares the seat's bet with every other
    bet: the big blind matching a caller's short all-in still faces the raise."""
    stacks = {1: 10_000, 2: 10_000, 3: 100, 4: 10_000}
    hand = play(deal(NL_50_100, stacks), [(3, "all_in"), (4, "raise", 300), (1, "fold")])
    assert hand.legal().seat == 2
    assert refused(hand, 2, "check") == "cannot_check_facing_bet"
