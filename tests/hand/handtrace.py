"""A behaviour trace of the hand engine: seeded random hands of every variant, with forced bets,
straddles, kill and sleeper blinds, bomb pots, double boards, run-outs, draws, stud bring-ins,
manual dealing, out-of-turn actions, open stakes, undo and redeal, written down as text after
every input: the input or its refusal, the events it added, the legal choices with their
amounts, the public state and every seat's (and the spectator's) view. Its SHA-256 is kept in
``trace.sha256``; test_trace.py fails on any change of behaviour.

``python tests/hand/handtrace.py`` prints the hash; ``--write`` stores it (only after a change of
behaviour that is meant); ``--dump FILE`` writes the whole text, to compare two versions.
"""

from __future__ import annotations

import hashlib
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import pokerfloor as pf
from pokerfloor.cards import FULL_DECK, SHORT_DECK

HASH_FILE = Path(__file__).with_name("trace.sha256")


@dataclass(frozen=True)
class Case:
    """One set-up: the game, the table's size and the options the hand is dealt with."""

    game: pf.Game
    players: int
    posts: tuple[tuple[int, int, str], ...] = ()  # (seat, amount, kind)
    bomb_pot: int = 0
    boards: int = 1
    wait_for_runout: bool = False
    manual: bool = False
    auto_muck: bool = True
    short_stacks: bool = False


def _games() -> list[tuple[pf.Game, int]]:
    """Every variant of the library at the structures it is played at, each with a table size."""
    hold = pf.HouseRules(oot_mode="hold")
    open_stakes = pf.HouseRules(table_stakes=False, raise_cap=None)
    games: list[tuple[pf.Game, int]] = []
    for variant, spec in sorted(pf.VARIANTS.items()):
        if spec.family == "stud":
            games += [
                (pf.Game(variant=variant, structure="fixed_limit", ante=1, bring_in=2, small_bet=4, big_bet=8), 6),
                (pf.Game(variant=variant, structure="fixed_limit", bring_in=1, small_bet=4, big_bet=8,
                         house=pf.HouseRules(bring_in_tiebreak="proximity", odd_chip_stud="five_card_hand")), 3),
                (pf.Game(variant=variant, structure="pot_limit", ante=1, bring_in=2, small_bet=4, big_bet=8,
                         house=hold), 4),
            ]
        elif variant == "short_deck":
            games += [
                (pf.Game.short_deck_holdem(ante=1, button_blind=2), 5),
                (pf.Game(variant="short_deck", structure="pot_limit", ante=1, small_blind=1, big_blind=2,
                         house=hold), 3),
            ]
        elif spec.family == "draw":
            games += [
                (pf.Game(variant=variant, structure="fixed_limit", small_blind=1, big_blind=2), 4),
                (pf.Game(variant=variant, structure="no_limit", small_blind=1, big_blind=2, ante=1, house=hold), 3),
                (pf.Game(variant=variant, structure="pot_limit", small_blind=2, big_blind=4,
                         house=pf.HouseRules(draw_all_in_tabling="at_all_in")), 2),
            ]
        else:
            games += [
                (pf.Game(variant=variant, structure="no_limit", small_blind=1, big_blind=2), 6),
                (pf.Game(variant=variant, structure="pot_limit", small_blind=5, big_blind=10, ante=5, min_chip=5,
                         house=hold), 4),
                (pf.Game(variant=variant, structure="fixed_limit", small_blind=1, big_blind=2,
                         house=open_stakes), 3),
                (pf.Game(variant=variant, structure="half_pot", small_blind=1, big_blind=2, bb_ante=2), 2),
                (pf.Game(variant=variant, structure="spread_limit", small_blind=1, big_blind=2, spread=(2, 6, 10),
                         house=pf.HouseRules(fold_facing_no_bet="refused")), 5),
            ]
    return games


def cases() -> list[Case]:
    cases: list[Case] = []
    for game, players in _games():
        flop = pf.VARIANTS[game.variant].family == "flop"
        cases.append(Case(game, players))
        cases.append(Case(game, 2, short_stacks=True, auto_muck=False))
        cases.append(Case(game, min(players, 3), manual=True))
        if flop:
            cases.append(Case(game, 3, wait_for_runout=True, short_stacks=True))
            if game.variant != "short_deck":
                cases.append(Case(game, 4, bomb_pot=2, boards=2))
                cases.append(Case(game, 3, bomb_pot=1, wait_for_runout=True, short_stacks=True))
        if game.structure == "no_limit" and game.small_blind:
            cases.append(Case(game, 6, posts=((3, 4, "straddle"), (4, 8, "straddle"))))
            cases.append(Case(game, 5, posts=((5, 4, "straddle"),)))
        if game.structure == "fixed_limit" and game.small_blind:
            house = pf.HouseRules(killer_acts="in_turn", sleeper_when_entered="returned", raise_cap=1)
            killed = pf.Game(variant=game.variant, structure="fixed_limit", small_blind=1, big_blind=2, house=house)
            cases.append(Case(game, 5, posts=((3, 2, "kill"),)))
            cases.append(Case(killed, 5, posts=((3, 3, "kill"), (5, 2, "sleeper"))))
            cases.append(Case(game, 4, posts=((4, 2, "sleeper"),)))
    return cases


class Writer:
    """Collects the lines of the trace (and hashes them as they come)."""

    def __init__(self, keep: bool) -> None:
        self.digest = hashlib.sha256()
        self.kept: list[str] | None = [] if keep else None

    def line(self, text: str) -> None:
        data = text + "\n"
        self.digest.update(data.encode())
        if self.kept is not None:
            self.kept.append(data)


def _state(hand: pf.Hand, out: Writer, events_before: list[pf.Event]) -> list[pf.Event]:
    """The hand after an input: the events it added (or took back), its public state, the legal
    choices and every view."""
    now = list(hand.events)
    common = 0
    while common < min(len(now), len(events_before)) and now[common] == events_before[common]:
        common += 1
    if common < len(events_before):
        out.line(f"  events taken back: {len(events_before) - common}")
    for event in now[common:]:
        out.line(f"  + {tuple(event)!r}")
    out.line(f"  legal {tuple(hand.legal())!r}")
    out.line(
        f"  street={hand.street} to_act={hand.to_act} over={hand.is_over} deal={hand.awaiting_deal!r}"
        f" runout={hand.awaiting_runout} max_runs={hand.max_runs} runs={hand.runs} opener={hand.opener}"
    )
    out.line(
        f"  stacks={hand.stacks} bets={hand.bets} contributions={hand.contributions} pots={hand.pots!r}"
        f" total={hand.total_pot}"
    )
    out.line(
        f"  level={hand.current_bet} min_inc={hand.min_raise_increment} raises={hand.raises_made}"
        f" cap={hand.raise_cap} limits={hand.limits} in_hand={hand.in_hand} all_in={sorted(hand.all_in)}"
        f" folded={sorted(hand.folded)} chip_counts={hand.chip_counts()}"
    )
    out.line(f"  holes={hand.holes!r} upcards={hand.upcards!r} boards={hand.boards!r}")
    for seat in (None, *hand.seats):
        out.line(f"  view {seat}: {hand.view(seat).to_json()}")
    return now


def _refusal(error: pf.PokerfloorError) -> str:
    reason = getattr(error, "reason", "")
    rule = getattr(error, "rule", "")
    return f"refused {type(error).__name__} {reason} {rule} {error}"


class Player:
    """Gives a hand random inputs, legal mostly, some refused, and writes each down."""

    def __init__(self, hand: pf.Hand, case: Case, rng: random.Random, out: Writer) -> None:
        self.hand, self.case, self.rng, self.out = hand, case, rng, out
        deck = list(SHORT_DECK if hand.variant.short_deck else FULL_DECK)
        rng.shuffle(deck)
        self.deck = deck  # the cards a manually dealt hand is given

    def attempt(self, what: str, call: object) -> bool:
        try:
            result = call()  # type: ignore[operator]
        except pf.PokerfloorError as error:
            self.out.line(f"{what}: {_refusal(error)}")
            return False
        self.out.line(f"{what}: {result!r}")
        return True

    def unseen(self, count: int) -> list[pf.Card | None]:
        hand = self.hand
        seen = {c for h in hand.holes.values() for c in h} | {c for b in hand.boards for c in b}
        seen |= {c for e in hand.events for c in e.cards}
        fresh = [c for c in self.deck if c not in seen]
        if len(fresh) < count:
            return [None] * count
        return list(fresh[:count])

    def step(self) -> None:
        hand, rng = self.hand, self.rng
        request = hand.awaiting_deal
        if request is not None and (hand.to_act is None or rng.random() < 0.5):
            cards = self.unseen(request.count)
            if request.kind == "holes" and hand.variant.family == "flop" and rng.random() < 0.2:
                cards = [None] * request.count
            if rng.random() < 0.05:  # one card too many
                extra = [*cards, *self.unseen(request.count + 1)][: request.count + 1]
                self.attempt("deal too many", lambda: hand.deal(extra, request.seat))
            self.attempt(f"deal {request!r}", lambda: hand.deal(cards, request.seat))
            return
        if hand.awaiting_runout:
            times = rng.choice((1, 2, 2, 3, 9))
            if rng.random() < 0.1:
                self.attempt("act during run-out", lambda: hand.act(hand.seats[0], "check"))
            if times == 1:
                self.attempt("run_out", hand.run_out)
            else:
                self.attempt(f"run_it {times}", lambda: hand.run_it(times))
            return
        seat = hand.to_act
        if seat is None:  # a replay's showdown waits for the unknown hands
            unknown = [s for s in hand.in_hand if None in hand.holes[s]]
            if unknown:
                other, hole = unknown[0], hand.holes[unknown[0]]
                if rng.random() < 0.5:
                    it = iter(self.unseen(hole.count(None)))
                    cards = [c if c is not None else next(it) for c in hole]
                    self.attempt(f"show {other}", lambda: hand.show(other, cards))
                else:
                    self.attempt(f"muck {other}", lambda: hand.muck(other))
                return
            raise AssertionError(f"the hand waits for nothing it says: {hand!r}")
        self.act(seat)

    def act(self, seat: int) -> None:
        hand, rng, legal = self.hand, self.rng, self.hand.legal()
        roll = rng.random()
        if roll < 0.04:
            others = [s for s in hand.seats if s != seat]
            target = rng.choice(others)
            action = rng.choice(("fold", "check", "call", "raise", "bet", "all_in"))
            self.attempt(f"out of turn {target} {action}", lambda: hand.act(target, action, to=None))
            return
        if roll < 0.07:
            action = rng.choice(("fold", "check", "call", "bet", "raise", "complete", "bring_in", "draw", "show",
                                 "muck", "all_in", "jump"))
            to = rng.choice((None, 0, 1, 3, 7, 10**6, -1, 2.5, True))
            self.attempt(f"try {seat} {action} {to!r}", lambda: hand.act(seat, action, to=to))
            return
        if roll < 0.08:
            self.attempt(f"add_chips {seat}", lambda: hand.add_chips(seat, rng.choice((0, 5, 50))))
            return
        if roll < 0.09:
            self.attempt("run_it 2 now", lambda: hand.run_it(2))
            return
        if roll < 0.10:
            self.attempt(f"show {seat} now", lambda: hand.show(seat))
            return
        if roll < 0.11:
            self.attempt(f"muck {seat} now", lambda: hand.muck(seat))
            return
        if legal.show or legal.muck:
            action = rng.choice(("show", "muck"))
            self.attempt(f"{seat} {action}", lambda: hand.act(seat, action))
            return
        if legal.draw is not None:
            held = list(hand.holes[seat])
            rng.shuffle(held)
            discard = held[: rng.randint(0, legal.draw)]
            self.attempt(f"{seat} draw {discard!r}", lambda: hand.act(seat, "draw", discard=discard))
            return
        choices: list[tuple[str, int | None]] = [("all_in", None)]
        if legal.bring_in is not None:
            choices += [("bring_in", None)] * 3
        if legal.check:
            choices += [("check", None)] * 3
        if legal.call is not None:
            choices += [("call", None)] * 3 + [("call", legal.call.to)]
        if legal.fold:
            choices.append(("fold", None))
        for action, amounts in (("bet", legal.bet), ("raise", legal.raise_), ("complete", legal.complete)):
            if amounts is not None:
                for to in (amounts.min_to, amounts.max_to, rng.randint(amounts.min_to, amounts.max_to)):
                    choices.append((action, to))
        action, to = rng.choice(choices)
        if not self.attempt(f"{seat} {action} {to}", lambda: hand.act(seat, action, to=to)):
            fallback = "call" if legal.call is not None else "check" if legal.check else "fold"
            if legal.bring_in is not None:
                fallback = "bring_in"
            self.attempt(f"{seat} {fallback}", lambda: hand.act(seat, fallback))


def play(case: Case, index: int, out: Writer) -> None:
    rng = random.Random(index)
    low = 2 * max(case.game.big_blind, case.game.small_bet, 2)
    stacks = {
        seat: rng.randint(1, 3 * low) if case.short_stacks and rng.random() < 0.7 else rng.randint(5 * low, 60 * low)
        for seat in range(1, case.players + 1)
    }
    button = rng.randint(1, case.players)
    posts = [pf.Post(s, a, k) for s, a, k in case.posts if s <= case.players]  # type: ignore[arg-type]
    out.line(f"hand {index}: {case!r} stacks={stacks} button={button}")
    try:
        hand = pf.Hand(
            case.game, stacks, button, rng=random.Random(index * 7 + 1), posts=posts or None,
            dealing="manual" if case.manual else "auto", auto_muck=case.auto_muck,
            wait_for_runout=case.wait_for_runout, bomb_pot=case.bomb_pot * case.game.min_chip, boards=case.boards,
        )
    except pf.PokerfloorError as error:
        out.line(_refusal(error))
        return
    events = _state(hand, out, [])
    if not case.manual and not case.posts and index % 3 == 0:
        again = hand.redeal(random.Random(index))
        out.line("redeal")
        _state(again, out, [])
    player = Player(hand, case, rng, out)
    for step in range(300):
        if hand.is_over:
            break
        if step and rng.random() < 0.06 and not case.manual:
            player.attempt("undo", hand.undo)
        else:
            player.step()
        events = _state(hand, out, events)
    else:
        raise AssertionError(f"hand {index} did not end")
    out.line(f"result {hand.result!r}")
    player.attempt("rabbit", hand.rabbit)
    player.attempt("act after the end", lambda: hand.act(hand.seats[0], "check"))
    record = hand.record()
    out.line(f"record {record.to_json()}")
    again = pf.Hand.from_record(record)
    out.line(f"replayed {again.events == hand.events} {again.result == hand.result}")
    copied = hand.__copy__()
    out.line(f"copied {copied.events == hand.events}")


def trace(keep: bool = False) -> Writer:
    out = Writer(keep)
    every = cases()
    stud = [case for case in every if pf.VARIANTS[case.game.variant].family == "stud"]
    for index, case in enumerate(every + stud):  # stud twice: its bring-in is a phase of its own
        play(case, index, out)
    return out


def stored() -> str:
    return HASH_FILE.read_text().split()[0]


def main(argv: list[str]) -> None:
    out = trace(keep="--dump" in argv)
    digest = out.digest.hexdigest()
    if "--dump" in argv:
        assert out.kept is not None
        Path(argv[argv.index("--dump") + 1]).write_text("".join(out.kept))
    if "--write" in argv:
        HASH_FILE.write_text(digest + "\n")
    print(digest, "(stored)" if HASH_FILE.exists() and stored() == digest else "(differs from the stored hash)")


if __name__ == "__main__":
    main(sys.argv[1:])
