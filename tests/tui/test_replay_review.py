"""The review in the replay: marks in the log, the decision and its better move in the
step, the better move on the board, the chart, and the review kept hidden with the
hands of an unfinished hot-seat game.

Every save here is a short greedy game, reviewed with the smallest budget and a fixed
seed, so each review is the same on every run.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.path_view import PathView
from atlantis_tui.screens import replay_review as review_module
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.screens.replay_review import ReviewStopped
from atlantis_tui.screens.review_steps import lead
from atlantis_tui.widgets.event_log import EventLog
from atlantis_tui.widgets.review_chart import ReviewChart
from atlantis_tui.widgets.review_marks import GRADE_SYMBOLS, grade_name
from core.atlantis.game_type import ATLANTIS
from core.games import GAMES
from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.events import Action
from core.kernel.registry import AnyGameType
from core.kernel.save_lifecycle import read_checked
from core.kernel.savefile import make_header, write_save
from core.services.review import (
    FORCED,
    GOOD,
    Review,
    ReviewedDecision,
    better_events,
    read_review,
    review_file,
    review_path,
    write_review,
)
from core.services.simulate import play_game, player_names
from tests.tui.driver import settle

BUDGET = 0.01
"""Seconds per decision, about: the fewest playouts."""


def greedy_save(game: AnyGameType, folder: Path, actions_cut: int = 0) -> Path:
    """A game between greedy bots, saved with every seat human (the header's default);
    ``actions_cut``: that many of its last actions left out, so that it is unfinished."""
    bots = [make_bot_from(game.play.bots, "greedy") for _ in range(game.players.least)]
    played, _times = play_game(game, bots, secret_from_seed(1))
    events: Sequence[Any] = played.events
    actions: Sequence[Action] = played.actions
    if actions_cut:
        end = actions[-actions_cut].start
        events, actions = events[:end], [a for a in actions if a.end <= end]
    header = make_header(game.id, game.default_options(), player_names(bots), 0)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game.id}.atlantis.jsonl"
    write_save(path, header, events, actions)
    return path


def reviewed(path: Path) -> Review:
    review = review_file(path, GAMES, BUDGET)
    write_review(path, review)
    return review


def marked(review: Review) -> list[ReviewedDecision]:
    return [d for d in review.decisions if d.grade in GRADE_SYMBOLS]


def log_lines(screen: ReplayScreen) -> dict[int, str]:
    """Each log line shown, by event index, as the reader sees it (marks included)."""
    log = screen.query_one(EventLog)
    return {int(str(option.id)): str(option.prompt) for option in log.options}


def plain_lines(screen: ReplayScreen) -> dict[int, str]:
    """Each event's line without any mark."""
    return {entry.index: entry.line.plain for entry in screen.query_one(EventLog).entries}


def step_text(screen: ReplayScreen) -> str:
    return str(screen.query_one("#step", Static).render())


def hands_hidden(screen: ReplayScreen) -> bool:
    return screen.hide_hands


def review_of(screen: ReplayScreen) -> Review | None:
    return screen.review


def chart_shown(screen: ReplayScreen) -> bool:
    return screen.query_one(ReviewChart).display


def before(screen: ReplayScreen, decision: ReviewedDecision) -> Any:
    return screen.replay.states[decision.event - 1]


def better_sentence(game: AnyGameType, screen: ReplayScreen, decision: ReviewedDecision) -> str:
    state = before(screen, decision)
    found = better_events(game, state, decision)
    assert found
    return game.presentation.describe(state, found[0])


async def open_replay(pilot: Pilot[None], app: AtlantisApp, path: Path) -> ReplayScreen:
    app.open_replay(path)
    await settle(pilot, app)
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


@pytest.fixture
def tiny_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews made by the replay take the tests' budget, in this process."""
    monkeypatch.setattr(ReplayScreen, "REVIEW_BUDGET", BUDGET)
    monkeypatch.setattr(ReplayScreen, "REVIEW_JOBS", 1)


async def test_marks_follow_the_review_and_m_hides_them(save_dir: Path, tmp_path: Path) -> None:
    path = greedy_save(ATLANTIS, tmp_path)
    review = reviewed(path)
    bad = marked(review)
    good = [d for d in review.decisions if d.grade in (GOOD, FORCED)]
    assert bad and good
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_replay(pilot, app, path)
        assert screen.review == review
        plain = plain_lines(screen)
        lines = log_lines(screen)
        for decision in bad:
            symbol = GRADE_SYMBOLS[decision.grade]
            assert lines[decision.event] == f"{plain[decision.event]}  {symbol} "
        for decision in good:
            assert lines[decision.event] == plain[decision.event]
        assert chart_shown(screen)

        await pilot.press("m")
        await pilot.pause()
        assert log_lines(screen) == plain
        assert not chart_shown(screen)
        await pilot.press("n")  # the mistakes are still there to go to
        await pilot.pause()
        assert screen.replay.position == bad[0].event
        assert log_lines(screen) == lines
        assert chart_shown(screen)


async def test_the_step_names_the_grade_the_loss_and_the_better_move(
    save_dir: Path, tmp_path: Path
) -> None:
    path = greedy_save(ATLANTIS, tmp_path)
    review = reviewed(path)
    first, second = marked(review)[:2]
    good = next(d for d in review.decisions if d.grade == GOOD)
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_replay(pilot, app, path)
        await pilot.press("n")
        await pilot.pause()
        assert screen.replay.position == first.event
        text = " ".join(step_text(screen).split())
        assert grade_name(first.grade) in text
        assert GRADE_SYMBOLS[first.grade] in text
        assert f"{first.loss:.1f} lost" in text
        assert better_sentence(ATLANTIS, screen, first) in text
        assert lead(first.best_value) in text and lead(first.played_value) in text
        # Any event of the decision's action says so, not only its first.
        await pilot.press("right")
        await pilot.pause()
        assert better_sentence(ATLANTIS, screen, first) in " ".join(step_text(screen).split())

        await pilot.press("n")
        await pilot.pause()
        assert screen.replay.position == second.event
        await pilot.press("N")
        await pilot.pause()
        assert screen.replay.position == first.event

        screen.replay.seek(good.event)
        screen.show()
        text = step_text(screen)
        assert "Best move found" in text and "Better" not in text


async def test_a_shows_the_board_after_the_better_move(save_dir: Path, tmp_path: Path) -> None:
    path = greedy_save(ATLANTIS, tmp_path)
    review = reviewed(path)
    decision = marked(review)[0]
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_replay(pilot, app, path)
        await pilot.press("n")
        await pilot.pause()
        path_view = screen.query_one(PathView)
        played = screen.replay.state
        assert path_view.state == played

        await pilot.press("a")
        await pilot.pause()
        state = before(screen, decision)
        found = better_events(ATLANTIS, state, decision)
        assert found
        for event in found:
            state = ATLANTIS.evolve(state, event)
        assert path_view.state == state != played
        assert "better move" in step_text(screen)
        assert screen.replay.position == decision.event

        await pilot.press("a")  # back
        await pilot.pause()
        assert path_view.state == played
        assert "better move" not in step_text(screen)

        await pilot.press("a", "right")  # any step goes back too
        await pilot.pause()
        assert screen.replay.position == decision.event + 1
        assert path_view.state == screen.replay.state


async def test_a_shows_the_better_move_on_a_shell_game_s_board(
    save_dir: Path, tmp_path: Path
) -> None:
    """Atlantica in the shell's replay: its board view shows the moment after the
    better move, and the step lists what that move does."""
    game = GAMES.get("atlantica")
    path = greedy_save(game, tmp_path)
    review = reviewed(path)
    decision = marked(review)[0]
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_replay(pilot, app, path)
        assert type(screen) is ReplayScreen
        moment = screen.query_one("#moment")
        await pilot.press("n")
        await pilot.pause()
        assert screen.replay.position == decision.event
        plain = plain_lines(screen)
        assert log_lines(screen)[decision.event].startswith(plain[decision.event])
        played = [str(panel.render()) for panel in moment.query(Static)]
        await pilot.press("a")
        await pilot.pause()
        better = [str(panel.render()) for panel in moment.query(Static)]
        assert better != played
        assert better_sentence(game, screen, decision) in " ".join(step_text(screen).split())


async def test_clicking_the_chart_goes_to_the_nearest_decision(
    save_dir: Path, tmp_path: Path
) -> None:
    path = greedy_save(ATLANTIS, tmp_path)
    reviewed(path)
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_replay(pilot, app, path)
        chart = screen.query_one(ReviewChart)
        gutter = chart._gutter()
        plot = chart.content_size.width - gutter
        column = plot * 3 // 4
        target = chart.nearest_decision(column, plot)
        assert target is not None and target.event != screen.replay.position
        left, top = chart.styles.gutter.left, chart.styles.gutter.top
        await pilot.click(ReviewChart, offset=(left + gutter + column, top + 1))
        await pilot.pause()
        assert screen.replay.position == target.event
        assert chart.position == target.event


async def test_an_unfinished_hot_seat_game_s_review_stays_hidden_until_agreed(
    save_dir: Path, tmp_path: Path
) -> None:
    path = greedy_save(ATLANTIS, tmp_path, actions_cut=4)
    review = reviewed(path)
    bad = marked(review)
    assert bad
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_replay(pilot, app, path)
        assert screen.hide_hands and screen.review == review
        assert log_lines(screen) == plain_lines(screen)
        assert not chart_shown(screen)
        for decision in bad:
            screen.replay.seek(decision.event)
            screen.show()
            text = " ".join(step_text(screen).split())
            assert better_sentence(ATLANTIS, screen, decision) not in text
            assert grade_name(decision.grade) not in text and "Better" not in text
        screen.replay.seek(bad[0].event)
        screen.show()

        for key in ("v", "a", "m", "n"):
            await pilot.press(key)
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, ChoiceScreen)
            show = dialog.query_one(OptionList).get_option_at_index(0).prompt
            assert str(show) == "Show every hand and the review"
            await pilot.press("down", "enter")  # keep them hidden
            await pilot.pause()
            assert app.screen is screen and screen.hide_hands
            assert log_lines(screen) == plain_lines(screen)
            assert not chart_shown(screen)
            assert "Better" not in step_text(screen)

        await pilot.press("a")
        await pilot.pause()
        await pilot.press("enter")  # show every hand and the review
        await pilot.pause()
        assert not hands_hidden(screen)
        assert chart_shown(screen)
        assert log_lines(screen) != plain_lines(screen)
        assert "better move" in step_text(screen)  # the board shows it, as asked


async def test_a_replay_asked_to_review_judges_the_game_and_keeps_it(
    save_dir: Path, tmp_path: Path, tiny_reviews: None
) -> None:
    path = greedy_save(ATLANTIS, tmp_path)
    checked = read_checked(path, GAMES)
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.replay_events(
            list(checked.events),
            "Ann, Bob",
            actions=checked.actions,
            game="atlantis",
            source=path,
            review=True,
        )
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        kept = read_review(path)
        assert kept is not None
        assert screen.review == kept == review_file(path, GAMES, BUDGET)
        assert chart_shown(screen)
        assert log_lines(screen) != plain_lines(screen)
        assert any("Review done" in n.message for n in app._notifications)


async def test_m_offers_to_review_a_game_without_one(
    save_dir: Path, tmp_path: Path, tiny_reviews: None
) -> None:
    path = greedy_save(ATLANTIS, tmp_path)
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_replay(pilot, app, path)
        assert screen.review is None and not chart_shown(screen)
        assert not screen.check_action("better_move", ())
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")  # review it now
        await settle(pilot, app)
        assert review_of(screen) is not None
        assert review_path(path).exists()
        assert screen.check_action("better_move", ())


async def test_closing_the_replay_stops_the_review(
    save_dir: Path, tmp_path: Path, tiny_reviews: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    started, stopped = threading.Event(), threading.Event()

    def endless_review(*args: Any, on_decision: Callable[[int, int], None], **kwargs: Any) -> None:
        try:
            for done in range(1, 10**6):
                on_decision(done, 10**6)
                started.set()
                time.sleep(0.001)
        except ReviewStopped:
            stopped.set()
            raise

    monkeypatch.setattr(review_module, "review_game", endless_review)
    path = greedy_save(ATLANTIS, tmp_path)
    checked = read_checked(path, GAMES)
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.replay_events(
            list(checked.events), "t", actions=checked.actions, source=path, review=True
        )
        while not started.is_set():
            await pilot.pause()
        assert "Reviewing the game" in str(app.screen.query_one(ReviewChart).render())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)
        assert stopped.wait(30)
    assert not review_path(path).exists()


async def test_a_game_without_a_review_search_says_so(save_dir: Path, tmp_path: Path) -> None:
    unjudged = replace(ATLANTIS, play=replace(ATLANTIS.play, review_search=None))
    path = greedy_save(ATLANTIS, tmp_path)
    checked = read_checked(path, GAMES)
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = ReplayScreen(
            list(checked.events), "t", path, actions=checked.actions, game=unjudged
        )
        await app.push_screen(screen)
        await pilot.press("m")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
        assert any("has no review" in n.message for n in app._notifications)
        assert screen.review is None
