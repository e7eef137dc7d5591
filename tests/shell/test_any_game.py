"""The shell plays any registered game through its descriptor and its ``GameUI``.

A second game here is the conformance kit's toy (``tests/conformance/toy_game.py``),
shown with a board view of its own made for these tests: a session, its save, its
log, its replay, its rule options and its bots' refusals go through ``GameType``
and ``GameUI`` alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Annotated, Any

import msgspec
import pytest
from textual.widgets import Static

from atlantis_tui.app import AtlantisApp
from atlantis_tui.cli import main
from atlantis_tui.games import ALL_GAME_UIS, ATLANTIS_UI, GAME_UIS, GameUI
from atlantis_tui.rule_options import offered_fields
from atlantis_tui.screens.new_game import NewGameScreen
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.session import GameSession, Seat
from atlantis_tui.session_protocol import WATCHER
from core.atlantis.game_type import ATLANTIS
from core.games import GAMES
from core.kernel.events import EventsUndone, events_in_force
from core.kernel.registry import GameRegistry
from core.kernel.save_lifecycle import hands_are_private, read_checked
from core.kernel.savefile import read_save
from tests.conformance.toy_game import TOY, ToyEvent, ToyOptions, ToyState, fold

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _no_open_hands(options: ToyOptions) -> str | None:
    return "the bots cannot play with open hands" if options.open_hands else None


def _fold_in_force(events: Iterable[Any]) -> ToyState:
    return fold(events_in_force(events))


REFUSING = dataclasses.replace(
    TOY,
    play=dataclasses.replace(TOY.play, bot_refusal=_no_open_hands),
    fold=_fold_in_force,
    event_type=ToyEvent | EventsUndone,
)
"""The toy, whose bots refuse to play with every hand open (and which knows undo)."""
GAMES_WITH_TOY = GameRegistry([ATLANTIS, REFUSING])


class ToyBoardView(Static):
    """The toy's moment: the hands, as the seat may see them."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.moments: list[tuple[Any, Any, int | None, int]] = []

    def show_moment(self, state: Any, view: Any, seat: int | None, events: Sequence[Any]) -> None:
        self.moments.append((state, view, seat, len(events)))
        shown = view.state if view is not None else state
        self.update(" / ".join(" ".join(map(str, hand)) or "-" for hand in shown.hands))


TOY_UI = dataclasses.replace(
    ATLANTIS_UI,
    id="toy",
    name="Toy",
    tagline="A toy.",
    title_art="",
    default_bot="random",
    load_game=lambda: REFUSING,
    load_replay_screen=None,
    load_board_view=lambda: ToyBoardView,
    load_online_screen=None,
    load_examples=None,
    load_tutorial=None,
)
TWO_UIS: dict[str, GameUI] = {"atlantis": ATLANTIS_UI, "toy": TOY_UI}


@pytest.fixture
def with_toy(monkeypatch: pytest.MonkeyPatch) -> GameRegistry:
    monkeypatch.setattr("core.games.GAMES", GAMES_WITH_TOY)
    return GAMES_WITH_TOY


def _toy_session(folder: Path, seats: list[Seat] | None = None) -> GameSession:
    seats = seats or [Seat("Ann"), Seat("Bob")]
    return GameSession.new(seats, 7, save_dir=folder, game=REFUSING)


def _play_out(session: GameSession) -> None:
    while not session.game_type.is_over(session.state):
        session.play(session.game_type.legal_commands(session.state)[0])


def test_the_app_offers_the_games_whose_modules_are_there() -> None:
    assert list(GAME_UIS) == [ui.id for ui in ALL_GAME_UIS if ui.id in GAMES]
    assert "atlantis" in GAME_UIS


def test_a_session_of_another_game_saves_undoes_and_resumes(
    tmp_path: Path, with_toy: GameRegistry
) -> None:
    session = _toy_session(tmp_path)
    first = session.game_type.legal_commands(session.state)[0]
    session.play(first)
    plan = session.undo_plan()
    assert plan is not None and plan.seat == 0
    session.undo()
    assert session.redo()
    session.close()
    assert session.path is not None
    assert read_save(session.path, with_toy).header.game == "toy"
    again = GameSession.load(session.path)
    assert again.game_type is REFUSING
    assert again.events == session.events
    _play_out(again)
    again.close()
    checked = read_checked(again.path or Path(), with_toy)
    assert checked.problem is None and checked.finished


def test_a_game_refuses_its_bots_for_some_options(tmp_path: Path, with_toy: GameRegistry) -> None:
    bots = [Seat("Ann"), Seat("Random 2", "random")]
    with pytest.raises(ValueError, match="open hands"):
        GameSession.new(bots, 1, ToyOptions(open_hands=True), tmp_path, game=REFUSING)
    GameSession.new(bots, 1, ToyOptions(), tmp_path, game=REFUSING).close()
    people = [Seat("Ann"), Seat("Bob")]  # people may play any options
    GameSession.new(people, 1, ToyOptions(open_hands=True), tmp_path, game=REFUSING).close()


def test_simulate_honours_the_refusal(
    with_toy: GameRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--game", "toy", "--games", "1", "--players", "random,high"]
    assert main([*argv, "--option", "open_hands=true"]) == 2
    assert capsys.readouterr().err == "atlantis simulate: the bots cannot play with open hands\n"
    assert main([*argv, "--json"]) == 0


def test_the_log_of_another_game_hides_the_hands_of_a_hot_seat_game(
    tmp_path: Path, with_toy: GameRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    session = _toy_session(tmp_path)
    session.play(session.game_type.legal_commands(session.state)[0])
    session.close()
    assert session.path is not None
    saved = read_save(session.path, with_toy)
    assert hands_are_private(REFUSING, saved)
    assert main(["log", str(session.path)]) == 0
    captured = capsys.readouterr()
    assert "Hands and draws are hidden" in captured.err
    assert captured.out.splitlines() == ["Started", "  Drawn", "  Drawn", "  Played", "  Drawn"]
    assert main(["check", str(session.path)]) == 0
    assert "consistent, 5 events, game in progress" in capsys.readouterr().out


def test_a_rule_option_may_be_a_number_or_none() -> None:
    class Limited(msgspec.Struct, frozen=True):
        moves: Annotated[
            int | None,
            msgspec.Meta(ge=0, le=99, title="Moves", extra={"labels": {3: "three", None: "none"}}),
        ] = 3

    class Bounded(msgspec.Struct, frozen=True):
        moves: Annotated[
            Annotated[int, msgspec.Meta(ge=0, le=99)] | None,
            msgspec.Meta(title="Moves", extra={"labels": {3: "three", None: "none"}}),
        ] = 3

    (bounded,) = offered_fields(Bounded)
    assert (bounded.kind, bounded.least, bounded.most, bounded.optional) == ("count", 0, 99, True)
    (moves,) = offered_fields(Limited)
    assert moves.kind == "count" and moves.optional
    assert moves.parse("none") is None and moves.parse("NONE") is None and moves.parse("7") == 7
    assert moves.spelled(None) == "none" and moves.label(None) == "none"
    with pytest.raises(ValueError, match="or none"):
        moves.parse("100")


async def test_the_new_game_form_chooses_the_game(with_toy: GameRegistry) -> None:
    app = AtlantisApp(games=TWO_UIS)
    async with app.run_test(size=(100, 50)) as pilot:
        app.push_screen(NewGameScreen(ATLANTIS, "greedy", TWO_UIS))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert len(form.query(".seat-row")) == ATLANTIS.players.most
        from textual.widgets import Select

        form.query_one("#game", Select).value = "toy"
        await pilot.pause()
        await pilot.pause()
        assert form.game is REFUSING
        assert len(form.query(".seat-row")) == REFUSING.players.most


async def test_the_replay_of_another_game_shows_its_board_view(
    tmp_path: Path, with_toy: GameRegistry
) -> None:
    session = _toy_session(tmp_path)
    _play_out(session)
    session.close()
    app = AtlantisApp(tmp_path, games=TWO_UIS, game="toy")
    async with app.run_test(size=(120, 40)) as pilot:
        app.replay_events(list(session.events), "Ann, Bob", 3, session.actions, game="toy")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.game is REFUSING
        board = screen.query_one(ToyBoardView)
        _state, view, seat, count = board.moments[-1]
        assert seat is None and view is None and count >= 1
        await pilot.press("right")
        await pilot.pause()
        assert len(board.moments) >= 2


async def test_a_hidden_replay_shows_the_board_as_a_watcher_sees_it(
    tmp_path: Path, with_toy: GameRegistry
) -> None:
    session = _toy_session(tmp_path)
    session.play(session.game_type.legal_commands(session.state)[0])
    session.close()
    assert session.path is not None
    app = AtlantisApp(tmp_path, games=TWO_UIS, game="toy", replay=session.path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.hide_hands
        state, view, seat, _count = screen.query_one(ToyBoardView).moments[-1]
        assert seat == WATCHER and view == REFUSING.privacy.view_for(state, WATCHER)
        assert all(not hand for hand in view.state.hands)
