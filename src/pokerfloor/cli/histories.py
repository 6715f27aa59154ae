"""``pokerfloor replay`` and ``pokerfloor verify``: real hand histories run on the engine.

``replay FILE`` tells one file's hands street by street (or as JSON); ``verify PATH...`` replays
every hand under the paths and sums up what matched the recorded stacks, what differed for a
known reason and what did not.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pokerfloor.cards import Card
from pokerfloor.cli import app
from pokerfloor.evaluation.rankings import hand_rank
from pokerfloor.hand import Event
from pokerfloor.io.conventions import money_text
from pokerfloor.io.notation import Money
from pokerfloor.io.phh import HandHistory, PHHFormatError, read_file_entries
from pokerfloor.io.replay import Replay, ReplayError, replay
from pokerfloor.io.verify import Verdict, verdict_of, verify_history
from pokerfloor.narrate import POSTS, describe, street_words
from pokerfloor.rules import VARIANTS

_TOLD = frozenset({"post", "deal_hole", "draw", "bet", "raise", "complete", "call", "bring_in", "fold", "check",
                    "return", "expose", "show", "muck"})
"""The events the replay tells line by line (the board is told in the street's heading, the
winners in the result)."""


# replay ------------------------------------------------------------------------------------

@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="A .phh or .phhs file.")],
    hand: Annotated[str | None, typer.Option("--hand", help="The hand of a .phhs file: its table [N].")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the replay as JSON instead of words.")] = False,
) -> None:
    """Replay a hand history on the engine and tell it: streets, actions, pots, showdown, who won what and why."""
    console = Console(highlight=False)
    entries = read_file_entries(file)
    if hand is not None:
        chosen = [e for e in entries if _key_of(e) == hand]
        if not chosen:
            keys = [str(_key_of(e)) for e in entries if _key_of(e) is not None]
            listed = ", ".join(keys[:30]) + (f" ... ({len(keys)} hands)" if len(keys) > 30 else "")
            raise typer.BadParameter(f"{file} has no hand [{hand}]; its hands: {listed or 'none'}", param_hint="--hand")
        entries = chosen
    failed = False
    reports: list[dict[str, Any]] = []
    for entry in entries:
        if isinstance(entry, PHHFormatError):
            failed = True
            if as_json:
                reports.append({"file": entry.source, "hand": entry.hand, "error": {
                    "cause": "malformed", "field": entry.field, "message": entry.message}})
            else:
                console.print(f"[red]{escape(str(entry))}[/red]")
            continue
        verdict = verify_history(entry)
        failed |= not verdict.passed
        try:
            if as_json:
                reports.append(_json_report(entry, verdict))
            else:
                _tell(console, entry, verdict)
        except Exception as error:  # a hand that cannot be told is reported, never a traceback
            failed = True
            message = f"{entry.where() or file}: cannot be replayed: {type(error).__name__}: {error}"
            if as_json:
                reports.append({"file": entry.source, "hand": entry.key, "error": {
                    "cause": "unreadable", "field": None, "message": message}})
            else:
                console.print(f"[red]{escape(message)}[/red]")
    if as_json:
        typer.echo(json.dumps(reports[0] if hand is not None and len(reports) == 1 else reports, indent=2,
                              ensure_ascii=False))
    if failed:
        raise typer.Exit(1)


def _key_of(entry: HandHistory | PHHFormatError) -> str | None:
    return entry.key if isinstance(entry, HandHistory) else entry.hand


def _played(history: HandHistory) -> tuple[Replay | None, ReplayError | None]:
    """The replay as far as it goes, and the error that stopped it."""
    try:
        return replay(history), None
    except ReplayError as error:
        if error.index is None:
            return None, error
        return replay(history, stop=error.index), error


def _tell(console: Console, history: HandHistory, verdict: Verdict) -> None:
    variant = VARIANTS[history.phh_variant.variant]
    structure = history.phh_variant.structure.replace("_", "-")
    hand = f"[bold]hand {escape(history.key)}[/bold]: " if history.key is not None else ""
    console.rule(f"{hand}{structure} {variant.title}, {history.player_count} players")
    console.print(escape(history.where()), soft_wrap=True)  # the whole path, never cut to fit
    state, error = _played(history)
    if state is None:
        console.print(f"[red]{escape(str(error))}[/red]" if error else "")
        return
    _tell_table(console, state)
    chips = _Chips(state)
    street = state.hand.game.variant_spec.streets[0]
    console.print(f"[bold]{street_words(street)}[/bold]")
    for step in [None, *state.steps]:
        for event in state.opening if step is None else step.events:
            if event.street not in (street, "", "showdown") and event.kind not in ("show", "muck", "return"):
                street = event.street
                board = state.hand.board[: chips.board + len(event.cards)] if event.kind == "deal_board" else []
                shown = f" [{_cards(board)}]" if board else ""
                console.print(f"[bold]{street_words(street)}[/bold]{shown}  pot {_money(state, chips.pot)}")
            chips.see(event)
            line = _event_words(state, event, chips)
            if line:
                console.print("  " + line)
        if step is None:
            continue
        if step.note:
            console.print(f"  [dim]{escape(step.action.text or '(end of actions)')}: {escape(step.note)}[/dim]")
    if error is not None:
        console.print(f"[red bold]stopped at actions[{error.index}] {error.action!r}[/red bold]")
        rule = f" ({error.rule})" if error.rule else ""
        console.print(f"[red]  {escape(error.message)}{escape(rule)}, reason: {error.reason}[/red]")
    _tell_result(console, state)
    _tell_verdict(console, verdict)


def _tell_table(console: Console, state: Replay) -> None:
    history, hand = state.history, state.hand
    names = history.players or ("",) * history.player_count
    roles = {hand.button_seat: "button"}
    roles.update({p.seat: POSTS.get(p.kind, p.kind).replace("posts the ", "") for p in state.posts
                  if p.kind in ("sb", "bb", "button_blind", "straddle")})
    for player, seat in enumerate(state.seating.seats, start=1):
        stack = "unknown" if seat in state.unknown_stacks else _money(state, hand.starting_stacks[seat])
        role = roles.get(seat, "")
        console.print(f"  p{player}  seat {seat:<2} {escape(names[player - 1]):<24} {stack:>14}  {role}")
    if state.unit != 1:
        console.print(f"  [dim]one chip = {state.unit}[/dim]")
    for note in state.notes:
        if note.startswith("seats:"):
            continue
        console.print(f"  [dim]{escape(note)}[/dim]")


class _Chips:
    """The chips in the middle and behind, followed event by event (for telling the hand)."""

    def __init__(self, state: Replay) -> None:
        self.pot = 0
        self.board = 0
        self.stacks = dict(state.hand.starting_stacks)
        self.wagers: dict[int, int] = {}
        self.street = state.hand.game.variant_spec.streets[0]

    def see(self, event: Event) -> None:
        seat, amount = event.seat, event.amount
        if event.street != self.street and event.kind not in ("show", "muck", "return", "expose", "win"):
            self.street = event.street
            self.wagers = {}
        if event.kind == "deal_board":
            self.board += len(event.cards)
        elif seat is None or amount is None:
            return
        elif event.kind == "post":
            self._put_in(seat, amount)
            if event.post not in ("ante", "bb_ante", "missed_sb"):
                self.wagers[seat] = self.wagers.get(seat, 0) + amount
        elif event.kind in ("bet", "raise", "complete", "call", "bring_in"):
            self._put_in(seat, amount - self.wagers.get(seat, 0))
            self.wagers[seat] = amount
        elif event.kind == "return":
            self._put_in(seat, -amount)

    def _put_in(self, seat: int, chips: int) -> None:
        self.pot += chips
        self.stacks[seat] -= chips


def _name(state: Replay, seat: int | None) -> str:
    """The player's name from the file's ``players`` field, else its PHH label (``p1``)."""
    names = state.history.players
    if seat is None or not names:
        return state.player(seat)
    return str(names[state.seating.player(seat) - 1])


def _event_words(state: Replay, event: Event, chips: _Chips) -> str:
    """The event in words, told by the one narrator (``narrate.describe``) in the history's units."""
    if event.kind not in _TOLD:
        return ""
    all_in = event.kind in ("bet", "raise", "complete", "call", "bring_in") and event.seat is not None \
        and chips.stacks[event.seat] == 0
    line = describe(event, _name(state, event.seat), all_in=all_in, money=lambda amount: _money(state, amount))
    if event.kind == "call" and event.amount is not None:
        line = line.replace("calls", f"calls {_money(state, event.amount)}", 1)
    return f"[dim]{escape(line)}[/dim]" if event.kind == "expose" else line


def _tell_result(console: Console, state: Replay) -> None:
    hand = state.hand
    result = hand.result
    if result is None:
        console.print(f"[bold]The history stops here[/bold], on the {hand.street}; "
                      f"pot {_money(state, hand.total_pot)}")
        return
    console.print("[bold]Result[/bold]")
    for award in sorted(result.awards, key=lambda a: a.pot):
        name = "main pot" if award.pot == 0 else f"side pot {award.pot}"
        winners = ", ".join(f"{_name(state, s)} wins {_money(state, c)}" for s, c in award.winners.items())
        console.print(f"  {name} {_money(state, award.amount)}: {winners}{_why(state, award.reason, award)}")
    stacks = "  ".join(f"{_name(state, s)} {_money(state, c)}" for s, c in
                       ((seat, result.stacks[seat]) for seat in state.seating.seats))
    console.print(f"  finishing stacks: {stacks}")


def _why(state: Replay, reason: str, award: Any) -> str:
    if reason == "uncontested":
        return " (uncontested)"
    parts = []
    for label, seats in (("high", award.high_winners), ("low", award.low_winners)):
        for seat in seats:
            words = _hand_words(state, seat, low=label == "low")
            if words:
                prefix = f"{label}: " if award.high_winners and award.low_winners else ""
                parts.append(f"{prefix}{_name(state, seat)} with {words}")
    split = "split pot; " if reason == "split" else ""
    return f" ({split}{'; '.join(parts)})" if parts else (f" ({reason})" if reason else "")


def _hand_words(state: Replay, seat: int, *, low: bool) -> str:
    """The winning hand in words, ranked the way the variant ranks it."""
    hole = state.hand.holes[seat]
    board = state.hand.board
    if None in hole or None in board:
        return ""
    cards: list[Card] = [c for c in hole if c is not None]
    table: list[Card] = [c for c in board if c is not None]
    variant = VARIANTS[state.game.variant]
    try:
        rank = hand_rank(variant.low if low else variant.high, variant.omaha, cards, table)
    except ValueError:
        return ""
    return "" if rank is None else rank.describe()




def _tell_verdict(console: Console, verdict: Verdict) -> None:
    colour = "green" if verdict.status in ("matched", "replayed") else "yellow" if verdict.passed else "red"
    headline = {
        "matched": "finishing stacks as recorded",
        "replayed": "",
        "explained": f"differs from the file for a known reason: {verdict.cause}",
        "mismatch": "finishing stacks differ from the file",
        "illegal": "the rules refuse an action",
        "malformed": "the file is inconsistent",
    }[verdict.status]
    detail = escape(verdict.detail)
    console.print(f"[{colour}]{headline}[/{colour}]: {detail}" if headline and detail
                  else f"[{colour}]{headline or detail}[/{colour}]")
    for note in verdict.notes:
        if not note.startswith("seats:"):
            console.print(f"  [dim]note: {escape(note)}[/dim]")


def _money(state: Replay, chips: int) -> str:
    return money_text(state.money(chips), state.unit)


def _cards(cards: Sequence[Card | None]) -> str:
    return "".join("??" if c is None else str(c) for c in cards)


def _number(value: Money | None) -> int | float | str | None:
    """Money for JSON: whole amounts as integers, cents as decimal numbers, unknown as a string."""
    if value is None or isinstance(value, int):
        return value
    if not value.is_finite():
        return "unknown"
    return int(value) if value == value.to_integral_value() else float(value)


def _json_report(history: HandHistory, verdict: Verdict) -> dict[str, Any]:
    report: dict[str, Any] = {"file": history.source, "hand": history.key, "variant": history.variant}
    try:
        state, error = _played(history)
    except ReplayError as setup_error:
        state, error = None, setup_error
    if state is None:
        report["error"] = _json_error(error)
        report["verdict"] = _json_verdict(verdict)
        return report
    game = state.game
    report["game"] = {"variant": game.variant, "structure": game.structure, "unit": str(state.unit),
                      "button_seat": state.hand.button_seat}
    finishing = state.finishing_stacks()
    recorded = history.finishing_stacks or (None,) * history.player_count
    names = history.players or ("",) * history.player_count
    report["players"] = [
        {"player": f"p{i}", "seat": seat, "name": names[i - 1],
         "starting_stack": _number(None if seat in state.unknown_stacks
                                   else state.money(state.hand.starting_stacks[seat])),
         "finishing_stack": _number(finishing[i - 1]), "recorded_finishing_stack": _number(recorded[i - 1])}
        for i, seat in enumerate(state.seating.seats, start=1)
    ]
    report["actions"] = [
        {"index": step.index, "action": step.action.text, "note": step.note,
         "events": [_json_event(state, e) for e in step.events]}
        for step in state.steps
    ]
    result = state.hand.result
    if result is not None:
        report["result"] = {
            "pots": [{"pot": a.pot, "amount": _number(state.money(a.amount)), "reason": a.reason,
                      "winners": {state.player(s): _number(state.money(c)) for s, c in a.winners.items()},
                      "high_winners": [state.player(s) for s in a.high_winners],
                      "low_winners": [state.player(s) for s in a.low_winners]}
                     for a in sorted(result.awards, key=lambda a: a.pot)],
            "returned": {state.player(s): _number(state.money(c)) for s, c in result.returned.items()},
        }
    report["error"] = _json_error(error)
    report["verdict"] = _json_verdict(verdict)
    report["notes"] = state.notes
    return report


def _json_event(state: Replay, event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": event.kind}
    if event.seat is not None:
        out["player"] = state.player(event.seat)
    if event.amount is not None:
        out["amount"] = _number(state.money(event.amount))
    if event.cards:
        out["cards"] = _cards(event.cards)
    if event.street:
        out["street"] = event.street
    if event.note:
        out["note"] = event.note
    return out


def _json_error(error: ReplayError | None) -> dict[str, Any] | None:
    if error is None:
        return None
    return {"cause": error.cause, "index": error.index, "action": error.action, "reason": error.reason,
            "rule": error.rule, "message": error.message}


def _json_verdict(verdict: Verdict) -> dict[str, Any]:
    return {"status": verdict.status, "cause": verdict.cause, "detail": verdict.detail, "notes": list(verdict.notes)}


# verify ------------------------------------------------------------------------------------

@app.command("verify")
def verify_command(
    paths: Annotated[list[Path], typer.Argument(
        exists=True, help="Files or folders of PHH (.phh/.phhs) or Open Hand History (JSON) hand histories.")],
) -> None:
    """Replay every hand under the paths and compare with the recorded finishing stacks.

    Exits non-zero when a hand differs for no known reason, breaks a rule, or cannot be read.
    """
    from pokerfloor.io.imports import history_entries

    console = Console(highlight=False)
    entries = list(history_entries(paths))
    if not entries:
        shown = ", ".join(str(path) for path in paths)
        console.print(f"[red]No hand histories (.phh, .phhs or OHH .json) with a hand in them under "
                      f"{escape(shown)}.[/red]")
        raise typer.Exit(1)
    verdicts: list[Verdict] = []
    with Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("hands"), TimeElapsedColumn(), console=console, transient=True) as progress:
        task = progress.add_task("replaying", total=len(entries))
        for entry in entries:
            verdicts.append(verdict_of(entry))
            progress.update(task, advance=1)
    console.print(summary_table(verdicts))
    explained = [v for v in verdicts if v.status == "explained"]
    if explained:
        console.print(_listing("Differences with a known cause", explained, "yellow", paths))
    for verdict in verdicts:
        for note in verdict.notes:
            if note.startswith("ante_trimming_status"):
                console.print(f"[dim]note, {escape(_short(verdict, paths))}: {escape(note)}[/dim]")
    failures = [v for v in verdicts if not v.passed]
    if failures:
        console.print(_listing("Unexplained", failures, "red", paths))
        raise typer.Exit(1)
    console.print(f"[green]All {len(verdicts)} hands agree with their files or differ for a known reason.[/green]")


def summary_table(verdicts: Sequence[Verdict]) -> Table:
    """Hands, replayed, matched, and every other outcome by its cause."""
    table = Table(title="Hand histories verified", show_lines=False)
    table.add_column("outcome")
    table.add_column("hands", justify="right")
    statuses = Counter(v.status for v in verdicts)
    reached_end = sum(statuses[s] for s in ("matched", "replayed", "mismatch"))
    reached_end += sum(1 for v in verdicts if v.status == "explained" and "missing_action" not in v.cause)
    table.add_row("hands", str(len(verdicts)))
    table.add_row("replayed to the end, every action legal", str(reached_end))
    table.add_row("[green]matched the recorded finishing stacks[/green]", str(statuses["matched"]))
    table.add_row("replayed, no finishing stacks recorded", str(statuses["replayed"]))
    for status, label, style in (("explained", "differ for a known reason", "yellow"),
                                 ("mismatch", "differ, unexplained", "red"),
                                 ("illegal", "an action refused", "red"),
                                 ("malformed", "file inconsistent or unreadable", "red")):
        group = [v for v in verdicts if v.status == status]
        if not group:
            continue
        table.add_row(f"[{style}]{label}[/{style}]", str(len(group)))
        causes = Counter(v.cause or "-" for v in group)
        for cause, count in sorted(causes.items()):
            table.add_row(f"    {cause}", str(count))
    trimming = sum(1 for v in verdicts if any(n.startswith("ante_trimming_status") for n in v.notes))
    if trimming:
        table.add_row("[dim]noted: ante_trimming_status contradicts the antes[/dim]", str(trimming))
    return table


def _listing(title: str, verdicts: Sequence[Verdict], style: str, roots: Sequence[Path]) -> Table:
    table = Table(title=title, title_style=style, show_lines=False)
    table.add_column("hand", overflow="fold")
    table.add_column("cause")
    table.add_column("why")
    for verdict in verdicts:
        table.add_row(escape(_short(verdict, roots)), verdict.cause or verdict.status, escape(verdict.detail))
    return table


def _short(verdict: Verdict, roots: Sequence[Path]) -> str:
    """A hand's file named from the folder given on the command line."""
    source = Path(verdict.source).resolve()
    for root in roots:
        base = root.resolve().parent
        if source.is_relative_to(base):
            return verdict.where().replace(verdict.source, source.relative_to(base).as_posix(), 1)
    return verdict.where()
