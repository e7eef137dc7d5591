"""The host's limits on strangers: what one connection may send, how many connections
of a kind one address and everybody together may hold, and how much of the log one
address may fill.

Each is plain bookkeeping with no sockets in it, so that it can be tested with a
fake clock; ``server.py`` decides what to do when a limit is reached.
"""

from __future__ import annotations

import ipaddress
import itertools
import time
from collections.abc import Callable, Hashable
from typing import Generic, Literal, TypeVar

Member = TypeVar("Member", bound=Hashable)
Verdict = Literal["say", "notice", "quiet"]

IPV6_PREFIX = 64
"""IPv6 addresses are counted by network: one machine is usually given a whole /64."""


MESSAGES_PER_SECOND = 10.0
"""How many messages a second a host reads from one connection, once its burst is spent."""
BURST = 30.0
"""How many messages a host reads from one connection at once."""


class RateLimit:
    """A per-connection token bucket.

    A client may send ``burst`` messages at once and ``rate`` a second after
    that; a person playing never comes near, a flood is cut off early.
    Tokens refill at ``rate`` a second up to ``burst``; each message spends one.
    """

    def __init__(
        self,
        rate: float = MESSAGES_PER_SECOND,
        burst: float = BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._last = clock()
        self.refused = 0
        """Messages refused so far; a client that keeps flooding is disconnected."""

    def allow(self) -> bool:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        self.refused += 1
        return False

    def wait(self) -> float:
        """Seconds until ``allow`` would let one more message through (0: now)."""
        now = self._clock()
        tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        return 0.0 if tokens >= 1 else (1 - tokens) / self.rate


def address_key(host: str) -> str:
    """What the per-address limits count by: the address itself, or its /64 for IPv6.

    One IPv6 machine may use any of the 2**64 addresses of its network, so
    counting single addresses would let it walk around every limit.
    """
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    return str(address)


class Census(Generic[Member]):
    """Members of one kind (connections, say) counted by address, oldest first.

    At most ``per_address`` from one address and ``total`` in all are meant to
    be held; ``full`` tells whether one more would fit, ``to_make_room`` which
    member to let go so that it does.
    """

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self._members: dict[str, dict[Member, int]] = {}
        self._size = 0
        self._arrivals = itertools.count()

    def __len__(self) -> int:
        return self._size

    def count(self, key: str) -> int:
        return len(self._members.get(key, ()))

    def holds(self, key: str, member: Member) -> bool:
        return member in self._members.get(key, ())

    def full(self, key: str) -> bool:
        """Whether one more member from ``key`` would go over a limit."""
        return self.count(key) >= self.per_address or self._size >= self.total

    def add(self, key: str, member: Member) -> None:
        members = self._members.setdefault(key, {})
        if member not in members:
            members[member] = next(self._arrivals)
            self._size += 1

    def discard(self, key: str, member: Member) -> bool:
        """Forget ``member``; ``False`` if it was not held (already let go)."""
        members = self._members.get(key)
        if members is None or members.pop(member, None) is None:
            return False
        self._size -= 1
        if not members:
            del self._members[key]
        return True

    def to_make_room(self, key: str) -> tuple[str, Member] | None:
        """The member (and its key) to let go so that one more from ``key`` fits;
        ``None`` if it fits.

        When ``key`` is at its own limit, its oldest member; when everybody
        together is at the limit, the oldest member of the address that holds
        the most (so that a crowd from one place makes room, not a newcomer).
        """
        if self.count(key) >= self.per_address:
            return key, next(iter(self._members[key]))
        if self._size >= self.total and self._members:
            crowd = max(
                self._members, key=lambda k: (len(self._members[k]), -self._first_arrival(k))
            )
            return crowd, next(iter(self._members[crowd]))
        return None

    def _first_arrival(self, key: str) -> int:
        return next(iter(self._members[key].values()))


class LogLimit:
    """At most ``lines`` log lines per key (an address) in each window of ``seconds``.

    ``check`` says ``"say"`` for those, ``"notice"`` once for the first line
    beyond them (the caller logs that more are suppressed), then ``"quiet"``
    until the window ends. A stranger who repeats the same mistake thousands of
    times thus costs the operator a dozen lines a minute, not a scrolled-away log.
    """

    def __init__(
        self,
        lines: int = 10,
        seconds: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        keys: int = 4096,
    ) -> None:
        self.lines = lines
        self.seconds = seconds
        self.keys = keys
        """Windows kept at most; beyond that the oldest are forgotten (memory stays bounded)."""
        self._clock = clock
        self._windows: dict[str, tuple[float, int]] = {}

    def check(self, key: str) -> Verdict:
        now = self._clock()
        start, said = self._windows.pop(key, (now, 0))
        if now - start >= self.seconds:
            start, said = now, 0
        said += 1
        self._windows[key] = (start, said)  # last in the dict: the most recently active
        self._forget_beyond_limit()
        if said <= self.lines:
            return "say"
        return "notice" if said == self.lines + 1 else "quiet"

    def _forget_beyond_limit(self) -> None:
        while len(self._windows) > self.keys:
            del self._windows[next(iter(self._windows))]
