"""``pokerfloor solve kuhn|leduc``: the exact solvers of ``pokerfloor.research`` from the command
line: player 0's game value and the exploitability of the average strategy, and the strategy
saved as JSON."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer

from pokerfloor.cli import app


@app.command("solve")
def solve_command(
    game: Annotated[str, typer.Argument(help="The small game: kuhn or leduc.")],
    algorithm: Annotated[str, typer.Option("--algorithm", help="cfr, cfr+ or dcfr.")] = "cfr+",
    iterations: Annotated[int, typer.Option("--iterations", min=1, help="Iterations to run.")] = 1000,
    save: Annotated[Path | None, typer.Option("--save", help="Write the average strategy to this JSON file.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Solve a small game by counterfactual regret minimisation over its whole tree, and
    measure the average strategy exactly (its value and its exploitability, in chips)."""
    from pokerfloor.errors import InvalidArgument
    from pokerfloor.research.cfr import ALGORITHMS, Solver

    if algorithm not in ALGORITHMS:
        typer.echo(f"error: no algorithm {algorithm!r}: choose one of {', '.join(ALGORITHMS)}", err=True)
        raise typer.Exit(2)
    try:
        solver = Solver(game, algorithm)
    except InvalidArgument as bad:
        typer.echo(f"error: {bad}", err=True)
        raise typer.Exit(2) from None
    started = time.perf_counter()
    solver.iterate(iterations)
    seconds = time.perf_counter() - started
    solution = solver.solution()
    if save is not None:
        save.write_text(solution.to_json() + "\n", encoding="utf-8")
    found = {"game": solution.game, "algorithm": solution.algorithm, "iterations": solution.iterations,
             "value": solution.value, "game_value": solution.value,
             "exploitability": solution.exploitability, "nash_conv": solution.nash_conv,
             "seconds": round(seconds, 3)}
    if as_json:
        typer.echo(json.dumps(found, indent=2))
        return
    typer.echo(f"{solution.game}, {solution.algorithm}, {solution.iterations:,} iterations in {seconds:.2f} s")
    typer.echo(f"value for the first player: {solution.value:+.6f} chips a hand")
    typer.echo(f"exploitability of the average strategy: {solution.exploitability:.6f} chips a hand")
    if save is not None:
        typer.echo(f"strategy saved to {save} ({len(solution.strategy)} information sets)")
