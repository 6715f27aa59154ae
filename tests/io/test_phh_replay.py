"""Replaying PHH hands on the engine: positions, money, forced bets, and refusals that say where."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from pokerfloor.hand import Post
from pokerfloor.io import phh
from pokerfloor.io.conventions import (
    UNKNOWN_STACK,
    Seating,
    chip_unit,
    clockwise,
    decimals,
    forced_bets,
    seating_of,
)
from pokerfloor.io.replay import ReplayError, replay
from pokerfloor.io.verify import verify_history

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "phh"
needs_corpus = pytest.mark.usefixtures("corpus_present")


def history(actions: list[str], **fields: object) -> phh.HandHistory:
    base: dict[str, object] = {
        "variant": "NT",
        "antes": (0, 0, 0),
        "blinds_or_straddles": (50, 100, 0),
        "min_bet": 100,
        "starting_stacks": (10_000, 10_000, 10_000),
        "actions": tuple(actions),
        "source": "t.phh",
    }
    base.update(fields)
    return phh.HandHistory(**base)  # type: ignore[arg-type]


DEAL3 = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 2c7h"]


# Positions ----------------------------------------------------------------------------------

def test_players_sit_in_seats_one_to_n_with_the_button_on_pn() -> None:
    state = replay(history(DEAL3))
    assert state.seating == Seating((1, 2, 3), 3)
    assert state.hand.button_seat == 3
    assert state.hand.small_blind_seat == 1
    assert state.hand.big_blind_seat == 2
    assert state.hand.to_act == 3


def test_the_seats_field_places_the_players() -> None:
    state = replay(history(DEAL3, seats=(6, 7, 2)))
    assert state.seating == Seating((6, 7, 2), 2)
    assert state.hand.small_blind_seat == 6
    assert state.hand.to_act == 2
    assert any("p1 in seat 6" in note for note in state.notes)


def test_seats_that_do_not_run_clockwise_fall_back_to_one_to_n() -> None:
    assert clockwise((6, 7, 1, 2, 3))
    assert clockwise((1, 2, 3))
    assert not clockwise((3, 1, 2, 5))
    assert seating_of(history(DEAL3, seats=(2, 1, 3))).seats == (1, 2, 3)


def test_heads_up_blinds_apply_reversed_the_button_posts_the_small_blind() -> None:
    hand = history(["d dh p1 AsAd", "d dh p2 KsKd", "p2 f"], antes=(0, 0), blinds_or_straddles=(5, 10),
                   min_bet=10, starting_stacks=(1000, 1000))
    state = replay(hand)
    assert state.hand.small_blind_seat == 2
    assert state.hand.big_blind_seat == 1
    assert state.finishing_stacks() == (1005, 995)


def test_a_lone_blind_on_the_button_is_a_button_blind() -> None:
    posts = forced_bets(history([], antes=(3, 3, 3), blinds_or_straddles=(0, 0, 3)), Seating((1, 2, 3), 3),
                        Decimal(1))
    assert posts == [Post(1, 3, "ante"), Post(2, 3, "ante"), Post(3, 3, "ante"), Post(3, 3, "button_blind")]


def test_a_lone_blind_elsewhere_is_the_big_blind_and_the_next_player_opens() -> None:
    state = replay(history(DEAL3, blinds_or_straddles=(100, 0, 0)))
    assert state.hand.big_blind_seat == 1
    assert state.hand.to_act == 2


def test_blinds_after_the_big_blind_are_straddles() -> None:
    posts = forced_bets(history([], antes=(0,) * 4, blinds_or_straddles=(1, 2, 4, 0),
                                starting_stacks=(100,) * 4), Seating((1, 2, 3, 4), 4), Decimal(1))
    assert [p.kind for p in posts] == ["sb", "bb", "straddle"]


def test_a_big_blind_ante_is_posted_by_the_big_blind() -> None:
    posts = forced_bets(history([], antes=(0, 100, 0)), Seating((1, 2, 3), 3), Decimal(1))
    assert Post(2, 100, "bb_ante") in posts


def test_a_negative_blind_is_a_live_post_that_does_not_open_the_action() -> None:
    hand = history(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "p3 cc"],
                   antes=(0,) * 4, blinds_or_straddles=(5, 10, -5, 0), min_bet=10,
                   starting_stacks=(1000,) * 4)
    state = replay(hand, stop=4)
    assert Post(3, 5, "new_player") in state.posts
    assert state.hand.to_act == 3
    assert replay(hand).hand.stacks[3] == 990
    dead = replay(hand, dead_negative_blinds=True)
    assert Post(3, 5, "missed_sb", live=False) in dead.posts
    assert dead.hand.stacks[3] == 985


# Money --------------------------------------------------------------------------------------

def test_decimals_counts_only_the_digits_needed() -> None:
    assert decimals(Decimal("2.50")) == 1
    assert decimals(Decimal("0.25")) == 2
    assert decimals(Decimal("1E+3")) == 0
    assert decimals(7) == 0


def test_cents_become_whole_chips_and_back() -> None:
    hand = history(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 0.75", "p1 f", "p2 f"],
                   blinds_or_straddles=(Decimal("0.10"), Decimal("0.25"), 0), min_bet=Decimal("0.25"),
                   starting_stacks=(25, Decimal("54.75"), Decimal("16.35")))
    assert chip_unit(hand) == Decimal("0.01")
    state = replay(hand)
    assert state.game.big_blind == 25
    assert state.hand.starting_stacks[3] == 1635
    assert state.finishing_stacks() == (Decimal("24.90"), Decimal("54.50"), Decimal("16.70"))


def test_an_unknown_stack_plays_deep_and_stays_unknown() -> None:
    hand = history([*DEAL3, "p3 cbr 50000", "p1 f", "p2 f"], starting_stacks=(phh.INF, phh.INF, phh.INF))
    state = replay(hand)
    assert state.hand.starting_stacks[1] == UNKNOWN_STACK
    assert state.finishing_stacks() == (None, None, None)


# Refusals -----------------------------------------------------------------------------------

def test_an_illegal_action_stops_the_replay_with_its_index_rule_and_reason() -> None:
    hand = history([*DEAL3, "p3 cbr 150", "p1 f"], key="4")
    with pytest.raises(ReplayError) as caught:
        replay(hand)
    error = caught.value
    assert (error.source, error.hand, error.index, error.action) == ("t.phh", "4", 3, "p3 cbr 150")
    assert error.illegal is not None
    assert error.reason == "below_min_raise"
    assert error.rule == "TDA 2024 Rule 43"
    assert str(error).startswith("t.phh [4] actions[3] 'p3 cbr 150': ")


def test_acting_out_of_turn_is_refused() -> None:
    with pytest.raises(ReplayError) as caught:
        replay(history([*DEAL3, "p1 f"]))
    assert caught.value.reason == "not_your_turn"


def test_shown_cards_must_be_the_cards_dealt() -> None:
    hand = history([*DEAL3, "p3 cc", "p1 cc", "p2 cc", "d db 2s3s4s", "p1 cc", "p2 cc", "p3 cc",
                    "d db 5d", "p1 cc", "p2 cc", "p3 cc", "d db 9c", "p1 cc", "p2 cc", "p3 cc",
                    "p1 sm AhAd"])
    with pytest.raises(ReplayError) as caught:
        replay(hand)
    assert caught.value.cause == "cards"
    assert caught.value.index == 18


RAZZ = history(  # the corpus's dev/wsop-2023-43-5/03-48-33.phh (2023 WSOP Event #43, hand 83)
    ["d dh p1 QhQd8s", "d dh p2 As2c6h", "p1 pb", "p2 cbr 300000", "p1 f"],
    variant="FR", antes=(100_000, 100_000), blinds_or_straddles=None, bring_in=100_000, min_bet=None,
    small_bet=300_000, big_bet=600_000, starting_stacks=(2_150_000, 27_550_000),
    finishing_stacks=(1_950_000, 27_750_000),
)


@pytest.mark.parametrize(
    ("hand", "says"),
    [
        (replace(RAZZ, bring_in=300_000), "the bring-in 300000 is not less than the small bet 300000"),
        (replace(RAZZ, bring_in=400_000), "the bring-in 400000 is not less than the small bet 300000"),
        (history(DEAL3, blinds_or_straddles=(100, 50, 0)), "the small blind 100 is bigger than the big blind 50"),
    ],
)
def test_a_bring_in_not_below_the_small_bet_is_refused_before_play_as_blinds_out_of_order_are(hand, says) -> None:
    """A fixed-limit bring-in is less than the small bet, so that it can be completed (WIKI_BIP
    bring-in; the PHH spec: ``bring_in`` less than ``small_bet``): one that is not stops the
    hand before its first action, as a small blind above the big blind does."""
    verdict = verify_history(hand)
    assert (verdict.status, verdict.cause) == ("illegal", "setup")
    assert says in verdict.detail


def test_a_bring_in_changed_below_the_small_bet_shows_in_the_recorded_stacks() -> None:
    """Any other bring-in is played as the file states it, and verify compares the stacks it
    gives with those the file records, as for changed blinds or antes."""
    assert verify_history(RAZZ).status == "matched"
    verdict = verify_history(replace(RAZZ, bring_in=200_000))
    assert verdict.status == "mismatch"
    assert verdict.detail == "finishing stacks differ: p1 +100000 in the file, p2 -100000 in the file"

# Showdowns ----------------------------------------------------------------------------------

def checked_down(shows: list[str]) -> phh.HandHistory:
    return history(["d dh p1 ????", "d dh p2 KsKd", "d dh p3 ????", "p3 cc", "p1 cc", "p2 cc",
                    "d db 2s3s4s", "p1 cc", "p2 cc", "p3 cc", "d db 5d", "p1 cc", "p2 cc", "p3 cc",
                    "d db 9c", "p1 cc", "p2 cc", "p3 cc", *shows])


def test_players_whose_cards_are_never_revealed_muck_when_the_actions_end() -> None:
    state = replay(checked_down(["p2 sm KsKd", "p1 sm ????"]))
    assert state.hand.is_over
    assert state.finishing_stacks() == (9900, 10200, 9900)
    assert any("never revealed" in note for note in state.notes)


def test_unknown_cards_shown_later_take_part_in_the_showdown() -> None:
    state = replay(checked_down(["p1 sm ????", "p2 sm KsKd", "p3 sm ????", "p1 sm 6h7h", "p3 sm -"]))
    assert state.finishing_stacks() == (10200, 9900, 9900)


def test_a_show_after_the_hand_is_over_is_only_checked() -> None:
    state = replay(history([*DEAL3, "p3 f", "p1 f", "p2 sm KsKd"]))
    assert state.steps[-1].note.startswith("after the end")
    with pytest.raises(ReplayError):
        replay(history([*DEAL3, "p3 f", "p1 f", "p2 sm KsKh"]))


def test_an_incomplete_history_stops_where_it_stops() -> None:
    state = replay(history([*DEAL3, "p3 cc"]))
    assert not state.hand.is_over
    assert state.finishing_stacks() == (9950, 9900, 9900)


# The real hands ------------------------------------------------------------------------------

@needs_corpus
def test_dwan_ivey_replays_to_the_million_dollar_pot() -> None:
    (hand,) = phh.load(CORPUS / "dev" / "historical" / "dwan-ivey-2009.phh")
    state = replay(hand)
    assert state.hand.is_over
    assert state.finishing_stacks() == (572_100, 1_997_500, 1_109_500)


@needs_corpus
def test_stud_replays_street_by_street_with_the_bring_in() -> None:
    (hand,) = phh.load(CORPUS / "dev" / "wsop-2023-43-5" / "03-50-24.phh")
    state = replay(hand)
    kinds = [e.kind for e in state.hand.events]
    assert "bring_in" in kinds
    assert state.finishing_stacks() == hand.finishing_stacks


@needs_corpus
def test_a_draw_showdown_may_list_the_cards_in_any_order() -> None:
    (hand,) = phh.load(CORPUS / "dev" / "historical" / "arieh-yockey-2019.phh")
    assert hand.actions[-1] == "p4 sm 2h4d7c5c3c"
    state = replay(hand)
    assert state.hand.result is not None
    assert state.hand.result.winnings == {4: 2_510_000}
    wrong = phh.with_actions(hand, [*hand.actions[:-1], "p4 sm 2h4d7c5c3d"])
    with pytest.raises(ReplayError) as caught:
        replay(wrong)
    assert caught.value.cause == "cards"
