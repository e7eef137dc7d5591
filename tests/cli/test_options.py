"""Command-line options: before or after the subcommand, checked, one-line errors."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from atlantis_tui.app import AtlantisApp
from atlantis_tui.cli import build_parser, main
from atlantis_tui.subcommands.options import DEFAULT_BOT_DELAY, DEFAULT_BUDGET

# Each subcommand and the app options it uses.
APP_COMMANDS = {
    "play": ["play"],
    "tutorial": ["tutorial"],
    "replay": ["replay", "game.atlantis.jsonl"],
    "host": ["host"],
    "serve": ["serve"],
}
OPTION_VALUES = {
    "--save-dir": ("D", Path("D")),
    "--bot-delay": ("0.25", 0.25),
    "--budget": ("3", 3.0),
}
DESTS = {"--save-dir": "save_dir", "--bot-delay": "bot_delay", "--budget": "budget"}


@pytest.mark.parametrize("command", list(APP_COMMANDS))
@pytest.mark.parametrize("option", list(OPTION_VALUES))
def test_an_app_option_works_before_and_after_the_subcommand(command: str, option: str) -> None:
    text, value = OPTION_VALUES[option]
    words = APP_COMMANDS[command]
    before = build_parser().parse_args([option, text, *words])
    after = build_parser().parse_args([*words[:1], option, text, *words[1:]])
    assert getattr(before, DESTS[option]) == value
    assert getattr(after, DESTS[option]) == value


@pytest.mark.parametrize(
    ("words", "option"),
    [
        (["simulate"], "--save-dir"),
        (["simulate"], "--budget"),
        (["join", "127.0.0.1:8700", "CODE"], "--budget"),
    ],
)
def test_the_options_of_simulate_and_join_before_or_after(words: list[str], option: str) -> None:
    text, value = OPTION_VALUES[option]
    before = build_parser().parse_args([option, text, *words])
    after = build_parser().parse_args([*words[:1], option, text, *words[1:]])
    assert getattr(before, DESTS[option]) == value
    assert getattr(after, DESTS[option]) == value


@pytest.mark.parametrize("command", list(APP_COMMANDS))
def test_defaults_hold_when_no_option_is_given(command: str) -> None:
    args = build_parser().parse_args(APP_COMMANDS[command])
    assert (args.save_dir, args.bot_delay, args.budget) == (None, DEFAULT_BOT_DELAY, DEFAULT_BUDGET)


def test_the_option_after_the_subcommand_wins() -> None:
    args = build_parser().parse_args(["--budget", "2", "play", "--budget", "5"])
    assert args.budget == 5.0


def test_play_saves_in_the_top_level_save_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``atlantis --save-dir D play`` saves in D, not in the user's data folder."""
    monkeypatch.delenv("ATLANTIS_SAVE_DIR", raising=False)
    monkeypatch.setattr(AtlantisApp, "run", lambda self: None)
    folder = tmp_path / "mine"
    assert main(["--save-dir", str(folder), "play", "--players", "Ann,bot:random"]) == 0
    assert len(list(folder.glob("*.atlantis.jsonl"))) == 1


def test_simulate_saves_in_the_top_level_save_dir(tmp_path: Path) -> None:
    folder = tmp_path / "sims"
    code = main(
        [
            "--save-dir",
            str(folder),
            "simulate",
            "--games",
            "1",
            "--players",
            "random,random",
            "--json",
        ]
    )
    assert code == 0
    assert len(list(folder.glob("*.atlantis.jsonl"))) == 1


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from core.kernel.version import APP_VERSION

    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.strip() == f"atlantis {APP_VERSION}"


def test_every_subcommand_has_a_one_line_description(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    subcommands = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    for choice in subcommands._choices_actions:
        assert choice.help and "\n" not in choice.help, choice.dest


def test_the_readme_lists_every_subcommand() -> None:
    parser = build_parser()
    subcommands = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Command line", 1)[1].split("\n## ", 1)[0]
    for name in subcommands.choices:
        assert f"| `atlantis {name}" in table, name
