"""The Atlantica game screen driven by keys and clicks: the action builder (location,
level, payment, the pair, picks), refusals with their rule, the preview before
confirming, passing, undo, hints, the scoring dialog, the end screen, and
hot-seat privacy."""

from __future__ import annotations

import html
import re

from textual.pilot import Pilot
from textual.widget import Widget

from atlantis_tui.games.atlantica.builder import Draft
from atlantis_tui.games.atlantica.end_screen import EndScreen
from atlantis_tui.games.atlantica.game_screen import GameScreen
from atlantis_tui.games.atlantica.palette import palette_commands
from atlantis_tui.games.atlantica.panels import BoardPanel
from atlantis_tui.games.atlantica.scoring_dialog import ScoringScreen
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.rules import RulesScreen
from atlantis_tui.screens.simple import CurtainScreen
from atlantis_tui.session import GameSession, Seat
from core.atlantica.commands import PerformAction
from core.atlantica.game_type import ATLANTICA
from core.kernel.game import Game
from tests.atlantica.tui import scenes


def screen_text(pilot: Pilot[None]) -> str:
    """Every character on the screen now, as a person reads it."""
    svg = pilot.app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def rendered(screen: GameScreen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()


async def click_text(pilot: Pilot[None], widget: Widget, words: str) -> None:
    """Click the first place ``words`` stand in ``widget``'s text."""
    for row, line in enumerate(str(widget.render()).splitlines()):
        column = line.find(words)
        if column >= 0:
            await pilot.click(widget, offset=(column, row))
            return
    raise AssertionError(f"{words!r} is not shown")


def game_screen(pilot: Pilot[None]) -> GameScreen:
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def test_keys_build_a_port_action_paid_with_a_pair_and_enter_plays_it() -> None:
    session = scenes.pair_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(pilot)
        await pilot.press("o", "2")
        builder = rendered(screen, "#atl-hand")
        assert "Port · level 2 (T4.2)" in builder
        assert "fit: none" in builder  # nothing green or blue for G|B
        assert "pair (T2.5)" in builder and "pair: allowed (j)" in builder
        preview = rendered(screen, "#atl-preview-text")
        assert "Port T4.2:" in preview and "(pair)" in preview
        assert "Takes:" in preview and "Score now:" in preview
        assert "Then 1 slot · 2 actions left this turn" in preview
        top = session.state.ship_piles[1][0]
        before = session.state  # a name of its own: the state after the move is another
        assert before.ships[0] == ("A3-1",)  # nothing played yet
        await pilot.press("tab")  # the other pair: V V instead of Y Y
        assert screen.draft.payment == 1
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.ships[0] == ("A3-1", top)
        assert session.state.hands[0] == ("Y1", "Y2")
        assert session.state.pair_used and session.state.slots_used == 2
        assert screen.draft == Draft()
        assert "Actions 1/3 · slots 2/3 · pair used" in rendered(screen, "#atl-hand")


async def test_clicks_choose_a_level_and_the_treasures_to_take() -> None:
    session = scenes.pair_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(pilot)
        board = screen.query_one(BoardPanel)
        await click_text(pilot, board, "up to 2 treasures")
        await settle(pilot)
        assert (screen.draft.location, screen.draft.level) == ("submarine", 2)
        assert "Take up to 2 cards" in rendered(screen, "#atl-hand")
        await click_text(pilot, board, "1AMP")
        await click_text(pilot, board, "3ARC")
        await settle(pilot)
        assert [pick.space for pick in screen.draft.picks] == [1, 3]
        preview = rendered(screen, "#atl-preview-text")
        assert "amphora" in preview and "Score now: 7 → " in preview
        await pilot.click("#act-confirm")
        await settle(pilot)
        assert session.state.treasures[0] == ("AMP-1", "AMP-2", "AMP-8", "ARC-12")
        assert session.state.hands[0] == ("W1", "Y2", "V2")  # G|Y: Y1, V: V1


async def test_arrows_space_and_digits_pick_cards_and_the_level_caps_them() -> None:
    session = scenes.pair_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(pilot)
        await pilot.press("s", "3")  # up to 3 from spaces 1–6
        await pilot.press("right", "space", "6", "4")
        assert [pick.space for pick in screen.draft.picks] == [2, 6, 4]
        await pilot.press("5")  # a fourth: the oldest gives way
        assert [pick.space for pick in screen.draft.picks] == [6, 4, 5]
        await pilot.press("5")  # again: left
        assert [pick.space for pick in screen.draft.picks] == [6, 4]
        await pilot.press("escape")
        assert screen.draft == Draft()


async def test_a_pair_refused_says_why_and_r_opens_the_rule() -> None:
    session = scenes.pair_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(pilot)
        await pilot.press("s", "1")  # G|Y: the hand holds Y, so no pair (T2.5)
        assert "pair: no, T2.5: you can pay this level without a pair" in rendered(
            screen, "#atl-hand"
        )
        await pilot.press("j")
        await settle(pilot)
        assert "Not allowed (T2.5)" in rendered(screen, "#atl-preview-text")
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.rule_id == "T2.5"
        assert app.screen.game.id == "atlantica"


async def test_a_level_the_hand_cannot_pay_is_refused_with_its_rule() -> None:
    session = scenes.pair_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(pilot)
        assert "up to 2 research cards from 1–4 ✗" in rendered(screen, "#atl-board")
        await pilot.press("c")
        levels = rendered(screen, "#atl-hand")
        assert "✓ with a pair (T2.5)" in levels  # level 1: B|R by a pair
        assert "✗ T2.3: no card of yours fits B|R, G" in levels
        await pilot.press("3", "enter")
        await settle(pilot)
        assert "Not allowed (T2.3)" in rendered(screen, "#atl-preview-text")
        assert session.state.slots_used == 0


async def test_one_action_per_location_and_three_slots_a_turn() -> None:
    session = scenes.pair_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(pilot)
        await pilot.press("o", "1", "enter")  # W for W|R: pile A
        await settle(pilot)
        acted = session.state.acted  # a name of its own: the state after the turn is another
        assert acted == ("port",)
        assert "✓used" in rendered(screen, "#atl-board")
        await pilot.press("o", "1")
        assert "✗ T2.2: you already acted at" in rendered(screen, "#atl-hand")
        await pilot.press("s", "3")  # three slots, one used: T2.4
        assert "✗ T2.4:" in rendered(screen, "#atl-hand")
        await pilot.press("n")
        await settle(pilot)
        assert session.state.current == 1 or session.state.acted == ()


async def test_pass_asks_first() -> None:
    session = scenes.pair_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        assert "draw 5 divers" in screen_text(pilot)
        await pilot.press("down", "enter")  # Play on
        await settle(pilot)
        assert len(session.state.hands[0]) == 5
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("enter")  # Pass and draw 5
        await settle(pilot)
        assert len(session.state.hands[0]) == 10


async def test_hot_seat_never_shows_another_seat_hand_or_hired_cards() -> None:
    session = scenes.hot_seat_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(pilot)
        hand = rendered(screen, "#atl-hand")
        assert "Ana's hand (5)" in hand and "Ben's hand" not in hand
        assert "5 in hand" in rendered(screen, "#atl-players")  # Ben's, as a number
        await pilot.press("b", "1", "enter")  # hire 3, face down (T5.5)
        await settle(pilot)
        hired = session.state.hired[0]
        assert len(hired) == 3
        hand = rendered(screen, "#atl-hand")
        assert "3 divers hired ▒▒▒ (face down, T5.5)" in hand
        await pilot.press("n")  # Ben's curtain
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        hand = rendered(screen, "#atl-hand")
        assert "Ben's hand (5)" in hand and "Ana's hand" not in hand
        assert "7 in hand" in rendered(screen, "#atl-players")  # Ana: 4 left + 3 hired


async def test_the_end_screen_takes_each_score_apart() -> None:
    app = scenes.GameApp(scenes.end_session())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        text = screen_text(pilot)
        assert "Christian wins." in text
        assert "◀60" in text and "40" in text and "50" in text
        assert "4:15" in text and "3:10" in text  # Maja's gold and amphorae (X1)
        details = str(app.screen.query_one("#atl-details").render())
        assert "Maja: released EPI ARC" in details  # X1: the best release
        assert "R6 (GLD) 4" in details
        assert "the tie-break (E7) was not needed" in text


async def test_the_scoring_dialog_asks_for_releases_and_types() -> None:
    session = scenes.ask_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ScoringScreen)
        text = screen_text(pilot)
        assert "release exactly 2 cards (E3)" in text
        assert "Score with these choices: 40" in text
        await pilot.press("left")  # one architecture card fewer: 1 chosen of 2
        await pilot.press("enter")  # refused: exactly 2
        await settle(pilot)
        assert isinstance(app.screen, ScoringScreen)
        await pilot.press("b", "enter")
        await settle(pilot)
        assert len(session.state.released[0]) == 2


def test_the_palette_offers_every_action() -> None:
    session = scenes.pair_session()
    screen = GameScreen(session, 0)
    titles = {command.title for command in palette_commands(screen)}
    for title in ("Submarine", "Port", "Bistro", "Research centre", "Pay with a pair"):
        assert title in titles
    for title in ("Confirm the action", "End the turn", "Pass", "Undo", "Redo", "Hint"):
        assert title in titles
    assert "Read the rule" in titles and "Search the log" in titles


async def test_h_gives_the_gist_then_the_whole_move() -> None:
    session = scenes.pair_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(pilot)
        await pilot.press("h")
        await screen.workers.wait_for_complete()
        await settle(pilot)
        first = rendered(screen, "#atl-preview-text")
        assert "Hint:" in first and "(h again: the whole move" in first
        await pilot.press("h")
        await settle(pilot)
        second = rendered(screen, "#atl-preview-text")
        assert "Hint:" in second and "(h again" not in second
        hinted = screen._hint[1].command if screen._hint else None
        if screen.current_command() is not None:  # an action: the builder holds it
            assert screen.current_command() == hinted


async def test_h_twice_while_the_hint_is_worked_out_shows_the_whole_move() -> None:
    """A second h before the hint is ready asks for the whole move: it is shown once
    the hint is found (an action set in the builder), without a third h."""
    session = scenes.pair_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(pilot)
        # Both presses in one go: the hint cannot be ready before the second.
        screen.action_hint()
        screen.action_hint()
        await screen.workers.wait_for_complete()
        await settle(pilot)
        shown = rendered(screen, "#atl-preview-text")
        assert "Hint:" in shown and "(h again" not in shown
        hinted = screen._hint[1].command if screen._hint else None
        assert isinstance(hinted, PerformAction) and screen.current_command() == hinted


async def test_undo_and_redo_take_back_an_action() -> None:
    session = GameSession(Game(ATLANTICA, scenes.pair_events()), [Seat("Ana"), Seat("Ben")])
    app = scenes.GameApp(session)  # type: ignore[arg-type]
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ana behind the curtain
        await settle(pilot)
        await pilot.press("o", "1", "enter")
        await settle(pilot)
        assert session.state.acted == ("port",)
        await pilot.press("u")
        await settle(pilot)
        assert session.state.acted == ()
        assert len(session.state.hands[0]) == 5
        await pilot.press("U")
        await settle(pilot)
        assert session.state.acted == ("port",)


async def test_the_replay_view_shows_a_moment_as_one_seat_sees_it() -> None:
    from textual.app import App, ComposeResult

    from atlantis_tui.games.atlantica.board_view import AtlanticaBoardView
    from core.atlantica.view import view_for

    session = scenes.pair_session()
    session.play(PerformAction(0, "port", 1, ("W1",)))

    class ViewApp(App[None]):
        def compose(self) -> ComposeResult:
            yield AtlanticaBoardView()

    app = ViewApp()
    async with app.run_test(size=(120, 40)) as pilot:
        board_view = app.query_one(AtlanticaBoardView)
        state = session.state
        board_view.show_moment(state, view_for(state, 1), 1, session.events)
        await settle(pilot)
        text = screen_text(pilot)
        assert "Ben's hand (5)" in text and "Ana's hand" not in text
        assert "Last: ● Ana, Port T4.1:" in text
        board_view.show_moment(state, None, None, session.events)
        await settle(pilot)
        assert "Ana's hand (4)" in screen_text(pilot)  # everything: the player to act


def test_a_tie_is_broken_by_kept_treasures() -> None:
    from msgspec.structs import replace

    from atlantis_tui.games.atlantica.end_screen import outcome_text

    state = scenes.end_session().state
    scores = list(state.scores)
    scores[1] = replace(scores[1], total=60)
    tied = replace(state, scores=tuple(scores), winners=(2,), tie_break="E7")
    text = outcome_text(tied).plain
    assert "Christian wins." in text
    assert "Andréa, Christian tie with 60; the tie is broken by kept treasure cards (E7)" in text
    assert "Christian has 15." in text


async def test_the_log_is_filtered_by_player_and_searched() -> None:
    from atlantis_tui.widgets.event_log import EventLog

    session = scenes.pair_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("o", "1", "enter")
        await settle(pilot)
        log = app.screen.query_one(EventLog)
        await pilot.press("L")  # the shared key map's: l shows the log on small screens
        await settle(pilot)
        assert log.player_filter == 0
        await pilot.press("slash")
        await settle(pilot)
        await pilot.press(*"motorboat", "enter")
        await settle(pilot)
        assert log.search == "motorboat"
