"""Choosing the game in the app: the start menu's game line, the saves lists, the
new-game form made from the game's options and player limits, and ``GAME_UIS``.

With one game there is nothing to choose and nothing is shown; a second game
(``tests.tui.two_games``) shows the choice.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Select, Static, Switch

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games import ALL_GAME_UIS, GAME_UIS
from atlantis_tui.screens.load import LoadScreen
from atlantis_tui.screens.new_game import NewGameRequest, NewGameScreen
from atlantis_tui.screens.start import GameLine, StartScreen
from core.atlantis.options import Options
from core.games import GAMES
from tests.tui.two_games import OTHER, TWO_UIS, OtherOptions

SAVES = Path(__file__).parents[1] / "fixtures" / "saves-before-kernel"
ONE_UI = {"atlantis": GAME_UIS["atlantis"]}
"""An app that offers Atlantis alone."""
UNFINISHED = SAVES / "hot-seat-with-undo.atlantis.jsonl"


def _text(widget: Static) -> str:
    return str(widget.render())


def test_every_game_has_its_screens_and_the_same_name() -> None:
    """``GAME_UIS`` offers the games ``core.games`` registers, under the same names."""
    assert GAMES.ids[:2] == ("atlantis", "arkantis")
    assert set(GAMES.ids) <= {"atlantis", "arkantis", "atlantica"}
    assert tuple(GAME_UIS) == GAMES.ids
    for game_id, ui in GAME_UIS.items():
        assert ui.id == game_id
        assert ui.game is GAMES.get(game_id)
        assert ui.name == ui.game.name
        assert ui.default_bot in ui.game.play.bots
        assert ui.tagline


async def test_with_one_game_the_menu_asks_nothing(save_dir: Path) -> None:
    app = AtlantisApp(save_dir, bot_delay=0, games=ONE_UI)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        assert not start.query(GameLine)
        assert start.check_action("next_game", ()) is False
        assert "g" not in start.active_bindings  # not in the footer
        await pilot.press("g", "right", "left")
        assert app.game_id == "atlantis"
        await pilot.press("enter")
        await pilot.pause()
        new_game = app.screen
        assert isinstance(new_game, NewGameScreen)
        assert new_game.game is GAMES.get("atlantis")


async def test_the_game_line_chooses_the_game_of_a_new_game(save_dir: Path) -> None:
    app = AtlantisApp(save_dir, bot_delay=0, games=TWO_UIS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        line = screen.query_one(GameLine)
        assert _text(line) == "Game: ◂ Atlantis ▸"
        art = screen.query_one("#title-art", Static)
        assert _text(art) == GAME_UIS["atlantis"].title_art.removeprefix("\n")
        assert "Flee sinking Atlantis" in _text(screen.query_one("#tagline", Static))
        assert screen.active_bindings["g"].binding.description == "Another game"
        await pilot.press("g")
        await pilot.pause()
        assert app.game_id == "other"
        assert _text(line) == "Game: ◂ Other ▸"
        assert _text(screen.query_one("#tagline", Static)) == "Another game."
        # A game without art of its own is named plainly, the menu as high as before.
        assert _text(screen.query_one("#title-art", Static)).split() == ["Other"]
        await pilot.press("right")  # round to the first again
        await pilot.pause()
        assert app.game_id == "atlantis"
        await pilot.press("left")
        await pilot.pause()
        assert app.game_id == "other"
        await pilot.click(GameLine)
        await pilot.pause()
        assert app.game_id == "atlantis"
        await pilot.click(GameLine)
        await pilot.pause()
        assert app.game_id == "other"
        assert isinstance(app.focused, OptionList)  # the menu keeps the keys
        await pilot.press("enter")  # New game
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.game is OTHER


async def test_the_chosen_game_stays_chosen_when_the_language_changes(save_dir: Path) -> None:
    app = AtlantisApp(save_dir, bot_delay=0, games=TWO_UIS, game="other")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        await screen.retranslate()
        await pilot.pause()
        assert _text(screen.query_one(GameLine)) == "Game: ◂ Other ▸"


async def test_saves_and_continue_name_their_game_when_there_are_several(save_dir: Path) -> None:
    save_dir.mkdir(parents=True)
    shutil.copy(UNFINISHED, save_dir)
    for games, named in ((ONE_UI, False), (TWO_UIS, True), (GAME_UIS, True)):
        app = AtlantisApp(save_dir, bot_delay=0, games=games)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            menu = app.screen.query_one("#menu", OptionList)
            label = str(menu.get_option("continue").prompt)
            assert label.startswith("Continue  (Atlantis: " if named else "Continue  (Ann, ")
            app.action_load_game()
            await pilot.pause()
            assert isinstance(app.screen, LoadScreen)
            (entry,) = [
                str(option.prompt)
                for option in app.screen.query_one(OptionList)._options
                if option.id
            ]
            assert ("Atlantis: Ann, " in entry) is named, entry


async def test_the_shipped_examples_name_their_game_when_there_are_several(
    save_dir: Path,
) -> None:
    """Only Atlantis ships example games: with several games offered, the heading above
    them says they are Atlantis's, whichever game the start menu shows."""
    for games, heading in (
        (ONE_UI, "── Example games ──"),
        (GAME_UIS, "── Example games of Atlantis ──"),
    ):
        app = AtlantisApp(save_dir, bot_delay=0, games=games)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.action_replay_game()
            await pilot.pause()
            assert isinstance(app.screen, LoadScreen)
            disabled = [
                str(option.prompt)
                for option in app.screen.query_one(OptionList)._options
                if option.disabled
            ]
            assert disabled == [heading]


async def test_a_save_of_a_game_the_app_does_not_play_is_not_opened(save_dir: Path) -> None:
    save_dir.mkdir(parents=True)
    lines = UNFINISHED.read_bytes().splitlines()
    header = json.loads(lines[0]) | {"game": "chess"}
    path = save_dir / "other.atlantis.jsonl"
    path.write_bytes(b"\n".join([json.dumps(header).encode(), *lines[1:]]) + b"\n")
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_save(path)
        app.open_replay(path)
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        said = [note.message for note in app._notifications]
        assert len(said) == 2
        assert all("a game of 'chess', which this version does not play" in s for s in said)


# --- The new-game form is made from the game ------------------------------------------


async def test_the_form_offers_the_atlantis_options_as_before(save_dir: Path) -> None:
    app = AtlantisApp(save_dir, bot_delay=0, games=ONE_UI)
    async with app.run_test(size=(120, 40)) as pilot:
        app.action_new_game()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert len(form.query(".seat-row")) == 4
        labels = [str(label.render()) for label in form.query(".option-row Label")]
        assert labels == [
            "Seed (empty: random)",
            "Purchases per turn (T1)",
            "Bought cards can pay for water (T1/T5.4)",
            "Paid cards go to (T5.5)",
            "Start player (S5)",
            "Open hands (teaching)",
        ]
        limit = form.query_one("#option-buy_limit", Select)
        assert [str(prompt) for prompt, _value in limit._options] == ["one", "unlimited"]
        assert form.query_one("#option-paid_cards_to", Select).value == "discard"
        assert form.query_one("#option-bought_cards_can_pay", Switch).value is True
        tooltip = form.query(".option-row Label")[1].tooltip
        assert str(tooltip).startswith("How many times a player may buy cards in one turn")
        limit.value = "0"
        form.query_one("#option-paid_cards_to", Select).value = "box"
        form.query_one("#option-open_hands", Switch).value = True
        request = form._request()
        assert isinstance(request, NewGameRequest)
        assert request.options == Options(buy_limit=0, paid_cards_to="box", open_hands=True)
        assert request.game is GAMES.get("atlantis")
        # Two seats are needed (S3): the first two cannot be left empty, the others can.
        for seat, may_be_empty in enumerate([False, False, True, True]):
            kinds = [value for _prompt, value in form.query_one(f"#kind-{seat}", Select)._options]
            assert ("none" in kinds) is may_be_empty
        form.query_one("#name-1", Input).value = "ann"
        assert form._request() == "Two players are called 'ann'; give each a different name."


async def test_the_form_follows_another_games_seats_and_options(save_dir: Path) -> None:
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        form = NewGameScreen(OTHER, "expert")
        app.push_screen(form)
        await pilot.pause()
        assert len(form.query(".seat-row")) == 5
        kinds = [form.query_one(f"#kind-{seat}", Select).value for seat in range(5)]
        assert kinds == ["human", "expert", "expert", "none", "none"]
        assert [str(form.query_one(f"#name-{s}", Input).value) for s in range(5)] == [
            "Ann",
            "Bob",
            "Cleo",
            "Dan",
            "Eve",
        ]
        rounds = form.query_one("#option-rounds", Input)  # a count without labels: typed in
        assert rounds.value == "3"
        sea = form.query_one("#option-sea", Select)
        assert [str(prompt) for prompt, _value in sea._options] == ["Calm", "rough"]
        labels = [str(label.render()) for label in form.query(".option-row Label")]
        assert labels[1:] == ["Rounds", "Sea", "fast"]
        rounds.value = "12"
        assert form._request() == "Rounds takes a whole number from 1 to 9, not '12'."
        rounds.value = "7"
        sea.value = "rough"
        request = form._request()
        assert isinstance(request, NewGameRequest)
        assert request.options == OtherOptions(rounds=7, sea="rough")
        assert len(request.seats) == 3 and request.game is OTHER
        needed = form.query_one("#kind-2", Select)  # three are needed: no empty seat
        assert "none" not in [value for _prompt, value in needed._options]
        assert "none" in [value for _prompt, value in form.query_one("#kind-3", Select)._options]


@pytest.mark.parametrize("bot", [None, "nobody"])
def test_an_unknown_default_bot_is_the_games_first(bot: str | None) -> None:
    assert NewGameScreen(OTHER, bot).default_bot == "expert"


def test_each_game_draws_its_own_name_as_high_as_the_others() -> None:
    arts = {ui.id: ui.title_art for ui in ALL_GAME_UIS}
    assert len(set(arts.values())) == len(arts)
    for art in arts.values():
        assert art.startswith("\n") and art.endswith("\n") and art.count("\n") == 5


async def test_the_forms_title_names_the_chosen_game(save_dir: Path) -> None:
    """The header says which game is being set up, and follows the game chosen."""
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        form = NewGameScreen(OTHER, "expert")
        app.push_screen(form)
        await pilot.pause()
        assert form.title == OTHER.display_name()
        assert form.sub_title == "New game"
