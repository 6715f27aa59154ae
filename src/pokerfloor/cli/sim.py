"""``pokerfloor sim``: many random hands, split into shards on a process pool or a Ray cluster."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer

from pokerfloor.cli import app


@app.command("sim")
def sim_command(
    hands: Annotated[int, typer.Option("--hands", help="Hands to play.")] = 1_000_000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of every stream (SeedSequence).")] = 0,
    seats: Annotated[int, typer.Option("--seats", help="Players at the table.")] = 6,
    stack: Annotated[int, typer.Option("--stack", help="Chips each seat starts every hand with.")] = 400,
    block: Annotated[int, typer.Option("--block", help="Hands per random stream.")] = 50_000,
    shards: Annotated[int | None, typer.Option("--shards", help="Pieces of work (default: one per worker).")] = None,
    workers: Annotated[int | None, typer.Option("--workers", help="Processes of the pool (default: CPUs).")] = None,
    ray: Annotated[
        str | None, typer.Option("--ray", help="Run the shards on this Ray cluster ('auto', or host:port).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play no-limit hold'em hands by random legal play (blinds 1/2) and tally them; the tally
    is the same however the hands are split and wherever they run."""
    from pokerfloor.sim.shards import PlaySpec, run

    try:
        spec = PlaySpec(hands=hands, seed=seed, seats=seats, stack=stack, block=block)
    except ValueError as bad:
        typer.echo(f"error: {bad}", err=True)
        raise typer.Exit(2) from None
    started = time.perf_counter()
    tally = run(spec, shards=shards, workers=workers, backend="ray" if ray else "process", ray_address=ray)
    seconds = time.perf_counter() - started
    found = {"hands": tally.hands, "decisions": tally.decisions, "actions": tally.action_counts(),
             "net": {f"seat {k}": n for k, n in enumerate(tally.net, start=1)}, "seconds": round(seconds, 3)}
    if as_json:
        typer.echo(json.dumps(found, indent=2))
        return
    typer.echo(f"{tally.hands:,} hands, {tally.decisions:,} decisions in {seconds:.2f} s "
               f"({tally.hands / seconds:,.0f} hands/s)")
    typer.echo("actions: " + ", ".join(f"{name} {count:,}" for name, count in tally.action_counts().items()))
    typer.echo("net: " + ", ".join(f"seat {k} {n:+,}" for k, n in enumerate(tally.net, start=1)))
