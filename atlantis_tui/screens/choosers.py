"""Small modal choosers of every game: a titled list of choices, and the language.

Each is a ``ModalScreen`` that dismisses with the player's choice, or None
when he steps back with Escape. A game's own choosers are in its folder
(Atlantis's: ``atlantis_tui/games/atlantis/choosers.py``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.widgets.footer import KeysFooter
from core.kernel.i18n import LANGUAGES, N_, _, language


class ChoiceScreen(TranslatedKeys, ModalScreen[str | None]):
    """A titled list of options; dismisses with the chosen option's id."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, title: str, explanation: str, options: list[Option]) -> None:
        super().__init__()
        self._title = title
        self._explanation = explanation
        self._options = options

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._title, classes="dialog-title")
            yield Label(self._explanation, classes="dialog-text")
            yield OptionList(*self._options)
        # The dialog's own keys (Esc goes back), not those of the screen beneath.
        yield KeysFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


def language_chooser() -> ChoiceScreen:
    """The languages the game speaks, each named in itself; the one in use comes first."""
    codes = sorted(LANGUAGES, key=lambda code: code != language())
    options = [Option(LANGUAGES[code], id=code) for code in codes]
    return ChoiceScreen(
        _("Language"), _("The game speaks the language you choose, now and next time."), options
    )
