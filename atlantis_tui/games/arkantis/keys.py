"""ArkantiS's own keys, the same in its game screen and its tutorial, and their
descriptions in the reader's language: the game's catalogue first, then the shell's
(``atlantis_tui.screens.game.keys``)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from atlantis_tui.screens.game.keys import CatalogueKeys
from core.arkantis.i18n import CATALOGUE, N_

BUILD_BINDINGS: list[BindingType] = [
    Binding("o", "mode('one')", N_("Remove one"), show=False),
    Binding("w", "mode('two')", N_("Remove two"), show=False),
    Binding("m", "mode('move')", N_("Move"), show=False),
    Binding("y,dollar_sign", "buy", N_("Buy"), show=False),
    Binding("space", "choose", N_("Choose square"), show=False),
    Binding("up", "cursor(0, -1)", N_("Up"), show=False),
    Binding("down", "cursor(0, 1)", N_("Down"), show=False),
    Binding("left", "cursor(-1, 0)", N_("Left"), show=False),
    Binding("right", "cursor(1, 0)", N_("Right"), show=False),
]
"""The kinds of action, buying, and the squares chosen with the arrows and Space (typed
squares, ``C4``, are read key by key); confirming, passing and ending the turn are the
keymap's (``CONFIRM_BINDING``, ``PASS_BINDING``, ``end_turn_binding``)."""


class GameKeys(CatalogueKeys):
    """``TranslatedKeys``, with ArkantiS's catalogue first."""

    KEY_CATALOGUE = CATALOGUE
