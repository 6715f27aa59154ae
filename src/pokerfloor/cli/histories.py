"""pokerfloor histories commands."""

from __future__ import annotations

from pokerfloor.cli import app  # noqa: F401
