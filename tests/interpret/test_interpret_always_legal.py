"""Properties of interpret over random spots (design.md, correctness): whatever a player says or
pushes, a ruling is one ``Hand.act`` accepts, the hand is left as it was, and when there is no
single ruling the refusal carries one of the documented reasons."""

from __future__ import annotations

import copy
import random

from floorkit import state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor.interpret import interpret, parse_verbal

GAMES = (
    pf.Game.no_limit_holdem(50, 100),
    pf.Game.no_limit_holdem(25, 50, min_chip=25),
    pf.Game.no_limit_holdem(50, 100, ante=10),
    pf.Game.pot_limit_holdem(50, 100),
    pf.Game(variant="holdem", structure="half_pot", small_blind=50, big_blind=100),
    pf.Game.fixed_limit_holdem(100, 200),
    pf.Game.spread_limit_holdem(1, 2, (2, 10, 20)),
    pf.Game.pot_limit_omaha(5, 10),
    pf.Game(variant="stud", structure="fixed_limit", ante=5, bring_in=10, small_bet=20),
    pf.Game(variant="deuce_seven_triple", structure="fixed_limit", small_blind=10, big_blind=20),
)
DENOMINATIONS = (1, 5, 25, 100, 500, 1000, 5000, 25_000)
REFUSALS = {"cannot_check_facing_bet", "binding_declaration", "invalid_action", "above_stack"}

_ONES = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"),
    *("thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"),
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def say(n: int) -> str:
    """An amount the way a player says it: "eight thousand five hundred", "fourteen hundred"."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else f"-{_ONES[n % 10]}")
    if n < 1000:
        return f"{_ONES[n // 100]} hundred" + ("" if n % 100 == 0 else f" {say(n % 100)}")
    if n < 10_000 and n % 1000 and n % 100 == 0:
        return f"{say(n // 100)} hundred"
    for scale, name in ((1_000_000, "million"), (1000, "thousand")):
        if n >= scale:
            rest = n % scale
            return f"{say(n // scale)} {name}" + ("" if rest == 0 else f" {say(rest)}")
    raise AssertionError(n)


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 999_999_999))
def test_amounts_said_in_words_read_back(n: int) -> None:
    """§1.6: every amount said in words reads back as that amount."""
    [declaration] = parse_verbal(say(n))
    assert declaration.amount == n


@st.composite
def spots(draw: st.DrawFn) -> pf.Hand:
    """A hand part-way through, reached by random legal actions."""
    game = draw(st.sampled_from(GAMES))
    chip = game.min_chip
    count = draw(st.integers(2, 6))
    stacks = {
        seat: chip * draw(st.integers(1, 400)) * draw(st.sampled_from((1, 1, 5, 25))) for seat in range(1, count + 1)
    }
    hand = pf.Hand(game, stacks=stacks, button=count, rng=random.Random(draw(st.integers(0, 99))))
    for _ in range(draw(st.integers(0, 14))):
        seat = hand.to_act
        if seat is None:
            break
        legal = hand.legal()
        if legal.draw is not None:
            hand.act(seat, "draw", discard=[])
            continue
        choices: list[tuple[str, int | None]] = [(a, None) for a in ("fold", "check", "call") if a in legal.actions]
        if legal.bring_in is not None:
            choices.append(("bring_in", None))
        for action, span in (("bet", legal.bet), ("raise", legal.raise_), ("raise", legal.complete)):
            if span is not None:
                choices += [(action, span.min_to), (action, span.max_to)]
        action, to = draw(st.sampled_from(choices))
        hand.act(seat, action, to=to)
    return hand


AMOUNTS = st.one_of(st.integers(0, 99), st.integers(100, 40_000).map(lambda n: n - n % 25), st.integers(0, 10**6))


@st.composite
def words(draw: st.DrawFn) -> str | None:
    amount = draw(AMOUNTS)
    spoken = draw(st.sampled_from((str(amount), f"{amount:,}", say(amount))))
    template = draw(
        st.sampled_from(
            (
                None,
                "check",
                "call",
                "fold",
                "all in",
                "raise",
                "bet",
                "pot",
                "raise the pot",
                "raise, {}",
                "bet {}",
                "{}",
                "raise by {}",
                "make it {}",
                "call, raise {}",
                "check, raise {}",
                "complete",
            )
        )
    )
    return None if template is None else template.format(spoken)


CHIPS = st.lists(st.sampled_from(DENOMINATIONS), max_size=8)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    spots(),
    words(),
    st.lists(st.sampled_from(("check", "call", "raise", "fold", "all in")), max_size=2),
    st.one_of(CHIPS.map(lambda c: (c, None)), st.lists(CHIPS, min_size=1, max_size=3).map(lambda m: (None, m))),
)
def test_a_ruling_is_always_legal(
    hand: pf.Hand, verbal: str | None, declared: list[str], pushed: tuple[list[int] | None, list[list[int]] | None]
) -> None:
    """Whatever is said and pushed, the ruling is accepted by ``Hand.act`` for that seat, with the
    wager it names, and interpret leaves the hand untouched."""
    seat = hand.to_act
    if seat is None:
        return
    chips, motions = pushed
    before = state(hand)
    try:
        ruling = interpret(hand, seat, chips=chips, verbal=verbal, motions=motions, declared=declared)
    except pf.IllegalAction as error:
        assert state(hand) == before
        assert error.reason in REFUSALS, error
        first = chips if chips is not None else (motions or [[]])[0]
        if error.reason == "above_stack":
            assert sum(c for c in first if c >= hand.game.min_chip) > hand.stacks[seat]
        return
    assert state(hand) == before
    trial = copy.deepcopy(hand)
    event = trial.act(seat, ruling.action, to=ruling.to)
    if ruling.to is not None:
        assert event.amount == ruling.to, (ruling, event)
    if ruling.action == "all_in":
        assert ruling.to == hand.bets[seat] + hand.stacks[seat]
