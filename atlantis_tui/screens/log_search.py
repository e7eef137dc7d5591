"""Filtering the log by player and searching it, in play and in replays (their keys are
``atlantis_tui.keymap.log_bindings``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label

from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.widgets.event_log import EventLog
from atlantis_tui.widgets.footer import KeysFooter
from core.kernel.i18n import N_, _


class SearchScreen(TranslatedKeys, ModalScreen[str | None]):
    """Asks for words to look for in the log; empty shows every line again."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, current: str) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Search the log"), classes="dialog-title")
            yield Label(
                _("Only lines with these words are shown; empty shows all."), classes="dialog-text"
            )
            yield Input(value=self.current, placeholder=_("e.g. bridge, Ann, water"))
        # The dialog's own keys (Esc goes back), not those of the screen beneath.
        yield KeysFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LogFilterMixin(TranslatedKeys, Screen[None]):
    """``f`` cycles the log through all players then each player; ``/`` searches it.

    For screens with an ``EventLog``; they name the players (``_log_player_names``).
    """

    def action_log_player(self) -> None:
        log = self.query_one(EventLog)
        players = self._log_player_names()
        current = log.player_filter
        following = 0 if current is None else current + 1
        chosen = following if following < len(players) else None
        log.set_filter(chosen)
        who = _("everybody") if chosen is None else players[chosen]
        self.notify(_("Log: {who}").format(who=who))

    def action_log_search(self) -> None:
        log = self.query_one(EventLog)

        def chosen(text: str | None) -> None:
            if text is not None:
                log.set_filter(log.player_filter, text)

        self.app.push_screen(SearchScreen(log.search), chosen)

    def _log_player_names(self) -> tuple[str, ...]:
        raise NotImplementedError
