"""Atlantica's sentences: its own catalogue (``core/atlantica/locale``).

Every module of the game, and its screens in ``atlantis_tui/games/atlantica``,
takes ``_``, ``ngettext`` and ``pgettext`` from here, so that the game's words
live beside the game and a translator of Atlantica sees only Atlantica.
"""

from __future__ import annotations

from pathlib import Path

from core.kernel.i18n import N_, NC_, Catalogue

CATALOGUE = Catalogue("atlantica", Path(__file__).parent / "locale")

_ = CATALOGUE.gettext
ngettext = CATALOGUE.ngettext
pgettext = CATALOGUE.pgettext

__all__ = ["CATALOGUE", "NC_", "N_", "_", "ngettext", "pgettext"]
