"""Rate limits of ``pokerfloor serve`` (docs/protocol.md, errors): tables created and seats
requested per client address, chat lines per seat. Each is a token bucket: ``burst`` at once,
then one more every ``1 / per_second`` seconds."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field

from pokerfloor.server.fields import Refused


@dataclass(frozen=True)
class Rate:
    """At most ``burst`` at once, earned back at ``per_second``."""

    burst: int
    per_second: float


@dataclass(frozen=True)
class Rates:
    """The server's limits: ``create_table`` frames and seat requests (``join``) per client
    address, chat lines per seat. ``None``: that one is not limited."""

    tables: Rate | None = Rate(burst=10, per_second=1 / 60)
    seat_requests: Rate | None = Rate(burst=20, per_second=1 / 5)
    chat: Rate | None = Rate(burst=5, per_second=1.0)


DEFAULT_RATES = Rates()
UNLIMITED = Rates(tables=None, seat_requests=None, chat=None)

KEEP = 10_000
"""Buckets a limiter holds before it forgets the full ones (their keys have been quiet)."""


@dataclass
class Limiter:
    """Token buckets by key (an address, a seat), each at ``rate``."""

    rate: Rate
    clock: Callable[[], float] = time.monotonic
    buckets: dict[Hashable, tuple[float, float]] = field(default_factory=dict)

    def allow(self, key: Hashable) -> bool:
        """Take one from ``key``'s bucket: False (and nothing taken) when it is empty."""
        now = self.clock()
        burst = float(self.rate.burst)
        tokens, at = self.buckets.get(key, (burst, now))
        tokens = min(burst, tokens + (now - at) * self.rate.per_second)
        allowed = tokens >= 1.0
        self.buckets[key] = (tokens - 1.0 if allowed else tokens, now)
        if len(self.buckets) > KEEP:
            self._forget(now)
        return allowed

    def _forget(self, now: float) -> None:
        """Drop the buckets that have filled up again (they hold nothing a new one would not),
        and if that is not enough, all but the ``KEEP // 2`` used last: memory stays bounded
        however many keys come."""
        burst = float(self.rate.burst)
        kept = {
            key: (tokens, at)
            for key, (tokens, at) in self.buckets.items()
            if tokens + (now - at) * self.rate.per_second < burst
        }
        if len(kept) > KEEP // 2:
            kept = dict(sorted(kept.items(), key=lambda item: item[1][1])[-(KEEP // 2):])
        self.buckets = kept


SOCKETS_PER_ADDRESS = 32
"""WebSockets one address may hold open at once: a family or a house of friends behind one home
router sits down together (two tabs each and some to spare); one guest cannot hold hundreds."""


@dataclass
class Sockets:
    """The WebSockets open from each address, at most ``most`` each."""

    most: int = SOCKETS_PER_ADDRESS
    open: dict[str, int] = field(default_factory=dict)

    def take(self, address: str) -> bool:
        """One more socket from ``address``: False (and nothing taken) when it holds ``most``."""
        held = self.open.get(address, 0)
        if held >= self.most:
            return False
        self.open[address] = held + 1
        return True

    def give(self, address: str) -> None:
        """A socket from ``address`` closed (an address with none left is forgotten)."""
        left = self.open.pop(address, 1) - 1
        if left > 0:
            self.open[address] = left


def limiter(rate: Rate | None, clock: Callable[[], float] = time.monotonic) -> Limiter | None:
    return None if rate is None else Limiter(rate, clock)


def check_rate(limits: Mapping[str, Limiter | None], kind: str, address: str, seat: str | None) -> None:
    """``Refused`` (``rate_limited``) when a frame of ``kind`` is over its limit (``Rates``):
    tables created and seat requests per ``address``, chat lines per ``seat`` (the table and the
    client's token, or a spectator's address)."""
    if kind == "create_table":
        name, key = "tables", address
    elif kind == "join":
        name, key = "seat_requests", address
    elif kind == "chat" and seat is not None:
        name, key = "chat", seat
    else:
        return
    limit = limits[name]
    if limit is not None and not limit.allow(key):
        rate = limit.rate
        per = "address" if name != "chat" else "seat"
        raise Refused("rate_limited", f"too many {name.replace('_', ' ')} from this {per}: at most {rate.burst} "
                      f"at once, then one every {1 / rate.per_second:g} s")
