"""``pokerfloor stats`` (per-player session statistics) and ``pokerfloor convert`` (site histories to
PHH), for hand histories of any format pokerfloor reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from pokerfloor.cli import app


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


@app.command("stats")
def stats_command(
    files: Annotated[list[Path], typer.Argument(help="History files or folders: PHH, PokerStars, PokerNow, OHH.")],
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw each player's net over hands to this image (matplotlib).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Hands, net won, bb/100, VPIP, PFR, 3-bet, went to showdown and won at showdown, per player."""
    from rich.console import Console
    from rich.table import Table

    from pokerfloor.stats import session

    found = session(files)
    if plot is not None:
        try:
            from pokerfloor.stats import plot as draw

            draw(found, plot)
        except ModuleNotFoundError:
            typer.echo("error: --plot needs matplotlib: pip install 'pokerfloor[plot]'", err=True)
            raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(found.to_dict(), indent=2))
        return
    table = Table(title=f"{sum(1 for _ in found.players)} players", caption=f"{len(found.skipped)} hands left out")
    for column in ("player", "hands", "net", "bb/100", "VPIP", "PFR", "3-bet", "WTSD", "W$SD"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for p in found.ranked():
        bb = "-" if p.bb_per_100 is None else f"{p.bb_per_100:.1f}"
        table.add_row(p.name, str(p.hands), f"{p.net:,}", bb, _rate(p.vpip), _rate(p.pfr), _rate(p.three_bet),
                      _rate(p.wtsd), _rate(p.wsd))
    console = Console()
    console.print(table)
    for reason in found.skipped:
        console.print(f"left out: {reason}", markup=False)


@app.command("convert")
def convert_command(
    files: Annotated[list[Path], typer.Argument(help="PokerStars, PokerNow or OHH histories (files or folders).")],
    out: Annotated[Path, typer.Option("--out", "-o", help="The .phhs file to write every hand to.")],
) -> None:
    """Convert site histories to PHH, replay each hand and say which disagree with the rules."""
    from pokerfloor.io.imports import read_paths
    from pokerfloor.io.phh import HandHistory, dump
    from pokerfloor.io.verify import verify_history

    if not out.name.endswith(".phhs"):
        typer.echo("error: --out names a .phhs file", err=True)
        raise typer.Exit(2)
    entries = read_paths(files)
    hands = [e for e in entries if isinstance(e, HandHistory)]
    for entry in entries:
        if not isinstance(entry, HandHistory):
            typer.echo(f"not converted: {entry}")
    for hand in hands:
        verdict = verify_history(hand)
        if not verdict.passed:
            typer.echo(f"{verdict.where()}: {verdict.status}: {verdict.detail}")
    dump(hands, out)
    typer.echo(f"{len(hands)} hands written to {out}")
