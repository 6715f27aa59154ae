"""Hands written as PokerStars text histories, the format that Hold'em Manager, PokerTracker and
GTO Wizard import (``pokerfloor convert --to pokerstars``).

Each hand is replayed on the engine first (``io.verify``), and what is written is what the
replay did: the forced bets, every action with PokerStars' amounts (``calls $X`` adds X,
``raises $X to $Y`` raises by X to a total of Y, ``bets $X``, ``and is all-in``), the board,
each player's cards where they are known (one ``Dealt to`` line each: a home game's download
knows every hand that was shown), the showdown, uncalled bets and the pots collected, then the
summary. A tournament hand (``event`` ``Tournament #N``) opens with PokerStars' tournament line:
the buy-in (the user field ``_buy_in``), the level in Roman numerals, and each seat's bounty
(``_bounties``) where the history has them. A hand the rules refuse is not written: it is
reported with its reason. The games are those PokerStars writes and ``pokerstars.read`` reads
back: hold'em no-limit and limit, Omaha pot-limit and Omaha hi-lo limit, and seven-card stud,
stud hi-lo and razz (third street's cards, then each street's, ``brings in for`` and
``completes it to``; an unknown seventh-street card is not written).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal

from pokerfloor.hand import Hand
from pokerfloor.io.notation import Money
from pokerfloor.io.phh import HandHistory
from pokerfloor.io.pokerstars import GAMES, STUD, to_roman
from pokerfloor.io.replay import Replay
from pokerfloor.io.sitehand import HistoryImportError
from pokerfloor.io.verify import verify_history

GAME_WORDS = {code: words for words, code in GAMES}
"""Each PHH variant written, by its words in a PokerStars header."""
WRITTEN_POSTS = frozenset({"sb", "bb", "ante", "bb_ante", "straddle"})
"""The forced bets a PokerStars history writes (``posts small blind``, ``posts big blind``,
``posts the ante``, which is how it writes a big-blind ante too, ``posts straddle``); a dead or
missed blind has no form that reads back."""
FLOP_STREETS = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}
STUD_STREETS = {"third": "3rd STREET", "fourth": "4th STREET", "fifth": "5th STREET", "sixth": "6th STREET",
                "seventh": "RIVER"}
"""PokerStars' name of each stud street (it calls seventh street the river)."""
_TOURNAMENT = re.compile(r"Tournament #([0-9]{1,20})")
"""A history's ``event`` that is a tournament PokerStars would number (the PokerStars reader
writes ``Tournament #N``): written as a tournament hand, with its buy-in, level and bounties."""


def _amount(value: Money, currency: bool) -> str:
    if not currency:
        return f"{value}"
    text = f"{Decimal(value):.2f}"
    return "$" + (text[:-3] if text.endswith(".00") else text)


def write_hand(history: HandHistory, number: int = 1) -> str:
    """One hand as PokerStars text; ``HistoryImportError`` for a hand that cannot be written
    (a game PokerStars does not deal, or a hand the rules refuse)."""
    words = GAME_WORDS.get(history.variant)
    if words is None:
        raise HistoryImportError(f"PokerStars writes no {history.variant!r} hands: only "
                                 f"{', '.join(GAME_WORDS.values())}")
    verdict = verify_history(history)
    state = verdict.replay
    if not verdict.passed or state is None or state.hand.result is None:
        raise HistoryImportError(f"the hand does not replay ({verdict.status}: {verdict.detail})",
                                 hand=str(history.hand or number))
    return "\n".join(_Writer(history, state, words, number).lines()) + "\n"


def write(histories: Iterable[HandHistory]) -> tuple[str, list[HistoryImportError]]:
    """Every hand that can be written, as one file's text, and the errors of the rest."""
    parts: list[str] = []
    errors: list[HistoryImportError] = []
    for number, history in enumerate(histories, start=1):
        try:
            parts.append(write_hand(history, number))
        except HistoryImportError as error:
            errors.append(HistoryImportError(error.message, source=history.source, hand=str(history.hand or number)))
    return "\n\n".join(parts), errors


class _Writer:
    def __init__(self, history: HandHistory, state: Replay, words: str, number: int) -> None:
        self.history, self.state, self.words, self.number = history, state, words, number
        self.hand: Hand = state.hand
        self.currency = bool(history.currency) or any(isinstance(s, Decimal) for s in history.starting_stacks)
        names = history.players or tuple(f"Player{i}" for i in range(1, history.player_count + 1))
        self.names = {seat: names[i] for i, seat in enumerate(state.seating.seats)}
        bounties = history.extra.get("_bounties")
        self.bounties = {seat: str(bounties[i]) for i, seat in enumerate(state.seating.seats)
                         if isinstance(bounties, list) and i < len(bounties) and bounties[i]}

    def money(self, chips: int) -> str:
        return _amount(self.state.money(chips), self.currency)

    def header(self) -> list[str]:
        h = self.history
        game = self.hand.game
        if game.structure == "fixed_limit":
            stakes = (game.small_bet, game.big_bet)
        else:
            stakes = (game.small_blind or game.min_bet // 2, game.big_blind or game.min_bet)
        currency = " USD" if self.currency else ""
        date = (f"{h.year or 2000:04d}/{h.month or 1:02d}/{h.day or 1:02d} {h.time or '00:00:00'} "
                f"{h.time_zone_abbreviation or 'ET'}")
        number = h.hand if isinstance(h.hand, int) or (isinstance(h.hand, str) and h.hand.isdigit()) else self.number
        tournament = _TOURNAMENT.fullmatch(h.event or "")
        if tournament is not None:
            buy_in = str(h.extra.get("_buy_in") or "Freeroll")
            out = [f"PokerStars Hand #{number}: Tournament #{tournament.group(1)}, {buy_in} {self.words} - Level "
                   f"{to_roman(h.level or 1)} ({self.money(stakes[0])}/{self.money(stakes[1])}) - {date}"]
        else:
            out = [f"PokerStars Hand #{number}:  {self.words} ({self.money(stakes[0])}/{self.money(stakes[1])}"
                   f"{currency}) - {date}"]
        table = str(h.table) if h.table is not None else "pokerfloor"
        size = h.seat_count or max(self.state.seating.seats)
        if self.history.variant in STUD:
            out.append(f"Table '{table}' {size}-max")
        else:
            out.append(f"Table '{table}' {size}-max Seat #{self.state.seating.button} is the button")
        for seat in sorted(self.state.seating.seats):
            stack = self.hand.starting_stacks[seat]
            bounty = f", {self.bounties[seat]} bounty" if seat in self.bounties else ""
            out.append(f"Seat {seat}: {self.names[seat]} ({self.money(stack)} in chips{bounty})")
        return out

    def lines(self) -> list[str]:
        out = self.header()
        hand = self.hand
        result = hand.result
        assert result is not None
        behind = dict(hand.starting_stacks)
        level = 0
        bets: dict[int, int] = dict.fromkeys(hand.seats, 0)
        board: list[str] = []
        holes_written = False
        street = ""
        dealt: dict[int, list[str]] = {}
        for event in hand.events:
            seat = event.seat
            name = self.names.get(seat, "") if seat is not None else ""
            if event.kind == "post":
                if event.post not in WRITTEN_POSTS:
                    raise HistoryImportError(f"{name} posts a {event.post} blind, which a PokerStars history does "
                                             "not write in a form that reads back")
                chips = event.amount or 0
                behind[seat] -= chips  # type: ignore[index]
                if event.post in ("ante", "bb_ante"):
                    out.append(f"{name}: posts the ante {self.money(chips)}")
                    continue
                kind = {"sb": "small blind", "bb": "big blind"}.get(event.post or "", "straddle")
                bets[seat] += chips  # type: ignore[index]
                level = max(level, bets[seat])  # type: ignore[index]
                out.append(f"{name}: posts {kind} {self.money(chips)}")
            elif event.kind == "deal_hole" and self.history.variant in STUD:
                assert seat is not None
                if event.street != street:
                    street, level, bets = event.street, 0, dict.fromkeys(hand.seats, 0)   # a new betting round
                    out.append(f"*** {STUD_STREETS.get(event.street, event.street.upper())} ***")
                out.extend(self._stud_dealt(seat, name, dealt, list(event.cards)))
            elif event.kind == "bring_in":
                assert seat is not None
                chips = event.amount or 0
                behind[seat] -= chips
                bets[seat], level = chips, max(level, chips)
                all_in = " and is all-in" if behind[seat] == 0 else ""
                out.append(f"{name}: brings in for {self.money(chips)}{all_in}")
            elif event.kind == "complete":
                assert seat is not None
                to = event.amount or 0
                behind[seat] -= max(0, to - bets[seat])
                bets[seat], level = to, max(level, to)
                all_in = " and is all-in" if behind[seat] == 0 else ""
                out.append(f"{name}: completes it to {self.money(to)}{all_in}")
            elif event.kind == "deal_hole":
                if not holes_written:
                    holes_written = True
                    out.append("*** HOLE CARDS ***")
                    out.extend(self._dealt())
            elif event.kind == "deal_board":
                level, bets = 0, dict.fromkeys(hand.seats, 0)        # a new betting round
                board += [str(c) for c in event.cards]
                out.append(self._board_line(event.street, board))
            elif event.kind in ("fold", "check", "call", "bet", "raise"):
                assert seat is not None
                to = event.amount or 0
                paid = max(0, to - bets[seat])
                behind[seat] -= paid
                all_in = " and is all-in" if behind[seat] == 0 and event.kind not in ("fold", "check") else ""
                if event.kind == "fold":
                    out.append(f"{name}: folds")
                elif event.kind == "check":
                    out.append(f"{name}: checks")
                elif event.kind == "call":
                    out.append(f"{name}: calls {self.money(paid)}{all_in}")
                elif event.kind == "bet" or level == 0:
                    out.append(f"{name}: bets {self.money(to)}{all_in}")
                else:
                    out.append(f"{name}: raises {self.money(to - level)} to {self.money(to)}{all_in}")
                bets[seat] = max(bets[seat], to)
                level = max(level, to)
        return out + self._ending(board)

    def _stud_dealt(self, seat: int, name: str, dealt: dict[int, list[str]], cards: list[object]) -> list[str]:
        """A stud street's cards for one seat as PokerStars writes them: ``[Kh Ah Js]`` on third
        street (the up card alone when the down cards are unknown), then what was dealt before and
        the new card, ``[Kh Ah Js] [5c]``; an unknown seventh-street card is not written (the
        reader deals it unseen)."""
        before = dealt.setdefault(seat, [])
        known = [str(c) for c in cards if c is not None]
        if not known:
            return []
        line = f"Dealt to {name} [{' '.join(known)}]" if not before else \
            f"Dealt to {name} [{' '.join(before)}] [{' '.join(known)}]"
        before.extend(known)
        return [line]

    def _dealt(self) -> list[str]:
        out = []
        for seat in sorted(self.state.seating.seats):
            cards = self.hand.holes.get(seat, [])
            if cards and all(c is not None for c in cards):
                out.append(f"Dealt to {self.names[seat]} [{' '.join(str(c) for c in cards)}]")
        return out

    def _board_line(self, street: str, board: list[str]) -> str:
        title = FLOP_STREETS.get(street, street.upper())
        if street == "flop":
            return f"*** FLOP *** [{' '.join(board)}]"
        return f"*** {title} *** [{' '.join(board[:-1])}] [{board[-1]}]"

    def _ending(self, board: list[str]) -> list[str]:
        result = self.hand.result
        assert result is not None
        out: list[str] = []
        for seat, chips in result.returned.items():
            if chips:
                out.append(f"Uncalled bet ({self.money(chips)}) returned to {self.names[seat]}")
        contested = [a for a in result.awards if a.reason != "uncontested"]
        if contested:
            out.append("*** SHOW DOWN ***")
            for seat in result.showdown_order:
                cards = result.shown.get(seat) or tuple(self.hand.holes.get(seat, []))
                if cards and all(c is not None for c in cards):
                    out.append(f"{self.names[seat]}: shows [{' '.join(str(c) for c in cards)}]")
        pots = [a for a in result.awards]
        for n, award in enumerate(pots):
            where = "pot" if len(pots) == 1 else ("main pot" if n == 0 else f"side pot-{n}")
            for seat, chips in award.winners.items():
                if chips:
                    out.append(f"{self.names[seat]} collected {self.money(chips)} from {where}")
        total = sum(a.amount for a in result.awards)
        out += ["*** SUMMARY ***", f"Total pot {self.money(total)} | Rake {self.money(0)}"]
        if board:
            out.append(f"Board [{' '.join(board)}]")
        won = result.winnings
        for seat in sorted(self.state.seating.seats):
            name = self.names[seat]
            shown = result.shown.get(seat)
            if seat in won:
                showed = f" showed [{' '.join(str(c) for c in shown)}] and" if shown and all(shown) else ""
                out.append(f"Seat {seat}: {name}{showed} won ({self.money(won[seat])})")
            elif shown and all(shown):
                out.append(f"Seat {seat}: {name} showed [{' '.join(str(c) for c in shown)}] and lost")
            else:
                out.append(f"Seat {seat}: {name} folded")
        return out
