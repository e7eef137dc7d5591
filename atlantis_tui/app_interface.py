"""What the screens may ask of the app, typed, without importing it.

Screens are shown by the app (``atlantis_tui.app``), so they cannot import it
without an import circle; ``atlantis_app(screen)`` gives them the app as this
interface instead, checked at run time, so every call upward is type-checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.dom import DOMNode
from textual.screen import Screen

if TYPE_CHECKING:
    from core.kernel.events import Action


@runtime_checkable
class AtlantisActions(Protocol):
    """The app's actions a screen may start."""

    save_dir: Path

    def show_top(self, screen: Screen[None]) -> None: ...

    def action_new_game(self) -> None: ...

    def action_menu(self) -> None: ...

    def action_tutorial_puzzles(self, game_id: str) -> None: ...

    def action_rules(self, rule_id: str | None = None) -> None: ...

    def replay_events(
        self,
        events: list[Any],
        title: str,
        position: int = 0,
        actions: Sequence[Action] | None = None,
        *,
        game: str | None = None,
        source: Path | None = None,
        review: bool = False,
    ) -> None: ...

    def play_from_here(
        self,
        events: list[Any],
        position: int,
        source: Path | None,
        actions: Sequence[Action] | None = None,
        *,
        game: str | None = None,
    ) -> None: ...


def atlantis_app(node: DOMNode) -> AtlantisActions:
    """The running app, as the interface screens use; fails loudly if it is another app."""
    app = node.app
    if not isinstance(app, AtlantisActions):
        raise TypeError(f"{type(app).__name__} is not the Atlantis app")
    return app
