"""The stats tracking software shows, each defined once: what counts as a chance to do it, and
what counts as doing it, read from one replayed hand's events.

The definitions follow PokerTracker 4's statistic definitions (its "Definitions of
statistics" guide), which Hold'em Manager shares for these: a stat is the share of a
player's chances that they took. ``STATS`` lists them with their keys (the keys of
``pokerfloor stats --json``), titles and definitions; ``observe`` reads one hand into each
seat's chances and hits. Stats of the flop (c-bets, donk bets, check-raises, steals by
position) apply to flop games only; stud and draw games get the rest, their first betting
round standing for the pre-flop one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerfloor.hand import Event, Hand

ACTIONS = frozenset({"fold", "check", "call", "bet", "raise", "complete"})
AGGRESSIVE = frozenset({"bet", "raise", "complete"})
STEAL_POSITIONS = frozenset({"CO", "BTN", "SB"})
BLINDS = frozenset({"SB", "BB"})


@dataclass(frozen=True)
class Stat:
    """A stat's key, the title a tracker gives it, and what counts as a chance and a hit."""

    key: str
    title: str
    definition: str
    flop_only: bool = False


STATS: tuple[Stat, ...] = (
    Stat("vpip", "VPIP", "hands in which the player put money in voluntarily in the first round (a call, bet, "
         "raise or completion; a blind or ante is not voluntary), of the hands dealt"),
    Stat("pfr", "PFR", "hands in which the player raised in the first round, of the hands dealt"),
    Stat("limp", "Limp", "called the big blind with no raise before, of the first decisions with no raise before "
         "(the big blind aside)", flop_only=True),
    Stat("cold_call", "Cold call", "called a single raise at the first decision, of the first decisions facing "
         "exactly one raise"),
    Stat("three_bet", "3-bet", "raised facing exactly one raise in the first round, of the spots facing exactly one"),
    Stat("four_bet", "4-bet", "raised facing exactly two raises in the first round, of the spots facing exactly two"),
    Stat("fold_to_three_bet", "Fold to 3-bet", "folded when the player's opening raise was re-raised once, of "
         "those spots"),
    Stat("squeeze", "Squeeze", "raised facing one raise and at least one call of it, of those spots", flop_only=True),
    Stat("steal", "Steal", "opened with a raise from the cutoff, button or small blind when everyone before "
         "folded, of those spots", flop_only=True),
    Stat("fold_to_steal", "Fold to steal", "folded in a blind to a steal (a raise first in from the cutoff, "
         "button or small blind, uncalled), of those spots", flop_only=True),
    Stat("cbet_flop", "C-bet flop", "bet the flop as the last raiser before it when no one had bet, of those spots",
         flop_only=True),
    Stat("cbet_turn", "C-bet turn", "bet the turn after a flop c-bet when no one had bet, of those spots",
         flop_only=True),
    Stat("cbet_river", "C-bet river", "bet the river after a turn c-bet when no one had bet, of those spots",
         flop_only=True),
    Stat("fold_to_cbet_flop", "Fold to flop c-bet", "folded to a flop c-bet at the first decision facing it",
         flop_only=True),
    Stat("fold_to_cbet_turn", "Fold to turn c-bet", "folded to a turn c-bet at the first decision facing it",
         flop_only=True),
    Stat("fold_to_cbet_river", "Fold to river c-bet", "folded to a river c-bet at the first decision facing it",
         flop_only=True),
    Stat("donk_bet", "Donk bet", "bet the flop into the last raiser before it, acting before them with no bet "
         "made, of those spots", flop_only=True),
    Stat("check_raise", "Check-raise flop", "raised on the flop after checking on it, of the flops on which the "
         "player checked and then faced a bet", flop_only=True),
    Stat("aggression_frequency", "Aggression frequency", "bets and raises after the first round, of the bets, "
         "raises, calls and folds after it"),
    Stat("wtsd", "WTSD", "went to showdown, of the hands that saw the second round (the flop)"),
    Stat("wsd", "W$SD", "won money at the showdown, of the showdowns"),
    Stat("wwsf", "WWSF", "won money, of the hands that saw the flop (the second round)"),
)
"""Every rate stat, in the order of the report."""

STAT_KEYS = tuple(s.key for s in STATS)


@dataclass
class Tally:
    """Chances and hits per stat key, and the counts of the ratio stats: the aggression factor
    is (bets + raises) / calls after the first round."""

    chances: Counter[str] = field(default_factory=Counter)
    hits: Counter[str] = field(default_factory=Counter)
    aggressive: int = 0
    calls: int = 0

    def rate(self, key: str) -> float | None:
        return self.hits[key] / self.chances[key] if self.chances[key] else None

    @property
    def aggression_factor(self) -> float | None:
        return self.aggressive / self.calls if self.calls else None

    def add(self, other: Tally) -> None:
        self.chances.update(other.chances)
        self.hits.update(other.hits)
        self.aggressive += other.aggressive
        self.calls += other.calls

    def chance(self, key: str, hit: bool) -> None:
        self.chances[key] += 1
        self.hits[key] += hit


def positions(seats: Sequence[int], button: int) -> dict[int, str]:
    """Each seat's position by the button, as trackers name them: ``BTN``, ``SB``, ``BB``,
    then from the first to act ``UTG``, ``UTG+1`` ... ``LJ``, ``HJ``, ``CO``. Heads-up the
    button is the small blind and is named ``BTN``."""
    order = sorted(seats)
    start = order.index(button) if button in order else 0
    around = order[start:] + order[:start]           # the button first, then clockwise
    if len(around) == 2:
        return {around[0]: "BTN", around[1]: "BB"}
    named = {around[0]: "BTN", around[1]: "SB", around[2]: "BB"}
    middle = around[3:]
    k = len(middle)
    if k <= 2:
        names = ["HJ", "CO"][2 - k:]
    elif k == 3:
        names = ["UTG", "HJ", "CO"]
    else:
        names = ["UTG", *(f"UTG+{i}" for i in range(1, k - 3)), "LJ", "HJ", "CO"]
    named.update(zip(middle, names, strict=True))
    return named


def observe(hand: Hand, seat_position: dict[int, str]) -> dict[int, Tally]:
    """Each dealt-in seat's chances and hits in one finished hand (replayed by the engine)."""
    flop = hand.game.variant_spec.family == "flop"
    tallies = {seat: Tally() for seat in hand.seats}
    order: list[str] = []
    by_street: dict[str, list[Event]] = {}
    for event in hand.events:
        if event.kind in ACTIONS and event.seat is not None:
            if event.street not in by_street:
                order.append(event.street)
            by_street.setdefault(event.street, []).append(event)
    if not order:
        return tallies
    aggressor = _first_round(by_street[order[0]], tallies, seat_position, flop)
    betting = aggressor
    for index, street in enumerate(order[1:], start=1):
        named = ("flop", "turn", "river")[index - 1] if flop and index <= 3 else ""
        betting = _later_round(by_street[street], tallies, street=named, aggressor=betting,
                               donk_from=aggressor if index == 1 else None)
    _showdowns(hand, tallies, order)
    return tallies


def _first_round(events: list[Event], tallies: dict[int, Tally], where: dict[int, str], flop: bool) -> int | None:
    """Count the first betting round; the last raiser in it (``None`` if no one raised)."""
    raises = callers = 0
    last_raiser: int | None = None
    opener: int | None = None
    steal = False
    decided: set[int] = set()
    voluntary: set[int] = set()
    raised: set[int] = set()
    for event in events:
        seat = event.seat
        assert seat is not None
        t = tallies[seat]
        kind = event.kind
        raising = kind in AGGRESSIVE
        position = where.get(seat, "")
        if seat not in decided:
            if flop and raises == 0 and position != "BB":
                t.chance("limp", kind == "call")
            if raises == 1:
                t.chance("cold_call", kind == "call")
                if flop and callers > 0:
                    t.chance("squeeze", raising)
            if flop and raises == 0 and callers == 0 and position in STEAL_POSITIONS:
                t.chance("steal", raising)
            if steal and raises == 1 and callers == 0 and position in BLINDS:
                t.chance("fold_to_steal", kind == "fold")
        if raises == 1:
            t.chance("three_bet", raising)
        elif raises == 2:
            t.chance("four_bet", raising)
            if seat == opener:
                t.chance("fold_to_three_bet", kind == "fold")
        if kind in ("call", "bet", "raise", "complete"):
            voluntary.add(seat)
        if raising:
            raised.add(seat)
            if raises == 0:
                opener = seat
                steal = flop and callers == 0 and position in STEAL_POSITIONS
            raises += 1
            callers = 0
            last_raiser = seat
        elif kind == "call":
            callers += 1
        decided.add(seat)
    for seat, t in tallies.items():
        t.chance("vpip", seat in voluntary)
        t.chance("pfr", seat in raised)
    return last_raiser


def _later_round(events: list[Event], tallies: dict[int, Tally], *, street: str, aggressor: int | None,
                 donk_from: int | None) -> int | None:
    """Count one betting round after the first (``street`` names the flop, turn or river of a
    flop game, else ""); the seat that c-bet it (``None`` if none did), who may c-bet the next."""
    street_key = street
    bet_made = False
    raised_after_cbet = False
    aggressor_acted = False
    cbet_by: int | None = None
    faced_cbet: set[int] = set()
    checked: set[int] = set()
    faced_after_check: set[int] = set()
    for event in events:
        seat = event.seat
        assert seat is not None
        t = tallies[seat]
        kind = event.kind
        if kind in AGGRESSIVE:
            t.aggressive += 1
        elif kind == "call":
            t.calls += 1
        if kind in ("bet", "raise", "complete", "call", "fold"):
            t.chance("aggression_frequency", kind in AGGRESSIVE)
        if street_key:
            if seat == aggressor and not aggressor_acted and not bet_made:
                t.chance(f"cbet_{street_key}", kind == "bet")
                if kind == "bet":
                    cbet_by = seat
            if cbet_by is not None and seat != cbet_by and seat not in faced_cbet and not raised_after_cbet:
                faced_cbet.add(seat)
                t.chance(f"fold_to_cbet_{street_key}", kind == "fold")
            if donk_from is not None and seat != donk_from and not aggressor_acted and not bet_made:
                t.chance("donk_bet", kind == "bet")
            if street_key == "flop" and seat in checked and bet_made and seat not in faced_after_check:
                faced_after_check.add(seat)
                t.chance("check_raise", kind == "raise")
        if seat == aggressor:
            aggressor_acted = True
        if kind == "check":
            checked.add(seat)
        if kind in AGGRESSIVE:
            raised_after_cbet = bet_made and cbet_by is not None
            bet_made = True
    return cbet_by


def _showdowns(hand: Hand, tallies: dict[int, Tally], order: list[str]) -> None:
    """Went to showdown, won at it, and won when the flop (the second round) was seen."""
    result = hand.result
    if result is None:
        return
    out_first = {e.seat for e in hand.events if e.kind == "fold" and e.street == order[0]}
    saw = [s for s in hand.seats if s not in out_first]
    if len(saw) < 2:
        return
    contested = [a for a in result.awards if a.reason != "uncontested"]
    at_showdown = {s for a in contested for s in a.eligible}
    showdown_winners = {s for a in contested for s in a.winners}
    winners = {s for a in result.awards for s in a.winners}
    for seat in saw:
        t = tallies[seat]
        t.chance("wtsd", seat in at_showdown)
        t.chance("wwsf", seat in winners)
        if seat in at_showdown:
            t.chance("wsd", seat in showdown_winners)


def all_in_adjustment(hand: Hand) -> dict[int, float] | None:
    """For two players all in before the board was complete, what each would have won by its
    equity when the money went in less what it did win of the pots they contested (the
    all-in adjusted result's correction), else ``None``: hold'em and Omaha (high and hi-lo),
    heads-up at the showdown, one run, from the project's exact equity."""
    from pokerfloor.equity import GAMES, equity

    result = hand.result
    if hand.game.variant not in GAMES or result is None or hand.runs != 1:
        return None
    contested = [a for a in result.awards if a.reason != "uncontested"]
    players = sorted({s for a in contested for s in a.eligible})
    if len(players) != 2:
        return None
    dealt = dealt_at_last_action = 0
    for event in hand.events:
        if event.kind == "deal_board":
            dealt += len(event.cards)
        elif event.kind in ACTIONS:
            dealt_at_last_action = dealt
    board = [str(c) for c in hand.board if c is not None]
    if dealt_at_last_action >= len(board):
        return None
    cards = [hand.holes[s] for s in players]
    if any(c is None for held in cards for c in held) or not all(cards):
        return None                                    # a hand not shown: no equity to take
    holes = ["".join(str(c) for c in held) for held in cards]
    found = equity(holes, board="".join(board[:dealt_at_last_action]), game=hand.game.variant, exact=True)
    pot = sum(a.amount for a in contested)
    won = {s: sum(a.winners.get(s, 0) for a in contested) for s in players}
    return {seat: found.players[i].equity * pot - won[seat] for i, seat in enumerate(players)}
