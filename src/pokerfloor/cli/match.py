"""``pokerfloor match A B``: two of ``pokerfloor.bots``' styles heads-up, scored in big blinds
per 100 hands with a 95% confidence interval."""

from __future__ import annotations

import random

import typer

from pokerfloor.bots import STYLES, make_bot
from pokerfloor.cli import app
from pokerfloor.match import play_match


@app.command("match")
def match(
    a: str = typer.Argument(..., help=f"The first bot's style: {', '.join(STYLES)}."),
    b: str = typer.Argument(..., help="The second bot's style."),
    hands: int = typer.Option(1_000, "--hands", "-n", min=2, help="How many hands (even with --duplicate)."),
    duplicate: bool = typer.Option(False, "--duplicate", help="Play each deal twice, seats swapped."),
    seed: int = typer.Option(0, "--seed", help="Seed of the deals and the bots."),
) -> None:
    """Score bot A against bot B heads-up (no-limit hold'em 50/100, 100 big blinds deep)."""
    try:
        bot_a = make_bot(a, a, random.Random(f"{seed}:a"))
        bot_b = make_bot(b, b, random.Random(f"{seed}:b"))
        score = play_match(bot_a, bot_b, hands, duplicate=duplicate, seed=seed)
    except ValueError as bad:
        raise typer.BadParameter(str(bad)) from None
    typer.echo(f"{a} against {b}: {score}")
