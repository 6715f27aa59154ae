"""The parts of an update that say where the table is, in words a page shows as they are: its
status, the game dealt now and next, the moment between hands, the host's settings, each seat's
connection and clock, and what a player may do now (docs/protocol.md, revision 6)."""

from __future__ import annotations

from typing import Any

from pokerfloor.rules import Game
from pokerfloor.server.room import Player, Room
from pokerfloor.server.showdown import may_show
from pokerfloor.table import buy_in_limits
from pokerfloor.table.rotation import game_key


def status_word(room: Room) -> str:
    """One true word for the table's state: ``waiting`` (not started), ``playing`` (a hand in
    play), ``between_hands`` (the moment before the next deal), ``paused``, ``short`` (too few
    players to deal), ``last_hand`` (the host ended the game; the hand in play is finished
    first), ``ended`` or ``tournament_over``."""
    if room.ended:
        return "last_hand" if room.in_hand else "ended"
    if room.tournament_over:
        return "tournament_over"
    if room.paused:
        return "paused"
    if room.in_hand:
        return "playing"
    if not room.running:
        return "waiting"
    return "between_hands" if room.ready_to_deal() else "short"


def stakes_words(game: Game) -> str:
    """The stakes as players say them: "1/2" (blinds), "4/8" (limit bets), with the ante."""
    structure = game.structure
    if game.variant_spec.family == "stud":
        words = f"{game.small_bet}/{game.big_bet or 2 * game.small_bet}, bring-in {game.bring_in}"
    elif structure in ("fixed_limit", "spread_limit"):
        words = f"{game.small_blind}/{game.big_blind}, bets {game.small_bet}/{game.big_bet or 2 * game.small_bet}"
    else:
        words = f"{game.small_blind}/{game.big_blind}"
    if game.ante:
        words += f", ante {game.ante}"
    return words


STRUCTURE_WORDS = {"no_limit": "No-limit", "pot_limit": "Pot-limit", "half_pot": "Half-pot limit",
                   "fixed_limit": "Limit", "spread_limit": "Spread-limit"}


def game_json(game: Game) -> dict[str, Any]:
    """``{key, variant, structure, title, stakes}``: "Limit Razz", "2/4, bring-in 1"."""
    title = game.variant_spec.title or game.variant
    return {
        "key": game_key(game),
        "variant": game.variant,
        "structure": game.structure,
        "title": f"{STRUCTURE_WORDS.get(game.structure, game.structure)} {title}",
        "stakes": stakes_words(game),
    }


def game_now_json(room: Room) -> dict[str, Any]:
    """``{current, next, hands_left, changes}``: the game of the hand in play (or the last; the
    next hand's before the first), the game the next hand is dealt at when it is another (a
    rotation's next game, a dealer's choice named, the host's ``set_game``), the hands of this
    game left in a rotation's turn, and whether the next hand changes the game."""
    table = room.table
    coming = table.game
    rotation = table.rotation
    current = room.dealt_game or coming
    changes = game_key(current) != game_key(coming) or stakes_words(current) != stakes_words(coming)
    return {
        "current": game_json(current),
        "next": game_json(coming) if changes else None,
        "hands_left": None if rotation is None else rotation.hands_left(),
        "changes": changes,
    }


def between_json(room: Room, now: float) -> dict[str, Any] | None:
    """The moment between hands, or ``None`` in a hand and before the first: ``{hand,
    showdown, seconds, next_deal_in}``, the hand that ended, whether it ended in a showdown,
    the pause it is given (the house's ``between_hands``) and the seconds until the next deal
    (``None`` when none is coming: paused, ended, too few players)."""
    if room.in_hand or room.ended_at is None or not room.hands:
        return None
    pause = room.config.between_hands
    showdown = room.showdown_seen()
    coming = room.ready_to_deal()
    return {
        "hand": room.table.hand_number,
        "showdown": showdown,
        "seconds": pause.showdown if showdown else pause.seconds,
        "next_deal_in": max(0.0, room.deal_at() - now) if coming else None,
    }


def settings_json(room: Room) -> dict[str, Any]:
    """The host's settings as they are now, for the host panel's fields: the clock (and the
    one set for the next turn), the moment between hands, seat approval, straddles, the
    button rule, the buy-in and the rathole window, whether spectators watch and chat."""
    config = room.config
    low, high = buy_in_limits(room.table.game)
    return {
        "clock": None if config.clock is None else config.clock.json(),
        "clock_next": None if room.clock_next is None else room.clock_next.json(),
        "between_hands": config.between_hands.json(),
        "approval": config.approval,
        "straddles": "none" if config.tournament is not None else config.straddles,
        "button_rule": config.button_rule,
        "buy_in": {"low": low, "high": high, "rathole_minutes": room.table.house.rathole_window_minutes},
        "spectators": room.spectators,
        "spectator_chat": config.spectator_chat,
    }


def seat_extras(room: Room, seat: int, connected: frozenset[str]) -> dict[str, Any]:
    """What everyone sees of a seat besides its chips: ``connected`` (a client of theirs is
    attached), ``timeouts`` (turns timed out in a row), ``bank`` (time bank seconds left),
    ``clocked_out`` (sat out by the clock: back in when they return), ``removing`` (the host
    removed them; they leave as the hand ends), ``owes`` (a post owed to come back in, or
    waiting for the big blind: ``"post"``, ``"wait"``, or null) and ``straddle`` (the amount
    declared for the next hand, 0 for the least, or null)."""
    player = room.player_at(seat)
    taken = room.table.seats[seat]
    straddle = next((amount or 0 for s, amount in room.declared + room.straddles if s == seat), None)
    owes = None
    if taken.status != "playing" and taken.owes.to_come_in:
        owes = "post" if taken.post else "wait"
    return {
        "connected": player is not None and player.player_id in connected,
        "timeouts": 0 if player is None else player.timeouts,
        "bank": 0.0 if player is None else player.bank,
        "clocked_out": player is not None and player.clocked_out,
        "removing": player is not None and player.player_id in room.removing,
        "owes": owes,
        "straddle": straddle,
    }


def you_can(room: Room, player: Player | None, *, watching: bool, host: bool) -> list[str]:
    """The commands this client may send now, so a page offers only those buttons: a player's
    ``sit_out``, ``sit_in`` (``post_now``: coming back may post at once instead of waiting for
    the big blind), ``straddle``, ``top_up``, ``rebuy``, ``show``, ``leave``; ``chat``; a
    guest's ``join``; a player the host removed mid-hand only ``chat`` until the hand ends. The
    table still checks each command as it comes."""
    can: list[str] = []
    if player is None:
        if not room.ended and not host:
            can.append("join")
        if host or (watching and room.config.spectator_chat):
            can.append("chat")
        return can
    table = room.table
    seat = table.seats.get(player.seat)
    if seat is None:
        return can
    in_hand = room.in_hand and table.dealt_in(player.seat)
    can.append("chat")
    if player.player_id in room.removing:
        return can      # removed by the host: the hand is dead, and they leave as it ends
    cash = table.cash
    if seat.status == "sitting_out" or (seat.status == "waiting" and not seat.post):
        if not seat.busted:
            can.append("sit_in")
        if seat.owes.to_come_in and not seat.busted and cash:
            can.append("post_now")
    if seat.status != "sitting_out" and cash:
        can.append("sit_out")
    if cash and seat.busted and not in_hand:
        can.append("rebuy")
    high = buy_in_limits(table.game)[1]
    if cash and not seat.busted and not in_hand and (high is None or seat.chips < high):
        can.append("top_up")
    if (cash and room.config.straddles != "none" and seat.status == "playing" and not seat.busted
            and not any(s == player.seat for s, _ in room.declared + room.straddles)):
        can.append("straddle")
    if not room.in_hand and room.hands and may_show(room.hands[-1], player.seat):
        can.append("show")
    if not in_hand and cash:
        can.append("leave")
    return can
