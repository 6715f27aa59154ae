"""``pokerfloor play``: a poker table in the terminal, you against bots.

The table is drawn with rich and redrawn in place; you type the way players type (``r 300``,
``b 1k``, ``c``, ``pot``, ``half``, ``allin``, ``help``, ``quit``: ``cli.shortcuts``). An illegal
action is answered with the rule in words and its citation. Each hand is appended to the save
file (PHH, with the players' names) as it finishes, so Ctrl-C or Ctrl-D loses no finished hand.
Busting in a cash game offers a rebuy; the session ends with a summary.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from pokerfloor.bots import STYLES, Bot, bot_act, bot_name, load_bot, make_bot
from pokerfloor.cli import app, games, shortcuts
from pokerfloor.cli.match import importable_here
from pokerfloor.cli.table_view import render
from pokerfloor.errors import IllegalAction, in_words
from pokerfloor.hand import Hand
from pokerfloor.io import export, phh
from pokerfloor.narrate import award_lines, chips, describe
from pokerfloor.table import Level, NotEnoughPlayers, Table, Tournament

YOU = 1
LEVEL_HANDS = 10
"""Hands per level in a ``--tournament`` sit-and-go; the blinds double each level."""

RESULT_SECONDS = 2.0
"""How long a hand's result stays on a terminal before the next hand when nobody is typing
(``--watch``); a player at the keyboard presses Enter instead."""

Ask = Callable[[str], str]


@dataclass
class Session:
    """What the summary reports: hands played, chips bought in, the biggest pot."""

    hands: int = 0
    bought_in: int = 0
    biggest_pot: int = 0
    saved: int = 0
    log: list[str] = field(default_factory=list)


def free_path(path: Path) -> Path:
    """``path`` if nothing is there yet, else the first free ``name-2.phhs``, ``name-3.phhs``..."""
    candidate, number = path, 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def bot_turn(bot: Bot, hand: Hand, seat: int) -> None:
    """Let a bot act (a style bot draws and brings in too). An action the rules refuse (or a bot
    that fails) is the seat's unattended action instead (``Legal.unattended``)."""
    legal = hand.legal()
    try:
        bot_act(bot, hand, seat)
    except (IllegalAction, ValueError):
        action, discard = legal.unattended()
        hand.act(seat, action, None, discard)


@app.command()
def play(
    hands: int | None = typer.Option(
        None, "--hands", "-n", min=1, help="Hands to play (default 5; a tournament plays to the end)."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Seed for the deck and the bots (default: a secure shuffle)."),
    seats: int = typer.Option(6, "--seats", min=2, max=9, help="Players at the table, you included."),
    game_name: str = typer.Option(
        "nlhe", "--game", help="nlhe, plo, lhe, stud, stud8, razz, 5cd, 27td, badugi... or structure:variant."
    ),
    blinds_text: str = typer.Option("50/100", "--blinds", help="Small and big blind, like 50/100 or 1k/2k."),
    stack_text: str = typer.Option("10,000", "--stack", help="The buy-in (or a tournament's starting stack): 10k..."),
    tournament: bool = typer.Option(False, "--tournament", help="A sit-and-go: no rebuys, blinds double by level."),
    save: Path = typer.Option(
        Path("pokerfloor-hands.phhs"), "--save", help="Where hands are saved (PHH); never overwritten."
    ),
    watch: bool = typer.Option(False, "--watch", help="Let a bot play your seat too (no typing)."),
    bot_specs: list[str] = typer.Option(
        [], "--bot", metavar="<style|module:name>",
        help="Seat a bot from seat 2 on: a style (rock, station, maniac, pro) or your own, "
             "package.module:Name (a Bot or a function of a SeatView); repeatable.",
    ),
) -> None:
    """Play poker against bots of four styles (rock, station, maniac, pro) at a table drawn in
    the terminal. Type help at your turn for the shortcuts."""
    console = Console()
    try:
        small, big = games.blinds(blinds_text)
        game = games.game(game_name, small, big)
        stack = shortcuts.amount(stack_text)
    except ValueError as problem:
        console.print(f"[red]{escape(str(problem))}[/red]")
        raise typer.Exit(2) from None
    if tournament and game.variant_spec.family == "stud":
        console.print("[red]--tournament deals blind games (stud's antes do not follow blind levels)[/red]")
        raise typer.Exit(2)
    rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
    bot_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    names = {YOU: "You"}
    bots: dict[int, Bot] = {}
    for seat in range(2, seats + 1):
        style = STYLES[(seat - 2) % len(STYLES)]
        rounds = (seat - 2) // len(STYLES)
        names[seat] = style.title() + (f" {rounds + 1}" if rounds else "")
        bots[seat] = make_bot(style, names[seat], random.Random(bot_seed * 97 + seat))
    if len(bot_specs) > seats - 1:
        console.print(f"[red]{len(bot_specs)} bots do not fit at {seats} seats beside you[/red]")
        raise typer.Exit(2)
    importable_here()
    for seat, spec in enumerate(bot_specs, start=2):
        try:
            bots[seat] = load_bot(spec, random.Random(bot_seed * 97 + seat))
        except ValueError as problem:
            console.print(f"[red]{escape(str(problem))}[/red]")
            raise typer.Exit(2) from None
        names[seat] = bot_name(bots[seat])
    interactive = sys.stdin.isatty() and not watch
    if not interactive:
        bots[YOU] = make_bot("pro", "You", random.Random(bot_seed))
        if not watch:
            console.print("[dim]no terminal to read from: a bot plays your seat[/dim]")
    sit_and_go: Tournament | None = None
    if tournament:
        levels = [Level(small << k, big << k, hands=LEVEL_HANDS) for k in range(12)]
        sit_and_go = Tournament(game, levels, starting_stack=stack, seats=seats, rng=rng, button=seats)
        table = sit_and_go.table
        for seat, name in names.items():
            sit_and_go.register(seat, name)
    else:
        table = Table(game, seats=seats, rng=rng, button=seats)
        for seat, name in names.items():
            table.sit(seat, name, stack, post=True)
    limit = hands if hands is not None else (10_000 if tournament else 5)
    path: Path | None = free_path(save)
    try:
        export.variant_code(game.variant, game.structure)
    except ValueError:
        console.print(f"[yellow]PHH has no code for {game.structure.replace('_', '-')} {game.variant_spec.title}: "
                      "this session's hands are not saved.[/yellow]")
        path = None
    if path is not None and path != save:
        console.print(f"{save} already exists: this session's hands go to {path}")
    session = Session(bought_in=stack)
    ask: Ask = console.input
    try:
        run_session(console, table, sit_and_go, names, bots, session, limit, path, ask, interactive, stack)
    except (KeyboardInterrupt, EOFError):
        console.print("\n[bold]Stopped.[/bold] Every finished hand is saved.")
    summary(console, table, session, path, sit_and_go)


def run_session(
    console: Console,
    table: Table,
    sit_and_go: Tournament | None,
    names: dict[int, str],
    bots: dict[int, Bot],
    session: Session,
    limit: int,
    path: Path | None,
    ask: Ask,
    interactive: bool,
    stack: int,
) -> None:
    """Deal hands until the limit, a quit, or too few players; each is saved as it finishes."""
    for number in range(1, limit + 1):
        table.end_hand()
        notes: list[str] = []
        if sit_and_go is None:
            for seat in names:
                if table.stack(seat) == 0 and seat != YOU:
                    table.rebuy(seat, stack, post=True)
                    notes.append(f"{names[seat]} buys in again for {chips(stack)}")
            if your_chips(table) == 0 and not offer_rebuy(console, table, session, ask, interactive, stack, notes):
                return
        elif sit_and_go.is_over or your_chips(table) == 0:
            return
        try:
            hand = sit_and_go.start_hand() if sit_and_go is not None else table.start_hand()
        except NotEnoughPlayers:
            console.print("Not enough players with chips: the game is over.")
            return
        hand_names = {seat: names[seat] for seat in hand.seats}
        title = f"Hand {number} · {hand.variant.title} · {table.game.structure.replace('_', ' ')} · " + (
            f"level {sit_and_go.level_number}, " if sit_and_go is not None else ""
        ) + f"blinds {'/'.join(chips(b) for b in table.game.blinds) or 'antes ' + chips(table.game.ante)}"
        quit_now = play_hand(hand, hand_names, bots, console, ask, title, session.log, notes, interactive=interactive)
        session.hands += 1
        session.biggest_pot = max(session.biggest_pot, sum(a.amount for a in hand.result.awards) if hand.result else 0)
        if path is not None:
            history = export.history_of(hand, players=[names[s] for s in hand.seats], hand=number)
            phh.append(history, path, str(number))
            session.saved += 1
        if quit_now:
            return


def play_hand(
    hand: Hand,
    names: dict[int, str],
    bots: dict[int, Bot],
    console: Console,
    ask: Ask,
    title: str,
    log: list[str],
    notes: list[str],
    *,
    interactive: bool = False,
) -> bool:
    """Play one hand to the end, telling ``notes`` (rebuys) first; True if you asked to quit
    (your hand is folded first). Everything drawn and told comes from your seat's view."""
    printed = len(log)
    log.append(f"— {title}")
    log.extend(notes)
    shown = tell(hand, names, log, 0)
    quit_now = False
    while not hand.is_over:
        if not console.is_terminal:  # a log, not a redrawn table, when output is not a terminal
            for line in log[printed:]:
                console.print(line)
            printed = len(log)
        seat = hand.to_act
        assert seat is not None
        bot = bots.get(seat)
        if bot is not None and not (quit_now and seat == YOU):
            bot_turn(bot, hand, seat)
        elif quit_now:
            legal = hand.legal()
            hand.act(seat, "fold" if legal.fold else "check" if legal.check else "draw")
        else:
            console.clear()
            console.print(render(hand.view(YOU), names, title=title, log=log[printed + 1 :]))
            quit_now = your_turn(hand, seat, console, ask, log)
            if quit_now:
                bots = {s: b for s, b in bots.items() if s != YOU}
        shown = tell(hand, names, log, shown)
    outcome = result_lines(hand, names)
    log.extend(outcome)
    if console.is_terminal:
        console.clear()
        told = log[printed + 1 : len(log) - len(outcome)]
        console.print(render(hand.view(YOU), names, title=title, log=told, recent=None))
    else:
        for line in log[printed : len(log) - len(outcome)]:
            console.print(line)
    console.print(Panel("\n".join(escape(line) for line in outcome), title="Result", expand=True))
    if quit_now:
        return True
    if interactive:
        return ask("Enter for the next hand, q to quit > ").strip().lower() in ("q", "quit", "exit")
    if console.is_terminal:
        time.sleep(RESULT_SECONDS)
    return False


def result_lines(hand: Hand, names: dict[int, str]) -> list[str]:
    """The end of a hand as you saw it: each hand shown, who won each pot and how much, and what
    the hand won or lost you."""
    view = hand.view(YOU)
    lines = [describe(e, names.get(e.seat)) for e in view.events if e.kind == "show" and e.seat is not None]
    lines.extend(award_lines(hand, names))
    if YOU in hand.seats and hand.result is not None:
        net = hand.result.stacks[YOU] - hand.starting_stacks[YOU]
        lines.append(f"You {'won' if net > 0 else 'lost' if net < 0 else 'broke even'}"
                     + (f" {chips(abs(net))} this hand" if net else " this hand"))
    return lines


def your_turn(hand: Hand, seat: int, console: Console, ask: Ask, log: list[str]) -> bool:
    """Read your action until it is one the rules allow; True if you typed quit."""
    legal = hand.legal()
    while True:
        console.print(f"[bold]Your turn[/bold]: {options_line(hand)}   [dim](help for shortcuts)[/dim]")
        text = ask("> ")
        try:
            typed = shortcuts.read(text, legal, pot=hand.total_pot, current_bet=hand.bets.get(seat, 0))
            if typed.action == "help":
                console.print(shortcuts.HELP)
                continue
            if typed.action == "quit":
                return True
            hand.act(seat, typed.action, to=typed.to, discard=list(typed.discard) if typed.action == "draw" else None)
            return False
        except IllegalAction as ruling:
            console.print(f"[red]Floor: {escape(ruling.message)}[/red] [dim]({escape(in_words(ruling.rule))})[/dim]")
        except ValueError as problem:
            console.print(f"[yellow]{escape(str(problem))}[/yellow]")


def options_line(hand: Hand) -> str:
    """Your options with exact amounts, as the dealer would say them."""
    legal = hand.legal()
    parts = []
    if legal.draw is not None:
        parts.append(f"discard up to {legal.draw} (d 7h2c, or d for pat)")
    if legal.fold:
        parts.append("fold")
    if legal.check:
        parts.append("check")
    if legal.call:
        parts.append(f"call {chips(legal.call.cost)}")
    if legal.bring_in is not None:
        parts.append(f"bring in {chips(legal.bring_in)}")
    for name, span in (("bet", legal.bet), ("raise to", legal.raise_), ("complete to", legal.complete)):
        if span is not None:
            lowest, highest = chips(span.min_to), chips(span.max_to)
            parts.append(f"{name} {lowest}" if lowest == highest else f"{name} {lowest} to {highest}")
    return " | ".join(parts)


def offer_rebuy(
    console: Console, table: Table, session: Session, ask: Ask, interactive: bool, stack: int, notes: list[str]
) -> bool:
    """You busted: buy in again (True, noted in ``notes``) or end the session. Without a
    terminal the bot in your seat buys in again, so ``--hands N`` plays N hands."""
    if interactive:
        answer = ask(f"You are out of chips. Buy in again for {chips(stack)}? [y/n] > ").strip().lower()
    else:
        answer = "yes"
    if answer in ("y", "yes", ""):
        table.rebuy(YOU, stack, post=True)
        session.bought_in += stack
        notes.append(f"You buy in again for {chips(stack)}")
        return True
    console.print("You are out of chips: the game is over.")
    return False


def tell(hand: Hand, names: dict[int, str], log: list[str], shown: int) -> int:
    """Add the events not told yet to the log, as your seat saw them (another seat's discards
    are a number, never cards); returns how many are told now."""
    events = hand.view(YOU if YOU in hand.seats else None).events
    for event in events[shown:]:
        if event.kind in ("deal_hole", "win"):
            continue
        seat = event.seat
        all_in = seat is not None and event.kind in ("bet", "raise", "call", "complete", "post") and seat in hand.all_in
        log.append(describe(event, names.get(seat) if seat is not None else None, all_in=all_in))
    return len(events)


def your_chips(table: Table) -> int:
    """Your stack; none once a tournament has taken your seat away."""
    seat = table.seats.get(YOU)
    return seat.chips if seat is not None else 0


def summary(
    console: Console, table: Table, session: Session, path: Path | None, sit_and_go: Tournament | None
) -> None:
    """The end of the session: hands played, your net, the biggest pot, where the hands are."""
    table.end_hand()
    if table.hand is not None and not table.hand.is_over:
        mine = table.hand.stacks.get(YOU, 0) + table.hand.contributions.get(YOU, 0)
    else:
        mine = your_chips(table)
    console.rule("Session")
    console.print(f"Hands played: {session.hands}")
    if sit_and_go is not None:
        places = {finish.player: finish.place for finish in sit_and_go.standings}
        console.print(f"Your place: {places['You']}" if "You" in places else f"You hold {chips(mine)} chips")
    else:
        net = mine - session.bought_in
        console.print(f"Net: {'won' if net >= 0 else 'lost'} {chips(abs(net))} (bought in {chips(session.bought_in)})")
    console.print(f"Biggest pot: {chips(session.biggest_pot)}")
    if path is not None:
        console.print(f"{session.saved} hand(s) saved to {path} (PHH)" if session.saved
                      else "No hand was finished: nothing was saved.")
