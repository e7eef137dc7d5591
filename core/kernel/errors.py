"""The engine's errors. Every message is a sentence a player can read.

Refusals carry the id of the rule that forbids the command (RULES.md), so the
app can show it, link to it and teach from it.
"""

from __future__ import annotations

from core.kernel.i18n import _


class GameError(Exception):
    """Base class of every error the program raises on purpose, whatever the game:
    its message is a sentence the player reads, never a traceback."""


class IllegalMove(GameError):
    """A command the rules refuse. ``rule`` is a RULES.md id such as ``T5.4``."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(_("{rule}: {reason}").format(rule=rule, reason=reason))
        self.rule = rule
        self.reason = reason


class NotYourTurn(IllegalMove):
    """A command given by a seat that is not the one to act (T: turns go clockwise)."""

    def __init__(self, reason: str) -> None:
        super().__init__("T", reason)


class GameOver(IllegalMove):
    """A command given after the game ended (E1)."""

    def __init__(self) -> None:
        super().__init__("E1", _("the game is over"))


class SaveFileError(GameError):
    """A save file that cannot be read. ``line`` is 1-based, or 0 for the whole file."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(
            _("line {line}: {reason}").format(line=line, reason=reason) if line else reason
        )
        self.line = line
        self.reason = reason
