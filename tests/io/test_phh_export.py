"""Writing engine hands back out as PHH and OHH: what the engine played is what the file says."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

import pokerfloor as pf
from pokerfloor.io import ohh, phh
from pokerfloor.io.export import history_of, history_of_replay, variant_code
from pokerfloor.io.replay import Replay, ReplayError, replay

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "phh"
needs_corpus = pytest.mark.usefixtures("corpus_present")


def replayable(paths: list[Path]) -> list[Replay]:
    states = []
    for path in paths:
        for hand in phh.load(path):
            try:
                states.append(replay(hand))
            except ReplayError:
                continue
    return states


def corpus_replays() -> list[Replay]:
    if not CORPUS.is_dir():
        return []
    files = sorted(phh.history_files([CORPUS / "dev"])) + sorted(phh.history_files([CORPUS / "bulk"]))[::25]
    return replayable(files)


def played(state: Replay) -> list[tuple[object, ...]]:
    return [(e.kind, e.seat, e.amount, e.cards) for e in state.hand.events]


@needs_corpus
def test_real_hands_written_back_replay_the_same() -> None:
    states = corpus_replays()
    assert len(states) > 400
    for state in states:
        written = phh.loads(phh.dumps(history_of_replay(state)))[0]
        again = replay(written)
        assert played(again) == played(state), state.history.where()
        assert again.finishing_stacks() == state.finishing_stacks()
        assert written.players == state.history.players
        assert written.starting_stacks == state.history.starting_stacks


def auto_dealt_hand(seed: int, stacks: dict[int, int], button: int) -> pf.Hand:
    """A hand dealt by the engine's own deck, played by random legal choices."""
    rng = random.Random(seed)
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100, ante=10), stacks=stacks, button=button, rng=rng)
    while not hand.is_over:
        legal = hand.legal()
        seat = hand.to_act
        assert seat is not None
        choice = rng.random()
        if legal.raise_ is not None and choice < 0.2:
            hand.act(seat, "raise", to=rng.randint(legal.raise_.min_to, legal.raise_.max_to))
        elif legal.bet is not None and choice < 0.3:
            hand.act(seat, "bet", to=rng.randint(legal.bet.min_to, legal.bet.max_to))
        elif legal.fold and choice > 0.85:
            hand.act(seat, "fold")
        else:
            hand.act(seat, "check" if legal.check else "call")
    return hand


@pytest.mark.parametrize("seed", range(30))
def test_a_hand_dealt_and_played_by_the_engine_replays_from_its_phh(seed: int) -> None:
    seats = {2: 3_000, 5: 2_000, 7: 10_000, 9: 650} if seed % 2 else {1: 5_000, 4: 5_000}
    hand = auto_dealt_hand(seed, seats, button=7 if seed % 2 else 4)
    written = phh.loads(phh.dumps(history_of(hand)))[0]
    state = replay(written)
    assert state.hand.is_over
    assert state.hand.result is not None and hand.result is not None
    assert state.hand.result.stacks == hand.result.stacks
    assert written.finishing_stacks == tuple(hand.result.stacks[s] for s in hand.seats)


def test_heads_up_arrays_are_written_reversed() -> None:
    hand = pf.Hand(pf.Game.no_limit_holdem(5, 10), stacks={1: 1000, 2: 1000}, button=2, rng=random.Random(3))
    written = history_of(hand)
    assert written.blinds_or_straddles == (5, 10)
    assert hand.big_blind_seat == 1


def test_seats_and_money_units_are_written() -> None:
    hand = pf.Hand(pf.Game.no_limit_holdem(10, 25), stacks={3: 2000, 5: 4000, 8: 1000}, button=5,
                   rng=random.Random(1))
    written = history_of(hand, unit=Decimal("0.01"), players=["a", "b", "c"])
    assert written.seats == (8, 3, 5)
    assert written.blinds_or_straddles == (Decimal("0.10"), Decimal("0.25"), Decimal("0.00"))
    assert written.starting_stacks == (Decimal("10.00"), Decimal("20.00"), Decimal("40.00"))
    assert written.players == ("a", "b", "c")


def test_posts_phh_cannot_name_are_written_as_what_they_do() -> None:
    posts = [pf.Post(1, 5, "sb"), pf.Post(2, 10, "bb"), pf.Post(3, 5, "missed_sb", live=False),
             pf.Post(4, 10, "new_player")]
    hand = pf.Hand(pf.Game.no_limit_holdem(5, 10), stacks=dict.fromkeys(range(1, 6), 1000), button=5,
                   posts=posts, rng=random.Random(2))
    written = history_of(hand)
    assert written.antes == (0, 0, 5, 0, 0)
    assert written.blinds_or_straddles == (5, 10, 0, -10, 0)


def test_games_phh_has_no_code_for_are_refused() -> None:
    assert variant_code("omaha", "pot_limit") == "PO"
    with pytest.raises(ValueError, match="no variant code"):
        variant_code("holdem", "pot_limit")


# Open Hand History ---------------------------------------------------------------------------

@needs_corpus
def test_ohh_of_the_dwan_ivey_hand() -> None:
    (history,) = phh.load(CORPUS / "dev" / "historical" / "dwan-ivey-2009.phh")
    data = ohh.replay_to_ohh(replay(history))["ohh"]
    assert data["game_type"] == "Holdem"
    assert data["bet_limit"]["bet_type"] == "NL"
    assert (data["small_blind_amount"], data["big_blind_amount"], data["ante_amount"]) == (1000, 2000, 500)
    assert [p["name"] for p in data["players"]] == ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
    assert [r["street"] for r in data["rounds"]] == ["Preflop", "Flop", "Turn", "River", "Showdown"]
    preflop = [(a["player_id"], a["action"], a.get("amount")) for a in data["rounds"][0]["actions"]]
    assert (2, "Raise", 7000) in preflop
    assert (0, "Raise", 22000) in preflop
    assert (2, "Call", 16000) in preflop
    assert data["pots"] == [{"number": 0, "amount": 1109500, "rake": 0, "jackpot": 0,
                             "player_wins": [{"player_id": 2, "win_amount": 1109500}]}]
    numbers = [a["action_number"] for r in data["rounds"] for a in r["actions"]]
    assert numbers == list(range(1, len(numbers) + 1))


@needs_corpus
def test_ohh_amounts_add_up_to_the_pots() -> None:
    for state in corpus_replays():
        if state.hand.result is None:
            continue
        data = ohh.replay_to_ohh(state)["ohh"]
        put_in = sum(Decimal(str(a.get("amount", 0))) for r in data["rounds"] for a in r["actions"])
        returned = sum(state.hand.result.returned.values()) * state.unit
        pots = sum(Decimal(str(p["amount"])) for p in data["pots"])
        assert put_in - returned == pots, state.history.where()


@needs_corpus
def test_ohh_writes_cents_as_decimal_numbers() -> None:
    path = next((CORPUS / "dev" / "handhq").glob("PS-*.phhs"))
    state = replay(phh.load(path)[0])
    text = ohh.dumps(ohh.replay_to_ohh(state))
    assert '"big_blind_amount": 0.25' in text
    assert json.loads(text)["ohh"]["site_name"] == "PokerStars"


# Hands killed (Hand.kill) ---------------------------------------------------------------------

def killed_hand(seed: int) -> pf.Hand:
    """A six-handed hand in which two hands are killed, out of turn, at random moments."""
    rng = random.Random(seed)
    hand = pf.Hand(pf.Game.no_limit_holdem(5, 10), stacks=dict.fromkeys(range(1, 7), 1_000), button=6,
                   rng=random.Random(seed))
    kills = 0
    while not hand.is_over:
        if kills < 2 and rng.random() < 0.15:
            try:
                hand.kill(rng.choice(hand.seats))
                kills += 1
                continue
            except pf.IllegalAction:
                pass
        legal = hand.legal()
        assert hand.to_act is not None
        if legal.raise_ is not None and rng.random() < 0.2:
            hand.act(hand.to_act, "raise", to=legal.raise_.min_to)
        else:
            hand.act(hand.to_act, "check" if legal.check else "call")
    return hand


@pytest.mark.parametrize("seed", range(12))
def test_a_hand_with_kills_replays_exactly_from_its_phh(seed: int) -> None:
    """A hand killed out of turn has no PHH action: it is written as the seat's fold where it
    happened (``pN f # dead hand``), and the user field ``_dead_hands`` lists those folds, which
    the replay plays as kills: the same events, the same result."""
    hand = killed_hand(seed)
    written = phh.loads(phh.dumps(history_of(hand)))[0]
    dead = written.extra[phh.DEAD_HANDS_FIELD]
    assert len(dead) == sum(1 for e in hand.events if e.note == "dead hand") > 0
    assert all(written.actions[k].endswith(" f # dead hand") for k in dead)
    state = replay(written)
    assert state.hand.result is not None and hand.result is not None
    assert state.hand.result.stacks == hand.result.stacks
    assert state.hand.result.awards == hand.result.awards
    betting = ("post", "fold", "check", "call", "bet", "raise", "return")
    assert [e for e in state.hand.events if e.kind in betting] == [e for e in hand.events if e.kind in betting]


def test_a_dead_hands_field_that_marks_no_fold_is_refused() -> None:
    hand = killed_hand(1)
    written = history_of(hand)
    wrong = next(k for k, line in enumerate(written.actions) if not line.endswith(" f # dead hand"))
    for marked in ([wrong], [len(written.actions)], "0", [True]):
        bad = replace(written, extra={**written.extra, phh.DEAD_HANDS_FIELD: marked})
        with pytest.raises(ReplayError) as refused:
            replay(bad)
        assert refused.value.cause == "setup"
    assert history_of(auto_dealt_hand(1, {1: 500, 2: 500}, button=1)).extra.get(phh.DEAD_HANDS_FIELD) is None
