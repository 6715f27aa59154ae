"""The table soak: random tables with every option, each playing a session of hands by random
legal actions (``pokerfloor bench --only soak-tables``; a small sample runs in the tests).

Each table draws its game (every variant and structure, every forced-bet set-up of
``bench.soak.random_game``), its size (two seats up to the most its deck deals), its house rules
(button rule, heads-up transition, incomplete raises, mixed-game button, blinds owed in stud,
draw tabling...) and its customs (straddles, Mississippi and sleepers, a kill game, bomb pots
by rule or called, with one or two boards, a rotation of games or dealer's choice). Between
hands players come and go, sit out and back in (posting what they owe or waiting), rebuy,
straddle and call bomb pots; in a hand the all-in players run it once, twice or more (only as
often as the deck can deal), and now and then a misdeal is declared.

Checked as it goes: the chips at the table (stacks, plus the pot in a hand) are what was bought
in less what was taken away, after every action and every hand; the ledger balances
(``Table.verify``) after every hand; every action ``legal()`` offers is taken. A refusal of a
set-up the table cannot deal (a double board its deck cannot deal, a straddle its rules do not
allow) is counted, not a problem; anything else raised is a crash. The target over 10^6 hands
is no crash, no stuck hand and no chip error.
"""

from __future__ import annotations

import contextlib
import random
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import replace
from typing import Literal, get_args, get_origin, get_type_hints

from pokerfloor.bench.soak import SoakReport, random_action, random_game
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.rules import VARIANTS, Game, HouseRules
from pokerfloor.table import KillGame, LimitStakes, NotEnoughPlayers, Rotation, Straddles, Table, TableOptions

HOUSE_PICKED = (
    "button_rule", "heads_up_transition", "incomplete_raise_rule", "mixed_stud_button", "owed_blinds_in_stud",
    "draw_all_in_tabling", "waiting_small_blind", "killer_acts", "stud_open_pair_option", "odd_chip_stud",
    "bring_in_tiebreak", "short_stack_forced_order", "bba_order", "straddle_min_raise",
)
"""The house options a soaked table draws at random (each of its named choices)."""
_CHOICES: dict[str, tuple[object, ...]] = {
    name: get_args(hint) if get_origin(hint) is Literal else (True, False)
    for name, hint in get_type_hints(HouseRules).items() if name in HOUSE_PICKED
}


def _house(game: Game, rng: random.Random) -> Game:
    changes: dict[str, object] = {}
    for name in HOUSE_PICKED:
        choices = _CHOICES[name]
        if rng.random() < 0.5:
            changes[name] = rng.choice(choices)
    changes["buy_in"] = (game.min_chip, None)   # stacks of any size, short of the blinds too
    return replace(game, house=replace(game.house, **changes))  # type: ignore[arg-type]


def _rotation(rng: random.Random, house_of: Game) -> Rotation:
    """A mix of two to five games at one limit stake, by the orbit or by a number of hands,
    sometimes dealer's choice."""
    unit = rng.choice((1, 1, 5))
    stakes = LimitStakes(unit * rng.choice((2, 4, 10)), min_chip=unit)
    names = sorted(VARIANTS)
    picked: list[tuple[str, str] | str] = []
    for variant in rng.sample(names, rng.randint(2, 5)):
        structure = rng.choice(("fixed_limit", "fixed_limit", "no_limit", "pot_limit"))
        picked.append((variant, structure))
    per: int | str = rng.choice(("orbit", rng.randint(1, 8)))
    return Rotation.of(picked, stakes, per=per, dealers_choice=rng.random() < 0.3,  # type: ignore[arg-type]
                       house=house_of.house)


def random_table(rng: random.Random) -> Table:
    """An empty table of a random game, size, house rules and customs."""
    game = _house(random_game(rng), rng)
    size = rng.randint(2, game.variant_spec.max_players)
    options = None
    if game.big_blind and rng.random() < 0.4:
        straddles = Straddles(mississippi=rng.choice(("off", "button", "any")), restraddles=rng.randint(0, 3),
                              sleepers=rng.random() < 0.3, live=rng.random() < 0.8)
        kill = KillGame(trigger=rng.choice(("legs", "pot")), half=rng.random() < 0.5) if (
            game.structure == "fixed_limit" and rng.random() < 0.5) else None
        options = TableOptions(straddles=straddles, kill=kill)
    names = iter(range(10**9))
    table = Table(game, size, options=options, rng=random.Random(rng.getrandbits(32)),
                  player_ids=lambda: f"id{next(names)}")
    if rng.random() < 0.15:
        with contextlib.suppress(IllegalAction, InvalidArgument):  # a mix the table cannot deal at its size
            table.rotate_games(_rotation(rng, game))
    if game.variant_spec.family == "flop" and rng.random() < 0.3:
        ante = game.min_chip * rng.randint(1, 4)
        with contextlib.suppress(IllegalAction):  # a double board the deck cannot deal at this size
            table.bomb_pots(rng.randint(2, 10), ante, boards=rng.choice((1, 2)))
    return table


class _Session:
    """One table's session and its chip count."""

    def __init__(self, seed: int, report: SoakReport) -> None:
        self.rng = random.Random(seed)
        self.tag = f"table seed {seed}"
        self.report = report
        self.table = random_table(self.rng)
        self.bank = 0           # the chips bought in less the chips taken away
        self.refused = 0
        self.players = 0
        for _ in range(self.rng.randint(2, self.table.size)):
            self.seat_someone()

    def buy_in(self) -> int:
        game = self.table.game
        base = max(game.big_blind, game.small_bet, game.bring_in, game.min_chip, game.ante)
        chips = self.rng.choice((1, 2, 20, 100, 100, 300)) * base + game.min_chip * self.rng.randrange(3)
        low, high = self.table.buy_in_range()
        return max(low, chips) if high is None else min(high, max(low, chips))

    def seat_someone(self) -> None:
        free = [s for s in range(1, self.table.size + 1) if s not in self.table.seats]
        if not free:
            return
        chips = self.buy_in()
        self.players += 1
        self.table.sit(self.rng.choice(free), f"P{self.players}", chips, post=self.rng.random() < 0.5)
        self.bank += chips

    def between_hands(self) -> None:
        """Players come and go, sit out and in, rebuy, straddle; the host calls bomb pots."""
        table, rng = self.table, self.rng
        for seat, held in sorted(table.seats.items()):
            if held.chips == 0:
                if rng.random() < 0.5:
                    table.leave(seat)
                else:
                    chips = self.buy_in()
                    table.rebuy(seat, chips, post=rng.random() < 0.5)
                    self.bank += chips
            elif rng.random() < 0.03:
                self.bank -= table.leave(seat)
            elif rng.random() < 0.05:
                if held.status == "sitting_out":
                    table.sit_in(seat, post=rng.random() < 0.5)
                    self.count("sit-ins")
                else:
                    table.sit_out(seat)
                    self.count("sit-outs")
        while len(table.seats) < 2 or (len(table.seats) < table.size and rng.random() < 0.3):
            self.seat_someone()
        for _ in range(rng.choice((0, 0, 0, 1, 2))):
            self._try(lambda: table.straddle(rng.choice(sorted(table.seats))), "straddles")
        if rng.random() < 0.03:
            self._try(lambda: table.sleeper(rng.choice(sorted(table.seats))), "sleepers")
        if rng.random() < 0.05:
            ante = table.game.min_chip * rng.randint(1, 5)
            self._try(lambda: table.call_bomb_pot(ante, boards=rng.choice((1, 2))), "bomb pots called")
        if table.chooser is not None:
            games = table.rotation.rotation.games if table.rotation is not None else ()
            if games and rng.random() < 0.5:
                keys = table.rotation.rotation.keys if table.rotation is not None else ()
                self._try(lambda: table.choose_game(table.chooser or 0, rng.choice(keys)), "dealer's choices")

    def _try(self, step: Callable[[], object], name: str) -> None:
        """A step the table may refuse (its rules, or what its deck can deal): counted."""
        try:
            step()
        except (IllegalAction, InvalidArgument, NotEnoughPlayers):
            self.refused += 1
        else:
            self.count(name)

    def count(self, name: str) -> None:
        seen = self.report.seen
        seen[name] = seen.get(name, 0) + 1

    def chips(self, hand: Hand | None) -> int:
        seats = self.table.seats
        if hand is None or hand.is_over:
            return sum(s.chips for s in seats.values())
        dealt = set(hand.seats)
        return sum(s.chips for n, s in seats.items() if n not in dealt) + sum(hand.stacks.values()) + hand.total_pot

    def play_hand(self) -> bool:
        """One hand, between-hand changes first; whether one was dealt."""
        table, rng = self.table, self.rng
        self.between_hands()
        called = table.next_bomb_pot
        try:
            hand = table.start_hand(wait_for_runout=rng.random() < 0.5)
        except NotEnoughPlayers:
            self.seat_someone()
            return False
        if rng.random() < 0.02:
            try:
                hand = table.misdeal()
                self.count("misdeals")
            except IllegalAction:
                self.refused += 1
        for _ in range(3_000):
            if hand.is_over:
                break
            if hand.to_act is not None:
                action, to, discard = random_action(hand, rng)
                table.act(hand.to_act, action, to, cards=discard)
            elif hand.awaiting_runout:
                runs = min(hand.max_runs, rng.choice((1, 1, 2, 2, 3, rng.randint(1, hand.max_runs))))
                table.act(None, "run_it", runs)
                self.count(f"run {runs} times")
            else:
                self.report.stuck.append(f"{self.tag}: hand {table.hand_number} waits on the {hand.street}")
                return False
            self.report.actions += 1
            if self.chips(hand) != self.bank:
                self.report.violations.append(f"{self.tag}: hand {table.hand_number}: {self.chips(hand)} chips "
                                              f"at the table, {self.bank} bought in")
                return False
        else:
            self.report.stuck.append(f"{self.tag}: hand {table.hand_number} not over after 3,000 actions")
            return False
        table.end_hand()
        table.verify()
        self.report.hands += 1
        self.tally(hand, 0 if called is None else called[1])
        if self.chips(None) != self.bank:
            self.report.violations.append(f"{self.tag}: after hand {table.hand_number}: {self.chips(None)} chips "
                                          f"at the table, {self.bank} bought in")
            return False
        return True


    def tally(self, hand: Hand, boards: int) -> None:
        """What the hand dealt: its variant and structure, its size, its forced bets."""
        game = hand.game
        self.count(f"{game.variant} {game.structure}")
        self.count(f"{len(hand.seats)} dealt in")
        if hand.bomb_pot:
            self.count(f"bomb pots of {boards} board{'s' if boards > 1 else ''}")
        for post in hand.posts:
            self.count(f"posts: {post.kind}")
        if self.table.rotation is not None:
            self.count("hands of a rotation")


def soak_table(seed: int, hands: int, report: SoakReport) -> None:
    """One random table (decided by ``seed``) playing ``hands`` hands; what it found goes in
    ``report``."""
    try:
        session = _Session(seed, report)
    except (IllegalAction, InvalidArgument):
        report.refused_setups += 1
        return
    goal = report.hands + hands
    try:
        for _ in range(4 * hands):
            problems = len(report.stuck) + len(report.violations)
            session.play_hand()
            if len(report.stuck) + len(report.violations) > problems or report.hands >= goal:
                break
    except Exception as error:  # a soak reports every crash, whatever it is
        where = traceback.extract_tb(error.__traceback__)[-1]
        report.crashes.append(f"{session.tag}, hand {session.table.hand_number}: {type(error).__name__}: "
                              f"{error} ({where.filename}:{where.lineno})")
    report.refused_setups += session.refused


def _chunk(args: tuple[int, int, int]) -> SoakReport:
    """``count`` tables from seed ``first``, ``hands`` hands each (one worker's share)."""
    first, count, hands = args
    report = SoakReport()
    started = time.perf_counter()
    for seed in range(first, first + count):
        soak_table(seed, hands, report)
    for kind in (report.crashes, report.stuck, report.violations):
        del kind[20:]
    report.seconds = time.perf_counter() - started
    return report


def soak_tables(
    hands: int, *, seed: int = 0, per_table: int = 50, workers: int = 1, tables_per_chunk: int = 20,
    progress: Callable[[SoakReport], None] | None = None,
) -> SoakReport:
    """At least ``hands`` hands, ``per_table`` at each random table from seed ``seed`` on, in
    ``workers`` processes; ``progress`` sees the running total after each chunk of tables."""
    total = SoakReport()
    started = time.perf_counter()

    def chunks() -> Iterator[tuple[int, int, int]]:
        first = seed
        while True:
            yield first, tables_per_chunk, per_table
            first += tables_per_chunk

    def take(done: SoakReport) -> None:
        busy = total.seconds
        total.merge(done)
        total.seconds = busy
        if progress is not None:
            progress(total)

    if workers <= 1:
        for args in chunks():
            take(_chunk(args))
            if total.hands >= hands:
                break
    else:
        with ProcessPoolExecutor(workers) as pool:
            source = chunks()
            running: set[Future[SoakReport]] = {pool.submit(_chunk, next(source)) for _ in range(2 * workers)}
            while running:
                finished = next(iter(wait(running, return_when=FIRST_COMPLETED).done))
                running.discard(finished)
                take(finished.result())
                if total.hands + len(running) * per_table * tables_per_chunk < hands:
                    running.add(pool.submit(_chunk, next(source)))
    total.seconds = time.perf_counter() - started
    return total


__all__ = ["random_table", "soak_table", "soak_tables"]
