"""An ACPC dealer: plays a match between clients over TCP on 127.0.0.1.

Each player connects to its own port and sends ``VERSION:2.0.0``; then every hand, after every
action, each player is sent the MATCHSTATE of its position, and the player to act answers with
that state, ``:`` and its action (``f``, ``c``, ``r`` or ``rN``). The rules are pokerfloor's:

- an action the rules refuse, or that cannot be read, is taken as a call (a check when there is
  nothing to call), as the ACPC dealer does;
- a player that does not answer within ``t_response`` seconds, or has disconnected, folds, or
  checks when it may (its hand is not the one to hold up the table);
- lines that do not answer the state the dealer waits on (comments, late replies) are ignored;
- seats rotate: hand ``k`` puts player ``i`` at position ``(i - k) mod n``; in a duplicate match
  each deal is played once per rotation, so every player holds every seat's cards once;
- every hand is dealt from its own seed (the match seed and the deal number), so a match
  resumed from its log (``resume=True``) deals what it would have dealt.

The log starts with a ``#`` header naming the match, then one ``STATE:`` line per hand (the
ACPC dealer's format, read back by ``read_states``) and a final ``SCORE:`` line.
"""

from __future__ import annotations

import random
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pokerfloor.acpc.channel import VERSION, Channel, deadline_in
from pokerfloor.acpc.gamedef import Gamedef
from pokerfloor.acpc.matchstate import (
    MatchStateError,
    action_of_text,
    matchstate_of,
    parse_response,
    position_of,
    seat_of,
    state_line,
)
from pokerfloor.errors import IllegalAction, InvalidArgument, PokerfloorError
from pokerfloor.hand import Hand


class MatchLogError(PokerfloorError, ValueError):
    """A log that cannot be resumed: another match's, or out of order."""


@dataclass(frozen=True)
class Match:
    """What is played: the game, how many hands, the deck seed, the players' names in their
    first-hand positions, and whether deals are played duplicate."""

    name: str
    gamedef: Gamedef
    hands: int
    seed: int
    players: tuple[str, ...]
    duplicate: bool = False

    def __post_init__(self) -> None:
        if len(self.players) != self.gamedef.players:
            raise InvalidArgument(f"the gamedef seats {self.gamedef.players} players, not {len(self.players)}")
        if self.hands < 0:
            raise InvalidArgument("a match has zero or more hands")

    def header(self) -> str:
        return (f"# pokerfloor acpc-dealer match {self.name}: seed {self.seed}, players {'|'.join(self.players)}, "
                f"duplicate {int(self.duplicate)}, {self.gamedef.betting} blinds "
                f"{'|'.join(str(self.gamedef.blind_of(p)) for p in range(self.gamedef.players))} "
                f"stacks {'|'.join(map(str, self.gamedef.stacks))}")

    def player_at(self, hand_number: int, position: int) -> int:
        """Which player (by index in ``players``) sits at ``position`` in hand ``hand_number``."""
        return (position + hand_number) % len(self.players)

    def deal_number(self, hand_number: int) -> int:
        return hand_number // len(self.players) if self.duplicate else hand_number

    def new_hand(self, hand_number: int) -> Hand:
        """Hand ``hand_number``, dealt from the match seed and its deal number alone."""
        rng = random.Random(f"{self.seed}:{self.deal_number(hand_number)}")
        stacks = {seat_of(p): s for p, s in enumerate(self.gamedef.stacks)}
        return Hand(self.gamedef.game, stacks, button=self.gamedef.players, rng=rng)


@dataclass(frozen=True)
class MatchResult:
    """Each player's chips won over the hands played, by name, and how many hands were played."""

    scores: dict[str, int]
    hands: int


def resume_point(match: Match, log: Path) -> tuple[int, dict[str, int]]:
    """The number of hands a log already holds and the scores they add up to. A line cut off by
    an interruption (no line ending) is dropped from the file."""
    text = log.read_text()
    if not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
        log.write_text(text)
    lines = text.splitlines()
    if not lines or lines[0] != match.header():
        raise MatchLogError(f"{log} is not the log of this match (its header differs)")
    scores = dict.fromkeys(match.players, 0)
    played = 0
    for line in lines[1:]:
        if line.startswith("SCORE:"):
            break
        if not line.startswith("STATE:"):
            continue
        try:
            _, number, _betting, _cards, results, names = line.split(":")
            numbered = int(number)
        except ValueError:
            raise MatchLogError(f"{log}: not a STATE line: {line!r}") from None
        if numbered != played:
            raise MatchLogError(f"{log}: hand {number} where hand {played} was due")
        for name, chips in zip(names.split("|"), results.split("|"), strict=True):
            scores[name] += int(chips)
        played += 1
    return played, scores


Listener = Callable[[list[int]], None]


class Dealer:
    """Deals one match; ``listen`` opens a port per player, ``run`` plays the hands."""

    def __init__(self, match: Match, log: str | Path, *, t_response: float | None = 60.0,
                 t_connect: float = 60.0, host: str = "127.0.0.1", resume: bool = False) -> None:
        self.match = match
        self.log = Path(log)
        self.t_response = t_response
        self.t_connect = t_connect
        self.host = host
        self.resume = resume
        self._servers: list[socket.socket] = []

    def listen(self, ports: list[int] | None = None) -> list[int]:
        """Open one listening port per player (0 lets the system choose) and return them."""
        wanted = ports or [0] * len(self.match.players)
        for port in wanted:
            server = socket.create_server((self.host, port))
            self._servers.append(server)
        return [s.getsockname()[1] for s in self._servers]

    def run(self) -> MatchResult:
        """Accept every player, play the remaining hands, write the log, close everything."""
        if not self._servers:
            self.listen()
        channels: list[Channel] = []
        try:
            for server in self._servers:
                server.settimeout(self.t_connect)
                sock, _ = server.accept()
                channel = Channel(sock)
                channels.append(channel)
                if channel.read_line(deadline_in(self.t_connect)) != VERSION:
                    channel.close()
            return self._play(channels)
        finally:
            for channel in channels:
                channel.close()
            for server in self._servers:
                server.close()
            self._servers = []

    def _play(self, channels: list[Channel]) -> MatchResult:
        match = self.match
        if self.resume and self.log.exists():
            start, scores = resume_point(match, self.log)
        else:
            start, scores = 0, dict.fromkeys(match.players, 0)
            self.log.write_text(match.header() + "\n")
        with self.log.open("a") as log:
            for number in range(start, match.hands):
                seated = [channels[match.player_at(number, p)] for p in range(len(channels))]
                names = [match.players[match.player_at(number, p)] for p in range(len(channels))]
                hand = self._deal(number, seated)
                assert hand.result is not None
                for position, name in enumerate(names):
                    scores[name] += hand.result.net[seat_of(position)]
                log.write(state_line(hand, number, names) + "\n")
                log.flush()
            log.write("SCORE:" + "|".join(str(scores[n]) for n in match.players) + ":" + "|".join(match.players) + "\n")
        return MatchResult(scores, match.hands)

    def _deal(self, number: int, seated: list[Channel]) -> Hand:
        hand = self.match.new_hand(number)
        while True:
            states = [str(matchstate_of(hand, p, number)) for p in range(len(seated))]
            for channel, state in zip(seated, states, strict=True):
                channel.send(state)
            if hand.is_over:
                return hand
            seat = hand.to_act
            assert seat is not None
            self._take_action(hand, seat, self._answer(seated[position_of(seat)], states[position_of(seat)]))

    def _answer(self, channel: Channel, state: str) -> str | None:
        """The action a player answers ``state`` with, or None on a timeout or a disconnect.
        The time allowed runs from when the state was sent, whatever else the player sends."""
        deadline = deadline_in(self.t_response)
        while (line := channel.read_line(deadline)) is not None:
            try:
                answered, action = parse_response(line)
            except MatchStateError:
                continue
            if answered == state:
                return action
        return None

    @staticmethod
    def _take_action(hand: Hand, seat: int, text: str | None) -> None:
        legal = hand.legal()
        if text is None:
            hand.act(seat, "check" if legal.check else "fold")
            return
        try:
            hand.act(seat, *action_of_text(hand, seat, text))
        except (IllegalAction, MatchStateError):
            hand.act(seat, "check" if legal.check else "call")
