"""OHH of stud and draw hands (issue 35, "every download works"): OHH has no up card and no
discard, so pokerfloor's documented extension fields carry them (``pokerfloor_up_cards`` on a
stud deal, ``pokerfloor_discards`` on a draw, ``pokerfloor_limits`` for a stud game's bets;
docs/hand-api.md). ``read_ohh`` reads them back and every hand replays exactly, as written
whole, for a spectator and for one player."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import pokerfloor as pf
from pokerfloor.io import ohh, phh
from pokerfloor.io.sitehand import HistoryImportError
from pokerfloor.io.verify import verify_history
from pokerfloor.rules import VARIANTS

STUD = sorted(v for v, spec in VARIANTS.items() if spec.family == "stud")
DRAW = sorted(v for v, spec in VARIANTS.items() if spec.family == "draw")
VIEWS: list[dict[str, Any]] = [{"full": True}, {"seat": None, "full": False}, {"seat": 1, "full": False}]


def _hand(variant: str, seed: int, structure: str = "fixed_limit") -> pf.Hand:
    """A seeded hand, every action a random legal one (draws discard 0 to 3 cards)."""
    if VARIANTS[variant].family == "stud":
        game = pf.Game(variant=variant, structure=structure, small_bet=10, big_bet=20, ante=1, bring_in=3)
    else:
        game = pf.Game(variant=variant, structure=structure, small_blind=5, big_blind=10)
    hand = pf.Hand(game, stacks={1: 500, 3: 800, 4: 60, 6: 1000}, button=4, rng=random.Random(seed))
    pick = random.Random(seed + 1000)
    while not hand.is_over and hand.to_act is not None:
        seat, legal = hand.to_act, hand.legal()
        if legal.draw is not None:
            held = list(hand.holes[seat])
            hand.act(seat, "draw", discard=pick.sample(held, pick.randint(0, 3)))
            continue
        options: list[tuple[str, int | None]] = [("fold", None)] if legal.fold and pick.random() < 0.15 else []
        options += [("check", None)] if legal.check else []
        options += [("call", None)] * 3 if legal.call is not None else []
        options += [("bring_in", None)] if legal.bring_in is not None else []
        for name, span in (("complete", legal.complete), ("bet", legal.bet), ("raise", legal.raise_)):
            options += [(name, span.min_to)] if span is not None else []
        options += [("show", None)] if legal.show else []
        options += [("muck", None)] if legal.muck else []
        action, to = pick.choice(options or [("fold", None)])
        hand.act(seat, action, to=to) if to is not None else hand.act(seat, action)
    assert hand.is_over
    return hand


def _written(hand: pf.Hand, **view: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ohh.dumps(ohh.to_ohh(hand, **view)))
    return data


def _actions(data: dict[str, Any], field: str) -> list[dict[str, Any]]:
    return [a for r in data["ohh"]["rounds"] for a in r["actions"] if field in a]


@pytest.mark.parametrize("variant", STUD + DRAW)
def test_every_stud_and_draw_variant_reads_back_from_ohh_and_replays_exactly(variant: str) -> None:
    for seed in range(4):
        hand = _hand(variant, seed)
        for view in VIEWS:
            history = ohh.read_ohh(_written(hand, **view), "engine")
            verdict = verify_history(history)
            assert verdict.status == "matched", (variant, seed, view, verdict.detail, phh.dumps(history))
            assert history.finishing_stacks == tuple(hand.stacks[s] for s in history.seats or ())


@pytest.mark.parametrize("variant", STUD)
def test_a_stud_deal_names_its_up_cards_and_a_spectator_sees_only_those(variant: str) -> None:
    """Seven-card stud: two down cards and one up on third street, one up on fourth to sixth,
    one down on seventh (rules.md, stud); the down cards are not written for a spectator."""
    hand = _hand(variant, 7)
    whole, rail = _written(hand, full=True), _written(hand, seat=None, full=False)
    third = _actions(whole, ohh.UP_CARDS_FIELD)[0]
    assert [c is None for c in third[ohh.UP_CARDS_FIELD]] == [True, True, False]
    assert third[ohh.UP_CARDS_FIELD][2] == third["cards"][2]
    seen = _actions(rail, ohh.UP_CARDS_FIELD)
    assert [a[ohh.UP_CARDS_FIELD] for a in seen] == [a[ohh.UP_CARDS_FIELD] for a in _actions(whole, ohh.UP_CARDS_FIELD)]
    assert all("cards" not in a for a in seen if None in a[ohh.UP_CARDS_FIELD])
    assert whole["ohh"][ohh.LIMITS_FIELD] == {"small_bet": 10, "big_bet": 20, "bring_in": 3}


@pytest.mark.parametrize("variant", DRAW)
def test_a_draw_names_its_discards_and_the_cards_drawn(variant: str) -> None:
    hand = _hand(variant, 3)
    draws = [e for e in hand.events if e.kind == "draw"]
    written = _actions(_written(hand, full=True), ohh.DISCARDS_FIELD)
    assert draws and [a[ohh.DISCARDS_FIELD] for a in written] == [[str(c) for c in e.cards] for e in draws]
    assert all(len(a.get("cards", [])) == len(a[ohh.DISCARDS_FIELD]) for a in written)  # [] is standing pat


def test_an_up_card_that_is_not_the_card_dealt_is_refused() -> None:
    data = _written(_hand("stud", 1), full=True)
    broken = copy.deepcopy(data)
    deal = _actions(broken, ohh.UP_CARDS_FIELD)[0]
    deal[ohh.UP_CARDS_FIELD] = [deal["cards"][2], None, None]
    with pytest.raises(HistoryImportError, match=ohh.UP_CARDS_FIELD):
        ohh.read_ohh(broken, "broken")
    del data["ohh"][ohh.LIMITS_FIELD]
    with pytest.raises(HistoryImportError, match=ohh.LIMITS_FIELD):
        ohh.read_ohh(data, "no limits")
