"""``pokerfloor bench --only tournament``: a whole multi-table event played by random bots.

``play_event`` drives an ``MultiTableTournament`` to its end: every table that may deal deals, every hand is
played by random legal actions (``soak.random_action``) and ended, and ``check`` (if given) runs
after each hand. ``run`` times a 1,000-entry event and reports hands and entries a second.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from pokerfloor.bench.soak import random_action
from pokerfloor.evaluation import evaluate
from pokerfloor.rules import Game
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.tournament import Level


def play_hand(event: MultiTableTournament, no: int, rng: random.Random) -> None:
    """Play table ``no``'s hand in play to its end by random legal actions."""
    table = event.tables[no]
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        if table.awaiting_runout:
            table.act(None, "run_it", to=1)
            continue
        seat = hand.to_act
        assert seat is not None
        action, to, cards = random_action(hand, rng)
        table.act(seat, action, to, cards=cards)


def play_event(
    event: MultiTableTournament,
    rng: random.Random,
    *,
    check: Callable[[MultiTableTournament, int], None] | None = None,
    tick: Callable[[MultiTableTournament], None] | None = None,
    most_hands: int = 10**6,
    asynchronous: bool = False,
) -> int:
    """Play ``event`` to its end with random bots; returns the hands dealt. ``check(event, no)``
    runs after each hand is ended; ``tick(event)`` before each round of deals (to re-enter,
    declare rebuys, move a clock on through a break...). ``asynchronous``: the tables do not keep step, each hand
    ending at a random moment while others are in play (moves wait for the sending table,
    short tables halt)."""
    if asynchronous:
        return _play_unevenly(event, rng, check, tick, most_hands)
    hands = idle = 0
    while not event.is_over:
        if tick is not None:
            tick(event)
        ready = event.ready()
        if not ready:
            idle += 1
            if event.on_break and tick is not None and idle < 10_000:
                continue                    # tick moves the clock on
            raise RuntimeError(f"no table may deal: {event!r}")
        idle = 0
        dealt = []
        for no in ready:
            if no in event.ready():         # a hand over at its deal (all in on the blinds) may break this table
                event.deal(no)
                dealt.append(no)
                hands += 1
        for no in dealt:
            if no in event.tables:
                _play_out(event, no, rng, check)
        if hands > most_hands:
            raise RuntimeError(f"the event did not end in {most_hands} hands")
    return hands


def _play_out(event: MultiTableTournament, no: int, rng: random.Random,
              check: Callable[[MultiTableTournament, int], None] | None) -> None:
    """Play table ``no``'s hand to its end, let the event end it, then run the caller's check."""
    play_hand(event, no, rng)
    event.end_hand(no)
    if check is not None:
        check(event, no)


def _play_unevenly(
    event: MultiTableTournament,
    rng: random.Random,
    check: Callable[[MultiTableTournament, int], None] | None,
    tick: Callable[[MultiTableTournament], None] | None,
    most_hands: int,
) -> int:
    hands = 0
    in_play: set[int] = set()
    while not event.is_over:
        if tick is not None:
            tick(event)
        for no in event.ready():
            if (not in_play or rng.random() < 0.6) and no in event.ready():
                event.deal(no)
                in_play.add(no)
                hands += 1
        if not in_play:
            if event.on_break and tick is not None:
                continue                    # tick moves the clock on
            raise RuntimeError(f"no table may deal: {event!r}")
        no = rng.choice(sorted(in_play))
        in_play.discard(no)
        if no not in event.tables or event.between_hands(no):
            continue        # a hand over at its deal, which the floor ended (and may have broken its table)
        _play_out(event, no, rng, check)
        if hands > most_hands:
            raise RuntimeError(f"the event did not end in {most_hands} hands")
    return hands


@dataclass(frozen=True, slots=True)
class TournamentReport:
    entries: int
    hands: int
    seconds: float

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds

    @property
    def entries_per_second(self) -> float:
        return self.entries / self.seconds


def run(entries: int = 1000, *, seed: int = 0) -> TournamentReport:
    """A no-limit hold'em event of ``entries`` entries, 9 a table, levels of 10 hands, played to
    the end by random bots."""
    rng = random.Random(seed)
    levels = [Level(25 * 2**k, 50 * 2**k, hands=10) for k in range(30)]
    event = MultiTableTournament(Game.no_limit_holdem(25, 50, min_chip=25), levels, starting_stack=10_000,
                  rng=random.Random(rng.getrandbits(64)), buy_in=100, payouts=tuple(range(150, 0, -1)))
    for k in range(entries):
        event.register(f"bot{k}")
    evaluate("AsKsQsJsTs9s8s")              # the evaluator's tables loaded before the clock starts
    start = time.perf_counter()
    event.start()
    hands = play_event(event, rng)
    return TournamentReport(entries, hands, time.perf_counter() - start)
