"""What ``pokerfloor play`` prints comes from your seat's view: another seat's down cards and
discards never appear (only the number drawn is public, TDA 2024 R16 on what is face up)."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

import pokerfloor as pf
from pokerfloor.bots import make_bot
from pokerfloor.cli import games, play

CARD_RUN = re.compile(r"(?<![A-Za-z0-9])((?:[2-9TJQKA][cdhs])+)(?![A-Za-z0-9])")


def _seen_by_you(hand: pf.Hand) -> set[str]:
    """Every card your seat may see in this hand: your own, the board, upcards, cards shown."""
    view = hand.view(play.YOU)
    cards = {str(c) for held in view.holes.values() for c in held if c is not None}
    cards |= {str(c) for board in view.boards for c in board if c is not None}
    cards |= {str(c) for event in view.events for c in event.cards if c is not None}
    return cards


def _dealt(hand: pf.Hand) -> set[str]:
    """Every card dealt to a player in the hand, discards included."""
    cards = {str(c) for held in hand.holes.values() for c in held if c is not None}
    cards |= {str(c) for event in hand.events for c in event.cards if c is not None}
    return cards


@pytest.mark.parametrize("name", ["27td", "5cd", "badugi", "a5td", "stud", "razz", "stud8"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_session_prints_no_card_your_seat_may_not_see(monkeypatch: Any, name: str, seed: int) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False)
    small, big = games.blinds("50/100")
    game = games.game(name, small, big)
    table = pf.Table(game, seats=4, rng=random.Random(seed), button=4)
    names = {1: "You", 2: "Rock", 3: "Station", 4: "Maniac"}
    bots = {seat: make_bot(style, names[seat], random.Random(seed * 7 + seat))
            for seat, style in ((1, "pro"), (2, "rock"), (3, "station"), (4, "maniac"))}
    for seat, player in names.items():
        table.sit(seat, player, 2_000, post=True)
    played: list[tuple[pf.Hand, int]] = []
    original = play.play_hand

    def watched(hand: pf.Hand, *args: Any, **kwargs: Any) -> bool:
        start = len(out.getvalue())
        quit_now = original(hand, *args, **kwargs)
        played.append((hand, start))
        return quit_now

    monkeypatch.setattr(play, "play_hand", watched)
    session = play.Session(bought_in=2_000)
    play.run_session(console, table, None, names, bots, session, 6, None, input, False, 2_000)
    text = out.getvalue()
    assert played, "hands were played"
    draws_told = 0
    for number, (hand, start) in enumerate(played):
        end = played[number + 1][1] if number + 1 < len(played) else len(text)
        told = text[start:end]
        hidden = _dealt(hand) - _seen_by_you(hand)
        printed = {run[i : i + 2] for run in CARD_RUN.findall(told) for i in range(0, len(run), 2)}
        assert not printed & hidden, f"hand {number + 1} printed cards you may not see: {sorted(printed & hidden)}"
        draws_told += told.count(" draws ") + told.count(" stands pat")
    if game.variant_spec.family == "draw":
        assert draws_told, "the number each player drew is told"
