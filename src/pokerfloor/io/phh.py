"""Poker Hand History (PHH) files: ``.phh`` (one hand) and ``.phhs`` (tables ``[1]``, ``[2]``...).

A ``HandHistory`` keeps every field exactly as the file wrote it (money as ``int`` or exact
``Decimal``, ``inf`` for an unknown stack), so reading and writing back loses nothing.
Replaying it on the engine is ``pokerfloor.io.replay``; the PHH conventions (positions,
heads-up reversal, decimal money) are translated there.
"""

from __future__ import annotations

import datetime
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from pokerfloor.errors import InvalidArgument, PokerfloorError
from pokerfloor.io.notation import Action, Money, NotationError, parse_action
from pokerfloor.rules import Structure

INF = Decimal("Infinity")

# The reader's limits: a file from a stranger is refused at once beyond them (docs/io-needs.md).
MAX_FILE_BYTES = 64 * 2**20
"""A ``.phhs`` file of up to 64 MiB (hundreds of thousands of hands)."""
MAX_HAND_BYTES = 256 * 2**10
"""A ``.phh`` file (one hand) of up to 256 KiB."""
MAX_ACTIONS = 2_000
"""Actions in one hand (a real hand has a few dozen)."""
MAX_ENTRIES = 64
"""Entries in an array of per-player values (players, stacks, antes...)."""
MAX_DIGITS = 15
"""Digits before the decimal point of an amount (below 10**15)."""
MAX_DECIMALS = 6
"""Digits after the decimal point of an amount."""
MAX_MESSAGE = 150
"""The most characters of an error's reason (with the file's last 80, the hand and the field,
a message stays under 300): a value it names from a stranger's file is cut short."""


@dataclass(frozen=True)
class PHHVariant:
    """A PHH variant code and the pokerfloor game it names."""

    code: str
    variant: str
    structure: Structure

    @property
    def forced_bets(self) -> str:
        """``"bring_in"`` for stud, ``"blinds"`` for button games."""
        return "bring_in" if self.variant in ("stud", "stud_hilo", "razz") else "blinds"


PHH_VARIANTS: dict[str, PHHVariant] = {
    v.code: v
    for v in (
        PHHVariant("FT", "holdem", "fixed_limit"),
        PHHVariant("NT", "holdem", "no_limit"),
        PHHVariant("NS", "short_deck", "no_limit"),
        PHHVariant("PO", "omaha", "pot_limit"),
        PHHVariant("FO/8", "omaha_hilo", "fixed_limit"),
        PHHVariant("F7S", "stud", "fixed_limit"),
        PHHVariant("F7S/8", "stud_hilo", "fixed_limit"),
        PHHVariant("FR", "razz", "fixed_limit"),
        PHHVariant("N2L1D", "deuce_seven_single", "no_limit"),
        PHHVariant("F2L3D", "deuce_seven_triple", "fixed_limit"),
        PHHVariant("FB", "badugi", "fixed_limit"),
    )
}

EXTENSION_FIELD = "_pokerfloor_variant"
"""The user field (PHH lets a file add fields starting with ``_``) that names a game PHH has no
code for, as ``"<structure> <variant>"`` (``"pot_limit omaha_hilo"``): the file's ``variant`` is
then an extension code made the spec's way (``EXTENDED_VARIANTS``), read back only with this
field beside it. A spread-limit game adds ``_spread`` (``[min, max, last]``)."""
DEAD_HANDS_FIELD = "_dead_hands"
"""The user field that lists, by their indexes in ``actions``, the folds that are hands killed by
the floor (``Hand.kill``, TDA 2024 Rules 30 and 31), perhaps out of turn, which PHH has no action
for: each is written ``pN f # dead hand`` where it happened, and ``replay`` kills the hand there
(docs/hand-api.md, "Dead hands")."""
RUNS_FIELD = "_runs"
BOARDS_FIELD = "_boards"
"""The user fields of a hand whose board was run more than once (``Hand.run_it``), which PHH
cannot deal: the number of runs and every run's board (``"5sKc2h2dJh"``), the first being the
one the actions deal; ``replay`` runs it that many times and deals the later runs from here
(docs/hand-api.md, "Run it twice")."""
DOUBLE_BOARD_FIELD = "_double_board"
"""The user field, ``true``, of a hand dealt on two boards from the start (``Hand(...,
boards=2)``, a double-board bomb pot), which PHH cannot deal either: ``_runs`` and ``_boards``
hold both boards, and ``replay`` deals the hand on two boards, street by street, the second
board from ``_boards`` (docs/hand-api.md, "Bomb pots and double boards")."""
_STRUCTURE_LETTERS = {"fixed_limit": "F", "no_limit": "N", "pot_limit": "P", "half_pot": "H", "spread_limit": "S"}
_GAME_LETTERS = {"holdem": "T", "short_deck": "S", "omaha": "O", "omaha5": "O5", "omaha6": "O6",
                 "omaha_hilo": "O/8", "omaha5_hilo": "O5/8", "stud": "7S", "stud_hilo": "7S/8", "razz": "R",
                 "five_card_draw": "5CD", "deuce_seven_single": "2L1D", "deuce_seven_triple": "2L3D",
                 "ace_five_triple": "A5L3D", "badugi": "B"}
EXTENDED_VARIANTS: dict[str, PHHVariant] = {
    letter + game: PHHVariant(letter + game, variant, structure)  # type: ignore[arg-type]
    for structure, letter in _STRUCTURE_LETTERS.items()
    for variant, game in _GAME_LETTERS.items()
    if letter + game not in PHH_VARIANTS
}
"""Codes for the games PHH has none for, by the spec's own scheme (the structure's letter, then
the game's: ``PO/8`` pot-limit Omaha hi-lo, ``F5CD`` limit five-card draw): written only with
``EXTENSION_FIELD`` (docs/imports.md, PHH extensions)."""
assert all(c.code == _STRUCTURE_LETTERS[c.structure] + _GAME_LETTERS[c.variant] for c in PHH_VARIANTS.values())


def variant_of(code: str, extra: Mapping[str, Any]) -> PHHVariant | None:
    """The game a ``variant`` code names: one of the spec's, or an extension code that the file's
    ``EXTENSION_FIELD`` names too (``None`` otherwise)."""
    known = PHH_VARIANTS.get(code)
    if known is not None:
        return known
    extended = EXTENDED_VARIANTS.get(code)
    if extended is None or extra.get(EXTENSION_FIELD) != f"{extended.structure} {extended.variant}":
        return None
    return extended


class PHHFormatError(PokerfloorError, ValueError):
    """A file, or one hand of it, that is not a valid hand history; says where and why."""

    def __init__(self, message: str, *, source: str = "", hand: str | None = None,
                 field: str | None = None) -> None:
        self.source = source
        self.hand = hand if hand is None or len(hand) <= 20 else hand[:19] + "…"
        self.field = field if field is None or len(field) <= 40 else field[:39] + "…"
        self.message = message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"
        super().__init__(self.location() + self.message)

    def location(self) -> str:
        source = self.source if len(self.source) <= 80 else "…" + self.source[-79:]
        parts = [source or "<text>"]
        if self.hand is not None:
            parts.append(f"[{self.hand}]")
        if self.field is not None:
            parts.append(self.field)
        return " ".join(parts) + ": "


@dataclass(frozen=True, kw_only=True)
class HandHistory:
    """One hand of a PHH file, field for field (spec fields in spec order, then the rest).

    ``source`` and ``key`` say where it came from (the file, and the table name in a ``.phhs``);
    they are not written. ``extra`` holds user-defined (``_``-prefixed) and unknown fields.
    """

    variant: str
    ante_trimming_status: bool | None = None
    antes: tuple[Money, ...] | None = None
    blinds_or_straddles: tuple[Money, ...] | None = None
    bring_in: Money | None = None
    small_bet: Money | None = None
    big_bet: Money | None = None
    min_bet: Money | None = None
    starting_stacks: tuple[Money, ...]
    actions: tuple[str, ...] = ()
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: int | str | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: int | str | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Money, ...] | None = None
    winnings: tuple[Money, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: Money | None = None
    time_banks: tuple[Money, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)
    source: str = field(default="", compare=False)
    key: str | None = field(default=None, compare=False)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def phh_variant(self) -> PHHVariant:
        code = variant_of(self.variant, self.extra)
        if code is None:
            raise KeyError(self.variant)
        return code

    def parsed_actions(self) -> list[Action]:
        """The ``actions`` parsed (they were checked when the history was read or built)."""
        return [parse_action(text) for text in self.actions]

    def where(self) -> str:
        """``file [key]`` for messages."""
        return self.source + (f" [{self.key}]" if self.key is not None else "")

    def data(self) -> dict[str, Any]:
        """The TOML fields of this hand, in writing order, unset fields left out."""
        out: dict[str, Any] = {}
        for spec in fields(self):
            if spec.name in ("extra", "source", "key"):
                continue
            value = getattr(self, spec.name)
            if value is not None:
                out[spec.name] = list(value) if isinstance(value, tuple) else value
        out.update(self.extra)
        return out


# Reading -----------------------------------------------------------------------------------

_MONEY_ARRAYS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks",
                 "winnings", "time_banks")
_MONEY = ("bring_in", "small_bet", "big_bet", "min_bet", "time_limit")
_STRINGS = ("variant", "author", "event", "url", "venue", "address", "city", "region",
            "postal_code", "country", "time_zone", "time_zone_abbreviation", "currency",
            "currency_symbol")
_INTEGERS = ("day", "month", "year", "level", "seat_count")
_INT_OR_STR = ("hand", "table")
_KNOWN = frozenset(f.name for f in fields(HandHistory)) - {"extra", "source", "key"}


class _FieldError(Exception):
    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message


def _money(name: str, value: object, *, allow_inf: bool = False) -> Money:
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise _FieldError(name, f"{value!r} is not an amount (an integer or a decimal number)")
    if isinstance(value, Decimal):
        if value.is_nan():
            raise _FieldError(name, "nan is not an amount")
        if value.is_infinite():
            if not (allow_inf and value > 0):
                raise _FieldError(name, f"{value} is not allowed here")
            return value
        if value.as_tuple().exponent < -MAX_DECIMALS:  # type: ignore[operator]
            raise _FieldError(name, f"an amount has at most {MAX_DECIMALS} decimals")
    if abs(value) >= 10**MAX_DIGITS:
        raise _FieldError(name, f"an amount is below 10**{MAX_DIGITS}")
    return value


def _array(name: str, value: object) -> list[Any]:
    if not isinstance(value, list):
        raise _FieldError(name, f"must be an array, not {value!r}")
    limit = MAX_ACTIONS if name == "actions" else MAX_ENTRIES
    if len(value) > limit:
        raise _FieldError(name, f"has {len(value)} entries; the most a hand may have is {limit}")
    return value


def _convert(name: str, value: object) -> object:
    """The typed value of a known field, or ``_FieldError``."""
    if name in _MONEY_ARRAYS:
        items = _array(name, value)
        inf_ok = name in ("starting_stacks", "finishing_stacks", "time_banks")
        return tuple(_money(f"{name}[{i}]", v, allow_inf=inf_ok) for i, v in enumerate(items))
    if name in _MONEY:
        return _money(name, value, allow_inf=name == "time_limit")
    if name in _STRINGS:
        if not isinstance(value, str):
            raise _FieldError(name, f"must be a string, not {value!r}")
        return value
    if name in _INTEGERS:
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) >= 10**MAX_DIGITS:
            raise _FieldError(name, f"must be an integer below 10**{MAX_DIGITS}, not {value!r}")
        return value
    if name in _INT_OR_STR:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise _FieldError(name, f"must be an integer or a string, not {value!r}")
        return value
    if name == "ante_trimming_status":
        if not isinstance(value, bool):
            raise _FieldError(name, f"must be true or false, not {value!r}")
        return value
    if name == "time":
        if not isinstance(value, datetime.time):
            raise _FieldError(name, f"must be a TOML local time (hh:mm:ss), not {value!r}")
        return value
    if name == "seats":
        items = _array(name, value)
        for i, seat in enumerate(items):
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 < seat < 10**6:
                raise _FieldError(f"seats[{i}]", f"{seat!r} is not a seat number")
        return tuple(items)
    if name in ("actions", "players"):
        items = _array(name, value)
        for i, text in enumerate(items):
            if not isinstance(text, str):
                raise _FieldError(f"{name}[{i}]", f"{text!r} is not a string")
        return tuple(items)
    raise AssertionError(name)


def hand_from_table(table: Mapping[str, Any], *, source: str = "", key: str | None = None) -> HandHistory:
    """A ``HandHistory`` from one parsed TOML table; raises ``PHHFormatError``."""
    try:
        known: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        for name, value in table.items():
            if name in _KNOWN:
                known[name] = _convert(name, value)
            else:
                extra[name] = value
        for name in ("variant", "starting_stacks", "actions"):
            if name not in known:
                raise _FieldError(name, "is required")
        history = HandHistory(**known, extra=extra, source=source, key=key)
        check_history(history)
    except _FieldError as error:
        raise PHHFormatError(error.message, source=source, hand=key, field=error.field) from None
    except (ValueError, ArithmeticError, TypeError, RecursionError) as error:  # nothing else leaves the reader
        raise PHHFormatError(f"cannot be read: {error}", source=source, hand=key) from None
    return history


def check_history(history: HandHistory) -> None:
    """The rules of the format that hold across fields (raises ``_FieldError``)."""
    code = variant_of(history.variant, history.extra)
    if code is None:
        extension = f" (or an extension code with {EXTENSION_FIELD})" if history.variant in EXTENDED_VARIANTS else ""
        raise _FieldError("variant", f"unknown variant {history.variant!r}; known: {', '.join(PHH_VARIANTS)}"
                          + extension)
    count = history.player_count
    if count < 2:
        raise _FieldError("starting_stacks", "a hand needs at least two players")
    for i, stack in enumerate(history.starting_stacks):
        if stack <= 0:
            raise _FieldError(f"starting_stacks[{i}]", f"a starting stack is positive, not {stack}")
    required = ["antes"]
    required.append("bring_in" if code.forced_bets == "bring_in" else "blinds_or_straddles")
    required += ["small_bet", "big_bet"] if code.structure == "fixed_limit" else ["min_bet"]
    for name in required:
        if getattr(history, name) is None:
            raise _FieldError(name, f"is required in {history.variant}")
    for name in ("antes", "blinds_or_straddles", "seats", "players", "finishing_stacks",
                 "winnings", "time_banks"):
        value = getattr(history, name)
        if value is not None and len(value) != count:
            raise _FieldError(name, f"has {len(value)} entries for {count} players")
    for name in ("antes", "finishing_stacks", "winnings"):
        for i, amount in enumerate(getattr(history, name) or ()):
            if amount < 0:
                raise _FieldError(f"{name}[{i}]", f"cannot be negative ({amount})")
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        amount = getattr(history, name)
        if amount is not None and amount <= 0:
            raise _FieldError(name, f"must be positive, not {amount}")
    if history.seats is not None and len(set(history.seats)) != count:
        raise _FieldError("seats", "names a seat twice")
    _check_actions(history)


def _check_actions(history: HandHistory) -> None:
    """Every action parses, names an existing player and deals no card twice."""
    short_deck = history.variant == "NS"
    draws = history.phh_variant.variant in ("five_card_draw", "deuce_seven_single", "deuce_seven_triple",
                                            "ace_five_triple", "badugi")
    live: set[Any] = set()
    for i, text in enumerate(history.actions):
        name = f"actions[{i}]"
        try:
            action = parse_action(text)
        except NotationError as error:
            raise _FieldError(name, f"{text!r}: {error}") from None
        if action.player is not None and action.player > history.player_count:
            raise _FieldError(name, f"{text!r}: there are only {history.player_count} players")
        known = [card for card in action.cards or () if card is not None]
        if short_deck and any(card.rank < 6 for card in known):
            raise _FieldError(name, f"{text!r}: short-deck has no cards below a six")
        if action.move in ("deal_hole", "deal_board"):
            for card in known:
                if card in live:
                    raise _FieldError(name, f"{text!r}: {card} is dealt twice")
                live.add(card)
        elif action.move == "stand_pat_discard" and draws:
            live.difference_update(known)


_TABLE_HEADER = re.compile(r"^\s*\[([^\[\]]+)\]\s*(#.*)?$", re.MULTILINE)


def _toml(text: str, *, source: str, hand: str | None = None) -> dict[str, Any]:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except (ValueError, ArithmeticError, RecursionError) as error:  # TOMLDecodeError, and huge integers
        raise PHHFormatError(f"not valid TOML: {error}", source=source, hand=hand) from None


def _bulk_chunks(text: str) -> Iterator[tuple[str, str]]:
    """A ``.phhs`` cut at its table headers (``[n]``), to save the good hands of a bad file."""
    headers = list(_TABLE_HEADER.finditer(text))
    for i, header in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(text)
        yield header.group(1).strip().strip("'\""), text[header.start():end]


def read_entries(text: str, *, source: str = "", bulk: bool = False) -> list[HandHistory | PHHFormatError]:
    """Every hand of a file's text, or the error that stopped it; one bad hand loses no other.
    A leading UTF-8 byte-order mark is skipped; text over the size limits is refused at once."""
    text = text.removeprefix("\ufeff")
    limit = MAX_FILE_BYTES if bulk else MAX_HAND_BYTES
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        return [PHHFormatError(f"is over the {limit // 1024} KiB a {'.phhs' if bulk else '.phh'} file may hold",
                               source=source)]
    if not bulk:
        try:
            return [hand_from_table(_toml(text, source=source), source=source)]
        except PHHFormatError as error:
            return [error]
    try:
        tables = list(_toml(text, source=source).items())
    except PHHFormatError as error:
        entries: list[HandHistory | PHHFormatError] = []
        first = _TABLE_HEADER.search(text)
        if first is None or _has_content(text[: first.start()]):
            entries.append(error)
        for key, chunk in _bulk_chunks(text):
            try:
                tables = list(_toml(chunk, source=source, hand=key).items())
                entries += _bulk_entries(tables, source)
            except PHHFormatError as chunk_error:
                entries.append(chunk_error)
        return entries
    return _bulk_entries(tables, source)


def _has_content(text: str) -> bool:
    return any(line.strip() and not line.strip().startswith("#") for line in text.splitlines())


def _bulk_entries(tables: Iterable[tuple[str, Any]], source: str) -> list[HandHistory | PHHFormatError]:
    entries: list[HandHistory | PHHFormatError] = []
    for key, table in tables:
        if not isinstance(table, dict):
            entries.append(PHHFormatError("a .phhs file holds only hand tables ([1], [2], ...)",
                                          source=source, field=key))
            continue
        try:
            entries.append(hand_from_table(table, source=source, key=key))
        except PHHFormatError as error:
            entries.append(error)
    return entries


def is_bulk(path: str | Path) -> bool:
    return Path(path).suffix == ".phhs"


def read_file_entries(path: str | Path) -> list[HandHistory | PHHFormatError]:
    """``read_entries`` of a file; ``.phhs`` files are bulk."""
    path = Path(path)
    limit = MAX_FILE_BYTES if is_bulk(path) else MAX_HAND_BYTES
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
        if len(data) > limit:
            return [PHHFormatError(f"is over the {limit // 1024} KiB such a file may hold", source=str(path))]
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [PHHFormatError(f"cannot be read: {error}", source=str(path))]
    return read_entries(text, source=str(path), bulk=is_bulk(path))


def stream_file_entries(path: str | Path) -> Iterator[HandHistory | PHHFormatError]:
    """The hands of a ``.phhs`` file one at a time, read as a stream: only one hand's text and
    table are held at once, whatever the file's size (``read_file_entries`` holds them all).
    Each hand is read as ``read_entries`` reads it; the file's size limit still holds."""
    source = str(path)
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            yield PHHFormatError(f"is over the {MAX_FILE_BYTES // 1024} KiB such a file may hold", source=source)
            return
        with Path(path).open(encoding="utf-8") as file:
            chunk: list[str] = []
            for line in file:
                if _TABLE_HEADER.match(line) and chunk:
                    yield from _stream_chunk("".join(chunk), source)
                    chunk = []
                chunk.append(line)
            if chunk:
                yield from _stream_chunk("".join(chunk), source)
    except (OSError, UnicodeDecodeError) as error:
        yield PHHFormatError(f"cannot be read: {error}", source=source)


def _stream_chunk(text: str, source: str) -> list[HandHistory | PHHFormatError]:
    header = _TABLE_HEADER.search(text)
    if header is None:
        return [] if not _has_content(text.removeprefix("\ufeff")) else [
            PHHFormatError("a .phhs file holds only hand tables ([1], [2], ...)", source=source)]
    key = header.group(1).strip().strip("'\"")
    try:
        return _bulk_entries(list(_toml(text.removeprefix("\ufeff"), source=source, hand=key).items()), source)
    except PHHFormatError as error:
        return [error]


def loads(text: str, *, bulk: bool = False, source: str = "") -> list[HandHistory]:
    """The hands of a file's text; raises the first ``PHHFormatError``."""
    hands = []
    for entry in read_entries(text, source=source, bulk=bulk):
        if isinstance(entry, PHHFormatError):
            raise entry
        hands.append(entry)
    return hands


def load(path: str | Path) -> list[HandHistory]:
    """The hands of a ``.phh`` or ``.phhs`` file; raises the first ``PHHFormatError``."""
    hands = []
    for entry in read_file_entries(path):
        if isinstance(entry, PHHFormatError):
            raise entry
        hands.append(entry)
    return hands


def history_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The ``.phh`` and ``.phhs`` files named or found under the paths, in a stable order."""
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in (".phh", ".phhs"))
        else:
            yield path


# Writing -----------------------------------------------------------------------------------

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _string(name)


def _string(text: str) -> str:
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        raise PHHFormatError(f"{text.encode('utf-8', 'backslashreplace').decode()[:40]!r} holds a lone surrogate: "
                             "not Unicode text, which a PHH file must be")
    if "'" not in text and not any(ch in text for ch in "\n\r") and text.isprintable():
        return f"'{text}'"
    escaped = []
    for ch in text:
        if ch in '"\\':
            escaped.append("\\" + ch)
        elif ch == "\n":
            escaped.append("\\n")
        elif not ch.isprintable() or ch == "\x7f":
            escaped.append(f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}")
        else:
            escaped.append(ch)
    return '"' + "".join(escaped) + '"'


def _decimal(value: Decimal) -> str:
    if value.is_nan():
        return "nan"
    if value.is_infinite():
        return "inf" if value > 0 else "-inf"
    text = format(value, "f")
    return text if "." in text else text + ".0"


def toml_value(value: object) -> str:
    """One TOML value, inline (arrays and tables on one line)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return _decimal(value)
    if isinstance(value, float):
        return _decimal(Decimal(repr(value))) if value == value else "nan"
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"{value!r} has no TOML form")


def dumps(history: HandHistory) -> str:
    """A ``.phh`` file: one ``key = value`` line per field, actions one per line."""
    lines = []
    for name, value in history.data().items():
        if name == "actions" and value:
            lines.append("actions = [")
            lines += [f"  {toml_value(text)}," for text in value]
            lines.append("]")
        else:
            lines.append(f"{_key(name)} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def dumps_all(histories: Iterable[HandHistory]) -> str:
    """A ``.phhs`` file: each hand a table, named by its ``key`` or numbered from 1."""
    parts = []
    used: set[str] = set()
    for number, history in enumerate(histories, start=1):
        key = history.key if history.key is not None and history.key not in used else str(number)
        while key in used:
            key += "_"
        used.add(key)
        parts.append(f"[{_key(key)}]\n{dumps(history)}")
    return "\n".join(parts)


def dump(histories: HandHistory | Iterable[HandHistory], path: str | Path) -> None:
    """Write one hand to a ``.phh`` file, or any number to a ``.phhs`` file."""
    path = Path(path)
    if isinstance(histories, HandHistory):
        histories = [histories]
    histories = list(histories)
    if not is_bulk(path):
        if len(histories) != 1:
            raise InvalidArgument(f"a .phh file holds one hand, not {len(histories)}; use .phhs")
        text = dumps(histories[0])
    else:
        text = dumps_all(histories)
    path.write_text(text, encoding="utf-8")


def with_actions(history: HandHistory, actions: Iterable[str]) -> HandHistory:
    """The same hand with other actions (a repaired or shortened history)."""
    return replace(history, actions=tuple(actions))


def append(history: HandHistory, path: str | Path, key: str) -> None:
    """Add one hand to a ``.phhs`` file as the table ``[key]``, keeping the hands already there
    (a game saves each hand as it finishes)."""
    with Path(path).open("a", encoding="utf-8") as out:
        out.write(f"{'' if out.tell() == 0 else chr(10)}[{_key(key)}]\n{dumps(history)}")
