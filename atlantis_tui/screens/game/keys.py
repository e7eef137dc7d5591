"""Key descriptions of a game's screens in the reader's language, from the game's
catalogue first.

The shell's ``TranslatedKeys`` translates with the shell's catalogue; a game's own
keys are described in its catalogue (``core.<game>.i18n``), so they are looked up
there first, the shell's keys falling through.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import ClassVar

from textual.binding import ActiveBinding, Binding

from atlantis_tui.screens.translated_keys import TranslatedKeys, translated
from core.kernel.i18n import Catalogue, language


@cache
def _game_translated(binding: Binding, code: str, catalogue: Catalogue) -> Binding:
    # Cached so that the Footer receives the same binding objects while nothing changes.
    description = binding.description
    if description and catalogue.gettext(description) != description:
        return replace(binding, description=catalogue.gettext(description))
    return translated(binding)


class CatalogueKeys(TranslatedKeys):
    """``TranslatedKeys``, with the game's catalogue (``KEY_CATALOGUE``) first."""

    KEY_CATALOGUE: ClassVar[Catalogue]

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        shown = super(TranslatedKeys, self).active_bindings
        code = language()
        return {
            key: ActiveBinding(
                active.node,
                _game_translated(active.binding, code, self.KEY_CATALOGUE),
                active.enabled,
                active.tooltip,
            )
            for key, active in shown.items()
        }
