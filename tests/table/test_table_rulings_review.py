"""Table rulings from a tournament director's review (issue 10): the return rule's maximum, the
hi-lo kill, three blinds and the big blind after a restarted game."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_sessions import MOVES, Session

import pokerfloor as pf
from pokerfloor.table import KillButton, KillGame, ManualClock, Table
from pokerfloor.table.buttons import BlindPlan
from pokerfloor.table.customs import after_hand

NL = pf.Game.no_limit_holdem(1, 2)  # buy-in 40 to 200


def refused(reason: str, call: object, *args: object) -> pf.IllegalAction:
    with pytest.raises(pf.IllegalAction) as caught:
        call(*args)  # type: ignore[operator]
    assert caught.value.reason == reason
    return caught.value


# GENRULES (seed 002) return rule: the maximum is waived only for more than the maximum -----------


def test_return_rule_waives_the_maximum_only_for_a_player_who_left_with_more_than_it() -> None:
    """GENRULES, seed 002: the maximum buy-in is waived for "um jogador que deixou um jogo com mais
    que o máximo", and only up to what they took. Alice leaves with 100 at a 200-maximum table and
    is back in 5 minutes: she brings at least 100 and at most 200, never 500."""
    clock = ManualClock()
    t = Table(NL, seats=6, rng=random.Random(1), clock=clock)
    t.sit(1, "Alice", 100, player_id="Alice")
    t.leave(1)
    clock.advance(minutes=5)
    refused("above_max_buy_in", partial(t.sit, player_id="Alice"), 1, "Alice", 500)
    refused("above_max_buy_in", partial(t.sit, player_id="Alice"), 1, "Alice", 201)
    refused("must_return_with_amount_taken", partial(t.sit, player_id="Alice"), 1, "Alice", 99)
    t.sit(1, "Alice", 200, player_id="Alice")


def test_return_rule_maximum_is_what_a_player_took_above_the_maximum() -> None:
    """GENRULES, seed 002: a player who left with more than the maximum may bring back what they
    took, and no more."""
    clock = ManualClock()
    t = Table(NL, seats=6, rng=random.Random(1), clock=clock)
    t.sit(1, "Alice", 200, player_id="Alice")
    t.sit(2, "Bob", 200, player_id="Bob")
    hand = t.start_hand(holes={1: "AsAh", 2: "7c2d"}, board="KdQc4h3s2h")
    while not hand.is_over:  # both push all in: Alice's aces hold
        hand.act(hand.to_act, "all_in")
    took = t.leave(1)
    assert took == 400
    clock.advance(minutes=5)
    refused("above_max_buy_in", partial(t.sit, player_id="Alice"), 1, "Alice", took + 1)
    t.sit(1, "Alice", took, player_id="Alice")


# RROP11 Kill Pots; WIKI_KILL: a hi-lo kill is required by a scoop over the set size ------------


def test_hi_lo_killer_kills_again_only_by_scooping_a_pot_over_the_set_size() -> None:
    """RROP11 Kill Pots, rules.md §2.7: in a hi-lo kill game a kill is required by a scoop of a pot
    over the set size, and a killer who wins the kill hand kills again only if that win meets the
    trigger again: a small pot, a pot shared high-low or a split pot ends the kill."""
    rules = KillGame(trigger="pot", pot_over=50)
    kill = KillButton("Ann", 1, "Ann")
    assert after_hand(kill, rules, ["Ann"], scooped=True, pot=60, voluntary=20, full_bet=4).killer == "Ann"
    assert after_hand(kill, rules, ["Ann"], scooped=True, pot=40, voluntary=20, full_bet=4).killer is None
    assert after_hand(kill, rules, ["Ann"], scooped=False, pot=60, voluntary=20, full_bet=4).killer is None
    assert after_hand(kill, rules, ["Ann", "Bo"], scooped=False, pot=60, voluntary=20, full_bet=4).killer is None


def test_legs_killer_who_wins_kills_again() -> None:
    """RROP11 Kill Pots items 2-4: in a legs game the killer who wins the kill pot kills again,
    whatever its size."""
    kill = KillButton("Ann", 2, "Ann")
    assert after_hand(kill, KillGame(), ["Ann"], scooped=True, pot=9, voluntary=0, full_bet=4).killer == "Ann"


# The big blind after a restarted game: house option heads_up_transition (contested point 5) ----


def restarted_heads_up(transition: str) -> tuple[pf.Hand, pf.Hand]:
    """Heads-up, Ann on the button (seat 1) and Bo in the big blind (seat 3); Ann folds and leaves,
    Cy sits in seat 2 (between them) and the table restarts the game with Bo and Cy."""
    house = pf.HouseRules(heads_up_transition=transition)  # type: ignore[arg-type]
    t = Table(NL, seats=6, rng=random.Random(1), button=1, house=house)
    t.sit(1, "Ann", 200, player_id="Ann")
    t.sit(3, "Bo", 200, player_id="Bo")
    first = t.start_hand()
    first.act(1, "fold")
    t.leave(1)
    t.sit(2, "Cy", 200, player_id="Cy")
    second = t.start_hand()
    assert t.plan is not None and t.plan.new_game
    return first, second


def test_no_big_blind_twice_across_a_restarted_game_tda_2024_r34_b() -> None:
    """Ruling: a game restarted because the button left heads-up is the same game going on for the
    player who stays; TDA 2024 R34-B (nobody posts the big blind twice in a row) and RROP11 Button &
    Blind Use item 2 (every player meets the blind obligations in turn) decide it, so under
    ``heads_up_transition="no_bb_twice"`` Bo, who just posted the big blind, takes the button and
    the small blind, and the new player Cy the big blind."""
    first, second = restarted_heads_up("no_bb_twice")
    assert first.big_blind_seat == 3
    assert (second.button_seat, second.small_blind_seat, second.big_blind_seat) == (3, 3, 2)


def test_restarted_game_may_repeat_the_big_blind_under_the_simplified_reading() -> None:
    """The other reading: RROP11 treats a newly started game as new (nobody owes anything) and
    WIKI_BIP Simplified moves the button on to the next player, so Bo may post the big blind again:
    ``heads_up_transition="simplified"``."""
    first, second = restarted_heads_up("simplified")
    assert first.big_blind_seat == 3
    assert (second.button_seat, second.big_blind_seat) == (2, 3)


# Three blinds and button blinds at a table: new players and missed blinds ----------------------


def posts(hand: pf.Hand) -> list[tuple[int, int, str, bool]]:
    return [(p.seat, p.amount, p.kind, p.live) for p in hand.posts]


def checked_down(hand: pf.Hand) -> None:
    while not hand.is_over:
        assert hand.to_act is not None
        hand.act(hand.to_act, "fold" if hand.legal().call else "check")


@pytest.mark.parametrize(
    ("blinds", "on_button", "first", "poster"),
    [
        ((1, 2, 4), False, [(2, 1, "sb", True), (3, 2, "sb", True), (4, 4, "bb", True)], (6, 4, "new_player", True)),
        ((1, 2), True, [(1, 1, "button_blind", True), (2, 2, "bb", True)], (6, 2, "new_player", True)),
    ],
    ids=["three_blinds", "button_blind"],
)
def test_three_blind_and_button_blind_games_take_new_players_as_two_blind_games(
    blinds: tuple[int, ...], on_button: bool, first: list[object], poster: tuple[object, ...]
) -> None:
    """RROP11 Button & Blind Use; TDA 2024 R8-A, R10-A (rules.md §2.9): at a three-blind or
    button-blind table, as at a two-blind one, a new player posts a big blind to come in at once
    or waits for the big blind, and is never dealt in between the blinds and the button; the
    blinds move on one seat a hand."""
    game = pf.Game(variant="holdem", structure="no_limit", blinds=blinds, first_blind_on_button=on_button)
    t = Table(game, seats=6, rng=random.Random(1), button=1)
    for seat in (1, 2, 3, 4):
        t.sit(seat, f"P{seat}", 200, player_id=f"P{seat}")
    hand = t.start_hand()
    assert hand.button_seat == 1 and posts(hand) == first
    checked_down(hand)
    t.sit(5, "Waits", 200, player_id="Waits")
    t.sit(6, "Posts", 200, post=True, player_id="Posts")
    hand = t.start_hand()
    assert hand.button_seat == 2 and poster in posts(hand) and 6 in hand.seats
    big_blind = hand.big_blind_seat
    assert (5 in hand.seats) == (big_blind == 5)
    assert any(e.kind in ("waits_for_big_blind", "comes_in_at_big_blind") and e.seat == 5 for e in t.events)


@pytest.mark.parametrize(("blinds", "on_button"), [((1, 2, 4), False), ((1, 2), True)], ids=["three", "button"])
def test_three_blind_and_button_blind_games_owe_missed_blinds(blinds: tuple[int, ...], on_button: bool) -> None:
    """RROP11 Button & Blind Use (missed blinds); WIKI_BIP Posting: a player away while the blinds
    pass misses them and, coming back, posts the big blind live and the small one dead, as in a
    two-blind game."""
    game = pf.Game(variant="holdem", structure="no_limit", blinds=blinds, first_blind_on_button=on_button)
    t = Table(game, seats=6, rng=random.Random(1), button=1)
    for seat in (1, 2, 3, 4, 5, 6):
        t.sit(seat, f"P{seat}", 200, player_id=f"P{seat}")
    checked_down(t.start_hand())
    t.sit_out(2)
    for _ in range(6):
        checked_down(t.start_hand())
    assert t.seats[2].owes.missed_big and t.seats[2].owes.missed_small
    t.sit_in(2, post=True)
    hand = t.start_hand()
    while 2 not in hand.seats:
        checked_down(hand)
        hand = t.start_hand()
    small, big = blinds[-2], blinds[-1]
    assert [p for p in posts(hand) if p[0] == 2] == [(2, big, "missed_bb", True), (2, small, "missed_sb", False)]


BLIND_LAYOUTS = (
    pf.Game(variant="holdem", structure="no_limit", blinds=(1, 2, 4)),
    pf.Game(variant="holdem", structure="fixed_limit", blinds=(1, 1, 2), small_bet=2),
    pf.Game(variant="holdem", structure="no_limit", blinds=(1, 2, 4), first_blind_on_button=True),
    pf.Game(variant="holdem", structure="no_limit", blinds=(1, 2), first_blind_on_button=True),
    pf.Game.short_deck_holdem(ante=1, button_blind=2),
)


class BlindLayoutSession(Session):
    """test_sessions' random session, with the checks that hold for every blind layout."""

    def check_deal(self, hand: pf.Hand, plan: BlindPlan) -> None:
        assert hand.button_seat == plan.button_seat
        blinds = [p.seat for p in hand.posts if p.kind in ("sb", "bb", "button_blind")]
        assert len(blinds) == len(set(blinds)) <= len(self.table.game.blinds)
        assert [p.seat for p in hand.posts if p.kind == "bb"] == [plan.big_blind_seat]


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    game=st.sampled_from(BLIND_LAYOUTS),
    rule=st.sampled_from(("dead_button", "moving_button", "simplified")),
    transition=st.sampled_from(("no_bb_twice", "simplified")),
    moves=st.lists(st.sampled_from(MOVES), min_size=30, max_size=150),
)
def test_three_blind_and_button_blind_sessions_keep_the_ledger_and_one_blind_a_seat(
    play_out: Callable[[pf.Hand, random.Random], None],
    seed: int,
    game: pf.Game,
    rule: str,
    transition: str,
    moves: list[str],
) -> None:
    """RROP11 Button & Blind Use; TDA 2024 R34-B: over random sessions of three-blind and
    button-blind tables, every hand has its big blind where the plan puts it, no seat posts two of
    the blinds, the hand's button is the plan's, and the ledger balances."""
    house = pf.HouseRules(button_rule=rule, heads_up_transition=transition)  # type: ignore[arg-type]
    table = Table(game, seats=7, house=house, rng=random.Random(seed + 1))
    session = BlindLayoutSession(table, random.Random(seed), play_out)
    for move in ["join"] * 3 + moves:
        session.step(move)
