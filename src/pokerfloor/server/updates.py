"""The frames a table sends: each audience's ``update``, built from its own seat's view of the
hand, with the parts every audience shares built once a broadcast (docs/protocol.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerfloor.server.moment import between_json, game_now_json, seat_extras, settings_json, status_word, you_can
from pokerfloor.server.opening import opener_json
from pokerfloor.server.room import DEAL_UNITS, Room
from pokerfloor.server.showdown import result_json
from pokerfloor.table.seats import TableEvent

Clock = Callable[[], float]

Audience = tuple[bool, str | None, bool]
"""Whom an update is built for: (the host?, the player id or None, a spectator let in?). Every
client of one audience sees the same update; a guest is ``(False, None, False)``, a spectator
``(False, None, True)``."""


@dataclass
class Shared:
    """What the updates of one broadcast share (``TableTask.shared``): the table without the
    host's requests, the last deal's seed digest, the finished hand's result, the clock's
    deadline, the run-it-twice offer, who opened the stud street in play, and the hand's view
    by seat, each view built for the first audience that needs it (the host and spectators
    share the rail's)."""

    table: dict[str, Any]
    deal: dict[str, Any] | None
    result: dict[str, Any] | None
    due: tuple[int, float] | None
    offer: dict[str, Any] | None
    opener: dict[str, Any] | None = None
    views: dict[int | None, Any] = field(default_factory=dict)
    connected: frozenset[str] = frozenset()



def event_json(event: TableEvent, room: Room | None = None) -> dict[str, Any]:
    """A table event as a client gets it (no cards are ever in one), with the player's name."""
    return {
        "number": event.number,
        "hand": event.hand,
        "kind": event.kind,
        "seat": event.seat,
        "player_id": event.player,
        "name": None if room is None else room.name_of(event.player),
        "chips": event.chips,
        "rule": event.rule,
        "note": event.note,
    }


def update_frame(
    room: Room, key: Audience, events: list[dict[str, Any]], shared: Shared, *, turn_token: str, clock: Clock
) -> dict[str, Any]:
    """The whole picture for one audience, from its own seat's view of the hand (``shared``:
    what the updates of one broadcast have in common, built once for all of them)."""
    host, player_id, spectating = key
    player = None if player_id is None else room.players.get(player_id)
    seat = None if player is None else player.seat
    seated = seat is not None and room.table.dealt_in(seat)
    # Only the host, a seated player or a spectator who opted in (and is let in) sees the
    # hand; anyone else at the link sees the seats, to ask for one.
    watching = host or player is not None or (spectating and room.spectators)
    role = "host" if host else "player" if player is not None else "spectator" if watching else "guest"
    if not watching:
        events = []
    viewer = seat if seated else None
    if watching and viewer not in shared.views:
        seen = room.table.view(viewer)
        shared.views[viewer] = None if seen is None else seen.to_dict()
    view = shared.views[viewer] if watching else None      # a guest leaves the cache alone
    table = shared.table
    if host:
        requests = [
            {"request_id": r.request_id, "kind": "seat", "name": r.name, "seat": r.seat, "chips": r.chips}
            for r in room.requests.values()
        ] + [
            {"request_id": request_id, "kind": "top_up", "name": room.name_of(player_id),
             "seat": room.players[player_id].seat if player_id in room.players else None, "chips": chips}
            for request_id, (player_id, chips, _) in room.top_ups.items()
        ]
        table = {**table, "requests": requests}
    my_turn = seated and room.table.to_act == seat
    if not watching:
        table = {**table, "straddles": []}
    return {
        "type": "update",
        "seq": room.seq,
        "table": table,
        "hand": view,
        "result": shared.result if view is not None else None,
        "offer": shared.offer if watching else None,
        "opener": shared.opener if view is not None else None,
        "deal": shared.deal,
        "you": {
            "role": role,
            "seat": seat,
            "player_id": None if player is None else player.player_id,
            "turn_token": turn_token if my_turn else None,
            "clock": None if shared.due is None else clock_json(room, *shared.due, clock=clock),
            "can": you_can(room, player, watching=watching, host=host),
        },
        "events": events,
    }


def shared_parts(room: Room, clock: Clock, connected: frozenset[str] = frozenset()) -> Shared:
    """What every audience's update holds alike, now (the views are built as asked for)."""
    deal = None
    if room.deals:
        last = room.deals[-1]
        deal = {"hand": last.number, "seed_sha256": last.seed_sha256, "seed": room.seed_of(last)}
    now = clock()
    table = {
        "table_id": room.table_id,
        "name": room.config.name,
        "status": status_word(room),
        "game": game_now_json(room),
        "between": between_json(room, now),
        "settings": settings_json(room),
        "straddles": [{"seat": seat, "amount": amount} for seat, amount in room.declared + room.straddles],
        "hand_number": room.table.hand_number,
        "running": room.running,
        "paused": room.paused,
        "ended": room.ended,
        "size": room.config.seats,
        "customs": {**room.config.customs(), "spectators": room.spectators},
        "reveal": room.config.reveal,
        "presets": None if room.config.presets is None else room.config.presets.json(),
        "bomb_pot": bomb_json(room),
        "choice": choice_json(room),
        "seats": {
            str(n): {
                "player_id": s.player,
                "name": room.players[s.player].name if s.player in room.players else s.player,
                "chips": room.table.stack(n),
                "status": s.status,
                **seat_extras(room, n, connected),
            }
            for n, s in room.table.seats.items()
        },
    }
    if room.config.tournament is not None:
        table["tournament"] = tournament_json(room, clock)
    names = {p.seat: p.name for p in room.players.values()}
    result = result_json(room.hand, rabbit=room.config.rabbit, names=names)
    return Shared(table, deal, result, room.deadline(), offer_json(room, clock), opener_json(room.table),
                  connected=connected)


def bomb_json(room: Room) -> dict[str, Any] | None:
    """``{"hand": {"ante", "boards"} | None, "next": ..., "rule": ...}``: the hand in play (or the
    last) if it is a bomb pot, the next hand if it is one, and the table's rule for them
    (``{"every", "ante", "boards", "hands"}``, ``every`` and ``hands`` null when not part of it);
    ``None`` when none is (docs/protocol.md)."""
    table = room.table
    last, coming, rule = table.bomb_pot, table.next_bomb_pot, table.bomb_rule
    now = None if last is None else {"ante": last[0], "boards": last[1]}
    if now is None and coming is None and rule is None:
        return None
    return {
        "hand": now,
        "next": None if coming is None else {"ante": coming[0], "boards": coming[1]},
        "rule": None if rule is None else
        {"every": rule[2], "ante": rule[0], "boards": rule[1], "hands": ", ".join(rule[3]) or None},
    }


def choice_json(room: Room) -> dict[str, Any] | None:
    """Dealer's choice: ``{"games", "game", "chooser", "chosen"}``, the host's list, the game of
    the orbit in play, the seat naming the next orbit's game and the game it named (or null);
    ``None`` at a table not dealing dealer's choice (docs/protocol.md)."""
    rotation = room.table.rotation
    if rotation is None or not rotation.rotation.dealers_choice:
        return None
    keys = rotation.rotation.keys
    return {
        "games": list(keys),
        "game": keys[rotation.index] if rotation.played else None,
        "chooser": room.table.chooser,
        "chosen": None if rotation.chosen is None else keys[rotation.chosen],
    }


def tournament_json(room: Room, clock: Clock) -> dict[str, Any]:
    """A sit-and-go's state: its level and blinds, the next level's, what is left of this one
    (hands still to play, the one in play included, or seconds, counted from
    the level's start), the players left and their average
    stack, and the places so far with each one's share of the prizes in percent."""
    tournament = room.config.tournament
    assert tournament is not None
    levels = room.config.levels()
    level = levels[room.level]
    following = levels[room.level + 1] if room.level + 1 < len(levels) else None
    hands_left = seconds_left = None
    if following is not None and room.level_start is not None:
        hands, since = room.level_start
        if level.hands is not None:
            played = room.table.hand_number - hands - (1 if room.in_hand else 0)   # the one in play counts
            hands_left = max(0, level.hands - played)
        elif level.minutes is not None:
            seconds_left = max(0.0, since + 60.0 * level.minutes - clock())
    left = len(room.table.seats)
    entries = left + sum(1 for _, place, _ in room.finishes if place != 1)   # no rebuys: chips in play are theirs
    payouts = tournament.payouts
    dealt = room.deal_payouts
    return {
        "level": room.level + 1,
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "bb_ante": level.bb_ante,
        "next": None if following is None else {
            "small_blind": following.small_blind, "big_blind": following.big_blind, "ante": following.ante,
            "bb_ante": following.bb_ante,
        },
        "hands_left": hands_left,
        "seconds_left": seconds_left,
        "players_left": left,
        "average_stack": tournament.starting_stack * entries // left if left else 0,
        "starting_stack": tournament.starting_stack,
        "over": room.tournament_over,
        "deal": None if room.deal_offered is None else {
            player: round(float(share), 2) for player, share in room.icm_shares().items()
        },
        "deal_accepted": list(room.deal_accepted),
        "places": [
            {
                "place": place,
                "player_id": player,
                "name": room.name_of(player),
                "hand": hand,
                "payout": _payout(room, payouts, player, place),
                "deal": dealt is not None and player in dealt,
            }
            for player, place, hand in sorted(room.finishes, key=lambda f: (f[1], f[0]))
        ],
    }


def _payout(room: Room, payouts: Sequence[int], player: str, place: int) -> float:
    """The percent of the prizes a player won: their ICM deal's, to the hundredth, when a deal
    ended the tournament in their place; else their place's (``_share``)."""
    dealt = room.deal_payouts
    if dealt is not None and player in dealt:
        return dealt[player] / DEAL_UNITS
    return _share(payouts, place, sum(1 for f in room.finishes if f[1] == place))


def _share(payouts: Sequence[int], place: int, tied: int) -> float:
    """The percent of the prizes a place pays; tied players split the places they cover."""
    return sum(payouts[place - 1:place - 1 + tied]) / tied


def offer_json(room: Room, clock: Clock) -> dict[str, Any] | None:
    """The open run-it-twice question: who is asked, who said what, seconds left."""
    offer, due = room.offer, room.offer_deadline()
    if offer is None or due is None:
        return None
    return {
        "hand": offer.hand,
        "seats": list(offer.seats),
        "answers": {str(seat): twice for seat, twice in offer.answers.items()},
        "left": max(0.0, due - clock()),
    }


def clock_json(room: Room, seat: int, due: float, *, clock: Clock) -> dict[str, Any]:
    """The seat to act's time: ``left`` counts the turn and the time bank together, ``bank``
    is the part of it that is time bank."""
    player = room.player_at(seat)
    bank = 0.0 if player is None else player.bank
    left = max(0.0, due - clock())
    return {"seat": seat, "left": left, "bank": min(bank, left)}
