"""Downloads of a session: its finished hands as PHH and OHH (as a spectator sees them: no hole
card that was not shown), as JSON hand records once the table reveals their seeds (before,
each hand as the rail saw it), and the ledger as CSV with the settle-up
transfers."""

from __future__ import annotations

import contextlib
import csv
import io
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from pokerfloor.hand import Hand
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


def results(room: Room) -> dict[str, int]:
    """Each player's result, by id: what they took away and hold now, less what they brought."""
    ledger, table = room.table.ledger, room.table
    out = {}
    for player in ledger.players():     # older hands' entries left memory, their players' sums did not
        seat = table.seat_of(player)
        held = table.stack(seat) if seat else 0
        out[player] = ledger.taken_away(player) + held - ledger.brought_in(player)
    return out


BIGGEST_POTS = 3


def session_summary(room: Room) -> dict[str, Any]:
    """The session as the host ends it: each player's result, the settle-up (who pays whom)
    and the biggest pots (hand number, the chips its winners collected, their seats)."""
    ledger = room.table.ledger
    names = {player: ledger.name(player) for player in ledger.players()}
    names.update((p.player_id, p.name) for p in room.players.values())
    net = results(room)
    pots: list[tuple[int, int, list[int]]] = []
    for hand, deal in zip(room.hands, room.deals, strict=False):
        outcome = hand.result
        if outcome is None:
            continue
        won = {seat: chips for seat, chips in outcome.winnings.items() if chips}
        pots.append((sum(won.values()), deal.number, sorted(won)))
    pots.sort(key=lambda p: (-p[0], p[1]))
    return {
        "ended": room.ended,
        "hands": len(room.hands),
        "players": [
            {"player_id": p, "name": names.get(p, ""), "brought_in": ledger.brought_in(p), "result": chips}
            for p, chips in sorted(net.items(), key=lambda item: -item[1])
        ],
        "settle_up": [{"pays": names.get(a, a), "to": names.get(b, b), "chips": c} for a, b, c in settle_up(net)],
        "biggest_pots": [{"hand": n, "pot": pot, "winners": seats} for pot, n, seats in pots[:BIGGEST_POTS]],
    }


def seat_in_hand(room: Room, player_id: str, number: int) -> int | None:
    """The seat the player was dealt in hand ``number`` (the ledger books each dealt seat's
    result by hand), or ``None`` if they were not dealt in."""
    entries = (*room.forgotten_entries(), *room.table.ledger.entries)
    return next((e.seat for e in entries if e.kind == "hand" and e.hand == number and e.player == player_id), None)


def hand_replay(room: Room, number: int, token: str | None = None) -> dict[str, Any]:
    """Hand ``number`` of the session, action by action, for the replayer: the table before the
    first action and after each, as the viewer may see it: a player of the table (``token``, a
    seat token) who was dealt in sees their own cards as they did (``Hand.view(seat)``), anyone
    else what the rail saw (``Hand.view(None)``); neither ever a card folded, mucked or never
    shown. Once the table's ``reveal`` makes the hand's seed public (``Room.seed_of``) every
    dealt hole card is public too, and ``holes`` holds them; else ``holes`` is null.
    ``Refused`` (``bad_field``) for a hand the session has not finished."""
    if not 1 <= number <= len(room.hands) or number > len(room.deals):
        raise Refused("bad_field", f"hand {number} is not a finished hand of this session", field="hand")
    hand, deal = room.hands[number - 1], room.deals[number - 1]
    seat = None
    if token:
        with contextlib.suppress(Refused):
            _, player = room.role_of(token)
            seat = None if player is None else seat_in_hand(room, player.player_id, number)
    record = hand.record()
    steps = []
    for taken in range(len(record.inputs) + 1):
        partial = Hand.from_record(replace(record, inputs=record.inputs[:taken]))
        steps.append(partial.view(seat).to_dict())
    seed = room.seed_of(deal)
    holes = None if seed is None else {str(s): [str(c) for c in cards] for s, cards in hand.holes.items()}
    # Each seat's player by name, as the ledger booked the hand (a player who left keeps it).
    ledger = room.table.ledger
    known = {p.player_id: p.name for p in room.players.values()}
    entries = (*room.forgotten_entries(), *ledger.entries)
    names = {str(e.seat): known.get(e.player) or ledger.name(e.player)
             for e in entries if e.kind == "hand" and e.hand == deal.number}
    return {"hand": deal.number, "seat": seat, "seed_sha256": deal.seed_sha256, "seed": seed, "holes": holes,
            "names": names, "steps": steps}


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
    rows.writerow([])
    rows.writerow(["pays", "to", "chips"])
    for payer, payee, chips in settle_up(results(room)):
        rows.writerow([payer, payee, chips])
    return out.getvalue()


def routes(room_by_id: Callable[[str], Room]) -> list[Route]:
    """The download routes, finding a table's room by its id (``Refused`` when unknown)."""

    def download(answer: Callable[[Request, Room], Response]) -> Callable[[Request], Awaitable[Response]]:
        """A route answered by ``answer`` with the request's table; a table or a hand it does
        not have (``Refused``) is 404, with the refusal's message."""

        async def route(request: Request) -> Response:
            try:
                return answer(request, room_by_id(str(request.path_params["table_id"])))
            except Refused as refused:
                return PlainTextResponse(refused.message, status_code=404)

        return route

    def replay(request: Request, room: Room) -> Response:
        try:
            number = int(str(request.path_params["number"]))
        except ValueError:
            raise Refused("bad_field", "no such hand", field="hand") from None
        token = request.headers.get("x-pokerfloor-token")     # a header: never in a log's URL
        return JSONResponse(hand_replay(room, number, token))

    return [
        Route("/api/tables/{table_id}/summary.json", download(lambda _, room: JSONResponse(session_summary(room)))),
        Route("/api/tables/{table_id}/hands/{number}/replay.json", download(replay)),
        Route("/api/tables/{table_id}/hands.json", download(lambda _, room: JSONResponse(session_records(room)))),
        Route("/api/tables/{table_id}/hands.ohh.json", download(lambda _, room: JSONResponse(session_ohh(room)))),
        Route("/api/tables/{table_id}/hands.phhs", download(lambda _, room: PlainTextResponse(session_phh(room)))),
        Route("/api/tables/{table_id}/ledger.csv",
              download(lambda _, room: PlainTextResponse(ledger_csv(room), media_type="text/csv"))),
    ]
