"""Session statistics per player from hand histories of any format pokerfloor reads.

Every hand is replayed on the engine (``io.verify``), so the figures come from the actions the
rules allowed, counted the way tracking software counts them. Besides the rate stats of
``tracker.STATS`` (VPIP, PFR, 3-bet, c-bets, steals, showdowns ... each defined there once):

- ``hands``: hands dealt in; ``net``: money won less money put in (the recorded finishing
  stacks, after rake, where the history has them); ``bb_per_100``: net in big blinds (big bets
  in limit and stud games) per hundred hands;
- ``all_in_adjusted_bb_per_100``: the same with each hand that two players were all in
  before the board was complete counted at its equity when the money went in (hold'em and
  Omaha, from the exact equity), so that the luck of the run-out is left out;
- ``aggression_factor``: bets and raises after the first round over calls after it.

Each player's stats are also kept by position (flop games: ``BTN``, ``SB``, ``BB``, ``UTG`` ...
``CO``) and by game. A hand that cannot be replayed (the engine refuses an amount) is left out
and counted in ``Session.skipped`` with the reason, never patched.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from pokerfloor.io.imports import stream_paths
from pokerfloor.io.phh import HandHistory
from pokerfloor.io.verify import verify_history
from pokerfloor.stats.tracker import STAT_KEYS, STATS, Tally, all_in_adjustment, observe, positions


@dataclass
class Group:
    """The stats of one player over some of their hands (all, one position, one game)."""

    hands: int = 0
    big_blinds: Decimal = Decimal(0)
    adjusted_big_blinds: float = 0.0
    tally: Tally = field(default_factory=Tally)

    @property
    def bb_per_100(self) -> float | None:
        return float(self.big_blinds) * 100 / self.hands if self.hands else None

    @property
    def all_in_adjusted_bb_per_100(self) -> float | None:
        return self.adjusted_big_blinds * 100 / self.hands if self.hands else None

    def count(self, tally: Tally, big_blinds: Decimal, adjusted: float) -> None:
        self.hands += 1
        self.big_blinds += big_blinds
        self.adjusted_big_blinds += adjusted
        self.tally.add(tally)

    def figures(self) -> dict[str, Any]:
        """Every stat by its documented key."""
        return {"hands": self.hands, "bb_per_100": self.bb_per_100,
                "all_in_adjusted_bb_per_100": self.all_in_adjusted_bb_per_100,
                **{key: self.tally.rate(key) for key in STAT_KEYS},
                "aggression_factor": self.tally.aggression_factor}


@dataclass
class PlayerStats:
    """One player's stats over a session: all hands, by position and by game, and the running
    net (and all-in adjusted net) after each hand, for the curves."""

    name: str
    net: Decimal = Decimal(0)
    overall: Group = field(default_factory=Group)
    by_position: dict[str, Group] = field(default_factory=dict)
    by_game: dict[str, Group] = field(default_factory=dict)
    stacks: list[Decimal] = field(default_factory=list)
    """The running net after each hand, for the plot."""
    curve: list[float] = field(default_factory=list)
    """The running net in big blinds after each hand."""
    adjusted: list[float] = field(default_factory=list)
    """The running all-in adjusted net in big blinds after each hand."""

    @property
    def hands(self) -> int:
        return self.overall.hands

    @property
    def bb_per_100(self) -> float | None:
        return self.overall.bb_per_100

    def rate(self, key: str) -> float | None:
        return self.overall.tally.rate(key)

    @property
    def vpip(self) -> float | None:
        return self.rate("vpip")

    @property
    def pfr(self) -> float | None:
        return self.rate("pfr")

    @property
    def three_bet(self) -> float | None:
        return self.rate("three_bet")

    @property
    def wtsd(self) -> float | None:
        return self.rate("wtsd")

    @property
    def wsd(self) -> float | None:
        return self.rate("wsd")

    @property
    def three_bet_chances(self) -> int:
        return self.overall.tally.chances["three_bet"]

    @property
    def three_bets(self) -> int:
        return self.overall.tally.hits["three_bet"]

    @property
    def saw_flop(self) -> int:
        return self.overall.tally.chances["wtsd"]

    @property
    def showdowns(self) -> int:
        return self.overall.tally.hits["wtsd"]

    @property
    def showdowns_won(self) -> int:
        return self.overall.tally.hits["wsd"]

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.name, "net": str(self.net), **self.overall.figures(),
                "by_position": {name: g.figures() for name, g in sorted(self.by_position.items())},
                "by_game": {name: g.figures() for name, g in sorted(self.by_game.items())}}


@dataclass
class Session:
    """Every player's statistics, and the hands left out with the reason."""

    players: dict[str, PlayerStats] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"players": [p.to_dict() for p in self.ranked()], "skipped": self.skipped,
                "definitions": {s.key: s.definition for s in STATS}}

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
        flop = game.variant_spec.family == "flop"
        where = positions(state.seating.seats, state.seating.button) if flop else {}
        tallies = observe(hand, where)
        adjustment = all_in_adjustment(hand) or {}
        finishing = history.finishing_stacks or state.finishing_stacks()
        for i, seat in enumerate(state.seating.seats):
            start, end = history.starting_stacks[i], finishing[i]
            if end is None:
                continue                               # a stack the history does not give
            player = self.players.setdefault(seat_name[seat], PlayerStats(seat_name[seat]))
            net = Decimal(end) - Decimal(start)
            big_blinds = net / (Decimal(big) * unit)
            adjusted = float(big_blinds) + adjustment.get(seat, 0.0) / big
            player.net += net
            player.stacks.append(player.net)
            player.curve.append((player.curve[-1] if player.curve else 0.0) + float(big_blinds))
            player.adjusted.append((player.adjusted[-1] if player.adjusted else 0.0) + adjusted)
            groups = [player.overall, player.by_game.setdefault(game.variant, Group())]
            if seat in where:
                groups.append(player.by_position.setdefault(where[seat], Group()))
            for group in groups:
                group.count(tallies[seat], big_blinds, adjusted)


def session(paths: Iterable[str | Path]) -> Session:
    """The statistics of every hand in the files named."""
    found = Session()
    for entry in stream_paths(paths):
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
