"""``pokerfloor equity --by-flop`` (and ``--by-card``): the equity on every board of the next street,
as a table of the boards, a text histogram of the equity over them and, with ``--plot``, a PNG."""

from __future__ import annotations

import json

import typer

from pokerfloor.equity import BoardEquities

BINS = 10
SHOWN = 8
"""The boards listed at each end of the table (the worst and the best for the first player)."""


def histogram_lines(found: BoardEquities, player: int = 0, width: int = 40) -> list[str]:
    """The histogram of ``player``'s equity over the boards, one line a tenth of equity: its
    range, a bar as long as its share of the boards and the share."""
    counts = found.histogram(player, BINS)
    most = max(counts) or 1
    lines = []
    for b, n in enumerate(counts):
        share = n / found.boards
        bar = "#" * round(width * n / most)
        lines.append(f"{b * 10:3d}-{(b + 1) * 10:3d}% | {bar:<{width}} {share:6.1%}")
    return lines


def draw(found: BoardEquities, path: str, player: int = 0) -> None:
    """The histogram as a PNG at ``path`` (matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    spread = found.spread(player)
    figure, axes = plt.subplots(figsize=(7, 4))
    axes.hist([v for v, _ in spread], bins=[b / 20 for b in range(21)], weights=[n for _, n in spread],
              color="#2a6f4e")
    axes.set_xlabel(f"equity of {found.ranges[player]} on the {found.street}")
    axes.set_ylabel(f"{found.street}s" if found.street != "flop" else "flops")
    axes.set_title(f"{found.ranges[player]} vs {' / '.join(found.ranges[1:])}: mean {found.equity(player):.1%}")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def by_board_command(ranges: list[str], board: str, dead: str, game: str, *, by_flop: bool, as_json: bool,
                     plot: str | None) -> None:
    from rich.console import Console
    from rich.table import Table

    from pokerfloor.equity import RangeError, equity_by_board

    if by_flop and board:
        typer.echo("error: --by-flop deals every flop: give no --board (or use --by-card)", err=True)
        raise typer.Exit(2)
    try:
        found = equity_by_board(ranges, board, dead=dead, game=game)
    except (RangeError, ValueError) as bad:
        typer.echo(f"error: {bad}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps({
            "ranges": list(found.ranges), "board": found.board, "dead": found.dead, "street": found.street,
            "boards": found.boards, "equity": [found.equity(p) for p in range(len(found.ranges))],
            "classes": [{"board": c.board, "boards": c.boards,
                         "equity": [p.equity for p in c.answer.players]} for c in found.classes],
        }, indent=2))
        return
    console = Console()
    where = f" after {found.board}" if found.board else ""
    table = Table(title=f"{' vs '.join(found.ranges)}: every {found.street}{where}",
                  caption=(f"{found.boards:,} {found.street}s in {len(found.classes):,} classes by suit; exact. "
                           f"Over all: {found.equity(0):.2%}; median {found.quantile(0.5):.2%}"))
    table.add_column(found.street)
    table.add_column(f"{found.street}s like it", justify="right")
    for p in range(len(found.ranges)):
        table.add_column(f"player {p + 1}", justify="right")
    ordered = sorted(found.classes, key=lambda c: c.equity(0))
    shown = ordered if len(ordered) <= 2 * SHOWN else [*ordered[:SHOWN], None, *ordered[-SHOWN:]]
    for c in shown:
        if c is None:
            table.add_row("...", "", *[""] * len(found.ranges))
            continue
        table.add_row(c.board, f"{c.boards:,}", *[f"{p.equity:.2%}" for p in c.answer.players])
    console.print(table)
    typer.echo(f"\n{found.ranges[0]}'s equity over the {found.street}s (share of the {found.street}s):")
    for line in histogram_lines(found):
        typer.echo(line)
    if plot:
        try:
            draw(found, plot)
        except ImportError:
            typer.echo("error: --plot needs matplotlib: pip install 'pokerfloor[plot]'", err=True)
            raise typer.Exit(2) from None
        typer.echo(f"wrote {plot}")
