"""The bring-in step of stud's third street: before anyone has bet, the seat forced to bring in
brings in or completes to the full bet, and a seat after it may also fold (TDA 2024 RP-10-E;
WIKI_BIP bring-in). ``decide`` turns an action into the one the rules make of it, or a refusal;
``Hand`` plays it."""

from __future__ import annotations

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction
from pokerfloor.hand.types import Legal

R_BRING_IN = cite.BRING_IN


def decide(action: str, to: int | None, legal: Legal, stack: int) -> tuple[str, int] | IllegalAction:
    """What ``action`` (to ``to``) is when ``legal`` is open to a seat with ``stack`` chips behind:
    ``("fold", 0)``, ``("bring_in", amount)`` or ``("complete", to)``, or the refusal. All-in is the
    largest wager the limit allows (TDA 2024 R52-B), or the bring-in."""
    bring_in = legal.bring_in
    assert bring_in is not None, "decide is asked while the bring-in is open"
    if action == "all_in":
        top = legal.complete
        if stack <= bring_in or top is None:
            action, to = "bring_in", None
        else:
            action, to = "complete", min(stack, top.max_to)
    if action == "fold" and legal.fold:
        return ("fold", 0)
    if action == "bring_in":
        if to is not None and to != bring_in:
            return IllegalAction("invalid_action", f"the bring-in is {bring_in}, not {to}", R_BRING_IN)
        return ("bring_in", bring_in)
    choices = f"bring in {bring_in}" + (f" or complete to {legal.complete.min_to}" if legal.complete else "")
    if action not in ("complete", "bet", "raise"):
        if action == "fold":
            return IllegalAction("invalid_action", f"the bring-in is forced: {choices}", R_BRING_IN)
        choices += ", or fold" if legal.fold else ""
        return IllegalAction("invalid_action", f"no one has bet yet: {choices}", R_BRING_IN)
    if legal.complete is None or to is None:
        return IllegalAction("invalid_action", choices, R_BRING_IN)
    return ("complete", to)
