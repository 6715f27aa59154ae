"""Long random sessions through the pure button rules: players join, leave, sit out, come back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.table.blind_rules import back_in_blinds

from pokerfloor.table.buttons import NotEnoughPlayers, between

RULES = ("dead_button", "moving_button", "simplified")
TRANSITIONS = ("no_bb_twice", "simplified")

moves = st.lists(
    st.tuples(st.sampled_from(["deal", "deal", "deal", "leave", "join", "sit_out", "come_back"]), st.integers(0, 99)),
    min_size=20,
    max_size=300,
)


@settings(max_examples=150, deadline=None)
@given(
    rule=st.sampled_from(RULES),
    transition=st.sampled_from(TRANSITIONS),
    size=st.integers(2, 10),
    start=st.integers(2, 10),
    steps=moves,
    post_choice=st.booleans(),
)
def test_random_sessions_keep_the_blind_rules(orbit, rule, transition, size, start, steps, post_choice) -> None:
    """Every hand: one big blind, at most one small blind, posts only from dealt seats, nobody
    dealt between the small blind and the button who was not there before, nobody the big blind
    twice in a row under no_bb_twice, and under the dead button the big blind is the next small
    blind (TDA 2024 R32, R34-B; RROP11 Button & Blind Use item 2; WIKI_BIP Moving button)."""
    table = orbit(range(1, min(start, size) + 1), size=size, rule=rule, transition=transition)
    who = {seat: seat for seat in table.seats}
    next_player = 100
    last = None
    for move, pick in steps:
        occupied = sorted(table.seats)
        empty = [s for s in range(1, size + 1) if s not in table.seats]
        if move == "leave" and occupied:
            seat = occupied[pick % len(occupied)]
            table.leave(seat)
            del who[seat]
        elif move == "join" and empty:
            seat = empty[pick % len(empty)]
            table.join(seat, post=post_choice or pick % 2 == 0)
            who[seat], next_player = next_player, next_player + 1
        elif move == "sit_out":
            playing = [s for s in occupied if table.seats[s].status == "playing"]
            if playing:
                table.sit_out(playing[pick % len(playing)])
        elif move == "come_back":
            away = [s for s in occupied if table.seats[s].status == "sitting_out"]
            if away:
                table.come_back(away[pick % len(away)], post=pick % 3 != 0)
        elif move == "deal":
            before = dict(table.seats)
            try:
                plan = table.deal()
            except NotEnoughPlayers:
                last = None
                table.previous = None
                continue
            bb_posts = [p for p in plan.posts if p.kind == "bb"]
            sb_posts = [p for p in plan.posts if p.kind == "sb"]
            assert [p.seat for p in bb_posts] == [plan.big_blind_seat]
            assert len(sb_posts) <= 1
            assert all(p.seat in plan.dealt for p in plan.posts)
            assert plan.big_blind_seat in plan.dealt and len(plan.dealt) >= 2
            if plan.heads_up:
                assert len(plan.dealt) == 2 and plan.small_blind_seat == plan.button_seat
            pos = plan.positions
            for seat in plan.dealt:
                if before[seat].status == "waiting" and seat != pos.big_blind and not plan.new_game:
                    assert not (seat in (pos.button, pos.small_blind) or between(pos.button, pos.small_blind, seat))
                assert before[seat].status != "sitting_out"
            if last is not None and (not plan.new_game or transition == "no_bb_twice"):
                last_plan, last_who = last
                same_bb = last_who.get(last_plan.big_blind_seat) == who.get(plan.big_blind_seat)
                if (transition == "no_bb_twice" or last_plan.heads_up or not plan.heads_up) and not back_in_blinds(
                    rule, last_plan, plan
                ):
                    assert not same_bb  # under no_bb_twice, across a restarted game too
            if last is not None and not plan.new_game:
                last_plan, last_who = last
                if (
                    rule == "dead_button"
                    and not plan.heads_up
                    and not last_plan.heads_up
                    and who.get(last_plan.big_blind_seat) == last_who[last_plan.big_blind_seat]
                    and before.get(last_plan.big_blind_seat) is not None
                    and before[last_plan.big_blind_seat].status == "playing"
                ):
                    assert plan.small_blind_seat == last_plan.big_blind_seat
            for seat, state in table.seats.items():
                owed = state.owes
                if rule != "moving_button":
                    assert not (owed.skipped_big or owed.skipped_small)
                if seat in plan.dealt:
                    assert not owed.to_come_in
                    assert len([p for p in plan.posts if p.seat == seat]) <= 2
                was = before[seat]
                owed_before = was.owes.skipped_big or was.owes.skipped_small
                if owed_before and seat in plan.dealt and not (plan.heads_up or plan.new_game):
                    assert was.status != "playing" or len([p for p in plan.posts if p.seat == seat]) == 1
            last = (plan, dict(who))
