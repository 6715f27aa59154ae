"""What the home-game server pays for seat views: after every action it builds
``hand.view(seat).to_dict()`` for each of six seats and for a spectator (``None``).

Plays seeded random six-max no-limit hold'em hands (the bench's random policy, blinds 1/2,
200 big blinds) and, at every decision and once more when the hand is over, times the seven
views and their ``to_dict``; prints microseconds per update (seven views). Playing the hand is
not timed.

    PYTHONPATH=build/compiled python benchmarks/views.py            # one build, this process
    python benchmarks/views.py --compare pure=src compiled=build/compiled

``--compare`` runs each ``NAME=PYTHONPATH`` in its own process, interleaved over ``--rounds``
rounds, and prints each one's median round. ``make bench`` does not run this.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def measure(hands: int, seed: int) -> dict[str, float]:
    """Microseconds per update (seven views and their dicts) over ``hands`` seeded hands."""
    import pokerfloor as pf  # here, not at the top: --compare runs each build in its own process
    from pokerfloor.bench import policy as bench

    game = pf.Game.no_limit_holdem(bench.SMALL_BLIND, bench.BIG_BLIND)
    policy = random.Random(seed)
    viewers: list[int | None] = [*range(1, bench.PLAYERS + 1), None]
    spent = 0
    updates = 0
    size = 0
    for number in range(hands):
        stacks = dict.fromkeys(range(1, bench.PLAYERS + 1), bench.STACK)
        deck = random.Random(seed * 100_003 + number)
        hand = pf.Hand(game, stacks=stacks, button=number % bench.PLAYERS + 1, rng=deck)
        while True:
            start = time.perf_counter_ns()
            views = [hand.view(v).to_dict() for v in viewers]
            spent += time.perf_counter_ns() - start
            updates += 1
            size += len(views[-1]["events"])
            if hand.is_over:
                break
            seat = hand.to_act
            assert seat is not None
            legal = hand.legal()
            if legal.show:
                hand.act(seat, "show")
                continue
            span = legal.raise_ or legal.bet
            options = bench.Options(legal.call is not None, *((span.min_to, span.max_to) if span else ()))
            move = bench.choose(policy, options)
            if move == bench.FOLD:
                hand.act(seat, "fold")
            elif move == bench.CHECK_CALL:
                hand.act(seat, "call" if legal.call is not None else "check")
            else:
                assert span is not None
                action = "raise" if legal.raise_ else "bet"
                hand.act(seat, action, to=span.max_to if move == bench.ALL_IN else span.min_to)
    return {"us_per_update": spent / updates / 1000, "updates": updates, "events_per_view": size / updates,
            "compiled": bool(pf.hand.COMPILED)}


def compare(builds: list[str], hands: int, seed: int, rounds: int) -> None:
    """Each ``NAME=PYTHONPATH`` in its own process, round after round; the median of each."""
    named = [b.split("=", 1) for b in builds]
    times: dict[str, list[float]] = {name: [] for name, _ in named}
    compiled: dict[str, bool] = {}
    for _ in range(rounds):
        for name, path in named:
            env = dict(os.environ, PYTHONPATH=os.path.abspath(path))
            out = subprocess.run(
                [sys.executable, os.path.join(HERE, "views.py"), "--hands", str(hands), "--seed", str(seed), "--json"],
                env=env, capture_output=True, text=True, check=True,
            ).stdout
            got = json.loads(out)
            times[name].append(got["us_per_update"])
            compiled[name] = got["compiled"]
    print(f"{hands} hands, seed {seed}, {rounds} rounds; microseconds per update (7 views + to_dict), median [min-max]")
    for name, path in named:
        t = times[name]
        build = "compiled" if compiled[name] else "pure"
        print(f"  {name:<20} {path:<40} {build:<8} {statistics.median(t):8.1f}  [{min(t):.1f}-{max(t):.1f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="one JSON line (used by --compare)")
    parser.add_argument("--compare", nargs="+", metavar="NAME=PYTHONPATH")
    args = parser.parse_args()
    if args.compare:
        compare(args.compare, args.hands, args.seed, args.rounds)
        return
    got = measure(args.hands, args.seed)
    if args.json:
        print(json.dumps(got))
    else:
        build = "compiled" if got["compiled"] else "pure"
        print(f"{build}: {got['us_per_update']:.1f} us per update (7 views + to_dict), {got['updates']} updates, "
              f"{got['events_per_view']:.1f} events a view")


if __name__ == "__main__":
    main()
