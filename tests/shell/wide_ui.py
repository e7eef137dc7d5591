"""The wide toy as the app shows it: a plain game screen, a board view and its ``GameUI``.

The screen follows the hot-seat flow every game screen follows (Atlantis's and
ArkantiS's): a bot's turn is played from the bot's own view, a human's behind
the shell's curtain when the keyboard passes to another person, and the end
waits until nobody is asked anything more. ``p`` plays the first legal
command for the person at the keyboard, as a key of a real game would.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from atlantis_tui.games import ATLANTIS_UI, GameUI
from atlantis_tui.screens.simple import CurtainScreen
from atlantis_tui.session import GameSession
from tests.shell.wide_game import WIDE, WideState, WideView


def _hands(state: WideState, view: WideView | None) -> str:
    shown = view.state if view is not None else state
    return " / ".join(" ".join(map(str, hand)) or "-" for hand in shown.hands)


class WideBoardView(Static):
    """One moment of the wide toy: the hands, as the seat may see them."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.moments: list[tuple[Any, Any, int | None, int]] = []

    def show_moment(self, state: Any, view: Any, seat: int | None, events: Sequence[Any]) -> None:
        self.moments.append((state, view, seat, len(events)))
        self.update(_hands(state, view))


class WideScreen(Screen[None]):
    """A session of the wide toy, hot-seat or against bots."""

    BINDINGS = [Binding("p", "play", "Play")]

    def __init__(self, session: GameSession, bot_delay: float = 0.0) -> None:
        super().__init__()
        self.session = session
        humans = session.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.curtains: list[str] = []
        """The names the curtain asked for, in order."""
        self.bot_commands: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Static(id="wide-board")

    def on_mount(self) -> None:
        self.advance()

    def _hot_seat(self) -> bool:
        return len(self.session.humans) > 1

    def advance(self) -> None:
        """Hand the game to whoever acts next: bots play at once, a person after the curtain."""
        session = self.session
        while session.is_bot_turn():
            command = session.bot_command()
            self.bot_commands.append(command)
            session.play(command)
        seat = session.to_act
        if seat is not None and self._hot_seat() and seat != self.viewer:
            self.viewer = None
            name = session.seats[seat].name
            self.curtains.append(name)
            self.app.push_screen(CurtainScreen(name), lambda _: self._reveal(seat))
        self._draw()

    def _reveal(self, seat: int) -> None:
        self.viewer = seat
        self._draw()

    def _draw(self) -> None:
        state: WideState = self.session.state
        view = None if self.viewer is None else WIDE.privacy.view_for(state, self.viewer)
        hidden = view is None and not WIDE.is_over(state)
        text = "hidden" if hidden else _hands(state, view)
        self.query_one("#wide-board", Static).update(text)

    def action_play(self) -> None:
        seat = self.session.to_act
        if seat is None or seat != self.viewer:
            return
        self.session.play(WIDE.legal_commands(self.session.state)[0])
        self.advance()


def _no_commands(screen: Screen[Any]) -> Iterable[Any]:
    return ()


WIDE_UI: GameUI = dataclasses.replace(
    ATLANTIS_UI,
    id="wide",
    name="Wide",
    tagline="Five at a table.",
    title_art="",
    default_bot="high",
    load_game=lambda: WIDE,
    load_screen=lambda: WideScreen,
    load_palette=lambda: _no_commands,
    load_board_view=lambda: WideBoardView,
    load_replay_screen=None,
    load_online_screen=None,
    load_examples=None,
    load_tutorial=None,
)
"""The wide toy, offered with its own screen and board view."""
