"""The verifiable deal: each hand's deck is shuffled from a seed whose SHA-256 is published
before the deal and the seed itself later, so anyone can check the cards came from it.

A seed reveals the whole deck, mucked hands included, so the host chooses when seeds are
revealed (``REVEALS``): after each hand, at the end of the session (the default: every deal of
the session can be checked once it ends, and no fold is shown before then), or never (folds stay
private for good, and the deal cannot be checked). Until a hand's seed is revealed its download
holds only what the table was shown (docs/protocol.md, the deal).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
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


def master_seed() -> str:
    """A new table's master seed: 256 bits from the operating system's CSPRNG (``secrets``).
    The only source of a served table's deal: no client input chooses or shapes it (a test
    server is given a fixed one instead: ``create_app(seeds=...)``)."""
    return secrets.token_hex(32)


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


REVEALS = ("hand", "session", "never")
"""When a table reveals its seeds: after each hand, once the session has ended, or never."""

DEFAULT_REVEAL = "session"


def seeds_public(reveal: str, *, session_over: bool) -> bool:
    """Whether the seeds of a table's finished hands are public now, under its ``reveal``."""
    return reveal == "hand" or (reveal == "session" and session_over)


def published(number: int, record: HandRecord, seed: str) -> dict[str, Any]:
    """A finished hand as downloaded once its seed is revealed: its record (every card dealt),
    its seed and the seed's published hash."""
    return {"hand": number, "record": record.to_dict(), "seed": seed, "seed_sha256": seed_hash(seed), "shown": None}


def withheld(number: int, seed: str, shown: dict[str, Any]) -> dict[str, Any]:
    """A finished hand as downloaded before its seed is revealed: no record and no seed, only
    the seed's published hash and the hand as the rail saw it (``shown``: its view without a
    seat, where a hole card appears only if it was shown)."""
    return {"hand": number, "record": None, "seed": None, "seed_sha256": seed_hash(seed), "shown": shown}
