"""The random policy's move weights, shared by the batched simulator and the benchmark's
per-hand policy (``pokerfloor.bench.policy``), so both play by the same odds: a draw over these
integers, renormalised over the moves open to the seat."""

from __future__ import annotations

W_FOLD = 25
"""Fold, open only when the seat faces a bet (it never folds for free)."""
W_CHECK_CALL = 50
"""Check or call, always open."""
W_MIN_RAISE = 20
"""The minimum bet or raise, open when a bet or raise is legal."""
W_ALL_IN = 5
"""All-in (the largest bet or raise), open when a bet or raise is legal."""
