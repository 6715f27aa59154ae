"""Long random sessions at a table: thousands of hands with players joining, leaving, sitting out,
busting and rebuying. The ledger always balances; the button rules keep their promises
(RROP11 Button & Blind Use item 2; TDA 2024 R32, R34-B; WIKI_BIP Moving button, Posting)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.table.blind_rules import back_in_blinds, owes_skipped_blinds

import pokerfloor as pf
from pokerfloor.table import KillGame, NotEnoughPlayers, Table, TableOptions, buy_in_limits
from pokerfloor.table.buttons import BlindPlan

RULES = ("dead_button", "moving_button", "simplified")
GAMES = (pf.Game.no_limit_holdem(1, 2), pf.Game.fixed_limit_holdem(2, 4), pf.Game.pot_limit_omaha(1, 2))


class Session:
    """Drives a table at random and checks it after every hand."""

    def __init__(self, table: Table, rng: random.Random, play_out: Callable[[pf.Hand, random.Random], None]) -> None:
        self.table, self.rng, self.play_out = table, rng, play_out
        self.names = 0
        self.history: list[tuple[frozenset[tuple[int, str]], dict[str, list[str]], bool]] = []
        self.last_bb: str | None = None
        self.last_heads_up = False
        self.last_plan: BlindPlan | None = None
        self.hands = 0

    def step(self, move: str) -> None:
        t, rng = self.table, self.rng
        seats = t.seats
        low, high = buy_in_limits(t.game)
        if move == "join":
            empty = [s for s in range(1, t.size + 1) if s not in seats]
            if empty:
                self.names += 1
                t.sit(rng.choice(empty), f"P{self.names}", rng.randint(low, high or 5 * low), post=rng.random() < 0.5)
        elif move == "leave" and seats:
            t.leave(rng.choice(list(seats)))
        elif move == "sit_out":
            playing = [s for s, seat in seats.items() if seat.status == "playing" and not seat.busted]
            if playing:
                t.sit_out(rng.choice(playing))
        elif move == "sit_in":
            away = [s for s, seat in seats.items() if seat.status != "playing" and not seat.busted]
            if away:
                t.sit_in(rng.choice(away), post=rng.random() < 0.6)
        elif move == "rebuy":
            broke = [s for s, seat in seats.items() if seat.busted]
            if broke:
                t.rebuy(rng.choice(broke), low, post=rng.random() < 0.5)
        elif move == "top_up":
            short = [s for s, seat in seats.items() if 0 < seat.chips < low]
            if short:
                t.top_up(rng.choice(short), low)
        else:
            self.deal()

    def deal(self) -> None:
        t = self.table
        try:
            hand = t.start_hand()
        except NotEnoughPlayers:
            return
        plan = t.plan
        assert plan is not None
        self.hands += 1
        self.check_deal(hand, plan)
        self.play_out(hand, self.rng)
        assert t.end_hand()
        t.verify()
        assert t.ledger.on_table() == t.ledger.brought_in() - t.ledger.taken_away() == sum(t.stacks().values())

    def check_deal(self, hand: pf.Hand, plan: BlindPlan) -> None:
        """The blind rules of a two-blind (or one-blind) table, checked on each hand dealt."""
        t = self.table
        check_posts_planned(t, hand)
        if t.options.kill is not None:
            return  # a killer due a blind posts the kill instead: the blind checks below do not hold
        who = {seat: t.seats[seat].player for seat in plan.dealt}
        bbs = [p for p in hand.posts if p.kind == "bb"]
        assert [p.seat for p in bbs] == [hand.big_blind_seat] == [plan.big_blind_seat]
        assert len([p for p in hand.posts if p.kind == "sb"]) <= 1
        heads_up = len(hand.seats) == 2
        if heads_up:
            assert hand.small_blind_seat == hand.button_seat
        bb_player = who[plan.big_blind_seat]
        twice_allowed = t.house.heads_up_transition == "simplified" and heads_up and not self.last_heads_up
        restarted = plan.new_game and t.house.heads_up_transition == "simplified"
        returned = self.last_plan is not None and back_in_blinds(t.house.button_rule, self.last_plan, plan)
        if self.last_bb is not None and not restarted and not twice_allowed and not returned:
            assert bb_player != self.last_bb, "nobody has the big blind twice in a row"
        self.last_bb, self.last_heads_up, self.last_plan = bb_player, heads_up, plan
        paid: dict[str, list[str]] = {}
        for post in hand.posts:
            paid.setdefault(who[post.seat], []).append(post.kind)
        self.history.append((frozenset(who.items()), paid, heads_up or plan.new_game or owes_skipped_blinds(plan)))
        self.check_orbit()

    def check_orbit(self) -> None:
        """With the same players dealt in for two orbits (no heads-up, no skipped blind still owed),
        each of them posted one small blind and one big blind in the last orbit (RROP11 Button &
        Blind Use item 2)."""
        if not self.history:
            return
        dealt = self.history[-1][0]
        n = len(dealt)
        recent = self.history[-2 * n :]
        if len(recent) < 2 * n or any(h[0] != dealt or h[2] for h in recent):
            return
        for _, name in dealt:
            kinds = [k for _, paid, _ in recent[-n:] for k in paid.get(name, [])]
            assert sorted(kinds) == ["bb", "sb"], (name, kinds)


def check_posts_planned(table: Table, hand: pf.Hand) -> None:
    """Every forced bet the hand charged is one the table planned and logged (the game's antes
    aside, which the hand posts itself): the hand added no blind of its own, and dropped none."""
    planned = sorted((e.seat, e.chips, e.note) for e in table.events
                     if e.kind == "post" and e.hand == table.hand_number)
    charged = sorted((p.seat, p.amount, p.kind + ("" if p.live else " dead")) for p in hand.posts
                     if p.kind not in ("ante", "bb_ante"))
    assert charged == planned, (table.hand_number, planned, charged)


def session(seed: int, rule: str, transition: str, game: pf.Game, size: int, play_out,
            options: TableOptions | None = None) -> Session:
    rng = random.Random(seed)
    house = pf.HouseRules(button_rule=rule, heads_up_transition=transition)  # type: ignore[arg-type]
    table = Table(game, seats=size, house=house, rng=random.Random(seed + 1), options=options)
    s = Session(table, rng, play_out)
    for _ in range(rng.randint(2, size)):
        s.step("join")
    return s


MOVES = ["deal"] * 12 + ["join", "leave", "sit_out", "sit_in", "sit_in", "rebuy", "rebuy", "top_up"]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rule=st.sampled_from(RULES),
    transition=st.sampled_from(("no_bb_twice", "simplified")),
    game=st.sampled_from(GAMES),
    size=st.integers(2, 10),
    moves=st.lists(st.sampled_from(MOVES), min_size=50, max_size=250),
)
def test_random_sessions_balance_the_ledger_and_keep_the_blind_rules(
    play_out, seed, rule, transition, game, size, moves
) -> None:
    s = session(seed, rule, transition, game, size, play_out)
    for move in moves:
        s.step(move)


@pytest.mark.parametrize("rule", RULES)
def test_two_thousand_hands_with_players_coming_and_going(play_out, rule) -> None:
    s = session(2024, rule, "no_bb_twice", GAMES[0], 9, play_out)
    rng = random.Random(rule)
    while s.hands < 2000:
        s.step(rng.choice(MOVES))
    assert s.table.hand_number >= 2000


@pytest.mark.parametrize("rule", RULES)
def test_kill_games_charge_only_the_blinds_the_table_planned(play_out, rule) -> None:
    """RROP11 Kill Pots (the killer posts the kill blind; a killer due a blind posts the kill in
    its place, WIKI_BIP Kill game): in 3,000 random limit hands of a kill game every post the hand
    charges is one the table planned. Before, a killer due the only blind placed left the hand
    with none, so it added the game's own: the killer paid a blind besides the kill, and another
    seat a blind it did not owe."""
    s = session(7, rule, "no_bb_twice", pf.Game.fixed_limit_holdem(5, 10), 6, play_out,
                TableOptions(kill=KillGame()))
    rng = random.Random(rule)
    kills, dealt, replayed = 0, 0, 0
    while s.hands < 3000:
        s.step(rng.choice(MOVES))
        hand = s.table.hand
        if s.hands > dealt and hand is not None:
            dealt = s.hands
            kills += any(p.kind == "kill" for p in hand.posts)
            record = hand.record()
            if replayed < 30 and record.posts != hand.posts:
                # the killer's blind, charged as the kill, stays placed: the record replays the hand
                again = pf.Hand.from_record(record)
                assert again.posts == hand.posts and again.result == hand.result
                replayed += 1
    assert kills > 100 and replayed > 0
