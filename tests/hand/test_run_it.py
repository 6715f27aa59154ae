"""Run it twice (``Hand.run_it``) and rabbit hunting (``Hand.rabbit``): home-game and cash-game
customs, not TDA rules (``citations.RUN_IT``). Once no more betting can happen, the all-in
players may agree to deal the rest of the board more than once; each pot is split into equal
parts, one per run, each awarded by its run's board like any showdown; chips that do not divide
go to the first run. After a hand, the rabbit is the cards that would have completed the board."""

from __future__ import annotations

import random

import pytest
from handkit import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor import citations
from pokerfloor.hand.showdown import run_parts
from pokerfloor.io.export import history_of
from pokerfloor.io.ohh import to_ohh
from pokerfloor.narrate import award_lines, narrate

NLHE = pf.Game(variant="holdem", structure="no_limit", small_blind=50, big_blind=100)


def all_in_preflop(game: pf.Game, stacks: dict[int, int], holes: dict[int, str], **kwargs: object) -> pf.Hand:
    """A manually dealt hand whose players all go all-in (or call all-in) before the flop."""
    hand = pf.Hand(game, stacks=stacks, button=max(stacks), dealing="manual", holes=holes, **kwargs)  # type: ignore[arg-type]
    while hand.to_act is not None:
        seat = hand.to_act
        hand.act(seat, "all_in" if hand.legal().raise_ or hand.legal().bet else "call")
    return hand


def deal_runs(hand: pf.Hand, boards: list[str]) -> None:
    """Deal each run's remaining board, street by street, as the hand asks for them."""
    while hand.awaiting_deal is not None:
        request = hand.awaiting_deal
        board = pf.parse_cards(boards[request.run])
        have = len(hand.boards[request.run])
        hand.deal(board[have : have + request.count])


def test_run_it_twice_splits_the_pot_between_the_runs() -> None:
    hand = all_in_preflop(NLHE, {1: 1000, 2: 1000}, {1: "AsAd", 2: "KsKd"})
    event = hand.run_it(2)
    assert (event.kind, event.amount, hand.runs) == ("run_it", 2, 2)
    assert event.seen(None) == event  # everyone sees it
    deal_runs(hand, ["2c7h9dJc3s", "Kh8c4d5h2d"])
    result = hand.result
    assert result is not None
    assert [(a.pot, a.run, a.amount, a.winners) for a in result.awards] == [
        (0, 0, 1000, {1: 1000}),
        (0, 1, 1000, {2: 1000}),
    ]
    assert result.stacks == {1: 1000, 2: 1000}
    assert hand.boards == (tuple(pf.parse_cards("2c7h9dJc3s")), tuple(pf.parse_cards("Kh8c4d5h2d")))


def test_the_runs_share_the_cards_dealt_before_run_it() -> None:
    hand = pf.Hand(NLHE, stacks={1: 1000, 2: 1000}, button=2, dealing="manual", holes={1: "AsAd", 2: "KsKd"})
    hand.act(2, "call")  # heads-up the button is the small blind and acts first before the flop
    hand.act(1, "check")
    hand.deal("2c7h9d")
    hand.act(1, "all_in")
    hand.act(2, "call")
    hand.run_it(3)
    assert hand.awaiting_deal == pf.DealRequest("board", None, 1, run=0)
    deal_runs(hand, ["2c7h9dJc3s", "2c7h9dKh8c", "2c7h9dQc4d"])
    assert [board[:3] for board in hand.boards] == [tuple(pf.parse_cards("2c7h9d"))] * 3
    assert hand.result is not None and [a.winners for a in hand.result.awards] == [{1: 668}, {2: 666}, {1: 666}]


def test_a_side_pot_is_run_twice_like_the_main_pot() -> None:
    hand = all_in_preflop(NLHE, {1: 500, 2: 1000, 3: 1000}, {1: "AsAd", 2: "KsKd", 3: "QsQd"})
    hand.run_it(2)
    # Run 1: the kings win the side pot and the aces the main pot; run 2: a king makes trips.
    deal_runs(hand, ["2c7h9dJc3s", "Kh8c4d5h2d"])
    result = hand.result
    assert result is not None
    assert [(a.pot, a.run, a.amount, a.winners) for a in result.awards] == [
        (1, 0, 500, {2: 500}),
        (1, 1, 500, {2: 500}),
        (0, 0, 750, {1: 750}),
        (0, 1, 750, {2: 750}),
    ]
    assert sum(result.stacks.values()) == 2500


def test_odd_chips_of_a_pot_run_twice_go_to_the_first_run() -> None:
    game = pf.Game(variant="holdem", structure="no_limit", small_blind=25, big_blind=100)
    hand = pf.Hand(game, stacks={1: 1000, 2: 1000, 3: 1000}, button=3, dealing="manual",
                   holes={1: "2s3d", 2: "AsAd", 3: "KsKd"})
    hand.act(3, "all_in")
    hand.act(1, "fold")
    hand.act(2, "call")
    assert hand.total_pot == 2025
    hand.run_it(2)
    deal_runs(hand, ["2c7h9dJc4s", "Kh8c4d5h2d"])
    assert hand.result is not None
    assert [(a.run, a.amount) for a in hand.result.awards] == [(0, 1013), (1, 1012)]
    assert run_parts(2025, 2, 1) == [1013, 1012]
    assert run_parts(1001, 3, 5) == [341, 330, 330]  # whole smallest chips, the rest to run 1


def test_hi_lo_omaha_run_twice_splits_each_run_high_and_low() -> None:
    game = pf.Game(variant="omaha_hilo", structure="pot_limit", small_blind=50, big_blind=100)
    hand = all_in_preflop(game, {1: 1000, 2: 1000}, {1: "AhKh2c3d", 2: "QsQdJsTs"})
    hand.run_it(2)
    deal_runs(hand, ["4c5d8sAcKc", "Qc9s7h6dJd"])
    result = hand.result
    assert result is not None
    run_one, run_two = result.awards
    assert (run_one.run, run_one.high_winners, run_one.low_winners, run_one.winners) == (0, (1,), (1,), {1: 1000})
    assert (run_two.run, run_two.high_winners, run_two.low_winners, run_two.winners) == (1, (2,), (), {2: 1000})


def test_run_it_is_refused_while_betting_can_still_happen() -> None:
    hand = pf.Hand(NLHE, stacks={1: 1000, 2: 5000, 3: 5000}, button=3, rng=random.Random(3), wait_for_runout=True)
    before = snapshot(hand)
    with pytest.raises(pf.IllegalAction) as refused:
        hand.run_it(2)
    assert refused.value.reason == "cannot_run_it" and refused.value.rule == citations.RUN_IT
    assert "no more betting" in str(refused.value)
    assert snapshot(hand) == before
    hand.act(3, "call")
    hand.act(1, "all_in")
    hand.act(2, "call")
    hand.act(3, "call")  # two players still have chips: they bet on
    with pytest.raises(pf.IllegalAction, match="no more betting"):
        hand.run_it(2)


def test_run_it_is_refused_on_a_complete_board() -> None:
    hand = pf.Hand(NLHE, stacks={1: 1000, 2: 1000}, button=2, dealing="manual", holes={1: "AsAd", 2: "KsKd"})
    hand.act(2, "call")
    hand.act(1, "check")
    for street in ("2c7h9d", "Jc", "3s"):
        hand.deal(street)
        if street != "3s":
            hand.act(1, "check")
            hand.act(2, "check")
    hand.act(1, "all_in")
    hand.act(2, "call")
    assert hand.is_over and len(hand.board) == 5
    with pytest.raises(pf.IllegalAction) as over:
        hand.run_it(2)
    assert over.value.reason == "hand_over"
    unknown = pf.Hand(NLHE, stacks={1: 1000, 2: 1000}, button=2, dealing="manual", holes={1: "????", 2: "????"},
                      board="2c7h9dJc3s")
    unknown.act(2, "all_in")
    unknown.act(1, "call")
    assert not unknown.is_over and len(unknown.board) == 5  # the replay waits for the hands shown
    before = snapshot(unknown)
    with pytest.raises(pf.IllegalAction, match="the board is complete"):
        unknown.run_it(2)
    assert snapshot(unknown) == before


@pytest.mark.parametrize("times", [1, 0, -2, True, 2.0, "2", None, 11])
def test_run_it_refuses_a_number_of_runs_it_cannot_deal(times: object) -> None:
    hand = all_in_preflop(NLHE, {1: 1000, 2: 1000}, {1: "AsAd", 2: "KsKd"})
    before = snapshot(hand)
    with pytest.raises(pf.IllegalAction):
        hand.run_it(times)
    assert snapshot(hand) == before and hand.runs == 1
    hand.run_it(9)  # 48 cards left: nine runs of five
    with pytest.raises(pf.IllegalAction, match="already run"):
        hand.run_it(2)


@pytest.mark.parametrize("variant", ["stud", "razz", "five_card_draw", "badugi"])
def test_only_board_games_run_it_twice(variant: str) -> None:
    if variant in ("stud", "razz"):
        game = pf.Game(variant=variant, structure="fixed_limit", ante=1, bring_in=2, small_bet=4, big_bet=8)
    else:
        game = pf.Game(variant=variant, structure="fixed_limit", small_blind=1, big_blind=2)
    hand = pf.Hand(game, stacks={1: 3, 2: 3}, button=2, rng=random.Random(1))
    with pytest.raises(pf.IllegalAction, match="no board") as refused:
        hand.run_it(2)
    assert refused.value.reason == "cannot_run_it"


def test_a_hand_waiting_for_its_run_out_runs_once_with_run_out() -> None:
    hand = pf.Hand(NLHE, stacks={1: 1000, 2: 1000}, button=2, seed=11, wait_for_runout=True)
    hand.act(2, "all_in")
    hand.act(1, "call")
    assert hand.awaiting_runout and not hand.is_over and hand.to_act is None
    with pytest.raises(pf.IllegalAction, match="run-out"):
        hand.act(1, "check")
    hand.run_out()
    plain = pf.Hand(NLHE, stacks={1: 1000, 2: 1000}, button=2, seed=11)
    plain.act(2, "all_in")
    plain.act(1, "call")
    assert hand.result == plain.result and hand.board == plain.board
    with pytest.raises(pf.IllegalAction):
        hand.run_out()


def test_record_from_record_and_undo_go_through_run_it() -> None:
    hand = pf.Hand(NLHE, stacks={1: 1000, 2: 1000, 3: 400}, button=3, seed=5, wait_for_runout=True)
    hand.act(3, "all_in")
    hand.act(1, "all_in")
    hand.act(2, "call")
    hand.run_it(2)
    assert hand.is_over and hand.runs == 2
    record = pf.HandRecord.from_json(hand.record().to_json())
    assert record.inputs[-1] == pf.Input("run_it", None, "", 2)
    again = pf.Hand.from_record(record)
    assert (again.boards, again.result, again.events) == (hand.boards, hand.result, hand.events)
    assert hand.undo() == pf.Input("run_it", None, "", 2)
    assert hand.awaiting_runout and hand.runs == 1 and hand.boards == ((),)
    hand.run_it(2)
    assert (hand.boards, hand.result) == (again.boards, again.result)
    old = record.to_dict()
    del old["wait_for_runout"]  # a record written before run_it existed still loads
    assert not pf.HandRecord.from_dict(old).wait_for_runout


def test_a_manually_dealt_run_is_recorded_and_replayed() -> None:
    hand = all_in_preflop(NLHE, {1: 1000, 2: 1000}, {1: "AsAd", 2: "KsKd"})
    hand.run_it(2)
    deal_runs(hand, ["2c7h9dJc3s", "Kh8c4d5h2d"])
    again = pf.Hand.from_record(hand.record())
    assert (again.boards, again.result) == (hand.boards, hand.result)
    with pytest.raises(ValueError, match="dealt twice"):
        undone = pf.Hand.from_record(hand.record())
        undone.undo()
        undone.deal("Jc")  # the first run's jack of clubs


def test_seat_views_carry_every_run_s_board() -> None:
    hand = all_in_preflop(NLHE, {1: 1000, 2: 1000}, {1: "AsAd", 2: "KsKd"})
    hand.run_it(2)
    deal_runs(hand, ["2c7h9dJc3s", "Kh8c4d5h2d"])
    for seat in (None, 1, 2):
        view = hand.view(seat)
        assert (view.runs, view.boards) == (2, hand.boards)
        assert pf.SeatView.from_json(view.to_json()) == view
    one = pf.Hand(NLHE, stacks={1: 1000, 2: 1000}, button=2, seed=2).view(None)
    assert (one.runs, one.boards) == (1, (one.board,))


def test_narration_and_phh_export_of_a_hand_run_twice() -> None:
    hand = all_in_preflop(NLHE, {1: 1000, 2: 1000}, {1: "AsAd", 2: "KsKd"})
    hand.run_it(2)
    deal_runs(hand, ["2c7h9dJc3s", "Kh8c4d5h2d"])
    lines = narrate(hand)
    assert "the board is run 2 times" in lines and "River (run 2): 2d" in lines
    assert award_lines(hand) == ["seat 1 wins the pot on run 1, 1,000, with a pair, aces: A-A-J-9-7",
                                 "seat 2 wins the pot on run 2, 1,000, with three of a kind, kings: K-K-K-8-5"]
    history = history_of(hand)
    assert [a for a in history.actions if a.startswith("d db")] == ["d db 2c7h9d", "d db Jc", "d db 3s"]
    assert history.extra == {"_runs": 2, "_boards": ["2c7h9dJc3s", "Kh8c4d5h2d"]}
    assert history.winnings == (1000, 1000)
    rounds = to_ohh(hand)["ohh"]["rounds"]
    assert [(r["street"], r["cards"]) for r in rounds[1:4]] == [("Flop", ["2c", "7h", "9d"]), ("Turn", ["Jc"]),
                                                               ("River", ["3s"])]


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(["holdem", "omaha", "omaha_hilo", "short_deck"]),
    stacks=st.lists(st.integers(1, 3000), min_size=2, max_size=5),
    times=st.integers(2, 4),
    flop_first=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_chips_are_conserved_and_the_runs_deal_no_hole_card(
    variant: str, stacks: list[int], times: int, flop_first: bool, seed: int
) -> None:
    ante = 1 if variant == "short_deck" else 0
    game = pf.Game(variant=variant, structure="no_limit", small_blind=1, big_blind=2, ante=ante)
    seats = {i + 1: chips for i, chips in enumerate(stacks)}
    hand = pf.Hand(game, stacks=seats, button=len(seats), rng=random.Random(seed), wait_for_runout=True)
    while hand.to_act is not None:
        legal = hand.legal()
        if flop_first and hand.street == "preflop":
            hand.act(hand.to_act, "call" if legal.call else "check")
        else:
            hand.act(hand.to_act, "all_in" if legal.bet or legal.raise_ else "call" if legal.call else "check")
    if not hand.awaiting_runout:
        return  # the hand ended without a run-out to choose
    total = sum(hand.starting_stacks.values())
    hand.run_it(times)
    result = hand.result
    assert result is not None and sum(result.stacks.values()) == total
    assert len(result.awards) == times * len({a.pot for a in result.awards})
    holes = {c for cards in hand.holes.values() for c in cards}
    shared = sum(1 for cards in zip(*hand.boards) if len(set(cards)) == 1)
    later = [c for board in hand.boards for c in board[shared:]]
    assert len(set(later)) == len(later) and not holes & set(later)
    assert all(len(board) == 5 for board in hand.boards)


def test_rabbit_hunting_shows_the_cards_the_deck_would_have_dealt() -> None:
    folded = pf.Hand(NLHE, stacks={1: 1000, 2: 1000}, button=2, seed=7)
    folded.act(2, "call")
    folded.act(1, "check")
    folded.act(1, "bet", to=200)
    folded.act(2, "fold")
    record, result, stacks = folded.record(), folded.result, dict(folded.stacks)
    rabbit = folded.rabbit()
    checked = pf.Hand(NLHE, stacks={1: 1000, 2: 1000}, button=2, seed=7)
    while not checked.is_over:
        checked.act(checked.to_act, "call" if checked.legal().call else "check")
    assert rabbit == tuple(checked.board[3:]) and len(rabbit) == 2
    assert (folded.record(), folded.result, folded.stacks) == (record, result, stacks)
    assert folded.rabbit() == rabbit  # hunting again finds the same rabbit
    assert pf.Hand.from_record(record).rabbit() == rabbit


def test_rabbit_hunting_is_refused_when_there_is_no_rabbit() -> None:
    live = pf.Hand(NLHE, stacks={1: 1000, 2: 1000}, button=2, seed=7)
    with pytest.raises(pf.IllegalAction, match="not over") as refused:
        live.rabbit()
    assert refused.value.reason == "no_rabbit_hunt"
    while not live.is_over:
        live.act(live.to_act, "call" if live.legal().call else "check")
    with pytest.raises(pf.IllegalAction, match="complete"):
        live.rabbit()
    manual = pf.Hand(NLHE, stacks={1: 1000, 2: 1000}, button=2, dealing="manual", holes={1: "AsAd", 2: "KsKd"})
    manual.act(2, "fold")
    with pytest.raises(pf.IllegalAction, match="by hand"):
        manual.rabbit()
    stud = pf.Game(variant="stud", structure="fixed_limit", ante=1, bring_in=2, small_bet=4, big_bet=8)
    folded = pf.Hand(stud, stacks={1: 100, 2: 100}, button=2, seed=1)
    while not folded.is_over:
        folded.act(folded.to_act, "fold" if folded.legal().fold else "bring_in")
    with pytest.raises(pf.IllegalAction, match="no board"):
        folded.rabbit()
