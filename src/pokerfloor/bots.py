"""The ``Bot`` protocol, and simple opponents of a few styles for the demo, the terminal game
and tests.

A bot is given only its seat's view of the hand (``Hand.view(seat)``: its own cards, the
upcards and cards shown, the board, the bets) and returns an action that the view's ``legal``
allows, so a bot can neither see a hidden card nor be the reason a hand breaks a rule. A bot is
an object with ``choose(view)`` or a plain function of the view; ``load_bot`` finds one by a
style name or ``package.module:Name`` (docs/guide/bots.md).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeAlias, runtime_checkable

from pokerfloor.cards import Card
from pokerfloor.errors import InvalidArgument
from pokerfloor.evaluation import evaluate
from pokerfloor.hand import Event, Hand, Legal, Range
from pokerfloor.hand.view import SeatView

Decision = tuple[str, int | None]
Action: TypeAlias = str | tuple[str, int | None] | tuple[str, int | None, Sequence[object]]
"""What a bot returns: an action's name (``"fold"``, ``"check"``, ``"call"``), a pair with the
amount (``("raise", 600)``: the total wager for the round), or for a draw the discards too
(``("draw", None, ["Ah", "Kd"])``)."""
_CATEGORIES = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for the seat to act from its ``SeatView`` (``view.legal``
    says what is allowed). A plain function ``view -> Action`` is a bot too: see ``as_bot``."""

    def choose(self, view: SeatView) -> Action: ...


BotFunction = Callable[[SeatView], Action]


@dataclass(frozen=True)
class FunctionBot:
    """A function of a ``SeatView`` as a ``Bot``."""

    name: str
    function: BotFunction

    def choose(self, view: SeatView) -> Action:
        return self.function(view)


def as_bot(bot: object, name: str = "") -> Bot:
    """An object with ``choose``, a class of one (made with no arguments) or a function of a
    ``SeatView``, as a ``Bot``; ``ValueError`` for anything else."""
    if isinstance(bot, type):
        kind = bot
        try:
            bot = kind()
        except TypeError as problem:
            raise InvalidArgument(f"bot class {kind.__name__} must be made with no arguments ({problem})") from None
    if isinstance(bot, Bot):
        return bot
    if callable(bot):
        return FunctionBot(name or getattr(bot, "__name__", "bot"), bot)
    raise InvalidArgument(f"{bot!r} is not a bot: give an object with choose(view), or a function of a SeatView")


def load_bot(spec: str, rng: random.Random | None = None) -> Bot:
    """A bot by a style name (``rock``, ``station``, ``maniac``, ``pro``), a baseline's name
    (``always-call``, ``always-raise``) or ``package.module:Name`` (a class, an object or a
    function there); ``ValueError`` if it cannot be found."""
    if spec in BASELINES:
        return FunctionBot(spec, BASELINES[spec])
    if ":" not in spec:
        return make_bot(spec, spec, rng or random.Random())
    module_name, _, attribute = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as problem:
        raise InvalidArgument(f"cannot import {module_name!r} for bot {spec!r}: {problem}") from None
    found = module
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise InvalidArgument(f"{module_name!r} has no {attribute!r} (bot {spec!r})")
        found = getattr(found, part)
    return as_bot(found, attribute)


def bot_name(bot: Bot) -> str:
    """The bot's ``name`` if it has one, else its class's."""
    name = getattr(bot, "name", "")
    return name if isinstance(name, str) and name else type(bot).__name__


def decide(bot: Bot, view: SeatView) -> tuple[str, int | None, list[str] | None]:
    """The bot's choice as ``Hand.act``'s (action, to, discards); ``ValueError`` if it is not an
    ``Action`` at all (whether the rules allow it is the hand's to say)."""
    choice = bot.choose(view)
    if isinstance(choice, str):
        return choice, None, None
    if isinstance(choice, tuple) and len(choice) in (2, 3) and isinstance(choice[0], str):
        to = choice[1]
        if to is not None and (isinstance(to, bool) or not isinstance(to, int)):
            raise InvalidArgument(f"a bot's amount is whole chips or None, not {to!r}")
        discard = [str(c) for c in choice[2]] if len(choice) == 3 and choice[2] is not None else None
        return choice[0], to, discard
    raise InvalidArgument(f"a bot returns an action name or (action, to[, discards]), not {choice!r}")


def bot_act(bot: Bot, hand: Hand, seat: int) -> Event:
    """Ask the bot for seat ``seat``'s action and take it (``IllegalAction`` if refused)."""
    kind, to, discard = decide(bot, hand.view(seat))
    return hand.act(seat, kind, to, discard)


def preflop_strength(cards: Sequence[int]) -> float:
    """A rough 0..1 score of two hole cards: pairs, high cards, suited and connected."""
    if len(cards) < 2:
        return 0.5
    high, low = sorted((c >> 2 for c in cards[:2]), reverse=True)
    score = (high + low) / 24
    if high == low:
        score += 0.35 + high / 40
    if (cards[0] & 3) == (cards[1] & 3):
        score += 0.06
    if high - low == 1:
        score += 0.04
    return min(score, 1.0)


def postflop_strength(cards: Sequence[int], board: Sequence[int]) -> float:
    """A rough 0..1 score from the made hand's category."""
    if len(board) < 3 or len(cards) + len(board) < 5 or len(cards) + len(board) > 7:
        return preflop_strength(cards)
    category = _CATEGORIES.index(evaluate([*cards, *board]).category)
    return min(1.0, 0.15 + category / 7)


def strength(view: SeatView) -> float:
    """A rough 0..1 score of the viewer's cards."""
    hole = [c for c in view.hole if c is not None]
    board = [c for c in view.board if c is not None]
    variant = view.game.variant_spec
    if not board or variant.family != "flop" or variant.omaha:
        return preflop_strength(hole)
    return postflop_strength(hole, board)


def draw_discards(view: SeatView) -> list[str]:
    """A simple player's discards in a draw game, from its own cards: in lowball the cards above
    an eight (a seven in 2-7) and the pairs, otherwise everything but its pairs (or its two best
    cards); at most the draw's limit (``view.legal.draw``)."""
    cards = [c for c in view.hole if c is not None]
    ranks = [c >> 2 for c in cards]
    variant = view.game.variant_spec
    if variant.high == "none":
        seen: set[int] = set()
        thrown = []
        ace_low = variant.low != "deuce_seven"
        for card, rank in zip(cards, ranks, strict=True):
            low_rank = -1 if ace_low and rank == 12 else rank
            if low_rank > 6 or rank in seen:
                thrown.append(card)
            seen.add(rank)
    else:
        paired = [c for c, r in zip(cards, ranks, strict=True) if ranks.count(r) > 1]
        kept = paired or sorted(cards, reverse=True)[:2]
        thrown = [c for c in cards if c not in kept]
    most = view.legal.draw if view.legal is not None and view.legal.draw is not None else len(thrown)
    return [str(Card(c)) for c in thrown[:most]]


@dataclass
class StyleBot:
    """A bot that raises with hands above ``raise_at``, calls above ``call_at`` (cheaper calls
    more often) and otherwise checks or folds; ``bluff`` is how often it raises anyway. In a draw
    it throws ``draw_discards``; in stud it brings in (as most players do rather than complete)."""

    name: str
    raise_at: float
    call_at: float
    bluff: float = 0.0
    rng: random.Random = field(default_factory=random.Random)

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if legal is None:
            raise InvalidArgument(f"it is not seat {view.seat}'s turn: a bot chooses only on its turn")
        if legal.muck:
            return "muck", None
        if legal.draw is not None:
            return "draw", None, draw_discards(view)
        if legal.bring_in is not None:
            return "bring_in", None
        score = strength(view) + self.rng.uniform(-0.08, 0.08)
        aggressive = legal.bet or legal.raise_ or legal.complete
        kind = "bet" if legal.bet else ("complete" if legal.complete else "raise")
        facing_raise = legal.call is not None and legal.call.to > view.game.big_blind
        needed = self.raise_at + (0.12 if facing_raise else 0.0)
        if aggressive and (score >= needed or self.rng.random() < self.bluff * (0.3 if facing_raise else 1.0)):
            return kind, self.size(view, legal, aggressive, score)
        if legal.check:
            return "check", None
        assert legal.call is not None
        pot = max(view.total_pot, 1)
        price = legal.call.cost / (pot + legal.call.cost)
        seat = view.seat
        assert seat is not None
        committed = legal.call.cost / max(1, view.stacks[seat] + view.bets.get(seat, 0))
        if score >= self.call_at + price * 0.8 + committed * 0.3:
            return "call", None
        return "fold", None

    def size(self, view: SeatView, legal: Legal, span: Range, score: float) -> int:
        """A bet or raise sized like a person's: before the flop three times the bet faced, after
        it a third of the pot to the whole pot (bigger with a better hand), rounded, within the
        legal range."""
        level = legal.call.to if legal.call is not None else 0
        cost = legal.call.cost if legal.call is not None else 0
        if not [c for c in view.board if c is not None] and view.game.variant_spec.family == "flop":
            wanted = 3 * max(level, view.game.big_blind)
        else:
            fraction = min(1.0, max(1 / 3, 0.33 + (score - self.raise_at) * 1.5 + self.rng.uniform(-0.1, 0.1)))
            wanted = level + int((view.total_pot + cost) * fraction)
        to = round_like_a_person(wanted, view.game.min_chip)
        to = min(span.max_to, max(span.min_to, to))
        return to - (to - span.min_to) % span.step


def round_like_a_person(amount: int, chip: int) -> int:
    """A bet as people say it: two significant figures (337 is 340, 1,234 is 1,200), in whole
    multiples of the smallest chip."""
    step = max(chip, int(10 ** max(0, len(str(amount)) - 2)))
    step -= step % chip
    return max(chip, round(amount / step) * step)


def make_bot(style: str, name: str, rng: random.Random) -> StyleBot:
    """A bot of a named style: ``rock`` (tight), ``station`` (calls), ``maniac`` (raises), ``pro``."""
    styles = {
        "rock": (0.78, 0.55, 0.01),
        "station": (0.95, 0.15, 0.0),
        "maniac": (0.45, 0.3, 0.25),
        "pro": (0.66, 0.42, 0.06),
    }
    if style not in styles:
        raise InvalidArgument(f"unknown bot style {style!r}; styles: {', '.join(styles)}")
    raise_at, call_at, bluff = styles[style]
    return StyleBot(name, raise_at, call_at, bluff, rng)


STYLES = ("rock", "station", "maniac", "pro")


def always_call(view: SeatView) -> Decision:
    """The always-call bot of the papers: it checks or calls whatever it faces, never folds."""
    legal = view.legal
    if legal is None:
        raise InvalidArgument(f"it is not seat {view.seat}'s turn: a bot chooses only on its turn")
    if legal.muck:
        return "muck", None
    return ("check", None) if legal.check else ("call", None)


def always_raise(view: SeatView) -> Decision:
    """The always-raise bot of the papers: it bets or raises the pot whenever it may (all in
    when the pot is more than it has), else it calls."""
    legal = view.legal
    if legal is None:
        raise InvalidArgument(f"it is not seat {view.seat}'s turn: a bot chooses only on its turn")
    if legal.muck:
        return "muck", None
    span = legal.bet or legal.raise_
    if span is None:
        return ("check", None) if legal.check else ("call", None)
    level = legal.call.to if legal.call is not None else 0
    cost = legal.call.cost if legal.call is not None else 0
    to = min(span.max_to, max(span.min_to, level + view.total_pot + cost))
    return ("bet" if legal.bet else "raise"), to


BASELINES: dict[str, BotFunction] = {"always-call": always_call, "always-raise": always_raise}
"""The fixed bots that research papers score others against, by name (``load_bot`` finds them)."""
