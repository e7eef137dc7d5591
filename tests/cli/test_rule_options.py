"""``--option KEY=VALUE``: the new-game form's rule options for play, host and simulate."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Annotated, Literal, get_args, get_origin

import msgspec
import pytest

from atlantis_tui.app import AtlantisApp
from atlantis_tui.cli import main
from atlantis_tui.online.hosting import new_table
from atlantis_tui.session import parse_players
from atlantis_tui.subcommands.options import (
    changed_options,
    not_offered,
    options_from,
    rule_option,
    rule_options,
)
from core.atlantis.bots import BotSettings
from core.atlantis.events import GameStarted
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.atlantis.saves import read_save
from tests.cli.helpers import fails

COMMANDS = {
    "play": ["play", "--players", "Ann,bot:random"],
    "host": ["host", "--players", "Ann,bot:random", "--port", "0"],
    "simulate": ["simulate", "--games", "1", "--players", "random,random", "--json"],
}
ASKED = ["--option", "buy_limit=2", "--option", "paid_cards_to=box"]
WANTED = Options(buy_limit=2, paid_cards_to="box")
TINY = BotSettings(time_budget=0.01, iterations=20)


@pytest.fixture(autouse=True)
def _no_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Nothing here opens the app; saves land in a temporary folder."""
    monkeypatch.setattr(AtlantisApp, "run", lambda self: None)
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("COLUMNS", "100")


def _saved_options(folder: Path) -> list[Options]:
    return [read_save(path).header.options for path in sorted(folder.glob("*.atlantis.jsonl"))]


# --- What the command line offers ----------------------------------------------------


def test_every_option_of_the_struct_is_offered_but_the_tile_set() -> None:
    fields = msgspec.structs.fields(Options)
    offered = {option.key: option for option in rule_options()}
    assert list(offered) == [f.name for f in fields if f.name not in not_offered()]
    assert sorted(not_offered()) == ["tile_set"]
    choices = 0
    for field in fields:
        # Each field is Annotated with its documentation (msgspec.Meta).
        assert get_origin(field.type) is Annotated, field.name
        bare = get_args(field.type)[0]
        if get_origin(bare) is Literal:
            choices += 1
            assert offered[field.name].values == get_args(bare)
    assert choices == 2


@pytest.mark.parametrize("command", list(COMMANDS))
def test_help_lists_every_option_with_its_values_and_default(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main([command, "--help"])
    assert exited.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "--option KEY=VALUE" in shown
    for option in rule_options():
        assert f"{option.key}={'|'.join(option.values) or 'N'}" in shown, option.key
        assert f"default {option.default})" in shown, option.key
    assert "paid_cards_to=discard|box (default discard)" in shown
    assert "bought_cards_can_pay=true|false (default true)" in shown
    assert "buy_limit=N (0: no limit; default 1)" in shown


@pytest.mark.parametrize(
    ("words", "options"),
    [
        ([], DEFAULT_OPTIONS),
        (["buy_limit=2", "paid_cards_to=box"], WANTED),
        (["buy_limit=0"], Options(buy_limit=0)),
        (["paid_cards=box"], Options(paid_cards_to="box")),  # a key shortened, but not ambiguous
        (["start_player=Random"], Options(start_player="random")),
        (
            ["open_hands=on", "bought_cards_can_pay=false"],
            Options(bought_cards_can_pay=False, open_hands=True),
        ),
        (["open_hands=yes", "open_hands=FALSE"], DEFAULT_OPTIONS),  # the last one holds
        ([" buy_limit = 3 "], Options(buy_limit=3)),
    ],
)
def test_good_values_make_the_options(words: list[str], options: Options) -> None:
    assert options_from([rule_option(word) for word in words]) == options


def test_the_changed_options_are_named() -> None:
    assert changed_options(DEFAULT_OPTIONS) == ""
    assert changed_options(Options(buy_limit=2, open_hands=True)) == "buy_limit=2, open_hands=true"


# --- Bad input: one line, exit 2 ------------------------------------------------------


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("key", ["nope", "b", "tile_set", ""])
def test_a_bad_key_names_the_keys(
    command: str, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = fails([*COMMANDS[command], "--option", f"{key}=1"], capsys)
    assert line.startswith(f"atlantis {command}: argument --option: ")
    assert repr(key) in line
    assert "the keys are buy_limit, bought_cards_can_pay, paid_cards_to, start_player" in line


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(
    ("word", "allowed"),
    [
        ("paid_cards_to=bin", "paid_cards_to takes one of discard, box, not 'bin'"),
        ("start_player=2", "start_player takes one of seat1, random, not '2'"),
        ("open_hands=maybe", "open_hands takes one of true, false, not 'maybe'"),
        ("bought_cards_can_pay=", "bought_cards_can_pay takes one of true, false, not ''"),
        ("buy_limit=two", "buy_limit takes a whole number from 0 to 99, not 'two'"),
        ("buy_limit=-1", "buy_limit takes a whole number from 0 to 99, not '-1'"),
        ("buy_limit=100", "buy_limit takes a whole number from 0 to 99, not '100'"),
        ("buy_limit", "'buy_limit' is not KEY=VALUE; the keys are buy_limit,"),
    ],
)
def test_a_bad_value_names_the_allowed_ones(
    command: str, word: str, allowed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = fails([*COMMANDS[command], "--option", word], capsys)
    assert allowed in line
    assert line.endswith(f"(see 'atlantis {command} --help')")


def test_host_will_not_change_a_saved_games_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = fails(["host", "--resume", str(tmp_path / "any.jsonl"), *ASKED], capsys)
    assert line == "atlantis host: --option cannot change the options of a saved game"


# --- The options reach the games ------------------------------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_simulate_plays_and_saves_every_game_with_the_options(
    jobs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "sims"
    words = ["--option", "start_player=random", "--option", "bought_cards_can_pay=false"]
    argv = ["simulate", "--games", "3", "--jobs", jobs, "--save-dir", str(folder), "--json"]
    assert main([*argv, "--players", "random,greedy", *ASKED, *words]) == 0
    wanted = Options(2, False, "box", "random")
    assert _saved_options(folder) == [wanted] * 3
    assert json.loads(capsys.readouterr().out)["options"] == msgspec.to_builtins(wanted)


def test_simulate_without_options_plays_the_defaults(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "sims"
    assert main([*COMMANDS["simulate"], "--save-dir", str(folder)]) == 0
    assert _saved_options(folder) == [DEFAULT_OPTIONS]
    assert json.loads(capsys.readouterr().out)["options"]["buy_limit"] == 1


def test_simulates_table_names_the_options_it_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--players", "random,random", *ASKED]) == 0
    assert "rule options: buy_limit=2, paid_cards_to=box" in capsys.readouterr().out


def test_play_starts_its_game_with_the_options(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    assert main([*COMMANDS["play"], "--save-dir", str(folder), *ASKED]) == 0
    assert _saved_options(folder) == [WANTED]


def test_new_table_takes_the_options(tmp_path: Path) -> None:
    table = new_table(parse_players("Ann,bot:random"), tmp_path, 1, TINY, WANTED)
    try:
        assert table.session.state.options == WANTED
        assert table.session.path is not None
        assert read_save(table.session.path).header.options == WANTED
    finally:
        table.session.close()


def test_host_serves_a_game_with_the_options(tmp_path: Path) -> None:
    """The real ``atlantis host`` on a free loopback port saves its game with the options."""
    argv = [sys.executable, "-m", "atlantis_tui.cli", *COMMANDS["host"], *ASKED]
    argv += ["--save-dir", str(tmp_path)]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "ATLANTIS_LANG": "en"}
    process = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith("Hosting Ann, "), process.stderr
        save = Path(first.rsplit("saving to ", 1)[1].strip())
        assert read_save(save).header.options == WANTED
        started = read_save(save).events[0]
        assert isinstance(started, GameStarted) and started.options == WANTED
    finally:
        process.kill()
        process.communicate()
