"""The join lines of a game hosted in this app, in a dialog: shown when it starts,
and again on request (``j`` on the game screen, or Join lines in the palette).

Each line stands whole on a line of its own, so that it can be selected as it is,
and the dialog can copy them all to the clipboard.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.widgets.footer import KeysFooter
from core.kernel.i18n import N_, _


class JoinLinesScreen(TranslatedKeys, ModalScreen[None]):
    """The join lines, each whole on its own line (to select or copy), with a Copy option."""

    DEFAULT_CSS = """
    JoinLinesScreen .join-lines {
        text-wrap: nowrap;
        text-overflow: clip;
        width: auto;
        margin-bottom: 1;
    }
    """
    BINDINGS = [Binding("escape", "close", N_("Back"))]

    def __init__(self, lines: str) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(_("Pass these lines to the other players"), classes="dialog-title")
            yield Label(
                _(
                    "Each player runs their own line in a terminal, or pastes it in the start "
                    "menu's Join a game online. Anyone may watch with the last line. "
                    "To see them again: j, or Join lines in the palette (Ctrl+P)."
                ),
                classes="dialog-text",
            )
            yield Label(self.lines, classes="join-lines")
            yield OptionList(
                Option(_("OK"), id="ok"),
                Option(_("Copy the lines to the clipboard"), id="copy"),
            )
        yield KeysFooter()

    @on(OptionList.OptionSelected)
    def chosen(self, message: OptionList.OptionSelected) -> None:
        if message.option.id == "copy":
            self.app.copy_to_clipboard(self.lines)
            self.notify(_("Copied, if the terminal lets programs use its clipboard."))
        else:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
