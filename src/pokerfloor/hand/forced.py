"""Forced bets: which blinds, antes and straddles a hand starts with, and posting them.

The game's blinds and antes are posted unless the hand is given its own (``posts=``); a live
blind, straddle, sleeper or kill sets the bet to call, and the last of those that sets the
order of action decides who acts first pre-flop. A sleeper held back under the house option
``sleeper_when_entered="returned"`` is settled when the action reaches it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.hand.types import ANTE_KINDS, BLIND_KINDS, ORDER_SETTING_KINDS, STRADDLE_KINDS, Event, Post

if TYPE_CHECKING:
    from pokerfloor.hand.state import Hand


def forced_posts(hand: Hand, explicit: list[Post]) -> list[Post]:
    """Every forced bet of the hand: the antes and blinds of the game that ``explicit`` posts
    of the same sort do not replace, then ``explicit``."""
    game, seats = hand.game, hand._seats
    for post in explicit:
        if post.seat not in hand._pos:
            raise ValueError(f"seat {post.seat} posts but is not dealt in")
        if post.kind == "bring_in":
            raise ValueError("the bring-in is not posted ahead: its seat brings in with act(seat, 'bring_in')")
    kinds = {p.kind for p in explicit}
    posts: list[Post] = []
    blinds: list[Post] = []
    if not kinds & BLIND_KINDS and hand.variant.family != "stud" and game.blinds:
        blinds = automatic_blinds(hand)
    bb_seat = next((p.seat for p in (*blinds, *explicit) if p.kind == "bb"), None)
    if not kinds & ANTE_KINDS:
        if game.ante:
            posts += [Post(s, game.ante, "ante", live=False) for s in seats]
        if game.bb_ante and bb_seat is not None:
            posts.append(Post(bb_seat, game.bb_ante, "bb_ante", live=False))
        if game.button_ante and hand.button_seat in hand._pos:
            posts.append(Post(hand.button_seat, game.button_ante, "ante", live=False))
    return posts + blinds + explicit


def automatic_blinds(hand: Hand) -> list[Post]:
    """The game's blinds from the button's left, or from the button itself when the first blind
    is a button blind (WIKI_BIP) or when too few seats sit left of it: every seat posts at most
    one blind and the button posts only when it must, as heads-up with two blinds (TDA 2024
    R34-B); with fewer seats than blinds the smallest blinds go unposted."""
    game, n = hand.game, hand._n
    amounts = game.blinds
    short_handed = n <= len(amounts)
    skipped = max(0, len(amounts) - n)
    button_in = hand.button_seat in hand._pos
    start = hand._pos[hand.button_seat] if (game.first_blind_on_button or short_handed) and button_in else 0
    posts = []
    for k, amount in enumerate(amounts[skipped:]):
        seat = hand._seats[(start + k) % n]
        if k + skipped == len(amounts) - 1:
            kind = "bb"
        elif k + skipped == 0 and game.first_blind_on_button:
            kind = "button_blind"
        else:
            kind = "sb"
        posts.append(Post(seat, amount, kind))  # type: ignore[arg-type]
    if len(amounts) == 1 and game.first_blind_on_button:
        posts[0] = Post(posts[0].seat, amounts[0], "button_blind")
    return posts


def post_order(hand: Hand, post: Post) -> int:
    """When a post is paid: antes and the big-blind ante before or after the blinds (house
    options ``short_stack_forced_order`` and ``bba_order``)."""
    house = hand.game.house
    if post.kind == "ante":
        return 0 if house.short_stack_forced_order == "ante_first" else 2
    if post.kind == "bb_ante":
        return 2 if house.bba_order == "big_blind_first" else 0
    return 1


def post_forced_bets(hand: Hand) -> None:
    """Put the forced bets in and open the first betting round behind them."""
    house = hand.game.house
    order_post: tuple[int, int] | None = None
    live_amounts: list[int] = []
    for post in sorted(hand._posts, key=lambda p: post_order(hand, p)):
        i = hand._pos[post.seat]
        if post.kind == "sleeper" and house.sleeper_when_entered == "returned":
            hand._sleeping = post
            note = "sleeper waits: returned if a player in front of it enters the pot (house rule)"
            hand.events.append(
                Event("sleeper_waits", post.seat, post.amount, street=hand.street, note=note, post="sleeper")
            )
            continue
        paid = min(post.amount, hand._chips.stack[i])
        hand._chips.put_in(i, paid, live=post.live)
        hand.events.append(Event("post", post.seat, paid, street=hand.street, post=post.kind))
        if not post.live or post.kind in ANTE_KINDS:
            continue
        if post.kind in BLIND_KINDS:
            hand._short_blinds += post.amount - paid
        live_amounts.append(post.amount)
        raise_level_by_post(hand, i, post)
        if post.kind == "kill":
            # Both readings start the action left of the big blind (or the last straddle):
            # RROP11 kill item 2 has the killer act in turn; WIKI_BIP and WIKI_KILL have it act
            # last wherever it sits (house option killer_acts, rules.md §2.7).
            if house.killer_acts == "last":
                hand._killer = i
        elif post.kind in ORDER_SETTING_KINDS:
            key = (post.amount, i)
            if order_post is None or key >= order_post:
                order_post = key
    hand._short_blinds += missing_blinds(hand)
    rnd = hand._round
    rnd.min_inc = max(rnd.min_inc, hand.game.min_bet)
    hand._start_round(first=None if order_post is None else (order_post[1] + 1) % hand._n)
    if hand._structure == "fixed_limit":
        rnd.full_level, rnd.raises = 0, 0
        for amount in sorted(set(live_amounts)):
            if amount - rnd.full_level >= rnd.min_inc:
                rnd.count_full_bet(amount)
    else:
        rnd.full_level = rnd.level


def missing_blinds(hand: Hand) -> int:
    """The game's blinds nobody posted (a dead or missing small blind): pot limit counts the
    pre-flop pot as if they were posted (TDA 2024 R54-B and its example 1)."""
    posted = [p.amount for p in hand._posts if p.kind in BLIND_KINDS and p.live]
    if not any(p.kind == "bb" for p in hand._posts):
        return 0
    return max(0, sum(hand.game.blinds) - sum(posted))


def raise_level_by_post(hand: Hand, i: int, post: Post) -> None:
    """A live blind, straddle, sleeper or kill sets the bet to call; a straddle counts as a
    raise for the minimum raise (house option ``straddle_min_raise``, docs/rules.md §2.8)."""
    house = hand.game.house
    rnd = hand._round
    prior = rnd.level
    if post.amount > rnd.level:
        rnd.level = post.amount
    if post.kind in STRADDLE_KINDS and post.amount > prior:
        if post.kind == "kill" or house.straddle_min_raise == "straddle_amount":
            rnd.min_inc = max(rnd.min_inc, post.amount)
        else:
            rnd.min_inc = max(rnd.min_inc, post.amount - prior)
        if house.straddle_postflop_min_bet == "straddle" or post.kind == "kill":
            hand._postflop_min_bet = max(hand._postflop_min_bet, post.amount)
    if post.kind == "kill" and hand.game.big_blind:
        hand._unit_scale = (post.amount, hand.game.big_blind)
    if post.kind == "sleeper":
        rnd.acted[i] = rnd.level


def settle_sleeper(hand: Hand, j: int, sleeper: Post) -> int:
    """The sleeper of seat ``j``, held back, once the action reaches it: returned if a player
    in front of it entered the pot, else posted as the blind raise it is, its owner having no
    option. Returns the seat to act now (``j`` itself, or the next one; -1 if none)."""
    hand._sleeping = None
    if hand._entered:
        note = "sleeper returned: a player in front of it entered the pot (house rule)"
        hand.events.append(Event("void", sleeper.seat, sleeper.amount, street=hand.street, note=note))
        return j
    paid = min(sleeper.amount, hand._chips.stack[j])
    hand._chips.put_in(j, paid)
    hand.events.append(Event("post", sleeper.seat, paid, street=hand.street, post="sleeper"))
    raise_level_by_post(hand, j, sleeper)
    rnd = hand._round
    if hand._structure == "fixed_limit" and sleeper.amount - rnd.full_level >= rnd.min_inc:
        rnd.count_full_bet(sleeper.amount)
    elif hand._structure != "fixed_limit":
        rnd.full_level = rnd.level
    return hand._next_to_act(j)
