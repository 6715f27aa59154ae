"""Random hands of every variant for property tests: a Hypothesis strategy for the set-up and a
seeded player that gives a hand random inputs it accepts (actions at random amounts, draws,
shows and mucks when asked, chips bought under open stakes)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import strategies as st

import pokerfloor as pf

FLOP_STRUCTURES = ("no_limit", "pot_limit", "half_pot", "fixed_limit", "spread_limit")


@dataclass
class Setup:
    game: pf.Game
    stacks: dict[int, int]
    button: int
    auto_muck: bool
    deck_seed: int
    play_seed: int
    seeded: bool = False

    def hand(self) -> pf.Hand:
        """The hand, its deck shuffled by ``random.Random(deck_seed)``, or with ``seeded`` from
        the per-hand seed ``deck_seed`` (``pf.SeededShuffler``)."""
        if self.seeded:
            return pf.Hand(self.game, self.stacks, self.button, seed=self.deck_seed, auto_muck=self.auto_muck)
        return pf.Hand(
            self.game, self.stacks, self.button, rng=random.Random(self.deck_seed), auto_muck=self.auto_muck
        )


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    """A game of any variant with random house options, seats, stacks and seeds."""
    variant = draw(st.sampled_from(sorted(pf.VARIANTS)))
    family = pf.VARIANTS[variant].family
    bet = draw(st.sampled_from((2, 4, 10)))
    house = pf.HouseRules(
        raise_cap=draw(st.sampled_from(("rulebook", None, 1))),
        table_stakes=draw(st.booleans()),
        oot_mode=draw(st.sampled_from(("reject", "hold"))),
    )
    if family == "stud":
        game = pf.Game(variant=variant, structure="fixed_limit", ante=draw(st.sampled_from((0, 1))),
                       bring_in=bet // 2, small_bet=bet, big_bet=2 * bet, house=house)
        players = draw(st.integers(2, 7))
    elif variant == "short_deck":
        game = pf.Game.short_deck_holdem(ante=1, button_blind=bet, house=house)
        players = draw(st.integers(2, 6))
    else:
        structure = draw(st.sampled_from(FLOP_STRUCTURES if family == "flop" else ("fixed_limit", "no_limit")))
        spread = (bet, 2 * bet, 4 * bet) if structure == "spread_limit" else None
        game = pf.Game(variant=variant, structure=structure, small_blind=bet // 2, big_blind=bet,
                       ante=draw(st.sampled_from((0, 0, 1))), spread=spread, house=house)
        players = draw(st.integers(2, 6))
    stack = st.one_of(st.integers(1, 4 * bet), st.integers(1, 60 * bet), st.integers(20 * bet, 60 * bet))
    stacks = {seat: draw(stack) for seat in range(1, players + 1)}
    return Setup(game, stacks, draw(st.integers(1, players)), draw(st.booleans()),
                 draw(st.integers(0, 2**32)), draw(st.integers(0, 2**32)))


def give_random_input(hand: pf.Hand, rng: random.Random) -> None:
    """One input the hand accepts, chosen at random among those open to the seat to act."""
    seat = hand.to_act
    assert seat is not None, "an automatically dealt hand only waits for a seat"
    legal = hand.legal()
    if not hand.game.house.table_stakes and rng.random() < 0.05:
        buyer = rng.choice([s for s in hand.seats if s not in hand.folded])
        hand.add_chips(buyer, rng.randint(1, 50))
        return
    if hand.game.house.oot_mode == "hold" and rng.random() < 0.05:
        others = [s for s in hand.seats if s != seat and s not in hand.folded and hand.stacks[s] > 0]
        if others and legal.draw is None and not legal.show:
            try:
                hand.act(rng.choice(others), rng.choice(("fold", "check", "call")))
                return
            except pf.IllegalAction:
                pass
    if legal.show or legal.muck:
        hand.act(seat, rng.choice(("show", "muck")))
        return
    if legal.draw is not None:
        held = list(hand.holes[seat])
        rng.shuffle(held)
        hand.act(seat, "draw", discard=held[: rng.randint(0, legal.draw)])
        return
    choices: list[tuple[str, int | None]] = []
    if legal.bring_in is not None:
        choices += [("bring_in", None)] * 3
    if legal.check:
        choices += [("check", None)] * 3
    if legal.call is not None:
        choices += [("call", None)] * 3
    if legal.fold:
        choices.append(("fold", None))
    for action, amounts in (("bet", legal.bet), ("raise", legal.raise_), ("complete", legal.complete)):
        if amounts is not None:
            for to in (amounts.min_to, amounts.max_to, rng.randint(amounts.min_to, amounts.max_to)):
                choices.append((action, to))
    action, to = rng.choice(choices)
    try:
        hand.act(seat, action, to=to)
    except pf.IllegalAction:  # an amount between the ends that the game's chips or limits refuse
        assert to is not None
        hand.act(seat, action, to=amounts_end(legal, action))


def amounts_end(legal: pf.Legal, action: str) -> int:
    amounts = {"bet": legal.bet, "raise": legal.raise_, "complete": legal.complete}[action]
    assert amounts is not None
    return amounts.min_to


def play_out(setup: Setup, steps: int = 400) -> pf.Hand:
    """The whole hand, played by ``give_random_input``."""
    hand = setup.hand()
    rng = random.Random(setup.play_seed)
    for _ in range(steps):
        if hand.is_over:
            return hand
        give_random_input(hand, rng)
    raise AssertionError("a random hand did not end")
