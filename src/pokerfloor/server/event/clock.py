"""The event's clock: the server's time, less the time the host paused it or added to a level.

The floor reads its levels in minutes from this clock, so a pause holds the level where it is
and ``add_time`` makes it last longer. Its state (``offset``, ``paused_at``) is kept beside the
event's record, so a restarted process goes on with the same time left in the level.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class EventClock:
    """``clock()`` is ``now() - offset`` while running; while paused it stands at the time of the pause."""

    now: Callable[[], float]
    offset: float = 0.0
    paused_at: float | None = None

    def __call__(self) -> float:
        return (self.now() if self.paused_at is None else self.paused_at) - self.offset

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def pause(self) -> None:
        if self.paused_at is None:
            self.paused_at = self.now()

    def resume(self) -> None:
        if self.paused_at is not None:
            self.offset += self.now() - self.paused_at
            self.paused_at = None

    def add(self, seconds: float) -> None:
        """The level in play lasts ``seconds`` longer (negative: shorter)."""
        self.offset += seconds

    def state(self) -> dict[str, float | None]:
        return {"offset": self.offset, "paused_at": self.paused_at}
