"""Every hand on screen, in hot-seat play, once everyone at the table agreed."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets.option_list import Option

from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.game.seats import Seats
from atlantis_tui.screens.translated_keys import TranslatedKeys
from core.kernel.i18n import _


class Hands(Seats, TranslatedKeys, Screen[None]):
    """``v`` shows every hand after asking (the table must agree), and hides them again."""

    def refresh_all(self) -> None:
        raise NotImplementedError

    def action_toggle_hands(self) -> None:
        """Show every hand, in hot-seat, once everyone agreed (teaching, open play)."""
        if not self._hot_seat():
            # With one person at the keyboard there is no other hand this key could show.
            self.notify(
                _(
                    "Your hand is always shown; the bots' hands stay hidden. "
                    "To play with every hand open, switch on Open hands for a new game."
                )
            )
            return
        if self.show_all_hands:
            self._set_all_hands(False)
            return

        def chosen(choice: str | None) -> None:
            if choice == "show":
                self._set_all_hands(True)

        self.app.push_screen(
            ChoiceScreen(
                _("Show every hand?"),
                _(
                    "Everyone at this screen will see every player's cards until v is "
                    "pressed again. Do it only if all the players agree."
                ),
                [Option(_("Show every hand"), id="show"), Option(_("Keep them hidden"), id="no")],
            ),
            chosen,
        )

    def _set_all_hands(self, shown: bool) -> None:
        self.show_all_hands = shown
        self.notify(_("All hands shown") if shown else _("Only your hand is shown"))
        self.refresh_all()
