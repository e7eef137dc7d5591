"""Older save formats, upcast line by line to the current one before decoding.

The header of a save records its format version. A line of an older save is
first read as plain JSON, then passed through one step per version until it
has the current shape, and only then decoded into the typed header or event,
so the rest of the program only ever sees the current format. A step is a
pure function of one line's JSON object; it never reads the file or other lines.

Each game registers the steps that change its own lines (``GameType.records.upgrades``;
Atlantis's are in ``core.atlantis.save_upgrades``); the kernel has the steps of
the formats it changed itself (``KERNEL_STEPS``). Going from format *n* to
*n + 1* applies the game's step, then the kernel's; a version neither has a
step for cannot be read as that game.

Format 3 is the kernel's: the header names its game (``game``, missing in older
saves, which are Atlantis games) and an action marker line comes before the
events of each player's action (``core.kernel.events.ActionMarker``). No line
of format 2 changes but for the header's version: a save of an older format
has no markers, and its actions are found by its game's full check, once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from core.kernel.i18n import _

OLDEST_FORMAT = 0
"""The oldest format version any game's save was ever written in."""

Document = dict[str, object]
"""One line of a save as a JSON object."""

Step = Callable[[Document], Document]
"""Turns one line of format *n* into the same line in format *n + 1*."""


class UpgradeError(ValueError):
    """A line that does not have the shape its format version promises."""


def _v2_to_v3(document: Document) -> Document:
    """Format 2 → 3: the same line (a save without markers and without a game's id)."""
    return document


KERNEL_STEPS: dict[int, Step] = {2: _v2_to_v3}
"""``KERNEL_STEPS[n]`` upcasts the kernel's part of a line of format *n* to *n + 1*."""


def upgrade(
    document: object, version: int, target: int, game_steps: Mapping[int, Step]
) -> Document:
    """Upcast one line, a JSON value, from format ``version`` to format ``target``,
    through the game's steps (``GameType.records.upgrades``) and the kernel's.

    Raises ``UpgradeError`` when the line is not a JSON object or does not have
    the shape of its format.
    """
    if not isinstance(document, dict):
        raise UpgradeError(_("the line is not a JSON object"))
    current: Document = document
    for step_from in range(version, target):
        steps = [
            step
            for step in (game_steps.get(step_from), KERNEL_STEPS.get(step_from))
            if step is not None
        ]
        if not steps:
            raise UpgradeError(
                _("format {old} cannot be upgraded to format {new}").format(
                    old=step_from, new=step_from + 1
                )
            )
        for step in steps:
            current = step(current)
        if current.get("type") == "header":
            current = {**current, "format": step_from + 1}
    return current
