"""The session's money: each player's result by the book, who pays whom to settle up, and the
ledger as CSV (``ledger.csv``) with no cell able to start a spreadsheet formula."""

from __future__ import annotations

import csv
import io

from pokerfloor.server.room import Room


def settle_up(results: dict[str, int]) -> list[tuple[str, str, int]]:
    """Who pays whom: the biggest loser pays the biggest winner, and so on, until every result is
    met (at most one transfer fewer than the players)."""
    left = {p: abs(net) for p, net in results.items() if net}
    payers = sorted((p for p in left if results[p] < 0), key=lambda p: -left[p])
    payees = sorted((p for p in left if results[p] > 0), key=lambda p: -left[p])
    transfers: list[tuple[str, str, int]] = []
    i = j = 0
    while i < len(payers) and j < len(payees):
        payer, payee = payers[i], payees[j]
        chips = min(left[payer], left[payee])
        transfers.append((payer, payee, chips))
        left[payer] -= chips
        left[payee] -= chips
        i += left[payer] == 0
        j += left[payee] == 0
    return transfers


def results(room: Room) -> dict[str, int]:
    """Each player's result, by id: what they took away and hold by the book, less what they
    brought (``Ledger.results``). A hand in play counts once it ends: before, its chips in the
    pot were in nobody's result and the settle-up disagreed with the Net (issue 35, "Net -69,
    pays 60")."""
    return room.table.ledger.results()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads a cell starting with as a formula (OWASP, CSV injection)."""


def csv_cell(value: object) -> object:
    """A cell of a CSV download: a text that a spreadsheet would read as a formula (a name like
    ``=HYPERLINK(...)``) gets a leading ``'``, as OWASP's CSV injection guidance says, and is
    shown as the text it is; numbers are left as numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def ledger_csv(room: Room) -> str:
    """The ledger's entries, each player's result, and the settle-up transfers; no cell can
    start a formula (``csv_cell``)."""
    ledger = room.table.ledger
    names = {player: ledger.name(player) for player in ledger.players()}     # players who left too
    names.update((p.player_id, p.name) for p in room.players.values())
    out = io.StringIO()
    writer = csv.writer(out)
    rows: list[list[object]] = [["entry", "hand", "kind", "seat", "player_id", "name", "chips"]]
    for e in (*room.forgotten_entries(), *ledger.entries):
        rows.append([e.number, e.hand, e.kind, e.seat, e.player, names.get(e.player, ""), e.chips])
    rows += [[], ["pays", "to", "chips"]]
    rows.extend([payer, payee, chips] for payer, payee, chips in settle_up(results(room)))
    writer.writerows([csv_cell(cell) for cell in row] for row in rows)
    return out.getvalue()
