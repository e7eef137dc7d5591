"""Complete games played through the app's keys, and refusals shown with rule ids."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import RenderableType
from rich.text import Text
from textual.widgets import OptionList

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.end_screen import EndScreen, final_report
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.games.atlantis.payment import PaymentScreen
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.simple import CurtainScreen
from atlantis_tui.session import GameSession, Seat
from atlantis_tui.widgets.event_log import EventLog
from core.atlantis.check import check_events
from core.atlantis.saves import read_save
from tests.tui.driver import play_to_the_end, settle


def _plain(cell: RenderableType) -> str:
    """The text of a table cell, which the end screen writes as rich ``Text``."""
    assert isinstance(cell, Text), cell
    return cell.plain


@pytest.mark.long
async def test_hot_seat_game_of_three_humans_is_played_to_the_final_score(save_dir: Path) -> None:
    """Three humans share the keyboard: curtains, moves, payments, end screen."""
    session = GameSession.new([Seat("Ann"), Seat("Bob"), Seat("Cleo")], seed=11, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        turns = await play_to_the_end(pilot, app)
        assert isinstance(app.screen, EndScreen)
    assert turns > 20
    state = session.state
    assert state.is_over and len(state.scores) == 3
    path = session.path
    assert path is not None
    saved = read_save(path)
    assert len(saved.events) == len(session.events)
    assert check_events(saved.events, saved.lines, saved.header).ok


async def test_human_against_two_bots_is_played_to_the_final_score(save_dir: Path) -> None:
    """One human against greedy and random bots, who play in a worker."""
    seats = [Seat("Ann"), Seat("Greedy", "greedy"), Seat("Random", "random")]
    session = GameSession.new(seats, seed=5, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        turns = await play_to_the_end(pilot, app)
    assert turns > 5
    assert session.state.is_over
    path = session.path
    assert path is not None
    assert read_save(path).events[-1] == session.events[-1]


async def test_a_refused_action_shows_its_rule_id(save_dir: Path) -> None:
    """Buying cards with no collected tile is refused, naming T1."""
    session = GameSession.new([Seat("Ann"), Seat("Bot", "random")], seed=3, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("p")
        await pilot.pause()
        titles = [notification.title for notification in app._notifications]
        assert any("T1" in title for title in titles), titles


async def test_continue_resumes_exactly_where_the_game_stopped(save_dir: Path) -> None:
    """Quit mid-game; Continue from the start menu brings back the same events."""
    session = GameSession.new([Seat("Ann"), Seat("Bot", "greedy")], seed=8, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("a", "1", "enter")
        await settle(pilot, app)
    played = list(session.events)
    session.close()
    assert len(played) > 8
    again = AtlantisApp(save_dir, bot_delay=0)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot, again)
        await pilot.press("down", "enter")  # the start menu's Continue
        await settle(pilot, again)
        assert isinstance(again.screen, GameScreen)
        assert again.screen.session.events == played


async def test_back_at_the_start_menu_continue_offers_the_game_just_left(save_dir: Path) -> None:
    """The menu stays under the game; once back, its Continue names the game's players."""
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        menu = app.screen.query_one("#menu", OptionList)
        continue_entry = menu.get_option("continue")
        assert continue_entry.disabled  # no save yet
        session = GameSession.new([Seat("Ann"), Seat("Bot", "greedy")], seed=8, save_dir=save_dir)
        app.start_session(session)
        await settle(pilot, app)
        await pilot.press("a", "1", "enter")
        await settle(pilot, app)
        app.action_menu()
        await pilot.pause()
        assert app.screen_stack == [menu.screen]
        continue_entry = menu.get_option("continue")
        assert not continue_entry.disabled
        assert "Ann, Bot" in str(continue_entry.prompt)
        await pilot.press("down", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.events == session.events
    session.close()


async def test_a_damaged_save_can_be_opened_up_to_the_damage(save_dir: Path) -> None:
    """A torn last line (a crash mid-write): the app offers the valid prefix and goes on."""
    session = GameSession.new([Seat("Ann"), Seat("Bot", "greedy")], seed=8, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("a", "enter")
        await settle(pilot, app)
    session.close()
    path = session.path
    assert path is not None
    whole = list(read_save(path).events)
    with path.open("ab") as handle:
        handle.write(b'{"type":"pawn-moved","player":0,"pa')
    again = AtlantisApp(save_dir, bot_delay=0)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot, again)
        await pilot.press("down", "enter")  # Continue
        await settle(pilot, again)
        assert isinstance(again.screen, ChoiceScreen), [n.message for n in again._notifications]
        await pilot.press("enter")  # open up to the damaged line
        await settle(pilot, again)
        assert isinstance(again.screen, GameScreen)
        assert again.screen.session.events == whole
    assert path.with_name(path.name + ".damaged").exists()
    assert check_events(read_save(path).events).ok


async def test_the_command_palette_lists_every_game_action(save_dir: Path) -> None:
    """Every key of the game screen has a palette command too."""
    session = GameSession.new([Seat("Ann"), Seat("Bot", "greedy")], seed=3, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        titles = {command.title for command in app.get_system_commands(app.screen)}
    for expected in (
        "New game",
        "Continue",
        "Load",
        "Replay",
        "Save a copy",
        "Rules",
        "Help",
        "Choose pawn A",
        "Make the move",
        "Buy cards",
        "Place bridge",
        "Undo",
        "Redo",
        "Show or hide all hands",
        "Filter the log",
        "Search the log",
    ):
        assert expected in titles, expected


async def test_hint_in_two_stages_and_why_a_log_line_happened(save_dir: Path) -> None:
    """H names a pawn, H again the whole move; choosing a log line names its rule."""
    session = GameSession.new([Seat("Ann"), Seat("Bot", "greedy")], seed=3, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("H")
        await settle(pilot, app)
        await pilot.press("H")
        await settle(pilot, app)
        hints = [n.message for n in app._notifications if n.title == "Hint"]
        assert any("pawn" in text.lower() for text in hints), hints
        # One hint on screen at a time: the whole move has replaced the pawn's name.
        assert len(hints) == 1 and "(H again" not in hints[0], hints
        log = app.screen.query_one("#log")
        log.focus()
        await pilot.press("home", "down", "enter")  # Ann's deal
        await pilot.pause()
        titles = [n.title for n in app._notifications]
        assert any(title.startswith("Why (S4") for title in titles), titles
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"


async def test_r_after_a_refusal_opens_the_rulebook_at_that_rule(save_dir: Path) -> None:
    """ "Not allowed (T1)", then r: the rulebook opens with T1 marked and in view."""
    from atlantis_tui.screens.rules import RulesScreen

    session = GameSession.new([Seat("Ann"), Seat("Bot", "random")], seed=3, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("p")  # buying with no tile: refused by T1
        await pilot.pause()
        await pilot.press("r")
        await settle(pilot, app)
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.rule_id == "T1"
        (marked,) = rules.query(".-target")
        assert marked.id is not None
        assert rules.blocks[int(marked.id.removeprefix("block-"))].rule_id == "T1"
        body = rules.query_one("#rules-body")
        assert body.scroll_y > 0 and body.region.contains_region(marked.region)


async def test_a_screen_composed_while_the_app_had_no_focus_gets_it_with_the_focus(
    save_dir: Path,
) -> None:
    """In a browser the app starts without focus (Textual's web driver says so), and the
    menu may be composed before it comes: keys must then reach the menu, not nothing,
    whether the page's focus or a key comes first."""
    from textual import events

    for focus_first in (True, False):
        app = AtlantisApp(save_dir, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.screen.set_focus(None)  # as composed without the app's focus
            app.post_message(events.AppBlur())
            await pilot.pause()
            if focus_first:
                app.post_message(events.AppFocus())
                await pilot.pause()
                assert isinstance(app.focused, OptionList)
            await pilot.press("enter")  # New game
            await pilot.pause()
            assert type(app.screen).__name__ == "NewGameScreen", focus_first


async def test_quit_on_the_start_menu_quits(save_dir: Path) -> None:
    """Enter on Quit ends the app (the app's quit action is a coroutine to await)."""
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("quit")
        await pilot.press("enter")
        await pilot.pause()
        assert not app.is_running
    assert app.return_code == 0


async def test_a_hot_seat_player_resigns_and_the_others_play_on(save_dir: Path) -> None:
    """E5 by the keys: X asks first; the log says it; the resigned seat is passed over;
    when one player is left the end screen shows the resignation."""
    session = GameSession.new([Seat("Ann"), Seat("Bob"), Seat("Cleo")], seed=11, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")  # Ann sits down at the table
            await settle(pilot, app)
        await pilot.press("X")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("down", "enter")  # Play on
        await pilot.pause()
        assert session.state.resigned == ()
        await pilot.press("X")
        await pilot.pause()
        await pilot.press("enter")  # Resign
        await settle(pilot, app)
        assert session.state.resigned == (0,) and session.state.current == 1
        assert isinstance(app.screen, CurtainScreen)  # the table hidden for Bob
        await pilot.press("enter")
        await settle(pilot, app)
        log = app.screen.query_one(EventLog)
        said = " ".join(str(log.get_option_at_index(i).prompt) for i in range(log.option_count))
        assert "Ann resigns and leaves the game (E5)." in said
        await pilot.press("X")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot, app)
        assert session.state.is_over
        assert isinstance(app.screen, EndScreen)
        _lines, table = final_report(session)
        names = [_plain(cell) for cell in table.columns[0]._cells]
        assert "resigned (E5)" in names[0] and "resigned (E5)" in names[1]
        assert "winner" in names[2]
        assert table.caption is not None and "All but one resigned (E5)" in str(table.caption)
    path = session.path
    assert path is not None
    saved = read_save(path)
    assert check_events(saved.events, saved.lines, saved.header).ok


async def test_hints_make_one_notice_and_a_payment_dialog_clears_them(save_dir: Path) -> None:
    """H twice while the hint is worked out gives one notice, the whole move; opening
    the payment dialog takes the notices away so they cover none of its list."""
    session = GameSession.new([Seat("Ann"), Seat("Bot", "greedy")], seed=8, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("H", "H")
        await settle(pilot, app)
        for _ in range(100):
            notes = [n for n in app._notifications if n.title == "Hint"]
            if notes and "Thinking" not in notes[-1].message:
                break
            await pilot.pause(0.05)
        hints = [n for n in app._notifications if n.title == "Hint"]
        assert len(hints) == 1 and "(H again" not in hints[0].message
        app.push_screen(PaymentScreen(session.state, 0, 3, [], session.state.hands[0], "Pay"))
        await pilot.pause()
        assert not list(app._notifications)
