"""Downloads of a session: its finished hands as PHH and OHH (as a spectator sees them: no hole
card that was not shown), as JSON hand records once the table reveals their seeds (before,
each hand as the rail saw it), and the ledger as CSV with the settle-up
transfers.

A download is built off the event loop, in one of ``BUILDERS`` worker threads, so that a table
of the process answers its players while a long session is turned into PHH: the loop only takes
what the build reads (``Session``: the finished hands, which no longer change, their deals and
seeds), and the thread does the rest. At most ``WAITING`` downloads wait for a thread; one more
is answered 503 (try again). On a process that does not run the table, the room comes from the
store (``Rooms.stored``), kept from one download to the next and brought up to date with the
inputs stored since, not rebuilt whole each time."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from pokerfloor.hand import Hand
from pokerfloor.io import export, ohh, phh
from pokerfloor.server.deal import published, withheld
from pokerfloor.server.room import Deal, Refused, Room

BUILDERS = 2        # threads that build downloads
WAITING = 8         # downloads that may wait for a thread; more are answered 503

LOG = logging.getLogger("pokerfloor.server")


@dataclass(frozen=True)
class Session:
    """What the downloads of finished hands read, taken from the room on the loop (cheap: the
    tuples hold the room's own objects): its finished hands, which no longer change, their
    deals, and each deal's seed where it may be shown now (``Room.seed_of``)."""

    table_id: str
    seats: int
    hands: tuple[Hand, ...]
    deals: tuple[Deal, ...]
    seeds: tuple[str | None, ...]


def session(room: Room) -> Session:
    """The room's finished hands as the downloads read them (``Session``)."""
    deals = tuple(room.deals)
    return Session(room.table_id, room.config.seats, tuple(room.hands), deals, tuple(room.seed_of(d) for d in deals))


def session_phh(room: Session) -> str:
    """The session's finished hands as one ``.phhs`` text, each as a spectator saw it. A hand
    that cannot be written is one comment line in its place, saying so and why: one hand never
    fails the file (issue 35)."""
    parts = []
    for number, hand in enumerate(room.hands, 1):
        try:
            history = export.history_of(hand, seat=None, full=False, hand=number)
            parts.append(phh.dumps_all([replace(history, key=str(number))]))
        except Exception as failed:     # a bug in one hand's writing: that hand alone is left out
            LOG.exception("table %s: hand %d cannot be written as PHH", room.table_id, number)
            parts.append(f"# hand {number} could not be written: {type(failed).__name__}: {failed}\n")
    return "\n".join(parts)


def session_ohh(room: Session) -> list[dict[str, object]]:
    """The session's finished hands as Open Hand History objects, each as a spectator saw it; a
    hand that cannot be written is ``{"pokerfloor_error": {"hand", "error"}}`` in its place."""
    written: list[dict[str, object]] = []
    for number, hand in enumerate(room.hands, 1):
        try:
            written.append(ohh.to_ohh(hand, seat=None, full=False, game_number=str(number),
                                      table_name=room.table_id, table_size=room.seats))
        except Exception as failed:
            LOG.exception("table %s: hand %d cannot be written as OHH", room.table_id, number)
            written.append({"pokerfloor_error": {"hand": number, "error": f"{type(failed).__name__}: {failed}"}})
    return written


def session_records(room: Session) -> list[dict[str, object]]:
    """The session's finished hands, each with its seed's hash: once its seed is revealed, its
    JSON hand record and its seed; before, only the hand as the rail saw it (``Room.seed_of``)."""
    entries = []
    for hand, deal, seed in zip(room.hands, room.deals, room.seeds, strict=False):
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
    """Each player's result, by id: what they took away and hold by the book, less what they
    brought (``Ledger.results``). A hand in play counts once it ends: before, its chips in the
    pot were in nobody's result and the settle-up disagreed with the Net (issue 35, "Net -69,
    pays 60")."""
    return room.table.ledger.results()


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


def viewer_seat(room: Room, number: int, token: str | None = None) -> int | None:
    """Who replays hand ``number``: the seat a player of the table (``token``, a seat token)
    was dealt in it, else ``None`` (the rail). ``Refused`` (``bad_field``) for a hand the
    session has not finished."""
    if not 1 <= number <= len(room.hands) or number > len(room.deals):
        raise Refused("bad_field", f"hand {number} is not a finished hand of this session", field="hand")
    if token:
        with contextlib.suppress(Refused):
            _, player = room.role_of(token)
            return None if player is None else seat_in_hand(room, player.player_id, number)
    return None


def hand_replay(room: Room, number: int, token: str | None = None) -> dict[str, Any]:
    """Hand ``number`` of the session, action by action, for the replayer: the table before the
    first action and after each, as the viewer may see it: a player of the table (``token``, a
    seat token) who was dealt in sees their own cards as they did (``Hand.view(seat)``), anyone
    else what the rail saw (``Hand.view(None)``); neither ever a card folded, mucked or never
    shown. Once the table's ``reveal`` makes the hand's seed public (``Room.seed_of``) every
    dealt hole card is public too, and ``holes`` holds them; else ``holes`` is null.
    ``Refused`` (``bad_field``) for a hand the session has not finished."""
    seat = viewer_seat(room, number, token)         # refuses a hand the session has not finished
    return replay_steps(session(room), number, seat, seat_names(room, room.deals[number - 1].number))


def seat_names(room: Room, number: int) -> dict[str, str]:
    """Each seat's player in hand ``number`` by name, as the ledger booked the hand (a player
    who left keeps it); read on the loop, from the live ledger."""
    ledger = room.table.ledger
    known = {p.player_id: p.name for p in room.players.values()}
    entries = (*room.forgotten_entries(), *ledger.entries)
    return {str(e.seat): known.get(e.player) or ledger.name(e.player)
            for e in entries if e.kind == "hand" and e.hand == number}


def replay_steps(room: Session, number: int, seat: int | None, names: dict[str, str]) -> dict[str, Any]:
    """``hand_replay`` from what the loop took (``Session``), the viewer's seat and the seats'
    names (``seat_names``)."""
    hand, deal, seed = room.hands[number - 1], room.deals[number - 1], room.seeds[number - 1]
    record = hand.record()
    steps = []
    for taken in range(len(record.inputs) + 1):
        partial = Hand.from_record(replace(record, inputs=record.inputs[:taken]))
        steps.append(partial.view(seat).to_dict())
    holes = None if seed is None else {str(s): [str(c) for c in cards] for s, cards in hand.holes.items()}
    return {"hand": deal.number, "seat": seat, "seed_sha256": deal.seed_sha256, "seed": seed, "holes": holes,
            "names": names, "steps": steps}


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


Build = Callable[[], Response]
"""A download's answer, built in a worker thread."""


class Rooms(Protocol):
    """Where the downloads find a table's room (``app.Server`` is one)."""

    def running(self, table_id: str) -> Room | None:
        """On the loop: the room this process runs, or None when another process runs it
        (``Refused`` for an unknown table)."""

    def stored(self, table_id: str, build: Callable[[Room], Response]) -> Response:
        """In a worker thread: ``build`` with the table's room as stored (another process runs
        it)."""


class Builders:
    """The worker threads that build downloads, and the bound on those waiting for one."""

    def __init__(self, threads: int = BUILDERS, waiting: int = WAITING) -> None:
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="pokerfloor-download")
        self.limit, self.waiting = threads + waiting, 0

    async def run(self, build: Build) -> Response:
        if self.waiting >= self.limit:
            return PlainTextResponse("too many downloads at once: try again shortly", status_code=503,
                                     headers={"Retry-After": "1"})
        self.waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, build)
        finally:
            self.waiting -= 1

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


Prepare = Callable[[Request, Room], Build]
"""On the loop, what a download takes from the room; returns what builds it in a thread."""


def routes(rooms: Rooms, builders: Builders) -> list[Route]:
    """The download routes, finding a table's room through ``rooms`` (``Refused`` when unknown)
    and building each answer in ``builders``."""

    def download(prepare: Prepare) -> Callable[[Request], Awaitable[Response]]:
        """A route answered with the request's table; a table or a hand it does not have
        (``Refused``) is 404, with the refusal's message."""

        def stored(request: Request, table_id: str) -> Build:
            return lambda: rooms.stored(table_id, lambda room: prepare(request, room)())

        async def route(request: Request) -> Response:
            try:
                table_id = str(request.path_params["table_id"])
                room = rooms.running(table_id)
                build = stored(request, table_id) if room is None else prepare(request, room)
                return await builders.run(build)
            except Refused as refused:
                return PlainTextResponse(refused.message, status_code=404)

        return route

    def replay(request: Request, room: Room) -> Build:
        try:
            number = int(str(request.path_params["number"]))
        except ValueError:
            raise Refused("bad_field", "no such hand", field="hand") from None
        token = request.headers.get("x-pokerfloor-token")     # a header: never in a log's URL
        seat, taken = viewer_seat(room, number, token), session(room)
        names = seat_names(room, taken.deals[number - 1].number)
        return lambda: JSONResponse(replay_steps(taken, number, seat, names))

    def summary(_: Request, room: Room) -> Build:
        body = session_summary(room)        # a few lines a player: on the loop
        return lambda: JSONResponse(body)

    def ledger(_: Request, room: Room) -> Build:
        text = ledger_csv(room)             # a row a ledger entry: on the loop, reading the live ledger
        return lambda: PlainTextResponse(text, media_type="text/csv")

    def of_hands(answer: Callable[[Session], Response]) -> Prepare:
        def prepare(_: Request, room: Room) -> Build:
            taken = session(room)
            return lambda: answer(taken)
        return prepare

    return [
        Route("/api/tables/{table_id}/summary.json", download(summary)),
        Route("/api/tables/{table_id}/hands/{number}/replay.json", download(replay)),
        Route("/api/tables/{table_id}/hands.json", download(of_hands(lambda s: JSONResponse(session_records(s))))),
        Route("/api/tables/{table_id}/hands.ohh.json", download(of_hands(lambda s: JSONResponse(session_ohh(s))))),
        Route("/api/tables/{table_id}/hands.phhs", download(of_hands(lambda s: PlainTextResponse(session_phh(s))))),
        Route("/api/tables/{table_id}/ledger.csv", download(ledger)),
    ]
