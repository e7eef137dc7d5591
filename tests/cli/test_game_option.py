"""``--game`` on ``atlantis rules`` and ``atlantis tutorial``, and the tutorial's progress
kept per game.

Atlantis is the only game registered yet, so a second one is made here from
Atlantis's descriptor: "Shapes", whose rules are a specification without a
rulebook (``tests/fixtures/rules/shapes.md``) and whose lessons are Atlantis's
when a test gives it some.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from atlantis_tui import tutorial_progress
from atlantis_tui.cli import build_parser, main
from atlantis_tui.games import ATLANTIS_UI, GAME_UIS
from atlantis_tui.saves import progress_file
from atlantis_tui.tutorial_app import TutorialApp
from atlantis_tui.tutorial_progress import (
    Progress,
    game_progress_file,
    load_progress,
    save_progress,
)
from core.atlantis.game_type import ATLANTIS
from core.atlantis.lessons import LESSONS
from core.kernel.game_type import RulesTexts
from core.kernel.registry import AnyGameType, GameRegistry
from core.kernel.tutor import AnyLesson

SHAPES_RULES = RulesTexts(package="tests", spec="fixtures/rules/shapes.md", rulebooks={})


def register(
    monkeypatch: pytest.MonkeyPatch,
    lessons: Callable[[], Sequence[AnyLesson]] = ATLANTIS.presentation.lessons,
) -> AnyGameType:
    """Offer a second game, "shapes", beside Atlantis (with Atlantis's lessons unless
    ``lessons`` are given)."""
    presentation = replace(ATLANTIS.presentation, rules=SHAPES_RULES, lessons=lessons)
    game = replace(ATLANTIS, id="shapes", name="Shapes", presentation=presentation)
    games = GameRegistry([ATLANTIS, game])
    monkeypatch.setattr("core.games.GAMES", games)
    monkeypatch.setattr(tutorial_progress, "GAMES", games)
    return game


def test_rules_of_the_default_game_are_atlantiss(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "E2"]) == 0
    alone = capsys.readouterr().out
    assert main(["rules", "--game", "atlantis", "E2"]) == 0
    assert capsys.readouterr().out == alone
    assert alone.startswith("**E2 ")


def test_rules_of_another_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game without a rulebook prints its specification; a rule defined inside
    another prints the rule that holds it."""
    register(monkeypatch)
    assert main(["rules", "--game", "shapes", "T2.2"]) == 0
    assert capsys.readouterr().out.startswith("**T2 Structure.** The active player")
    assert main(["rules", "--game", "shapes"]) == 0
    assert capsys.readouterr().out.startswith("# Shapes — a rules specification")
    assert main(["rules", "--game", "shapes", "E2"]) == 2
    assert "no rule 'E2'" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["rules", "tutorial"])
def test_an_unknown_game_is_one_clear_line(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main([command, "--game", "chess"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    from core.games import GAMES

    names = ", ".join(GAMES.ids)
    assert f"unknown game 'chess' (choose from {names})" in err and "Traceback" not in err


def test_a_game_without_lessons_has_no_tutorial(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    register(monkeypatch, lessons=tuple)
    monkeypatch.setattr(TutorialApp, "run", lambda self: pytest.fail("no tutorial to run"))
    assert main(["tutorial", "--game", "shapes"]) == 2
    captured = capsys.readouterr()
    assert captured.err == "atlantis tutorial: Shapes has no tutorial yet\n"


def test_the_tutorial_opens_on_the_chosen_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--restart`` forgets that game's progress only; its lessons are its own."""
    register(monkeypatch, lessons=lambda: LESSONS[:3])
    shapes_ui = dataclasses.replace(ATLANTIS_UI, id="shapes", name="Shapes")
    monkeypatch.setattr("atlantis_tui.tutorial_app.GAME_UIS", {**GAME_UIS, "shapes": shapes_ui})
    opened: list[tuple[str, int | str | None]] = []
    monkeypatch.setattr(
        TutorialApp, "run", lambda self: opened.append((self.tutorial_game, self.tutorial_start))
    )
    folder = tmp_path / "saves"
    base = progress_file(folder)
    atlantis = Progress(["path"])
    save_progress(base, atlantis)
    save_progress(game_progress_file(base, "shapes"), Progress(["path"], game="shapes"))
    assert main(["tutorial", "--game", "shapes", "--save-dir", str(folder), "--restart"]) == 0
    assert json.loads((folder / "tutorial.shapes.json").read_text()) == {"game": "shapes"}
    assert load_progress(base) == atlantis
    assert main(["tutorial", "--game", "shapes", "--save-dir", str(folder), "--lesson", "3"]) == 0
    assert main(["tutorial", "--game", "shapes", "--lesson", "4"]) == 2
    assert "no lesson '4'" in capsys.readouterr().err
    assert main(["tutorial", "--save-dir", str(folder), "--lesson", "water"]) == 0
    assert opened == [("shapes", None), ("shapes", 2), ("atlantis", 4)]


def test_progress_is_kept_per_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Atlantis's progress is the file there always was, and names no game; another
    game's lies beside it and names its game; neither is read as the other's."""
    register(monkeypatch, lessons=lambda: LESSONS[3:6])
    base = tmp_path / "tutorial.json"
    assert game_progress_file(base, "atlantis") == base
    assert game_progress_file(base, "shapes") == tmp_path / "tutorial.shapes.json"

    base.write_text('{"completed": ["path", "water"], "answered": {"tile": 2}}')  # as before
    old = load_progress(base)
    assert old == Progress(["path", "water"], {"tile": 2}) and old.game == "atlantis"
    assert old.next_lesson() == 1
    assert load_progress(base, "shapes") == Progress(game="shapes")

    shapes = load_progress(game_progress_file(base, "shapes"), "shapes")
    assert shapes == Progress(game="shapes") and shapes.next_lesson() == 0
    shapes.mark("tile")  # lessons 3 to 5 of Atlantis's are this game's 1 to 3
    shapes.mark("path")  # not one of its lessons
    save_progress(game_progress_file(base, "shapes"), shapes)
    saved = json.loads((tmp_path / "tutorial.shapes.json").read_text())
    assert saved == {"completed": ["tile", "path"], "game": "shapes"}
    again = load_progress(game_progress_file(base, "shapes"), "shapes")
    assert again.completed == ["tile"] and again.next_lesson() == 1
    assert load_progress(game_progress_file(base, "shapes")) == Progress()
    assert load_progress(base) == old


def _commands_with_a_game_option() -> dict[str, argparse.ArgumentParser]:
    """Every subcommand that takes ``--game``, by name."""
    parser = build_parser()
    (commands,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {
        name: sub
        for name, sub in commands.choices.items()
        if any("--game" in action.option_strings for action in sub._actions)
    }


GAME_COMMANDS = [
    "bench",
    "bench-online",
    "host",
    "play",
    "puzzles",
    "rules",
    "simulate",
    "tutorial",
]


def test_every_command_that_takes_a_game_is_tried_below() -> None:
    assert sorted(_commands_with_a_game_option()) == GAME_COMMANDS


@pytest.mark.parametrize("command", GAME_COMMANDS)
@pytest.mark.parametrize("spelled", ["ArkantiS", "ARKANTIS", "arkantis", " Arkantis "])
def test_a_game_is_named_in_any_letter_case(command: str, spelled: str) -> None:
    """The README and the app write ArkantiS so; the command line takes it as written."""
    assert build_parser().parse_args([command, "--game", spelled]).game == "arkantis"


def test_the_rules_of_arkantis_as_the_readme_spells_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "ArkantiS"]) == 0
    spelled = capsys.readouterr().out
    assert main(["rules", "--game", "arkantis"]) == 0
    assert capsys.readouterr().out == spelled != ""
