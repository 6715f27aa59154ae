"""ACPC MATCHSTATE strings and STATE log lines, to and from ``pf.Hand``.

``MATCHSTATE:<position>:<hand number>:<betting>:<cards>``: the betting is one string of ``f``
(fold), ``c`` (check or call) and ``r`` (bet or raise) per action, the rounds separated by
``/``; in no-limit, ``rN`` says the raiser's total in the pot for the whole hand, not for the
round. The cards are each position's hole cards separated by ``|`` (a player sees its own, and
at a showdown the others' too), then ``/`` and the cards of each board round dealt. The dealer
log writes one ``STATE:<hand>:<betting>:<cards>:<results>:<players>`` line per hand, every card
shown; the Pluribus logs are written the same way.

Positions are counted from the left of the button (design: seats ``1..n``, button ``n``, so
position ``p`` is seat ``p + 1``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pokerfloor.acpc.gamedef import Gamedef
from pokerfloor.cards import Card, format_cards, parse_cards
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Hand

_ACTION = re.compile(r"[fc]|r(\d*)")
_STATE = re.compile(r"^STATE:(\d+):([^:]*):([^:]+):([^:]+):([^:]+)\s*$")


class MatchStateError(PokerfloorError, ValueError):
    """A MATCHSTATE string, STATE line or action that cannot be read or replayed."""


def seat_of(position: int) -> int:
    """The pokerfloor seat of an ACPC position: seats ``1..n`` with the button on seat ``n``."""
    return position + 1


def position_of(seat: int) -> int:
    return seat - 1


@dataclass(frozen=True)
class MatchState:
    """One MATCHSTATE: whose view, which hand, the betting so far and the cards it may see.

    ``holes`` has each position's hole cards (empty when hidden); ``board`` the cards of each
    board round dealt so far (the flop, then the turn, then the river).
    """

    position: int
    hand_number: int
    betting: str
    holes: tuple[tuple[Card, ...], ...]
    board: tuple[tuple[Card, ...], ...] = ()

    def __str__(self) -> str:
        cards = "|".join(format_cards(list(h)) for h in self.holes)
        cards += "".join("/" + format_cards(list(r)) for r in self.board)
        return f"MATCHSTATE:{self.position}:{self.hand_number}:{self.betting}:{cards}"

    @property
    def seat(self) -> int:
        return seat_of(self.position)

    def actions(self) -> Iterator[str]:
        """The betting's actions in order, ``/`` marking each new round."""
        return iter(betting_tokens(self.betting))


def betting_tokens(betting: str) -> list[str]:
    """``"r300c/cr900"`` as ``["r300", "c", "/", "c", "r900"]``; anything else is refused."""
    tokens: list[str] = []
    at = 0
    while at < len(betting):
        if betting[at] == "/":
            tokens.append("/")
            at += 1
            continue
        found = _ACTION.match(betting, at)
        if found is None:
            raise MatchStateError(f"no ACPC action at {betting[at:]!r} in {betting!r}")
        tokens.append(found.group())
        at = found.end()
    return tokens


def _cards_field(text: str, players: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    holes_text, *rounds = text.split("/")
    holes = holes_text.split("|")
    if len(holes) != players:
        raise MatchStateError(f"{text!r} has {len(holes)} hole-card fields, not {players}")
    try:
        return tuple(tuple(parse_cards(h)) for h in holes), tuple(tuple(parse_cards(r)) for r in rounds)
    except ValueError as bad:
        raise MatchStateError(f"bad cards in {text!r}: {bad}") from None


def parse_matchstate(text: str) -> MatchState:
    """Read ``MATCHSTATE:0:30:r300c/:9s8h|/6dJc9c`` (a trailing ``\\r\\n`` is ignored)."""
    parts = text.strip().split(":")
    if len(parts) != 5 or parts[0] != "MATCHSTATE":
        raise MatchStateError(f"not a MATCHSTATE: {text.strip()!r}")
    try:
        position, number = int(parts[1]), int(parts[2])
    except ValueError:
        raise MatchStateError(f"position and hand number are numbers in {text.strip()!r}") from None
    betting_tokens(parts[3])
    holes, board = _cards_field(parts[4], parts[4].split("/")[0].count("|") + 1)
    if not 0 <= position < len(holes):
        raise MatchStateError(f"position {position} is not among the {len(holes)} players")
    return MatchState(position, number, parts[3], holes, board)


def parse_response(text: str) -> tuple[str, str]:
    """A client's reply ``<MATCHSTATE>:<action>`` as (the state it answers, the action)."""
    state, sep, action = text.strip().rpartition(":")
    if not sep or not state.startswith("MATCHSTATE:"):
        raise MatchStateError(f"not a reply to a MATCHSTATE: {text.strip()!r}")
    return state, action


# ---------------------------------------------------------------------------- from a hand
def betting_of(hand: Hand) -> str:
    """The hand's betting in ACPC notation (``rN`` in no-limit is the seat's total for the hand)."""
    no_limit = hand.game.structure == "no_limit"
    earlier: dict[int, int] = dict.fromkeys(hand.seats, 0)
    this_round: dict[int, int] = dict.fromkeys(hand.seats, 0)
    text: list[str] = []
    for event in hand.events:
        seat, kind = event.seat, event.kind
        if kind == "post" and seat is not None and event.amount is not None:
            this_round[seat] += event.amount
        elif kind == "deal_board":
            for s, chips in this_round.items():
                earlier[s] += chips
            this_round = dict.fromkeys(hand.seats, 0)
            text.append("/")
        elif kind == "fold":
            text.append("f")
        elif kind in ("check", "call"):
            text.append("c")
        elif kind in ("bet", "raise") and seat is not None and event.amount is not None:
            text.append(f"r{earlier[seat] + event.amount}" if no_limit else "r")
        if kind in ("check", "call", "bet", "raise") and seat is not None and event.amount is not None:
            this_round[seat] = event.amount
    return "".join(text)


def _board_rounds(hand: Hand) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(c for c in e.cards if c is not None) for e in hand.events if e.kind == "deal_board")


def _known(cards: Sequence[Card | None]) -> tuple[Card, ...]:
    return tuple(c for c in cards if c is not None)


def matchstate_of(hand: Hand, position: int, hand_number: int) -> MatchState:
    """What ``position`` is sent: its own cards, and the others' once shown at the showdown."""
    result = hand.result
    shown = result.shown if result is not None else {}
    holes = tuple(
        _known(hand.holes[seat]) if position_of(seat) == position else _known(shown.get(seat, ()))
        for seat in hand.seats
    )
    return MatchState(position, hand_number, betting_of(hand), holes, _board_rounds(hand))


def state_line(hand: Hand, hand_number: int, names: Sequence[str]) -> str:
    """The dealer log's ``STATE:`` line of a finished hand: every card, and each position's net."""
    result = hand.result
    if result is None:
        raise MatchStateError("a STATE line is written once the hand is over")
    holes = "|".join(format_cards(list(_known(hand.holes[s]))) for s in hand.seats)
    board = "".join("/" + format_cards(list(r)) for r in _board_rounds(hand))
    nets = "|".join(str(result.net[s]) for s in hand.seats)
    return f"STATE:{hand_number}:{betting_of(hand)}:{holes}{board}:{nets}:{'|'.join(names)}"


def text_of_action(hand: Hand, seat: int, kind: str, to: int | None = None) -> str:
    """The hand API's action for ``seat`` as ACPC writes it (``rN`` as the hand total in no-limit)."""
    if kind == "fold":
        return "f"
    if kind in ("check", "call"):
        return "c"
    if hand.game.structure != "no_limit":
        return "r"
    if to is None:
        raise MatchStateError(f"a {kind} needs its amount")
    return f"r{hand.contributions[seat] - hand.bets[seat] + to}"


# ---------------------------------------------------------------------------- to a hand
def hand_of(
    gamedef: Gamedef,
    betting: str,
    holes: Sequence[Sequence[Card]],
    board: Sequence[Sequence[Card]] = (),
) -> Hand:
    """Replay an ACPC betting string on a ``pf.Hand`` dealt by hand: the cards given, ``??`` for
    the ones not seen. An action the rules refuse raises ``MatchStateError`` naming it."""
    n = gamedef.players
    if len(holes) != n:
        raise MatchStateError(f"{len(holes)} hole-card fields for {n} players")
    stacks = {seat_of(p): gamedef.stacks[p] for p in range(n)}
    hand = Hand(gamedef.game, stacks, button=n, dealing="manual")
    rounds = iter(board)
    _deal_due(hand, holes, rounds)
    for token in betting_tokens(betting):
        if token == "/":
            _deal_due(hand, holes, rounds, street=True)
            continue
        seat = hand.to_act
        if seat is None:
            raise MatchStateError(f"{token!r} in {betting!r} comes when no one may act")
        try:
            hand.act(seat, *action_of_text(hand, seat, token))
        except ValueError as refused:
            raise MatchStateError(f"{token!r} by position {position_of(seat)} in {betting!r}: {refused}") from None
    _deal_due(hand, holes, rounds)
    return hand


def action_of_text(hand: Hand, seat: int, token: str) -> tuple[str, int | None]:
    """An ACPC action (``f``, ``c``, ``r``, ``rN``) as the hand API's: ``rN`` becomes a total
    for this round; a bare ``r`` in no-limit is the smallest bet or raise."""
    if _ACTION.fullmatch(token) is None:
        raise MatchStateError(f"{token!r} is not an ACPC action")
    if token == "f":
        return "fold", None
    if token == "c":
        return ("check" if hand.legal().check else "call"), None
    if len(token) > 1:
        return "raise", int(token[1:]) - (hand.contributions[seat] - hand.bets[seat])
    legal = hand.legal()
    option = legal.bet or legal.raise_
    if option is None:
        raise MatchStateError("a raise where none is allowed")
    return "raise", option.min_to


def _deal_due(hand: Hand, holes: Sequence[Sequence[Card]], rounds: Iterator[Sequence[Card]],
              street: bool = False) -> None:
    """Deal what the hand waits for: hole cards, a board round (``??`` when unseen), cards shown."""
    while (due := hand.awaiting_deal) is not None:
        if due.kind == "holes" and due.seat is not None:
            own = holes[position_of(due.seat)]
            hand.deal(list(own) if own else "??" * due.count, seat=due.seat)
        elif due.kind == "board":
            cards = next(rounds, None)
            if cards is None and not street:
                return
            hand.deal(list(cards) if cards else "??" * due.count)
            street = False
        else:
            return
    if hand.to_act is None and not hand.is_over:
        _show_down(hand, holes)


def _show_down(hand: Hand, holes: Sequence[Sequence[Card]]) -> None:
    """At a showdown, show what the cards field revealed and muck the rest (ACPC reveals the
    hands of every player still in)."""
    for seat in hand.in_hand:
        if hand.is_over:
            return
        if any(c is None for c in hand.holes[seat]):
            cards = holes[position_of(seat)]
            if cards:
                hand.show(seat, list(cards))
            else:
                hand.muck(seat)


# ---------------------------------------------------------------------------- logs
@dataclass(frozen=True)
class LoggedHand:
    """One ``STATE:`` line replayed: the hand, its number, the players by position, and the net
    per position the log recorded (``agrees`` says whether pokerfloor's result is the same)."""

    number: int
    hand: Hand
    recorded: tuple[int, ...]
    players: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        result = self.hand.result
        return result is not None and tuple(result.net[s] for s in self.hand.seats) == self.recorded


def read_states(text: str, gamedef: Gamedef) -> list[LoggedHand]:
    """Every ``STATE:`` line of an ACPC dealer or Pluribus log, replayed as a ``pf.Hand``
    (other lines, such as ``#`` comments and ``SCORE:``, are skipped)."""
    hands = []
    for line in text.splitlines():
        if not line.startswith("STATE:"):
            continue
        found = _STATE.match(line)
        if found is None:
            raise MatchStateError(f"not a STATE line: {line!r}")
        number, betting, cards, results, players = found.groups()
        holes, board = _cards_field(cards, gamedef.players)
        try:
            recorded = tuple(int(r) for r in results.split("|"))
        except ValueError:
            raise MatchStateError(f"results are whole chips in {line!r}") from None
        hand = hand_of(gamedef, betting, holes, board)
        hands.append(LoggedHand(int(number), hand, recorded, tuple(players.split("|"))))
    return hands
