"""Key descriptions of Atlantica's screens in the reader's language.

The shell's ``TranslatedKeys`` translates with the shell's catalogue; the
descriptions of this game's keys live in the game's (``core.atlantica.i18n``),
so they are looked up there first, the shell's own keys falling through.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from textual.binding import ActiveBinding, Binding

from atlantis_tui.screens.translated_keys import TranslatedKeys, translated
from core.atlantica.i18n import CATALOGUE
from core.kernel.i18n import language


@cache
def _game_translated(binding: Binding, code: str) -> Binding:
    # Cached so that the Footer receives the same binding objects while nothing changes.
    description = binding.description
    if description and CATALOGUE.gettext(description) != description:
        return replace(binding, description=CATALOGUE.gettext(description))
    return translated(binding)


class GameKeys(TranslatedKeys):
    """``TranslatedKeys``, with the game's catalogue first."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        shown = super(TranslatedKeys, self).active_bindings
        code = language()
        return {
            key: ActiveBinding(
                active.node,
                _game_translated(active.binding, code),
                active.enabled,
                active.tooltip,
            )
            for key, active in shown.items()
        }
