"""Open Hand History (OHH, hh-specs.handhistory.org, spec 1.4.7) export of any pokerfloor hand.

OHH is JSON: the table and stakes, the players, one round per street with its actions (amounts
are the chips each action puts in, not the total), a showdown round, and the pots with who won
what. OHH names six game types; short-deck is written as Holdem, razz as Stud and the lowball
and badugi draws as Draw, and the streets of stud and draw games by their own names. OHH has
no bring-in, up card or discard: a bring-in is written as an extra blind, and pokerfloor's
documented extension fields (``pokerfloor_``, docs/hand-api.md) say which stud cards were dealt
face up (``UP_CARDS_FIELD``), what each draw discarded (``DISCARDS_FIELD``), a stud game's bet
sizes (``LIMITS_FIELD``), every board of a hand run more than once (``BOARDS_FIELD``) and a
hand dealt on two boards (``DOUBLE_BOARD_FIELD``), so that ``read_ohh`` rebuilds every game's
hand exactly. OHH has no bomb pots: one is written as PHH writes it, antes, no blinds and a
pre-flop round every player checks through.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from pokerfloor.cards import Card
from pokerfloor.hand import Event, Hand
from pokerfloor.hand.types import ANTE_KINDS, DEAD_HAND, FACE_UP, brief
from pokerfloor.hand.view import seen_by
from pokerfloor.io.conventions import to_money
from pokerfloor.io.export import bomb_checkers, double_board, first_holes
from pokerfloor.io.notation import Money
from pokerfloor.io.phh import BOARDS_FIELD as PHH_BOARDS_FIELD
from pokerfloor.io.phh import DOUBLE_BOARD_FIELD as PHH_DOUBLE_BOARD_FIELD
from pokerfloor.io.phh import EXTENDED_VARIANTS, PHH_VARIANTS, HandHistory, PHHVariant
from pokerfloor.io.phh import EXTENSION_FIELD as PHH_EXTENSION_FIELD
from pokerfloor.io.phh import RUNS_FIELD as PHH_RUNS_FIELD
from pokerfloor.io.replay import Replay
from pokerfloor.rules import VARIANTS

SPEC_VERSION = "1.4.7"

_GAME_TYPES = {"holdem": "Holdem", "short_deck": "Holdem", "omaha": "Omaha", "omaha5": "Omaha",
               "omaha6": "Omaha", "omaha_hilo": "OmahaHiLo", "omaha5_hilo": "OmahaHiLo",
               "stud": "Stud", "razz": "Stud", "stud_hilo": "StudHiLo"}
_BET_TYPES = {"no_limit": "NL", "pot_limit": "PL", "half_pot": "PL", "fixed_limit": "FL",
              "spread_limit": "FL"}
_POSTS = {"sb": "Post SB", "bb": "Post BB", "straddle": "Straddle", "mississippi": "Straddle",
          "kill": "Straddle", "sleeper": "Straddle", "ante": "Post Ante", "bb_ante": "Post Ante"}
_READ_GAMES = {("Holdem", "NL"): "NT", ("Holdem", "FL"): "FT", ("Omaha", "PL"): "PO", ("OmahaHiLo", "FL"): "FO/8"}
"""The games OHH's own game type and bet type name, by their PHH code."""
EXTENSION_FIELD = "pokerfloor_variant"
"""The field of a pokerfloor OHH hand whose game OHH's ``game_type`` and ``bet_type`` do not
name exactly (``_READ_GAMES``): ``"<structure> <variant>"``, as PHH's ``_pokerfloor_variant``
(docs/hand-api.md, OHH extensions). A spread-limit game adds ``SPREAD_FIELD``."""
SPREAD_FIELD = "pokerfloor_spread"
DEAD_HAND_FIELD = "pokerfloor_dead_hand"
"""The field, ``true``, of a ``Fold`` action that is a hand killed by the floor (``Hand.kill``),
perhaps out of turn: read back as PHH's ``DEAD_HANDS_FIELD`` (docs/hand-api.md, "Dead hands")."""
UP_CARDS_FIELD = "pokerfloor_up_cards"
"""The field of a stud hand's ``Dealt Cards`` action: one entry per card dealt, in deal order,
the card when it was dealt face up and ``null`` when face down (``cards`` holds them all when
the writer saw them)."""
DISCARDS_FIELD = "pokerfloor_discards"
"""The field of a draw game's ``Dealt Cards`` action in a draw round: the cards discarded
(``[]``: stood pat; ``null`` for a card the writer did not see), ``cards`` those drawn."""
BOARDS_FIELD = "pokerfloor_boards"
"""The field of the ``ohh`` object of a hand whose board was run more than once
(``Hand.run_it``), which OHH cannot deal: every run's board, the first being the one the rounds
deal (``[["5s", "Kc", "2h", "2d", "Jh"], ["5s", "Kc", "2h", "2c", "5h"]]``); the pots hold one
entry per pot per run."""
DOUBLE_BOARD_FIELD = "pokerfloor_double_board"
"""The field, ``true``, of the ``ohh`` object of a hand dealt on two boards from the start
(``Hand(..., boards=2)``, a double-board bomb pot), beside ``BOARDS_FIELD``, which holds both
boards: read back as PHH's ``DOUBLE_BOARD_FIELD``, the hand replays on two boards."""
LIMITS_FIELD = "pokerfloor_limits"
"""The field of a stud hand's ``ohh`` object: ``{"small_bet", "big_bet", "bring_in"}`` (OHH's
blind amounts do not carry them)."""
_ACTIONS = {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise",
            "complete": "Raise", "bring_in": "Post Extra Blind"}


def to_ohh(hand: Hand, *, unit: Decimal = Decimal(1), names: Sequence[str] | None = None,
           site_name: str = "pokerfloor", network_name: str = "pokerfloor", game_number: str = "",
           table_name: str = "", start_date_utc: str = "", currency: str = "",
           table_size: int | None = None, seat: int | None = None, full: bool | None = None) -> dict[str, Any]:
    """The OHH object (``{"ohh": {...}}``) of a hand; ``names`` follow ``hand.seats`` order.

    A hand in progress is written as ``seat`` (``None``: a spectator) sees it, unless ``full``;
    a finished hand is written whole unless ``full=False``."""
    game = hand.game
    seats = hand.seats
    ids = {seat: i for i, seat in enumerate(seats)}

    def money(chips: int) -> int | float:
        value = to_money(chips, unit)
        return value if isinstance(value, int) else float(value)

    players = [
        {"id": ids[seat], "seat": seat, "name": names[i] if names else f"Seat {seat}",
         "starting_stack": money(hand.starting_stacks[seat])}
        for i, seat in enumerate(seats)
    ]
    result = hand.result
    pots = []
    if result is not None:
        for number, award in enumerate(sorted(result.awards, key=lambda a: a.pot)):
            pots.append({
                "number": number, "amount": money(award.amount), "rake": 0, "jackpot": 0,
                "player_wins": [{"player_id": ids[s], "win_amount": money(c)} for s, c in award.winners.items()],
            })
    antes = [p.amount for p in hand.posts if p.kind in ANTE_KINDS]
    blinds = {p.kind: p.amount for p in hand.posts if p.live}
    game_type, bet_type = _GAME_TYPES.get(game.variant, "Draw"), _BET_TYPES[game.structure]
    named = _READ_GAMES.get((game_type, bet_type))
    extension: dict[str, Any] = {}
    if named is None or (PHH_VARIANTS[named].variant, PHH_VARIANTS[named].structure) != (game.variant, game.structure):
        # OHH's game type does not name this game (short-deck is "Holdem", five-card Omaha
        # "Omaha"): the documented extension field does, as PHH's EXTENSION_FIELD does.
        extension[EXTENSION_FIELD] = f"{game.structure} {game.variant}"
        if game.spread is not None:
            extension[SPREAD_FIELD] = [money(amount) for amount in game.spread]
    if game.variant_spec.family == "stud":
        bets = ({"small_bet": money(game.small_bet), "big_bet": money(game.big_bet)}
                if game.structure == "fixed_limit" else {"min_bet": money(game.min_bet)})
        extension[LIMITS_FIELD] = {**bets, "bring_in": money(game.bring_in)}
    if hand.runs > 1:
        extension[BOARDS_FIELD] = [[str(card) for card in board] for board in hand.boards]
        if double_board(hand):
            extension[DOUBLE_BOARD_FIELD] = True
    return {"ohh": {
        "spec_version": SPEC_VERSION,
        "site_name": site_name,
        "network_name": network_name,
        "internal_version": "pokerfloor",
        "tournament": False,
        "game_number": game_number,
        "start_date_utc": start_date_utc,
        "table_name": table_name,
        "game_type": game_type,
        "bet_limit": {"bet_type": bet_type, "bet_cap": 0},
        "table_size": table_size or max(seats),
        "currency": currency,
        "dealer_seat": hand.button_seat,
        "small_blind_amount": money(blinds.get("sb", game.small_blind)),
        "big_blind_amount": money(blinds.get("bb", game.big_blind)),
        "ante_amount": money(max(antes, default=0)),
        "flags": [],
        "players": players,
        "rounds": _rounds(hand, ids, money, *seen_by(hand, seat, full)),
        "pots": pots,
        **extension,
    }}


def _street_name(street: str) -> str:
    return {"preflop": "Preflop", "flop": "Flop", "turn": "Turn", "river": "River",
            "showdown": "Showdown"}.get(street, street.replace("_", " ").title())


def _rounds(
    hand: Hand, ids: dict[int, int], money: Any, events: Sequence[Event], holes: Mapping[int, Sequence[Card | None]]
) -> list[dict[str, Any]]:
    rounds: list[dict[str, Any]] = []
    showdown: list[dict[str, Any]] = []
    wagers = {seat: 0 for seat in hand.seats}
    stacks = dict(hand.starting_stacks)
    number = 0

    def open_round(street: str, cards: Sequence[Any] = ()) -> dict[str, Any]:
        round_ = {"id": len(rounds), "street": _street_name(street),
                  "cards": [str(c) for c in cards if c is not None], "actions": []}
        rounds.append(round_)
        return round_

    spec = hand.game.variant_spec
    stud = spec.family == "stud"
    street = spec.streets[0]
    current = open_round(street)
    dealing_due = not any(e.kind == "deal_hole" and e.note != "draw" for e in events)
    first = first_holes(holes, events) if dealing_due else {}
    drawing: dict[int, dict[str, Any]] = {}  # a draw's entry, by seat, until its cards are dealt
    for event in [*events, None]:
        if dealing_due and (event is None or event.kind != "post"):
            dealing_due = False
            for holder, cards in first.items():
                number += 1
                current["actions"].append({"action_number": number, **_dealt(ids[holder], cards)})
        if event is None:
            break
        entry: dict[str, Any] | None = None
        seat = event.seat
        if event.kind == "run_it" or (event.kind == "deal_board" and event.note):
            continue  # OHH deals one board: the rounds deal the first run, BOARDS_FIELD every run
        if event.street not in (street, "", "showdown") and event.kind not in ("show", "muck", "return"):
            street = event.street
            current = open_round(street, event.cards if event.kind == "deal_board" else ())
            wagers = dict.fromkeys(wagers, 0)
        if event.kind == "deal_board":
            continue
        if event.kind == "bomb_pot":    # (as PHH: a pre-flop round checked through, so it reads back)
            for checker in bomb_checkers(hand):
                number += 1
                current["actions"].append({"action_number": number, "player_id": ids[checker], "action": "Check"})
            continue
        if event.kind == "deal_hole" and seat is not None and event.note == "draw" and seat in drawing:
            drawn = drawing.pop(seat)
            if event.cards and None not in event.cards:
                drawn["cards"] = [str(c) for c in event.cards]
        elif event.kind == "deal_hole" and seat is not None:
            entry = _dealt(ids[seat], event.cards)
            if stud:
                entry[UP_CARDS_FIELD] = [str(c) if up else None
                                         for c, up in zip(event.cards, _face_up(event), strict=True)]
        elif event.kind == "draw" and seat is not None:
            entry = {"player_id": ids[seat], "action": "Dealt Cards",
                     DISCARDS_FIELD: [None if c is None else str(c) for c in event.cards]}
        elif event.kind == "post" and seat is not None and event.amount is not None:
            live = event.post not in ANTE_KINDS
            label = _POSTS.get(event.post or "", "Post Extra Blind")
            stacks[seat] -= event.amount
            if live:
                wagers[seat] += event.amount
            entry = {"player_id": ids[seat], "action": label, "amount": money(event.amount)}
        elif event.kind in _ACTIONS and seat is not None:
            entry = {"player_id": ids[seat], "action": _ACTIONS[event.kind]}
            if event.kind == "fold" and event.note == DEAD_HAND:
                entry[DEAD_HAND_FIELD] = True
            if event.kind == "bet" and current["street"] == "Preflop":
                entry["action"] = "Raise"
            to = event.amount
            if to is not None and event.kind not in ("fold", "check"):
                put_in = to - wagers[seat]
                wagers[seat] = to
                stacks[seat] -= put_in
                entry["amount"] = money(put_in)
                entry["is_allin"] = stacks[seat] == 0
        elif event.kind == "return" and seat is not None and event.amount is not None:
            stacks[seat] += event.amount
            wagers[seat] -= event.amount
        elif event.kind in ("show", "muck") and seat is not None:
            label = "Shows Cards" if event.kind == "show" else "Mucks Cards"
            shown: dict[str, Any] = {"player_id": ids[seat], "action": label}
            if event.kind == "show" and None not in event.cards:
                shown["cards"] = [str(c) for c in event.cards]
            showdown.append(shown)
        if entry is not None:
            number += 1
            current["actions"].append({"action_number": number, **entry})
            if event.kind == "draw" and seat is not None:
                drawing[seat] = current["actions"][-1]
    if showdown:
        numbered = [{"action_number": number + k, **entry} for k, entry in enumerate(showdown, start=1)]
        rounds.append({"id": len(rounds), "street": "Showdown", "cards": [], "actions": numbered})
    return rounds


def _face_up(event: Event) -> list[bool]:
    """Which of a deal's cards were dealt face up."""
    return [s == FACE_UP for s in event.seen_by or (FACE_UP,) * len(event.cards)]


def _dealt(player_id: int, cards: Sequence[Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {"player_id": player_id, "action": "Dealt Cards"}
    if cards and None not in cards:
        entry["cards"] = [str(c) for c in cards]
    return entry


def replay_to_ohh(state: Replay) -> dict[str, Any]:
    """The OHH of a replayed PHH hand, with the file's names, hand number, table, venue and date."""
    history = state.history
    date = ""
    if history.year and history.month and history.day:
        date = f"{history.year:04d}-{history.month:02d}-{history.day:02d}"
        if history.time is not None:
            date += "T" + history.time.isoformat()
    names = history.players
    return to_ohh(
        state.hand, unit=state.unit, names=names,
        site_name=history.venue or "pokerfloor", network_name=history.venue or "pokerfloor",
        game_number="" if history.hand is None else str(history.hand),
        table_name="" if history.table is None else str(history.table),
        start_date_utc=date, currency=history.currency or "", table_size=history.seat_count,
    )


def dumps(ohh: dict[str, Any], *, indent: int | None = 2) -> str:
    return json.dumps(ohh, indent=indent, ensure_ascii=False)


_READ_POSTS = {"Post SB": "sb", "Post BB": "bb", "Straddle": "straddle", "Post Ante": "ante"}


def read_ohh(data: object, source: str = "") -> HandHistory:
    """An OHH hand (``{"ohh": {...}}`` or the inner object) as a PHH history. OHH amounts are
    what each action puts in; the uncalled part of a bet, which OHH does not record, returns.
    Raises only ``HistoryImportError``, whatever ``data`` is."""
    from pokerfloor.io.sitehand import HistoryImportError, SiteHand, money

    ohh = data.get("ohh", data) if isinstance(data, dict) else data
    if not isinstance(ohh, dict):
        raise HistoryImportError(f"an OHH hand is a JSON object, not {brief(ohh)}", source=source)
    number = ohh.get("game_number", "")
    number = number if isinstance(number, str) else brief(number, 20)

    def amount(value: object) -> Money:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise HistoryImportError(f"{brief(value)} is not an amount")
        return money(value if isinstance(value, str) else brief(value, 40))

    def text(value: object) -> str:
        return value if isinstance(value, str) else brief(value, 60, quote=False)

    try:
        game, extra = _read_game(ohh)
        if BOARDS_FIELD in ohh:
            boards = [[text(card) for card in _list(board)] for board in _list(ohh[BOARDS_FIELD])]
            extra |= {PHH_RUNS_FIELD: len(boards), PHH_BOARDS_FIELD: ["".join(board) for board in boards]}
        if DOUBLE_BOARD_FIELD in ohh:
            extra[PHH_DOUBLE_BOARD_FIELD] = ohh[DOUBLE_BOARD_FIELD]   # (checked by replay, as PHH's own)
        size = ohh.get("table_size")
        hand = SiteHand(game.code, hand_id=number, venue=text(ohh.get("site_name", "")),
                        table=text(ohh.get("table_name", "")), currency=text(ohh.get("currency", "")),
                        seat_count=size if isinstance(size, int) else None, extra=extra,
                        hole_count=VARIANTS[game.variant].hole_cards)
        stud = VARIANTS[game.variant].family == "stud"
        hand.button = None if stud else _whole(ohh["dealer_seat"])  # stud has no button: PHH deals it by card
        names = {}
        for player in _items(ohh["players"]):
            names[_key(player["id"])] = text(player["name"])
            hand.sit(_whole(player["seat"]), text(player["name"]), amount(player["starting_stack"]))
        big_blind = amount(ohh["big_blind_amount"])
        if game.structure in ("fixed_limit", "spread_limit"):
            hand.small_bet, hand.big_bet = big_blind, 2 * big_blind
        else:
            hand.min_bet = big_blind
        if stud:
            _read_limits(hand, ohh[LIMITS_FIELD], amount)
        for k, round_ in enumerate(_items(ohh["rounds"])):
            if k and round_["street"] not in ("Preflop", "Showdown"):
                hand.return_uncalled()
                hand.street()
                board = [text(card) for card in _list(round_.get("cards", []))]
                if board:
                    hand.board(board)
            for action in _items(round_["actions"]):
                name = names[_key(action["player_id"])]
                if action["action"] == "Dealt Cards" and (stud or DISCARDS_FIELD in action):
                    _read_deal(hand, name, action, stud)
                elif stud and action["action"] == "Post Extra Blind":
                    hand.bring_in_for(name, amount(action["amount"]))
                else:
                    _read_action(hand, name, action, amount)
        hand.return_uncalled()
        for pot in _items(ohh.get("pots", [])):
            for win in _items(pot.get("player_wins", [])):
                hand.collected(names[_key(win["player_id"])], amount(win["win_amount"]))
        return hand.history(source)
    except HistoryImportError as error:
        raise HistoryImportError(error.message, source=source, hand=number) from None
    except KeyError as error:
        raise HistoryImportError(f"not an OHH hand: no {brief(error.args[0] if error.args else '')}",
                                 source=source, hand=number) from None
    except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, RecursionError) as error:
        raise HistoryImportError(f"not an OHH hand: {type(error).__name__}: {brief(str(error), 120, quote=False)}",
                                 source=source, hand=number) from None


def _read_game(ohh: dict[str, Any]) -> tuple[PHHVariant, dict[str, Any]]:
    """The hand's game, by its PHH code, and the PHH user fields that name it when the code is
    an extension code: from OHH's game and bet types, or a pokerfloor hand's ``EXTENSION_FIELD``
    (any game pokerfloor deals)."""
    from pokerfloor.io.sitehand import HistoryImportError

    named = ohh.get(EXTENSION_FIELD)
    if named is None:
        code = _READ_GAMES.get((ohh["game_type"], ohh["bet_limit"]["bet_type"]))
        if code is None:
            raise HistoryImportError(
                f"no PHH variant for {brief(ohh['game_type'])} {brief(ohh['bet_limit']['bet_type'])}")
        return PHH_VARIANTS[code], {}
    found = next((v for v in (*PHH_VARIANTS.values(), *EXTENDED_VARIANTS.values())
                  if f"{v.structure} {v.variant}" == named), None)
    if found is None:
        raise HistoryImportError(f"{EXTENSION_FIELD} {brief(named)} names no game")
    extra: dict[str, Any] = {} if found.code in PHH_VARIANTS else {PHH_EXTENSION_FIELD: named}
    if SPREAD_FIELD in ohh:
        extra["_spread"] = _list(ohh[SPREAD_FIELD])     # PHH's own spread field (export.extension_fields)
    return found, extra


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"a list was expected, not {brief(value)}")
    return value


def _items(value: object) -> list[dict[str, Any]]:
    """An OHH list of objects (players, rounds, actions, pots)."""
    items = _list(value)
    for item in items:
        if not isinstance(item, dict):
            raise TypeError(f"a list of objects was expected, not one holding {brief(item)}")
    return items


def _whole(value: object) -> int:
    """A seat number as OHH writes it."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10**6:
        raise TypeError(f"a seat is a number, not {brief(value)}")
    return value


def _key(value: object) -> int | str:
    """A player id: a number or a text (a key of the names read)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"a player id is a number or a text, not {brief(value)}")
    return value


def _read_limits(hand: Any, limits: object, money: Any) -> None:
    """A stud hand's bet sizes and bring-in (``LIMITS_FIELD``)."""
    if not isinstance(limits, dict):
        raise TypeError(f"{LIMITS_FIELD} is an object, not {brief(limits)}")
    hand.bring_in = money(limits["bring_in"])
    if "min_bet" in limits:
        hand.small_bet = hand.big_bet = None
        hand.min_bet = money(limits["min_bet"])
    else:
        hand.small_bet, hand.big_bet, hand.min_bet = money(limits["small_bet"]), money(limits["big_bet"]), None


def _cards_of(value: object, what: str) -> list[str | None]:
    """A list of card texts, ``null`` for a card not seen."""
    from pokerfloor.io.sitehand import HistoryImportError  # (sitehand reads OHH through this module)
    cards = _list(value)
    for card in cards:
        if card is not None and not (isinstance(card, str) and len(card) == 2):
            raise HistoryImportError(f"{what} holds {brief(card)}, not a card")
    return cards


def _read_deal(hand: Any, name: str, action: dict[str, Any], stud: bool) -> None:
    """A stud deal (``UP_CARDS_FIELD``: which cards were dealt face up) or a draw
    (``DISCARDS_FIELD``: the cards discarded, ``cards`` those drawn); a card the writer did not
    see is ``??``."""
    from pokerfloor.io.sitehand import HistoryImportError
    seen = _cards_of(action.get("cards", []), "cards")
    if stud:
        up = _cards_of(action[UP_CARDS_FIELD], UP_CARDS_FIELD)
        if seen and (len(seen) != len(up) or any(u is not None and u != c for u, c in zip(up, seen, strict=False))):
            raise HistoryImportError(f"{UP_CARDS_FIELD} {brief(up)} is not the cards dealt {brief(seen)}")
        hand.deal(name, [c or "??" for c in (seen or up)])
        return
    discards = _cards_of(action[DISCARDS_FIELD], DISCARDS_FIELD)
    if seen and len(seen) != len(discards):
        raise HistoryImportError(f"{len(seen)} cards drawn for {len(discards)} discarded")
    # A first hand not seen stays unknown: the cards shown at the end are the hand after the draws.
    hand.holes.setdefault(name, ["??"] * hand.hole_count)
    hand.discard(name, [c or "??" for c in discards])
    if discards:
        hand.deal(name, [c or "??" for c in (seen or [None] * len(discards))])


def _read_action(hand: Any, name: str, action: dict[str, Any], money: Any) -> None:
    kind = action["action"]
    amount = money(action.get("amount", 0))
    if kind in _READ_POSTS:
        hand.post(name, amount, _READ_POSTS[kind])
    elif kind == "Dealt Cards":
        if action.get("cards"):
            hand.holes[name] = [str(card) for card in _list(action["cards"])]
    elif kind == "Fold":
        hand.fold(name, dead=action.get(DEAD_HAND_FIELD) is True)
    elif kind == "Check":
        hand.check(name)
    elif kind == "Call":
        hand.call(name, amount)
    elif kind in ("Bet", "Raise"):
        hand.raise_by(name, amount)
    elif kind == "Shows Cards":
        hand.show(name, [str(card) for card in _list(action.get("cards", []))])
    elif kind == "Mucks Cards":
        hand.muck(name)
