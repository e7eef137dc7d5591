"""Driving the app through its keys, as a player would, for the pilot tests."""

from __future__ import annotations

from textual.app import App
from textual.pilot import Pilot

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.choosers import purchase_order
from atlantis_tui.games.atlantis.end_screen import EndScreen
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.games.atlantis.payment import PaymentScreen
from atlantis_tui.games.atlantis.selection import LABELS, select_pawn
from atlantis_tui.games.atlantis.tutorial_screen import TutorialScreen
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.simple import CurtainScreen
from core.atlantis.board import Board
from core.atlantis.moves import legal_moves
from core.atlantis.tutor import LEARNER, Attempt, way_for


def atlantis_app(pilot: Pilot[None]) -> AtlantisApp:
    """The app a pilot drives, checked to be the program's own (a snapshot's
    ``run_before`` is handed only the pilot)."""
    app = pilot.app
    assert isinstance(app, AtlantisApp), app
    return app


async def settle(pilot: Pilot[None], app: AtlantisApp) -> None:
    """Wait until bots have finished thinking and the screen is idle."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def play_to_the_end(pilot: Pilot[None], app: AtlantisApp, max_steps: int = 3000) -> int:
    """Answer every screen with keys until the end screen; returns keys-turns played."""
    turns = 0
    for _ in range(max_steps):
        await settle(pilot, app)
        screen = app.screen
        if isinstance(screen, EndScreen):
            return turns
        if isinstance(screen, CurtainScreen | PaymentScreen):
            await pilot.press("enter")  # ready / the suggested payment
        elif isinstance(screen, ChoiceScreen):
            await pilot.press("enter")  # first choice: draw two cards (T9)
        elif isinstance(screen, GameScreen):
            if screen.session.is_bot_turn():
                continue
            if await play_one_turn(pilot, app):
                turns += 1
    raise AssertionError("the game did not end")


async def make(pilot: Pilot[None], app: App[None], attempt: Attempt) -> None:
    """Make ``attempt`` with the keys a player would press, once the lesson's question,
    if one waits, is answered rightly."""
    screen = app.screen
    assert isinstance(screen, TutorialScreen)
    if screen.quiz is not None:
        await answer_question(pilot, app, right=True)
    state = screen.state
    if attempt.buy:
        tiles = purchase_order(state, list(state.collected[LEARNER]))
        names = [str(state.tiles[t]) for t in tiles]
        await pilot.press("p", *["down"] * names.index(attempt.buy), "enter")
    elif attempt.bridge is not None:
        gaps = [gap for gap in Board.of(state).gaps if not gap.bridged]
        index = next(i for i, g in enumerate(gaps) if g.first <= attempt.bridge <= g.last)
        await pilot.press("w", *["down"] * index, "enter")
    elif attempt.stuck:
        await pilot.press("x")  # no pawn can move (T9)
    elif attempt.to is None:
        await pilot.press(attempt.pawn.lower())  # a pawn with no move at all
    else:
        pawn = "ABC".index(attempt.pawn)
        preview = way_for(state, attempt)
        selection = select_pawn(state, pawn)
        target = selection.destinations.index(preview.destination)
        await pilot.press("abc"[pawn])
        if target != selection.index:
            await pilot.press(LABELS[target])  # pressing the active label would move
        way = selection.ways[preview.destination].index(preview)
        await pilot.press(*["down"] * way, "enter")
        await pilot.pause()
        if isinstance(app.screen, PaymentScreen):
            await pilot.press("enter")  # the least-overpaying payment
    await pilot.pause()


async def answer_question(pilot: Pilot[None], app: App[None], right: bool) -> None:
    """Answer the question the lesson asks before its task: rightly, or not."""
    screen = app.screen
    assert isinstance(screen, TutorialScreen) and screen.quiz is not None
    answer = screen.quiz.answer(screen.state)
    choice = answer if right else (answer + 1) % len(screen.quiz.options)
    # No option is highlighted at first, so a stray Enter answers nothing.
    await pilot.press(*["down"] * (choice + 1), "enter")
    await pilot.pause()


async def play_one_turn(pilot: Pilot[None], app: AtlantisApp) -> bool:
    """The human to act makes his first legal move with keys; False if there is none."""
    await settle(pilot, app)
    screen = app.screen
    if isinstance(screen, CurtainScreen | PaymentScreen | ChoiceScreen):
        await pilot.press("enter")
        await settle(pilot, app)
        return False
    if not isinstance(screen, GameScreen) or screen.session.is_bot_turn():
        return False
    state = screen.session.state
    moves = legal_moves(state)
    if not moves:
        await pilot.pause()
        return False
    move = moves[0]
    selection = select_pawn(state, move.pawn)
    target = selection.destinations.index(move.destination)
    await pilot.press("abc"[move.pawn])
    if target != selection.index:
        await pilot.press(LABELS[target])  # pressing the active label would move
    way = selection.ways[move.destination].index(move)
    for _step in range(way):
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot, app)
    if isinstance(app.screen, PaymentScreen):
        await pilot.press("enter")  # the suggested payment
        await settle(pilot, app)
    return True
