"""Key descriptions of Atlantica's screens in the reader's language: the game's catalogue
first, then the shell's (``atlantis_tui.screens.game.keys``)."""

from __future__ import annotations

from atlantis_tui.screens.game.keys import CatalogueKeys
from core.atlantica.i18n import CATALOGUE


class GameKeys(CatalogueKeys):
    """``TranslatedKeys``, with Atlantica's catalogue first."""

    KEY_CATALOGUE = CATALOGUE
