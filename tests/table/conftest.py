"""A small driver for the pure button and blind rules: seats come and go between hands."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from pokerfloor.table.buttons import (
    BlindPlan,
    ButtonRule,
    HeadsUpTransition,
    Owed,
    Positions,
    SeatState,
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
    ) -> None:
        self.seats: dict[int, SeatState] = {s: SeatState("playing") for s in players}
        self.size = size
        self.rule: ButtonRule = rule
        self.transition: HeadsUpTransition = transition
        self.previous: Positions | None = None
        self.first_button = button if button is not None else min(self.seats)
        self.blinds = blinds
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
