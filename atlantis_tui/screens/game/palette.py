"""The command palette's entries every game screen shares (Ctrl+P), after the game's own."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from textual.app import SystemCommand

from atlantis_tui.screens.game.base import GameScreenBase
from atlantis_tui.screens.game.frame import FramedGameScreen
from core.kernel.i18n import _


def own_commands(
    screen: FramedGameScreen[Any, Any], entries: Sequence[tuple[str, str, str]]
) -> Iterator[SystemCommand]:
    """A game's own entries: each a title and a help (marked with the game's ``N_``) and
    the action it runs, as a binding names it (``mode('one')``)."""
    for title, help_text, action in entries:
        yield SystemCommand(screen.own(title), screen.own(help_text), screen.callback(action))


def shared_commands(screen: GameScreenBase) -> Iterator[SystemCommand]:
    """Undo, redo, hands, hint, rule, the log and help; the scores once the game is over."""
    if screen.game_over():
        yield SystemCommand(
            _("Scores"),
            _("Back to the end of the game: scores, replay, review"),
            screen.action_scores,
        )
    yield SystemCommand(_("Undo"), _("Take back your last turn"), screen.action_undo)
    yield SystemCommand(_("Redo"), _("Play again what was undone"), screen.action_redo)
    yield SystemCommand(
        _("Show or hide all hands"), _("For teaching and open play"), screen.action_toggle_hands
    )
    yield SystemCommand(
        _("Hint"), _("What the expert would do (again: the whole move)"), screen.action_hint
    )
    yield SystemCommand(
        _("Read the rule"), _("The rule of the last refusal or the preview"), screen.action_why
    )
    if screen.has_class("-narrow"):
        yield SystemCommand(
            _("Show the log"), _("In place of the preview, and back"), screen.action_toggle_log
        )
    yield SystemCommand(
        _("Filter the log"), _("One player's lines, then all"), screen.action_log_player
    )
    yield SystemCommand(
        _("Search the log"), _("Only lines with some words"), screen.action_log_search
    )
    yield SystemCommand(_("Help"), _("The keys and how to read the board"), screen.action_help)
