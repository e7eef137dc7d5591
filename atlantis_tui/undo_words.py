"""What an undo took back, in the player's words: turns, not events.

"Undone: 14 events" means nothing to a player; "Took back your turn and 2 bot
turns" does. The events are split into turns at each ``TurnEnded``; a turn
that had not started yet (nothing played in it) is not counted.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.events import TurnEnded
from core.i18n import _, ngettext


def turns_taken_back(events: Sequence[object], first_seat: int) -> list[int]:
    """The seat of each turn ``events`` touch, in order, from ``first_seat``'s."""
    seats = [first_seat]
    started = False
    for event in events:
        if isinstance(event, TurnEnded):
            seats.append(event.next_player)
            started = False
        else:
            started = True
    if not started and len(seats) > 1:
        seats.pop()  # the last turn had only just been handed over
    return seats


def undo_message(
    events: Sequence[object],
    first_seat: int,
    names: Sequence[str],
    bots: Sequence[bool],
    you: int | None,
) -> str:
    """``Took back your turn and 2 bot turns.`` (``you``: the one at the keyboard)."""
    seats = turns_taken_back(events, first_seat)
    parts: list[str] = []
    yours = sum(1 for seat in seats if seat == you)
    if yours:
        parts.append(ngettext("your turn", "your {n} turns", yours).format(n=yours))
    for seat in dict.fromkeys(seats):
        if seat == you or bots[seat]:
            continue
        count = seats.count(seat)
        parts.append(
            ngettext("{name}'s turn", "{name}'s {n} turns", count).format(name=names[seat], n=count)
        )
    bot_turns = sum(1 for seat in seats if seat != you and bots[seat])
    if bot_turns:
        parts.append(ngettext("{n} bot turn", "{n} bot turns", bot_turns).format(n=bot_turns))
    listed = parts[-1]
    if len(parts) > 1:
        listed = ", ".join(parts[:-1]) + _(" and ") + listed
    return _("Took back {what}.").format(what=listed)
