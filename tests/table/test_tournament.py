"""A single-table tournament: levels, the dead button, eliminations in order, payouts
(TDA 2024 R23, R32, R34-B, R8-A)."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor.table import Level, ManualClock, Tournament

NL = pf.Game.no_limit_holdem(1, 2)
LEVELS = (Level(25, 50, hands=3), Level(50, 100, bb_ante=100, hands=3), Level(100, 200, bb_ante=200))


def tournament(players: int = 4, **kw: object) -> Tournament:
    kw.setdefault("levels", LEVELS)
    t = Tournament(NL, starting_stack=1000, entry_fee=100, rng=random.Random(9), button=1, **kw)  # type: ignore[arg-type]
    for seat in range(1, players + 1):
        t.register(seat, f"P{seat}")
    return t


def shove(hand: pf.Hand, pair: tuple[int, int]) -> None:
    """The two seats in ``pair`` get all their chips in; everyone else folds."""
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        if seat in pair and legal.raise_ is not None:
            hand.act(seat, "raise", to=legal.raise_.max_to)
        elif seat in pair:
            hand.act(seat, "call" if legal.call else "check")
        else:
            hand.act(seat, "fold" if legal.call else "check")


def test_levels_by_hands_apply_from_the_next_hand_tda2024_r23(win_for) -> None:
    t = tournament()
    for _ in range(3):
        assert t.start_hand().posts[-1].amount == 50
        win_for(t.table.hand, 4)  # type: ignore[arg-type]
    hand = t.start_hand()
    assert t.level_number == 2
    assert {(p.kind, p.amount) for p in hand.posts if p.kind in ("bb", "bb_ante")} == {("bb", 100), ("bb_ante", 100)}


def test_levels_by_time_wait_for_the_hand_in_play_tda2024_r23(win_for) -> None:
    clock = ManualClock()
    t = tournament(levels=(Level(25, 50, minutes=20), Level(50, 100)), clock=clock)
    hand = t.start_hand()
    clock.advance(minutes=21)
    assert hand.game.big_blind == 50
    win_for(hand, 4)
    assert t.start_hand().game.big_blind == 100 and t.level_number == 2


def test_tournament_uses_the_dead_button_tda2024_r32() -> None:
    """The big blind busts: the next hand has no small blind (TDA 2024 R32; rules.md §3)."""
    t = tournament(5)
    hand = t.start_hand(holes={3: "7c2d", 4: "AsAh"}, board="AdKc9h5s4h")  # button 1, blinds 2 and 3
    shove(hand, (3, 4))
    assert 3 in t.table.seats and t.end_hand()  # eliminated at the end of the hand
    assert 3 not in t.table.seats
    hand = t.start_hand()
    assert (hand.button_seat, hand.small_blind_seat, hand.big_blind_seat) == (2, None, 4)


def test_eliminations_are_placed_in_order_and_by_starting_stack_in_one_hand() -> None:
    t = tournament(4)
    hand = t.start_hand()
    shove(hand, (2, 3))
    loser = 2 if t.table.stack(2) == 0 else 3
    assert [(f.player, f.place) for f in t.standings] == [(f"P{loser}", 4)]
    while not t.is_over:
        seats = sorted(t.table.seats)
        shove(t.start_hand(), (seats[0], seats[1]))
    places = [f.place for f in t.standings]
    assert places == [1, 2, 3, 4]
    assert t.winner == t.standings[0].player
    assert [f.prize for f in t.standings] == [200, 120, 80, 0]


def test_same_hand_busts_rank_by_chips_at_the_start_of_the_hand(win_for) -> None:
    t = tournament(3)
    win_for(t.start_hand(), 1)  # P1 takes the blinds: 1075, P2 975, P3 950
    hand = t.start_hand(holes={1: "AsAh", 2: "7c2d", 3: "8c3d"}, board="AdKc9h5s4h")
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        if legal.raise_ is not None:
            hand.act(seat, "raise", to=legal.raise_.max_to)
        else:
            hand.act(seat, "call" if legal.call else "check")
    assert t.is_over
    assert [(f.player, f.place) for f in t.standings] == [("P1", 1), ("P2", 2), ("P3", 3)]


def test_equal_stacks_busted_together_tie_and_split_the_prizes_of_their_places() -> None:
    t = tournament(4)  # prize pool 400: 200, 120, 80
    hand = t.start_hand(holes={1: "AsAh", 3: "7c2d", 4: "8c3d"}, board="AdKc9h5s4h")
    while not hand.is_over:  # seats 3 and 4 shove, Alice calls both, Bob folds
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        if seat in (3, 4) and legal.raise_ is not None:
            hand.act(seat, "raise", to=legal.raise_.max_to)
        elif seat in (1, 3, 4):
            hand.act(seat, "call" if legal.call else "check")
        else:
            hand.act(seat, "fold" if legal.call else "check")
    assert [(f.player, f.place, f.prize) for f in t.standings] == [("P3", 3, 40), ("P4", 3, 40)]


def test_heads_up_starts_with_no_big_blind_twice_in_a_row_tda2024_r34b() -> None:
    t = tournament(3)
    hand = t.start_hand(holes={1: "7c2d", 2: "AsAh"}, board="AdKc9h5s4h")  # button 1, blinds 2 and 3
    shove(hand, (1, 2))
    t.end_hand()
    assert 1 not in t.table.seats
    hand = t.start_hand()
    assert (hand.button_seat, hand.small_blind_seat, hand.big_blind_seat) == (3, 3, 2)


def test_no_sitting_out_or_rebuys_in_a_tournament() -> None:
    t = tournament(3)
    with pytest.raises(pf.IllegalAction):
        t.table.sit_out(1)
    with pytest.raises(pf.IllegalAction):
        t.table.top_up(1, 100)


def test_late_entrant_is_dealt_in_except_between_the_small_blind_and_button_tda2024_r8a(win_for) -> None:
    t = tournament(4)
    win_for(t.start_hand(), 1)  # button 1, blinds 2 and 3
    t.register(6, "P6")
    hand = t.start_hand()  # button 2, blinds 3 and 4: seat 6 is before the button
    assert 6 in hand.seats and all(p.seat != 6 for p in hand.posts)


def test_a_hand_ended_by_the_table_itself_still_places_its_eliminations() -> None:
    t = tournament(3)
    hand = t.start_hand(holes={1: "7c2d", 2: "AsAh"}, board="AdKc9h5s4h")
    shove(hand, (1, 2))
    assert [f.player for f in t.standings] == ["P1"]  # read before the hand is ended
    t.table.end_hand()  # the table's own step, not the tournament's
    t.start_hand()
    assert [(f.player, f.place) for f in t.standings] == [("P1", 3)]


def test_a_deal_by_icm_ends_the_tournament_with_each_players_equity_paid(win_for) -> None:
    """Citations ICM. Three left, P1 1,075, P2 975, P3 950 of 3,000 chips; prizes 150, 90, 60.
    By hand (Malmuth-Harville): P1 is first 43/120, second 22489/66420, third 40261/132840,
    worth 453461/4428 = 102.41; P2 1252863/12628 = 99.21; P3 409061/4158 = 98.38. Whole chips:
    102, 99 and 98 leave 1, to the largest remainder, P1's. Places go by chips."""
    t = tournament(3)                      # prize pool 300
    win_for(t.start_hand(), 1)             # P1 takes the blinds
    t.end_hand()
    ids = {s.player_id: s.player for s in t.table.seats.values()}
    assert {ids[p]: chips for p, chips in t.table.stacks().items()} == {"P1": 1075, "P2": 975, "P3": 950}
    standings = t.accept_deal()
    assert [(f.player, f.place, f.prize) for f in standings] == [("P1", 1, 103), ("P2", 2, 99), ("P3", 3, 98)]
    assert t.deal is not None and {ids[p]: prize for p, prize in t.deal.items()} == {"P1": 103, "P2": 99, "P3": 98}
    assert t.is_over and t.winner == "P1" and "won by P1" in repr(t)
    with pytest.raises(pf.IllegalAction):
        t.start_hand()
    with pytest.raises(pf.IllegalAction):
        t.register(5, "P5")
    with pytest.raises(pf.IllegalAction):
        t.accept_deal()


def test_a_deal_in_whole_units_still_adds_up_to_the_prizes_left(win_for) -> None:
    """In units of 5 the same equities are 100, 95, 95 rounded down; the two units left go to the
    largest remainders (P2's 4.21, P3's 3.38), so everyone gets 100."""
    t = tournament(3)
    win_for(t.start_hand(), 1)
    t.end_hand()
    assert [f.prize for f in t.accept_deal(unit=5)] == [100, 100, 100]
    t = tournament(3)
    win_for(t.start_hand(), 1)
    t.end_hand()
    with pytest.raises(pf.InvalidArgument):
        t.accept_deal(unit=7)              # 300 in prizes: not whole units of 7
    assert not t.is_over and t.deal is None


def test_a_deal_after_eliminations_pays_the_places_left_and_keeps_the_paid_ones() -> None:
    """Payouts 40/30/20/10 of 400: the first player out keeps fourth place's 40, the three left
    share 360 by ICM, and every prize adds up to the pool."""
    t = tournament(4, payouts=(40, 30, 20, 10))
    while len(t.table.seats) == 4:
        seats = sorted(t.table.seats)
        shove(t.start_hand(), (seats[0], seats[1]))
    t.end_hand()
    out = t.standings
    assert [(f.place, f.prize) for f in out] == [(4, 40)]
    chips = {s.player: s.chips for s in t.table.seats.values()}
    ids = {s.player_id: s.player for s in t.table.seats.values()}
    expected = {ids[p]: prize for p, prize in t.icm_deal().items()}
    assert sum(expected.values()) == 360
    standings = t.accept_deal()
    assert [f.place for f in standings] == [1, 2, 3, 4]
    assert {f.player: f.prize for f in standings[:3]} == expected
    assert sum(f.prize for f in standings) == t.prize_pool == 400
    assert [f.player for f in standings[:3]] == sorted(chips, key=lambda p: -chips[p])
    assert len(set(chips.values())) == 3


def test_a_deal_is_made_between_hands_only(win_for) -> None:
    t = tournament(3)
    hand = t.start_hand()
    with pytest.raises(pf.IllegalAction):
        t.accept_deal()                    # a hand in play
    win_for(hand, 2)
    with pytest.raises(pf.IllegalAction):
        t.accept_deal()                    # over but not ended
    t.end_hand()
    assert len(t.accept_deal()) == 3


def test_equal_stacks_in_a_deal_share_a_place() -> None:
    """Before any hand every stack is the same: one shared first place, the pool split evenly."""
    t = tournament(4)
    standings = t.accept_deal()
    assert [(f.place, f.prize) for f in standings] == [(1, 100)] * 4
    assert t.is_over
