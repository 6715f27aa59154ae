"""The terminal table drawn with rich: seats, stacks, bets, the button and blinds, the board,
the pots, whose turn it is and the last actions, redrawn in place as the hand goes on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from pokerfloor.cards import Card, format_cards
from pokerfloor.hand import Hand
from pokerfloor.narrate import chips

_SUIT_COLOURS = {"h": "red", "d": "blue", "c": "green", "s": "white"}


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


def _blind_marks(hand: Hand) -> dict[int, str]:
    marks: dict[int, list[str]] = {}
    if hand.variant.family != "stud":
        marks.setdefault(hand.button_seat, []).append("D")
    for post in hand.posts:
        if post.kind in ("sb", "bb", "straddle", "button_blind"):
            marks.setdefault(post.seat, []).append({"sb": "SB", "bb": "BB", "button_blind": "BB"}.get(post.kind, "STR"))
    return {seat: " ".join(names) for seat, names in marks.items()}


def render(
    hand: Hand,
    names: Mapping[int, str],
    *,
    you: int,
    title: str,
    log: Sequence[str],
    show_all: bool = False,
    recent: int | None = 12,
) -> Group:
    """The whole table as one rich renderable; only ``you``'s cards are shown until the end
    (or all with ``show_all``), except cards shown at the showdown. Below the table come the
    last ``recent`` lines of ``log`` (all of them with ``None``)."""
    seats = RichTable(expand=True, show_edge=False, box=None, padding=(0, 1))
    for column, justify in (("", "left"), ("seat", "left"), ("player", "left"), ("", "left"),
                            ("stack", "right"), ("bet", "right"), ("cards", "left"), ("", "left")):
        seats.add_column(column, justify=justify)  # type: ignore[arg-type]
    marks = _blind_marks(hand)
    shown = hand.result.shown if hand.result is not None else {}
    for seat in sorted(hand.seats):
        turn = "▶" if seat == hand.to_act else ""
        status = "folded" if seat in hand.folded else "all-in" if seat in hand.all_in else ""
        if seat == you or show_all:
            cards = cards_text(hand.holes[seat])
        elif seat in shown:
            cards = cards_text(shown[seat])
        elif seat in hand.folded:
            cards = Text("")
        else:
            stud = hand.variant.family == "stud"
            cards = cards_text(hand.upcards[seat]) if stud else Text("🂠 " * len(hand.holes[seat]))
        name = Text(names.get(seat, f"seat {seat}"), style="bold" if seat == you else "")
        bet = hand.bets.get(seat, 0)
        seats.add_row(
            Text(turn, style="bold yellow"), str(seat), name, marks.get(seat, ""),
            chips(hand.stacks[seat]), chips(bet) if bet else "", cards, Text(status, style="dim"),
        )
    middle = Text("")
    if hand.variant.family == "flop":
        board = [c for c in hand.board if c is not None]
        middle.append("Board: ")
        middle.append_text(cards_text(board) if board else Text("no cards yet", style="dim"))
    pots = hand.pots
    if len(pots) > 1:
        middle.append("   Pots: " + ", ".join(
            f"{'main' if i == 0 else f'side {i}'} {chips(pot.amount)}" for i, pot in enumerate(pots)))
    middle.append(f"   Total pot: {chips(hand.total_pot)}", style="bold")
    turn_line = (
        Text(f"{names.get(hand.to_act, f'seat {hand.to_act}')} to act ({hand.street})", style="bold yellow")
        if hand.to_act is not None else Text("")
    )
    told = Text("\n".join(log if recent is None else log[-recent:]))
    return Group(Panel(Group(seats, Text(""), middle, turn_line), title=title, expand=True), told)
