"""Every input to a hand checked whole at its edge, before anything changes (docs/style.md): the
seat, the action, the amount, the cards, and whether the hand's phase allows it. Each function
takes the hand's state (``reading.HandState``), raises the refusal (``IllegalAction``, or
``InvalidArgument`` for a seat or cards that cannot be), and returns what the input comes to;
``Hand`` then plays it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor import citations as cite
from pokerfloor.cards import Card, CardsLike
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import dealer, draw, out_of_turn, runouts
from pokerfloor.hand.given import cards_or_unknown
from pokerfloor.hand.phase import DRAW, OVER, RUN_OUT, SHOWDOWN
from pokerfloor.hand.reading import HandState
from pokerfloor.hand.types import ACTIONS
from pokerfloor.rules import chips_problem

R_TURN = cite.TURN
R_STACKS = cite.TABLE_STAKES
R_RUN_IT = cite.RUN_IT
R_SHOWDOWN = cite.SHOWDOWN


def chips(name: str, value: object) -> int:
    """``value`` as a whole number of chips, or ``invalid_action``."""
    if type(value) is int and value >= 0:  # the usual amount, which chips_problem allows
        return value
    problem = chips_problem(name, value)
    if problem or not isinstance(value, int):
        raise IllegalAction("invalid_action", problem)
    return value


def act(h: HandState, seat: object, action: object, to: object, discard: object) -> tuple[int, str, int | None, bool]:
    """An action (``Hand.act``): the seat's index, the action, the amount, and whether the action is
    held for the seat's turn (taken out of turn under ``oot_mode="hold"``, TDA 2024 R53-A/B). At
    the showdown a seat asked shows or mucks; a draw is taken only in the draw."""
    phase = h._phase
    if phase == OVER:
        raise IllegalAction("hand_over", "the hand is over")
    if not h._dealt_in(seat):
        raise IllegalAction("invalid_action", f"seat {seat!r} is not dealt in to this hand")
    if not isinstance(action, str) or action not in ACTIONS:
        raise IllegalAction("invalid_action", f"{action!r} is not an action; use one of {', '.join(sorted(ACTIONS))}")
    amount = None if to is None else chips("the amount", to)
    if discard is not None and action != "draw":
        raise IllegalAction("invalid_action", f"only a draw discards cards, not a {action}")
    i = h._pos[seat]
    if i != h._to_act:
        if h._to_act < 0:
            why = ": cards are due" if h._shoe.awaiting else ""
            if phase == RUN_OUT:
                why = ": the run-out waits for run_it or run_out"
            raise IllegalAction("not_your_turn", "no one may act now" + why, R_TURN)
        if h.game.house.oot_mode == "hold" and not h._folded[i] and h._chips.stack[i] > 0 and phase != DRAW:
            return i, action, amount, True
        raise IllegalAction("not_your_turn", f"it is seat {h._seats[h._to_act]}'s turn, not seat {seat}'s", R_TURN)
    if phase == SHOWDOWN and action != "show" and action != "muck":
        raise IllegalAction("invalid_action", "it is the showdown: show or muck your hand", R_SHOWDOWN)
    if action == "draw" and phase != DRAW:
        raise IllegalAction("invalid_action", "there is no draw now: it is a betting round", draw.R_DRAW)
    if action == "all_in" and amount is not None and phase != SHOWDOWN and phase != DRAW:
        all_in_to = h._chips.bet[i] + h._chips.stack[i]
        if amount != all_in_to:
            raise IllegalAction("invalid_action", f"all-in here is to {all_in_to}, not {amount}", R_STACKS)
    return i, action, amount, False


def kill(h: HandState, seat: object) -> int:
    """A hand killed (``Hand.kill``): the seat's index."""
    if h._phase == OVER:
        raise IllegalAction("hand_over", "the hand is over")
    if not h._dealt_in(seat):
        raise IllegalAction("invalid_action", f"seat {seat!r} is not dealt in to this hand")
    i = h._pos[seat]
    betting_over = h._street.exposed or h._street_index >= h._terms.rounds
    refusal = out_of_turn.kill_refusal(
        seat, folded=h._folded[i], all_in=h._chips.stack[i] == 0, betting_over=betting_over
    )
    if refusal is not None:
        raise refusal
    return i


def add_chips(h: HandState, seat: object, value: object) -> tuple[int, int]:
    """Chips bought during the hand (``Hand.add_chips``): the seat's index and the chips."""
    if h._phase == OVER:
        raise IllegalAction("hand_over", "the hand is over")
    if not h._dealt_in(seat):
        raise IllegalAction("invalid_action", f"seat {seat!r} is not dealt in to this hand")
    bought = chips("the chips bought", value)
    if h.game.house.table_stakes:
        raise IllegalAction(
            "chips_change_during_hand", "only chips on the table at the start of a hand play in it", R_STACKS
        )
    if bought == 0:
        raise IllegalAction("invalid_action", "buy at least one chip")
    i = h._pos[seat]
    if h._folded[i]:
        raise IllegalAction("invalid_action", f"seat {seat} has folded")
    return i, bought


def show(
    h: HandState, seat: object, cards: CardsLike | Sequence[Card | None] | None
) -> tuple[int, list[Card | None]]:
    """A hand shown (``Hand.show``): the seat's index and its cards, the unknown ones filled in
    from ``cards`` (checked against the cards already known)."""
    if not h._dealt_in(seat):
        raise InvalidArgument(f"seat {seat} is not dealt in")
    i = h._pos[seat]
    if h._folded[i]:
        raise IllegalAction("invalid_action", f"seat {seat} has folded")
    if not (h._phase == OVER or h._street.exposed or h._street_index >= h._terms.rounds):
        raise IllegalAction("invalid_action", "cards are shown at the showdown, not during the betting")
    hole = h._holes[i]
    if cards is None:
        return i, hole
    parsed = cards_or_unknown(cards)
    if h.variant.family == "draw" and len(parsed) == len(hole):
        parsed = draw.in_held_order(hole, parsed)
    merged = dealer.merge_shown(seat, hole, parsed)
    others = (c for j, h_ in enumerate(h._holes) if j != i for c in h_)
    known = [c for c in [*merged, *h._board, *others] if c is not None]
    dealer.check_deck(known, h.variant)
    return i, merged


def muck(h: HandState, seat: object) -> int:
    """A hand given up at the showdown (``Hand.muck``): the seat's index."""
    if not h._dealt_in(seat):
        raise InvalidArgument(f"seat {seat} is not dealt in")
    i = h._pos[seat]
    if h._phase == OVER:
        raise IllegalAction("hand_over", "the hand is over")
    if h._folded[i] or not (h._street.exposed or h._street_index >= h._terms.rounds):
        raise IllegalAction("invalid_action", "a hand can be mucked only at the showdown")
    return i


def runs(times: object) -> int:
    """The board run ``times`` times (``Hand.run_it``; ``run_out`` runs it once)."""
    if isinstance(times, bool) or not isinstance(times, int):
        raise IllegalAction("invalid_action", f"the board is run a whole number of times, not {times!r}")
    if times < 2:
        why = f"run it at least twice, not {times} times: run_out runs it once"
        raise IllegalAction("cannot_run_it", why, R_RUN_IT)
    return times


def run(h: HandState, times: int) -> None:
    """Whether the rest of the board can be dealt ``times`` times now (``runouts.run_refusal``)."""
    refusal = runouts.run_refusal(
        times, h.variant, h._holes, h._board, h._set_up.board, over=h._phase == OVER,
        boards=h._set_up.boards, runs_chosen=h._runout.times if h._runout.chosen else 0,
        board_complete=h._street_index >= h._terms.rounds,
        betting_possible=not h._street.exposed or h._to_act >= 0,
    )
    if refusal is not None:
        raise refusal


def rabbit(h: HandState) -> None:
    """Whether the rest of the board can be hunted now (``runouts.rabbit_refusal``)."""
    over, manual = h._phase == OVER, h._set_up.manual
    refusal = runouts.rabbit_refusal(h.variant, h._board, over=over, manual=manual, runs=h._runout.times)
    if refusal is not None:
        raise refusal
