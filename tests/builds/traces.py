"""Seeded random hands of every variant, written down decision by decision, so that two builds
of the engine (pure Python and mypyc-compiled) can be compared line for line.

Run as a script it prints the trace of COUNT hands: ``python -m tests.builds.traces COUNT``
(``COUNT views``: with every seat's view at every decision).
"""

from __future__ import annotations

import random
import sys

import pokerfloor as pf

# (variant, structure, extra Game fields); stud uses its ante and bring-in, the rest blinds.
GAMES: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("holdem", "no_limit", {"small_blind": 1, "big_blind": 2}),
    ("holdem", "no_limit", {"small_blind": 5, "big_blind": 10, "ante": 1, "min_chip": 1}),
    ("holdem", "pot_limit", {"small_blind": 1, "big_blind": 2}),
    ("holdem", "half_pot", {"small_blind": 1, "big_blind": 2}),
    ("holdem", "fixed_limit", {"small_blind": 1, "big_blind": 2}),
    ("holdem", "spread_limit", {"small_blind": 1, "big_blind": 2, "spread": (2, 6, 10)}),
    ("short_deck", "no_limit", {"ante": 2, "button_ante": 2, "small_blind": 1, "big_blind": 2}),
    ("holdem", "no_limit", {"blinds": (1, 2, 4), "first_blind_on_button": True}),
    ("holdem", "no_limit", {"small_blind": 2, "big_blind": 4, "bb_ante": 4, "min_chip": 2}),
    ("omaha", "pot_limit", {"small_blind": 1, "big_blind": 2}),
    ("omaha_hilo", "fixed_limit", {"small_blind": 2, "big_blind": 4}),
    ("omaha5_hilo", "pot_limit", {"small_blind": 1, "big_blind": 2}),
    ("stud", "fixed_limit", {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}),
    ("stud_hilo", "fixed_limit", {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}),
    ("razz", "fixed_limit", {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}),
    ("five_card_draw", "fixed_limit", {"small_blind": 1, "big_blind": 2}),
    ("deuce_seven_single", "no_limit", {"small_blind": 1, "big_blind": 2}),
    ("deuce_seven_triple", "fixed_limit", {"small_blind": 1, "big_blind": 2}),
    ("ace_five_triple", "fixed_limit", {"small_blind": 1, "big_blind": 2}),
    ("badugi", "fixed_limit", {"small_blind": 1, "big_blind": 2}),
)


def _game(index: int) -> pf.Game:
    variant, structure, fields = GAMES[index % len(GAMES)]
    return pf.Game(variant=variant, structure=structure, **fields)  # type: ignore[arg-type]


def _attempt(hand: pf.Hand, seat: int, action: str, lines: list[str], **kwargs: object) -> bool:
    """Try an action; write down the event or the refusal (reason and rule)."""
    try:
        event = hand.act(seat, action, **kwargs)  # type: ignore[arg-type]
    except pf.IllegalAction as refused:
        lines.append(f"refused {seat} {action} {kwargs} {refused.reason} {refused.rule} {refused}")
        return False
    lines.append(f"event {tuple(event)}")
    return True


def _decide(hand: pf.Hand, rng: random.Random, lines: list[str]) -> None:
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal()
    lines.append(f"legal {tuple(legal)} pots {hand.pots} stacks {hand.stacks}")
    if legal.draw is not None:
        held = hand.holes[seat]
        count = rng.randint(0, legal.draw)
        _attempt(hand, seat, "draw", lines, discard=[c for c in held[:count] if c is not None])
        return
    if legal.bring_in is not None and rng.random() < 0.6:
        _attempt(hand, seat, "bring_in", lines)
        return
    options = [name for name in ("fold", "check", "call") if getattr(legal, name)]
    if legal.bring_in is not None:
        options.append("bring_in")
    ranges = {name: getattr(legal, name) for name in ("bet", "raise_", "complete") if getattr(legal, name)}
    if ranges and rng.random() < 0.4:
        name, span = rng.choice(sorted(ranges.items()))
        action = name.rstrip("_")
        if rng.random() < 0.2:  # a refused amount first: one chip short, or above the range
            _attempt(hand, seat, action, lines, to=rng.choice((span.min_to - 1, span.max_to + 1)))
        to = rng.choice((span.min_to, span.max_to, rng.randint(span.min_to, span.max_to)))
        if _attempt(hand, seat, action, lines, to=to):
            return
    if rng.random() < 0.05:  # out of turn, and nonsense
        other = next(s for s in hand.seats if s != seat)
        _attempt(hand, other, "call", lines)
        _attempt(hand, seat, "shove", lines)
    _attempt(hand, seat, rng.choice(options), lines)


def _run_out(hand: pf.Hand, rng: random.Random, lines: list[str]) -> None:
    """A hand waiting for its run-out: run it once, or two to four times (too many is refused)."""
    times = rng.choice((1, 2, 3, 4, 30))
    try:
        event = hand.run_out() if times == 1 else hand.run_it(times)
    except pf.IllegalAction as refused:
        lines.append(f"refused run_it {times} {refused.reason} {refused.rule} {refused}")
        event = hand.run_out()
    lines.append(f"event {tuple(event)}")


def _rabbit(hand: pf.Hand) -> str:
    try:
        return str(hand.rabbit())
    except pf.IllegalAction as refused:
        return f"refused {refused.reason} {refused}"


def _views(hand: pf.Hand, lines: list[str]) -> None:
    """Every seat's view and a spectator's, as plain values (what a server sends)."""
    for viewer in (*hand.seats, None):
        lines.append(f"view {viewer} {hand.view(viewer).to_dict()!r}")


def trace(count: int, seed: int = 0, views: bool = False) -> list[str]:
    """``count`` hands, every decision and every refusal written as a line; with ``views``,
    every seat's view and a spectator's before each decision and at the end too."""
    lines: list[str] = []
    for number in range(count):
        rng = random.Random(seed * 1_000_003 + number)
        game = _game(number)
        players = rng.randint(2, 8 if game.variant_spec.family == "stud" else 6)
        stacks = {seat: rng.choice((rng.randint(1, 30), rng.randint(20, 400))) for seat in range(1, players + 1)}
        runs = number % 2 == 0 and game.variant_spec.family == "flop"
        button = rng.randint(1, players)
        hand = pf.Hand(game, stacks=stacks, button=button, rng=random.Random(number), wait_for_runout=runs)
        lines.append(f"hand {number} {game.variant} {game.structure} {stacks} posts {hand.posts}")
        while not hand.is_over:
            if views:
                _views(hand, lines)
            if hand.awaiting_runout:
                _run_out(hand, rng, lines)
            else:
                _decide(hand, rng, lines)
        if views:
            _views(hand, lines)
        result = hand.result
        assert result is not None
        lines.append(f"result {result.stacks} {result.awards} {result.showdown_order} {result.returned}")
        lines.append(f"events {len(hand.events)} {hand.events[-1]}")
        lines.append(f"boards {hand.boards} rabbit {_rabbit(hand)}")
    return lines


def main() -> None:
    sys.stdout.write("\n".join(trace(int(sys.argv[1]), views="views" in sys.argv[2:])) + "\n")


if __name__ == "__main__":
    main()
