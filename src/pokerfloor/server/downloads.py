"""Downloads of a session: its finished hands as PHH and OHH (as a spectator sees them: no hole
card that was not shown), as JSON hand records once the table reveals their seeds (before,
each hand as the rail saw it), and the ledger as CSV with the settle-up
transfers.

A download of the session's hands is built in a worker process (``Builders``), never in the
process that runs the tables: a build holds the CPU and, in a thread, Python's GIL for as long
as it takes (200 hands: about 0.2 s), and the tables' act-to-ack waited behind it (issue 34,
"p99 under 20 ms while four clients download"). The worker reads the table from the store,
where every input a client has heard of is written first (``records.StoredRooms``: the room
rebuilt once, then brought up to date with the inputs stored since; each hand's text written
once, ``written``), runs at a lower priority than the tables (``workers.NICE``), and hands
back the file's bytes; the loop only asks and answers. At most ``WAITING`` downloads wait for
the worker; one more is answered 503 (try again). The session's summary and the ledger of a
table this process runs are a few lines a player and read the live ledger: they are built on
the loop."""

from __future__ import annotations

import contextlib
import logging
import os
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from pokerfloor.hand import Hand
from pokerfloor.io import export, ohh, phh
from pokerfloor.server.deal import published, withheld
from pokerfloor.server.records import KEEP_STORED, StoredRooms, TableBroken
from pokerfloor.server.room import Deal, Refused, Room
from pokerfloor.server.settle import ledger_csv, results, settle_up
from pokerfloor.server.store import Store
from pokerfloor.server.workers import Workers

BUILDERS = 1        # worker processes that build downloads (one core of a small machine)
WAITING = 8         # downloads that may wait for the worker; more are answered 503

LOG = logging.getLogger("pokerfloor.server")


@dataclass(frozen=True)
class Session:
    """What the downloads of finished hands read, taken from the room (the tuples hold the
    room's own objects): its finished hands, which no longer change, their deals, and each
    deal's seed where it may be shown now (``Room.seed_of``)."""

    table_id: str
    seats: int
    hands: tuple[Hand, ...]
    deals: tuple[Deal, ...]
    seeds: tuple[str | None, ...]


def session(room: Room) -> Session:
    """The room's finished hands as the downloads read them (``Session``)."""
    deals = tuple(room.deals)
    return Session(room.table_id, room.config.seats, tuple(room.hands), deals, tuple(room.seed_of(d) for d in deals))


def session_phh(room: Session, kept: dict[int, Any] | None = None) -> str:
    """The session's finished hands as one ``.phhs`` text, each as a spectator saw it. A hand
    that cannot be written is one comment line in its place, saying so and why: one hand never
    fails the file (issue 35). ``kept``: each hand's text written before (``written``)."""

    def one(number: int, hand: Hand) -> str:
        history = export.history_of(hand, seat=None, full=False, hand=number)
        return phh.dumps_all([replace(history, key=str(number))])

    parts = []
    for number, text in written(room, kept, one):
        if isinstance(text, Exception):     # a bug in one hand's writing: that hand alone is left out
            LOG.error("table %s: hand %d cannot be written as PHH", room.table_id, number, exc_info=text)
            text = f"# hand {number} could not be written: {type(text).__name__}: {text}\n"
        parts.append(text)
    return "\n".join(parts)


def session_ohh(room: Session, kept: dict[int, Any] | None = None) -> list[dict[str, object]]:
    """The session's finished hands as Open Hand History objects, each as a spectator saw it; a
    hand that cannot be written is ``{"pokerfloor_error": {"hand", "error"}}`` in its place."""

    def one(number: int, hand: Hand) -> dict[str, object]:
        return ohh.to_ohh(hand, seat=None, full=False, game_number=str(number), table_name=room.table_id,
                          table_size=room.seats)

    entries: list[dict[str, object]] = []
    for number, entry in written(room, kept, one):
        if isinstance(entry, Exception):
            LOG.error("table %s: hand %d cannot be written as OHH", room.table_id, number, exc_info=entry)
            entry = {"pokerfloor_error": {"hand": number, "error": f"{type(entry).__name__}: {entry}"}}
        entries.append(entry)
    return entries


W = TypeVar("W")


def written(room: Session, kept: dict[int, Any] | None, write: Callable[[int, Hand], W]
            ) -> list[tuple[int, W | Exception]]:
    """Each finished hand by number, written by ``write`` (the exception it raised, if it
    failed). A hand written before is taken from ``kept``, and a hand written now is kept there
    unless it is the session's last: a hand before the last no longer changes, while the last
    may still be shown (``show``, until the next deal)."""
    out: list[tuple[int, W | Exception]] = []
    last = len(room.hands)
    for number, hand in enumerate(room.hands, 1):
        if kept is not None and number in kept:
            out.append((number, kept[number]))
            continue
        try:
            text = write(number, hand)
        except Exception as failed:
            out.append((number, failed))
            continue
        if kept is not None and number < last:
            kept[number] = text
        out.append((number, text))
    return out


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
    hand, deal, seed = room.hands[number - 1], room.deals[number - 1], room.seed_of(room.deals[number - 1])
    record = hand.record()
    steps = []
    for taken in range(len(record.inputs) + 1):
        partial = Hand.from_record(replace(record, inputs=record.inputs[:taken]))
        steps.append(partial.view(seat).to_dict())
    holes = None if seed is None else {str(s): [str(c) for c in cards] for s, cards in hand.holes.items()}
    return {"hand": deal.number, "seat": seat, "seed_sha256": deal.seed_sha256, "seed": seed, "holes": holes,
            "names": seat_names(room, deal.number), "steps": steps}


def seat_names(room: Room, number: int) -> dict[str, str]:
    """Each seat's player in hand ``number`` by name, as the ledger booked the hand (a player
    who left keeps it)."""
    ledger = room.table.ledger
    known = {p.player_id: p.name for p in room.players.values()}
    entries = (*room.forgotten_entries(), *ledger.entries)
    return {str(e.seat): known.get(e.player) or ledger.name(e.player)
            for e in entries if e.kind == "hand" and e.hand == number}


FILES = ("phhs", "ohh", "records", "replay", "summary", "ledger")
"""The downloads a worker builds: hands.phhs, hands.ohh.json, hands.json, a hand's replay.json,
and, for a table another process runs, summary.json and ledger.csv."""


@dataclass(frozen=True)
class Job:
    """A download for the worker process: the store (``Store.url``), the table, which file
    (``FILES``), and for a replay the hand's number and the viewer's seat token (or None)."""

    url: str
    table_id: str
    file: str
    number: int = 0
    token: str | None = None


@dataclass(frozen=True)
class Built:
    """A download as built: its HTTP status, media type and body; ``pid``, the process that
    built it (never sent to the client: the tests check it is not the tables' process)."""

    status: int
    media_type: str
    body: bytes
    pid: int


_KEPT: dict[str, StoredRooms] = {}
"""In the worker process: each store's rooms as stored, kept between downloads."""

_WRITTEN: OrderedDict[tuple[str, str, str], dict[int, Any]] = OrderedDict()
"""In the worker process: each table's hands as written in a file (PHH text, OHH object) by
number, for the last ``KEEP_STORED`` tables downloaded (``written``)."""


def build(job: Job) -> Built:
    """In the worker process: the download ``job`` from the table's room as stored (a table
    marked broken: its room as it was before the fault); a table or hand it does not have is
    404 with the refusal's message."""
    kept = _KEPT.get(job.url)
    if kept is None:
        kept = _KEPT[job.url] = StoredRooms(Store(job.url))
    try:
        try:
            answer = kept.use(job.table_id, lambda room: _answer(job, room))
        except TableBroken as broken:
            answer = _answer(job, broken.room)
    except Refused as refused:
        answer = PlainTextResponse(refused.message, status_code=404)
    return Built(answer.status_code, str(answer.media_type), bytes(answer.body), os.getpid())


def _answer(job: Job, room: Room) -> Response:
    """The file ``job`` names, of ``room``."""
    if job.file in ("phhs", "ohh"):
        kept = _WRITTEN.pop((job.url, job.table_id, job.file), {})
        _WRITTEN[job.url, job.table_id, job.file] = kept
        while len(_WRITTEN) > 2 * KEEP_STORED:
            _WRITTEN.popitem(last=False)
        if job.file == "phhs":
            return PlainTextResponse(session_phh(session(room), kept))
        return JSONResponse(session_ohh(session(room), kept))
    if job.file == "records":
        return JSONResponse(session_records(session(room)))
    if job.file == "replay":
        return JSONResponse(hand_replay(room, job.number, job.token))
    if job.file == "summary":
        return JSONResponse(session_summary(room))
    return PlainTextResponse(ledger_csv(room), media_type="text/csv")


class Rooms(Protocol):
    """Where the downloads find a table (``app.Server`` is one)."""

    store: Store

    def running(self, table_id: str) -> Room | None:
        """On the loop: the room this process runs, or None when another process runs it
        (``Refused`` for an unknown table)."""


class Builders(Workers[Job, Built]):
    """The worker process that builds downloads (``workers.Workers``: one, at most ``WAITING``
    waiting for it)."""

    def __init__(self, processes: int = BUILDERS, waiting: int = WAITING) -> None:
        super().__init__(processes, waiting, preload=(__name__,))

    async def build(self, work: Callable[[Job], Built], job: Job) -> Built:
        """``work(job)`` in the worker process; 503 (try again) past the bound, or when the
        worker died (the next download starts another)."""
        built = await self.run(work, job)
        return busy("too many downloads at once, or the download failed: try again shortly") if built is None else built


def busy(message: str) -> Built:
    """A download not built now: 503, try again in a second."""
    return Built(503, "text/plain", message.encode(), os.getpid())


def routes(rooms: Rooms, builders: Builders) -> list[Route]:
    """The download routes, finding a table through ``rooms`` (``Refused`` when unknown: 404)
    and building the session's files in ``builders``' worker process."""

    def download(file: str) -> Callable[[Request], Awaitable[Response]]:
        async def route(request: Request) -> Response:
            try:
                table_id = str(request.path_params["table_id"])
                room = rooms.running(table_id)
                if room is not None and file == "summary":       # a few lines a player: on the loop
                    return JSONResponse(session_summary(room))
                if room is not None and file == "ledger":        # a row a ledger entry, the live ledger
                    return PlainTextResponse(ledger_csv(room), media_type="text/csv")
                number = 0
                if file == "replay":
                    try:
                        number = int(str(request.path_params["number"]))
                    except ValueError:
                        raise Refused("bad_field", "no such hand", field="hand") from None
                token = request.headers.get("x-pokerfloor-token")     # a header: never in a log's URL
                built = await builders.build(build, Job(rooms.store.url, table_id, file, number, token))
            except Refused as refused:
                return PlainTextResponse(refused.message, status_code=404)
            headers = {"Retry-After": "1"} if built.status == 503 else None
            return Response(built.body, status_code=built.status, media_type=built.media_type, headers=headers)

        return route

    return [
        Route("/api/tables/{table_id}/summary.json", download("summary")),
        Route("/api/tables/{table_id}/hands/{number}/replay.json", download("replay")),
        Route("/api/tables/{table_id}/hands.json", download("records")),
        Route("/api/tables/{table_id}/hands.ohh.json", download("ohh")),
        Route("/api/tables/{table_id}/hands.phhs", download("phhs")),
        Route("/api/tables/{table_id}/ledger.csv", download("ledger")),
    ]
