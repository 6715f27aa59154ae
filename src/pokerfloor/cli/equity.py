"""``pokerfloor equity``: the equity of hands and ranges, as a table or JSON."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from pokerfloor.cli import app


@app.command("equity")
def equity_command(
    ranges: Annotated[list[str], typer.Argument(help="One range per player: 'QQ+,AKs' 'AhKh' 'random'.")],
    board: Annotated[str, typer.Option("--board", "-b", help="The board so far, e.g. Ah7c2d.")] = "",
    dead: Annotated[str, typer.Option("--dead", "-d", help="Cards out of play, e.g. 5s.")] = "",
    game: Annotated[
        str, typer.Option("--game", "-g", help="holdem, omaha, omaha5, omaha6, omaha_hilo, omaha5_hilo, omaha6_hilo.")
    ] = "holdem",
    exact: Annotated[
        bool | None,
        typer.Option("--exact/--monte-carlo", help="Enumerate every showdown, or sample (default: the faster)."),
    ] = None,
    precision: Annotated[
        float,
        typer.Option("--precision", help=(
            "The standard error asked for: sampling stops once every player's is this small, and the "
            "path (exact or sampled) is the faster to reach it.")),
    ] = 0.001,
    trials: Annotated[int, typer.Option("--trials", help="The most showdowns a sample deals.")] = 10_000_000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sample.")] = 0,
    shards: Annotated[
        int | None,
        typer.Option("--shards", help="Split the work over a process pool (a sample then deals all --trials)."),
    ] = None,
    ray: Annotated[
        str | None, typer.Option("--ray", help="Run the shards on this Ray cluster ('auto', host:port).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    by_flop: Annotated[bool, typer.Option("--by-flop", help=(
        "The first player's exact equity on every flop (no --board): a table of the flops and a "
        "histogram of the equity over them."))] = False,
    by_card: Annotated[bool, typer.Option("--by-card", help=(
        "The same on every turn card (a --board of three cards) or river card (four)."))] = False,
    plot: Annotated[
        str | None, typer.Option("--plot", help="With --by-flop or --by-card: also draw the histogram to this PNG "
                                 "(needs matplotlib: pip install 'pokerfloor[plot]').")
    ] = None,
) -> None:
    """Each player's equity (share of the pot), how often they win it alone or split it."""
    from rich.console import Console
    from rich.table import Table

    from pokerfloor.equity import EquitySpec, RangeError, equity, result
    from pokerfloor.sim.shards import equity_job, run

    if by_flop or by_card:
        from pokerfloor.cli.equity_boards import by_board_command

        by_board_command(ranges, board, dead, game, by_flop=by_flop, as_json=as_json, plot=plot)
        return
    try:
        if shards is None and ray is None:
            found = equity(ranges, board=board, dead=dead, game=game, exact=exact, precision=precision,
                           trials=trials, seed=seed)
        else:
            spec = EquitySpec.make(ranges, board=board, dead=dead, game=game)
            job = equity_job(spec, exact=exact, trials=trials, seed=seed)
            tally = run(job, shards=shards, backend="ray" if ray else "process", ray_address=ray)
            found = result(spec, tally, exact=job.exact, table=job.table)
    except (RangeError, ValueError) as bad:
        typer.echo(f"error: {bad}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(found.to_dict(), indent=2))
        return
    hilo = game.endswith("_hilo")
    method = "exact" if found.exact else "Monte Carlo"
    title = f"{game} equity, board {found.board or '(none)'}" + (f", dead {found.dead}" if found.dead else "")
    title += ", exact (table)" if found.table else ""
    table = Table(title=title, caption=f"{method}, {found.showdowns:,} showdowns (path: {found.method})")
    table.add_column("player", justify="right")
    table.add_column("range")
    table.add_column("hands", justify="right")
    table.add_column("equity", justify="right")
    if not found.exact:
        table.add_column("± s.e.", justify="right")
    table.add_column("scoop" if hilo else "win", justify="right")
    table.add_column("split" if hilo else "tie", justify="right")
    if hilo:
        table.add_column("high", justify="right")
        table.add_column("low", justify="right")
    for number, p in enumerate(found.players, start=1):
        row = [str(number), p.range, f"{p.hands:,}", f"{p.equity:.2%}"]
        if not found.exact:
            row.append(f"{p.stderr:.2%}")
        row += [f"{p.win:.2%}", f"{p.tie:.2%}"]
        if hilo:
            row += [f"{p.high:.2%}", f"{p.low:.2%}"]
        table.add_row(*row)
    Console().print(table)
