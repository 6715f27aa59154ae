"""Hand records: a hand saved as plain JSON, rebuilt from it at any point, and undone.

A record keeps how the hand started (the game with its house rules, seats and stacks, the
button, every forced bet, cards given up front, the dealing mode, ``auto_muck``,
``wait_for_runout``, a bomb pot's ante and the number of boards), the cards the deck dealt in
order, and every input the hand took in order (act, deal, show, muck, add_chips, run_it, kill).
Fields added since version 1 have defaults, so older records still load. Rebuilding replays
the inputs on a fresh hand whose deck deals the recorded cards first, so it reaches the
identical state and, given the same further inputs, goes on identically. A hand dealt from its
own seed (``Hand.seed``) records it in hex: the record then deals the whole hand again on its
own, and the cards it lists must be the ones the seed deals
(publish the seed's SHA-256 before the deal and the seed after it, and anyone can check the deal).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from pokerfloor.cards import SEED_BYTES, Card, Deck, SeededShuffler, Shuffler, format_cards
from pokerfloor.hand import plain
from pokerfloor.hand.types import READ_ERRORS, Input, Post, RecordError, brief, refusal
from pokerfloor.rules import Game


class Replayed(Protocol):
    """The inputs a hand takes, as a record replays them (``pf.Hand`` takes them all)."""

    def act(self, seat: object, action: object, to: object = None, discard: object = None) -> object: ...
    def deal(self, cards: Any, seat: object = None) -> object: ...
    def show(self, seat: object, cards: Any = None) -> object: ...
    def muck(self, seat: object) -> object: ...
    def add_chips(self, seat: object, chips: object) -> object: ...
    def run_it(self, times: object) -> object: ...
    def run_out(self) -> object: ...
    def kill(self, seat: object) -> object: ...
    def record(self) -> HandRecord: ...


H = TypeVar("H", bound=Replayed)

RECORD_FORMAT = "pokerfloor.hand-record"
RECORD_VERSION = 1
"""The record format's version: a reader refuses a version it does not know."""


@dataclass(frozen=True)
class HandRecord:
    """A hand's start, the cards dealt and its inputs in order (``Hand.record()``)."""

    game: Game
    stacks: Mapping[int, int]
    button: int
    posts: tuple[Post, ...]
    holes: Mapping[int, tuple[Card | None, ...]] = field(default_factory=dict)
    board: tuple[Card | None, ...] = ()
    dealing: str = "auto"
    auto_muck: bool = True
    dealt: tuple[Card, ...] = ()
    inputs: tuple[Input, ...] = ()
    seed: str | None = None
    version: int = RECORD_VERSION
    wait_for_runout: bool = False
    bomb_pot: int = 0
    boards: int = 1

    def __post_init__(self) -> None:
        for name in ("stacks", "holes"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        if self.seed is not None and not is_seed_hex(self.seed):
            raise RecordError(f"a record's seed is {SEED_BYTES} bytes in hex, not {brief(self.seed)}")

    def before_last(self, still_to_deal: Sequence[Card] = ()) -> HandRecord:
        """The record without its last input; the cards dealt stay, to be dealt again, followed
        by ``still_to_deal``."""
        return replace(self, inputs=self.inputs[:-1], dealt=self.dealt + tuple(still_to_deal))

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON values."""
        return {
            "format": RECORD_FORMAT,
            "version": self.version,
            "game": plain.game_json(self.game),
            "stacks": plain.seat_map_json(self.stacks),
            "button": self.button,
            "posts": [plain.post_json(p) for p in self.posts],
            "holes": {str(s): plain.cards_json(c) for s, c in self.holes.items()},
            "board": plain.cards_json(self.board),
            "dealing": self.dealing,
            "auto_muck": self.auto_muck,
            "dealt": plain.cards_json(self.dealt),
            "seed": self.seed,
            "inputs": [plain.input_json(i) for i in self.inputs],
            "wait_for_runout": self.wait_for_runout,
            "bomb_pot": self.bomb_pot,
            "boards": self.boards,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandRecord:
        """A record from its JSON values (``RecordError``, a ``ValueError``, for another format
        or version, or a field missing or of the wrong kind, or cards dealt twice)."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a hand record is a JSON object, not {type(data).__name__}")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a {RECORD_FORMAT}: format {brief(data.get('format'))}")
        version = data.get("version")
        if version != RECORD_VERSION:
            raise RecordError(
                f"{RECORD_FORMAT} version {brief(version)} is not known; this library reads {RECORD_VERSION}")
        try:
            return cls._from_fields(data)
        except READ_ERRORS as wrong:
            raise refusal("a hand record", wrong) from None

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> HandRecord:
        dealt = plain.cards_from(data.get("dealt", []))
        if None in dealt:
            raise RecordError("the cards dealt are all known cards")
        button = data["button"]
        if isinstance(button, bool) or not isinstance(button, int):
            raise RecordError(f"a hand record's button is a seat number, not {brief(button)}")
        for name, default in (("auto_muck", True), ("wait_for_runout", False)):
            if not isinstance(data.get(name, default), bool):
                raise RecordError(f"a hand record's {name} is true or false, not {brief(data.get(name))}")
        dealing = data.get("dealing", "auto")
        if dealing not in ("auto", "manual"):
            raise RecordError(f"a hand record's dealing is 'auto' or 'manual', not {brief(dealing)}")
        for name in ("posts", "inputs"):
            if not isinstance(data.get(name, []), list):
                raise RecordError(f"a hand record's {name} are a JSON list, not {brief(data.get(name))}")
        return cls(
            game=plain.game_from(data["game"]),
            stacks=plain.seat_map_from(data["stacks"], "stacks"),
            button=button,
            posts=tuple(plain.post_from(p) for p in data["posts"]),
            holes={s: plain.cards_from(c) for s, c in plain.seat_map_from(data.get("holes", {}), "holes").items()},
            board=plain.cards_from(data.get("board", [])),
            dealing=dealing,
            auto_muck=data.get("auto_muck", True),
            dealt=tuple(c for c in dealt if c is not None),
            inputs=tuple(plain.input_from(i) for i in data.get("inputs", [])),
            seed=data.get("seed"),
            wait_for_runout=bool(data.get("wait_for_runout", False)),
            bomb_pot=data.get("bomb_pot", 0),
            boards=data.get("boards", 1),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> HandRecord:
        return cls.from_dict(plain.json_object(text, "a hand record"))


class RecordedDeck(Deck):
    """A deck that deals a record's cards first, in order, then shuffled cards from ``rng``."""

    def __init__(self, dealt: Sequence[Card], rng: Shuffler | None, *, cards: Sequence[Card]) -> None:
        super().__init__(rng, cards=cards)
        self._next = list(reversed(dealt))
        self._past_record = False

    def still_to_deal(self) -> list[Card]:
        """The recorded cards not dealt yet, in order."""
        return self._next[::-1]

    def played_on(self) -> None:
        """From here the hand plays on past its record. In a draw game the record may list a
        card again (a discard shuffled back in), which the deck holds only if the play goes as
        the record's did; when it goes another way and a recorded card is no longer in the deck,
        the rest of the record's cards no longer apply and the deck deals from ``rng``."""
        self._past_record = True

    def deal(self, count: int = 1) -> list[Card]:
        cards: list[Card] = []
        while self._next and len(cards) < count:
            if self._past_record and self._next[-1] not in self._cards:
                self._next.clear()
                break
            card = self._next.pop()
            self.remove([card])
            cards.append(card)
        return cards + super().deal(count - len(cards)) if len(cards) < count else cards


def is_seed_hex(text: object) -> bool:
    """Whether ``text`` is a deal seed written in (lower- or upper-case) hex."""
    if not isinstance(text, str) or len(text) != 2 * SEED_BYTES:
        return False
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return True


def as_record(record: object) -> HandRecord:
    """A ``HandRecord``, its ``to_dict()`` or its JSON, as a ``HandRecord`` (``RecordError`` if none)."""
    if isinstance(record, str | bytes):
        record = HandRecord.from_json(record)
    elif isinstance(record, Mapping):
        record = HandRecord.from_dict(record)
    if not isinstance(record, HandRecord):
        raise RecordError(f"a hand is rebuilt from a HandRecord, not {type(record).__name__}")
    return record


def replay_record(cls: Callable[..., H], record: HandRecord, rng: Shuffler | None) -> H:
    """Rebuild the hand a record describes (``Hand.from_record``): from its seed when it has
    one (the cards it lists must be the ones the seed deals), else from its cards dealt, then
    from ``rng``. The record is checked whole (``RecordError``, naming the input that fails):
    its cards are the game's, none dealt twice, every input is one the rules take, and the
    hand it rebuilds can go on (or is over): a record that loads is one that plays on."""
    if record.seed is not None and rng is not None:
        raise RecordError("a record with a seed deals from its seed: give no rng")
    _check_cards(record)
    try:
        hand = _replayed(cls, record, rng)
    except READ_ERRORS as error:
        raise refusal("a hand record", error) from error
    if not _goes_on(hand):
        raise RecordError(f"a hand record whose hand cannot go on: on the {brief(getattr(hand, 'street', '?'))}, "
                          "nobody is to act and no card is due, yet it is not over")
    return hand


def _check_cards(record: HandRecord) -> None:
    """The record's cards are the game's deck's, and none is dealt twice: the cards given up
    front (holes, board) and the cards the deck dealt, together. In a draw game a discard may
    be shuffled back and dealt again (RROP11 draw): there the replay checks each card as it is
    dealt."""
    spec = record.game.variant_spec
    deck = frozenset(spec.cards)
    given = [c for cards in record.holes.values() for c in cards if c is not None]
    given += [c for c in record.board if c is not None]
    seen: set[Card] = set()
    for card in (*given, *record.dealt):
        if card not in deck:
            raise RecordError(f"a hand record deals {card}, a card {record.game.variant}'s deck does not hold")
        if card in seen and not spec.draws:
            raise RecordError(f"a hand record deals {card} twice (its cards dealt are the deck's, in order)")
        seen.add(card)


def _replayed(cls: Callable[..., H], record: HandRecord, rng: Shuffler | None) -> H:
    game = record.game
    deck: RecordedDeck | None = None
    seed: bytes | None = None
    if record.seed is not None:
        seed = bytes.fromhex(record.seed)
    else:
        rng = rng if rng is not None else SeededShuffler()
        deck = RecordedDeck(record.dealt, rng, cards=game.variant_spec.cards)
    hand = cls(
        game,
        record.stacks,
        record.button,
        rng=rng,
        seed=seed,
        posts=record.posts,
        holes={s: format_cards(c) for s, c in record.holes.items()},
        board=format_cards(record.board),
        dealing=record.dealing,
        auto_muck=record.auto_muck,
        deck=deck,
        wait_for_runout=record.wait_for_runout,
        bomb_pot=record.bomb_pot,
        boards=record.boards,
    )
    for number, entry in enumerate(record.inputs):
        try:
            apply_input(hand, entry)
        except READ_ERRORS as error:
            raise RecordError(f"a hand record whose input {number} ({entry.kind} by seat {brief(entry.seat)}) "
                              f"is refused: {brief(str(error), 160, quote=False)}") from error
    if deck is not None:
        deck.played_on()
    if seed is not None:
        dealt = hand.record().dealt
        if dealt != record.dealt[: len(dealt)]:
            raise RecordError("the record's cards dealt are not the cards its seed deals")
    return hand


def _goes_on(hand: object) -> bool:
    """Whether a rebuilt hand is over or has a next step: a seat to act, a card to deal, a
    run-out to choose, or a showdown waiting for a seat to show or muck."""
    state: Any = hand
    if state.is_over or state.to_act is not None or state.awaiting_deal is not None or state.awaiting_runout:
        return True
    return bool(state.street == "showdown" and any(None in cards for cards in state.holes.values()))


def apply_input(hand: Replayed, entry: Input) -> None:
    """Give ``hand`` one recorded input."""
    kind, seat = entry.kind, entry.seat
    if kind == "act":
        discard = None if entry.cards is None else format_cards(entry.cards)
        hand.act(seat, entry.action, to=entry.to, discard=discard)
    elif kind == "deal":
        hand.deal(list(entry.cards or ()), seat)
    elif kind == "show":
        hand.show(seat, None if entry.cards is None else list(entry.cards))
    elif kind == "muck":
        hand.muck(seat)
    elif kind == "run_it":
        if entry.to == 1:
            hand.run_out()
        else:
            hand.run_it(entry.to)
    elif kind == "kill":
        hand.kill(seat)
    else:
        hand.add_chips(seat, entry.to)


def restore(hand: object, other: object) -> None:
    """Make ``hand`` the same hand as ``other`` (its whole state, through the pickling protocol
    that both builds have)."""
    state: Any = other.__getstate__()
    setstate = getattr(hand, "__setstate__", None)
    if setstate is not None:
        setstate(state)
    else:
        vars(hand).update(state)
