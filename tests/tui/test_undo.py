"""Undo and redo in play, and the replay screen reached from a save."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace
from textual.pilot import Pilot

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.end_screen import EndScreen
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.games.atlantis.payment import PaymentScreen
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.session import GameSession, Seat
from core.atlantis.check import check_events
from core.atlantis.events import EventsUndone
from core.atlantis.game_type import ATLANTIS
from core.atlantis.saves import read_save
from tests.shell.test_undo_after_the_end import played_out
from tests.tui.driver import settle


async def _move_first_pawn(pilot: Pilot[None], app: AtlantisApp) -> None:
    await pilot.press("a", "enter")
    await settle(pilot, app)
    if isinstance(app.screen, PaymentScreen):
        await pilot.press("enter")  # take the suggested payment
        await settle(pilot, app)


async def test_undo_then_redo_gives_the_same_state_and_keeps_every_event(save_dir: Path) -> None:
    """Undo takes back Ann's turn and the bot's reply; redo brings both back exactly."""
    session = GameSession.new([Seat("Ann"), Seat("Bot", "greedy")], seed=14, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        start = session.state
        await _move_first_pawn(pilot, app)
        await _move_first_pawn(pilot, app)
        played = session.state
        assert played.turn == start.turn + 4
        await pilot.press("u")
        await settle(pilot, app)
        assert session.state.turn == start.turn + 2 and session.state.current == 0
        await pilot.press("U")
        await settle(pilot, app)
        # The same game, which remembers the undo (and that it showed the pile).
        assert replace(session.state, undos=0, pile_seen=False) == played
        assert session.state.undos == 1
    path = session.path
    assert path is not None
    saved = read_save(path)
    assert list(saved.events) == session.events
    assert any(isinstance(e, EventsUndone) for e in saved.events)
    assert check_events(saved.events, saved.lines, saved.header).ok


async def test_undoing_another_humans_turn_asks_first(save_dir: Path) -> None:
    """Hot-seat: Bob, before moving, presses u: the app asks before undoing Ann's turn."""
    session = GameSession.new([Seat("Ann"), Seat("Bob")], seed=2, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")  # curtain: Ann is ready
        await _move_first_pawn(pilot, app)
        await pilot.press("enter")  # curtain: Bob is ready
        await settle(pilot, app)
        before = session.state
        await pilot.press("u")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("down", "enter")  # No
        await settle(pilot, app)
        assert session.state == before


async def test_a_saved_game_opens_in_the_replay_screen(save_dir: Path) -> None:
    session = GameSession.new([Seat("Ann"), Seat("Bot", "greedy")], seed=4, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await _move_first_pawn(pilot, app)
    session.close()
    path = session.path
    assert path is not None
    viewer = AtlantisApp(save_dir, bot_delay=0, replay=path)
    async with viewer.run_test(size=(120, 40)) as pilot:
        await settle(pilot, viewer)
        assert isinstance(viewer.screen, ReplayScreen)
        await pilot.press("end")
        assert viewer.screen.replay.position == len(session.events) - 1
        await pilot.press("home", "right", "right")
        assert viewer.screen.replay.position == 2


async def test_undo_after_the_end_names_the_turn_and_the_final_crossing(save_dir: Path) -> None:
    """Ann's move ended the game and the bot paid its final crossing (E2): undo says it
    took back her turn and that crossing, which is no turn of the bot's."""
    session = played_out(ATLANTIS, [Seat("Ann"), Seat("Bob", "greedy")], seed=5)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape")  # see the board
        await pilot.press("u")
        await settle(pilot, app)
        said = [note.message for note in app._notifications]
        assert "Took back your turn 37 and Bob's final crossing." in said, said
        assert session.to_act == 0 and not session.state.is_over


async def test_undoing_another_persons_final_crossing_asks_first(save_dir: Path) -> None:
    """Hot-seat: Bob chose how to pay his crossing; Ann, at the keyboard, is asked before
    it is taken back, and the question names the crossing, not a turn."""
    session = played_out(ATLANTIS, [Seat("Ann"), Seat("Bob")], seed=5)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")  # see the board
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer != 1
        await pilot.press("u")
        await settle(pilot, app)
        asked = app.screen
        assert isinstance(asked, ChoiceScreen)
        assert asked._title == "Take back Bob's final crossing?"
        assert asked._explanation == "Undo takes back Bob's final crossing."
