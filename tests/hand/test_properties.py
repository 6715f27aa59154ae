"""Properties over thousands of random flop-game hands (design.md, "Correctness"): chips are
conserved after every action, the pots add up, nobody wins more from the others than it put at
risk against them, and every legal range is exact: its ends are accepted, one chip beyond them
is refused with the right reason."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokerfloor as pf

STRUCTURES = ("no_limit", "pot_limit", "half_pot", "fixed_limit", "spread_limit")
VARIANTS = ("holdem", "holdem", "omaha", "omaha_hilo", "short_deck")
SETTINGS = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass
class Table:
    """A random deal: the game, who sits where with how much, and the extra posts."""

    game: pf.Game
    stacks: dict[int, int]
    button: int
    posts: list[pf.Post]
    seed: int


@st.composite
def tables(draw: st.DrawFn, structure: str) -> Table:
    big_blind = draw(st.sampled_from((2, 4, 10, 20, 100)))
    small_blind = big_blind // 2
    min_chip = draw(st.sampled_from((1, 1, small_blind)))
    house = pf.HouseRules(
        incomplete_raise_rule=draw(st.sampled_from(("rulebook", "rulebook", "full_bet", "half_bet"))),
        raise_cap=draw(st.sampled_from(("rulebook", "rulebook", None, 1, 2))),
        cap_lifted_heads_up=draw(st.booleans()),
        straddle_min_raise=draw(st.sampled_from(("straddle_minus_bb", "straddle_amount"))),
        straddle_postflop_min_bet=draw(st.sampled_from(("big_blind", "straddle"))),
        bba_order=draw(st.sampled_from(("big_blind_first", "ante_first"))),
        short_stack_forced_order=draw(st.sampled_from(("ante_first", "blind_first"))),
        killer_acts=draw(st.sampled_from(("last", "in_turn"))),
        fold_facing_no_bet=draw(st.sampled_from(("allowed", "refused"))),
    )
    antes = draw(st.sampled_from(("none", "none", "ante", "bb_ante", "button_ante")))
    ante = min_chip * draw(st.integers(1, 3)) if antes != "none" else 0
    spread = None
    if structure == "spread_limit":
        top = big_blind * draw(st.integers(1, 5))
        spread = (big_blind, top, top * draw(st.integers(1, 2)))
    game = pf.Game(
        variant=draw(st.sampled_from(VARIANTS)),
        structure=structure,  # type: ignore[arg-type]
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante if antes == "ante" else 0,
        bb_ante=ante * 2 if antes == "bb_ante" else 0,
        button_ante=ante * 2 if antes == "button_ante" else 0,
        spread=spread,
        min_chip=min_chip,
        house=house,
    )
    numbers = draw(st.lists(st.integers(1, 10), min_size=2, max_size=9, unique=True))
    stack = st.one_of(st.integers(1, 3 * big_blind), st.integers(1, 300 * big_blind))
    stacks = {seat: draw(stack) for seat in numbers}
    button = draw(st.one_of(st.sampled_from(sorted(numbers)), st.integers(1, 10)))
    order = [s for s in sorted(numbers) if s > button] + [s for s in sorted(numbers) if s <= button]
    posts: list[pf.Post] = []
    extra = draw(st.sampled_from(("none", "none", "straddle", "mississippi", "sleeper", "kill", "posts")))
    if len(order) >= 4 and extra != "none":
        if extra == "straddle":
            posts.append(pf.Post(order[2], 2 * big_blind, "straddle"))
            if len(order) >= 5 and draw(st.booleans()):
                posts.append(pf.Post(order[3], 4 * big_blind, "straddle"))
        elif extra == "mississippi":
            posts.append(pf.Post(order[-1], 2 * big_blind, "mississippi"))
        elif extra == "sleeper":
            posts.append(pf.Post(order[3], 2 * big_blind, "sleeper"))
        elif extra == "kill":
            posts.append(pf.Post(order[2], draw(st.sampled_from((2 * big_blind, 3 * small_blind))), "kill"))
        else:
            posts.append(pf.Post(order[2], big_blind, "new_player"))
            posts.append(pf.Post(order[3], small_blind, "missed_sb", live=False))
            posts.append(pf.Post(order[3], big_blind, "missed_bb"))
    return Table(game, stacks, button, posts, draw(st.integers(0, 2**32)))


def chips_in_play(hand: pf.Hand) -> int:
    return sum(hand.stacks.values()) + sum(pot.amount for pot in hand.pots)


def check_bookkeeping(hand: pf.Hand, total: int) -> None:
    """Chips are conserved and the pots add up to what the seats put in."""
    if hand.is_over:
        result = hand.result
        assert result is not None and hand.pots == []
        assert sum(result.stacks.values()) == total
        assert result.stacks == hand.stacks
        assert sum(result.net.values()) == 0
        unit = hand.game.min_chip
        for award in result.awards:
            assert sum(award.winners.values()) == award.amount
            mucked = {e.seat for e in hand.events if e.kind == "muck"}
            assert set(award.winners) <= award.eligible <= set(hand.in_hand) | set(hand.all_in) | mucked
            if not hand.game.variant_spec.hi_lo and len(award.winners) > 1:
                shares = award.winners.values()
                assert max(shares) - min(shares) <= unit + award.amount % unit, award
        order = result.showdown_order
        if order:
            clockwise = [seat for seat in hand.seats if seat in order]
            start = clockwise.index(order[0])
            assert list(order) == clockwise[start:] + clockwise[:start]
        return
    assert chips_in_play(hand) == total
    assert sum(pot.amount for pot in hand.pots) == sum(hand.contributions.values()) == hand.total_pot
    live = set(hand.in_hand)
    for pot in hand.pots:
        assert pot.eligible <= live


def check_winnings_bound(hand: pf.Hand, posted_dead: bool) -> None:
    """An all-in can win from each opponent only what it put in (WIKI_BIP; TDA 2024 R21). Dead money
    (antes, dead blinds) all goes to the main pot (rules.md §5.4), so it is counted whole. Chips a
    folded seat put in above every live seat's level are dead too: no seat can claim them under
    the rule, so they stay in the top pot and are counted whole."""
    result = hand.result
    assert result is not None
    put_in = hand.contributions
    live = {seat: put_in[seat] - dead for seat, dead in dead_money(hand).items()}
    top_live = max((live[s] for s in put_in if s not in hand.folded), default=0)
    for seat, gain in result.net.items():
        others = [o for o in put_in if o != seat]
        stranded = sum(max(0, live[o] - top_live) for o in others if o in hand.folded)
        if posted_dead:
            bound = sum(min(live[seat], live[o]) + put_in[o] - live[o] for o in others)
        else:
            bound = sum(min(put_in[seat], put_in[o]) for o in others)
        assert gain <= bound + stranded, (seat, gain, bound, stranded)


DEAD_POSTS = frozenset({"ante", "bb_ante", "missed_sb"})  # the only dead posts the tables make


def dead_money(hand: pf.Hand) -> dict[int, int]:
    dead = dict.fromkeys(hand.stacks, 0)
    for event in hand.events:
        if event.kind == "post" and event.post in DEAD_POSTS and event.seat is not None:
            dead[event.seat] += event.amount or 0
    return dead


def expected_refusal(hand: pf.Hand, to: int, beyond_top: bool) -> set[str]:
    """The reason an amount one chip outside a legal range must be refused with."""
    seat = hand.to_act
    assert seat is not None
    all_in_to = hand.bets[seat] + hand.stacks[seat]
    structure = hand.game.structure
    if to > all_in_to:
        return {"above_stack"}
    if to % hand.game.min_chip and to != all_in_to:
        return {"not_chip_multiple"}
    if structure == "fixed_limit":
        return {"wrong_limit_amount"}
    if not beyond_top:
        return {"below_min_bet", "below_min_raise"}
    return {"above_spread_max"} if structure == "spread_limit" else {"above_pot_limit"}


def limit_bet_cut_to_every_opponent(hand: pf.Hand, to: int) -> bool:
    """Fixed limit also takes a bet or raise cut down to exactly the most any opponent can still
    put in (the rest could only come back uncalled, rules.md §5.3), an amount ``legal()`` does not
    list."""
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal()
    level = legal.call.to if legal.call is not None else hand.bets[seat]
    reach = max(hand.bets[o] + hand.stacks[o] for o in hand.in_hand if o != seat)
    return hand.game.structure == "fixed_limit" and level < to == reach


def check_legal_ranges(hand: pf.Hand) -> None:
    """The ends of every range are accepted (on a copy) and one chip beyond is refused, the hand
    unchanged; a seat that may not raise is refused a raise."""
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal()
    assert legal.seat == seat
    all_in_to = hand.bets[seat] + hand.stacks[seat]
    assert legal.check != (legal.call is not None)
    if legal.call is not None:
        assert legal.call.cost == legal.call.to - hand.bets[seat] <= hand.stacks[seat]
    ranges = [(name, r) for name, r in (("bet", legal.bet), ("raise", legal.raise_), ("complete", legal.complete)) if r]
    assert len(ranges) <= 1
    for action, amounts in ranges:
        assert 0 < amounts.min_to <= amounts.max_to <= all_in_to
        if hand.game.structure == "no_limit":
            assert amounts.max_to == all_in_to
        for to in {amounts.min_to, amounts.max_to}:
            trial = copy.deepcopy(hand)
            trial.act(seat, action, to=to)
            assert trial.bets[seat] == to or trial.is_over or trial.street != hand.street
        before = (len(hand.events), hand.stacks, hand.bets, hand.to_act)
        for to, beyond_top in ((amounts.min_to - 1, False), (amounts.max_to + 1, True)):
            if limit_bet_cut_to_every_opponent(hand, to):
                continue
            with pytest.raises(pf.IllegalAction) as refused:
                hand.act(seat, action, to=to)
            assert refused.value.reason in expected_refusal(hand, to, beyond_top), (action, to, amounts)
            assert (len(hand.events), hand.stacks, hand.bets, hand.to_act) == before
    if not ranges and (legal.call is None or legal.call.to < all_in_to):
        with pytest.raises(pf.IllegalAction) as refused:
            hand.act(seat, "raise", to=all_in_to)
        assert refused.value.reason in {"betting_not_reopened", "cap_reached", "no_opponent_can_call"}
        assert (legal.reason, legal.rule) == (refused.value.reason, refused.value.rule)
    before = (len(hand.events), hand.stacks, hand.bets, hand.to_act)
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(seat, "all_in", to=all_in_to + 1)  # an all-in is to the whole stack, nothing else
    assert refused.value.reason == "invalid_action"
    if not legal.fold:
        with pytest.raises(pf.IllegalAction) as refused:
            hand.act(seat, "fold")  # a free check under fold_facing_no_bet="refused"
        assert refused.value.reason == "invalid_action" and hand.game.house.fold_facing_no_bet == "refused"
    assert (len(hand.events), hand.stacks, hand.bets, hand.to_act) == before


def choose(data: st.DataObject, hand: pf.Hand) -> tuple[str, int | None]:
    """A random legal action, leaning towards calls and checks so hands reach later streets."""
    legal = hand.legal()
    choices: list[tuple[str, int | None]] = []
    passive = ("check", None) if legal.check else ("call", None)
    choices += [passive] * 4
    if legal.fold:
        choices.append(("fold", None))
    for action, amounts in (("bet", legal.bet), ("raise", legal.raise_), ("complete", legal.complete)):
        if amounts is not None:
            choices += [(action, amounts.min_to), (action, amounts.max_to)]
            middle = data.draw(st.integers(amounts.min_to, amounts.max_to))
            if amounts.min_to < middle < amounts.max_to:
                middle -= middle % hand.game.min_chip
            choices.append((action, max(middle, amounts.min_to)))
    choices.append(("all_in", None))  # always an action while the seat has chips
    return data.draw(st.sampled_from(choices))


def play_random_hand(table: Table, data: st.DataObject) -> None:
    hand = pf.Hand(
        table.game, stacks=table.stacks, button=table.button, posts=table.posts, rng=random.Random(table.seed)
    )
    total = sum(table.stacks.values())
    posted_dead = any(dead_money(hand).values())
    check_bookkeeping(hand, total)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None, "an automatically dealt hand never waits for cards"
        check_legal_ranges(hand)
        action, to = choose(data, hand)
        hand.act(seat, action, to=to)
        check_bookkeeping(hand, total)
    check_winnings_bound(hand, posted_dead)


@pytest.mark.parametrize("structure", STRUCTURES)
@SETTINGS
@given(data=st.data())
def test_random_hands_conserve_chips_and_keep_exact_legal_ranges(structure: str, data: st.DataObject) -> None:
    """Chips conserved after every action, pots add up, exact legal ranges, winnings bounded."""
    play_random_hand(data.draw(tables(structure)), data)
