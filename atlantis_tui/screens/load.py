"""Choosing a saved game to open, newest first."""

from __future__ import annotations

import datetime as _dt

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from atlantis_tui.saves import SaveSummary
from core.i18n import _


class LoadScreen(ModalScreen[str | None]):
    """Dismisses with the chosen save's path."""

    BINDINGS = [Binding("escape", "cancel", _("Back"))]

    def __init__(self, saves: list[SaveSummary], title: str | None = None) -> None:
        super().__init__()
        self.saves = saves
        self.title_text = title or _("Load a saved game")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(self.title_text, classes="dialog-title")
            if not self.saves:
                yield Label(_("No saved games yet."), classes="dialog-text")
            options = []
            for save in self.saves:
                when = _dt.datetime.fromtimestamp(save.modified).strftime("%Y-%m-%d %H:%M")
                status = _("finished") if save.finished else _("in progress")
                if save.problem:
                    status = _("damaged: {problem}").format(problem=save.problem)
                label = (
                    f"{when}  {', '.join(save.header.players)}  · {save.events} events · {status}"
                )
                options.append(Option(label, id=save.path))
            yield OptionList(*options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
