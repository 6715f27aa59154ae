"""One hand of poker as a pure, deterministic state machine."""

from pokerfloor.hand.state import Hand
from pokerfloor.hand.types import (
    Award,
    Call,
    DealRequest,
    Event,
    Legal,
    Post,
    Pot,
    Range,
    Result,
)

__all__ = ["Award", "Call", "DealRequest", "Event", "Hand", "Legal", "Post", "Pot", "Range", "Result"]
