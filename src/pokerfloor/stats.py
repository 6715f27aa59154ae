"""Session statistics per player from hand histories of any format pokerfloor reads.

Every hand is replayed on the engine (``io.verify``), so the figures come from the actions the
rules allowed, counted the way tracking software counts them:

- ``hands``: hands dealt in; ``net``: money won less money put in (the recorded finishing
  stacks, after rake, where the history has them); ``bb_per_100``: net in big blinds (big bets
  in limit and stud games) per hundred hands;
- ``vpip``: share of hands with money put in voluntarily before the flop (a call, bet, raise or
  completion; a blind is not voluntary);
- ``pfr``: share of hands raised before the flop;
- ``three_bet``: share of the spots facing exactly one raise before the flop in which the
  player raised again;
- ``wtsd``: share of the hands that saw the flop (third street's betting in stud) that went to
  a showdown; ``wsd``: share of the showdowns that won money.

A hand that cannot be replayed (the engine refuses an amount) is left out and counted in
``Session.skipped`` with the reason, never patched.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from pokerfloor.io.imports import read_paths
from pokerfloor.io.phh import HandHistory
from pokerfloor.io.verify import verify_history

PREFLOP_STREETS = frozenset({"preflop", "third"})
VOLUNTARY = frozenset({"call", "bet", "raise", "complete"})
RAISES = frozenset({"bet", "raise", "complete"})


@dataclass
class PlayerStats:
    """One player's counts over a session, and the rates read from them."""

    name: str
    hands: int = 0
    net: Decimal = Decimal(0)
    big_blinds: Decimal = Decimal(0)
    vpip_hands: int = 0
    pfr_hands: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    stacks: list[Decimal] = field(default_factory=list)
    """The running net after each hand, for the plot."""

    @staticmethod
    def _share(part: int, whole: int) -> float | None:
        return part / whole if whole else None

    @property
    def bb_per_100(self) -> float | None:
        return float(self.big_blinds) * 100 / self.hands if self.hands else None

    @property
    def vpip(self) -> float | None:
        return self._share(self.vpip_hands, self.hands)

    @property
    def pfr(self) -> float | None:
        return self._share(self.pfr_hands, self.hands)

    @property
    def three_bet(self) -> float | None:
        return self._share(self.three_bets, self.three_bet_chances)

    @property
    def wtsd(self) -> float | None:
        return self._share(self.showdowns, self.saw_flop)

    @property
    def wsd(self) -> float | None:
        return self._share(self.showdowns_won, self.showdowns)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.name, "hands": self.hands, "net": str(self.net), "bb_per_100": self.bb_per_100,
            "vpip": self.vpip, "pfr": self.pfr, "three_bet": self.three_bet, "wtsd": self.wtsd, "wsd": self.wsd,
        }


@dataclass
class Session:
    """Every player's statistics, and the hands left out with the reason."""

    players: dict[str, PlayerStats] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"players": [p.to_dict() for p in self.ranked()], "skipped": self.skipped}

    def ranked(self) -> list[PlayerStats]:
        """Players by hands played, then by name."""
        return sorted(self.players.values(), key=lambda p: (-p.hands, p.name))

    def add(self, history: HandHistory) -> None:
        """Replay one hand and count it for each player dealt in."""
        verdict = verify_history(history)
        state = verdict.replay
        if not verdict.passed or state is None or state.hand.result is None:
            self.skipped.append(f"{verdict.where()}: {verdict.status} {verdict.detail}".strip())
            return
        hand = state.hand
        names = list(history.players or [f"p{i}" for i in range(1, history.player_count + 1)])
        seat_name = {seat: names[i] for i, seat in enumerate(state.seating.seats)}
        unit = state.unit
        game = hand.game
        big = game.big_bet if game.structure == "fixed_limit" and game.big_bet else game.big_blind or game.big_bet or 1
        finishing = history.finishing_stacks or state.finishing_stacks()
        for i, seat in enumerate(state.seating.seats):
            player = self.players.setdefault(seat_name[seat], PlayerStats(seat_name[seat]))
            start, end = history.starting_stacks[i], finishing[i]
            if end is None:
                continue
            net = Decimal(end) - Decimal(start)
            player.hands += 1
            player.net += net
            player.big_blinds += net / (Decimal(big) * unit)
            player.stacks.append(player.net)
        _count_actions(self.players, seat_name, hand)


def _count_actions(players: dict[str, PlayerStats], seat_name: dict[int, str], hand: Any) -> None:
    """VPIP, PFR, 3-bet, and showdowns from the hand's events."""
    raises = 0
    acted_in: set[int] = set()
    raised_in: set[int] = set()
    chances: set[int] = set()
    three_bet: set[int] = set()
    saw_flop: set[int] = set(hand.seats)
    folded: set[int] = set()
    for event in hand.events:
        seat = event.seat
        if event.street not in PREFLOP_STREETS or seat is None:
            continue
        if event.kind in ("fold", "call", "check", "bet", "raise", "complete"):
            if raises == 1:
                chances.add(seat)
                if event.kind in RAISES:
                    three_bet.add(seat)
            if event.kind in VOLUNTARY:
                acted_in.add(seat)
            if event.kind in RAISES:
                raised_in.add(seat)
                raises += 1
            if event.kind == "fold":
                folded.add(seat)
    saw_flop -= folded
    result = hand.result
    contested = [a for a in result.awards if a.reason != "uncontested"]
    at_showdown = {s for a in contested for s in a.eligible} if contested else set()
    winners = {s for a in contested for s in a.winners}
    for seat, name in seat_name.items():
        player = players[name]
        player.vpip_hands += seat in acted_in
        player.pfr_hands += seat in raised_in
        player.three_bet_chances += seat in chances
        player.three_bets += seat in three_bet
        went = len(saw_flop) > 1 and seat in saw_flop
        player.saw_flop += went
        if went and seat in at_showdown:
            player.showdowns += 1
            player.showdowns_won += seat in winners


def session(paths: Iterable[str | Path]) -> Session:
    """The statistics of every hand in the files named."""
    found = Session()
    for entry in read_paths(paths):
        if isinstance(entry, HandHistory):
            found.add(entry)
        else:
            found.skipped.append(str(entry))
    return found


def plot(found: Session, path: str | Path, players: Sequence[str] = ()) -> None:
    """Draw each player's running net over their hands to an image (needs matplotlib:
    ``pip install 'pokerfloor[plot]'``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.5))
    for player in found.ranked():
        if players and player.name not in players:
            continue
        label = player.name.replace("$", r"\$")  # a dollar sign would start math text
        axes.plot(range(1, len(player.stacks) + 1), [float(v) for v in player.stacks], label=label)
    axes.set_xlabel("hands")
    axes.set_ylabel("net won")
    axes.axhline(0, color="grey", linewidth=0.5)
    axes.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
