"""PokerStars text hand histories (cash and tournament; hold'em, Omaha, stud, razz) as PHH.

A file holds hands separated by blank lines, each opening with ``PokerStars Hand #N:`` (or
``PokerStars Zoom Hand``, ``PokerStars Home Game Hand``, ``PokerStars Game``). A seat marked
as sitting out that still posts or acts is in the hand (tournaments deal them in and take their
antes and blinds); one that does nothing is not. Each is read line by line into a ``SiteHand``:
the header names the game and stakes, ``Seat N: name (stack in chips)`` the players, then
forced bets, actions, streets, cards shown, uncalled bets and pots collected. The site's amounts
are kept as written; replaying the PHH history judges them (``verify.verify_history``).

A tournament hand keeps its tournament, buy-in, level and bounties: ``event`` is
``Tournament #N``, ``level`` the level as a number (``Level XXVI`` is 26), and the user fields
``_buy_in`` (as written: ``$4.55+$4.55+$0.90 USD``) and ``_bounties`` (each seat's bounty in
dealing order, ``""`` where none is written) are what ``pokerstars_out`` writes back.

``LineReader`` is the line reader itself; the readers of sites that write a text close to this
one (``ggpoker``, ``winamax``, ``pacific``, ``partypoker``) turn their lines into its dialect.
Besides PokerStars' own verbs it takes two that no PokerStars file holds: ``raises by X`` (a
raise that puts X more in, as 888poker writes it) and ``puts in X`` (an all-in of X more chips
that is a call or a raise by what the others have put in).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pokerfloor.io.notation import Money
from pokerfloor.io.phh import HandHistory
from pokerfloor.io.sitehand import HistoryImportError, SiteHand, date_in, guarded, money, opening, read_each, split_at

GAMES: tuple[tuple[str, str], ...] = (
    ("Hold'em No Limit", "NT"),
    ("Hold'em Limit", "FT"),
    ("Omaha Hi/Lo Limit", "FO/8"),
    ("Omaha Pot Limit", "PO"),
    ("7 Card Stud Hi/Lo Limit", "F7S/8"),
    ("7 Card Stud Limit", "F7S"),
    ("Razz Limit", "FR"),
)
"""The PokerStars game names that have a PHH variant, by the words of the header."""

STUD = frozenset({"F7S", "F7S/8", "FR"})
LIMIT = frozenset({"FT", "FO/8", *STUD})

_START = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #", re.MULTILINE)
_HEADER = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(?P<id>[0-9]+):\s*(?P<rest>.*)$")
_STAKES = re.compile(r"\((?P<small>[^()/]+)/(?P<big>[^()/\s]+)(?: [A-Z]{3})?\)")
_TABLE = re.compile(
    r"^Table '(?P<table>[^']*)' (?:(?P<max>\d+)-max )?(?:\(Play Money\) )?(?:Seat #(?P<button>\d+) is the button)?"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^ )]+) in chips[^)]*\)(?P<rest>.*)$")
_CARDS = re.compile(r"\[([^\]]*)\]")
_RETURNED = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$")
_POSTS = {"posts small blind ": "sb", "posts big blind ": "bb", "posts the ante ": "ante",
          "posts straddle ": "straddle"}
_ALL_IN = re.compile(r" and (?:is all-in|has reached the \S+ cap)$")
_STREET = re.compile(r"^\*\*\* (?P<street>[^*]+?) \*\*\*")


def opens_a_hand(text: str) -> bool:
    """Whether ``text`` holds the opening line of a PokerStars hand."""
    return _START.search(text) is not None


def split_hands(text: str) -> Iterator[str]:
    """Each hand's text in a file of PokerStars histories."""
    return split_at(text, _START)


def read_hand(text: str, source: str = "") -> HandHistory:
    """One PokerStars hand as a PHH history (raises ``HistoryImportError``, and at once for a
    hand over ``phh.MAX_HAND_BYTES``)."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    header = opening(lines, _HEADER, "a PokerStars hand opens with 'PokerStars Hand #'", source)
    hand_id = header.group("id")
    return guarded(text, source, hand_id, lambda: LineReader(lines, _stars_hand(hand_id, header.group("rest")))
                   .read().history(source))


def read(text: str, source: str = "") -> list[HandHistory | HistoryImportError]:
    """Every hand of a PokerStars file: a history, or the error that hand raised; a file over
    ``phh.MAX_FILE_BYTES`` is refused at once, as one error."""
    return read_each(text, source, _START, read_hand)


_TOURNAMENT = re.compile(r"Tournament #(?P<number>[0-9]+),\s*(?P<buy_in>.*?)\s*(?:" +
                         "|".join(re.escape(words) for words, _ in GAMES) + ")")
_LEVEL = re.compile(r"- Level (?P<level>[IVXLCDM]+)\b")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def from_roman(text: str) -> int:
    """A level's Roman numeral as a number (``XXVI`` is 26)."""
    values = [_ROMAN[ch] for ch in text]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def to_roman(number: int) -> str:
    """A number as the Roman numeral PokerStars writes for a level."""
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        count, number = divmod(number, value)
        out += letters * count
    return out


def _stars_hand(hand_id: str, header: str) -> SiteHand:
    """The hand a PokerStars header names: its game, stakes, and tournament if it is one."""
    game = next((code for words, code in GAMES if words in header), None)
    if game is None:
        raise HistoryImportError(f"no PHH variant for the game of {header!r}")
    stakes = _STAKES.search(header)
    if stakes is None:
        raise HistoryImportError(f"no stakes in {header!r}")
    hand = SiteHand(game, hand_id=hand_id, venue="PokerStars")
    date_in(header, hand)
    set_stakes(hand, money(stakes.group("small")), money(stakes.group("big")))
    tournament = _TOURNAMENT.search(header)
    if tournament is not None:
        hand.event = f"Tournament #{tournament.group('number')}"
        hand.extra["_buy_in"] = tournament.group("buy_in")
        level = _LEVEL.search(header)
        if level is not None:
            hand.level = from_roman(level.group("level"))
    else:
        hand.currency = "USD" if "USD" in header else ""
    return hand


def set_stakes(hand: SiteHand, small: Money, big: Money) -> None:
    """The stakes of a header: the small and big bet in limit games, the big blind (the least
    bet) in the others."""
    if hand.variant in LIMIT:
        hand.small_bet, hand.big_bet = small, big
    else:
        hand.min_bet = big


class LineReader:
    """A hand's lines in PokerStars' words, read into ``hand`` (whose game and stakes the
    header gave). ``writes_uncalled``: whether the site writes the ``Uncalled bet`` lines; when
    it does not, the part of a wager no one matched goes back to its owner as each betting round
    ends (rules.md, TDA R15-B)."""

    def __init__(self, lines: list[str], hand: SiteHand, *, writes_uncalled: bool = True) -> None:
        self.lines = lines
        self.hand = hand
        self.writes_uncalled = writes_uncalled
        self.names: list[str] = []
        self.posted: dict[str, str] = {}
        self.big_blind: Money | None = None
        self.bounties: dict[int, str] = {}
        self.stud_street = 0
        self.dealt_seventh: set[str] = set()
        self.seventh_done = False

    def read(self) -> SiteHand:
        self.absent_but_playing = {
            seat.group("name") for line in self.lines if (seat := _SEAT.match(line)) is not None
            and any(other.startswith(seat.group("name") + ": ") for other in self.lines)
        }
        table = _TABLE.match(self.lines[1]) if len(self.lines) > 1 else None
        if table is not None:
            self.hand.table = table.group("table")
            self.hand.seat_count = int(table.group("max")) if table.group("max") else None
            if self.hand.variant not in STUD:
                if table.group("button") is None:
                    raise HistoryImportError("no button seat in the table line")
                self.hand.button = int(table.group("button"))
        in_summary = False
        for line in self.lines[1:]:
            if line.startswith("*** SUMMARY ***"):
                in_summary = True
                self._round_over()
            if in_summary:
                self._summary(line)
            else:
                self._line(line)
        self._round_over()
        if self.hand.variant in STUD and self.hand.bring_in is None:
            raise HistoryImportError("no one brought in (the low card completed at once): the hand does not say"
                                     " what the bring-in was, which its replay needs")
        if any(self.bounties.values()):
            self.hand.extra["_bounties"] = [self.bounties.get(seat, "") for seat in self.hand.order()]
        return self.hand

    def _round_over(self) -> None:
        if not self.writes_uncalled:
            self.hand.return_uncalled()

    def _line(self, line: str) -> None:
        seat = _SEAT.match(line)
        if seat is not None and not self.hand.started and "*** " not in line:
            away = "sitting out" in seat.group("rest") or "out of hand" in seat.group("rest")
            if not away or seat.group("name") in self.absent_but_playing:
                self.hand.sit(int(seat.group("seat")), seat.group("name"), money(seat.group("stack")))
                bounty = _BOUNTY.search(line)
                if bounty is not None:
                    self.bounties[int(seat.group("seat"))] = bounty.group(1)
                self.names = sorted((n for n, _ in self.hand.seats.values()), key=len, reverse=True)
            return
        street = _STREET.match(line)
        if street is not None:
            self._street(street.group("street"), line)
            return
        if line.startswith("Cash Drop to Pot"):
            raise HistoryImportError("the house adds chips to the pot (a cash drop): PHH has no form for it")
        returned = _RETURNED.match(line)
        if returned is not None:
            self.hand.returned(returned.group("name"), money(returned.group("amount")))
            return
        name = next((n for n in self.names if line.startswith(n + ": ") or line.startswith(n + " ")), None)
        if line.startswith("Dealt to "):
            self._dealt(line[len("Dealt to "):])
        elif name is not None:
            rest = line[len(name):]
            if rest.startswith(": "):
                self._action(name, rest[2:])
            elif rest.startswith(" collected "):
                self.hand.collected(name, money(rest[len(" collected "):].split(" from ")[0]))

    def _street(self, street: str, line: str) -> None:
        cards = _CARDS.findall(line)
        if street == "HOLE CARDS":
            return
        if street in ("SHOW DOWN", "SHOWDOWN"):
            if self.stud_street == 7:
                self._seventh_downcards()
            return
        self._round_over()
        self.hand.street()
        if self.hand.variant in STUD:
            self.stud_street = {"3rd STREET": 3, "4th STREET": 4, "5th STREET": 5, "6th STREET": 6,
                                "7th STREET": 7, "RIVER": 7}.get(street, self.stud_street)
            return
        if street in ("FLOP", "TURN", "RIVER") and cards:
            self.hand.board(cards[-1].split())
        elif street.startswith(("FIRST ", "SECOND ", "THIRD ")):
            raise HistoryImportError(f"a board run more than once ({street}) has no PHH form yet")
        else:
            raise HistoryImportError(f"a street PokerStars does not write: {street!r}")

    def _dealt(self, text: str) -> None:
        name = next((n for n in self.names if text.startswith(n + " [")), None)
        if name is None:
            return
        cards = _CARDS.findall(text[len(name):])
        if self.hand.variant not in STUD:
            self.hand.holes[name] = cards[0].split()
            return
        new = cards[-1].split()
        if self.stud_street == 3:
            self._deal_stud(name, new if len(new) == 3 else ["??", "??", *new])
        else:
            self._deal_stud(name, new)

    def _deal_stud(self, name: str, cards: list[str]) -> None:
        if self.stud_street == 7:
            self.dealt_seventh.add(name)
        self.hand.deal(name, cards)

    def _action(self, name: str, text: str) -> None:
        text = _ALL_IN.sub("", text).strip()
        words = text.split()
        if not words:
            return
        hand = self.hand
        if self.hand.variant in STUD and self.stud_street == 7 and words and words[0] != "shows":
            self._seventh_downcards()
        post = next((kind for words_, kind in _POSTS.items() if text.startswith(words_)), None)
        if post is not None:
            self._post(name, money(words[-1]), post)
        elif text.startswith("posts small & big blinds "):
            raise HistoryImportError(f"{name} posts a dead small blind with the big blind: no PHH form")
        elif words[0] == "posts" or text.startswith("straddle "):
            if words[0] == "straddle":
                self._post(name, money(words[-1]), "straddle")
                return
            raise HistoryImportError(f"{name} {text[:40]!r}: a forced bet PHH has no form for")
        elif "insurance" in text:
            raise HistoryImportError(f"{name} takes all-in insurance, a side bet with the house that PHH has no"
                                     " form for")
        elif words[:2] == ["raises", "by"]:
            hand.raise_by(name, money(words[2]))
        elif words[:2] == ["puts", "in"]:
            hand.put_in(name, money(words[2]))
        elif words[0] == "folds":              # "folds [As]": a card shown as it is folded
            hand.fold(name)
        elif text == "checks":
            hand.check(name)
        elif words[0] == "calls":
            hand.call(name, money(words[1]))
        elif words[0] == "bets":
            hand.raise_to(name, money(words[1]))
        elif words[0] == "raises" and "to" in words:
            hand.raise_to(name, money(words[words.index("to") + 1]))
        elif text.startswith("brings in for "):
            hand.bring_in = hand.bring_in or money(words[-1])
            hand.bring_in_for(name, money(words[-1]))
        elif text.startswith("completes it to "):
            hand.raise_to(name, money(words[-1]))
        elif words[0] == "shows":
            hand.show(name, _CARDS.findall(text)[0].split())
        elif words[0] == "mucks":
            hand.muck(name)

    def _post(self, name: str, amount: Money, kind: str) -> None:
        """A forced bet; a second small or big blind (a player posting to come in) or a straddle
        over one's own blind has no PHH form (PHH gives each seat one blind, by its place)."""
        if kind != "ante":
            if name in self.posted:
                raise HistoryImportError(f"{name} posts a {kind} over their own {self.posted[name]}: PHH has no"
                                         " form for it")
            if kind in self.posted.values() and kind != "straddle":
                raise HistoryImportError(f"{name} posts a {kind} beside the table's blinds (a player coming in):"
                                         " PHH has no form for it")
            self.posted[name] = kind
            if kind == "bb":
                self.big_blind = amount
        self.hand.post(name, amount, kind)

    def _seventh_downcards(self) -> None:
        """On seventh street the site lists only the hero's card: the rest are dealt unseen."""
        if self.seventh_done:
            return
        self.seventh_done = True
        live = self._live_players()
        for name in live:
            if name not in self.dealt_seventh:
                self.hand.deal(name, ["??"])

    def _live_players(self) -> list[str]:
        folded = self.hand.folded()
        return [self.hand.seats[s][0] for s in sorted(self.hand.seats) if self.hand.seats[s][0] not in folded]

    def _summary(self, line: str) -> None:
        seat = _SEAT_SUMMARY.match(line)
        if seat is None:
            return
        name = seat.group("name")
        shown = re.search(r"(?:showed|mucked) \[([^\]]+)\]", line)
        if shown is not None and name in {n for n, _ in self.hand.seats.values()}:
            self.hand.holes.setdefault(name, shown.group(1).split())


_BOUNTY = re.compile(r", (\S+) bounty\)")

_SEAT_SUMMARY = re.compile(
    r"^Seat \d+: (?P<name>.+?)(?: \((?:button|small blind|big blind)\))* "
    r"(?:showed|mucked|folded|collected|won|lost|did)"
)
