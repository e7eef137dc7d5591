"""Review this game, from each game's end screen: its button and its key ``w`` open the
replay of the save with the review asked for; an online game, held here only as its
seat saw it, offers no review."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.arkantis.end_screen import EndScreen as ArkantisEnd
from atlantis_tui.games.atlantica.end_screen import EndScreen as AtlanticaEnd
from atlantis_tui.games.atlantis.end_screen import EndScreen as AtlantisEnd
from atlantis_tui.online.remote import RemoteSession, view_state
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.session import GameSession, Seat
from core.games import GAMES
from core.services.review import Review, hash_of, read_review, write_review

END_SCREENS: dict[str, type[AtlantisEnd] | type[ArkantisEnd] | type[AtlanticaEnd]] = {
    "atlantis": AtlantisEnd,
    "arkantis": ArkantisEnd,
    "atlantica": AtlanticaEnd,
}
GAME_IDS = list(END_SCREENS)


def finished_session(game_id: str, save_dir: Path) -> GameSession:
    """A game of two greedy bots played to its end here, saved in ``save_dir``."""
    game = GAMES.get(game_id)
    seats = [Seat("Ann", "greedy"), Seat("Bob", "greedy")]
    session = GameSession.new(seats, seed=5, save_dir=save_dir, game=game)
    while not game.is_over(session.state):
        session.play(session.bot_command())
    assert session.path is not None
    return session


def keep_empty_review(session: GameSession) -> None:
    """A review kept beside the save (one judging nothing), so that the replay reads it
    instead of judging the whole game in the test."""
    assert session.path is not None
    game_id = session.game_type.id
    review = Review(hash_of(session.path.read_bytes()), game_id, 0.01, 1, "", (1, 2, 3), ())
    write_review(session.path, review)
    assert read_review(session.path) == review


async def end_screen(app: AtlantisApp, game_id: str, pilot: Pilot[None]) -> Screen[None]:
    for _ in range(20):
        await pilot.pause()
        if isinstance(app.screen, END_SCREENS[game_id]):
            return app.screen
    raise AssertionError(f"no end screen: {app.screen!r}")


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("by", ["key", "button"])
async def test_review_opens_the_replay_of_the_save_with_the_review_started(
    tmp_path: Path, game_id: str, by: str
) -> None:
    session = finished_session(game_id, tmp_path)
    keep_empty_review(session)
    app = AtlantisApp(tmp_path, session, bot_delay=0, game=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        end = await end_screen(app, game_id, pilot)
        label = end.query_one("#review", Button).label
        assert isinstance(label, Content) and label.plain == "Review this game"
        if by == "key":
            await pilot.press("w")
        else:
            end.query_one("#review", Button).press()
        for _ in range(5):
            await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.start_review is True
        assert replay.source == session.path
        assert replay.game.id == game_id
        assert len(replay.replay.events) == len(session.events)
    session.close()


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_replay_button_does_not_start_a_review(tmp_path: Path, game_id: str) -> None:
    session = finished_session(game_id, tmp_path)
    app = AtlantisApp(tmp_path, session, bot_delay=0, game=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await end_screen(app, game_id, pilot)
        await pilot.press("r")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.start_review is False
    session.close()


def remote_session(game_id: str, tmp_path: Path) -> RemoteSession[Any, Any, Any, Any]:
    """Seat 0 of a finished game hosted elsewhere: only its view and its events as the
    host sent them (a stand-in for the client, which holds just that)."""
    game = GAMES.get(game_id)
    local = finished_session(game_id, tmp_path)
    local.close()
    state = local.state
    client = SimpleNamespace(
        seat=0,
        seats=[SimpleNamespace(name=seat.name, kind=seat.recorded) for seat in local.seats],
        view=game.privacy.view_for(state, 0),
        events=[game.privacy.event_for(event, 0, False) for event in local.events],
        to_act=None,
    )
    # A plain namespace with the client's fields stands in for the client itself.
    return RemoteSession(client, view_state)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_an_online_game_offers_no_review(tmp_path: Path, game_id: str) -> None:
    session = remote_session(game_id, tmp_path)
    assert session.actions is None and session.path is None
    app = AtlantisApp(tmp_path, bot_delay=0, game=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        end = END_SCREENS[game_id](session)
        app.push_screen(end)
        for _ in range(5):
            await pilot.pause()
        assert app.screen is end
        ids = {button.id for button in end.query(Button)}
        assert "review" not in ids and {"new", "replay", "menu", "back"} <= ids
        await pilot.press("w")
        for _ in range(5):
            await pilot.pause()
        assert app.screen is end
