"""The phase of a hand: the one value that says what the hand waits for (issue 36).

A hand rests in exactly one phase after every input, and ``Hand.legal`` and ``Hand.act`` each
dispatch once on it:

- ``BETTING``: the seat to act (``Hand.to_act``) bets, calls, checks or folds;
- ``BRING_IN``: stud's third street before anyone has bet: bring in or complete (TDA 2024 RP-10-E);
- ``DRAW``: the seats draw in turn (RROP11 draw); a manually dealt hand may also owe their
  replacement cards (``Hand.awaiting_deal``);
- ``SHOWDOWN``: the last betting round is over; a seat whose hand can no longer win is asked to
  show or muck (TDA 2024 R16-R18), or a replay waits for its unknown hands;
- ``CARDS_DUE``: a manually dealt hand waits for cards (``Hand.deal``);
- ``RUN_OUT``: no more betting can happen and the hand, dealt with ``wait_for_runout``, waits for
  ``run_it`` or ``run_out``;
- ``OVER``: the pots are awarded.

The phases are small whole numbers (``Final``), so that the compiled build compares them as C
integers. The order they follow: the forced bets open ``BETTING`` (``BRING_IN`` in stud with a
bring-in; ``CARDS_DUE`` while a manual deal is short); a closed betting round leads to the next
street's deal (``CARDS_DUE`` in manual dealing, ``RUN_OUT`` when asked to wait), its draw
(``DRAW``) or its betting, and after the last one to ``SHOWDOWN`` and ``OVER``; a round that one
seat alone is left in ends the hand at once.
"""

from __future__ import annotations

from typing import Final

BETTING: Final = 0
BRING_IN: Final = 1
DRAW: Final = 2
SHOWDOWN: Final = 3
CARDS_DUE: Final = 4
RUN_OUT: Final = 5
OVER: Final = 6

NAMES: Final = ("betting", "bring_in", "draw", "showdown", "cards_due", "run_out", "over")
"""Each phase's name, by its number."""

# The moves from one phase to the next. Each step of a hand returns the move that follows it, and
# ``Hand._go``, the one place the phase moves, makes the moves until the hand rests in a phase.
STAY: Final = 0
"""The hand rests in its phase: a seat acts, cards are due, or the hand is over."""
CLOSE: Final = 1
"""The betting round is over: uncalled chips go back, the hands may be faced up."""
BET: Final = 2
"""The street's betting opens (the seat it starts with, or on when no seat needs to act)."""
DEALT: Final = 3
"""A street's cards are dealt: its betting, or, with the hands faced up, straight on."""
STREET: Final = 4
"""The next street: its cards, its draw or the run-out choice; after the last one, ``RUNS``."""
RUNS: Final = 5
"""The last betting round is over: the boards of the other runs, then ``SETTLE``."""
SETTLE: Final = 6
"""The showdown: the hands tabled in order, a seat asked to show or muck, or ``FINISH``."""
FINISH: Final = 7
"""The pots are awarded and the hand is over."""
DRAWN: Final = 8
"""A seat's draw is made, or its replacement cards served: the next seat to draw, or the betting."""
HOLES: Final = 9
"""Manual dealing: a seat's hole cards are served; the next seat's are due, or the betting."""
BOARDS: Final = 10
"""Manual dealing: a street's cards are on a board; a double board's other boards get theirs
(``manual.serve`` returns it with the first of them, and ``Hand.deal`` deals them)."""
WAIT: Final = 11
"""Manual dealing: the hand waits for the cards ``Shoe.awaiting`` names (``CARDS_DUE``)."""
DRAWS: Final = 12
"""A draw street starts with its draw (``DRAW``): every seat still in draws, from the button's left."""
CHOOSE: Final = 13
"""No more betting can happen and the hand waits for ``run_it`` or ``run_out`` (``RUN_OUT``)."""
