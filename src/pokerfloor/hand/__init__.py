"""One hand of poker as a pure, deterministic state machine."""

from pokerfloor.hand import state as _state
from pokerfloor.hand.record import HandRecord
from pokerfloor.hand.state import Hand
from pokerfloor.hand.types import (
    Award,
    Call,
    DealRequest,
    Event,
    Input,
    Legal,
    Post,
    Pot,
    Range,
    RecordError,
    Result,
)
from pokerfloor.hand.view import SeatView

COMPILED: bool = not (_state.__file__ or "").endswith(".py")
"""Whether the hand engine running is the mypyc-compiled build (``POKERFLOOR_COMPILE=1`` at
install time, docs/performance.md) rather than pure Python; both behave the same."""

__all__ = [
    "COMPILED",
    "Award",
    "Call",
    "DealRequest",
    "Event",
    "Hand",
    "HandRecord",
    "Input",
    "Legal",
    "Post",
    "Pot",
    "Range",
    "RecordError",
    "Result",
    "SeatView",
]
