"""Choosing a saved game to open, newest first; for replays, the shipped examples too.

When the app offers several games, each save is listed with its game's name.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from atlantis_tui.saves import SaveSummary
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.widgets.footer import KeysFooter
from core.kernel.i18n import N_, _

if TYPE_CHECKING:
    from atlantis_tui.games import GameUI


class LoadScreen(TranslatedKeys, ModalScreen[str | None]):
    """Dismisses with the chosen save's path."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(
        self,
        saves: list[SaveSummary],
        title: str | None = None,
        examples_under: Path | None = None,
        games: Mapping[str, GameUI] | None = None,
    ) -> None:
        """``examples_under``: also offer the shipped games, written under it when chosen;
        ``games``: the games the app offers (their names label the saves when several)."""
        super().__init__()
        self.saves = saves
        self.title_text = title or _("Load a saved game")
        self.examples_under = examples_under
        self.games = games or {}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(self.title_text, classes="dialog-title")
            if not self.saves:
                yield Label(_("No saved games of yours yet."), classes="dialog-text")
            options = []
            for save in self.saves:
                when = _dt.datetime.fromtimestamp(save.modified).strftime("%Y-%m-%d %H:%M")
                status = _("finished") if save.finished else _("in progress")
                if save.problem:
                    status = _("damaged: {problem}").format(problem=save.problem)
                players = ", ".join(save.header.players)
                if len(self.games) > 1:
                    players = _("{game}: {players}").format(
                        game=self._game_name(save.game), players=players
                    )
                label = _("{when}  {players}  · {events} events · {status}").format(
                    when=when, players=players, events=save.events, status=status
                )
                options.append(Option(label, id=save.path))
            for game_id, module in self._shipped():
                # With several games offered, each game's examples say whose they are,
                # as the saves do: the game chosen on the start menu may be another.
                header = (
                    _("── Example games ──")
                    if len(self.games) <= 1
                    else _("── Example games of {game} ──").format(game=self._game_name(game_id))
                )
                options.append(Option(header, disabled=True))
                options.extend(Option(e.description, id=e.id) for e in module.examples())
            yield OptionList(*options)
        # The dialog's own keys (Esc goes back), not those of the screen beneath.
        yield KeysFooter()

    def _shipped(self) -> list[tuple[str, Any]]:
        """Each game offered that ships examples, by id, with its examples' module
        (``GameUI.load_examples``)."""
        if self.examples_under is None:
            return []
        from atlantis_tui.games import GAME_UIS

        games = self.games or GAME_UIS
        return [
            (game_id, ui.load_examples())
            for game_id, ui in games.items()
            if ui.load_examples is not None
        ]

    def _game_name(self, game_id: str) -> str:
        """A save's game by its name, or by the id it gives if the app offers no such game."""
        game = self.games.get(game_id)
        return game.display_name() if game is not None else game_id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        shipping = next((m for _id, m in self._shipped() if choice and m.is_example(choice)), None)
        if choice is not None and shipping is not None and self.examples_under is not None:
            try:
                choice = str(shipping.write_example(choice, self.examples_under))
            except OSError as error:
                self.notify(str(error), title=_("Cannot write the example"), severity="error")
                return
        self.dismiss(choice)

    def action_cancel(self) -> None:
        self.dismiss(None)
