"""The records of tables and events, for the fuzz run (``pokerfloor bench --only fuzz-records``):
seeds made by random play with every table option (``bench.soak_tables``) and by random
multi-table events, cut between hands or in one; and what "plays on" means for a loaded event.

A record that loads must play on: a table's hand to its end, ended, the ledger verified and the
next hand dealt (``bench.fuzz.play_table_on``); an event to its end, the chips at its tables the
chips it issued after every hand, every entry placed once and the prizes adding up to the pool.
Anything a loaded record raises later is a record that "loads and breaks later": the target is
none.
"""

from __future__ import annotations

import random
from typing import Any

from pokerfloor.bench.soak import SoakReport, random_action
from pokerfloor.rules import Game
from pokerfloor.table import LimitStakes, NotEnoughPlayers, Rotation
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.event_types import Break
from pokerfloor.table.tournament import Level


def table_record_text(seed: int) -> str:
    """The record of a random table with every option after a few hands, cut between hands or
    in one (sometimes waiting to run it twice)."""
    from pokerfloor.bench.soak_tables import _Session

    session = _Session(seed, SoakReport())
    rng, table = session.rng, session.table
    for _ in range(rng.randint(0, 6)):
        session.play_hand()
    session.between_hands()
    try:
        hand = table.start_hand(wait_for_runout=rng.random() < 0.5)
    except NotEnoughPlayers:
        return table.record().to_json()
    for _ in range(rng.randint(0, 30)):
        if hand.is_over or hand.to_act is None:
            break
        action, to, discard = random_action(hand, rng)
        table.act(hand.to_act, action, to, cards=discard)
    return table.record().to_json()


def random_event(rng: random.Random) -> MultiTableTournament:
    """A random event of 10 to 40 entries, not yet started: any game or a HORSE mix, with
    re-entries, rebuys, bounties, colour-ups as they come."""
    from pokerfloor.bench.soak import random_game

    if rng.random() < 0.2:
        game: Game | Rotation = Rotation.horse(LimitStakes(50, min_chip=5))
    else:
        game = random_game(rng)
        while game.structure == "spread_limit":    # a level names blinds, not a spread
            game = random_game(rng)
    chip = game.games[0].min_chip if isinstance(game, Rotation) else game.min_chip
    levels: list[Level | Break] = [Level(chip * 5 * 2**k, chip * 10 * 2**k, ante=chip * 2**k, hands=rng.randint(2, 8))
                                   for k in range(30)]
    if rng.random() < 0.5:
        levels.insert(rng.randint(1, 4), Break(5))
    entries = rng.randint(10, 40)
    most = (game.games[0] if isinstance(game, Rotation) else game).variant_spec.max_players
    event = MultiTableTournament(
        game, levels, starting_stack=chip * rng.choice((100, 300, 1000)), rng=random.Random(rng.getrandbits(32)),
        seats=rng.randint(min(4, most), min(10, most)), buy_in=100, payouts=tuple(range(rng.randint(1, 8), 0, -1)),
        late_until=rng.choice((0, 2)), reentries=rng.choice((0, 1)), bounty=rng.choice((0, 10)),
        progressive=rng.choice((0, 50)), rebuys_until=rng.choice((0, 2)), rebuy_price=100,
        hand_for_hand=rng.choice((0, 1, 3)), halt_short=rng.random() < 0.5, final_redraw=rng.random() < 0.5,
        colour_ups=[(3, chip, 5 * chip)] if rng.random() < 0.3 else [], hand_for_hand_jumps=rng.random() < 0.3)
    for k in range(entries):
        event.register(f"p{k}")
    return event


def event_record_text(seed: int) -> str:
    """The record of a random event after some hands, cut between hands or in one."""
    from pokerfloor.bench.tournament import play_hand

    rng = random.Random(seed)
    event = random_event(rng)
    event.start()
    for _ in range(rng.randint(0, 60)):
        if event.is_over:
            break
        ready = event.ready()
        if not ready:
            event.clock.advance(minutes=10)  # type: ignore[attr-defined]
            continue
        no = rng.choice(ready)
        event.deal(no)
        if rng.random() < 0.1:
            break                               # cut before the hand is played
        play_hand(event, no, rng)
        event.end_hand(no)
    return json_text(event.record())


def json_text(data: dict[str, Any]) -> str:
    import json

    return json.dumps(data)


def play_event_on(event: MultiTableTournament, rng: random.Random, *, most_hands: int = 3_000) -> None:
    """Play a loaded event to its end: first the hands in play, then every table by random bots;
    the chips at the tables are the chips issued after every hand, every entry is placed once and
    the prizes add up to the pool (``AssertionError`` otherwise)."""
    from pokerfloor.bench.tournament import play_event, play_hand

    def check(ev: MultiTableTournament, no: int) -> None:
        assert ev.chips_on_tables() == ev.chips_issued, "chips at the tables are not the chips issued"

    for no, table in list(event.tables.items()):
        if not event.between_hands(no):
            hand = table.hand
            if hand is not None and not hand.is_over:
                play_hand(event, no, rng)
            event.end_hand(no)
            check(event, no)

    def tick(ev: MultiTableTournament) -> None:
        ev.clock.advance(minutes=10)  # type: ignore[attr-defined]

    if not event.is_over:
        check(event, 0)
        play_event(event, rng, check=check, tick=tick, most_hands=most_hands)
    places = event.standings()
    assert sorted(p.entry for p in places) == sorted(event.entries), "an entry is not placed once"
    assert sum(p.prize for p in places) == event.prize_pool, "the prizes are not the pool"


__all__ = ["event_record_text", "play_event_on", "random_event", "table_record_text"]
