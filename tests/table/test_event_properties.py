"""Whole events played by random bots (issue 37, done-when): random events of 20 to 300 entries
with re-entries, rebuys, bounties and progressive knockouts, every variant and a HORSE event,
played to the end. After every hand at every table the chips are conserved; every balancing
move is taken from the seat due the big blind next (flop and mixed games, TDA 2024 Rule 11-A);
once the tables are all between hands no table is more than one player off another (Rule 11);
at the end every entry is placed once and the prizes add up to the pool."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.bench.tournament import play_event
from pokerfloor.rules import VARIANTS
from pokerfloor.table import LimitStakes, ManualClock, Rotation
from pokerfloor.table.event import Break, MultiTableTournament
from pokerfloor.table.tournament import Level

FLOP_OR_DRAW = [v for v, spec in VARIANTS.items() if spec.family != "stud"]
STUD = [v for v, spec in VARIANTS.items() if spec.family == "stud"]


def game_for(variant: str, structure: str) -> pf.Game | Rotation:
    if variant == "horse":
        return Rotation.horse(LimitStakes(50, min_chip=5))
    if VARIANTS[variant].family == "stud":
        return LimitStakes(50, min_chip=5).game(variant, structure)  # type: ignore[arg-type]
    if structure == "fixed_limit":
        return LimitStakes(50, min_chip=5).game(variant)
    return pf.Game(variant=variant, structure=structure, small_blind=25, big_blind=50, min_chip=5)  # type: ignore[arg-type]


class Watch:
    """The checks after every hand, and every balancing move checked as it is made: in a flop or
    draw game the player moved is the one the sending table's own ``preview`` says is due the
    big blind next, and the seat taken is the first empty seat after the receiving table's last
    big blind (TDA 2024 Rule 11-A)."""

    def __init__(self, event: MultiTableTournament) -> None:
        self.event = event
        self.seen = 0
        self.moves = 0
        self.checked = 0
        move = event._move

        def checked_move(entry: str, to: int, seat: int, rule: str, why: str) -> None:
            e = event.entries[entry]
            source, target = event.tables[e.table], event.tables[to]  # type: ignore[index]
            flop = not isinstance(event.game, Rotation) and event.game.variant_spec.family != "stud"
            if rule == cite.BALANCING and flop:
                assert e.seat == source.preview().big_blind_seat
                last = target.positions.big_blind if target.positions is not None else None
                empty = [s for s in range(1, target.size + 1) if s not in target.seats]
                order = empty if last is None else [(last + k - 1) % target.size + 1 for k in range(1, target.size + 1)]
                assert seat == next(s for s in order if s in empty)
                self.checked += 1
            if rule == cite.BALANCING and not flop and not isinstance(event.game, Rotation):
                # stud only, by position: to the last open seat, the player of that seat number or the next
                assert seat == max(s for s in range(1, target.size + 1) if s not in target.seats)
                order = [(seat + k - 1) % source.size + 1 for k in range(source.size)]
                assert e.seat == next(s for s in order if s in source.seats)
                self.checked += 1
            if rule == cite.MIXED_BALANCING:      # the stud hands of a mix: the would-be big blind (R11-B, R32)
                frozen = source.would_be_blinds()
                assert frozen is not None and e.seat == frozen[1]
                self.checked += 1
            move(entry, to, seat, rule, why)

        event._move = checked_move  # type: ignore[method-assign]

    def after_hand(self, event: MultiTableTournament, no: int) -> None:
        assert event.chips_on_tables() == event.chips_issued
        for e in event.events[self.seen:]:
            if e.kind == "move" and e.rule in (cite.BALANCING, cite.MIXED_BALANCING):
                self.moves += 1
                if "stud" not in e.text:
                    assert "due the big blind next" in e.text, e.text
        self.seen = len(event.events)
        if all(event.between_hands(n) for n in event.tables) and not event.is_over:
            event.settle()
            counts = [len(t.seats) for t in event.tables.values()]
            assert max(counts) - min(counts) <= 1, counts


def run_event(seed: int, entries: int, variant: str, structure: str, *, reentries: int, bounty: int,
              progressive: int, rebuys: bool, uneven: bool = False) -> Watch:
    rng = random.Random(seed)
    game = game_for(variant, structure)
    levels: list[Level | Break] = [Level(25 * 2**k, 50 * 2**k, ante=5 * 2**k, hands=6) for k in range(40)]
    levels.insert(3, Break(5))                                       # level 4 is a break
    paid = max(3, entries // 7)
    clock = ManualClock()
    event = MultiTableTournament(
        game, levels, starting_stack=1500, rng=random.Random(seed + 1), clock=clock, buy_in=100,
        payouts=tuple(range(paid, 0, -1)), late_until=2, reentries=reentries, bounty=bounty,
        progressive=progressive, rebuys_until=2 if rebuys else 0, rebuy_price=100, seats=rng.choice((6, 9)),
        colour_ups=[(5, 5, 25)] if rng.random() < 0.5 else [], hand_for_hand_jumps=seed % 2 == 1)
    first = entries * 2 // 3
    for k in range(first):
        event.register(f"p{k}")
    event.start()
    later = iter(range(first, entries))
    watch = Watch(event)

    def tick(ev: MultiTableTournament) -> None:
        clock.advance(minutes=1)
        if ev.late_open():
            for k in (next(later, None) for _ in range(rng.randint(0, 5))):
                if k is not None:
                    ev.register(f"p{k}")
            for e in list(ev.entries.values()):
                if e.out and reentries and rng.random() < 0.3:
                    made = sum(x.player == e.player for x in ev.entries.values())
                    if made <= reentries and not any(x.player == e.player and not x.out for x in ev.entries.values()):
                        ev.register(e.player)
        if rebuys and ev.level_number <= 2:
            for entry in ev.left:
                if rng.random() < 0.2:
                    ev.declare_rebuy(entry)

    play_event(event, rng, check=watch.after_hand, tick=tick, asynchronous=uneven)
    places = event.standings()
    assert sorted(p.entry for p in places) == sorted(event.entries)
    assert sum(p.prize for p in places) == event.prize_pool
    assert [p.place for p in places] == sorted(p.place for p in places)
    assert min(p.place for p in places) == 1
    bounties = sum(p.bounties for p in places) + sum(e.bounty for e in event.entries.values())
    assert bounties <= bounty * len(event.entries)
    return watch


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
# a hand over at its deal (all in on the blinds), which the floor ends itself, then breaks its table
@example(seed=0, entries=286, variant="omaha6", structure="pot_limit", reentries=1, bounty=25, progressive=0,
         rebuys=False, uneven=True)
@given(
    seed=st.integers(0, 2**32),
    entries=st.integers(20, 300),
    variant=st.sampled_from([*FLOP_OR_DRAW, *STUD, "horse"]),
    structure=st.sampled_from(["no_limit", "pot_limit", "fixed_limit"]),
    reentries=st.integers(0, 2),
    bounty=st.sampled_from([0, 0, 10, 25]),
    progressive=st.sampled_from([0, 50]),
    rebuys=st.booleans(),
    uneven=st.booleans(),
)
def test_random_events_to_the_end_tda2024_rules_7_8_10_11(
    seed: int, entries: int, variant: str, structure: str, reentries: int, bounty: int, progressive: int,
    rebuys: bool, uneven: bool,
) -> None:
    run_event(seed, entries, variant, structure, reentries=reentries, bounty=bounty, progressive=progressive,
              rebuys=rebuys, uneven=uneven)


def test_a_300_entry_event_and_a_horse_event_to_the_end_tda2024_rule_11() -> None:
    watch = run_event(37, 300, "holdem", "no_limit", reentries=1, bounty=20, progressive=50, rebuys=True)
    assert watch.checked > 20 and watch.moves == watch.checked
    watch = run_event(38, 80, "horse", "fixed_limit", reentries=1, bounty=10, progressive=0, rebuys=False)
    assert watch.moves > 0 and watch.checked > 0       # moves in the stud games checked too (R11-B)
    watch = run_event(39, 150, "omaha", "pot_limit", reentries=1, bounty=0, progressive=0, rebuys=True, uneven=True)
    assert watch.moves > 0
