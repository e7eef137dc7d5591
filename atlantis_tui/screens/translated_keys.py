"""Key descriptions in the reader's language.

Bindings are declared at class level, in English (marked with ``N_``), before
any language is chosen; the language can also change while the app runs. So
every screen shows its keys through ``active_bindings``, which this mixin
translates each time the Footer or the keys panel asks.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from textual.binding import ActiveBinding, Binding
from textual.screen import Screen

from core.kernel.i18n import N_, _, language

#: Textual's own words that reach the reader: the palette key, the system commands.
TEXTUAL_WORDS = (
    N_("palette"),
    N_("Open the command palette"),
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)


def translated(binding: Binding) -> Binding:
    """``binding`` with its description, tooltip and group in the reader's language."""
    return _translated(binding, language())


@cache
def _translated(binding: Binding, code: str) -> Binding:
    # Cached so that the Footer receives the same binding objects while nothing changes.
    group = binding.group
    if group is not None:
        group = Binding.Group(_(group.description), compact=group.compact)
    return replace(
        binding,
        description=_(binding.description) if binding.description else "",
        tooltip=_(binding.tooltip) if binding.tooltip else "",
        group=group,
    )


if TYPE_CHECKING:
    _ScreenBase = Screen[Any]
else:
    # A plain mixin at run time: Textual finds a screen's CSS type (``ModalScreen``…) in
    # its first base that is a widget class, which must stay the screen's own base.
    _ScreenBase = object


class TranslatedKeys(_ScreenBase):
    """Mix into every screen: the Footer shows the keys in the reader's language, and
    ``retranslate`` shows the screen again after the language changed."""

    async def retranslate(self) -> None:
        """Build the screen again, so that every text is in the new language. A screen
        whose texts are set after it is built says how to set them again."""
        await self.recompose()
        # The focused widget was replaced: focus the first new one that takes it, as on
        # opening (the keys of the app follow the focus).
        self.set_focus(None)
        self.focus_next()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        shown = super().active_bindings
        return {
            key: ActiveBinding(
                active.node,
                translated(active.binding),
                active.enabled,
                _(active.tooltip) if active.tooltip else "",
            )
            for key, active in shown.items()
        }
