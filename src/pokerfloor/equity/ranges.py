"""Hand ranges as players write them: ``QQ+, AKs, A2s+, KTo+, 76s-54s, AA:0.5, AhKh``.

A range is a set of starting hands (combinations of hole cards), each with a weight: how often
the player holds it relative to the others (1 unless written ``hand:weight``). Hold'em terms:

- a pair ``QQ`` (6 combinations), ``QQ+`` (queens or better), ``99-QQ`` (nines to queens);
- two ranks ``AK`` (16), suited ``AKs`` (4) or offsuit ``AKo`` (12);
- ``A2s+``: the first rank fixed, the second from the one written up to one below the first
  (A2s to AKs); ``KTo+`` is KTo, KJo, KQo;
- ``A5s-A2s``: the first rank fixed, the second between the two; ``76s-54s``: both ranks move
  together (76s, 65s, 54s);
- exact cards ``AhKh`` (in Omaha, four to six cards: ``AhAsKhQs``);
- ``random``: any hand.

Terms are separated by commas or spaces; a hand named twice takes its last weight.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations
from typing import Any

from pokerfloor.cards import RANK_CHARS, Card, format_cards, parse_cards
from pokerfloor.errors import PokerfloorError

RANDOM_WORDS = frozenset({"random", "any", "*"})


class RangeError(PokerfloorError, ValueError):
    """A range that cannot be read, or that holds no hand once the known cards are removed."""


WITHOUT_KEPT = 16
"""The removals (``Range.without``) a range keeps, by the cards removed."""

SMALL = 8
"""Ranges of at most this many hands are taken apart by a loop, larger ones with numpy."""

Hands = tuple[tuple[tuple[Card, ...], float], ...]


_set = object.__setattr__


class Range:
    """Starting hands with weights. ``random`` means any ``hole_cards`` cards (not listed).

    ``Range(text, hands, random=False)``; a range never changes, and two are equal when their
    text, hands and ``random`` are. ``memo`` holds what is worked out from the hands and kept
    with them: each hand's cards as a bit mask, the last removals asked for, and the arrays the
    equity paths read (``pokerfloor.equity.calculate``); it takes no part in comparing, hashing
    or pickling. A range made by ``without`` lists its hands only when asked (``hands``): the
    equity paths read the rows it kept of the arrays of the range it was made from."""

    __slots__ = ("_hands", "_size", "memo", "random", "text")
    text: str
    random: bool
    memo: dict[object, object]
    _hands: Hands | None
    _size: int

    def __init__(self, text: str, hands: Hands, random: bool = False) -> None:
        hands = tuple(hands)
        for name, value in (("text", text), ("_hands", hands), ("random", random), ("_size", len(hands)),
                            ("memo", {})):
            object.__setattr__(self, name, value)

    @classmethod
    def _kept(cls, source: Range, rows: Any) -> Range:
        """The range of ``source``'s hands numbered ``rows`` (an array), their hands listed only
        when asked."""
        kept = cls.__new__(cls)
        _set(kept, "text", source.text)
        _set(kept, "_hands", None)
        _set(kept, "random", source.random)
        _set(kept, "_size", len(rows))
        _set(kept, "memo", {"from": (source, rows), "sizes": source.sizes})
        return kept

    @property
    def hands(self) -> Hands:
        """The hands with their weights, ``((cards, weight), ...)``, each hand's cards from the
        highest."""
        if self._hands is None:
            source: Range = self.memo["from"][0]  # type: ignore[index]
            rows: Any = self.memo["from"][1]  # type: ignore[index]
            every = source.hands
            object.__setattr__(self, "_hands", tuple([every[i] for i in rows.tolist()]))
        return self._hands  # type: ignore[return-value]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Range never changes: cannot assign to {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Range never changes: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return self is other or (self.text, self.random, self.hands) == (other.text, other.random, other.hands)

    def __hash__(self) -> int:
        return hash((self.text, self.hands, self.random))

    def __repr__(self) -> str:
        return f"Range(text={self.text!r}, hands={self.hands!r}, random={self.random!r})"

    def __reduce__(self) -> tuple[type[Range], tuple[str, Hands, bool]]:
        return Range, (self.text, self.hands, self.random)

    @property
    def masks(self) -> Any:
        """Each hand's cards as a bit mask (bit ``c`` for card ``c``), in the order of ``hands``:
        a numpy array of int64 (a list without numpy)."""
        found = self.memo.get("masks")
        if found is None and "from" in self.memo:  # the rows kept of the masks of the range it was made from
            source: Range = self.memo["from"][0]  # type: ignore[index]
            found = self.memo["masks"] = source.masks[self.memo["from"][1]]  # type: ignore[index]
        if found is None:
            found = self.bits
            try:
                import numpy as np
            except ImportError:  # pragma: no cover - numpy is there wherever equity runs
                pass
            else:
                found = np.array(found, dtype=np.int64)
            self.memo["masks"] = found
        return found

    @property
    def bits(self) -> list[int]:
        """Each hand's cards as a bit mask, as a list (``masks`` as Python numbers)."""
        found = self.memo.get("bits")
        if found is None:
            found = self.memo["bits"] = [sum(1 << c for c in cards) for cards, _ in self.hands]
        return found  # type: ignore[return-value]

    @property
    def sizes(self) -> frozenset[int]:
        """The numbers of cards its hands have (one number for any range that is read)."""
        found = self.memo.get("sizes")
        if found is None:
            found = self.memo["sizes"] = frozenset(len(cards) for cards, _ in self.hands)
        return found  # type: ignore[return-value]

    def without(self, known: Iterable[Card]) -> Range:
        """The hands that hold none of ``known`` (the board and the dead cards): the range itself
        when none does. The last removals are kept, and the range made remembers which hands of
        this one it kept (``memo["from"]``), so what is worked out for this range serves it."""
        gone = 0
        for c in known:
            gone |= 1 << c
        return self.without_mask(gone)

    def without_mask(self, gone: int) -> Range:
        """``without`` the cards of the bit mask ``gone`` (bit ``c`` for card ``c``)."""
        if not gone or self.random or not self._size:
            return self
        kept_ranges = self.memo.get("without")
        if kept_ranges is None:
            kept_ranges = self.memo["without"] = {}
        found: Range | None = kept_ranges.get(gone)  # type: ignore[attr-defined]
        if found is not None:
            return found
        if self._size <= SMALL:  # a few hands: numpy's calls would cost more than the loop
            bits = self.bits
            kept = [i for i, m in enumerate(bits) if not m & gone]
            if len(kept) == self._size:
                found = self
            else:
                found = Range(self.text, tuple([self.hands[i] for i in kept]), self.random)
                object.__getattribute__(found, "memo")["bits"] = [bits[i] for i in kept]
            return self._keep(gone, found, kept_ranges)
        masks = self.masks
        if isinstance(masks, list):  # pragma: no cover - without numpy
            kept = [i for i, m in enumerate(masks) if not m & gone]
            found = self if len(kept) == len(masks) else Range(self.text, tuple(self.hands[i] for i in kept))
        else:
            rows = ((masks & gone) == 0).nonzero()[0]
            found = self if len(rows) == self._size else Range._kept(self, rows)
        return self._keep(gone, found, kept_ranges)

    @staticmethod
    def _keep(gone: int, found: Range, kept_ranges: Any) -> Range:
        if len(kept_ranges) >= WITHOUT_KEPT:
            kept_ranges.clear()
        kept_ranges[gone] = found
        return found

    def __len__(self) -> int:
        return self._size


def parse_range(text: str, hole_cards: int = 2) -> Range:
    """The range written in ``text`` for a game of ``hole_cards`` hole cards (2 for hold'em,
    4 to 6 for Omaha, where only exact hands and ``random`` are written). The ranges read last
    are kept (a ``Range`` never changes), so a study asking of the same ranges again and again
    reads each once."""
    return _parse_range(text, hole_cards)


@lru_cache(maxsize=256)
def _parse_range(text: str, hole_cards: int) -> Range:
    terms = [t for t in text.replace(",", " ").split() if t]
    if not terms:
        raise RangeError("a range names at least one hand")
    if len(terms) == 1 and terms[0].lower() in RANDOM_WORDS:
        if hole_cards == 2:
            every = tuple((tuple(Card(c) for c in pair), 1.0) for pair in combinations(range(51, -1, -1), 2))
            return Range(text, every, random=False)
        return Range(text, (), random=True)
    weights: dict[tuple[Card, ...], float] = {}
    for term in terms:
        body, weight = _weight(term)
        for cards in _term_hands(body, hole_cards):
            key = tuple(sorted(cards, reverse=True))
            weights.pop(key, None)
            weights[key] = weight
    return Range(text, tuple((cards, w) for cards, w in weights.items() if w > 0))


def _weight(term: str) -> tuple[str, float]:
    body, colon, rest = term.partition(":")
    if not colon:
        return body, 1.0
    try:
        weight = float(rest)
    except ValueError:
        raise RangeError(f"{term!r}: the weight after ':' is a number, like AA:0.5") from None
    if not 0 <= weight <= 1:
        raise RangeError(f"{term!r}: a weight runs from 0 to 1")
    return body, weight


def _term_hands(term: str, hole_cards: int) -> list[tuple[Card, ...]]:
    if len(term) == 2 * hole_cards and term[1].lower() in "cdhs":
        try:
            cards = parse_cards(term)
        except ValueError as bad:
            raise RangeError(f"{term!r}: {bad}") from None
        if len(set(cards)) != len(cards):
            raise RangeError(f"{term!r}: a card appears twice in {format_cards(cards)}")
        return [tuple(cards)]
    if hole_cards != 2:
        raise RangeError(f"{term!r}: an Omaha range lists exact hands ({hole_cards} cards each) or 'random'")
    if "-" in term:
        first, _, last = term.partition("-")
        return _span(term, _shape(first, term), _shape(last, term))
    plus = term.endswith("+")
    high, low, kind = _shape(term[:-1] if plus else term, term)
    if not plus:
        return _combos(high, low, kind)
    if high == low:
        return [c for r in range(high, 13) for c in _combos(r, r, kind)]
    return [c for r in range(low, high) for c in _combos(high, r, kind)]


Shape = tuple[int, int, str]  # high rank index, low rank index, "s" | "o" | "" (both)


def _shape(text: str, term: str) -> Shape:
    upper = text.upper()
    if len(upper) not in (2, 3) or upper[0] not in RANK_CHARS or upper[1] not in RANK_CHARS:
        raise RangeError(f"{term!r}: write hands as AKs, AKo, AK, QQ, with + or a dash, or exact cards")
    kind = text[2:].lower()
    if kind not in ("", "s", "o"):
        raise RangeError(f"{term!r}: after the two ranks comes s (suited) or o (offsuit)")
    a, b = RANK_CHARS.index(upper[0]), RANK_CHARS.index(upper[1])
    high, low = max(a, b), min(a, b)
    if high == low and kind:
        raise RangeError(f"{term!r}: a pair is neither suited nor offsuit")
    return high, low, kind


def _span(term: str, first: Shape, last: Shape) -> list[tuple[Card, ...]]:
    (h1, l1, k1), (h2, l2, k2) = first, last
    if k1 != k2:
        raise RangeError(f"{term!r}: both ends of a dash range are suited, offsuit, or neither alike")
    if h1 == l1 and h2 == l2:
        return [c for r in range(min(h1, h2), max(h1, h2) + 1) for c in _combos(r, r, k1)]
    if h1 == l1 or h2 == l2:
        raise RangeError(f"{term!r}: a dash joins two pairs or two unpaired hands")
    if h1 == h2:
        return [c for r in range(min(l1, l2), max(l1, l2) + 1) for c in _combos(h1, r, k1)]
    if h1 - l1 == h2 - l2:
        gap = h1 - l1
        return [c for r in range(min(h1, h2), max(h1, h2) + 1) for c in _combos(r, r - gap, k1)]
    raise RangeError(f"{term!r}: a dash keeps the first rank (A5s-A2s) or the gap (76s-54s)")


def _combos(high: int, low: int, kind: str) -> list[tuple[Card, ...]]:
    out: list[tuple[Card, ...]] = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = Card.of(high + 2, s1), Card.of(low + 2, s2)
            if high == low:
                if s1 < s2:
                    out.append((a, b))
            elif kind == "" or (kind == "s") == (s1 == s2):
                out.append((a, b))
    return out

