"""The terminal table drawn with rich: seats, stacks, bets, the button and blinds, the board,
the pots, whose turn it is and the last actions, redrawn in place as the hand goes on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from pokerfloor.cards import Card, format_cards
from pokerfloor.hand import SeatView
from pokerfloor.narrate import chips, street_words

_SUIT_COLOURS = {"h": "red", "d": "blue", "c": "green", "s": "white"}
_BLIND_MARKS = {"sb": "SB", "bb": "BB", "button_blind": "BB", "straddle": "STR"}


def cards_text(cards: Sequence[Card | None]) -> Text:
    """Cards in colour, a face-down card as ``??``."""
    text = Text()
    for card in cards:
        if card is None:
            text.append("?? ", style="dim")
        else:
            name = format_cards([card])
            text.append(name + " ", style=f"bold {_SUIT_COLOURS.get(name[-1], 'white')}")
    return text


def _blind_marks(view: SeatView) -> dict[int, str]:
    marks: dict[int, list[str]] = {}
    if view.game.variant_spec.family != "stud":
        marks.setdefault(view.button, []).append("D")
    for event in view.events:
        if event.kind == "post" and event.seat is not None and event.post in _BLIND_MARKS:
            marks.setdefault(event.seat, []).append(_BLIND_MARKS[event.post])
    return {seat: " ".join(names) for seat, names in marks.items()}


def render(
    view: SeatView,
    names: Mapping[int, str],
    *,
    title: str,
    log: Sequence[str],
    recent: int | None = 12,
) -> Group:
    """The table as one rich renderable, drawn from one seat's view (``Hand.view``), so it shows
    only what that seat may see: its own cards, upcards, cards shown. Below the table come the
    last ``recent`` lines of ``log`` (all of them with ``None``)."""
    seats = RichTable(expand=True, show_edge=False, box=None, padding=(0, 1))
    for column, justify in (("", "left"), ("seat", "left"), ("player", "left"), ("", "left"),
                            ("stack", "right"), ("bet", "right"), ("cards", "left"), ("", "left")):
        seats.add_column(column, justify=justify)  # type: ignore[arg-type]
    marks = _blind_marks(view)
    for seat in sorted(view.seats):
        turn = "▶" if seat == view.to_act else ""
        folded = seat in view.folded
        status = "folded" if folded else "all-in" if view.stacks[seat] == 0 else ""
        held = view.holes[seat]
        if folded and seat != view.seat:
            cards = Text("")
        elif any(card is not None for card in held):
            cards = cards_text(held)
        else:
            cards = Text("🂠 " * len(held))
        name = Text(names.get(seat, f"seat {seat}"), style="bold" if seat == view.seat else "")
        bet = view.bets.get(seat, 0)
        seats.add_row(
            Text(turn, style="bold yellow"), str(seat), name, marks.get(seat, ""),
            chips(view.stacks[seat]), chips(bet) if bet else "", cards, Text(status, style="dim"),
        )
    middle = Text("")
    if view.game.variant_spec.family == "flop":
        board = [c for c in view.board if c is not None]
        middle.append("Board: ")
        middle.append_text(cards_text(board) if board else Text("no cards yet", style="dim"))
    pots = view.pots
    if len(pots) > 1:
        middle.append("   Pots: " + ", ".join(
            f"{'main' if i == 0 else f'side {i}'} {chips(pot.amount)}" for i, pot in enumerate(pots)))
    middle.append(f"   Total pot: {chips(view.total_pot)}", style="bold")
    turn_line = (
        Text(f"{names.get(view.to_act, f'seat {view.to_act}')} to act ({street_words(view.street).lower()})",
             style="bold yellow")
        if view.to_act is not None else Text("")
    )
    told = Text("\n".join(log if recent is None else log[-recent:]))
    return Group(Panel(Group(seats, Text(""), middle, turn_line), title=title, expand=True), told)
