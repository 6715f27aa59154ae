"""The starting hands that call a bomb pot: a table's rule that when the player on the button is
dealt one of the host's chosen hands, the next hand is a bomb pot (``Table.bomb_pots(hands=...)``;
a home-game custom, not a TDA rule: ``citations.BOMB_POT``).

The hands are written as hold'em players write them: a pair ``AA``, two ranks suited ``AKs``,
offsuit ``72o``, or either ``72`` (the ranks in any order, ``27o`` is ``72o``). The trigger is
for games of two hole cards with a flop (hold'em, short deck): an Omaha hand holds many two-card
hands at once, so "the button was dealt 7-2" says nothing clear there, and a table dealing Omaha
refuses the trigger. The equity ranges (``pokerfloor.equity.ranges``) read the same words, but
they sit above the table; this is the small part of that notation a table needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pokerfloor.cards import RANK_CHARS, Card
from pokerfloor.errors import InvalidArgument
from pokerfloor.rules import Game

MOST_HANDS = 169
"""The most chosen hands a rule names: every hold'em starting hand, each once."""


def trigger_game(game: Game) -> bool:
    """Whether ``game`` deals the two hole cards a chosen hand is written for, with a flop."""
    spec = game.variant_spec
    return spec.family == "flop" and spec.hole_cards == 2


def parse_hands(hands: str | Iterable[str], game: Game) -> tuple[str, ...]:
    """The chosen hands, each written the one way (``"72o"``, ``"AA"``, ``"AKs"``, ``"T9"``), in
    the order given, each once: from a text (``"72o, AA"``) or a list of texts. ``InvalidArgument``
    for a hand that is not written so, none at all, or one that ``game``'s deck cannot deal (no
    2 to 5 in short deck), or for a game that is not two-card hold'em."""
    if not trigger_game(game):
        raise InvalidArgument(
            f"a bomb pot on the button's hand is for two-card hold'em games, not {game.variant_spec.title}"
        )
    if isinstance(hands, str):
        terms: Sequence[object] = hands.replace(",", " ").split()
    elif isinstance(hands, Iterable):
        terms = list(hands)
    else:
        raise InvalidArgument(f"the chosen hands are a text or a list of texts, not {hands!r}")
    if not 1 <= len(terms) <= MOST_HANDS:
        raise InvalidArgument(f"a bomb pot on the button's hand names 1 to {MOST_HANDS} hands")
    lowest = "6" if game.variant_spec.short_deck else "2"
    chosen: list[str] = []
    for term in terms:
        hand = canonical(term)
        if any(RANK_CHARS.index(rank) < RANK_CHARS.index(lowest) for rank in hand[:2]):
            raise InvalidArgument(f"{game.variant_spec.title} deals no {hand}: its deck has no card below a {lowest}")
        if hand not in chosen:
            chosen.append(hand)
    return tuple(chosen)


def canonical(term: object) -> str:
    """One chosen hand written the one way: ``"27o"`` is ``"72o"``, ``"kk"`` is ``"KK"``
    (``InvalidArgument`` for a text that is not a hand so written)."""
    if not isinstance(term, str):
        raise InvalidArgument(f"a chosen hand is a text like '72o', not {term!r}")
    text = term.strip()
    ranks, kind = text[:2].upper(), text[2:].lower()
    if len(text) not in (2, 3) or any(r not in RANK_CHARS for r in ranks) or kind not in ("", "s", "o"):
        raise InvalidArgument(f"a chosen hand is written like AA, AKs, 72o or 72, not {term!r}")
    high, low = sorted(ranks, key=RANK_CHARS.index, reverse=True)
    if high == low and kind:
        raise InvalidArgument(f"a pair is neither suited nor offsuit: {high}{low}, not {term!r}")
    return high + low + kind


def written(hand: object) -> bool:
    """Whether ``hand`` is a chosen hand written the one way ``canonical`` writes it."""
    try:
        return canonical(hand) == hand
    except InvalidArgument:
        return False


def hand_name(cards: Sequence[Card | None]) -> str | None:
    """Two hole cards as a chosen hand is written: ``"AA"``, ``"AKs"``, ``"72o"``; ``None`` for
    cards not two or not all known."""
    if len(cards) != 2 or any(c is None for c in cards):
        return None
    first, second = sorted((c for c in cards if c is not None), reverse=True)
    ranks = str(first)[0] + str(second)[0]
    if first.rank == second.rank:
        return ranks
    return ranks + ("s" if first.suit == second.suit else "o")


def dealt_one_of(chosen: Sequence[str], cards: Sequence[Card | None]) -> bool:
    """Whether ``cards`` (two hole cards) are one of the ``chosen`` hands (``parse_hands``)."""
    name = hand_name(cards)
    return name is not None and (name in chosen or name[:2] in chosen)
