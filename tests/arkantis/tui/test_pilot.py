"""The ArkantiS game screen driven by keys and clicks: choosing squares, the preview,
confirming, buying, passing, and hot-seat privacy."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from atlantis_tui.games.arkantis.board import BoardMarks, BoardWidget, board_lines, square_at
from atlantis_tui.games.arkantis.buy_dialog import BuyScreen
from atlantis_tui.games.arkantis.end_screen import EndScreen
from atlantis_tui.games.arkantis.game_screen import GameScreen
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.rules import RulesScreen
from atlantis_tui.screens.simple import CurtainScreen
from atlantis_tui.session import GameSession, Seat
from core.arkantis.cards import kind_of
from core.arkantis.game_type import ARKANTIS
from core.arkantis.options import Options
from core.arkantis.squares import names, parse
from tests.arkantis.core.helpers import prepared
from tests.arkantis.core.test_examples import B0
from tests.arkantis.tui import scenes
from tests.arkantis.tui.local_session import LocalSession


def screen_text(pilot: Pilot[None]) -> str:
    """Every character on the screen now, as a person reads it."""
    svg = pilot.app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def has_token(session: scenes.LocalSession, name: str) -> bool:
    """Whether the square called ``name`` holds a token."""
    sq = parse(name)
    assert sq is not None
    return bool(session.state.tokens >> sq & 1)


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_typing_a_square_previews_the_stain_then_enter_plays_it() -> None:
    session = scenes.stain_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("b", "2")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        preview = str(screen.query_one("#ark-preview-text").render())
        assert "Remove B2" in preview
        assert "blue A1 B1 A2 [3] → +3 pions" in preview
        assert "red C1 B2 C2 A3 B3 [5]" in preview and "W5 stands (8)" in preview
        assert "pions 4 → 7" in preview
        assert has_token(session, "B2")  # nothing happened yet
        await pilot.press("enter")
        await settle(pilot)
        assert not has_token(session, "B2")
        assert session.state.laid[0] == ("W5-1",)
        assert session.state.pions[0] == 7


async def test_arrows_and_space_choose_two_tokens_to_remove() -> None:
    session = scenes.stain_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.cursor = parse("A7") or 0
        await pilot.press("w", "space", "right", "right", "right", "space")
        assert "Remove A7 and D7" in str(screen.query_one("#ark-preview-text").render())
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.pions[0] == 4 - 2 + 4  # X3: {B7 C7} 2, {D7 E7} 2
        assert not has_token(session, "A7")


async def test_clicks_choose_a_move_origin_and_target() -> None:
    session = scenes.stain_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one(BoardWidget)
        # Small cells: two columns of row labels, three per square, a line of letters.
        await pilot.click(board, offset=(2 + 4 * 3 + 1, 1 + 5))  # E6
        await pilot.click(board, offset=(2 + 5 * 3 + 1, 1 + 2))  # F3: empty → a move
        await settle(pilot)
        assert screen.choice.mode == "move"
        assert "Move E6 → F3" in str(screen.query_one("#ark-preview-text").render())
        await pilot.click("#act-confirm")
        await settle(pilot)
        assert has_token(session, "F3")
        assert session.state.moves_used[0] == 1


async def test_a_refusal_shows_its_rule_id() -> None:
    session = scenes.stain_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("m", "a", "1", "b", "1")  # B1 holds a token: no move onto it
        screen = app.screen
        assert isinstance(screen, GameScreen)
        text = str(screen.query_one("#ark-preview-text").render())
        assert "Not allowed (T3" in text
        await pilot.press("r")  # read the rule
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.game.id == "arkantis"
        assert (app.screen.rule_id or "").startswith("T3")


async def test_the_buy_dialog_buys_and_stays_open() -> None:
    session = scenes.stain_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, BuyScreen)
        text = screen_text(pilot)
        assert "U5 arch (8)" in text and "T4 mallet (6)" in text  # the face-up tops
        await pilot.press("down", "enter")  # orange face up: the arch, 2 pions
        await settle(pilot)
        assert kind_of(session.state.hands[0][-1]) == "U5"
        assert session.state.pions[0] == 2
        assert isinstance(app.screen, BuyScreen)
        await pilot.press("enter")  # again: 2 pions, enough
        await pilot.press("enter")  # a third: refused (T6 or T3.5), shown with its rule
        await settle(pilot)
        assert "Not allowed (T" in str(app.screen.query_one("#buy-status").render())
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_pass_asks_first_and_is_final() -> None:
    session = scenes.stain_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        assert "final (T5)" in screen_text(pilot)
        await pilot.press("down", "enter")  # Play on
        await settle(pilot)
        assert not session.state.passed[0]
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("enter")  # Pass for good
        await settle(pilot)
        assert session.state.passed[0]


async def test_the_end_screen_takes_each_score_apart() -> None:
    app = scenes.GameApp(scenes.tie_session())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        text = screen_text(pilot)
        assert "W5 stands" in text and "T4 mallet" in text and "I5 tower" in text
        assert "broken by laid cards (E3)" in text
        assert "Ana wins." in text


async def test_hot_seat_never_shows_another_seat_hand() -> None:
    session = scenes.hot_seat_session()
    app = scenes.GameApp(session)
    others = {"I5 tower", "L4 hook", "tower", "hook"}
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert not any(name in screen_text(pilot) for name in ("stands", *others))
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(pilot)
        assert "stands" in text  # Ana's own hand
        assert not any(name in text for name in others)
        await pilot.press("b", "2", "enter")
        await settle(pilot)
        await pilot.press("n")  # end the turn: Ben's curtain
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        text = screen_text(pilot)
        assert "column" not in text and "tower" not in text and "hook" not in text
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(pilot)
        assert "tower" in text  # Ben's own I5
        assert "column" not in text and "hook" not in text  # Ana's I4, Cleo's L4


def test_board_lines_and_square_at_agree() -> None:
    small = board_lines(0, BoardMarks(), large=False)
    assert small[0].plain.split() == list("ABCDEFG")
    assert square_at(2 + 3 * 2 + 1, 1 + 3, large=False) == parse("C4")
    assert square_at(3 + 7 * 2 + 3, 1 + 3 * 3 + 1, large=True) == parse("C4")
    assert square_at(0, 0, large=False) is None


async def test_h_gives_the_gist_then_the_whole_move() -> None:
    session = scenes.stain_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("h")
        await screen.workers.wait_for_complete()
        await settle(pilot)
        first = str(screen.query_one("#ark-preview-text").render())
        assert "Hint:" in first and "(h again: the whole move)" in first
        await pilot.press("h")
        await settle(pilot)
        second = str(screen.query_one("#ark-preview-text").render())
        assert "Hint:" in second and "(h again" not in second
        assert second != first


async def test_h_twice_while_the_hint_is_worked_out_shows_the_whole_move() -> None:
    """A second h before the hint is ready asks for the whole move: it is shown once
    the hint is found, without a third h."""
    session = scenes.stain_session()
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # Both presses in one go: the hint cannot be ready before the second.
        screen.action_hint()
        screen.action_hint()
        await screen.workers.wait_for_complete()
        await settle(pilot)
        shown = str(screen.query_one("#ark-preview-text").render())
        assert "Hint:" in shown and "(h again" not in shown


async def test_no_hint_without_a_move_limit() -> None:
    """Without a move limit the expert does not play (E1.4): h says there is no hint
    under these options, and the game goes on."""
    opening = prepared(
        B0, ("Ana", "Ben"), pions=(4, 5), hands=(("W5-1",), ("I4-1",)),
        options=Options(move_limit=None),
    )  # fmt: skip
    session = LocalSession.of_events([opening], [Seat("Ana"), Seat("Ben")])
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("h")
        await screen.workers.wait_for_complete()
        await settle(pilot)
        notes = [note.message for note in app._notifications]
        assert any("No hint under these rule options" in note for note in notes), notes
        assert "Hint:" not in str(screen.query_one("#ark-preview-text").render())


async def test_hot_seat_undo_asks_before_taking_back_another_persons_turn() -> None:
    session = GameSession.new([Seat("Ana"), Seat("Ben")], seed=3, game=ARKANTIS)
    first = session.state.players[session.state.current]
    square = names(session.state.tokens)[0]
    app = scenes.GameApp(session)  # type: ignore[arg-type]
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the first player behind the curtain
        await settle(pilot)
        await pilot.press(*square.lower(), "enter")
        await settle(pilot)
        await pilot.press("n")  # the other's curtain
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        assert f"Take back {first}'s turn?" in screen_text(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert not session.state.tokens >> (parse(square) or 0) & 1  # nothing taken back


def test_small_screens_spell_out_the_players_short_marks() -> None:
    """At 80x24 a player is one line of marks (``3p 0L 3h(2O1E)``): a legend says them."""
    from atlantis_tui.games.arkantis.session_types import table_for
    from atlantis_tui.games.arkantis.texts import players_text

    session = scenes.opening_session()
    table = table_for(session)
    kinds = [seat.kind for seat in session.seats]
    legend = "p pions · L laid · h hand: O orange, E emerald"
    assert legend in players_text(session.state, table, kinds, compact=True).plain
    assert legend not in players_text(session.state, table, kinds, compact=False).plain


async def test_esc_goes_from_the_finished_board_back_to_the_scores() -> None:
    """As in every game: Esc on the scores shows the board; Esc on the board, the scores."""
    from atlantis_tui.games.arkantis.palette import palette_commands

    app = scenes.GameApp(scenes.tie_session())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape")  # See the board
        await settle(pilot)
        board = app.screen
        assert isinstance(board, GameScreen)
        assert "Scores" in [command.title for command in palette_commands(board)]
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)


async def test_undo_asks_before_taking_back_another_persons_decision_outside_a_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In hot-seat, an undo that takes back a decision of another person at the table
    asks first, whether that decision was part of a turn or not (``UndoPlan.seats``)."""
    from atlantis_tui.screens.choosers import ChoiceScreen
    from atlantis_tui.session import UndoPlan

    session = scenes.hot_seat_session()
    # Ben's decision, made outside any turn (as a scoring choice would be).
    plan = UndoPlan(count=1, seat=1, events=(), turns=(), outside=((1, 3),))
    monkeypatch.setattr(session, "undo_plan", lambda: plan)
    taken: list[bool] = []
    monkeypatch.setattr(session, "undo", lambda: taken.append(True))
    app = scenes.GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ana sits down behind the curtain
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        assert not taken


async def test_the_palettes_help_is_the_games_help(tmp_path: Path) -> None:
    """Help from the command palette (the app's) shows the shared keys, then ArkantiS's."""
    from textual.widgets import Markdown

    from atlantis_tui.screens.simple import HelpScreen

    app = scenes.real_app(scenes.opening_session(), tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.action_help()
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one(Markdown).source
        assert "Keys of every game" in text and "remove one token" in text


async def test_a_screen_taken_away_is_not_drawn_when_its_turn_comes() -> None:
    """A turn handed on after the screen left (the app closing, the screen popped) is
    dropped, not drawn on panels that are gone."""
    app = scenes.GameApp(scenes.stain_session())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await app.pop_screen()
        await settle(pilot)
        assert not screen.is_attached
        screen.advance()  # as a call_after_refresh queued before the screen left would
