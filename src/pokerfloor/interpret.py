"""The floor's reading of a live player's words and chips (TDA 2024 Rules 40–46, 51, 52, 55–57).

``interpret`` returns the action the rules make of what a player said and pushed, as a ``Ruling``
that ``Hand.act`` accepts, and leaves the hand unchanged. Words are read before chips: pass as
``verbal`` what was said before (or as) the chips went in; words said after the chips landed are
too late to change them (R40-A) and should not be passed. Declared amounts are totals for the
round, like ``Hand.act``'s ``to`` (R43-B); chips are added to the seat's bet already in front.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import Hand, Range

RulingAction = Literal["fold", "check", "call", "bet", "raise", "all_in", "bring_in"]
Word = Literal["check", "call", "fold", "raise", "all_in", "pot", "amount"]

R_TERMS = cite.TERMS
R_FIRST = cite.FIRST_IN
R_AMOUNT = cite.AMOUNT
R_OVERCHIP_CALL = cite.OVERCHIP_CALL
R_STRING = cite.STRING_BET
R_FIFTY = cite.FIFTY_PERCENT
R_RAISE_TO = cite.RAISE_TO
R_OVERCHIP = cite.OVERCHIP
R_EVERY_CHIP = cite.EVERY_CHIP
R_LAST_CHIPS = cite.LAST_CHIPS
R_BLIND_CHIPS = cite.BLIND_CHIPS
R_IN_TURN = cite.IN_TURN
R_BINDING = cite.BINDING
R_UNDERCALL = cite.UNDERCALL
R_UNDERBET = cite.UNDERBET
R_POT_OVERBET = cite.POT_OVERBET
R_TURN = cite.TURN
R_POT_WORD = cite.POT_WORD
R_INVALID = cite.INVALID
R_UNCLEAR = cite.UNCLEAR
R_FOLD_NO_BET = cite.FOLD_NO_BET
R_CHIP = cite.CHIP
R_STACKS = cite.TABLE_STAKES
R_LIMIT = cite.FIXED_LIMIT
R_SPREAD = cite.SPREAD_LIMIT
R_POT_LIMIT = cite.POT_LIMIT
R_BRING_IN = cite.BRING_IN


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the floor rules: ``hand.act(seat, ruling.action, to=ruling.to)`` carries it out.

    ``action`` is fold, check, call, bet, raise, all_in, or bring_in (stud's forced opening; a
    completion is a raise). ``to`` is the seat's total wager this round (``None`` for a check or
    a fold); ``rule`` cites the rules behind the ruling, most decisive first; ``explanation``
    says it to the player.
    """

    action: RulingAction
    to: int | None
    rule: str
    explanation: str


# ---------------------------------------------------------------------------------------- words


@dataclass(frozen=True, slots=True)
class Declaration:
    """One thing said: an action word (``term`` as spoken), or an amount; ``by``: on top of the
    current bet; ``bare``: a count under a hundred with no "hundred" or "thousand" ("five")."""

    word: Word
    amount: int | None = None
    by: bool = False
    term: str = ""
    bare: bool = False


_ACTION_WORDS: dict[str, Word] = {
    "check": "check",
    "call": "call",
    "fold": "fold",
    "raise": "raise",
    "reraise": "raise",
    "bet": "raise",
    "complete": "raise",
    "make": "raise",
    "all": "all_in",
    "allin": "all_in",
    "pot": "pot",
}
_FILLER_WORDS = "i m im ll am will go to it the a and of please that is s in re for my no"
_UNIT_WORDS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
_TEEN_WORDS = "seventeen eighteen nineteen"
_TENS_WORDS = "twenty thirty forty fifty sixty seventy eighty ninety"
_FILLER = frozenset(_FILLER_WORDS.split())
_UNITS = {word: value for value, word in enumerate(f"{_UNIT_WORDS} {_TEEN_WORDS}".split())}
_TENS = {word: 10 * value for value, word in enumerate(_TENS_WORDS.split(), 2)}
_SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000, "k": 1000, "million": 1_000_000}
_TOKEN = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?k?|\d+(?:\.\d+)?k?|[a-z]+")
_DIGITS = re.compile(r"(\d[\d,]*)(?:\.(\d+))?(k?)")


def _digits(token: str) -> int | None:
    match = _DIGITS.fullmatch(token)
    if match is None:
        return None
    whole, fraction, k = match.groups()
    scale = 1000 if k else 1
    value = int(whole.replace(",", "")) * scale
    if fraction:
        value += int(fraction) * scale // 10 ** len(fraction)
        if int(fraction) * scale % 10 ** len(fraction):
            return None
    return value


def _unclear(text: str) -> IllegalAction:
    return IllegalAction("invalid_action", f"{text}: state the amount plainly", R_UNCLEAR)


def _combine_number(parts: list[int | str], spoken: str) -> int:
    """Put number words together: "fourteen hundred", "eight thousand five hundred", and the
    dealer's shorthand "two fifty" (250) and "twelve fifty" (1250)."""
    groups = [p for p in parts if isinstance(p, int)]
    if len(parts) == 2 and len(groups) == 2 and all(g < 100 for g in groups) and groups[1] >= 10:
        return groups[0] * 100 + groups[1]
    total, current, open_group = 0, 0, True
    for part in parts:
        if isinstance(part, int):
            if not open_group and not (current % 100 == 0 and part < 100):
                raise _unclear(f"{spoken!r} is not one amount")
            current += part
            open_group = False
        elif part == "hundred":
            current = (current or 1) * 100
            open_group = False
        else:
            total += (current or 1) * _SCALES[part]
            current, open_group = 0, True
    return total + current


def _read_number(tokens: list[str], start: int) -> tuple[int, int, bool] | None:
    """The amount spoken from ``tokens[start]`` on, where it ends, and whether it is a bare
    count; ``None`` if no amount starts there."""
    parts: list[int | str] = []
    i = start
    while i < len(tokens):
        token = tokens[i]
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        value = _digits(token)
        if value is not None:
            parts.append(value)
        elif token in _TENS:
            value = _TENS[token]
            if 0 < _UNITS.get(following, 0) < 10:
                value += _UNITS[following]
                i += 1
            parts.append(value)
        elif token in _UNITS:
            parts.append(_UNITS[token])
        elif token in _SCALES and parts:
            parts.append(token)
        elif token == "a" and following in _SCALES:
            parts.append(1)
        elif token == "and" and parts and (following in _UNITS or following in _TENS or _digits(following) is not None):
            pass
        else:
            break
        i += 1
    if not parts:
        return None
    bare = len(parts) == 1 and isinstance(parts[0], int) and parts[0] < 100
    return _combine_number(parts, " ".join(tokens[start:i])), i, bare


def parse_verbal(text: str) -> list[Declaration]:
    """What a player said, word by word: ``"raise, eight thousand"`` is a raise then an amount.

    Official terms are bet, raise, call, fold, check, all in, complete and pot (TDA 2024 R3); a
    couple of common ones ("make it", "reraise") are read too, and "by" before an amount or
    "more" after it makes the amount an increment ("raise six thousand more"). Anything else is
    refused rather than guessed at.
    """
    tokens = _TOKEN.findall(text.lower())
    said: list[Declaration] = []
    by = False
    i = 0
    while i < len(tokens):
        number = _read_number(tokens, i)
        if number is not None:
            value, i, bare = number
            said.append(Declaration("amount", value, by, bare=bare))
            by = False
            continue
        token = tokens[i]
        if token == "by":
            by = True
        elif token == "more":
            # "raise six thousand more": the amount said is an increment, the clarifying
            # information under which TDA 2024 R43-B does not read it as a total.
            if not said or said[-1].word != "amount" or said[-1].by:
                raise _unclear(f"{text!r} does not say how much more")
            said[-1] = replace(said[-1], by=True)
        elif token in _ACTION_WORDS:
            said.append(Declaration(_ACTION_WORDS[token], term=token))
        elif token not in _FILLER:
            raise IllegalAction(
                "invalid_action",
                f"{token!r} is not a betting term the floor can rule on: say check, call, fold, bet, raise, "
                "all in, pot or an amount",
                R_TERMS,
            )
        i += 1
    return said


@dataclass(frozen=True, slots=True)
class _Reading:
    """The declaration that binds, whether "check" was said facing a bet, and words overruled."""

    binding: Declaration | None
    checked: bool
    overruled: tuple[Declaration, ...]


def _read(said: list[Declaration], facing: bool) -> _Reading:
    """The first declaration defines the action (R40-A); a bare "raise" is completed by the
    amount, pot or all-in said next. "Check" facing a bet binds nothing but forbids a raise (R55)."""
    binding: Declaration | None = None
    checked = False
    overruled: list[Declaration] = []
    for words in said:
        if binding is None:
            if words.word == "check" and facing:
                checked = True
            else:
                binding = words
        elif binding.word == "raise" and binding.amount is None and words.word in ("amount", "raise", "pot", "all_in"):
            binding = (
                replace(binding, amount=words.amount, by=words.by, bare=words.bare) if words.word == "amount" else words
            )
        elif words.word != binding.word and not (words.word == "amount" and binding.word != "amount"):
            overruled.append(words)
    return _Reading(binding, checked, tuple(overruled))


# ---------------------------------------------------------------------------------------- rulings


@dataclass(frozen=True, slots=True)
class _Spot:
    """The seat to act as the floor sees it."""

    hand: Hand
    seat: int
    bet: int
    stack: int
    level: int
    option: Range | None
    betting: bool
    bring_in: int | None
    may_fold: bool
    closed: str
    closed_rule: str

    @property
    def facing(self) -> bool:
        return self.level > self.bet

    @property
    def all_in_to(self) -> int:
        return self.bet + self.stack

    @property
    def call_to(self) -> int:
        return min(self.level, self.all_in_to)

    @property
    def structure(self) -> str:
        return self.hand.game.structure

    @property
    def full_raise(self) -> int:
        """The increment a full raise adds now (TDA 2024 R43-A); in fixed limit, to the fixed amount."""
        if self.structure == "fixed_limit" and self.option is not None:
            return self.option.min_to - self.level
        return self.hand.min_raise_increment


def _spot(hand: Hand, seat: int) -> _Spot:
    if hand.is_over:
        raise IllegalAction("hand_over", "the hand is over")
    if hand.to_act != seat:
        whose = "no one may act now" if hand.to_act is None else f"it is seat {hand.to_act}'s turn"
        raise IllegalAction("not_your_turn", f"{whose}, not seat {seat}'s", R_TURN)
    legal = hand.legal()
    if legal.draw is not None:
        raise IllegalAction("invalid_action", "this is the draw, not a betting round: there is no bet to rule on")
    option = legal.bet or legal.raise_ or legal.complete
    bet, stack = hand.bets[seat], hand.stacks[seat]
    return _Spot(
        hand=hand,
        seat=seat,
        bet=bet,
        stack=stack,
        level=max(hand.current_bet, bet),
        option=option,
        betting=legal.bet is not None,
        bring_in=legal.bring_in,
        may_fold=legal.fold,
        closed=legal.reason,
        closed_rule=legal.rule,
    )


class _Notes:
    """The rules cited and the sentences said, in the order the ruling reached them."""

    def __init__(self) -> None:
        self.rules: list[str] = []
        self.lines: list[str] = []

    def add(self, line: str, *rules: str) -> None:
        self.rules += [rule for rule in rules if rule and rule not in self.rules]
        self.lines.append(line)

    def ruling(self, action: RulingAction, to: int | None) -> Ruling:
        return Ruling(action, to, "; ".join(self.rules), " ".join(self.lines))


def _call(spot: _Spot, notes: _Notes) -> Ruling:
    """A call, or a check when there is nothing to call (R55-A)."""
    if not spot.facing:
        return notes.ruling("check", None)
    if spot.call_to < spot.level:
        notes.add(f"That is all {spot.stack} of your chips: all in for less than the call.", R_STACKS)
    return notes.ruling("call", spot.call_to)


def _on_chip(spot: _Spot, to: int, option: Range, notes: _Notes) -> int:
    """A total made of chips in play: smaller chips do not count (RROP11 Betting & Raising)."""
    chip = spot.hand.game.min_chip
    if to % chip == 0 or to == spot.all_in_to:
        return to
    down = to - to % chip
    fitted = next((t for t in (down, down + chip) if option.min_to <= t <= option.max_to), option.min_to)
    notes.add(f"Bets are made in chips of {chip}: to {fitted}.", R_CHIP)
    return fitted


_CLOSED = {
    "betting_not_reopened": "the all-in since you acted was not a full raise, so the betting is not reopened",
    "cap_reached": "the betting is capped",
    "no_opponent_can_call": "no opponent has chips to call more",
    "above_stack": "you do not have the chips to raise",
}
"""Why no raise is open, by ``Legal.reason``, as the floor says it."""


def _aggress(spot: _Spot, target: int, notes: _Notes) -> Ruling:
    """A bet or raise to ``target``, brought inside what the rules allow here: above the stack is
    all in, above the pot the pot, in fixed limit the fixed amount, below the minimum the minimum."""
    option = spot.option
    if option is None:
        if spot.facing:
            why = _CLOSED.get(spot.closed, "a raise is not open to you here")
            notes.add(f"A raise is not open to you: {why}, so it is a call.", R_BINDING, spot.closed_rule)
        else:
            notes.add("No bet is open to you here, so it is a check.", R_BINDING)
        return _call(spot, notes)
    kind: RulingAction = "bet" if spot.betting else "raise"
    to = target
    if to > spot.all_in_to:
        notes.add(f"{to} is more than you have: you are all in for {spot.all_in_to}.", R_STACKS)
        to = spot.all_in_to
    if spot.structure == "fixed_limit":
        if to != option.min_to:
            notes.add(f"In fixed limit the {kind} is to exactly {option.min_to}.", R_LIMIT)
            to = option.min_to
    elif to < option.min_to:
        if kind == "bet":
            notes.add(f"The smallest bet is {option.min_to}: the bet is made up to it.", R_UNDERBET)
        else:
            notes.add(f"The smallest raise is to {option.min_to}: the raise is made up to it.", R_FIFTY)
        to = option.min_to
    elif to > option.max_to:
        if spot.structure == "spread_limit":
            notes.add(f"The spread allows a {kind} to at most {option.max_to}.", R_SPREAD)
        else:
            notes.add(f"The pot allows a {kind} to at most {option.max_to}: it is cut to that.", R_POT_OVERBET)
        to = option.max_to
    to = _on_chip(spot, to, option, notes)
    return notes.ruling("all_in" if to == spot.all_in_to else kind, to)


def _all_in(spot: _Spot, notes: _Notes) -> Ruling:
    if spot.all_in_to <= spot.level:
        return _call(spot, notes)
    return _aggress(spot, spot.all_in_to, notes)


def _undercall(spot: _Spot, notes: _Notes) -> Ruling:
    """Less than the call and not all in: a full call facing the opening bet or heads-up, the
    floor's choice otherwise (R51-B); the engine rules the full call."""
    hand = spot.hand
    if len(hand.in_hand) == 2 or hand.raises_made == 0:
        notes.add(f"Less than the call of {spot.call_to} is an undercall: it is made a full call.", R_UNDERCALL)
    else:
        notes.add(
            f"Less than the call of {spot.call_to} is an undercall; the floor may let the player forfeit it and "
            "fold, but the ruling here is the full call.",
            R_UNDERCALL,
        )
    return _call(spot, notes)


def _fifty_percent(spot: _Spot, total: int, notes: _Notes) -> Ruling:
    """A silent raise of half the minimum raise or more is made a full raise; less is a call (R43-A)."""
    over = total - spot.level
    if over <= 0:
        return _call(spot, notes)
    if spot.option is None:
        return _aggress(spot, total, notes)
    need = spot.full_raise
    if 2 * over < need:
        notes.add(
            f"{over} over the call is less than half the minimum raise of {need}: it is a call, and {over} comes back.",
            R_FIFTY,
        )
        return _call(spot, notes)
    if total < spot.option.min_to:
        notes.add(f"{over} over the call is at least half the minimum raise of {need}.", R_FIFTY)
    else:
        notes.add(f"It is a raise to {total}.", R_FIFTY)
    return _aggress(spot, total, notes)


def _no_raise_after_check(spot: _Spot, ruling: Ruling) -> Ruling:
    """After "check" facing a bet only call or fold are left (R55): chips that would raise call."""
    if ruling.to is None or ruling.to <= spot.level:
        return ruling
    notes = _Notes()
    notes.add("You said check facing a bet: you may call or fold but not raise, so the chips are a call.", R_INVALID)
    return _call(spot, notes)


def _chips_ruling(spot: _Spot, chips: list[int], notes: _Notes, checked: bool) -> Ruling:
    """Silent chips in one motion (R41, R43-A, R44, R45, R46-C-1, R51-B)."""
    total = spot.bet + sum(chips)
    last = sum(chips) == spot.stack
    if not spot.facing:
        if len(chips) == 1:
            notes.add(f"With no bet to face, a single chip is a bet of its full value, to {total}.", R_OVERCHIP)
        else:
            notes.add(f"With no bet to face, the chips are a bet to {total}.", R_AMOUNT)
        return _aggress(spot, total, notes)
    if total < spot.level:
        return _call(spot, notes) if last else _undercall(spot, notes)
    if len(chips) == 1:
        if total > spot.level:
            notes.add(
                'A single oversized chip facing a bet, without "raise" said before it landed, is a call.',
                R_OVERCHIP,
                R_OVERCHIP_CALL,
            )
            if spot.bet:
                notes.add("The chips already in front of you do not change that.", R_BLIND_CHIPS)
        return _call(spot, notes)
    if total - min(chips) < spot.level:
        notes.add("Every chip is needed to make the call, so it is a call.", R_EVERY_CHIP)
        if spot.bet:
            notes.add("The chips already in front of you count toward it.", R_BLIND_CHIPS)
        return _call(spot, notes)
    if last:
        notes.add("Your last chips, more than the call needs: you are all in.", R_LAST_CHIPS)
        ruling = _all_in(spot, notes)
    else:
        ruling = _fifty_percent(spot, total, notes)
    return _no_raise_after_check(spot, ruling) if checked else ruling


def _reasonable_amount(spot: _Spot, words: Declaration, notes: _Notes) -> int:
    """A bare count too small to be a bet here ("five" at 200-400) means the highest reasonable
    amount not above the pot (TDA 2024 R57): 500 or 5000 there."""
    amount = words.amount
    assert amount is not None
    minimum = spot.hand.game.min_bet
    if not words.bare or amount == 0 or amount >= minimum:
        return amount
    candidates = [amount * 10**k for k in (1, 2, 3) if amount * 10**k >= minimum]
    if not candidates:
        return amount
    within = [c for c in candidates if c <= spot.hand.total_pot]
    chosen = max(within) if within else min(candidates)
    notes.add(f"{amount} cannot be meant literally here: it is read as {chosen}.", R_UNCLEAR)
    return chosen


def _amount_ruling(spot: _Spot, words: Declaration, notes: _Notes, checked: bool) -> Ruling:
    """An amount said alone is the same as pushing that many chips silently (R40-C)."""
    total = _reasonable_amount(spot, words, notes)
    notes.add(f"An amount said alone, {total}, counts as chips pushed silently.", R_AMOUNT)
    if not spot.facing:
        return _aggress(spot, total, notes)
    if total < spot.level and total < spot.all_in_to:
        return _undercall(spot, notes)
    if total >= spot.all_in_to:
        notes.add("That is all your chips: you are all in.", R_LAST_CHIPS)
        ruling = _all_in(spot, notes)
    else:
        ruling = _fifty_percent(spot, total, notes)
    return _no_raise_after_check(spot, ruling) if checked else ruling


def _raise_ruling(spot: _Spot, words: Declaration, chips: list[int], notes: _Notes) -> Ruling:
    """A "raise" (or "bet") said first: at least a full raise, sized by the words or the chips."""
    if not spot.facing and words.term in ("raise", "reraise"):
        notes.add('With no bet to face, "raise" is a bet of at least the minimum.', R_INVALID)
    if words.amount is not None:
        amount = _reasonable_amount(spot, words, notes)
        if words.by:
            target = spot.level + amount
            notes.add(f"A raise by {amount} is a raise to {target}.", R_RAISE_TO)
        elif amount <= spot.level:
            target = spot.level + amount
            notes.add(
                f"{amount} cannot be a total over the bet of {spot.level}: it is read as a raise by it.", R_UNCLEAR
            )
        else:
            target = amount
            kind = "bet" if spot.betting else "raise"
            notes.add(f"A {kind} said with an amount is to that total: to {target}.", R_RAISE_TO)
        return _aggress(spot, target, notes)
    if chips:
        target = spot.bet + sum(chips)
        if len(chips) == 1 and spot.facing:
            notes.add(f'"Raise" said before the chip landed: the most the chip allows, to {target}.', R_OVERCHIP)
        else:
            notes.add(f'"Raise" said first: the chips make it to {target}.', R_FIFTY)
        return _aggress(spot, target, notes)
    if spot.option is None:
        return _aggress(spot, spot.level, notes)
    notes.add(f"That binds you to at least the minimum, to {spot.option.min_to}; say how much.", R_BINDING)
    return _aggress(spot, spot.option.min_to, notes)


def _pot_ruling(spot: _Spot, notes: _Notes) -> Ruling:
    """A "pot" is the pot-limit maximum; elsewhere it binds to at least a minimum bet (R54-D)."""
    option = spot.option
    if option is None:
        return _aggress(spot, spot.level, notes)
    if spot.structure in ("pot_limit", "half_pot"):
        notes.add('"Pot" is the largest bet the pot allows.', R_POT_LIMIT)
        return _aggress(spot, option.max_to, notes)
    notes.add('"Pot" is not a bet in this game, but it binds you to at least the minimum.', R_POT_WORD)
    return _aggress(spot, option.min_to, notes)


def _bring_in_ruling(spot: _Spot, binding: Declaration | None, chips: list[int], notes: _Notes) -> Ruling:
    """Third street before anyone has bet (stud): the forced bring-in, or a completion to the full
    bet. "Check" or "call" is the bring-in; chips or an amount complete when they reach half the
    way from the bring-in to the full bet, by the 50% standard (TDA 2024 R43-A)."""
    assert spot.bring_in is not None
    word = binding.word if binding is not None else "amount"
    complete = spot.option
    if word == "fold":
        if spot.may_fold:
            notes.add("A fold in turn is binding.", R_IN_TURN)
            return notes.ruling("fold", None)
        raise IllegalAction(
            "invalid_action", f"the bring-in is forced: bring in {spot.bring_in} or complete", R_BRING_IN
        )
    if binding is not None and binding.amount is not None:
        target = _reasonable_amount(spot, binding, notes)
    elif word == "all_in":
        target = spot.all_in_to
    elif chips:
        target = sum(chips)
    elif word in ("raise", "pot"):
        target = complete.min_to if complete is not None else spot.bring_in
    else:
        target = spot.bring_in
    declared = word in ("raise", "pot", "all_in")
    if complete is None or target <= spot.bring_in:
        notes.add(f"The forced bring-in of {spot.bring_in}.", R_BRING_IN)
        return notes.ruling("bring_in", spot.bring_in)
    if not declared and 2 * (target - spot.bring_in) < complete.min_to - spot.bring_in:
        notes.add(
            f"{target} is less than half the way from the bring-in to the full bet of {complete.min_to}: "
            f"it is the bring-in of {spot.bring_in}.",
            R_FIFTY,
            R_BRING_IN,
        )
        return notes.ruling("bring_in", spot.bring_in)
    if target < complete.min_to and not declared:
        notes.add(f"{target} is at least half the way to the full bet: it completes to {complete.min_to}.", R_FIFTY)
    notes.add("A completion of the bring-in.", R_BRING_IN)
    return _aggress(spot, max(target, complete.min_to), notes)


def _counted_chips(spot: _Spot, chips: Sequence[int], notes: _Notes) -> list[int]:
    """The chips that play: smaller ones than the game's smallest chip do not count, even in
    quantity (RROP11 Betting & Raising; WIKI_BIP betting unit)."""
    for chip in chips:
        if isinstance(chip, bool) or not isinstance(chip, int) or chip <= 0:
            raise IllegalAction("invalid_action", f"a chip is a whole, positive number of chips, not {chip!r}")
    smallest = spot.hand.game.min_chip
    counted = [c for c in chips if c >= smallest]
    if len(counted) < len(chips):
        notes.add(f"Chips smaller than the smallest chip in play ({smallest}) do not count.", R_CHIP)
    if sum(counted) > spot.stack:
        raise IllegalAction(
            "above_stack", f"seat {spot.seat} has {spot.stack} chips behind, not {sum(counted)}", R_STACKS
        )
    return counted


def _first_motion(chips: Sequence[int] | None, motions: Sequence[Sequence[int]] | None) -> tuple[list[int], bool]:
    """The chips of the first motion, and whether more chips came in later motions (R42, R56)."""
    if chips and motions:
        raise InvalidArgument("give the chips of one motion as chips=, or every motion as motions=, not both")
    if motions:
        return list(motions[0]), any(len(m) for m in motions[1:])
    return list(chips or ()), False


def _spoken(words: Declaration) -> str:
    return str(words.amount) if words.word == "amount" else (words.term or words.word).replace("_", " ")


def interpret(
    hand: Hand,
    seat: int,
    *,
    chips: Sequence[int] | None = None,
    verbal: str | None = None,
    motions: Sequence[Sequence[int]] | None = None,
    declared: Sequence[str] = (),
) -> Ruling:
    """The action the floor rules for the seat to act, from what it said and pushed.

    ``chips`` are the denominations pushed in one motion, on top of the seat's bet in front;
    ``motions`` lists each motion's chips when there were several (only the first counts: string
    bets, TDA 2024 R42, R56). ``verbal`` is what was said before or as the chips went in;
    ``declared`` what the player said earlier this turn, oldest first. The first declaration
    defines the action (R40-A); "check" facing a bet forbids a raise (R55).

    Raises ``IllegalAction`` when there is no single ruling: ``cannot_check_facing_bet`` (check
    said facing a bet and nothing else: call or fold), ``binding_declaration`` (a raise after
    that check), ``invalid_action`` (words that are not betting terms, a fold with no bet to
    face, nothing said or pushed), ``above_stack`` (more chips than the seat has),
    ``not_your_turn`` and ``hand_over``. The hand is never changed.
    """
    spot = _spot(hand, seat)
    notes = _Notes()
    first, strung = _first_motion(chips, motions)
    reading = _read([words for text in (*declared, verbal or "") for words in parse_verbal(text)], spot.facing)
    if reading.overruled:
        later = ", ".join(_spoken(words) for words in reading.overruled)
        notes.add(f"The first declaration binds; what came after ({later}) does not change it.", R_FIRST)
    binding = reading.binding
    uses_chips = binding is None or (binding.word == "raise" and binding.amount is None)
    counted = _counted_chips(spot, first, notes) if uses_chips and first else []
    if uses_chips and strung:
        notes.add("Only the first motion counts: chips added in a later motion are a string bet.", R_STRING)
    if spot.bring_in is not None and (counted or binding is not None):
        return _bring_in_ruling(spot, binding, counted, notes)
    if binding is None:
        if counted:
            return _chips_ruling(spot, counted, notes, reading.checked)
        if reading.checked:
            raise IllegalAction(
                "cannot_check_facing_bet",
                f"you face a bet, {min(spot.level - spot.bet, spot.stack)} to call: having said check, you may"
                " call or fold, but not raise",
                R_INVALID,
            )
        if first:
            raise IllegalAction("invalid_action", "no chip pushed is a chip in play: nothing was bet", R_CHIP)
        raise IllegalAction("invalid_action", "nothing was said or pushed: there is nothing to rule on")
    word = binding.word
    raises = word in ("raise", "pot") or (word == "all_in" and spot.all_in_to > spot.level)
    if reading.checked and raises:
        raise IllegalAction(
            "binding_declaration", "you said check facing a bet: you may call or fold, but not raise", R_INVALID
        )
    if word == "fold":
        if not spot.facing:
            if not spot.may_fold:
                raise IllegalAction(
                    "invalid_action",
                    "there is no bet to you: a fold now is binding at the table and subject to penalty, but this "
                    "house takes no fold without a bet; check instead",
                    R_FOLD_NO_BET,
                )
            notes.add("A fold with no bet to face is binding, and may be penalised.", R_FOLD_NO_BET)
        notes.add("A fold in turn is binding.", R_IN_TURN)
        return notes.ruling("fold", None)
    if word == "check":
        notes.add("A check in turn is binding.", R_IN_TURN)
        return notes.ruling("check", None)
    if word == "call":
        if spot.facing:
            notes.add(f'"Call" commits you to the full call, to {spot.call_to}.', R_BINDING)
        else:
            notes.add('With no bet to face, "call" is a check.', R_INVALID)
        return _call(spot, notes)
    if word == "all_in":
        notes.add(f"All in: to {spot.all_in_to}.", R_FIRST)
        return _all_in(spot, notes)
    if word == "pot":
        return _pot_ruling(spot, notes)
    if word == "raise":
        return _raise_ruling(spot, binding, counted, notes)
    return _amount_ruling(spot, binding, notes, reading.checked)
