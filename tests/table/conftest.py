"""Drivers for the table tests: the pure blind rules hand by hand, and hands played out."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

from pokerfloor.hand import Hand
from pokerfloor.table.buttons import (
    BlindPlan,
    ButtonRule,
    HeadsUpTransition,
    Owed,
    Positions,
    SeatState,
    WaitingSmallBlind,
    place_blinds,
)


class Orbit:
    """Seats at a table and the hands dealt to them, as a floor person would track them."""

    def __init__(
        self,
        players: Iterable[int],
        *,
        size: int = 9,
        rule: ButtonRule = "dead_button",
        transition: HeadsUpTransition = "no_bb_twice",
        button: int | None = None,
        blinds: tuple[int, int] = (1, 2),
        waiting_small_blind: WaitingSmallBlind = "not_owed",
    ) -> None:
        self.seats: dict[int, SeatState] = {s: SeatState("playing") for s in players}
        self.size = size
        self.rule: ButtonRule = rule
        self.transition: HeadsUpTransition = transition
        self.previous: Positions | None = None
        self.first_button = button if button is not None else min(self.seats)
        self.blinds = blinds
        self.waiting_small_blind: WaitingSmallBlind = waiting_small_blind
        self.plans: list[BlindPlan] = []

    def deal(self) -> BlindPlan:
        plan = place_blinds(
            self.seats,
            self.size,
            self.previous,
            blinds=self.blinds,
            rule=self.rule,
            heads_up_transition=self.transition,
            first_button=self.first_button,
            waiting_small_blind=self.waiting_small_blind,
        )
        self.previous = plan.positions
        for seat, owed in plan.owes.items():
            state = self.seats[seat]
            status = "playing" if seat in plan.dealt else state.status
            self.seats[seat] = SeatState(status, owed, state.post)
        self.plans.append(plan)
        return plan

    def leave(self, *seats: int) -> None:
        for seat in seats:
            del self.seats[seat]

    def sit_out(self, seat: int) -> None:
        self.seats[seat] = SeatState("sitting_out", self.seats[seat].owes)

    def come_back(self, seat: int, *, post: bool) -> None:
        owed = self.seats[seat].owes
        self.seats[seat] = SeatState("waiting" if owed.to_come_in else "playing", owed, post)

    def join(self, seat: int, *, post: bool) -> None:
        self.seats[seat] = SeatState("waiting", Owed(new_player=True), post)

    def owes(self, seat: int) -> Owed:
        return self.seats[seat].owes

    @staticmethod
    def posts_of(plan: BlindPlan) -> dict[int, list[tuple[int, str, bool]]]:
        """Each seat's posts as (amount, kind, live)."""
        out: dict[int, list[tuple[int, str, bool]]] = {}
        for post in plan.posts:
            out.setdefault(post.seat, []).append((post.amount, post.kind, post.live))
        return out

    @staticmethod
    def where(plan: BlindPlan) -> tuple[int, int | None, int]:
        """(button seat, seat posting the small blind or None, big blind seat)."""
        return plan.button_seat, plan.small_blind_seat, plan.big_blind_seat


@pytest.fixture(scope="session")
def orbit() -> type[Orbit]:
    return Orbit


def _win_for(hand: Hand, winner: int) -> None:
    """Play a hand out so that ``winner`` takes it: they bet or raise the minimum, everyone else
    folds to any bet and checks otherwise."""
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        if seat != winner:
            hand.act(seat, "fold" if legal.call else "check")
        elif legal.raise_ is not None:
            hand.act(seat, "raise", to=legal.raise_.min_to)
        elif legal.bet is not None:
            hand.act(seat, "bet", to=legal.bet.min_to)
        else:
            hand.act(seat, "call" if legal.call is not None else "check")


def _play_out(hand: Hand, rng: random.Random) -> None:
    """Play a hand to the end with random legal actions (bets and raises at either end of the
    range or in between)."""
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        choice = rng.choice(legal.actions)
        if choice in ("bet", "raise", "complete"):
            span = legal.bet or legal.raise_ or legal.complete
            assert span is not None
            middle = span.min_to + (span.max_to - span.min_to) // 2 // span.step * span.step
            to = rng.choice([span.min_to, span.max_to, middle])
            hand.act(seat, choice, to=to)
        else:
            hand.act(seat, choice)


@pytest.fixture(scope="session")
def win_for() -> Callable[[Hand, int], None]:
    return _win_for


@pytest.fixture(scope="session")
def play_out() -> Callable[[Hand, random.Random], None]:
    return _play_out
