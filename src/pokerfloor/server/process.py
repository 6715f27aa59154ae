"""How a process that serves tables is set up (``pokerfloor serve``): the GIL's switch interval,
the collector's full collections, and the hand rankings' lookup tables built ahead of use."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys

from pokerfloor.cards import parse_cards
from pokerfloor.evaluation.rankings import RANKINGS
from pokerfloor.rules import Game

SWITCH_SECONDS = 0.0005
"""How long the loop's thread may hold the GIL while the writer thread waits for it (Python's
default is 5 ms). Each commit takes the GIL back several times (around every SQLite call); with
the loop busy, each could wait the whole interval, and the commit, which every table's update
waits for, with it."""


FULL_COLLECTION_SECONDS = 300.0
"""How often a serving process collects its oldest objects' cycles (``collect_now_and_then``)."""


def prepare_process() -> None:
    """Settings for a process that runs the server (``pokerfloor serve``): the GIL is handed to
    the writer thread sooner (``SWITCH_SECONDS``), and Python's collector never starts a full
    collection by itself. A full collection walks every object of the process and stops every
    table while it does: with 50 tables it ran every 6 s or so, 100 to 200 ms each, and made the
    slowest hundredth of updates. The young generations are still collected as usual;
    ``collect_now_and_then`` does the full collection every ``FULL_COLLECTION_SECONDS``."""
    sys.setswitchinterval(SWITCH_SECONDS)
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 2**31 - 1)


async def collect_now_and_then(seconds: float = FULL_COLLECTION_SECONDS) -> None:
    """A full collection every ``seconds`` (cycles among old objects are freed all the same, one
    pause every few minutes instead of every few seconds); runs until cancelled."""
    while True:
        await asyncio.sleep(seconds)
        gc.collect()


def warm_rankings(game: Game) -> None:
    """Build the lookup tables of the game's hand rankings now (they are built on first use,
    about a quarter of a second in the pure-Python build): otherwise a table's first showdown
    would stop every table of the process while they are built."""
    variant = game.variant_spec
    for name in (variant.high, variant.low):
        ranking = RANKINGS.get(name)
        if ranking is None:
            continue
        for cards in ("AhKdQcJs9h", "AhKdQcJs"):     # five cards, and four for badugi
            with contextlib.suppress(ValueError):
                ranking.evaluate(parse_cards(cards))

