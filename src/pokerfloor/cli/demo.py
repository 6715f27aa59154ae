"""``pokerfloor demo``: a few hands between bots, every action and ruling told in words."""

from __future__ import annotations

import random
import secrets

import typer
from rich.console import Console
from rich.table import Table as RichTable

from pokerfloor.bots import STYLES, decide, make_bot
from pokerfloor.cards import format_cards
from pokerfloor.cli import app
from pokerfloor.errors import IllegalAction
from pokerfloor.hand import Hand
from pokerfloor.narrate import describe
from pokerfloor.rules import Game


@app.command()
def demo(
    hands: int = typer.Option(3, "--hands", "-n", min=1, help="How many hands to play."),
    seed: int | None = typer.Option(
        None, "--seed", help="Seed of the deck and the bots (same seed, same game); fresh cards without it."
    ),
    seats: int = typer.Option(4, "--seats", min=2, max=9, help="How many bots sit down."),
) -> None:
    """Play a few hands of no-limit hold'em between bots and tell every action and ruling."""
    console = Console()
    if seed is None:
        seed = secrets.randbits(32)
    rng = random.Random(seed)
    game = Game.no_limit_holdem(50, 100)
    names = {s: f"{STYLES[(s - 1) % len(STYLES)].title()} {s}" for s in range(1, seats + 1)}
    bots = {s: make_bot(STYLES[(s - 1) % len(STYLES)], names[s], random.Random(seed * 31 + s)) for s in names}
    stacks = {s: 10_000 for s in names}
    button = 1
    for number in range(1, hands + 1):
        playing = {s: c for s, c in stacks.items() if c > 0}
        if len(playing) < 2:
            break
        while button not in playing:
            button = button % seats + 1
        hand = Hand(game, stacks=playing, button=button, rng=rng)
        console.rule(f"Hand {number}: button {names[button]}, blinds 50/100")
        for seat in hand.seats:
            console.print(f"  {names[seat]} ({playing[seat]}) holds {format_cards(hand.holes[seat])}")
        shown = 0
        while not hand.is_over:
            actor = hand.to_act
            assert actor is not None
            action, to, discard = decide(bots[actor], hand.view(actor))
            try:
                hand.act(actor, action, to, discard)
            except IllegalAction as ruling:
                console.print(f"  [red]floor: {ruling}[/red]")
                unattended, discard = hand.legal().unattended()
                hand.act(actor, unattended, None, discard)
            for event in hand.events[shown:]:
                console.print("  " + describe(event, names.get(event.seat) if event.seat is not None else None))
            shown = len(hand.events)
        for event in hand.events[shown:]:
            console.print("  " + describe(event, names.get(event.seat) if event.seat is not None else None))
        assert hand.result is not None
        stacks.update(hand.result.stacks)
        button = button % seats + 1
    table = RichTable(title="Chip counts")
    table.add_column("player")
    table.add_column("chips", justify="right")
    for seat, chips in stacks.items():
        table.add_row(names[seat], f"{chips:,}")
    console.print(table)
