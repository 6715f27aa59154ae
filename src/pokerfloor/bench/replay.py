"""Hands replayed per second from the PHH corpus, against PokerKit's replay.

The corpus (``../shared/corpus/phh/bulk``: the Pluribus hands, six-max no-limit hold'em) is read
into memory before the clock starts; a replay takes one hand's PHH text to the final stacks:
parsing the TOML (``tomllib`` on both sides), building the hand, dealing the recorded cards,
applying every action and settling. PokerKit replays with ``HandHistory.loads`` and iterating
its states. pokerfloor replays with its own PHH reader and replay (``pokerfloor.io.phh.loads``
and ``pokerfloor.io.replay.replay``: the like-for-like path, and the reference) and, for scale,
with the bare driver below, which uses only the public hand API (``Hand(...,
dealing="manual")``, ``deal``, ``legal``, ``act``, ``show``, ``muck``, ``result``) and skips
the format's checks. Every side's final stacks are checked against the recorded
``finishing_stacks``; the note counts the hands that disagree or fail.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerfloor.bench.core import (
    NOT_AVAILABLE,
    UNSUPPORTED,
    Benchmark,
    Config,
    Contender,
    Step,
    Unavailable,
)
from pokerfloor.bench.peers import engine_name, pokerkit_replayer
from pokerfloor.errors import InvalidArgument, PokerfloorError

QUICK_HANDS = 30


class UnsupportedHistory(PokerfloorError, ValueError):
    """A PHH hand outside what the benchmark's driver handles (not no-limit hold'em, antes...)."""


@dataclass(frozen=True, slots=True)
class Corpus:
    texts: list[str]
    expected: list[list[int] | None]
    skipped: int = 0


_LOADED: dict[tuple[str, bool], Corpus] = {}


def load_corpus(config: Config) -> Corpus:
    """The corpus's no-limit hold'em hands without antes or straddles, as texts (read once)."""
    key = (str(config.corpus), config.quick)
    if key not in _LOADED:
        _LOADED[key] = _read_corpus(config)
    return _LOADED[key]


def _read_corpus(config: Config) -> Corpus:
    root = Path(config.corpus)
    if not root.is_dir():
        raise Unavailable(UNSUPPORTED, f"no PHH corpus at {root} (run from the repository root)")
    texts: list[str] = []
    expected: list[list[int] | None] = []
    skipped = 0
    for path in sorted(root.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
        try:
            _check_supported(data)
        except UnsupportedHistory:
            skipped += 1
            continue
        texts.append(text)
        finishing = data.get("finishing_stacks")
        expected.append([int(s) for s in finishing] if finishing is not None else None)
        if config.quick and len(texts) >= QUICK_HANDS:
            break
    if not texts:
        raise Unavailable(UNSUPPORTED, f"no no-limit hold'em hands in {root}")
    return Corpus(texts, expected, skipped)


def _check_supported(data: dict[str, Any]) -> None:
    if data.get("variant") != "NT":
        raise UnsupportedHistory(f"variant {data.get('variant')!r}")
    stacks = data["starting_stacks"]
    blinds = data["blinds_or_straddles"]
    if len(stacks) < 3:
        raise UnsupportedHistory("heads-up hands put the blinds the other way round")
    if any(data.get("antes", ())) or any(blinds[2:]) or not 0 < blinds[0] <= blinds[1]:
        raise UnsupportedHistory("antes, straddles or unusual blinds")
    if any(not isinstance(s, int) for s in stacks) or any(not isinstance(b, int) for b in blinds):
        raise UnsupportedHistory("amounts that are not whole chips")


def pokerfloor_io_replayer() -> Callable[[str], list[int]]:
    """pokerfloor's own PHH path: ``io.phh.loads`` and ``io.replay.replay``, the final stacks."""
    try:
        from pokerfloor.io import phh
        from pokerfloor.io.replay import replay as replay_history
    except ImportError as exc:
        raise Unavailable(NOT_AVAILABLE, f"pokerfloor.io replay is not there yet ({exc})") from None

    def replay(text: str) -> list[int]:
        (history,) = phh.loads(text)
        stacks = replay_history(history).finishing_stacks()
        return [-1 if s is None else int(s) for s in stacks]

    return replay


def pokerfloor_replayer() -> Callable[[str], list[int]]:
    """Replay one PHH hand through pokerfloor's public hand API; the final stacks, p1 first.

    Player ``pN`` sits in seat N; the button is the last seat, so p1 posts the small blind and
    p2 the big blind, as PHH orders them.
    """
    try:
        import pokerfloor as pf

        hand_class = pf.Hand
        game_class = pf.Game
    except (ImportError, AttributeError) as exc:
        raise Unavailable(NOT_AVAILABLE, f"the hand engine is not there yet ({exc})") from None
    games: dict[tuple[int, int, int], Any] = {}

    def replay(text: str) -> list[int]:
        data = tomllib.loads(text)
        _check_supported(data)
        sb, bb = data["blinds_or_straddles"][:2]
        min_bet = data.get("min_bet", bb)
        game = games.get((sb, bb, min_bet))
        if game is None:
            extra = {} if min_bet == bb else {"min_bet": min_bet}
            game = game_class(
                variant="holdem", structure="no_limit", small_blind=sb, big_blind=bb, **extra
            )
            games[(sb, bb, min_bet)] = game
        starting = data["starting_stacks"]
        seats = len(starting)
        hand = hand_class(
            game,
            stacks={i + 1: s for i, s in enumerate(starting)},
            button=seats,
            dealing="manual",
        )
        for line in data["actions"]:
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if words[0] == "d":
                if words[1] == "dh":
                    hand.deal(words[3], seat=int(words[2][1:]))
                elif words[1] == "db":
                    hand.deal(words[2])
                continue
            seat = int(words[0][1:])
            verb = words[1]
            if verb == "f":
                hand.act(seat, "fold")
            elif verb == "cc":
                hand.act(seat, "check" if hand.legal().check else "call")
            elif verb == "cbr":
                hand.act(seat, "bet" if hand.legal().bet is not None else "raise", to=int(words[2]))
            elif verb == "sm":
                if hand.is_over:
                    continue
                if len(words) > 2 and words[2] != "-":
                    hand.show(seat, words[2])
                else:
                    hand.muck(seat)
            else:
                raise UnsupportedHistory(f"action {line!r}")
        result = hand.result
        if result is None:
            raise InvalidArgument("the hand history ends before the hand does")
        final = result.stacks
        return [final[i + 1] for i in range(seats)]

    return replay


@dataclass(slots=True)
class _Checked:
    replayed: int = 0
    mismatched: int = 0
    failed: int = 0
    first_problem: list[str] = field(default_factory=list)


def _contender(engine: str, method: str, make: Callable[[], Callable[[str], list[int]]],
               config: Config, reference: bool) -> Contender:
    checked = _Checked()
    skipped = [0]

    def prepare() -> Step:
        replay = make()
        corpus = load_corpus(config)
        skipped[0] = corpus.skipped
        texts, expected = corpus.texts, corpus.expected
        position = [0]

        def step() -> int:
            i = position[0]
            position[0] = (i + 1) % len(texts)
            try:
                stacks = replay(texts[i])
            except Exception as exc:
                checked.failed += 1
                if not checked.first_problem:
                    checked.first_problem.append(f"hand {i}: {type(exc).__name__}: {exc}")
                return 0  # a failed replay is not a hand replayed
            checked.replayed += 1
            want = expected[i]
            if want is not None and stacks != want:
                checked.mismatched += 1
                if not checked.first_problem:
                    checked.first_problem.append(f"hand {i}: stacks {stacks} != {want}")
            return 1

        return step

    def detail() -> str:
        c = checked
        total = c.replayed + c.failed
        text = f"{c.mismatched + c.failed} of {total} replays wrong or failed"
        if skipped[0]:
            text += f", {skipped[0]} corpus hands skipped"
        if c.first_problem:
            text += f" (first: {c.first_problem[0][:160]})"
        return text

    return Contender(engine, method, prepare, reference=reference, detail=detail)


def contenders(config: Config) -> list[Contender]:
    return [
        _contender("pokerfloor", "io.phh.loads + io.replay.replay", pokerfloor_io_replayer,
                   config, True),
        _contender("pokerfloor", "bare Hand API driver (manual dealing)", pokerfloor_replayer,
                   config, True),
        _contender(engine_name("pokerkit"), "HandHistory.loads, iterate states", pokerkit_replayer,
                   config, False),
    ]


BENCHMARK = Benchmark(
    name="replay",
    title="PHH corpus replay",
    unit="hands/s",
    contenders=contenders,
)
