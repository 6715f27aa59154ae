"""Build hook: compile the hand engine with mypyc when ``POKERFLOOR_COMPILE=1`` is set.

Everything else about the package is in ``pyproject.toml``. Without the variable the build is
pure Python, as for every ordinary ``pip install``. With it, the modules in ``COMPILED`` are
compiled to C extension modules that sit beside their ``.py`` files and are imported in their
place; mypy (which ships mypyc) and a C compiler must then be present, and the build runs
without isolation so that it uses them:

    POKERFLOOR_COMPILE=1 pip install --no-build-isolation .

docs/performance.md says what compiling buys and how both builds are tested.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "src/pokerfloor/hand/state.py",
    "src/pokerfloor/hand/betting.py",
    "src/pokerfloor/hand/forced.py",
    "src/pokerfloor/hand/dealer.py",
    "src/pokerfloor/hand/draw.py",
    "src/pokerfloor/hand/out_of_turn.py",
    "src/pokerfloor/hand/showdown.py",
    "src/pokerfloor/hand/spots.py",
    "src/pokerfloor/hand/stud.py",
    "src/pokerfloor/hand/pots.py",
    "src/pokerfloor/hand/given.py",
    "src/pokerfloor/hand/terms.py",
    "src/pokerfloor/hand/view.py",
    "src/pokerfloor/hand/plain.py",
    "src/pokerfloor/evaluation/lookup.py",
    "src/pokerfloor/dealing.py",
    "src/pokerfloor/envs/observer.py",
    "src/pokerfloor/envs/episode.py",
]
"""The hand engine's modules and the table-driven ranking (``evaluation/lookup.py``, behind
``high_rank`` and the other one-call rankings), the AEC environment's observations, masks
and infos and its episodes' steps (``envs/observer.py``, ``envs/episode.py``: numpy is imported
only when an environment is), and the seat
views with their JSON (``hand/view.py``, ``hand/plain.py``: the home-game server builds one for
every seat and the spectator after every action). The rest stays interpreted: ``cards.py``
(``Card`` subclasses ``int``, which mypyc cannot compile; the deck's inner loop is in
``dealing.py``, compiled), ``hand/types.py`` (compiling it
measured 2 %), the hand records (``hand/record.py``: built when asked for),
``rules.py`` (configuration, read a few times a hand) and everything around the hand (tables,
io, the command line)."""


def _extensions() -> list[object]:
    if os.environ.get("POKERFLOOR_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    return list(mypycify(COMPILED, opt_level="3"))


setup(ext_modules=_extensions())
