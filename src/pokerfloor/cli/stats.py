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


TERMINAL_COLUMNS = (("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3-bet"), ("wtsd", "WTSD"), ("wsd", "W$SD"))
"""The stats the terminal table shows in 80 columns (``--json`` and ``--html`` have every one, by
position and by game too)."""
WIDE_COLUMNS = (("four_bet", "4-bet"), ("steal", "Steal"), ("cbet_flop", "C-bet"),
                ("fold_to_cbet_flop", "F/C-bet"), ("check_raise", "X/R"), ("wwsf", "WWSF"))
"""The stats added on a terminal of at least ``WIDE`` columns."""
WIDE = 140


@app.command("stats")
def stats_command(
    files: Annotated[list[Path], typer.Argument(
        help="History files or folders: PHH, PokerStars, GGPoker, Winamax, 888poker, partypoker, iPoker, "
             "PokerNow, OHH.")],
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw each player's net over hands to this image (matplotlib).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    html_path: Annotated[
        Path | None, typer.Option("--html", help="Write the report (sortable tables, curves) to this HTML file.")
    ] = None,
) -> None:
    """Per player: hands, net won, bb/100 and all-in adjusted bb/100, and the stats trackers show
    (VPIP, PFR, 3-bet, 4-bet, steals, c-bets, check-raises, aggression, showdowns ...), by
    position and by game in --json and --html."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from pokerfloor.io.imports import stream_paths
    from pokerfloor.io.phh import HandHistory
    from pokerfloor.stats import Session

    found = Session()
    with Progress(transient=True, disable=as_json, console=Console(stderr=True)) as progress:
        task = progress.add_task("replaying hands", total=None)
        for entry in stream_paths(files):
            if isinstance(entry, HandHistory):
                found.add(entry)
            else:
                found.skipped.append(str(entry))
            progress.advance(task)
    if plot is not None:
        try:
            from pokerfloor.stats import plot as draw

            draw(found, plot)
        except ModuleNotFoundError:
            typer.echo("error: --plot needs matplotlib: pip install 'pokerfloor[plot]'", err=True)
            raise typer.Exit(2) from None
    if html_path is not None:
        from pokerfloor.stats.report import html_report

        html_path.write_text(html_report(found), encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(found.to_dict(), indent=2))
        return
    console = Console()
    columns = TERMINAL_COLUMNS + (WIDE_COLUMNS if console.width >= WIDE else ())
    table = Table(title=f"{sum(1 for _ in found.players)} players", caption=f"{len(found.skipped)} hands left out")
    for column in ("player", "hands", "net", "bb/100", *(title for _, title in columns)):
        table.add_column(column, justify="left" if column == "player" else "right")
    for p in found.ranked():
        bb = "-" if p.bb_per_100 is None else f"{p.bb_per_100:.1f}"
        table.add_row(p.name, str(p.hands), f"{p.net:,}", bb, *(_rate(p.rate(key)) for key, _ in columns))
    console.print(table)
    for reason in found.skipped:
        console.print(f"left out: {reason}", markup=False)
    if html_path is not None:
        console.print(f"report written to {html_path}", markup=False)


@app.command("convert")
def convert_command(
    files: Annotated[list[Path], typer.Argument(
        help="PHH, PokerStars, GGPoker, Winamax, 888poker, partypoker, iPoker, PokerNow or OHH histories "
             "(files or folders).")],
    out: Annotated[Path, typer.Option("--out", "-o", help="The file to write every hand to.")],
    to: Annotated[str, typer.Option("--to", help="phh (a .phhs file), ohh (Open Hand History, a .json file) or "
                                                 "pokerstars (text trackers import).")] = "phh",
) -> None:
    """Convert histories to PHH, to Open Hand History, or to PokerStars text for Hold'em Manager,
    PokerTracker and GTO Wizard; every hand is replayed, and one that disagrees with the rules is
    named with the rule."""
    from pokerfloor.io.imports import stream_paths
    from pokerfloor.io.ohh import replay_to_ohh
    from pokerfloor.io.phh import HandHistory, dump
    from pokerfloor.io.verify import verify_history

    if to not in ("phh", "ohh", "pokerstars"):
        typer.echo(f"error: --to is phh, ohh or pokerstars, not {to!r}", err=True)
        raise typer.Exit(2)
    suffix = {"phh": ".phhs", "ohh": ".json"}.get(to)
    if suffix is not None and not out.name.endswith(suffix):
        typer.echo(f"error: --out names a {suffix} file", err=True)
        raise typer.Exit(2)
    hands: list[HandHistory] = []
    for entry in stream_paths(files):
        if isinstance(entry, HandHistory):
            hands.append(entry)
        else:
            typer.echo(f"not converted: {entry}")
    if to == "pokerstars":
        from pokerfloor.io.pokerstars_out import write

        text, refused = write(hands)
        for error in refused:
            typer.echo(f"not converted: {error}")
        out.write_text(text, encoding="utf-8")
        typer.echo(f"{len(hands) - len(refused)} hands written to {out} (PokerStars)")
        return
    written = []
    for hand in hands:
        verdict = verify_history(hand)
        if not verdict.passed:
            typer.echo(f"{verdict.where()}: {verdict.status}: {verdict.detail}")
        if to == "ohh" and verdict.replay is None:
            typer.echo(f"not converted: {verdict.where()}: it does not replay, and OHH is written from the replay")
        elif to == "ohh" and verdict.replay is not None:
            written.append(replay_to_ohh(verdict.replay))
    if to == "ohh":
        out.write_text(json.dumps(written, indent=2, ensure_ascii=False), encoding="utf-8")
        typer.echo(f"{len(written)} hands written to {out} (OHH)")
        return
    dump(hands, out)
    typer.echo(f"{len(hands)} hands written to {out}")
