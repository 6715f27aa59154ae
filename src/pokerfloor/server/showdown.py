"""The end of a hand as the table page shows it: who won which pot, and every shown hand in
words ("two pair, kings and nines: K-K-9-9-A").

Kept apart from the app so that the update sent once a hand is over can carry it as ``result``
(docs/protocol.md); it holds only cards already shown to everyone (TDA 2024 R16-R18).
"""

from __future__ import annotations

from typing import Any

from pokerfloor.errors import IllegalAction
from pokerfloor.evaluation.handrank import rank_of
from pokerfloor.hand import Award, Hand
from pokerfloor.hand.showdown import rankers


def shown_hands(hand: Hand) -> dict[int, str]:
    """Each hand tabled at the showdown in words, high and low halves joined by "and"."""
    result = hand.result
    if result is None:
        return {}
    high_of, low_of = rankers(hand.variant)
    names = (hand.variant.high, hand.variant.low)
    board = [c for c in hand.board if c is not None]
    described = {}
    # The show events, not only ``result.shown``: a hand tabled before its rival mucked is one
    # everyone saw (TDA 2024 R18).
    shown = {e.seat: e.cards for e in hand.events if e.kind == "show" and e.seat is not None}
    for seat, cards in {**shown, **result.shown}.items():
        hole = [c for c in cards if c is not None]
        words = []
        if len(hole) + len(board) < 5:
            continue            # shown before a full hand was dealt (a hand won uncalled): cards, no words
        for ranker, ranking in zip((high_of, low_of), names):
            try:
                rank = None if ranker is None else ranker(hole, board)
            except ValueError:      # an Omaha hand shown before the flop: no five-card hand yet
                rank = None
            if rank is not None:
                words.append(str(rank_of(ranking, rank)))
        if words:
            described[seat] = " and ".join(words)
    return described


RANK_WORDS = {"2": "deuce", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
              "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def said_low(words: str, ranking: str) -> str | None:
    """A low hand as players say it, from its words (``"no pair, nine low: 9-7-4-3-2"``): its top
    two cards, "a nine-seven low"; in 2-7 the best hand, 7-5-4-3-2, is "number one", in ace-to-five
    5-4-3-2-A "a wheel". ``None`` for a hand that is not an unpaired five-card low (a pair, or a
    badugi, which players name by its cards)."""
    if ranking not in ("ace_five", "ace_five_8", "deuce_seven") or (" pair" in words and "no pair" not in words):
        return None
    ranks = words.rpartition(": ")[2].split("-")
    if len(ranks) != 5:
        return None
    if ranking == "deuce_seven" and ranks == ["7", "5", "4", "3", "2"]:
        return "number one"
    if ranking != "deuce_seven" and ranks == ["5", "4", "3", "2", "A"]:
        return "a wheel"
    top, second = RANK_WORDS[ranks[0]], RANK_WORDS[ranks[1]]
    return f"{'an' if top[0] in 'ae' else 'a'} {top}-{second} low"


def spoken_lows(hand: Hand) -> dict[int, str]:
    """Each shown hand's low half as players say it (``said_low``), where it has one."""
    result = hand.result
    if result is None or hand.variant.low == "none":
        return {}
    _, low_of = rankers(hand.variant)
    board = [c for c in hand.board if c is not None]
    shown = {e.seat: e.cards for e in hand.events if e.kind == "show" and e.seat is not None}
    said = {}
    for seat, cards in {**shown, **result.shown}.items():
        hole = [c for c in cards if c is not None]
        if len(hole) + len(board) < 5:
            continue
        try:
            rank = None if low_of is None else low_of(hole, board)
        except ValueError:
            rank = None
        spoken = None if rank is None else said_low(str(rank_of(hand.variant.low, rank)), hand.variant.low)
        if spoken:
            said[seat] = spoken
    return said


def halves(award: Award, hilo: bool) -> dict[str, Any] | None:
    """A hi-lo pot's two halves: who won each and with what (``None`` in other games). A half
    nobody qualified for (no eight-or-better low) is ``None``: the high hand scoops."""
    if not hilo:
        return None
    low = {"winners": list(award.low_winners), "hand": award.low_hand} if award.low_winners else None
    return {"high": {"winners": list(award.high_winners), "hand": award.high_hand}, "low": low}


def rabbit_cards(hand: Hand) -> list[str] | None:
    """The cards that would have completed the board of a hand that ended early (rabbit
    hunting); ``None`` when there are none to show. Reading them changes nothing."""
    try:
        return [str(card) for card in hand.rabbit()]
    except IllegalAction:
        return None


def hands_shown(hand: Hand) -> bool:
    """Whether a finished hand ended with hands shown (a showdown, or a hand shown after it)."""
    return hand.result is not None and (bool(hand.result.shown) or any(e.kind == "show" for e in hand.events))


def may_show(hand: Hand, seat: int) -> bool:
    """Whether a seat dealt into a finished hand may still show it: not folded, not shown yet."""
    return (hand.result is not None and seat in hand.seats and seat not in hand.folded and seat not in hand.result.shown
            and not any(e.kind == "show" and e.seat == seat for e in hand.events))


def shown_cards(hand: Hand) -> dict[int, list[str]]:
    """Every hand shown to everyone, at the showdown or after the hand (``show``): its cards."""
    result = hand.result
    shown = {e.seat: e.cards for e in hand.events if e.kind == "show" and e.seat is not None}
    if result is not None:
        shown.update(result.shown)
    return {seat: [str(c) for c in cards if c is not None] for seat, cards in sorted(shown.items())}


def boards_json(hand: Hand) -> list[dict[str, Any]]:
    """Each board the hand was played on (each run of run-it-twice, each board of a double
    board), with the seats that won chips on it."""
    assert hand.result is not None
    won: dict[int, set[int]] = {}
    for award in hand.result.awards:
        won.setdefault(award.run, set()).update(seat for seat, chips in award.winners.items() if chips)
    return [
        {"run": run, "cards": [str(c) for c in board if c is not None], "winners": sorted(won.get(run, ()))}
        for run, board in enumerate(hand.boards)
    ]


def result_json(
    hand: Hand | None, *, rabbit: bool = False, names: dict[int, str] | None = None
) -> dict[str, Any] | None:
    """The finished hand's awards, main pot first (run by run), its shown hands (in words and
    as cards), each board with its winners and, with ``rabbit``, the rabbit cards; ``None``
    before the end. ``names``: the players' names by seat, for each award's winners."""
    if hand is None or hand.result is None:
        return None
    awards = sorted(hand.result.awards, key=lambda a: (a.pot, a.run))
    hilo = hand.variant.high != "none" and hand.variant.low != "none"
    names = names or {}
    boards = hand.boards
    return {
        "awards": [
            {
                "pot": a.pot,
                "amount": a.amount,
                "eligible": sorted(a.eligible),
                "winners": {str(seat): chips for seat, chips in a.winners.items()},
                "won_with": a.won_with,
                "run": a.run,
                "halves": halves(a, hilo),
                "board": [str(c) for c in boards[a.run] if c is not None] if a.run < len(boards) else [],
                "names": {str(seat): names.get(seat, f"Seat {seat}") for seat in a.winners},
            }
            for a in awards
        ],
        "shown": {str(seat): cards for seat, cards in shown_cards(hand).items()},
        "boards": boards_json(hand),
        "hands": {str(seat): words for seat, words in shown_hands(hand).items()},
        "said": {str(seat): words for seat, words in spoken_lows(hand).items()},
        "rabbit": rabbit_cards(hand) if rabbit else None,
    }
