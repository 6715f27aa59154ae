"""``pokerfloor play``: a no-limit hold'em table in the terminal, you against bots.

You type ``fold``, ``check``, ``call``, ``bet N``, ``raise N`` (N is your total for the round)
or ``all in``; the options are shown with exact amounts, an illegal action is answered with the
rule it breaks, and every hand is saved as PHH. It ends by itself after ``--hands`` hands.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

import typer
from rich.console import Console

from pokerfloor.bots import STYLES, StyleBot, make_bot
from pokerfloor.cards import format_cards
from pokerfloor.cli import app
from pokerfloor.errors import IllegalAction
from pokerfloor.hand import Hand, Legal
from pokerfloor.io import export, phh
from pokerfloor.narrate import describe
from pokerfloor.rules import Game
from pokerfloor.table import NotEnoughPlayers, Table

YOU = 1
BUY_IN = 10_000
HELP = "type fold, check, call, bet N, raise N (your total this round), all in, or quit"


def options_line(legal: Legal) -> str:
    """The seat's options with exact amounts, as the dealer would say them."""
    parts = []
    if legal.fold:
        parts.append("fold")
    if legal.check:
        parts.append("check")
    if legal.call:
        parts.append(f"call {legal.call.cost}")
    for name, span in (("bet", legal.bet), ("raise to", legal.raise_), ("complete to", legal.complete)):
        if span is not None:
            parts.append(
                f"{name} {span.min_to}" if span.min_to == span.max_to else f"{name} {span.min_to}-{span.max_to}"
            )
    return " | ".join(parts)


def parse_command(text: str, legal: Legal) -> tuple[str, int | None]:
    """A typed command as an action for ``Hand.act``; ``ValueError`` if it cannot be read."""
    words = text.lower().replace(",", "").split()
    if not words:
        raise ValueError(HELP)
    verb = words[0]
    if verb in ("all", "allin", "all-in", "shove"):
        return "all_in", None
    if verb in ("fold", "check", "call", "quit") and len(words) == 1:
        return verb, None
    if verb in ("bet", "raise", "complete") and len(words) == 2 and words[1].isdigit():
        kind = verb
        if verb == "raise" and legal.bet is not None:
            kind = "bet"
        return kind, int(words[1])
    raise ValueError(f"{text!r} is not an action: {HELP}")


@app.command()
def play(
    hands: int = typer.Option(5, "--hands", "-n", min=1, help="How many hands to play before the game ends."),
    seed: int | None = typer.Option(None, "--seed", help="Seed for the deck and the bots (default: a secure shuffle)."),
    seats: int = typer.Option(6, "--seats", min=2, max=9, help="Players at the table, you included."),
    save: Path = typer.Option(Path("pokerfloor-hands.phhs"), "--save", help="Where the hands are saved as PHH."),
    watch: bool = typer.Option(False, "--watch", help="Let a bot play your seat too (no typing)."),
) -> None:
    """Play no-limit hold'em (blinds 50/100, 10,000 chips) against bots of a few styles."""
    console = Console()
    rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
    bot_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    table = Table(Game.no_limit_holdem(50, 100), seats=seats, rng=rng, button=seats)
    names = {YOU: "You"}
    bots: dict[int, StyleBot] = {}
    for seat in range(2, seats + 1):
        style = STYLES[(seat - 2) % len(STYLES)]
        names[seat] = f"{style.title()} {seat}"
        bots[seat] = make_bot(style, names[seat], random.Random(bot_seed * 97 + seat))
    if watch or not sys.stdin.isatty():
        bots[YOU] = make_bot("pro", "You", random.Random(bot_seed))
        if not watch:
            console.print("[dim]no terminal to read from: a bot plays your seat[/dim]")
    for seat, name in names.items():
        table.sit(seat, name, BUY_IN, post=True)
    histories: list[phh.HandHistory] = []
    ask: Callable[[str], str] = lambda prompt: console.input(prompt)  # noqa: E731
    for number in range(1, hands + 1):
        for seat in names:
            if table.stack(seat) == 0 and seat != YOU:
                table.rebuy(seat, BUY_IN, post=True)
                console.print(f"[dim]{names[seat]} buys in again for {BUY_IN:,}[/dim]")
        try:
            hand = table.start_hand()
        except NotEnoughPlayers:
            console.print("Not enough players with chips: the game is over.")
            break
        console.rule(f"Hand {number} of {hands}")
        if YOU in hand.seats:
            console.print(f"Your cards: [bold]{format_cards(hand.holes[YOU])}[/bold]")
        quit_now = play_hand(hand, names, bots, console, ask)
        histories.append(export.history_of(hand))
        if quit_now:
            break
        table.collect()
        console.print("Chips: " + ", ".join(f"{names[s]} {table.stack(s):,}" for s in names))
        if table.stack(YOU) == 0:
            console.print("You are out of chips: the game is over.")
            break
    table.collect()
    save.write_text(phh.dumps_all(histories))
    console.print(f"{len(histories)} hand(s) saved to {save} (PHH)")


def play_hand(
    hand: Hand,
    names: dict[int, str],
    bots: dict[int, StyleBot],
    console: Console,
    ask: Callable[[str], str],
) -> bool:
    """Play one hand to the end; returns True if the human asked to quit (the hand is folded)."""
    shown = 0
    quit_now = False
    while not hand.is_over:
        shown = tell(hand, names, console, shown)
        seat = hand.to_act
        assert seat is not None
        bot = bots.get(seat)
        if bot is not None:
            action, to = bot.choose(hand.view(seat))
            hand.act(seat, action, to=to)
            continue
        legal = hand.legal()
        board = format_cards(hand.board) or "no board yet"
        console.print(
            f"[bold]Your turn[/bold] ({board}, pot {hand.total_pot:,}, you have {hand.stacks[seat]:,}): "
            f"{options_line(legal)}"
        )
        text = ask("> ")
        try:
            action, to = parse_command(text, legal)
            if action == "quit":
                quit_now = True
                action = "fold" if legal.fold else "check"
            hand.act(seat, action, to=to)
        except IllegalAction as ruling:
            console.print(
                f"[red]Floor: {ruling.message}[/red]" + (f" [dim]({ruling.rule})[/dim]" if ruling.rule else "")
            )
        except ValueError as problem:
            console.print(f"[yellow]{problem}[/yellow]")
    tell(hand, names, console, shown)
    return quit_now


def tell(hand: Hand, names: dict[int, str], console: Console, shown: int) -> int:
    """Print the events not shown yet; returns how many are shown now."""
    for event in hand.events[shown:]:
        if event.kind == "deal_hole":
            continue
        console.print("  " + describe(event, names.get(event.seat) if event.seat is not None else None))
    return len(hand.events)
