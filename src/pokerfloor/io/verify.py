"""Verifying real hands: replay each one and compare with the stacks its file records.

A difference is either explained by one of the corpus's known causes, each checked on the hand
itself rather than by its name (README of ../corpus/phh, "known special cases"):

* ``rake``: online money fields are after rake; only the winners are short, by a few percent;
* ``half_chips``: a split pot's odd chip recorded as two halves (``10112.5``);
* ``dead_blind``: a negative blind that stood for a *dead* small blind (the sign cannot say so);
  replaying it dead gives the recorded stacks;
* ``missing_action``: a player's action left out of the file; with it the hand replays and
  matches the recorded stacks (the spec forbids the omission; PokerKit's loader silently
  inserts it). Without recorded stacks to confirm it, the refusal stands;

or it is a mismatch: a bug in the engine, the file, or this module, and ``verify`` fails.
``ante_trimming_status = true`` with non-uniform antes contradicts the spec; the replay plays
the antes as dead money, as every recorded stack in the corpus assumes, and notes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Literal

from pokerfloor.errors import IllegalAction
from pokerfloor.io.conventions import money_text
from pokerfloor.io.notation import Money
from pokerfloor.io.phh import HandHistory, PHHFormatError, with_actions
from pokerfloor.io.replay import Replay, ReplayError, replay
from pokerfloor.io.sitehand import HistoryImportError

Status = Literal["matched", "replayed", "explained", "mismatch", "illegal", "malformed"]
PASSING: frozenset[str] = frozenset({"matched", "replayed", "explained"})

RAKE_SHARE = Decimal("0.10")
"""The most rake a pot is believed to pay (online rooms take at most a few percent, capped)."""


@dataclass(frozen=True)
class Verdict:
    """The outcome of one hand. ``cause`` names the known cause of an explained difference."""

    source: str
    key: str | None
    variant: str
    status: Status
    detail: str = ""
    cause: str = ""
    notes: tuple[str, ...] = ()
    replay: Replay | None = field(default=None, compare=False, repr=False)

    @property
    def passed(self) -> bool:
        return self.status in PASSING

    def where(self) -> str:
        return self.source + (f" [{self.key}]" if self.key is not None else "")


def verify_history(history: HandHistory) -> Verdict:
    """Replay one hand and judge it against its recorded finishing stacks."""
    notes = _format_notes(history)
    try:
        try:
            state = replay(history)
        except ReplayError as error:
            return _explain_error(history, error, notes)
        return _judge(history, state, notes)
    except Exception as error:  # a poisoned hand is one bad hand: the files after it are still verified
        return _verdict(history, "malformed", f"cannot be replayed: {type(error).__name__}: {error}",
                        cause="unreadable", notes=notes)


def _verdict(history: HandHistory, status: Status, detail: str = "", *, cause: str = "",
             notes: Iterable[str] = (), state: Replay | None = None) -> Verdict:
    return Verdict(history.source, history.key, history.variant, status, detail, cause,
                   tuple(notes), state)


def _format_notes(history: HandHistory) -> list[str]:
    notes = []
    antes = [a for a in history.antes or () if a]
    if history.ante_trimming_status and antes and len(antes) != history.player_count:
        notes.append("ante_trimming_status = true with non-uniform antes, which the spec says to "
                     "keep false; antes replayed as dead money, as the recorded stacks assume")
    return notes


def _judge(history: HandHistory, state: Replay, notes: list[str], *, cause: str = "",
           detail: str = "") -> Verdict:
    notes = notes + state.notes
    differences = _differences(history, state)
    if differences is None:
        status: Status = "explained" if cause else "replayed"
        return _verdict(history, status, detail or _ending(state), cause=cause, notes=notes, state=state)
    if not differences:
        return _verdict(history, "explained" if cause else "matched", detail, cause=cause,
                        notes=notes, state=state)
    for known in (_rake, _half_chips):
        explanation = known(history, state, differences)
        if explanation:
            return _verdict(history, "explained", _join(detail, explanation),
                            cause=_join(cause, known.__name__.strip("_"), sep="+"), notes=notes, state=state)
    if not cause and any(b < 0 for b in history.blinds_or_straddles or ()):
        dead = _dead_blind(history, notes)
        if dead is not None:
            return dead
    return _verdict(history, "mismatch", _join(detail, _describe(differences)), cause=cause,
                    notes=notes, state=state)


def _join(first: str, second: str, *, sep: str = "; ") -> str:
    return sep.join(part for part in (first, second) if part)


def _ending(state: Replay) -> str:
    hand = state.hand
    if hand.is_over:
        return "replayed to the end, every action legal; the file records no finishing stacks"
    return f"every listed action legal; the history stops on the {hand.street}"


def _differences(history: HandHistory, state: Replay) -> dict[int, Decimal] | None:
    """Recorded minus replayed finishing stack, per player whose stacks are both known."""
    if history.finishing_stacks is None:
        return None
    ours = state.finishing_stacks()
    out: dict[int, Decimal] = {}
    compared = 0
    for player, (recorded, mine) in enumerate(zip(history.finishing_stacks, ours, strict=True), start=1):
        if mine is None or (isinstance(recorded, Decimal) and recorded.is_infinite()):
            continue
        compared += 1
        if recorded != mine:
            out[player] = Decimal(recorded) - Decimal(mine)
    return out if compared else None


def _describe(differences: dict[int, Decimal]) -> str:
    return "finishing stacks differ: " + ", ".join(
        f"p{p} {'+' if d > 0 else ''}{d} in the file" for p, d in sorted(differences.items()))


def _winnings(state: Replay) -> dict[int, int]:
    result = state.hand.result
    if result is None:
        return {}
    return {state.seating.player(seat): chips for seat, chips in result.winnings.items() if chips}


def _rake(history: HandHistory, state: Replay, differences: dict[int, Decimal]) -> str:
    """Only players who won chips are short, by at most ``RAKE_SHARE`` of what they won."""
    won = _winnings(state)
    if not differences or any(d > 0 or p not in won for p, d in differences.items()):
        return ""
    rake = -sum(differences.values(), Decimal(0))
    pot = Decimal(sum(won.values())) * state.unit
    if rake > pot * RAKE_SHARE:
        return ""
    return (f"rake: the file's stacks are after a rake of {money_text(rake, state.unit)} "
            f"taken from a pot of {money_text(pot, state.unit)}")


def _half_chips(history: HandHistory, state: Replay, differences: dict[int, Decimal]) -> str:
    """Differences of less than a chip that cancel out, on stacks recorded in fractions of a chip."""
    unit = state.unit
    fractional = [s for s in history.finishing_stacks or () if _fraction_of_chip(s, unit)]
    if not fractional or sum(differences.values(), Decimal(0)) != 0:
        return ""
    if any(abs(d) >= unit for d in differences.values()):
        return ""
    return ("odd chip recorded as halves: the file splits the odd chip of a split pot, the "
            f"engine gives it whole ({', '.join(f'p{p} {d:+}' for p, d in sorted(differences.items()))})")


def _fraction_of_chip(value: Money, unit: Decimal) -> bool:
    return isinstance(value, Decimal) and value.is_finite() and value % unit != 0


def _dead_blind(history: HandHistory, notes: list[str]) -> Verdict | None:
    """Replay the negative blinds as dead small blinds; a match (or a raked one) explains it."""
    try:
        state = replay(history, dead_negative_blinds=True)
    except ReplayError:
        return None
    detail = ("a negative blind stands for a dead small blind here; replayed as dead money, "
              "the stacks agree")
    verdict = _judge(history, state, notes, cause="dead_blind", detail=detail)
    return verdict if verdict.status == "explained" else None


def _explain_error(history: HandHistory, error: ReplayError, notes: list[str]) -> Verdict:
    """A refused action: is an action missing before it? Insert it and see."""
    status: Status = "malformed" if error.cause == "cards" else "illegal"
    repaired = _missing_actions(history, error)
    if repaired is not None:
        fixed, inserted = repaired
        try:
            state = replay(fixed)
        except ReplayError:
            pass
        else:
            detail = (f"the file omits {', '.join(repr(t) for t in inserted)} before actions[{error.index}] "
                      f"(the spec forbids it; PokerKit inserts it); with it, the hand replays as recorded")
            verdict = _judge(fixed, state, notes, cause="missing_action", detail=detail)
            if verdict.status == "explained" and history.finishing_stacks is not None:
                return replace(verdict, source=history.source, key=history.key)
    where = f"actions[{error.index}] {error.action!r}: " if error.index is not None else ""
    rule = f" ({error.rule})" if error.rule else ""
    return _verdict(history, status, f"{where}{error.message}{rule}", cause=error.reason, notes=notes)


def _missing_actions(history: HandHistory, error: ReplayError) -> tuple[HandHistory, list[str]] | None:
    """The history with the actions of the seats skipped before a refused turn (folds, or checks
    where nothing is owed), if that is what the engine was waiting for."""
    if error.illegal is None or error.illegal.reason != "not_your_turn" or error.index is None:
        return None
    try:
        state = replay(history, stop=error.index)
    except ReplayError:
        return None
    actor = history.parsed_actions()[error.index].player
    inserted: list[str] = []
    hand = state.hand
    while hand.to_act is not None and state.seating.player(hand.to_act) != actor:
        if len(inserted) >= history.player_count:
            return None
        legal = hand.legal()
        text = f"{state.player(hand.to_act)} {'cc' if legal.check else 'f'}"
        try:
            hand.act(hand.to_act, "check" if legal.check else "fold")
        except IllegalAction:  # a forced bring-in or a draw: not a skipped fold or check
            return None
        inserted.append(text)
    if not inserted or hand.to_act is None:
        return None
    actions = list(history.actions)
    actions[error.index:error.index] = inserted
    return with_actions(history, actions), inserted


def verify_paths(paths: Iterable[str | Path]) -> Iterator[Verdict]:
    """A verdict for every hand of every PHH and OHH file under the paths
    (``imports.history_entries``), malformed ones included."""
    from pokerfloor.io.imports import history_entries

    for entry in history_entries(paths):
        yield verdict_of(entry)


def verdict_of(entry: HandHistory | PHHFormatError | HistoryImportError) -> Verdict:
    """A hand's verdict, or a ``malformed`` one for a hand that could not be read: ``cause`` is
    the PHH field at fault (``toml`` for the file) or ``import`` (an OHH hand, ``read_ohh``'s
    ``HistoryImportError``)."""
    if isinstance(entry, PHHFormatError):
        return Verdict(entry.source, entry.hand, "", "malformed", entry.message, cause=entry.field or "toml")
    if isinstance(entry, HistoryImportError):
        return Verdict(entry.source, entry.hand or None, "", "malformed", entry.message, cause="import")
    return verify_history(entry)
