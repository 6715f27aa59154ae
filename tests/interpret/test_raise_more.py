"""TDA 2024 R43-B reads an amount said with "raise" as a total only "without other clarifying
information": "raise six thousand more" says the amount is an increment (issue 10, item 10)."""

from __future__ import annotations

from floorkit import postflop, refused, ruled

import pokerfloor as pf
from pokerfloor.interpret import Declaration, interpret, parse_verbal

NL_1000_2000 = pf.Game.no_limit_holdem(1000, 2000)
DEEP = {1: 100_000, 2: 100_000, 3: 100_000}


def facing_2000() -> pf.Hand:
    return postflop(NL_1000_2000, DEEP, [(1, "bet", 2000)], pot=6000)


def test_raise_an_amount_more_is_a_raise_by_that_amount_tda_2024_r43_b() -> None:
    """TDA 2024 R43-B: facing an opening bet of 2000, "raise six thousand more" is clarified: a raise
    to the bet plus 6000, to 8000 (where "raise, six thousand" would be to 6000)."""
    assert ruled(facing_2000(), verbal="raise six thousand more") == ("raise", 8000)
    assert ruled(facing_2000(), verbal="raise 6000 more") == ("raise", 8000)
    assert ruled(facing_2000(), verbal="raise, six thousand") == ("raise", 6000)
    assert "TDA 2024 Rule 43-B" in interpret(facing_2000(), 2, verbal="raise six thousand more").rule


def test_more_marks_the_amount_before_it_as_an_increment() -> None:
    """TDA 2024 R43-B: "more" after an amount is read like "by" before it."""
    assert parse_verbal("raise six thousand more") == [
        Declaration("raise", term="raise"),
        Declaration("amount", 6000, by=True),
    ]
    assert parse_verbal("raise six thousand more") == [
        Declaration("raise", term="raise"),
        *parse_verbal("by six thousand"),
    ]


def test_more_without_an_amount_is_unclear_tda_2024_r57() -> None:
    """TDA 2024 R57: "raise more" says no amount; it is refused, the hand unchanged."""
    hand = facing_2000()
    reason, rule = refused(hand, verbal="raise more")
    assert (reason, rule) == ("invalid_action", "TDA 2024 Rule 57")
    assert hand.to_act == 2 and hand.bets[2] == 0
