"""The tournament floor's rulings over many tables, as pure functions (``event.Event`` uses them).

- ``draw_seats``: seats by a random draw (TDA 2024 Rule 7), from a pool of seat cards.
- ``two_step_draw``: players from a broken table get their new seats by the 2-step random
  process of the Rule 10 Illustration Addendum: the seat cards are scrambled face down, each
  player is dealt a playing card face up, and the seat cards go out in order, the first to the
  highest card by suit.
- ``worst_position``: where a player moved to balance tables sits (Rule 11-A): the empty seat
  the big blind reaches first, the single big blind itself when it is empty, never the small
  blind. In stud only, the last open seat (the highest number).
- ``player_to_move``: who moves (Rule 11-A): in flop and mixed games the player to be big
  blind next, even if that means being big blind twice; in stud only, by position: the seat of
  the number being filled at the short table, or the first player after it.
- ``halted``: play halts at a table 3 or more players short of the longest once its blinds are
  impacted (Rule 11-D; by the Illustration Addendum, once the seat the big blind moves to next
  is empty).
- ``chip_race``: the race at a scheduled colour-up (Rule 24).
- ``hand_for_hand_due``: whether the next players out may finish at places paid differently
  (hand-for-hand at the bubble, RP-8; before every pay jump too, a house option).
- ``places_out``: the places of the players out, group by group (one hand, or one
  hand-for-hand round): by their chips at its start, the more chips higher, equal stacks
  sharing; a group that shares (players out on the hands finished at the announcement who
  break into the money, RP-8-A) shares all its places.
- ``split_prizes``: the prizes of places shared, split evenly, odd units to the first by entry.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pokerfloor import citations as cite
from pokerfloor.cards import FULL_DECK, Card, Deck
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Hand

R_SEATING = cite.RANDOM_SEATING
R_BREAKING = cite.BREAKING
R_BALANCING = cite.BALANCING
R_HALTING = cite.HALTING
R_CHIP_RACE = cite.CHIP_RACE
R_HAND_FOR_HAND = cite.HAND_FOR_HAND
R_CURRENT_HAND = cite.HAND_FOR_HAND_CURRENT
R_H4H_CLOCK = cite.HAND_FOR_HAND_CLOCK
R_PAY_JUMPS = cite.HAND_FOR_HAND_JUMPS
R_BUSTS = cite.BUSTS

SeatCard = tuple[int, int]
"""A seat card: (table number, seat number)."""


def draw_seats(players: Sequence[str], seat_cards: Sequence[SeatCard], rng: random.Random) -> dict[str, SeatCard]:
    """Each player's seat card, drawn at random (R_SEATING): the cards shuffled and dealt one a
    player in the order given. As many cards as players at least."""
    if len(seat_cards) < len(players):
        raise InvalidArgument(f"{len(players)} players draw from {len(seat_cards)} seat cards")
    cards = list(seat_cards)
    rng.shuffle(cards)
    return dict(zip(players, cards))


def two_step_draw(
    players: Sequence[str], seat_cards: Sequence[SeatCard], rng: random.Random
) -> tuple[dict[str, SeatCard], dict[str, Card]]:
    """The 2-step random process (R_BREAKING): step 1 scrambles the seat cards face down; step 2
    deals each player a playing card face up, and the seat cards are dealt out from the top of
    the scrambled stack, the first to the highest card by suit. Returns each player's seat card
    and the playing card they were dealt."""
    if len(seat_cards) < len(players):
        raise InvalidArgument(f"{len(players)} players draw from {len(seat_cards)} seat cards")
    stack = list(seat_cards)
    rng.shuffle(stack)
    deck = Deck(rng, cards=FULL_DECK)
    dealt = {player: deck.deal(1)[0] for player in players}
    order = sorted(players, key=lambda p: dealt[p], reverse=True)
    return {player: stack[k] for k, player in enumerate(order)}, dealt


def clockwise_from(seat: int, size: int) -> list[int]:
    """The seats of a table of ``size`` after ``seat``, clockwise, ending with ``seat``."""
    return [(seat + k - 1) % size + 1 for k in range(1, size + 1)]


def worst_position(size: int, taken: Sequence[int], big_blind: int | None, *, stud: bool = False) -> int:
    """The seat a player moved in to balance takes (R_BALANCING): in stud only the last open
    seat; else the first empty seat after the last hand's big blind (the seat the big blind moves
    to next when it is empty: the single big blind), never the seat the small blind goes to (the
    last big blind's own). Before any hand, the first empty seat."""
    empty = [s for s in range(1, size + 1) if s not in taken]
    if not empty:
        raise InvalidArgument("a full table has no seat for a player moved in")
    if stud:
        return max(empty)
    if big_blind is None:
        return empty[0]
    order = [s for s in clockwise_from(big_blind, size) if s in empty]
    return order[0]


def player_to_move(size: int, taken: Sequence[int], next_big_blind: int | None, filled: int, *, stud: bool) -> int:
    """The seat whose player moves to balance (R_BALANCING): the player to be big blind next in
    flop and mixed games (``next_big_blind``); in stud only, by position: the player in the seat
    of the number ``filled`` at the short table, or the first after it."""
    if not taken:
        raise InvalidArgument("an empty table has nobody to move")
    if not stud and next_big_blind is not None and next_big_blind in taken:
        return next_big_blind
    start = filled if stud else (next_big_blind or 1)
    for seat in [start, *clockwise_from(start, size)]:
        if seat in taken:
            return seat
    raise AssertionError("unreachable: some seat is taken")


def halted(size: int, taken: Sequence[int], most: int, big_blind: int | None, *, stud: bool = False) -> bool:
    """Whether play halts at a table of ``len(taken)`` players when the longest has ``most``
    (R_HALTING): 3 or more short, and its blinds impacted: the seat after the last big blind, the
    next big blind's, is empty. A stud table's blinds are never impacted."""
    if stud or big_blind is None or most - len(taken) < 3:
        return False
    return clockwise_from(big_blind, size)[0] not in taken


@dataclass(frozen=True, slots=True)
class Race:
    """One table's chip race (R_CHIP_RACE): the ``old`` chips each seat had over whole ``new``
    chips, the cards each seat was dealt (one an odd chip, from seat 1 on), the seats that won a
    ``new`` chip, those given one so as not to be raced out, and the stacks after."""

    old: int
    new: int
    odd: dict[int, int]
    cards: dict[int, tuple[Card, ...]]
    winners: tuple[int, ...]
    not_raced_out: tuple[int, ...]
    stacks: dict[int, int]

    @property
    def change(self) -> int:
        """The chips the race added to the table (negative when it took more than it gave)."""
        return len(self.winners) * self.new + len(self.not_raced_out) * self.new - sum(self.odd.values())


def chip_race(stacks: Mapping[int, int], old: int, new: int, rng: random.Random) -> Race:
    """The race at a scheduled colour-up from ``old`` chips to ``new`` ones (R_CHIP_RACE), by
    seat: each stack keeps its whole ``new`` chips; what is left over (its odd chips, in ``old``
    chips) is raced. Cards are dealt from seat 1 on, one an odd chip (from a fresh deck each 52);
    each seat's best card by rank then suit ranks it, and the best win one ``new`` chip each, at
    most one a player, as many chips as the odd value makes, half a chip or more counting as one.
    A player who loses their last chips in the race gets one ``new`` chip."""
    if old < 1 or new <= old or new % old:
        raise InvalidArgument(f"a colour-up races chips of {old} into chips of {new}, a whole multiple")
    odd = {seat: chips % new for seat, chips in sorted(stacks.items()) if chips % new}
    deck = Deck(rng, cards=FULL_DECK)
    left = 52
    cards: dict[int, tuple[Card, ...]] = {}
    for seat, value in odd.items():
        dealt = []
        for _ in range(-(-value // old)):
            if not left:
                deck, left = Deck(rng, cards=FULL_DECK), 52
            dealt.append(deck.deal(1)[0])
            left -= 1
        cards[seat] = tuple(dealt)
    total = sum(odd.values())
    chips = min(len(odd), (2 * total + new) // (2 * new))
    ranked = sorted(odd, key=lambda s: max(cards[s]), reverse=True)
    winners = tuple(sorted(ranked[:chips]))
    after = {seat: chips_ - odd.get(seat, 0) + (new if seat in winners else 0) for seat, chips_ in stacks.items()}
    saved = tuple(sorted(seat for seat, chips_ in after.items() if chips_ == 0 and stacks[seat] > 0))
    for seat in saved:
        after[seat] = new
    return Race(old, new, odd, cards, winners, saved, after)


def hand_for_hand_due(left: int, prizes: Mapping[int, int], within: int, *, jumps: bool = False) -> bool:
    """Whether a multi-table event of ``left`` players plays hand-for-hand (R_HAND_FOR_HAND):
    the money (the last place in ``prizes``) is ``within`` players out away or less; with
    ``jumps`` (R_PAY_JUMPS, a house option) also when the next ``within`` players out finish at
    places paid differently."""
    paid = len(prizes)
    if within < 1 or left < 2:
        return False
    if paid < left <= paid + within:
        return True
    if not jumps or left > paid:
        return False
    reach = [prizes.get(place, 0) for place in range(max(1, left - within), left + 1)]
    return len(set(reach)) > 1


def places_out(groups: Sequence[Sequence[tuple[str, int]]], shared: Sequence[int], entries: int) -> list[
        tuple[str, int]]:
    """``(entry, place)`` of every player out, ``groups`` in the order they went out, each group
    the players out in one hand (or one hand-for-hand round) with their chips at its start: the
    more chips, the higher the place (R_BUSTS); equal stacks share a place. The groups whose
    index is in ``shared`` (R_CURRENT_HAND) share one place, whatever their chips."""
    placed: list[tuple[str, int]] = []
    below = entries
    for index, group in enumerate(groups):
        for entry, chips in group:
            better = 0 if index in shared else sum(1 for _, c in group if c > chips)
            placed.append((entry, below - len(group) + 1 + better))
        below -= len(group)
    return placed


def split_prizes(placed: Sequence[tuple[str, int]], prizes: Mapping[int, int]) -> list[tuple[str, int, int]]:
    """``(entry, place, prize)``, best place first: players sharing a place share the prizes
    of the places they cover (R_BUSTS), odd units going to the first of them by entry number."""
    by_place: dict[int, list[str]] = {}
    for entry, place in placed:
        by_place.setdefault(place, []).append(entry)
    out = []
    for place, tied in sorted(by_place.items()):
        total = sum(prizes.get(p, 0) for p in range(place, place + len(tied)))
        share, odd = divmod(total, len(tied))
        for k, entry in enumerate(sorted(tied, key=lambda x: int(x[1:]))):
            out.append((entry, place, share + (1 if k < odd else 0)))
    return out


def bounty_shares(hand: Hand, seat: int, bounty: int, size: int) -> list[tuple[int, int]]:
    """``(seat, amount)`` of the ``bounty`` on the player out at ``seat`` in the ended ``hand``
    (``cite.BOUNTY``): it goes to who won the last pot the player was in, split between its
    winners as the pot's odd chips went: the bigger share first, then clockwise from the button
    at a table of ``size`` seats."""
    result = hand.result
    pots = [] if result is None else [a for a in result.awards if seat in a.eligible]
    last = max((a.pot for a in pots), default=None)
    won: dict[int, int] = {}
    for award in pots:
        if award.pot == last:
            for s, chips in award.winners.items():
                if chips > 0 and s != seat:
                    won[s] = won.get(s, 0) + chips
    order = sorted(won, key=lambda s: (-won[s], (s - hand.button_seat - 1) % size))
    share, odd = divmod(bounty, len(order)) if order else (0, 0)
    return [(s, share + (1 if k < odd else 0)) for k, s in enumerate(order)]
