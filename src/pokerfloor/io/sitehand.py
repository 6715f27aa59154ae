"""One hand read from a site's history, gathered as the site wrote it and written out as PHH.

Site readers (``pokerstars``, ``pokernow``, ``ohh``) feed a ``SiteHand`` the seats, forced bets,
actions and cards in the order the site recorded them; ``history()`` turns it into a PHH
``HandHistory`` (players in dealing order from the button, ``pN`` actions) with the finishing
stacks that the site's own amounts give. Nothing is corrected here: replaying the history
(``verify.verify_history``) is what judges the amounts against the rules.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand.types import DEAD_HAND, brief
from pokerfloor.io.notation import Money
from pokerfloor.io.phh import (
    DEAD_HANDS_FIELD,
    MAX_DECIMALS,
    MAX_DIGITS,
    MAX_FILE_BYTES,
    MAX_HAND_BYTES,
    HandHistory,
    PHHFormatError,
    hand_from_table,
)

CURRENCY_MARKS = "$€£¥,"
MAX_MESSAGE = 180
"""The most characters of an error's reason; with the file (its last 80 characters) and the
hand (20), a message stays under 300."""

# An amount as sites write it: digits, and decimals after a point; no sign, exponent or word
# (``1e999999`` would be a million-digit integer), within the PHH reader's limits.
_AMOUNT = re.compile(rf"(?P<whole>[0-9]{{1,{MAX_DIGITS}}})(?:\.(?P<part>[0-9]{{0,{MAX_DECIMALS}}}))?")
"""An amount's digits: ASCII only (``Decimal`` would read ``١٠`` as 10, which no site writes)."""


class HistoryImportError(PokerfloorError, ValueError):
    """A site history that cannot be read or has no PHH form; says which hand and why. The only
    error the site readers (``pokerstars``, ``pokernow``, ``ohh.read_ohh``) and ``imports`` raise."""

    def __init__(self, message: str, *, source: str = "", hand: str = "") -> None:
        message = message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"
        self.source = source
        self.hand = hand
        self.message = message
        place = source if len(source) <= 80 else "…" + source[-79:]
        where = " ".join(p for p in (place, f"hand {brief(hand, 20, quote=False)}" if hand else "") if p)
        super().__init__(f"{where}: {message}" if where else message)


def too_big(text: str, limit: int, what: str, source: str) -> HistoryImportError | None:
    """The error for ``text`` over ``limit`` bytes (the PHH reader's limits), or ``None``."""
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        return HistoryImportError(f"{what} is over the {limit // 1024:,} KiB it may hold", source=source)
    return None


_DATE = re.compile(r"(?P<y>[0-9]{4})[/-](?P<m>[0-9]{2})[/-](?P<d>[0-9]{2})[ T]"
                   r"(?P<H>[0-9]{1,2}):(?P<M>[0-9]{2}):(?P<S>[0-9]{2})(?: (?P<zone>[A-Z]{2,5})\b)?")


def date_in(text: str, hand: SiteHand) -> None:
    """The first ``2024/03/01 20:00:00 ET`` (or ``2024-03-01``) date of ``text`` as the hand's
    date and time, with its zone's abbreviation when one follows; a date that is not one is not
    kept."""
    found = _DATE.search(text)
    if found is None:
        return
    try:
        y, m, d, hh, mm, ss = (int(found.group(k)) for k in "ymdHMS")
        hand.when = datetime.datetime(y, m, d, hh, mm, ss)
    except ValueError:
        return
    hand.zone = found.group("zone") or ""


def money(text: str) -> Money:
    """An amount as a site writes it (``$1,234.50``, ``1234``), exactly; ``HistoryImportError``
    for anything else, or an amount beyond the PHH reader's limits (below 10**15, at most 6
    decimals: ``phh.MAX_DIGITS``, ``phh.MAX_DECIMALS``)."""
    cleaned = text.strip().strip(".")
    for mark in CURRENCY_MARKS:
        cleaned = cleaned.replace(mark, "")
    found = _AMOUNT.fullmatch(cleaned)
    if found is None:
        raise HistoryImportError(f"{brief(text)} is not an amount (digits, at most {MAX_DIGITS} before the point"
                                 f" and {MAX_DECIMALS} after it)")
    return Decimal(cleaned) if "." in cleaned else int(cleaned)


@dataclass
class SiteHand:
    """A hand as a site recorded it. ``variant`` is a PHH variant code; ``seats`` map each seat
    number to (name, starting stack); ``button`` is the button's seat (None in stud)."""

    variant: str
    seats: dict[int, tuple[str, Money]] = field(default_factory=dict)
    button: int | None = None
    antes: dict[str, Money] = field(default_factory=dict)
    blinds: dict[str, Money] = field(default_factory=dict)
    bring_in: Money | None = None
    small_bet: Money | None = None
    big_bet: Money | None = None
    min_bet: Money | None = None
    hand_id: str = ""
    table: str = ""
    venue: str = ""
    currency: str = ""
    seat_count: int | None = None
    event: str = ""
    level: int | None = None
    when: datetime.datetime | None = None
    zone: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    holes: dict[str, list[str]] = field(default_factory=dict)
    hole_count: int | None = None                           # hole cards a player is dealt, when not 2 or 4
    _actions: list[tuple[str, str]] = field(default_factory=list)  # (name or "", PHH text after the actor)
    _shows: list[tuple[str, str]] = field(default_factory=list)
    _spent: dict[str, Money] = field(default_factory=dict)
    _round: dict[str, Money] = field(default_factory=dict)
    _back: dict[str, Money] = field(default_factory=dict)
    _uncalled: dict[str, Money] = field(default_factory=dict)
    _big_blind: str = ""

    # -- what the site says, in its order

    def sit(self, seat: int, name: str, stack: Money) -> None:
        """A player in the hand; a name that is not text PHH can write (a lone surrogate, a
        control character) is refused here, so that nothing read is later unwritable."""
        if not name or not name.isprintable() or any(0xD800 <= ord(ch) <= 0xDFFF for ch in name):
            raise HistoryImportError(f"the name {brief(name)} of seat {seat} is not printable text")
        self.seats[seat] = (name, stack)

    def post(self, name: str, amount: Money, kind: str) -> None:
        """A forced bet: ``ante`` (dead money) or a blind (``sb``, ``bb``, a straddle: live)."""
        if kind == "ante":
            self.antes[name] = self.antes.get(name, 0) + amount
            self._add(self._spent, name, amount)
        else:
            self.blinds[name] = self.blinds.get(name, 0) + amount
            self._add(self._round, name, amount)
            if kind == "bb":
                self._big_blind = name

    def street(self) -> None:
        """A new betting round: this round's wagers are in the pot."""
        for name, amount in self._round.items():
            self._add(self._spent, name, amount)
        self._round.clear()

    def fold(self, name: str, *, dead: bool = False) -> None:
        """A fold; ``dead``: the hand killed by the floor, perhaps out of turn (PHH's
        ``DEAD_HANDS_FIELD``)."""
        self._actions.append((name, f"f # {DEAD_HAND}" if dead else "f"))

    def check(self, name: str) -> None:
        self._actions.append((name, "cc"))

    def call(self, name: str, added: Money) -> None:
        """A call that puts ``added`` more in (a site's amount, checked on replay)."""
        self._add(self._round, name, added)
        self._actions.append((name, "cc"))

    def call_to(self, name: str, total: Money) -> None:
        """A call to a total wager this round (the form PokerNow writes)."""
        self._round[name] = total
        self._actions.append((name, "cc"))

    def raise_to(self, name: str, total: Money) -> None:
        """A bet, raise or completion to a total wager this round."""
        self._round[name] = total
        self._actions.append((name, f"cbr {total}"))

    def raise_by(self, name: str, added: Money) -> None:
        """A bet or raise that puts ``added`` more in (the form OHH writes)."""
        self.raise_to(name, self._round.get(name, 0) + added)

    def put_in(self, name: str, added: Money) -> None:
        """A wager of ``added`` more chips that the site does not name (an all-in): a call when
        it does not pass the round's highest wager, a bet or raise to the new total otherwise."""
        total = self._round.get(name, 0) + added
        if total > max(self._round.values(), default=0):
            self.raise_to(name, total)
        else:
            self.call(name, added)

    def return_uncalled(self) -> None:
        """Note the part of this round's highest wager that no one matched, for sites that do
        not record it (an uncalled bet is returned: rules.md, TDA R15-B, R65-A). Some sites
        count it in what the bettor ``collected`` and some do not: ``history`` tells which by
        the amounts (what is collected cannot pass the pot less the uncalled part unless it
        holds that part)."""
        if not self._round:
            return
        ranked = sorted(self._round.items(), key=lambda item: item[1], reverse=True)
        second = ranked[1][1] if len(ranked) > 1 else 0
        name, top = ranked[0]
        if top > second:
            self._add(self._uncalled, name, top - second)

    def bring_in_for(self, name: str, amount: Money) -> None:
        self._round[name] = amount
        self._actions.append((name, "pb"))

    def returned(self, name: str, amount: Money) -> None:
        self._add(self._back, name, amount)

    def collected(self, name: str, amount: Money) -> None:
        self._add(self._back, name, amount)

    def board(self, cards: Sequence[str]) -> None:
        self._actions.append(("", "d db " + "".join(cards)))

    def deal(self, name: str, cards: Sequence[str]) -> None:
        """Cards dealt to a player this street (``??`` for one not seen)."""
        self._actions.append((name, "d dh " + "".join(cards)))

    def discard(self, name: str, cards: Sequence[str]) -> None:
        """A draw: the cards discarded (none: stood pat), before the cards drawn (``deal``)."""
        self._actions.append((name, ("sd " + "".join(cards)).rstrip()))

    def show(self, name: str, cards: Sequence[str]) -> None:
        """Cards shown; the shows are written after the last board card, where the showdown is."""
        self.holes.setdefault(name, list(cards))
        self._shows.append((name, "sm " + "".join(cards)))

    def muck(self, name: str) -> None:
        self._shows.append((name, "sm"))

    @property
    def started(self) -> bool:
        """Whether any action or card has been recorded yet."""
        return bool(self._actions)

    def folded(self) -> set[str]:
        """The players who have folded so far."""
        return {name for name, text in self._actions if text == "f"}

    @staticmethod
    def _add(book: dict[str, Money], name: str, amount: Money) -> None:
        book[name] = book.get(name, 0) + amount

    # -- the PHH history

    def order(self) -> list[int]:
        """Seats in dealing order: from the first seat after the button, the button last."""
        seats = sorted(self.seats)
        if self.button is None:
            return seats
        after = [s for s in seats if s > self.button]
        return after + [s for s in seats if s <= self.button]

    def history(self, source: str = "") -> HandHistory:
        """The PHH history of this hand, the finishing stacks those of the site's amounts."""
        self.street()
        seats = self.order()
        names = [self.seats[s][0] for s in seats]
        if len(set(names)) != len(names):
            raise HistoryImportError("two seats have the same player name", source=source, hand=self.hand_id)
        player = {name: f"p{i}" for i, name in enumerate(names, start=1)}
        actions: list[str] = []
        if self.button is not None:
            actions += [f"d dh {player[n]} {''.join(self.holes.get(n, ['??'] * self._hole_count()))}"
                        for n in names]
        for name, text in [*self._actions, *self._shows]:
            if not name:
                actions.append(text)
                continue
            if name not in player:
                raise HistoryImportError(f"{name!r} acts but has no seat", source=source, hand=self.hand_id)
            if text.startswith("d dh "):
                actions.append(f"d dh {player[name]} {text[5:]}")
            else:
                actions.append(f"{player[name]} {text}")
        extra = dict(self.extra)
        dead = [k for k, line in enumerate(actions) if line.endswith(f" f # {DEAD_HAND}")]
        if dead:
            extra[DEAD_HANDS_FIELD] = dead
        two = len(names) == 2

        def per_player(book: dict[str, Money]) -> tuple[Money, ...] | None:
            if not book:
                return None
            values = tuple(book.get(n, 0) for n in names)
            return tuple(reversed(values)) if two else values

        self._short_big_blind()
        if self._uncalled:
            uncalled = sum(self._uncalled.values())
            if sum(self._back.values()) <= sum(self._spent.values()) - uncalled:
                for name, amount in self._uncalled.items():
                    self._add(self._back, name, amount)
        starting = tuple(self.seats[s][1] for s in seats)
        finishing = tuple(
            self.seats[s][1] - self._spent.get(n, 0) + self._back.get(n, 0) for s, n in zip(seats, names, strict=True)
        )
        history = HandHistory(
            variant=self.variant,
            antes=per_player(self.antes) or (0,) * len(names),
            blinds_or_straddles=None if self.button is None else per_player(self.blinds) or (0,) * len(names),
            bring_in=self.bring_in,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            min_bet=self.min_bet,
            starting_stacks=starting,
            actions=tuple(actions),
            venue=self.venue or None,
            hand=self.hand_id or None,
            table=self.table or None,
            seats=tuple(seats),
            seat_count=self.seat_count,
            players=tuple(names),
            finishing_stacks=finishing,
            currency=self.currency or None,
            event=self.event or None,
            level=self.level,
            year=self.when.year if self.when else None,
            month=self.when.month if self.when else None,
            day=self.when.day if self.when else None,
            time=self.when.time() if self.when else None,
            time_zone_abbreviation=self.zone or None,
            extra=extra,
            source=source,
            key=self.hand_id or None,
        )
        return checked(history)

    def _short_big_blind(self) -> None:
        """A big blind that is the player's whole stack, short of the stakes' big blind, is
        written as the full blind (PHH's blinds are the table's; the replay posts what the
        stack holds, all in)."""
        name, nominal = self._big_blind, self.min_bet or self.small_bet
        stack = next((chips for n, chips in self.seats.values() if n == name), None)
        posted = self.blinds.get(name)
        all_in = posted is not None and posted + self.antes.get(name, 0) == stack
        if nominal is not None and posted is not None and all_in and posted < nominal:
            self.blinds[name] = nominal

    def _hole_count(self) -> int:
        return self.hole_count or {"PO": 4, "FO/8": 4, "PO5": 5}.get(self.variant, 2)


def read_each(text: str, source: str, starts: re.Pattern[str],
              read_hand: Callable[[str, str], HandHistory]) -> list[HandHistory | HistoryImportError]:
    """Every hand of a site's file, split where ``starts`` matches: a history, or the error that
    hand raised; a file over ``phh.MAX_FILE_BYTES`` is refused at once, as one error."""
    refused = too_big(text, MAX_FILE_BYTES, "a file", source)
    if refused is not None:
        return [refused]
    out: list[HandHistory | HistoryImportError] = []
    for part in split_at(text, starts):
        try:
            out.append(read_hand(part, source))
        except HistoryImportError as error:
            out.append(error)
    return out


def split_at(text: str, starts: re.Pattern[str]) -> Iterator[str]:
    """Each hand's text: from one match of ``starts`` to the next."""
    found = [m.start() for m in starts.finditer(text)]
    for a, b in zip(found, [*found[1:], len(text)], strict=False):
        yield text[a:b].strip()


def opening(lines: Sequence[str], header: re.Pattern[str], opens: str, source: str) -> re.Match[str]:
    """The site's header matched on a hand's first line (its id in group ``id``), or a
    ``HistoryImportError`` saying what a hand of the site ``opens`` with."""
    found = header.match(lines[0]) if lines else None
    if found is None:
        raise HistoryImportError(opens, source=source)
    return found


def guarded(text: str, source: str, hand_id: str, read: Callable[[], HandHistory]) -> HandHistory:
    """``read()`` for one hand, every failure a ``HistoryImportError`` naming the hand (a hand
    over ``phh.MAX_HAND_BYTES`` refused before it is read)."""
    refused = too_big(text, MAX_HAND_BYTES, "a hand", source)
    if refused is not None:
        raise refused
    try:
        return read()
    except HistoryImportError as error:
        raise HistoryImportError(error.message, source=source, hand=error.hand or hand_id) from None
    except (ValueError, LookupError, TypeError, ArithmeticError, RecursionError) as error:  # nothing else leaves
        raise HistoryImportError(f"cannot be read: {error}", source=source, hand=hand_id) from None


def checked(history: HandHistory) -> HandHistory:
    """The history held to every rule and limit the PHH reader holds a file to (the players,
    actions and amounts of ``phh.hand_from_table``): an imported hand is one a PHH file could
    hold. ``HistoryImportError`` naming the field otherwise."""
    try:
        return hand_from_table(history.data(), source=history.source, key=history.key)
    except PHHFormatError as error:
        where = f"{error.field}: " if error.field else ""
        raise HistoryImportError(where + error.message, source=history.source, hand=history.key or "") from None
