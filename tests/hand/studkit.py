"""Helpers the stud and draw tests share: games, seeded and hand-dealt hands, a PHH driver."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pokerfloor as pf
from pokerfloor.io.notation import Action
from pokerfloor.io.phh import HandHistory

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "phh"
STUD_DRAW_CODES = frozenset({"F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"})

STUD = pf.Game(variant="stud", structure="fixed_limit", ante=5, bring_in=10, small_bet=20, big_bet=40)
STUD_HILO = pf.Game(variant="stud_hilo", structure="fixed_limit", ante=5, bring_in=10, small_bet=20, big_bet=40)
RAZZ = pf.Game(variant="razz", structure="fixed_limit", ante=5, bring_in=10, small_bet=20, big_bet=40)
TRIPLE_27 = pf.Game(
    variant="deuce_seven_triple", structure="fixed_limit", small_blind=10, big_blind=20, small_bet=20, big_bet=40
)
SINGLE_27 = pf.Game(variant="deuce_seven_single", structure="no_limit", small_blind=50, big_blind=100)
FIVE_CARD_DRAW = pf.Game(
    variant="five_card_draw", structure="fixed_limit", small_blind=10, big_blind=20, small_bet=20, big_bet=40
)
ACE_FIVE_TRIPLE = pf.Game(
    variant="ace_five_triple", structure="fixed_limit", small_blind=10, big_blind=20, small_bet=20, big_bet=40
)
BADUGI = pf.Game(variant="badugi", structure="fixed_limit", small_blind=10, big_blind=20, small_bet=20, big_bet=40)
STUD_GAMES = (STUD, STUD_HILO, RAZZ)
DRAW_GAMES = (FIVE_CARD_DRAW, SINGLE_27, TRIPLE_27, ACE_FIVE_TRIPLE, BADUGI)


def seats(count: int, chips: int = 1_000) -> dict[int, int]:
    return {seat: chips for seat in range(1, count + 1)}


def stud_hand(game: pf.Game, holes: Mapping[int, str], chips: int | Mapping[int, int] = 1_000) -> pf.Hand:
    """A stud hand dealt by hand: ``holes`` gives each seat's cards in dealing order, at least
    its third-street three (two down, the door card up); seat 1 is left of the dealer."""
    stacks = dict(chips) if isinstance(chips, Mapping) else {seat: chips for seat in holes}
    hand = pf.Hand(game, stacks, button=max(stacks), dealing="manual")
    feed(hand, holes)
    return hand


def feed(hand: pf.Hand, holes: Mapping[int, str]) -> None:
    """Answer the hand's deal requests from ``holes`` (cards in dealing order per seat) for as
    long as the cards given last."""
    while (request := hand.awaiting_deal) is not None and request.kind in ("holes", "draw"):
        assert request.seat is not None
        held = len(hand.holes[request.seat])
        text = holes.get(request.seat, "")
        cards = text[2 * held : 2 * (held + request.count)]
        if request.kind == "draw":
            return
        if len(cards) < 2 * request.count:
            return
        hand.deal(cards, seat=request.seat)


def play(hand: pf.Hand, actions: Iterable[tuple[Any, ...]]) -> pf.Hand:
    """Apply ``(seat, action)``, ``(seat, action, to)`` or ``(seat, "draw", discard)`` in order."""
    for seat, action, *rest in actions:
        if action == "draw":
            hand.act(seat, "draw", discard=rest[0] if rest else None)
        else:
            hand.act(seat, action, to=rest[0] if rest else None)
    return hand


def refused(hand: pf.Hand, seat: Any, action: Any, to: Any = None, discard: Any = None) -> pf.IllegalAction:
    """Try an action that must be refused; check the hand is unchanged and return the ruling."""
    before = (list(hand.events), hand.stacks, hand.holes, hand.to_act, hand.legal(), hand.awaiting_deal)
    try:
        hand.act(seat, action, to=to, discard=discard)
    except pf.IllegalAction as error:
        after = (list(hand.events), hand.stacks, hand.holes, hand.to_act, hand.legal(), hand.awaiting_deal)
        assert after == before, "an illegal action changed the hand"
        return error
    raise AssertionError(f"seat {seat} {action} {to} {discard} was accepted")


def seeded(game: pf.Game, count: int, seed: int, chips: int = 1_000) -> pf.Hand:
    return pf.Hand(game, seats(count, chips), button=count, rng=random.Random(seed))


# PHH --------------------------------------------------------------------------------------------


def game_of(history: HandHistory) -> pf.Game:
    """The pokerfloor game of a stud or draw history (every amount in these files is whole chips)."""
    code = history.phh_variant
    antes = [int(a) for a in history.antes or ()]
    options: dict[str, Any] = {}
    if any(antes):
        if len(set(antes)) == 1:
            options["ante"] = antes[0]
        else:
            (payer,) = [k for k, a in enumerate(antes) if a]
            assert payer == 1, "a non-uniform ante here is the big blind's (p2)"
            options["bb_ante"] = antes[payer]
    if code.forced_bets == "bring_in":
        options["bring_in"] = int(history.bring_in or 0)
    else:
        blinds = [int(b) for b in history.blinds_or_straddles or () if b]
        options["small_blind"], options["big_blind"] = blinds
    for name in ("small_bet", "big_bet", "min_bet"):
        value = getattr(history, name)
        if value is not None:
            options[name] = int(value)
    return pf.Game(variant=code.variant, structure=code.structure, **options)


def replay(history: HandHistory) -> pf.Hand:
    """Play a history through the hand API, dealt by hand: p1..pN sit in seats 1..N with the
    button on pN. Every player action goes through ``act`` and must be one ``legal()`` offers."""
    count = history.player_count
    stacks = {k + 1: int(chips) for k, chips in enumerate(history.starting_stacks)}
    hand = pf.Hand(game_of(history), stacks, button=count, dealing="manual")
    for action in history.parsed_actions():
        apply(hand, action)
    return hand


def _texts(cards: Iterable[pf.Card | None] | None) -> list[str]:
    return ["??" if c is None else str(c) for c in cards or ()]


def apply(hand: pf.Hand, action: Action) -> None:
    """One PHH action made through the hand API."""
    move, seat = action.move, action.player
    if move == "comment":
        return
    if move == "deal_hole":
        hand.deal(_texts(action.cards), seat=seat)
        return
    if move == "deal_board":
        hand.deal(_texts(action.cards))
        return
    assert seat is not None
    if move == "show_muck":
        show_or_muck(hand, seat, action)
        return
    assert hand.to_act == seat, f"{action.text}: it is seat {hand.to_act}'s turn"
    legal = hand.legal()
    if move == "fold":
        assert legal.fold, f"{action.text}: fold is not offered ({legal})"
        hand.act(seat, "fold")
    elif move == "check_call":
        assert legal.check or legal.call, f"{action.text}: neither check nor call is offered ({legal})"
        hand.act(seat, "check" if legal.check else "call")
    elif move == "bring_in":
        assert legal.bring_in is not None, f"{action.text}: no bring-in is offered ({legal})"
        hand.act(seat, "bring_in")
    elif move == "complete_bet_raise":
        assert action.amount is not None
        kind = "bet" if legal.bet else "complete" if legal.complete else "raise"
        offered = getattr(legal, kind.replace("raise", "raise_"))
        assert offered is not None, f"{action.text}: {legal}"
        to = int(action.amount)
        reach = max(hand.bets[s] + hand.stacks[s] for s in hand.in_hand if s != seat)
        if to not in offered and to == reach < offered.min_to:
            to = offered.min_to  # the limit bet, written cut down to what the opponents can call (rules.md §5.3)
        hand.act(seat, kind, to=to)
    elif move == "stand_pat_discard":
        assert legal.draw is not None and len(action.cards or ()) <= legal.draw, f"{action.text}: {legal}"
        hand.act(seat, "draw", discard=_texts(action.cards))
    else:
        raise AssertionError(f"unexpected action {action.text}")


def show_or_muck(hand: pf.Hand, seat: int, action: Action) -> None:
    """A show or muck; after the hand is over it only has to agree with the cards dealt."""
    if hand.is_over:
        if not action.cards:
            return
        held = hand.result.shown.get(seat) if hand.result is not None else None
        held = held or tuple(hand.holes[seat])
        shown = action.cards or ()
        if hand.variant.family == "draw":
            assert {c for c in held if c is not None} <= set(shown), f"{action.text}: seat {seat} holds {held}"
        for dealt, card in zip(held, shown, strict=False):
            if hand.variant.family != "draw":
                assert dealt is None or card is None or dealt == card, f"{action.text}: seat {seat} holds {held}"
        return
    if action.cards is None:
        hand.muck(seat)
    elif not all(card is None for card in action.cards):
        hand.show(seat, _texts(action.cards))
