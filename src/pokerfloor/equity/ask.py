"""``equity()``: a question asked, answered the short way where there is one, else the long way.

Two ways answer a question, and this module, above both, sends it to one:

- the short way (``fresh``): hold'em with no dead cards, heads-up ranges on a board or one hand a
  player, read straight into the kernels' arrays, for a player studying a spot who asks a new
  question each time;
- the long way (``calculate.answer``): every question, read whole into an ``EquitySpec``, its path
  chosen by ``calculate.choose``; it also raises the errors of a wrong question.

Both give the same answer to the last bit (``tests/equity/test_fresh.py``). The imports run one
way: this module imports ``calculate`` and ``fresh``, ``fresh`` imports ``calculate``, and
``calculate`` neither of them. ``fresh`` needs numpy: it is imported on the first question.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

from pokerfloor.cards import CardsLike
from pokerfloor.equity.calculate import Equity
from pokerfloor.equity.calculate import answer as long_way
from pokerfloor.equity.calculate import forget as forget_long_way
from pokerfloor.equity.ranges import Range

_FRESH: list[ModuleType] = []


def _fresh() -> ModuleType:
    """``pokerfloor.equity.fresh`` (which needs numpy), imported on the first call and kept:
    importing its names again in each call costs microseconds, as much as a river's count."""
    if not _FRESH:
        from pokerfloor.equity import fresh

        _FRESH.append(fresh)
    return _FRESH[0]


def calculate(
    ranges: Sequence[str | Range],
    *,
    board: CardsLike = (),
    dead: CardsLike = (),
    game: str = "holdem",
    exact: bool | None = None,
    precision: float = 0.001,
    trials: int = 10_000_000,
    seed: int = 0,
    method: str | None = None,
) -> Equity:
    """Each player's equity: ``calculate(["QQ+, AKs", "JJ-99, AQs+"], board="Ah7c2d")``.

    The path is ``choose``'s (``Equity.method`` says which): heads-up hold'em with no board
    and no dead cards is read exactly from the pre-flop table (unless ``exact=False``);
    otherwise the faster by ``costs`` of exact enumeration and of sampling to a standard
    error of ``precision`` (``exact=True`` enumerates, ``exact=False`` samples). Sampling
    stops once every player's standard error is at most ``precision``, or after ``trials``
    showdowns. ``method`` names a path of ``METHODS`` outright (``enumeration``: the plain
    ``exact_tally``).
    """
    if method is None and trials >= 1 and not dead:  # hold'em asked afresh: the short way first
        found: Equity | None = _fresh().answer(ranges, board, dead, game, exact, precision)
        if found is not None:
            return found
    return long_way(ranges, board=board, dead=dead, game=game, exact=exact, precision=precision,
                    trials=trials, seed=seed, method=method)


def forget() -> None:
    """Empty what both ways keep of the questions asked lately (what is kept with each parsed
    range stays): the benchmark works out its exact answers before the clock and then asks the
    same questions afresh."""
    forget_long_way()
    if _FRESH:
        _FRESH[0].forget()
