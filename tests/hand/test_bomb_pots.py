"""Bomb pots and double boards (``Hand(..., bomb_pot=ante, boards=2)``, hand/bomb.py): every player
antes, no betting before the flop, the betting starts on the flop; two boards split every pot
(citations ``BOMB_POT``, ``DOUBLE_BOARD``)."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.hand import HandRecord

NL = pf.Game.no_limit_holdem(1, 2)


def check_down(hand: pf.Hand) -> None:
    while not hand.is_over:
        legal = hand.legal()
        hand.act(hand.to_act, "check" if legal.check else "call")


def test_bomb_pot_every_player_antes_and_no_blinds_are_posted() -> None:
    """BOMB_POT: each player dealt in puts in the agreed ante, dead money; nobody posts a blind."""
    hand = pf.Hand(NL, {1: 100, 2: 100, 3: 100, 4: 100}, 4, rng=random.Random(1), bomb_pot=5)
    assert [(p.seat, p.amount, p.kind, p.live) for p in hand.posts] == [(s, 5, "ante", False) for s in (1, 2, 3, 4)]
    assert hand.small_blind_seat is None and hand.big_blind_seat is None
    assert sum(p.amount for p in hand.pots) == 20 and hand.bomb_pot == 5
    assert cite.BOMB_POT.startswith("common")


def test_bomb_pot_has_no_betting_before_the_flop_and_betting_starts_on_the_flop() -> None:
    """BOMB_POT: the flop is dealt at once and the first player left of the button acts first."""
    hand = pf.Hand(NL, {1: 100, 2: 100, 3: 100}, 2, rng=random.Random(2), bomb_pot=4)
    assert hand.street == "flop" and len(hand.board) == 3
    assert hand.to_act == 3
    assert not any(e.kind in ("check", "call", "bet", "raise") for e in hand.events)
    assert [e.kind for e in hand.events if e.kind == "bomb_pot"] == ["bomb_pot"]
    legal = hand.legal()
    assert legal.check and legal.bet is not None and legal.bet.min_to == 2     # the big blind is the minimum bet
    hand.act(3, "bet", to=10)
    assert hand.to_act == 1


def test_a_player_short_of_the_ante_is_all_in_for_it() -> None:
    hand = pf.Hand(NL, {1: 3, 2: 100, 3: 100}, 3, rng=random.Random(3), bomb_pot=5)
    assert hand.stacks[1] == 0 and 1 in hand.all_in
    check_down(hand)
    assert hand.result is not None and sum(hand.result.stacks.values()) == 203


def test_pot_limit_counts_the_antes_in_the_pot() -> None:
    game = pf.Game.pot_limit_omaha(1, 2)
    hand = pf.Hand(game, {1: 200, 2: 200, 3: 200}, 3, rng=random.Random(4), bomb_pot=10)
    legal = hand.legal()
    assert legal.bet is not None and legal.bet.max_to == 30


def manual_double_board(game: pf.Game, holes: dict[int, str], first: str, second: str, ante: int = 5) -> pf.Hand:
    """A double-board bomb pot dealt by hand: each street on the first board, then the second."""
    hand = pf.Hand(game, dict.fromkeys(holes, 100), max(holes), dealing="manual", bomb_pot=ante, boards=2)
    for seat, cards in holes.items():
        hand.deal(cards, seat)
    for start, end in ((0, 6), (6, 8), (8, 10)):
        hand.deal(first[start:end])
        hand.deal(second[start:end])
        while hand.to_act is not None:
            hand.act(hand.to_act, "check")
    return hand


def test_double_board_splits_the_pot_between_the_boards_odd_chip_to_the_first() -> None:
    """DOUBLE_BOARD: the pot of 15 splits 8 and 7; seat 1 wins the first board, seat 2 the second."""
    hand = manual_double_board(NL, {1: "AsAh", 2: "KsKh", 3: "7c2d"}, "Ad9c4h5s8d", "Kd9d4c5h8h")
    assert hand.runs == 2 and [len(b) for b in hand.boards] == [5, 5]
    result = hand.result
    assert result is not None
    assert [(a.run, a.amount, dict(a.winners)) for a in result.awards] == [(0, 8, {1: 8}), (1, 7, {2: 7})]
    assert result.net == {1: 3, 2: 2, 3: -5}
    assert [e.note for e in hand.events if e.kind == "win"] == ["best hand, board 1", "best hand, board 2"]
    assert [e.note for e in hand.events if e.kind == "deal_board" and e.note] == ["board 2"] * 3


def test_double_board_hi_lo_splits_each_board_by_the_showdown_rules() -> None:
    """Each board's half of an Omaha hi-lo pot is split high and low on that board (TDA 2024 R20-C
    gives the high half the odd chip)."""
    game = pf.Game.fixed_limit_omaha_hilo(2)
    holes = {1: "AsKs2c3d", 2: "QhQdJcJd", 3: "9s9hTcTd"}
    hand = manual_double_board(game, holes, "4h5h8cQsKh", "9c2hTs8sKc", ante=7)
    result = hand.result
    assert result is not None
    first, second = result.awards
    assert (first.run, first.amount, second.run, second.amount) == (0, 11, 1, 10)
    assert first.low_winners == (1,) and first.high_winners == (2,)          # a low on the first board
    assert dict(first.winners) == {2: 6, 1: 5}
    assert second.low_winners == () and dict(second.winners) == {2: 10}      # no low, a straight on the second


def test_a_hand_that_can_win_either_board_is_shown_not_mucked() -> None:
    """TDA 2024 R17-A/R18 on a double board: a hand beaten on the first board is still shown when it
    can win the second; auto_muck mucks only hands that can win neither."""
    hand = pf.Hand(NL, {1: 100, 2: 100, 3: 100}, 3, rng=random.Random(7), bomb_pot=5, boards=2)
    check_down(hand)
    result = hand.result
    assert result is not None
    winners = {s for award in result.awards for s, chips in award.winners.items() if chips}
    mucked = {e.seat for e in hand.events if e.kind == "muck"}
    assert winners.isdisjoint(mucked)


def test_double_board_refuses_to_run_it_again() -> None:
    hand = pf.Hand(NL, {1: 10, 2: 10}, 2, rng=random.Random(8), bomb_pot=2, boards=2, wait_for_runout=True)
    with pytest.raises(pf.IllegalAction) as refused:
        hand.run_it(2)
    assert refused.value.reason == "cannot_run_it" and "double board" in refused.value.message
    hand.act(hand.to_act, "bet", to=8)
    hand.act(hand.to_act, "call")
    assert hand.is_over and hand.runs == 2          # all-in: both boards run out at once, each once


def test_views_show_both_boards() -> None:
    hand = pf.Hand(NL, {1: 100, 2: 100}, 2, rng=random.Random(9), bomb_pot=2, boards=2)
    view = hand.view(1)
    assert view.runs == 2 and [len(b) for b in view.boards] == [3, 3]


@pytest.mark.parametrize(
    ("game", "kwargs"),
    [
        (pf.Game(variant="stud", structure="fixed_limit", small_bet=2, ante=1, bring_in=1), {"bomb_pot": 2}),
        (NL, {"boards": 3}),
        (NL, {"bomb_pot": -1}),
        (NL, {"bomb_pot": 2, "posts": [pf.Post(1, 2, "straddle")]}),
        (pf.Game.no_limit_holdem(5, 10, min_chip=5), {"bomb_pot": 7}),
    ],
)
def test_bomb_pots_that_do_not_fit_the_game_are_refused(game: pf.Game, kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        pf.Hand(game, {1: 100, 2: 100}, 2, **kwargs)  # type: ignore[arg-type]


def test_the_record_keeps_the_bomb_pot_and_the_boards() -> None:
    hand = pf.Hand(NL, {1: 100, 2: 100, 3: 100}, 1, rng=random.Random(10), bomb_pot=5, boards=2)
    hand.act(hand.to_act, "bet", to=6)
    record = hand.record()
    data = record.to_dict()
    assert (data["bomb_pot"], data["boards"]) == (5, 2)
    again = pf.Hand.from_record(record.to_json())
    assert again.boards == hand.boards and again.pots == hand.pots and again.to_act == hand.to_act
    check_down(hand)
    finished = pf.Hand.from_record(hand.record().to_json())
    assert finished.result == hand.result and finished.boards == hand.boards
    plain = pf.Hand(NL, {1: 9, 2: 9}, 1).record().to_dict()
    older = {k: v for k, v in plain.items() if k not in ("bomb_pot", "boards")}
    assert (HandRecord.from_dict(older).bomb_pot, HandRecord.from_dict(older).boards) == (0, 1)


def test_random_bomb_pots_conserve_chips() -> None:
    rng = random.Random(11)
    for _ in range(200):
        n = rng.randint(2, 8)
        stacks = {s: rng.randint(1, 300) for s in range(1, n + 1)}
        hand = pf.Hand(NL, stacks, rng.randint(1, n), rng=rng, bomb_pot=rng.randint(1, 10), boards=rng.choice([1, 2]))
        while not hand.is_over:
            legal = hand.legal()
            choice = rng.choice(legal.actions)
            span = legal.bet or legal.raise_
            if choice in ("bet", "raise") and span is not None:
                hand.act(hand.to_act, choice, to=rng.choice([span.min_to, span.max_to]))
            else:
                hand.act(hand.to_act, choice)
        assert hand.result is not None and sum(hand.result.stacks.values()) == sum(stacks.values())


def test_the_narrator_names_the_bomb_pot_and_each_board() -> None:
    from pokerfloor.narrate import narrate

    hand = pf.Hand(NL, {1: 100, 2: 100, 3: 100}, 1, rng=random.Random(12), bomb_pot=5, boards=2)
    check_down(hand)
    lines = narrate(hand)
    assert "Bomb pot of 5 a player: no betting before the flop" in lines
    assert any(line.startswith("Flop (board 2): ") for line in lines)
    assert any(line.endswith(", board 2)") for line in lines)
