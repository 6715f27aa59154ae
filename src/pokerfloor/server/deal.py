"""The verifiable deal: each hand's deck is shuffled from a seed whose SHA-256 is published
before the deal and the seed itself after the hand, so anyone can check the cards came from it.

A seed reveals the whole deck, mucked hands included: it is published only once the hand is
over, the price of a deal players can check.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from dataclasses import replace
from typing import Any

from pokerfloor.hand import Hand
from pokerfloor.hand.record import HandRecord


def seed_hash(seed: str) -> str:
    """The SHA-256 published before the deal, of the seed's bytes."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def deck_rng(seed: str) -> random.Random:
    """The generator a hand's deck is shuffled with, from its seed."""
    return random.Random(int(seed, 16))


def hand_seed(master: str, number: int) -> str:
    """Hand ``number``'s seed, derived from the table's secret master seed."""
    return hmac.new(bytes.fromhex(master), f"hand {number}".encode(), hashlib.sha256).hexdigest()


def verify_deal(record: HandRecord, seed: str, published: str) -> list[str]:
    """What is wrong with a hand's deal (nothing: an empty list): the seed must hash to the
    published value and deal, with the hand's inputs, exactly the cards the record holds."""
    problems = []
    if not hmac.compare_digest(seed_hash(seed), published.lower()):
        problems.append("the seed does not hash to the published SHA-256")
    again = Hand.from_record(replace(record, dealt=()), rng=deck_rng(seed))
    if tuple(again.record().dealt) != tuple(record.dealt):
        problems.append("the seed does not deal the cards of this hand")
    return problems


def published(record: HandRecord, seed: str) -> dict[str, Any]:
    """A finished hand as downloaded: its record, its seed and the seed's published hash."""
    return {"record": record.to_dict(), "seed": seed, "seed_sha256": seed_hash(seed)}
