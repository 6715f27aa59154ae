"""The researcher's bench: the small games papers start on (``games``), and exact solvers with
the exact best response and exploitability (``cfr``). docs/research.md walks through a run."""

from pokerfloor.research.games import KUHN, LEDUC, SMALL_GAMES, SmallAction, SmallGame, SmallHand, small_game

__all__ = ["KUHN", "LEDUC", "SMALL_GAMES", "SmallAction", "SmallGame", "SmallHand", "small_game"]
