"""``FramedGameScreen``: a game screen laid out in boxes, the log and an action bar.

A game whose screen is a board column beside a column of panels (ArkantiS,
Atlantica, the kit's toy game) says which boxes stand in each column
(``LEFT``, ``RIGHT``: ``Box``), which buttons its action bar holds
(``ACTION_BAR``) and when each may be pressed (``bar_enabled``), and its
``PARTS`` (``GameParts``: its end screen, hint and help). The shell
lays them out, titles them in the reader's language, adds the log below the
right column (shown in place of the preview on a small screen, ``layout``),
keeps the focus off every box and button (the screen takes every key), draws
everything again after a change of language or size, and gives the hint, the
help and the end screen from the game's ``PARTS``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Generic, TypeVar

from rich.text import Text
from textual.actions import parse
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Header

from atlantis_tui.screens.game.base import GameScreenBase
from atlantis_tui.screens.game.keys import CatalogueKeys
from atlantis_tui.screens.game.layout import follow_size
from atlantis_tui.screens.game.texts import refusal_text
from atlantis_tui.widgets.event_log import EventLog
from atlantis_tui.widgets.footer import KeysFooter
from core.kernel.errors import IllegalMove
from core.kernel.i18n import N_, _


@dataclass(frozen=True)
class Box:
    """One titled box of a game screen's column: ``content`` (a widget made anew at each
    compose, a ``Panel`` most often) in a container of id ``id``."""

    id: str
    title: str
    """Marked with the game's ``N_``: translated with the game's catalogue."""
    content: Callable[[], Widget]
    scroll: bool = True
    """In a ``VerticalScroll`` (a panel that may outgrow its box), else a ``Vertical``."""
    classes: str = ""
    """More classes: ``game-preview`` for the box the log replaces on a small screen."""


@dataclass(frozen=True)
class BarButton:
    """A button of the action bar: its id, its label (``o Remove one``, marked with the
    game's ``N_``) and the action it runs, as a key binding names it."""

    id: str
    label: str
    action: str


@dataclass(frozen=True)
class GameParts:
    """What a framed game screen takes from its game, besides its boxes."""

    end_screen: Callable[[Any], Screen[Any]]
    """The end screen, made with the session (its class)."""
    hint: Callable[[Any, int], Any]
    """The game's hint (``core.<game>.hints.hint``), worked out in a worker thread."""
    help_text: str
    """The game's own keys and how to read its board (marked with the game's ``N_``)."""
    hint_again: str
    """What ``h`` pressed again shows, under the gist (marked with the game's ``N_``)."""
    table: Callable[[Any], Any]
    """What everyone may see of hands and piles, from the session (``table_for``)."""
    preview: Callable[[Any, Any], Any]
    """The game's preview of a command in a state (or the refusal it would meet)."""
    end_turn: Callable[[int], Any]
    """The command that ends a seat's turn."""


StateT = TypeVar("StateT")
TableT = TypeVar("TableT")


class FramedGameScreen(GameScreenBase, CatalogueKeys, Generic[StateT, TableT]):
    """One game in progress: the game's boxes in two columns, the log, the action bar."""

    ID: ClassVar[str]
    """The prefix of the screen's ids (``ark``: ``#ark-main``, ``#ark-log`` …)."""
    LEFT: ClassVar[Sequence[Box]]
    RIGHT: ClassVar[Sequence[Box]]
    """The boxes of each column, top to bottom; the log comes last on the right."""
    ACTION_BAR: ClassVar[Sequence[BarButton]] = ()
    PARTS: ClassVar[GameParts]

    DEFAULT_CSS = """
    FramedGameScreen .game-main { height: 1fr; }
    FramedGameScreen .game-left { height: 100%; }
    FramedGameScreen .game-right { width: 1fr; height: 100%; }
    FramedGameScreen .box { height: auto; border: round $primary 50%; padding: 0 1; }
    FramedGameScreen .game-log { height: 1fr; border: round $primary 50%; }
    FramedGameScreen .game-preview { height: 1fr; }
    FramedGameScreen.-narrow .game-log { display: none; }
    FramedGameScreen.-narrow.-log .game-log { display: block; }
    FramedGameScreen.-narrow.-log .game-preview { display: none; }
    FramedGameScreen.-narrow .box { padding: 0; }
    FramedGameScreen .action-bar { height: 1; width: 100%; }
    FramedGameScreen .action-bar Button { margin-right: 1; min-width: 0; width: auto; }
    """

    # -- building ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id=f"{self.ID}-main", classes="game-main"):
            with Vertical(id=f"{self.ID}-left", classes="game-left"):
                yield from self._boxes(self.LEFT)
            with Vertical(id=f"{self.ID}-right", classes="game-right"):
                yield from self._boxes(self.RIGHT)
                yield EventLog(id=f"{self.ID}-log", game=self.GAME, classes="game-log")
        with Horizontal(id=f"{self.ID}-actions", classes="action-bar"):
            for button in self.ACTION_BAR:
                yield Button(self.own(button.label), id=button.id, compact=True)
        yield KeysFooter()

    @staticmethod
    def _boxes(boxes: Sequence[Box]) -> ComposeResult:
        for box in boxes:
            container = VerticalScroll if box.scroll else Vertical
            with container(id=box.id, classes=f"box {box.classes}"):
                yield box.content()

    def own(self, text: str) -> str:
        """``text`` in the reader's language: from the game's catalogue, else the shell's."""
        translated = self.KEY_CATALOGUE.gettext(text)
        return translated if translated != text else _(text)

    def on_mount(self) -> None:
        self.title = self.GAME.display_name()
        self.sub_title = ", ".join(seat.name for seat in self.session.seats)
        self._ready_boxes()
        self.refresh_all()
        self.call_after_refresh(self.advance)

    def _ready_boxes(self) -> None:
        # The screen takes every key: nothing else may hold the focus (a focused button
        # would take Enter and Space, a scrolling panel the arrows); clicks still work.
        for widget in self.query(".action-bar Button, VerticalScroll"):
            widget.can_focus = False
        for box in (*self.LEFT, *self.RIGHT):
            self.query_one(f"#{box.id}").border_title = self.own(box.title)
        self.query_one(EventLog).border_title = self.own(N_("Log"))

    async def retranslate(self) -> None:
        """Everything again in the new language, the log too."""
        await self.recompose()
        self._ready_boxes()
        self._logged = 0
        self.refresh_all()

    def on_resize(self, event: Resize) -> None:
        follow_size(self, event)
        self.resized(self.has_class("-narrow"))
        self.refresh_all()

    def resized(self, narrow: bool) -> None:
        """Fit the game's widgets to the small layout or the large one."""

    def box_width(self, box: str, default: int) -> int:
        """The width inside box ``#box`` (``default`` before it is laid out)."""
        return self.query_one(f"#{box}").content_region.width or default

    # -- the action bar ---------------------------------------------------------------
    def bar_enabled(self, your_turn: bool) -> dict[str, bool]:
        """Which buttons of the action bar may be pressed now, by id."""
        return {}

    def bar_chosen(self) -> str | None:
        """The id of the button shown chosen (the kind of action being built)."""
        return None

    def refresh_buttons(self, your_turn: bool) -> None:
        """Enable the action bar's buttons that apply now; mark the one chosen."""
        enabled, chosen = self.bar_enabled(your_turn), self.bar_chosen()
        for button in self.query(".action-bar Button").results(Button):
            button.disabled = not enabled.get(button.id or "", False)
            mark = button.id == chosen and not button.disabled
            button.variant = "primary" if mark else "default"

    def bar_actions(self) -> dict[str, Callable[[], None]]:
        return {button.id: self.callback(button.action) for button in self.ACTION_BAR}

    def callback(self, action: str) -> Callable[[], None]:
        """What running ``action`` (``mode('one')``, as a binding names it) does, to call."""
        _namespace, name, parameters = parse(action)
        method: Callable[..., None] = getattr(self, f"action_{name}")
        return partial(method, *parameters)

    # -- the position and the move being built -----------------------------------------
    @property
    def state(self) -> StateT:
        """The state as this session knows it."""
        state: StateT = self.session.state
        return state

    def table(self) -> TableT:
        """What everyone may see of hands and piles."""
        table: TableT = self.PARTS.table(self.session)
        return table

    def acting_seat(self) -> int | None:
        """The seat at the keyboard, when it may build a move now."""
        return self._human_to_act()

    def current_command(self) -> Any:
        """The command the move builder holds, once every step is chosen (else None)."""
        return None

    def current_preview(self) -> tuple[Any, Any] | None:
        """The command built and its preview (or the refusal it would meet)."""
        command = self.current_command()
        return None if command is None else (command, self.PARTS.preview(self.state, command))

    def preview_or_refusal(
        self, previewed: tuple[Any, Any] | None, write: Callable[[Any, Any, Any], Text]
    ) -> Text | None:
        """The preview of the command built, as the game ``write``s it, or the refusal it
        would meet; None when no command is built."""
        if previewed is None:
            return None
        command, found = previewed
        if isinstance(found, IllegalMove):
            return refusal_text(found.rule, found.reason)
        return write(self.state, command, found)

    def action_end_turn(self) -> None:
        """End the turn (the rules say when it may end)."""
        self.play_as(self.acting_seat(), self.PARTS.end_turn)

    def ask_to_pass(self, question: str, detail: str, yes: str, command: Any) -> None:
        """Pass once the player chose ``yes``: ``question`` names the player ``{name}``
        (the three marked with the game's ``N_``)."""
        seat = self.acting_seat()
        if seat is not None:
            asked = self.own(question).format(name=self.player_name(seat))
            self.ask_then_play(asked, self.own(detail), self.own(yes), command(seat))

    # -- what the shell asks of the game ----------------------------------------------
    def end_screen(self) -> Screen[Any]:
        return self.PARTS.end_screen(self.session)

    def work_out_hint(self, state: Any, seat: int) -> Any:
        return self.PARTS.hint(state, seat)

    def show_hint(self) -> None:
        """In the preview panel (``hint_text``): the gist, then the whole move."""
        self.refresh_all()

    def help_text(self) -> str:
        return self.own(self.PARTS.help_text)

    def hint_text(self, your_turn: bool) -> Text:
        """The hint as the preview panel shows it, under a blank line (none: empty)."""
        text = Text()
        shown = self.current_hint()
        if not (your_turn and shown is not None and self._hint_stage):
            return text
        text.append("\n\n" + self.own("Hint:") + " ", style="bold")
        text.append(shown.gist if self._hint_stage == 1 else shown.detail)
        if self._hint_stage == 1:
            text.append("\n" + self.own(self.PARTS.hint_again), style="dim")
        return text

    def refusal_first(self) -> Text:
        """The last refusal and a line break; nothing without one."""
        text = Text()
        if self.refusal is not None:
            text.append_text(refusal_text(self.refusal.rule, self.refusal.reason))
            text.append("\n")
        return text

    def play_as(self, seat: int | None, make: Callable[[int], Any]) -> None:
        """Play ``make(seat)`` for the seat to act (nothing when it is None)."""
        if seat is not None:
            self.apply(make(seat))
