"""The tournament floor's rulings, clause by clause (table/floor.py, table/event.py; TDA 2024
Rules 7, 8, 10, 11, 23, 24; hand-for-hand, bounties, deals)."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.cards import Card
from pokerfloor.table import ManualClock
from pokerfloor.table.event import Break, MultiTableTournament
from pokerfloor.table.floor import (
    chip_race,
    halted,
    player_to_move,
    two_step_draw,
    worst_position,
)
from pokerfloor.table.tournament import Level

NL = pf.Game.no_limit_holdem(25, 50, min_chip=25)
LEVELS = [Level(25, 50, hands=50), Level(50, 100)]


def event(entries: int, seats: int = 9, **kw: object) -> MultiTableTournament:
    kw.setdefault("rng", random.Random(7))
    ev = MultiTableTournament(NL, kw.pop("levels", LEVELS), starting_stack=1000, seats=seats, buy_in=100, **kw)  # type: ignore[arg-type]
    for k in range(entries):
        ev.register(f"p{k}")
    ev.start()
    return ev


def finish(ev: MultiTableTournament, no: int, shovers: tuple[int, ...] = ()) -> None:
    """Play table ``no``'s hand: the seats in ``shovers`` get all in, the others fold."""
    table = ev.tables[no]
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal()
        if seat in shovers and legal.raise_ is not None:
            table.act(seat, "raise", legal.raise_.max_to)
        elif seat in shovers or not legal.call:
            table.act(seat, "call" if legal.call else "check")
        else:
            table.act(seat, "fold")
    ev.end_hand(no)


# ---------------------------------------------------------------------------- Rule 7 and 8
def test_seats_are_drawn_at_random_and_tables_balanced_tda2024_rule_7() -> None:
    draws = {tuple(sorted((e.entry, e.table, e.seat) for e in event(20, rng=random.Random(s)).entries.values()))
             for s in range(5)}
    assert len(draws) == 5
    ev = event(20)
    assert sorted(len(t.seats) for t in ev.tables.values()) == [6, 7, 7]
    assert all(e.kind == "seat" and e.rule == cite.RANDOM_SEATING for e in ev.events)


def test_late_entry_draws_from_the_shortest_tables_with_a_full_stack_tda2024_rule_8a() -> None:
    ev = event(13, late_until=1)
    counts = {no: len(t.seats) for no, t in ev.tables.items()}
    entry = ev.register("late")
    no, seat = ev.seat_of(entry)  # type: ignore[misc]
    assert counts[no] == min(counts.values())
    assert ev.tables[no].seats[seat].chips == 1000 and ev.events[-1].rule == cite.LATE_ENTRY
    assert ev.chips_issued == 14 * 1000 == ev.chips_on_tables()


def test_registration_closes_after_the_set_level_tda2024_rule_8a() -> None:
    ev = event(4, levels=[Level(25, 50, hands=1), Level(50, 100)], late_until=1)
    no = ev.ready()[0]
    ev.deal(no)
    finish(ev, no)
    ev.ready()
    assert ev.level_number == 2
    with pytest.raises(pf.IllegalAction):
        ev.register("too late")


def test_a_reentry_forfeits_the_old_stack_tda2024_rule_8b() -> None:
    ev = event(6, late_until=1, reentries=1)
    old = next(e for e in ev.entries.values() if e.player == "p0")
    ev.register("p0")
    assert old.out and ev.chips_issued == 6 * 1000 == ev.chips_on_tables()
    assert ev.events[-2].kind == "forfeit" and ev.events[-2].rule == cite.FORFEIT
    with pytest.raises(pf.IllegalAction):
        ev.register("p0")          # one re-entry


# ---------------------------------------------------------------------------- Rule 10
def test_the_two_step_draw_deals_the_seat_cards_highest_card_first_tda2024_rule_10b() -> None:
    cards = [(1, 3), (1, 8), (2, 5)]
    drawn, dealt = two_step_draw(["a", "b", "c"], cards, random.Random(4))
    rng = random.Random(4)
    stack = list(cards)
    rng.shuffle(stack)
    order = sorted(dealt, key=lambda p: dealt[p], reverse=True)
    assert [drawn[p] for p in order] == stack
    assert all(isinstance(c, Card) for c in dealt.values())


def test_a_broken_tables_players_fill_the_others_and_may_take_the_big_blind_tda2024_rule_10() -> None:
    ev = event(12, seats=6)            # two tables of six
    assert len(ev.tables) == 2
    ev = event(13, seats=6)            # three tables: 5, 4, 4
    while len(ev.tables) == 3:
        ready = ev.ready()
        for no in ready:
            ev.deal(no)
        for no in ready:
            seats = sorted(ev.tables[no].seats)
            finish(ev, no, (seats[0], seats[1]))
    broke = [e for e in ev.events if e.kind == "break_table"]
    assert broke and broke[0].table == 3 and broke[0].rule == cite.BREAKING
    assert max(len(t.seats) for t in ev.tables.values()) <= 6


# ---------------------------------------------------------------------------- Rule 11
def test_worst_position_is_the_single_big_blind_never_the_small_blind_tda2024_rule_11a() -> None:
    # last big blind seat 4: the big blind moves to 5 next; 5 is empty: the single big blind
    assert worst_position(9, [1, 2, 3, 4, 6, 7, 8, 9], 4) == 5
    # 5 is taken: the empty seat the big blind reaches first is 7, not 2 (between the blinds and the button)
    assert worst_position(9, [1, 3, 4, 5, 6, 8, 9], 4) == 7
    # seat 4 (last big blind, the next small blind) and 6 empty: 6, never the small blind
    assert worst_position(9, [1, 2, 3, 5, 7, 8, 9], 4) == 6


def test_the_player_due_the_big_blind_moves_even_to_be_big_blind_twice_tda2024_rule_11a() -> None:
    assert player_to_move(9, [1, 2, 3, 5, 8], 5, 4, stud=False) == 5
    # stud only: by position, the seat of the number filled at the short table, or the next one
    assert player_to_move(8, [1, 2, 3, 5, 8], None, 4, stud=True) == 5
    assert worst_position(8, [1, 2, 5], None, stud=True) == 8


def test_balancing_moves_the_next_big_blind_to_the_worst_position_tda2024_rule_11a() -> None:
    ev = event(10, seats=5)            # two tables of five
    moved = None
    for _ in range(200):
        for no in ev.ready():
            ev.deal(no)
        due = {}
        for no in sorted(ev.tables, reverse=True):   # table 2 folds round, table 1 shoves
            seats = sorted(ev.tables[no].seats)
            if no == 1:
                finish(ev, no, (seats[0], seats[1]))
            else:
                finish(ev, no)
                due[no] = ev.tables[no].seats[ev.tables[no].preview().big_blind_seat].player_id
        moves = [e for e in ev.events if e.kind == "move"]
        if moves:
            moved = moves[0]
            break
    assert moved is not None and moved.rule == cite.BALANCING and moved.table == 1
    assert moved.entry == due[2] and "due the big blind next" in moved.text
    target = ev.tables[1]
    assert moved.seat == worst_position(target.size, [s for s in target.seats if s != moved.seat],
                                        target.positions.big_blind)  # type: ignore[union-attr]
    counts = sorted(len(t.seats) for t in ev.tables.values())
    assert counts[-1] - counts[0] <= 1


def test_play_halts_at_a_table_three_short_once_its_big_blind_is_empty_tda2024_rule_11d() -> None:
    # Illustration Addendum: 9-handed, table A has 5, table B 8: halt once A's big blind is an empty seat
    assert halted(9, [1, 2, 3, 4, 8], 8, 4)
    assert not halted(9, [1, 2, 3, 4, 5, 8], 8, 4)          # the big blind moves to seat 5, taken
    assert not halted(9, [1, 2, 3, 4, 8, 9], 8, 4)          # only 2 short
    assert not halted(9, [1, 2, 3, 4, 8], 8, 4, stud=True)


# ---------------------------------------------------------------------------- hand-for-hand, places
def test_players_out_in_one_hand_finish_by_their_starting_stacks_ties_share_busts() -> None:
    ev = event(3, payouts=(50, 30, 20))
    ev._s.out = [[("e1", 500), ("e2", 500)]]       # two equal stacks out in one hand
    ev.entries["e1"].out = ev.entries["e2"].out = True
    places = {p.entry: p for p in ev.standings()}
    assert places["e1"].place == places["e2"].place == 2
    assert places["e1"].prize + places["e2"].prize == 30 * 3 + 20 * 3
    ev._s.out = [[("e1", 400), ("e2", 500)]]
    places = {p.entry: p for p in ev.standings()}
    assert (places["e2"].place, places["e1"].place) == (2, 3)


def test_hand_for_hand_at_the_bubble_every_table_deals_once_hand_for_hand() -> None:
    ev = event(12, seats=6, payouts=tuple(range(11, 0, -1)))   # 11 paid of 12: the bubble at once
    assert ev.hand_for_hand
    ready = ev.ready()
    assert sorted(ready) == [1, 2] and ev.events[-1].rule == cite.HAND_FOR_HAND
    ev.deal(1)
    assert ev.ready() == [2]
    finish(ev, 1)
    assert ev.ready() == [2]            # table 1 waits for table 2
    ev.deal(2)
    finish(ev, 2)
    assert sorted(ev.ready()) == [1, 2]


# ---------------------------------------------------------------------------- Rule 23, breaks
def test_a_new_level_applies_to_each_tables_next_hand_tda2024_rule_23() -> None:
    clock = ManualClock()
    ev = event(12, seats=6, levels=[Level(25, 50, minutes=20), Level(50, 100)], clock=clock)
    ev.deal(1)
    ev.deal(2)
    clock.advance(minutes=21)
    finish(ev, 1)
    assert ev.ready() == [1]            # the floor announces the new level
    hand = ev.deal(1)
    assert ev.level_number == 2 and hand.game.big_blind == 100
    assert ev.tables[2].hand.game.big_blind == 50        # the hand in play stays at its level
    finish(ev, 2)
    assert ev.deal(2).game.big_blind == 100


def test_a_break_stops_every_table_until_it_is_over_breaks() -> None:
    clock = ManualClock()
    ev = event(4, levels=[Level(25, 50, minutes=20), Break(10), Level(50, 100)], clock=clock)
    ev.deal(1)
    clock.advance(minutes=21)
    finish(ev, 1)
    assert ev.ready() == [] and ev.on_break
    clock.advance(minutes=10)
    assert ev.ready() == [1] and ev.level_number == 3


# ---------------------------------------------------------------------------- Rule 24
def test_the_chip_race_from_seat_1_one_chip_each_nobody_raced_out_tda2024_rule_24() -> None:
    race = chip_race({1: 1075, 2: 1050, 3: 25, 4: 1000}, 25, 100, random.Random(3))
    assert race.odd == {1: 75, 2: 50, 3: 25}
    assert [len(c) for c in race.cards.values()] == [3, 2, 1]
    assert list(race.cards) == [1, 2, 3]                 # dealt from seat 1 on
    assert len(race.winners) == 2                        # 150 of odd chips: 1.5 chips of 100, rounded up
    assert all(race.stacks[s] % 100 == 0 for s in race.stacks)
    assert race.stacks[3] == 100                         # raced out of its last chip, or won: one chip
    assert sum(race.stacks.values()) == 3150 + race.change
    assert all(race.stacks[s] <= v - race.odd.get(s, 0) + 100 for s, v in {1: 1075, 2: 1050}.items())


def test_an_event_races_at_the_scheduled_colour_up_and_says_so_tda2024_rule_24() -> None:
    ev = event(4, levels=[Level(25, 50, hands=1), Level(100, 200)], colour_ups=[(2, 25, 100)])
    while ev.level_number == 1 or not any(e.kind == "chip_race" for e in ev.events):
        no = ev.ready()[0]
        ev.deal(no)
        seats = sorted(ev.tables[no].seats)
        finish(ev, no, (seats[0],))
    race = next(e for e in ev.events if e.kind == "chip_race")
    assert race.rule == cite.CHIP_RACE and "seat" in race.text
    assert all(s.chips % 100 == 0 for t in ev.tables.values() for s in t.seats.values())
    assert ev.chips_on_tables() == ev.chips_issued


# ---------------------------------------------------------------------------- bounties, rebuys, deals
def test_a_bounty_goes_to_the_eliminator_and_a_progressive_half_on_their_head_bounty() -> None:
    ev = event(2, bounty=100, progressive=50)
    while not ev.is_over:
        ev.deal(1)
        finish(ev, 1, tuple(ev.tables[1].seats))
    winner = next(e for e in ev.entries.values() if not e.out)
    assert winner.won == 50 and winner.bounty == 150
    assert any(e.kind == "bounty" and e.rule == cite.PROGRESSIVE_BOUNTY for e in ev.events)


def test_a_declared_rebuy_is_made_and_misses_no_hand_tda2024_rule_27() -> None:
    ev = event(2, rebuys_until=1, rebuy_price=100)
    for entry in ev.left:
        ev.declare_rebuy(entry)
    while not any(e.kind == "rebuy" for e in ev.events):
        ev.deal(1)
        finish(ev, 1, tuple(ev.tables[1].seats))
    assert len(ev.left) == 2 and ev.prize_pool == 300
    assert any(e.kind == "rebuy" and e.rule == cite.REBUYS for e in ev.events)
    assert ev.ready() == [1]


def test_an_icm_deal_mid_event_pays_the_pool_icm() -> None:
    ev = event(8, seats=4, payouts=(50, 30, 20))
    assert len(ev.tables) == 2
    deal = ev.icm_deal()
    assert sum(deal.values()) == ev.prize_pool == 800
    places = ev.accept_deal(deal)
    assert ev.is_over and sum(p.prize for p in places) == 800 and len(places) == 8
    chop = event(3).chip_chop()
    assert sum(chop.values()) == 300


def test_in_stud_in_a_mix_the_short_tables_worst_position_follows_the_frozen_blinds_tda2024_rule_11b() -> None:
    # the button frozen at seat 1, a hold'em hand would have its small blind in 2: the single big
    # blind after it is the empty seat 3
    assert worst_position(9, [1, 2, 5, 6], 2) == 3


def test_a_finished_hand_not_ended_is_ended_before_anything_else_deals() -> None:
    ev = event(4)
    ev.deal(1)
    table = ev.tables[1]
    seats = tuple(table.seats)
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        legal = hand.legal()
        table.act(hand.to_act, "raise" if legal.raise_ else "call", legal.raise_.max_to if legal.raise_ else None)
    assert not ev.between_hands(1)
    ready = ev.ready()                  # ends it: the busts are placed
    assert ready == ([1] if not ev.is_over else []) and ev.between_hands(1)
    out = [e for e in ev.entries.values() if e.out]
    assert len(out) == len(seats) - len(table.seats)
    assert ev.chips_on_tables() == ev.chips_issued


def test_players_out_in_one_hand_for_hand_round_at_two_tables_share_a_group_hand_for_hand() -> None:
    for seed in range(60):
        ev = event(8, seats=4, payouts=(4, 3, 2, 1, 1, 1, 1), rng=random.Random(seed))   # 7 paid of 8
        assert ev.hand_for_hand
        ready = ev.ready()
        for no in ready:
            ev.deal(no)
        for no in ready:
            finish(ev, no, tuple(ev.tables[no].seats))
        tables = {e.table for e in ev.events if e.kind == "bust"}
        if len(tables) == 2:
            break
    else:
        raise AssertionError("no round with players out at both tables")
    assert len(ev._s.out) == 1                      # one group: out in the same hand
    group = ev._s.out[0]
    places = {p.entry: p.place for p in ev.standings()}
    for entry, chips in group:
        assert places[entry] == 8 - len(group) + 1 + sum(1 for _, c in group if c > chips)


def test_an_add_on_at_its_level_adds_chips_and_money_add_on() -> None:
    ev = event(4, levels=[Level(25, 50, hands=1), Level(50, 100)], add_on_level=2, add_on_stack=500,
               add_on_price=50)
    entry = ev.left[0]
    with pytest.raises(pf.IllegalAction):
        ev.add_on(entry)                # level 1: not yet
    ev.deal(1)
    finish(ev, 1)
    ev.ready()
    assert ev.level_number == 2
    table, seat = ev.seat_of(entry)  # type: ignore[misc]
    before = ev.tables[table].seats[seat].chips
    ev.add_on(entry)
    assert ev.tables[table].seats[seat].chips == before + 500 and ev.prize_pool == 450
    assert ev.chips_on_tables() == ev.chips_issued == 4500


def test_a_bounty_shared_by_two_winners_splits_as_the_pots_odd_chip_went_tda2024_rule_20() -> None:
    """Seat order from the button breaks a tie of shares, as the pot's odd chip goes left of the
    button (TDA 2024 Rule 20-A); the bigger share of the pot takes the odd unit first."""
    from types import SimpleNamespace

    from pokerfloor.hand import Award

    ev = event(3, bounty=101)
    table = ev.tables[1]
    s1, s2, s3 = sorted(table.seats)
    out = table.seats[s3].player_id
    hand = SimpleNamespace(result=SimpleNamespace(awards=(
        Award(0, 300, frozenset({s1, s2, s3}), {s1: 150, s2: 150}),)), button_seat=s1)
    ev._pay_bounty(1, hand, s3, out)  # type: ignore[arg-type]
    paid = {e.entry: e.won for e in ev.entries.values()}
    # shares equal: the odd unit to the first winner left of the button (s2, then s1)
    assert paid[table.seats[s2].player_id] == 51 and paid[table.seats[s1].player_id] == 50
    assert ev.entries[out].bounty == 0


def holdem_then_razz(players: int) -> tuple[MultiTableTournament, pf.Table]:
    """A HORSE-like event of hold'em and razz, and a tournament table of ``players`` rotating them."""
    stakes = pf.LimitStakes(150, ante=25, bring_in=50)
    rotation = pf.Rotation.of(["holdem", "razz"], stakes)
    ev = pf.MultiTableTournament(rotation, [Level(75, 150)], starting_stack=10_000, rng=random.Random(1))
    table = pf.Table(stakes.game("holdem"), seats=6, button=1, cash=False, rng=random.Random(2))
    for s in range(1, players + 1):
        table.sit(s, f"p{s}", 10_000)
    table.rotate_games(rotation)
    return ev, table


def play_folded(table: pf.Table) -> None:
    """One hand folded to the bring-in or the big blind."""
    hand = table.start_hand()
    while not hand.is_over:
        legal = hand.legal()
        table.act(hand.to_act, "bring_in" if legal.bring_in is not None else ("fold" if legal.call else "check"))
    table.end_hand()


def test_after_the_last_holdem_hand_the_would_be_big_blind_is_found_from_the_frozen_button_tda2024_rule_11b() -> None:
    """The issue's example: five players, hold'em then razz, the button in seat 5 for the last
    hold'em hand; by Rule 11-B the button goes to seat 1 and freezes, so the player who would be
    big blind in hold'em is seat 3, and the short table's single big blind follows seat 2."""
    ev, table = holdem_then_razz(5)
    while table.game.variant != "razz":
        play_folded(table)
    assert table.hand is not None and table.hand.button_seat == 5       # the last hold'em hand
    assert ev._frozen(table) == (2, 3)


def test_a_player_gone_during_stud_leaves_the_would_be_big_blind_to_the_dead_button_rule_tda2024_rule_11b() -> None:
    """Rule 11-B freezes the button and moves "the player who would be big blind if the game
    were hold'em for that hand"; Rule 32 (dead button) says who that is when players come and
    go: the big blind goes to the next player after the last one, and a small blind whose player
    left is dead. So with the would-be small blind gone during razz, the would-be big blind stays
    the player after it (not the player after that), and it is that player's big blind, with
    the button where it froze, when hold'em comes back."""
    ev, table = holdem_then_razz(6)
    while table.game.variant != "razz":
        play_folded(table)
    last = table.positions                              # the last hold'em hand
    assert last is not None
    frozen_button, small, big = last.small_blind, last.big_blind, last.big_blind % 6 + 1
    assert ev._frozen(table) == (small, big)
    play_folded(table)                                  # a razz hand, then the would-be small blind leaves
    table.leave(small)
    assert ev._frozen(table) == (small, big)            # a dead small blind; the big blind is not skipped
    while table.game.variant == "razz":
        play_folded(table)
    plan = table.preview()                              # hold'em again
    assert plan.big_blind_seat == big and plan.positions.button == frozen_button
    assert plan.positions.small_blind == small and small not in table.seats


def test_a_table_broken_during_a_hand_for_hand_round_leaves_the_round_hand_for_hand() -> None:
    for seed in range(80):
        ev = event(10, seats=4, payouts=tuple(range(9, 0, -1)), rng=random.Random(seed))   # 4, 3, 3
        assert ev.hand_for_hand and sorted(ev.ready()) == [1, 2, 3]
        big = max(ev.tables, key=lambda n: len(ev.tables[n].seats))
        ev.deal(big)
        finish(ev, big, tuple(ev.tables[big].seats))
        if ev.players_left <= 8:
            break
    else:
        raise AssertionError("no hand with two players out")
    assert 3 not in ev.tables and any(e.kind == "break_table" for e in ev.events)
    rest = ev.ready()
    assert rest and all(no in ev.tables for no in rest) and big not in rest
    for no in rest:
        ev.deal(no)
        finish(ev, no)
    assert not ev._s.in_round and len(ev._s.out) == 1
