"""Driving the app through its keys, as a player would, for the pilot tests."""

from __future__ import annotations

from textual.pilot import Pilot

from atlantis_tui.app import AtlantisApp
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.end import EndScreen
from atlantis_tui.screens.game import GameScreen
from atlantis_tui.screens.payment import PaymentScreen
from atlantis_tui.screens.simple import CurtainScreen
from atlantis_tui.selection import LABELS, select_pawn
from core.moves import legal_moves


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
