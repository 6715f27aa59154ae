"""The showdown as the page is sent it: who won which pot and every shown hand in words
(TDA 2024 R16: all hands are tabled when a player is all-in)."""

from __future__ import annotations

import pokerfloor as pf
from pokerfloor.server.showdown import result_json

GAME = pf.Game(variant="holdem", structure="no_limit", small_blind=1, big_blind=2)


def play_out(hand: pf.Hand) -> pf.Hand:
    hand.act(hand.to_act, "all_in")
    while not hand.is_over:
        hand.act(hand.to_act, "call")
    return hand


def test_side_pot_names_the_pot_and_every_shown_hand() -> None:
    hand = play_out(pf.Hand(GAME, stacks={1: 100, 2: 50, 3: 100}, button=1,
                            holes={1: "9c9d", 2: "KhKd", 3: "2c7h"}, board="Ks9h4d3c2h"))
    result = result_json(hand)
    assert result is not None
    main, side = result["awards"]
    assert (main["pot"], main["amount"], main["winners"]) == (0, 150, {"2": 150})
    assert (side["pot"], side["amount"], side["winners"]) == (1, 100, {"1": 100})
    assert main["won_with"].startswith("three of a kind, kings")
    assert result["hands"]["1"].startswith("three of a kind, nines")
    assert result["hands"]["3"].startswith("one pair, deuces")


def test_split_pot_has_every_winner() -> None:
    hand = play_out(pf.Hand(GAME, stacks={1: 100, 2: 100}, button=1,
                            holes={1: "QsJd", 2: "QhJc"}, board="AsKdTc3h2s"))
    result = result_json(hand)
    assert result is not None
    assert result["awards"][0]["winners"] == {"1": 100, "2": 100}
    assert result["hands"]["1"] == result["hands"]["2"] == "straight, ace high"


def test_nothing_before_the_hand_is_over() -> None:
    assert result_json(pf.Hand(GAME, stacks={1: 100, 2: 100}, button=1)) is None
    assert result_json(None) is None


def test_a_hand_shown_before_its_rival_mucked_is_named() -> None:
    """TDA 2024 R18: seat 2 tabled its hand; seat 1, asked, mucked: seat 2 won at the showdown
    (TDA 2024 Rule 17) and everyone saw its hand, so the result names it."""
    hand = pf.Hand(GAME, stacks={1: 100, 2: 100}, button=1, auto_muck=False,
                   holes={1: "7c2d", 2: "AhKd"}, board="QsJd4c9h3s")
    while not hand.legal().muck:
        hand.act(hand.to_act, "check" if hand.legal().check else "call")
    hand.act(hand.to_act, "muck")
    result = result_json(hand)
    assert result is not None and result["awards"][0]["winners"] == {"2": 4}
    assert result["hands"] == {"2": "high card, ace high: A-K-Q-J-9"}
    assert hand.result is not None and hand.result.awards[0].reason == "best hand"
