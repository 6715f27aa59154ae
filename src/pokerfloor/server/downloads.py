"""Downloads of a session: its finished hands as PHH and OHH (as a spectator sees them: no hole
card that was not shown), as JSON hand records once the table reveals their seeds (before,
each hand as the rail saw it), and the ledger as CSV with the settle-up
transfers."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from pokerfloor.io import export, ohh, phh
from pokerfloor.server.deal import published, withheld
from pokerfloor.server.room import Refused, Room


def session_phh(room: Room) -> str:
    """The session's finished hands as one ``.phhs`` text, each as a spectator saw it."""
    histories = [
        export.history_of(hand, seat=None, full=False, hand=number) for number, hand in enumerate(room.hands, 1)
    ]
    return phh.dumps_all(histories)


def session_ohh(room: Room) -> list[dict[str, object]]:
    """The session's finished hands as Open Hand History objects, each as a spectator saw it."""
    return [
        ohh.to_ohh(hand, seat=None, full=False, game_number=str(number), table_name=room.table_id,
                   table_size=room.config.seats)
        for number, hand in enumerate(room.hands, 1)
    ]


def session_records(room: Room) -> list[dict[str, object]]:
    """The session's finished hands, each with its seed's hash: once its seed is revealed, its
    JSON hand record and its seed; before, only the hand as the rail saw it (``Room.seed_of``)."""
    entries = []
    for hand, deal in zip(room.hands, room.deals, strict=False):
        seed = room.seed_of(deal)
        if seed is None:
            entries.append(withheld(deal.number, deal.seed, hand.view(None).to_dict()))
        else:
            entries.append(published(deal.number, hand.record(), seed))
    return entries


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


def ledger_csv(room: Room) -> str:
    """The ledger's entries, each player's result, and the settle-up transfers."""
    ledger = room.table.ledger
    names = {player: ledger.name(player) for player in ledger.players()}     # players who left too
    names.update((p.player_id, p.name) for p in room.players.values())
    out = io.StringIO()
    rows = csv.writer(out)
    rows.writerow(["entry", "hand", "kind", "seat", "player_id", "name", "chips"])
    for e in (*room.forgotten_entries(), *ledger.entries):
        rows.writerow([e.number, e.hand, e.kind, e.seat, e.player, names.get(e.player, ""), e.chips])
    results = {}
    for player in ledger.players():     # older hands' entries left memory, their players' sums did not
        held = room.table.stack(room.table.seat_of(player)) if room.table.seat_of(player) else 0  # type: ignore[arg-type]
        results[player] = ledger.taken_away(player) + held - ledger.brought_in(player)
    rows.writerow([])
    rows.writerow(["pays", "to", "chips"])
    for payer, payee, chips in settle_up(results):
        rows.writerow([payer, payee, chips])
    return out.getvalue()


def routes(room_by_id: Callable[[str], Room]) -> list[Route]:
    """The download routes, finding a table's room by its id (``Refused`` when unknown)."""

    def room_of(request: Request) -> Room:
        return room_by_id(str(request.path_params["table_id"]))

    async def hands(request: Request) -> Response:
        try:
            return PlainTextResponse(session_phh(room_of(request)))
        except Refused as refused:
            return PlainTextResponse(refused.message, status_code=404)

    async def ledger(request: Request) -> Response:
        try:
            return PlainTextResponse(ledger_csv(room_of(request)), media_type="text/csv")
        except Refused as refused:
            return PlainTextResponse(refused.message, status_code=404)

    async def records(request: Request) -> Response:
        try:
            return JSONResponse(session_records(room_of(request)))
        except Refused as refused:
            return PlainTextResponse(refused.message, status_code=404)

    async def open_histories(request: Request) -> Response:
        try:
            return JSONResponse(session_ohh(room_of(request)))
        except Refused as refused:
            return PlainTextResponse(refused.message, status_code=404)

    return [
        Route("/api/tables/{table_id}/hands.json", records),
        Route("/api/tables/{table_id}/hands.ohh.json", open_histories),
        Route("/api/tables/{table_id}/hands.phhs", hands),
        Route("/api/tables/{table_id}/ledger.csv", ledger),
    ]
