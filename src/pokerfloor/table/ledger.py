"""The table's book of chips: every chip bought in, won, lost and taken away.

Each entry moves chips into (+) or out of (−) one player's stack. Buy-ins, top-ups, rebuys and
markers bring chips to the table, cash-outs take them away, and each hand's results move chips
between players, summing to zero. So at any moment a player's stack is what the ledger says they
hold, and the chips on the table are what was brought in less what was taken away.

The book keys on player ids, never on display names: names may repeat or change.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal, cast

from pokerfloor.errors import InvalidArgument, PokerfloorError

EntryKind = Literal["buy_in", "top_up", "rebuy", "marker", "hand", "cash_out", "eliminated"]
BROUGHT_IN: frozenset[str] = frozenset({"buy_in", "top_up", "rebuy", "marker"})
TAKEN_AWAY: frozenset[str] = frozenset({"cash_out", "eliminated"})


@dataclass(frozen=True, slots=True)
class Entry:
    """One movement of chips to or from one player's stack (``chips`` is signed): the player's
    id, and ``name`` as the player was called then."""

    number: int
    kind: EntryKind
    player_id: str
    seat: int
    chips: int
    hand: int | None = None
    time: float = 0.0
    name: str = ""

    def __reduce__(self) -> tuple[type[Entry], tuple[Any, ...]]:
        # Pickled by its fields in order: a dataclass with slots is otherwise pickled through a
        # state its Python code builds field by field, and a server pickles a session's entries
        # at every hand's end.
        return Entry, (self.number, self.kind, self.player_id, self.seat, self.chips, self.hand, self.time, self.name)

    @property
    def player(self) -> str:
        """The player's display name (the id when the entry has no name)."""
        return self.name or self.player_id


class LedgerError(PokerfloorError, AssertionError):
    """The book does not balance: a chip appeared or vanished."""


class Ledger:
    """Chip movements with the sums a floor person asks for, each sum kept as it goes (O(1) to
    ask). The entries of recent hands stay in memory; ``forget_before`` hands older ones to the
    ``sink`` (a table that runs for months keeps its memory bounded)."""

    def __init__(self, sink: Callable[[Entry], None] | None = None) -> None:
        self._entries: deque[Entry] = deque()
        self._recorded = 0
        self._sink = sink
        self._holdings: dict[str, int] = {}
        self._hand_totals: dict[int, int] = {}
        self._totals: dict[tuple[str, str | None], int] = {}
        self._names: dict[str, str] = {}

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The entries kept in memory (the older ones went to the sink), oldest first."""
        return tuple(self._entries)

    def record(
        self,
        kind: EntryKind,
        player: str,
        seat: int,
        chips: int,
        *,
        hand: int | None = None,
        time: float = 0.0,
        name: str = "",
    ) -> Entry:
        """Book ``chips`` to or from the player with id ``player`` (called ``name``)."""
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise InvalidArgument(f"chips are whole numbers, not {chips!r}")
        if kind in BROUGHT_IN and chips <= 0:
            raise InvalidArgument(f"a {kind} brings chips to the table, not {chips}")
        if kind in TAKEN_AWAY and chips > 0:
            raise InvalidArgument(f"a {kind} takes chips away, not {chips}")
        self._recorded += 1
        entry = Entry(self._recorded, kind, player, seat, chips, hand, time, name)
        self._entries.append(entry)
        self._names[player] = name or self._names.get(player, player)
        self._holdings[player] = self._holdings.get(player, 0) + chips
        group = "brought_in" if kind in BROUGHT_IN else "taken_away" if kind in TAKEN_AWAY else kind
        for key in ((group, player), (group, None)):
            self._totals[key] = self._totals.get(key, 0) + chips
        if kind == "hand" and hand is not None:
            self._hand_totals[hand] = self._hand_totals.get(hand, 0) + chips
        return entry

    def forget_before(self, hand: int) -> None:
        """Hand the entries of hands before ``hand`` to the sink and drop them from memory; the
        sums, the holdings and any hand that did not sum to zero are kept."""
        entries = self._entries
        while entries and entries[0].hand is not None and entries[0].hand < hand:
            entry = entries.popleft()
            if self._sink is not None:
                self._sink(entry)
            if entry.kind == "hand" and entry.hand is not None and self._hand_totals.get(entry.hand) == 0:
                del self._hand_totals[entry.hand]

    def rename(self, player: str, name: str) -> None:
        """The player with id ``player`` is called ``name`` from now on (entries keep the old)."""
        self._names[player] = name

    def name(self, player: str) -> str:
        """The name the player with id ``player`` was last booked under."""
        return self._names.get(player, player)

    def players(self) -> tuple[str, ...]:
        """Every player id ever booked, in the order each first was, including players whose
        entries already went to the sink."""
        return tuple(self._holdings)

    def brought_in(self, player: str | None = None) -> int:
        """Chips bought in (buy-ins, top-ups, rebuys, markers), by one player (an id) or everyone."""
        return self._totals.get(("brought_in", player), 0)

    def taken_away(self, player: str | None = None) -> int:
        """Chips cashed out (a positive number)."""
        return -self._totals.get(("taken_away", player), 0)

    def won(self, player: str | None = None) -> int:
        """Chips won in hands, net of chips lost (negative for a loser)."""
        return self._totals.get(("hand", player), 0)

    def holding(self, player: str) -> int:
        """What the player's stack must be, by the book."""
        return self._holdings.get(player, 0)

    def results(self) -> dict[str, int]:
        """Each player's result by the book, by id: what they took away and hold, less what they
        brought. A hand in play counts once it ends (its chips are in no one's book until then),
        so the results always add up to zero and a settle-up of them pays each exactly."""
        return {player: self.taken_away(player) + self.holding(player) - self.brought_in(player)
                for player in self._holdings}

    def on_table(self) -> int:
        """Every chip at the table, by the book."""
        return sum(chips for (_, player), chips in self._totals.items() if player is None)

    def hand_totals(self) -> dict[int, int]:
        """Each hand's results summed over the players (zero when nothing was lost or made); of
        the hands forgotten (``forget_before``), only those that did not sum to zero."""
        return dict(self._hand_totals)

    def verify(self, stacks: Mapping[str, int]) -> None:
        """Raise ``LedgerError`` unless every stack is what the book says and every hand sums to
        zero. ``stacks`` holds each seated player's chips by id; players who left hold none."""
        for hand, total in self._hand_totals.items():
            if total:
                raise LedgerError(f"hand {hand} made or lost {total} chips")
        for player in sorted(set(self._holdings) | set(stacks)):
            expected, actual = self.holding(player), stacks.get(player, 0)
            if expected != actual:
                raise LedgerError(f"{self.name(player)} holds {actual} chips but the ledger says {expected}")

    def to_dict(self) -> dict[str, Any]:
        """The book as plain JSON values: the entries in memory and the running sums."""
        return {
            "recorded": self._recorded,
            "entries": [asdict(e) for e in self._entries],
            "holdings": dict(self._holdings),
            "names": dict(self._names),
            "hand_totals": [[hand, chips] for hand, chips in self._hand_totals.items()],
            "totals": [[group, player, chips] for (group, player), chips in self._totals.items()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], sink: Callable[[Entry], None] | None = None) -> Ledger:
        """The book ``to_dict`` wrote, going on from where it was."""
        ledger = cls(sink)
        ledger._recorded = int(data["recorded"])
        ledger._entries.extend(Entry(**cast(dict[str, Any], e)) for e in data["entries"])
        ledger._holdings = {str(k): int(v) for k, v in data["holdings"].items()}
        ledger._names = {str(k): str(v) for k, v in data["names"].items()}
        ledger._hand_totals = {int(hand): int(chips) for hand, chips in data["hand_totals"]}
        ledger._totals = {(str(group), player): int(chips) for group, player, chips in data["totals"]}
        return ledger

    def __repr__(self) -> str:
        return (
            f"<Ledger: {len(self._entries)} entries, brought in {self.brought_in():,}, "
            f"taken away {self.taken_away():,}, on the table {self.on_table():,}>"
        )

    def __str__(self) -> str:
        """The book as a floor person reads it: every entry, then what each player holds."""
        lines = [f"{'#':>4}  {'hand':>5}  {'kind':<10} {'seat':>4}  {'player':<16} {'chips':>10}"]
        for e in self._entries:
            hand = "" if e.hand is None else str(e.hand)
            lines.append(f"{e.number:>4}  {hand:>5}  {e.kind:<10} {e.seat:>4}  {e.player:<16} {e.chips:>+10,}")
        holdings = ", ".join(f"{self.name(player)} {chips:,}" for player, chips in self._holdings.items())
        lines.append(f"holding: {holdings or 'nobody'}; on the table {self.on_table():,}")
        return "\n".join(lines)
