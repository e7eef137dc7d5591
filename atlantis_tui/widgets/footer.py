"""The footer of every screen: Textual's, rebuilt only when the keys it shows change.

Textual's ``Footer`` recomposes itself (a new widget per key, each styled anew) every
time a screen's bindings are refreshed, which the screens do after every key a player
presses, although the keys shown rarely change. On a game screen that rebuild was the
largest part of a key's cost. This footer compares what it would show with what it
shows, and recomposes only when they differ: a language change, a key enabled or
disabled, another screen's keys.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer

__all__ = ["KeysFooter"]


class KeysFooter(Footer):
    """A ``Footer`` that recomposes only when the keys it shows have changed."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[object, ...] | None = None

    def shown_keys(self) -> tuple[object, ...]:
        """Everything of the screen's bindings that ``Footer.compose`` draws."""
        app = self.app
        return tuple(
            (
                binding.key,
                app.get_key_display(binding),
                binding.description,
                binding.action,
                binding.group,
                binding.show,
                enabled,
                tooltip,
                binding.tooltip,
            )
            for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
        )

    def compose(self) -> Any:
        if self._bindings_ready:
            self._shown = self.shown_keys()
        return super().compose()

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached or self.shown_keys() == self._shown:
            return
        await self.recompose()
