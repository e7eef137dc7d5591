"""One end screen for every game: the shell's frame (keys, title, headline, buttons),
each game giving only its report."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from atlantis_tui.app import AtlantisApp
from atlantis_tui.screens.end_screen import (
    GameEndScreen,
    player_label,
    tied_at_best,
    winner_label,
    winners_text,
)
from core.games import GAMES
from core.kernel.i18n import set_language
from tests.tui.test_end_screen_review import END_SCREENS, GAME_IDS, end_screen, finished_session
from tests.tui.test_language_switch import choose_language, screen_text

FRAME = {"BINDINGS", "compose", "on_mount", "on_button_pressed", "buttons", "DEFAULT_CSS"}
"""What the shell's end screen owns: no game's end screen writes its own."""


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_game_gives_its_report_and_the_shell_the_rest(game_id: str) -> None:
    screen = END_SCREENS[game_id]
    assert issubclass(screen, GameEndScreen)
    assert not FRAME & set(vars(screen)), game_id
    assert screen.GAME.id == game_id
    assert "report" in vars(screen)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_title_names_the_game_and_follows_the_language(
    tmp_path: Path, game_id: str
) -> None:
    """The header reads "<game> — The end" in every game, and again after the reader
    chose another language on the end screen."""
    session = finished_session(game_id, tmp_path)
    set_language("en")
    app = AtlantisApp(tmp_path, session, bot_delay=0, game=game_id)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            end = await end_screen(app, game_id, pilot)
            assert (end.title, end.sub_title) == (GAMES.get(game_id).display_name(), "The end")
            await choose_language(pilot, app, "fr")
            end = await end_screen(app, game_id, pilot)
            assert end.sub_title == "Fin de partie"
            assert "Fin de partie" in screen_text(app)
    finally:
        set_language("en")
        session.close()


def test_who_won_is_said_alike_in_every_game() -> None:
    assert winners_text(["Ann", "Bob"], [1]).plain == "Bob wins."
    assert winners_text(["Ann", "Bob", "Cleo"], [0, 2]).plain == "Ann, Cleo share the win."
    assert winners_text(["Ann"], []).plain == ""
    assert tied_at_best([3, 7, 7]) == [1, 2]
    assert tied_at_best([]) == []


def test_a_name_is_cut_and_a_winner_marked() -> None:
    assert player_label(1, "Christiane", 5).plain.endswith(" Chris")
    marked = winner_label(0, "Ann", True)
    assert isinstance(marked, Text) and marked.plain.endswith("Ann  winner")
    assert winner_label(0, "Ann", False).plain.endswith("Ann")
