"""Atlantica's own keys, the same in its game screen and its tutorial, and their
descriptions in the reader's language: the game's catalogue first, then the shell's
(``atlantis_tui.screens.game.keys``)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from atlantis_tui.screens.game.keys import CatalogueKeys
from core.atlantica.i18n import CATALOGUE, N_

BUILD_BINDINGS: list[BindingType] = [
    Binding("s", "location('submarine')", N_("Submarine"), show=False),
    Binding("o", "location('port')", N_("Port"), show=False),
    Binding("b", "location('bistro')", N_("Bistro"), show=False),
    Binding("c", "location('research')", N_("Research centre"), show=False),
    Binding("1", "digit(1)", N_("Level or space 1"), show=False),
    Binding("2", "digit(2)", N_("Level or space 2"), show=False),
    Binding("3", "digit(3)", N_("Level or space 3"), show=False),
    Binding("4", "digit(4)", N_("Space 4"), show=False),
    Binding("5", "digit(5)", N_("Space 5"), show=False),
    Binding("6", "digit(6)", N_("Space 6"), show=False),
    Binding("up", "step_level(-1)", N_("Level down"), show=False),
    Binding("down", "step_level(1)", N_("Level up"), show=False),
    Binding("left", "pick_cursor(-1)", N_("Previous card"), show=False),
    Binding("right", "pick_cursor(1)", N_("Next card"), show=False),
    Binding("space", "toggle_pick", N_("Take this card"), show=False),
    Binding("tab", "next_payment", N_("Another payment"), show=False, priority=True),
    Binding("j", "pair", N_("Pay with a pair"), show=False),
]
"""The action builder: a location, a level or a space, the cards to take, the payment
and the pair; confirming, passing and ending the turn are the keymap's
(``CONFIRM_BINDING``, ``PASS_BINDING``, ``end_turn_binding``)."""


class GameKeys(CatalogueKeys):
    """``TranslatedKeys``, with Atlantica's catalogue first."""

    KEY_CATALOGUE = CATALOGUE
