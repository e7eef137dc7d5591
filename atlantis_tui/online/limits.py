"""A per-connection rate limit: a token bucket.

A client may send ``burst`` messages at once and ``rate`` a second after
that; a person playing never comes near, a flood is cut off early.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class RateLimit:
    """Tokens refill at ``rate`` a second up to ``burst``; each message spends one."""

    def __init__(
        self, rate: float = 10.0, burst: float = 30.0, clock: Callable[[], float] = time.monotonic
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
