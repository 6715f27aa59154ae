"""Forced bets: which blinds, antes and straddles a hand starts with, and in what order they
are paid (``Hand`` posts them).

The game's blinds and antes are posted unless the hand is given its own (``posts=``), and a
seat posting a kill posts no blind besides (the kill blind includes it); a live
blind, straddle, sleeper or kill sets the bet to call, and the last of those that sets the
order of action decides who acts first pre-flop. A sleeper held back under the house option
``sleeper_when_entered="returned"`` is settled when the action reaches it.
"""

from __future__ import annotations

from typing import Final

from pokerfloor.errors import InvalidArgument
from pokerfloor.hand.types import ANTE_KINDS, BLIND_KINDS, Post
from pokerfloor.rules import Game, HouseRules

_KEPT: dict[tuple[int, tuple[int, ...], int], tuple[Game, tuple[Post, ...]]] = {}
"""The game's own forced bets of recent hands, by the game's ``id`` (the game is kept beside
them, so the ``id`` stays its own), the seats and the button: they depend on nothing else, and
a session or a training run deals many hands alike."""
_KEEP: Final = 256


def forced_posts(game: Game, seats: list[int], button: int, explicit: list[Post]) -> list[Post]:
    """Every forced bet of a hand dealt to ``seats`` (in order of action): the antes and blinds
    of the game that ``explicit`` posts of the same sort do not replace, then ``explicit``."""
    if explicit:
        return _forced_posts(game, seats, button, explicit)
    key = (id(game), tuple(seats), button)
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is game:
        return list(kept[1])
    posts = _forced_posts(game, seats, button, explicit)
    if len(_KEPT) >= _KEEP:
        _KEPT.clear()
    _KEPT[key] = (game, tuple(posts))
    return posts


def _forced_posts(game: Game, seats: list[int], button: int, explicit: list[Post]) -> list[Post]:
    for post in explicit:
        if post.seat not in seats:
            raise InvalidArgument(f"seat {post.seat} posts but is not dealt in")
        if post.kind == "bring_in":
            raise InvalidArgument("the bring-in is not posted ahead: its seat brings in with act(seat, 'bring_in')")
    kinds = {p.kind for p in explicit}
    posts: list[Post] = []
    blinds: list[Post] = []
    if not kinds & BLIND_KINDS and game.variant_spec.family != "stud" and game.blinds:
        blinds = automatic_blinds(game, seats, button)
    bb_seat = next((p.seat for p in (*blinds, *explicit) if p.kind == "bb"), None)
    if not kinds & ANTE_KINDS:
        if game.ante:
            posts += [Post(s, game.ante, "ante", live=False) for s in seats]
        if game.bb_ante and bb_seat is not None:
            posts.append(Post(bb_seat, game.bb_ante, "bb_ante", live=False))
        if game.button_ante and button in seats:
            posts.append(Post(button, game.button_ante, "ante", live=False))
    return posts + blinds + explicit


def charged(posts: list[Post]) -> list[Post]:
    """The forced bets a hand charges of those placed: a killer due a blind posts the kill in its
    place, the kill blind including it (RROP11 Kill Pots; WIKI_BIP Kill game: "rules for handling
    this situation vary"). The blind still counts as placed (``forced_posts`` adds none of the
    game's blinds for it, and a record keeps it, to place the same posts again)."""
    killers = {p.seat for p in posts if p.kind == "kill"}
    if not killers:
        return posts
    return [p for p in posts if p.seat not in killers or p.kind not in BLIND_KINDS]


def automatic_blinds(game: Game, seats: list[int], button: int) -> list[Post]:
    """The game's blinds from the button's left, or from the button itself when the first blind
    is a button blind (WIKI_BIP) or when too few seats sit left of it: every seat posts at most
    one blind and the button posts only when it must, as heads-up with two blinds (TDA 2024
    R34-B); with fewer seats than blinds the smallest blinds go unposted."""
    n = len(seats)
    amounts = game.blinds
    short_handed = n <= len(amounts)
    skipped = max(0, len(amounts) - n)
    button_in = button in seats
    start = seats.index(button) if (game.first_blind_on_button or short_handed) and button_in else 0
    posts = []
    for k, amount in enumerate(amounts[skipped:]):
        seat = seats[(start + k) % n]
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


def paying_order(house: HouseRules, posts: list[Post]) -> list[Post]:
    """The posts in the order they are paid (``post_order``): as placed when none is an ante."""
    if not any(post.kind in ANTE_KINDS for post in posts):
        return posts
    return sorted(posts, key=lambda post: post_order(house, post))


def post_order(house: HouseRules, post: Post) -> int:
    """When a post is paid: antes and the big-blind ante before or after the blinds (house
    options ``short_stack_forced_order`` and ``bba_order``)."""
    if post.kind == "ante":
        return 0 if house.short_stack_forced_order == "ante_first" else 2
    if post.kind == "bb_ante":
        return 2 if house.bba_order == "big_blind_first" else 0
    return 1


def missing_blinds(blinds: int, posts: list[Post]) -> int:
    """The game's blinds (``blinds``, added up) that nobody posted (a dead or missing small
    blind): pot limit counts the pre-flop pot as if they were posted (TDA 2024 R54-B and its
    example 1)."""
    posted, big_blind = 0, False
    for post in posts:
        kind = post.kind
        if kind in BLIND_KINDS and post.live:
            posted += post.amount
        big_blind = big_blind or kind == "bb"
    return max(0, blinds - posted) if big_blind else 0


