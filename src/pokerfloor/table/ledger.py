"""The table's book of chips: every chip bought in, won, lost and taken away.

Each entry moves chips into (+) or out of (−) one player's stack. Buy-ins, top-ups, rebuys and
markers bring chips to the table, cash-outs take them away, and each hand's results move chips
between players, summing to zero. So at any moment a player's stack is what the ledger says they
hold, and the chips on the table are what was brought in less what was taken away.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

EntryKind = Literal["buy_in", "top_up", "rebuy", "marker", "hand", "cash_out", "eliminated"]
BROUGHT_IN: frozenset[str] = frozenset({"buy_in", "top_up", "rebuy", "marker"})


@dataclass(frozen=True, slots=True)
class Entry:
    """One movement of chips to or from one player's stack (``chips`` is signed)."""

    number: int
    kind: EntryKind
    player: str
    seat: int
    chips: int
    hand: int | None = None
    time: float = 0.0


class LedgerError(AssertionError):
    """The book does not balance: a chip appeared or vanished."""


class Ledger:
    """An append-only list of chip movements with the sums a floor person asks for."""

    def __init__(self) -> None:
        self._entries: list[Entry] = []
        self._holdings: dict[str, int] = {}
        self._hand_totals: dict[int, int] = {}

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._entries)

    def record(
        self, kind: EntryKind, player: str, seat: int, chips: int, *, hand: int | None = None, time: float = 0.0
    ) -> Entry:
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise ValueError(f"chips are whole numbers, not {chips!r}")
        if kind in BROUGHT_IN and chips <= 0:
            raise ValueError(f"a {kind} brings chips to the table, not {chips}")
        if kind in ("cash_out", "eliminated") and chips > 0:
            raise ValueError(f"a {kind} takes chips away, not {chips}")
        entry = Entry(len(self._entries) + 1, kind, player, seat, chips, hand, time)
        self._entries.append(entry)
        self._holdings[player] = self._holdings.get(player, 0) + chips
        if kind == "hand" and hand is not None:
            self._hand_totals[hand] = self._hand_totals.get(hand, 0) + chips
        return entry

    def _sum(self, kinds: frozenset[str] | None, player: str | None) -> int:
        return sum(
            e.chips
            for e in self._entries
            if (kinds is None or e.kind in kinds) and (player is None or e.player == player)
        )

    def brought_in(self, player: str | None = None) -> int:
        """Chips bought in (buy-ins, top-ups, rebuys, markers), by one player or everyone."""
        return self._sum(BROUGHT_IN, player)

    def taken_away(self, player: str | None = None) -> int:
        """Chips cashed out (a positive number)."""
        return -self._sum(frozenset({"cash_out", "eliminated"}), player)

    def won(self, player: str | None = None) -> int:
        """Chips won in hands, net of chips lost (negative for a loser)."""
        return self._sum(frozenset({"hand"}), player)

    def holding(self, player: str) -> int:
        """What the player's stack must be, by the book."""
        return self._holdings.get(player, 0)

    def on_table(self) -> int:
        """Every chip at the table, by the book."""
        return sum(self._holdings.values())

    def hand_totals(self) -> dict[int, int]:
        """Each hand's results summed over the players (zero when nothing was lost or made)."""
        return dict(self._hand_totals)

    def verify(self, stacks: Mapping[str, int]) -> None:
        """Raise ``LedgerError`` unless every stack is what the book says and every hand sums to
        zero. ``stacks`` holds each seated player's chips; players who left hold none."""
        for hand, total in self._hand_totals.items():
            if total:
                raise LedgerError(f"hand {hand} made or lost {total} chips")
        for player in sorted(set(self._holdings) | set(stacks)):
            expected, actual = self.holding(player), stacks.get(player, 0)
            if expected != actual:
                raise LedgerError(f"{player} holds {actual} chips but the ledger says {expected}")

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
        holdings = ", ".join(f"{player} {chips:,}" for player, chips in self._holdings.items())
        lines.append(f"holding: {holdings or 'nobody'}; on the table {self.on_table():,}")
        return "\n".join(lines)
