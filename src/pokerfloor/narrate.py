"""A hand told in plain words: one line per event, as a dealer would call it."""

from __future__ import annotations

from collections.abc import Callable

from pokerfloor.cards import format_cards
from pokerfloor.hand import Event, Hand
from pokerfloor.hand.view import seen_by

POSTS = {
    "sb": "posts the small blind",
    "bb": "posts the big blind",
    "button_blind": "posts the button blind",
    "straddle": "straddles",
    "mississippi": "posts a Mississippi straddle",
    "sleeper": "posts a sleeper",
    "kill": "posts a kill blind",
    "new_player": "posts to come in",
    "missed_bb": "posts the missed big blind",
    "missed_sb": "posts the missed small blind (dead)",
    "ante": "antes",
    "bb_ante": "posts the big-blind ante",
    "bring_in": "brings it in",
}


def chips(amount: int | None) -> str:
    """An amount of chips written one way everywhere: ``9,950``."""
    return "" if amount is None else f"{amount:,}"


def _verb(who: str, third_person: str) -> str:
    """ "Rock calls" but "You call": the verb agrees with the name."""
    if who != "You":
        return third_person
    first, _, rest = third_person.partition(" ")
    irregular = {"is": "are", "has": "have"}
    plain = irregular.get(first) or (
        first[:-2] if first.endswith(("shes", "ches")) else first[:-1] if first.endswith("s") else first
    )
    return f"{plain} {rest}".rstrip()


def street_words(street: str) -> str:
    """A street as players name it: "Flop", "Third street", "First draw", "Before the draw"."""
    draws = {"predraw": "Before the draw", "draw1": "First draw", "draw2": "Second draw", "draw3": "Third draw"}
    if street in draws:
        return draws[street]
    return street.capitalize() + (" street" if street in ("third", "fourth", "fifth", "sixth", "seventh") else "")


def describe(
    event: Event, name: str | None = None, *, all_in: bool = False, money: Callable[[int], str] | None = None
) -> str:
    """One event as a sentence; ``name`` replaces "seat N" when given (``"You"`` takes the verb
    without its s), ``all_in`` says so when the bet or call put the seat all-in, and ``money``
    writes amounts (``chips`` by default; a replay writes them in the history's units). The one
    narrator of ``play``, ``demo`` and ``replay``."""
    who = name or (f"seat {event.seat}" if event.seat is not None else "")
    kind = event.kind
    amount = chips(event.amount) if money is None or event.amount is None else money(event.amount)
    shove = ", all-in" if all_in else ""
    if kind == "post":
        return f"{who} {_verb(who, POSTS.get(event.post or '', 'posts'))} {amount}{shove}"
    if kind in ("deal_board",):
        run = f" ({event.note})" if event.note else ""  # a later run of a board run more than once
        return f"{event.street.capitalize()}{run}: {' '.join(format_cards([card]) for card in event.cards)}"
    if kind == "run_it":
        return event.note
    if kind == "bomb_pot":
        return f"Bomb pot of {amount} a player: no betting before the flop"
    if kind == "deal_hole":
        how = f" ({event.note})" if event.note and event.note != "draw" else ""
        return f"{who} {_verb(who, 'is')} dealt {format_cards(event.cards)}{how}"
    if kind in ("bet", "raise", "complete", "bring_in"):
        verb = {"bet": "bets", "raise": "raises to", "complete": "completes to", "bring_in": "brings it in for"}[kind]
        return f"{who} {_verb(who, verb)} {amount}{shove}"
    if kind == "call":
        return f"{who} {_verb(who, 'calls')}{shove}"
    if kind in ("check", "fold"):
        return f"{who} {_verb(who, kind + 's')}"
    if kind == "return":
        return f"uncalled {amount} returned to {who}"
    if kind == "expose":
        return event.note
    if kind == "show":
        return f"{who} {_verb(who, 'shows')} {format_cards(event.cards)}"
    if kind == "muck":
        return f"{who} {_verb(who, 'mucks')}"
    if kind == "draw":
        if not event.amount:
            return f"{who} {_verb(who, 'stands')} pat"
        if event.cards and None not in event.cards:
            return f"{who} {_verb(who, 'discards')} {format_cards(event.cards)}"
        return f"{who} {_verb(who, 'draws')} {amount}"
    if kind == "win":
        how = "uncontested" if event.note == "uncontested" else event.note
        return f"{who} {_verb(who, 'wins')} {amount} ({how})"
    text = f"{who} {kind}"
    return f"{text} {amount}" if amount else text


_COUNTABLE = frozenset({"straight", "flush", "full house", "straight flush", "royal flush"})


def _a(words: str) -> str:
    """ "a flush, ace high", "a pair of...": the article a person puts before a hand's name."""
    if words.startswith("one pair"):
        return "a pair" + words[len("one pair") :]
    return f"a {words}" if words.split(",")[0] in _COUNTABLE else words


def award_lines(hand: Hand, names: dict[int, str] | None = None) -> list[str]:
    """Who won each pot and with what, main pot first: "Pro wins the side pot, 18,321, with a
    flush, ace high"."""
    names = names or {}
    result = hand.result
    if result is None:
        return []
    pots = len({award.pot for award in result.awards})
    runs = hand.runs
    lines = []
    for award in sorted(result.awards, key=lambda a: (a.pot, a.run)):
        pot = "the pot" if pots == 1 else "the main pot" if award.pot == 0 else f"side pot {award.pot}"
        if pots == 2 and award.pot == 1:
            pot = "the side pot"
        if runs > 1:
            pot += f" on run {award.run + 1}"
        won_with = award.won_with
        for seat, share in award.winners.items():
            who = names.get(seat, f"seat {seat}")
            split = f" (split {len(award.winners)} ways)" if len(award.winners) > 1 else ""
            hand_words = f", with {_a(won_with)}" if won_with else ""
            lines.append(f"{who} {_verb(who, 'wins')} {pot}, {chips(share)}{split}{hand_words}")
    return lines


def narrate(
    hand: Hand, names: dict[int, str] | None = None, *, seat: int | None = None, full: bool | None = None
) -> list[str]:
    """Every event of the hand, in order, in words: as ``seat`` (``None``: a spectator) sees a
    hand in progress unless ``full``, the whole of a finished hand unless ``full=False``."""
    names = names or {}
    events, _ = seen_by(hand, seat, full)
    return [describe(e, names.get(e.seat) if e.seat is not None else None) for e in events]
