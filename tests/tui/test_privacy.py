"""Hot-seat privacy: no screen shows a hand to a seat it does not belong to.

Two checks run through every test here, driving the real app by its keys:
- every time the hand panel is drawn, the hand it shows belongs to whoever
  is at the keyboard (the last player who dismissed the hand-over curtain);
- at chosen moments, the text on screen names no other player's hand.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.games.atlantis.panels import HandPanel
from atlantis_tui.games.atlantis.payment import PaymentScreen
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.screens.simple import CurtainScreen
from atlantis_tui.session import GameSession, Seat
from core.atlantis.state import State
from tests.tui.driver import settle


class Table:
    """Who is at the keyboard, and every hand the app drew, in order."""

    def __init__(self) -> None:
        self.at_keyboard: str | None = None
        self.leaks: list[str] = []

    def drawn(self, state: State, seat: int | None) -> None:
        if seat is None or state.is_over or state.options.open_hands:
            return
        owner = state.players[seat]
        if owner != self.at_keyboard:
            self.leaks.append(f"{owner}'s hand drawn while {self.at_keyboard} had the keyboard")


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> Iterator[Table]:
    watched = Table()
    show = HandPanel.show
    reveal = CurtainScreen.action_reveal

    def spy_show(panel: HandPanel, state: State, seat: int | None, compact: bool = False) -> None:
        watched.drawn(state, seat)
        show(panel, state, seat, compact)

    def spy_reveal(curtain: CurtainScreen) -> None:
        watched.at_keyboard = curtain.player_name
        reveal(curtain)

    monkeypatch.setattr(HandPanel, "show", spy_show)
    monkeypatch.setattr(CurtainScreen, "action_reveal", spy_reveal)
    yield watched
    assert not watched.leaks, watched.leaks


def screen_text(app: AtlantisApp) -> str:
    """Everything the terminal shows now, as plain text."""
    console = Console(width=app.size.width, file=io.StringIO(), record=True, color_system=None)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


def _dialog_text(app: AtlantisApp) -> str:
    """The words of the dialog on top (not the log behind it)."""
    return " ".join(str(label.render()) for label in app.screen.query(".dialog-text"))


def hands_shown(app: AtlantisApp, names: list[str]) -> set[str]:
    text = screen_text(app)
    return {name for name in names if f"{name}'s hand" in text}


async def _ready(pilot: Pilot[None], app: AtlantisApp, name: str) -> None:
    """The curtain for ``name`` is up and hides every hand; ``name`` takes the keyboard."""
    await settle(pilot, app)
    assert isinstance(app.screen, CurtainScreen), app.screen
    assert app.screen.player_name == name
    assert not hands_shown(app, ["Ann", "Bob", "Cleo"])
    await pilot.press("enter")
    await settle(pilot, app)
    assert hands_shown(app, ["Ann", "Bob", "Cleo"]) == {name}


async def _move(pilot: Pilot[None], app: AtlantisApp) -> None:
    await pilot.press("a", "enter")
    await settle(pilot, app)
    if isinstance(app.screen, PaymentScreen):
        await pilot.press("enter")
        await settle(pilot, app)


def _hot_seat(save_dir: Path, *seats: Seat, seed: int = 2) -> tuple[GameSession, AtlantisApp]:
    session = GameSession.new(list(seats), seed=seed, save_dir=save_dir)
    return session, AtlantisApp(save_dir, session, bot_delay=0)


async def test_undo_of_another_players_turn_hands_over_first(save_dir: Path, table: Table) -> None:
    """Bob undoes Ann's turn: the confirmation names it, then the curtain for Ann comes."""
    session, app = _hot_seat(save_dir, Seat("Ann"), Seat("Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await _ready(pilot, app, "Ann")
        await _move(pilot, app)
        await _ready(pilot, app, "Bob")
        turn = session.state.turn
        await pilot.press("u")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        text = _dialog_text(app)
        assert f"Ann's turn {turn - 1}" in text
        assert "Bob's turn" not in text and "your turn" not in text
        await pilot.press("enter")  # Yes, undo it
        await _ready(pilot, app, "Ann")
        assert session.state.turn == turn - 1


async def test_undo_names_every_turn_it_takes_back(save_dir: Path, table: Table) -> None:
    """Ann, a bot, then Bob: Bob's undo takes back Ann's turn and the bot's reply."""
    session, app = _hot_seat(save_dir, Seat("Ann"), Seat("Rob", "random"), Seat("Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await _ready(pilot, app, "Ann")
        first = session.state.turn
        await _move(pilot, app)
        await _ready(pilot, app, "Bob")
        await pilot.press("u")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        assert f"Ann's turn {first} and Rob's turn {first + 1}" in _dialog_text(app)
        await pilot.press("enter")
        await _ready(pilot, app, "Ann")


async def test_redo_hands_over_to_the_next_player(save_dir: Path, table: Table) -> None:
    _session, app = _hot_seat(save_dir, Seat("Ann"), Seat("Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await _ready(pilot, app, "Ann")
        await _move(pilot, app)
        await _ready(pilot, app, "Bob")
        await pilot.press("u")
        await settle(pilot, app)
        await pilot.press("enter")
        await _ready(pilot, app, "Ann")
        await pilot.press("U")  # redo: Ann's turn again, so Bob is to act
        await _ready(pilot, app, "Bob")


async def test_a_bots_turn_hands_over_to_the_next_human(save_dir: Path, table: Table) -> None:
    session, app = _hot_seat(save_dir, Seat("Ann"), Seat("Rob", "random"), Seat("Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await _ready(pilot, app, "Ann")
        await _move(pilot, app)
        await _ready(pilot, app, "Bob")
        assert session.state.players[session.state.current] == "Bob"


async def _start_menu_then(save_dir: Path, table: Table, choice: Sequence[str]) -> None:
    """A hot-seat game saved mid-play is reopened from the start menu."""
    session, app = _hot_seat(save_dir, Seat("Ann"), Seat("Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await _ready(pilot, app, "Ann")
        await _move(pilot, app)
        await settle(pilot, app)
    session.close()
    table.at_keyboard = None  # a new sitting: nobody has claimed the keyboard yet
    again = AtlantisApp(save_dir, bot_delay=0)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot, again)
        await pilot.press(*choice)
        await _ready(pilot, again, "Bob")


async def test_continue_hands_over_first(save_dir: Path, table: Table) -> None:
    await _start_menu_then(save_dir, table, ["down", "enter"])  # Continue


async def test_load_hands_over_first(save_dir: Path, table: Table) -> None:
    await _start_menu_then(save_dir, table, ["down", "down", "enter", "enter"])  # Load, first


async def test_replay_of_an_unfinished_hot_seat_game_hides_the_hands(
    save_dir: Path, table: Table
) -> None:
    """The hands stay hidden until asked, after a warning; play from here hands over."""
    session, app = _hot_seat(save_dir, Seat("Ann"), Seat("Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await _ready(pilot, app, "Ann")
        await _move(pilot, app)
        await settle(pilot, app)
    session.close()
    table.at_keyboard = None
    assert session.path is not None
    viewer = AtlantisApp(save_dir, bot_delay=0, replay=session.path)
    async with viewer.run_test(size=(120, 40)) as pilot:
        await settle(pilot, viewer)
        screen = viewer.screen
        assert isinstance(screen, ReplayScreen) and screen.hide_hands
        for _key in range(len(session.events)):
            text = screen_text(viewer)
            assert "Hidden" in text
            assert "×" not in text  # no hand lists its cards ("F ×2")
            await pilot.press("right")
        await pilot.press("v")
        await settle(pilot, viewer)
        assert isinstance(viewer.screen, ChoiceScreen)
        await pilot.press("down", "enter")  # keep them hidden
        await settle(pilot, viewer)
        assert isinstance(viewer.screen, ReplayScreen) and viewer.screen.hide_hands
        await pilot.press("p")  # play from here: a new game, handed over first
        await _ready(pilot, viewer, "Bob")


async def test_replay_shows_the_hands_once_the_user_agrees(save_dir: Path) -> None:
    session, app = _hot_seat(save_dir, Seat("Ann"), Seat("Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
    session.close()
    assert session.path is not None
    viewer = AtlantisApp(save_dir, bot_delay=0, replay=session.path)
    async with viewer.run_test(size=(120, 40)) as pilot:
        await settle(pilot, viewer)
        await pilot.press("v")
        await settle(pilot, viewer)
        await pilot.press("enter")  # show every hand
        await settle(pilot, viewer)
        screen = viewer.screen
        assert isinstance(screen, ReplayScreen) and not screen.hide_hands
        assert "×" in screen_text(viewer)


async def test_replay_of_a_game_against_bots_shows_the_hands(save_dir: Path) -> None:
    """One human and a bot: nobody else at the keyboard, so nothing to hide."""
    session, app = _hot_seat(save_dir, Seat("Ann"), Seat("Rob", "random"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
    session.close()
    assert session.path is not None
    viewer = AtlantisApp(save_dir, bot_delay=0, replay=session.path)
    async with viewer.run_test(size=(120, 40)) as pilot:
        await settle(pilot, viewer)
        screen = viewer.screen
        assert isinstance(screen, ReplayScreen) and not screen.hide_hands


async def test_showing_every_hand_in_hot_seat_asks_first(save_dir: Path, table: Table) -> None:
    _session, app = _hot_seat(save_dir, Seat("Ann"), Seat("Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await _ready(pilot, app, "Ann")
        await pilot.press("v")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("down", "enter")  # keep them hidden
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen) and not app.screen.show_all_hands
        assert hands_shown(app, ["Ann", "Bob"]) == {"Ann"}
