"""What the table's property tests may expect of the blinds, written once for all of them."""

from __future__ import annotations

from pokerfloor.table.buttons import BlindPlan, between


def back_in_blinds(rule: str, last: BlindPlan, now: BlindPlan) -> bool:
    """Whether a player not dealt last hand is back in a blind's spot this hand under the moving
    or simplified button. Those rules give the blinds to the next two active players after the
    button (WIKI_BIP Moving the button), so such a player can leave the big blind where it was."""
    pos = now.positions
    return rule != "dead_button" and any(
        s not in last.dealt and (s == pos.small_blind or between(pos.button, pos.big_blind, s)) for s in now.dealt
    )


def owes_skipped_blinds(plan: BlindPlan) -> bool:
    """Whether a seat dealt in still owes a skipped blind after this hand's posts: under the moving
    button skipped blinds are paid one a hand, biggest first, after the blinds that fall due
    (WIKI_BIP Moving button), so a debt can outlast an orbit or two."""
    return any(plan.owes[s].skipped_big or plan.owes[s].skipped_small for s in plan.dealt)
