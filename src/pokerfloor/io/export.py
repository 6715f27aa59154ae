"""Any pokerfloor hand written out as a PHH hand history (the way back from the engine).

Players are numbered in the PHH way: ``p1`` is the first seat left of the button, ``pN`` the
button (``hand.seats`` order); heads-up, the forced-bet arrays are written reversed. Forced
bets that PHH cannot name exactly are written as what they do: a dead blind is dead money,
like an ante; a live post that does not open the action (a new player's) is a negative blind.

PHH has no way to deal a board more than once (``Hand.run_it``): such a hand is written with its
first run's board in the actions, the chips as actually paid over every run in
``finishing_stacks`` and ``winnings``, and every run's board in the user-defined fields ``_runs``
and ``_boards``, so a reader that knows them sees the whole hand; a double board likewise, marked
``_double_board``. PHH
has no bomb pots either: one is written as what it is, antes, no blinds and a pre-flop round
that every player checks through. Nor can PHH kill a hand (``Hand.kill``), perhaps out of turn: a
hand killed is written as its seat's fold where it happened (``pN f # dead hand``), and the
user-defined field ``_dead_hands`` lists the indexes of those folds in ``actions``, which
``replay`` plays as kills.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

from pokerfloor.cards import Card
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Event, Hand
from pokerfloor.hand.types import ANTE_KINDS, DEAD_HAND, ORDER_SETTING_KINDS
from pokerfloor.hand.view import seen_by
from pokerfloor.io.conventions import effective, to_money
from pokerfloor.io.notation import Money
from pokerfloor.io.phh import (
    BOARDS_FIELD,
    DEAD_HANDS_FIELD,
    DOUBLE_BOARD_FIELD,
    EXTENDED_VARIANTS,
    EXTENSION_FIELD,
    INF,
    PHH_VARIANTS,
    RUNS_FIELD,
    HandHistory,
)
from pokerfloor.io.replay import Replay

_BETTING = {"fold": "f", "check": "cc", "call": "cc", "bet": "cbr", "raise": "cbr", "complete": "cbr",
            "bring_in": "pb"}


def variant_code(variant: str, structure: str, *, extended: bool = False) -> str:
    """The PHH code of a game; PHH names eleven games and no others. With ``extended``, a game
    PHH has no code for gets its extension code (``phh.EXTENDED_VARIANTS``: ``PO/8``), which a
    file writes with ``phh.EXTENSION_FIELD``."""
    for code in PHH_VARIANTS.values():
        if (code.variant, code.structure) == (variant, structure):
            return code.code
    if extended:
        for code in EXTENDED_VARIANTS.values():
            if (code.variant, code.structure) == (variant, structure):
                return code.code
    known = ", ".join(f"{c.code} ({c.structure} {c.variant})" for c in PHH_VARIANTS.values())
    raise InvalidArgument(f"PHH has no variant code for {structure} {variant}; it knows {known}")


def extension_fields(game: Any, unit: Decimal = Decimal(1)) -> dict[str, Any]:
    """The user fields that name a game PHH has no code for (none for the spec's games)."""
    if any((c.variant, c.structure) == (game.variant, game.structure) for c in PHH_VARIANTS.values()):
        return {}
    fields: dict[str, Any] = {EXTENSION_FIELD: f"{game.structure} {game.variant}"}
    if game.spread is not None:
        fields["_spread"] = [to_money(amount, unit) for amount in game.spread]
    return fields


def history_of(hand: Hand, /, *, unit: Decimal = Decimal(1), unknown_stacks: Iterable[int] = (),
               seat: int | None = None, full: bool | None = None, **fields: Any) -> HandHistory:
    """The PHH history of a hand as played so far; ``fields`` fills the optional PHH fields
    (``players``, ``event``, ``hand``...). ``unit`` is the money one chip stands for. A hand in
    progress is written as ``seat`` (``None``: a spectator) sees it, unless ``full``; a finished
    hand is written whole unless ``full=False``."""
    game = hand.game
    seats = hand.seats
    count = len(seats)
    player = {seat: i + 1 for i, seat in enumerate(seats)}
    antes = [0] * count
    blinds = [0] * count
    for post in hand.posts:
        i = player[post.seat] - 1
        if post.kind in ANTE_KINDS or not post.live:
            antes[i] += post.amount
        elif post.kind in ORDER_SETTING_KINDS:
            blinds[i] += post.amount
        else:
            blinds[i] -= post.amount

    def money(chips: int) -> Money:
        return to_money(chips, unit)

    unknown = set(unknown_stacks)
    limit = game.structure == "fixed_limit"
    stud = game.variant_spec.family == "stud"
    result = hand.result
    actions, dead = _actions(player, money, *seen_by(hand, seat, full), _bomb_checks(hand, player))
    history = HandHistory(
        variant=variant_code(game.variant, game.structure, extended=True),
        ante_trimming_status=False,
        antes=tuple(money(a) for a in effective(antes, count)),  # type: ignore[arg-type]
        blinds_or_straddles=None if stud else tuple(money(b) for b in effective(blinds, count)),  # type: ignore[arg-type]
        bring_in=money(game.bring_in) if stud else None,
        small_bet=money(game.small_bet) if limit else None,
        big_bet=money(game.big_bet) if limit else None,
        min_bet=None if limit else money(game.min_bet),
        starting_stacks=tuple(INF if s in unknown else money(hand.starting_stacks[s]) for s in seats),
        actions=tuple(actions),
        seats=None if seats == tuple(range(1, count + 1)) else seats,
        finishing_stacks=(None if result is None
                          else tuple(INF if s in unknown else money(result.stacks[s]) for s in seats)),
        winnings=(tuple(money(result.winnings.get(s, 0)) for s in seats) if result is not None else None),
    )
    given: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
    extension = extension_fields(game, unit)
    if extension:
        given["extra"] = {**dict(given.get("extra", history.extra)), **extension}
    if dead:
        given["extra"] = {**dict(given.get("extra", history.extra)), DEAD_HANDS_FIELD: dead}
    if hand.runs > 1:
        runs = {RUNS_FIELD: hand.runs, BOARDS_FIELD: [_cards(board) for board in hand.boards]}
        if double_board(hand):
            runs[DOUBLE_BOARD_FIELD] = True
        given["extra"] = {**dict(given.get("extra", history.extra)), **runs}
    return replace(history, **given)


def double_board(hand: Hand) -> bool:
    """Whether the hand was dealt on two boards from the start (``boards=2``), not run twice:
    its later boards' deals say ``board 2`` (``dealing.run_event``)."""
    return any(e.kind == "deal_board" and e.note.startswith("board ") for e in hand.events)


def history_of_replay(state: Replay) -> HandHistory:
    """A replayed history written back from the engine, keeping the file's own fields."""
    source = state.history
    keep = {name: getattr(source, name) for name in (
        "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country",
        "time", "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand", "level",
        "seat_count", "table", "players", "currency", "currency_symbol", "time_limit", "time_banks")}
    return history_of(state.hand, unit=state.unit, unknown_stacks=state.unknown_stacks,
                      extra=dict(source.extra), source=source.source, key=source.key, **keep)


def bomb_checkers(hand: Hand) -> list[int]:
    """The seats, in turn from the button's left, that check a bomb pot's pre-flop round through
    as PHH and OHH write it (they have no bomb pots): each one left with chips after the ante,
    when two are; none in another hand."""
    able = [s for s in hand.seats if hand.starting_stacks[s] > hand.bomb_pot]
    return able if hand.bomb_pot and len(able) > 1 else []


def _bomb_checks(hand: Hand, player: dict[int, int]) -> list[str]:
    """A bomb pot's pre-flop round as PHH has it (``bomb_checkers``)."""
    return [f"p{player[s]} cc" for s in bomb_checkers(hand)]


def _actions(
    player: dict[int, int],
    money: Any,
    events: Sequence[Event],
    holes: Mapping[int, Sequence[Card | None]],
    bomb_checks: Sequence[str] = (),
) -> tuple[list[str], list[int]]:
    """The PHH actions of the events, and the indexes among them of the hands killed."""
    actions: list[str] = []
    dead: list[int] = []
    if not any(e.kind == "deal_hole" and e.note != "draw" for e in events):
        first = first_holes(holes, events)
        actions += [f"d dh p{player[s]} {_cards(cards)}" for s, cards in first.items() if cards]
    for event in events:
        if event.kind == "bomb_pot":
            actions += bomb_checks
        line = _action(event, player, money)
        if event.kind == "fold" and event.note == DEAD_HAND:
            dead.append(len(actions))
            line += f" # {DEAD_HAND}"
        if line:
            actions.append(line)
    return actions, dead


def first_holes(held: Mapping[int, Sequence[Card | None]], events: Sequence[Event]) -> dict[int, list[Any]]:
    """The hole cards as first dealt (the deal an automatic hand keeps no event of): the cards
    held now, with each draw undone, the last first. A hand shown at the end whose draws the
    reader did not see (a spectator's view of a triple draw) cannot be undone card by card:
    which shown card came with which draw is not known to that reader, so its first hand is
    written unknown (``??``) and the shown cards fill it in at the showdown (``sm``)."""
    holes = {seat: list(cards) for seat, cards in held.items()}
    unknown: set[int] = set()
    for event in reversed(events):
        if event.seat is None or event.seat in unknown:
            continue
        if event.kind == "deal_hole" and event.note == "draw":
            for card in event.cards:  # one at a time: a card the reader may not see is None
                if card in holes[event.seat]:
                    holes[event.seat].remove(card)
                else:
                    unknown.add(event.seat)
                    break
        elif event.kind == "draw":
            holes[event.seat] += event.cards
    for seat in unknown:
        holes[seat] = [None] * len(held[seat])
    return holes


def _action(event: Event, player: dict[int, int], money: Any) -> str:
    kind = event.kind
    actor = f"p{player[event.seat]}" if event.seat is not None else ""
    if kind == "deal_hole":
        return f"d dh {actor} {_cards(event.cards)}"
    if kind == "deal_board":
        return "" if event.note else f"d db {_cards(event.cards)}"  # a later run's cards: see _boards
    if kind in _BETTING:
        verb = _BETTING[kind]
        return f"{actor} cbr {money(event.amount)}" if verb == "cbr" else f"{actor} {verb}"
    if kind == "draw":
        return f"{actor} sd {_cards(event.cards)}".rstrip()
    if kind == "show":
        return f"{actor} sm {_cards(event.cards)}"
    if kind == "muck":
        return f"{actor} sm"
    return ""


def _cards(cards: Sequence[Any]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)
