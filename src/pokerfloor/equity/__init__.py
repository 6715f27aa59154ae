"""Equity of hands and ranges in hold'em and Omaha (high, and hi-lo eight or better).

``equity(["QQ+, AKs", "JJ-99, AQs+"], board="Ah7c2d")`` gives each player's share of the pot,
how often they win it alone or split it, and, when sampled, the standard error. Ranges are
written as players write them (``ranges``). Heads-up hold'em before the flop is read exactly
from a shipped table (``preflop``); otherwise exact enumeration runs when it is small enough,
Monte Carlo otherwise, both on the card-key tables of ``pokerfloor.evaluation.batch`` in loops
compiled by numba (``pip install 'pokerfloor[fast]'``; numpy is required).
``equity_by_flop`` (and ``equity_by_board`` for the turn and the river) answers on every board of
the next street at once, the boards grouped by suit isomorphism (``by_board``).
"""

from pokerfloor.equity.ask import calculate, forget
from pokerfloor.equity.by_board import BoardEquities, BoardEquity, equity_by_board, equity_by_flop
from pokerfloor.equity.calculate import (
    BLOCK,
    EXACT_LIMIT,
    GAMES,
    Equity,
    EquitySpec,
    PlayerEquity,
    Tally,
    exact_tally,
    result,
    sample_tally,
    table_tally,
)
from pokerfloor.equity.ranges import Range, RangeError, parse_range

equity = calculate

__all__ = [
    "BLOCK",
    "EXACT_LIMIT",
    "GAMES",
    "BoardEquities",
    "BoardEquity",
    "Equity",
    "EquitySpec",
    "PlayerEquity",
    "Range",
    "RangeError",
    "Tally",
    "calculate",
    "equity",
    "equity_by_board",
    "equity_by_flop",
    "exact_tally",
    "forget",
    "parse_range",
    "result",
    "sample_tally",
    "table_tally",
]
