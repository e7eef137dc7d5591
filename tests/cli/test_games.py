"""The command line knows the games: ``--game`` on the commands that start one, the
game a save names for those that read one, each game's rule options and player limits.

With one registered game the command line reads as before; a second game
(``tests.tui.two_games``) shows what changes when there are several.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import msgspec
import pytest

from atlantis_tui.app import AtlantisApp
from atlantis_tui.cli import build_parser, main
from atlantis_tui.rule_options import offered_fields, rule_fields
from atlantis_tui.session import Seat, validate_seats
from atlantis_tui.subcommands.options import (
    Parser,
    add_game_option,
    add_rule_options,
    game_from,
    options_from,
    rule_options_help,
)
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.games import DEFAULT_GAME, GAMES
from core.kernel.registry import AnyGameType, GameRegistry
from core.kernel.savefile import read_save
from tests.cli.helpers import fails
from tests.tui.two_games import OTHER, OtherOptions, two_games

__all__ = ["two_games"]  # a fixture, used by name

SAVES = Path(__file__).parents[1] / "fixtures" / "saves-before-kernel"
OLD_SAVE = SAVES / "simulate-2p.atlantis.jsonl"


@pytest.fixture(autouse=True)
def _no_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Nothing here opens the app; saves land in a temporary folder."""
    monkeypatch.setattr(AtlantisApp, "run", lambda self: None)
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("COLUMNS", "100")


def _parsed(argv: list[str]) -> argparse.Namespace:
    return build_parser().parse_args(argv)


def _with_game(tmp_path: Path, game: object) -> Path:
    """A copy of an old save whose header names ``game`` (or names none, for None)."""
    lines = OLD_SAVE.read_bytes().splitlines()
    header = json.loads(lines[0])
    if game is None:
        header.pop("game", None)
    else:
        header["game"] = game
    path = tmp_path / "copy.atlantis.jsonl"
    path.write_bytes(b"\n".join([json.dumps(header).encode(), *lines[1:]]) + b"\n")
    return path


# --- --game -------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "host"])
def test_game_defaults_to_atlantis_and_is_in_the_help(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert DEFAULT_GAME == "atlantis"
    assert game_from(_parsed([command])) is GAMES.get("atlantis")
    assert game_from(_parsed([command, "--game", "atlantis"])) is GAMES.get("atlantis")
    with pytest.raises(SystemExit):
        main([command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert f"--game GAME the game: {', '.join(GAMES.ids)} (default atlantis)" in shown


@pytest.mark.parametrize("command", ["play", "host"])
def test_an_unknown_game_is_one_line_naming_the_games(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = fails([command, "--game", "chess"], capsys)
    assert line == (
        f"atlantis {command}: argument --game: unknown game 'chess' "
        f"(choose from {', '.join(GAMES.ids)}) "
        f"(see 'atlantis {command} --help')"
    )


def test_the_shared_helper_adds_game_to_any_command() -> None:
    """``add_game_option`` and ``game_from``, as simulate, bench, tutorial and rules use them."""
    parser = Parser(prog="atlantis x")
    add_game_option(parser)
    assert game_from(parser.parse_args([])).id == "atlantis"
    assert game_from(parser.parse_args(["--game", " atlantis "])).id == "atlantis"
    assert game_from(argparse.Namespace()).id == "atlantis"  # a command without --game
    action = next(a for a in parser._actions if a.dest == "game")
    assert tuple(action.choices or ()) == GAMES.ids


def test_play_saves_a_game_of_the_chosen_game(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    assert main(["play", "--game", "atlantis", "--save-dir", str(folder)]) == 0
    (path,) = folder.glob("*.atlantis.jsonl")
    assert read_save(path, GAMES).header.game == "atlantis"


def test_the_game_is_chosen_among_several(two_games: GameRegistry) -> None:
    assert game_from(_parsed(["play", "--game", "other"])) is OTHER
    assert game_from(_parsed(["host", "--game", "atlantis"])).id == "atlantis"


# --- --option follows the game, wherever --game stands ---------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--game", "other", "--option", "rounds=5", "--option", "sea=Rough"],
        ["play", "--option", "rounds=5", "--option", "sea=rough", "--game", "other"],
    ],
)
def test_options_are_those_of_the_chosen_game(two_games: GameRegistry, argv: list[str]) -> None:
    args = _parsed(argv)
    assert args.rule_options == [("rounds", 5), ("sea", "rough")]
    assert options_from(args.rule_options, game_from(args)) == OtherOptions(5, "rough")


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (
            ["--option", "buy_limit=2"],
            "unknown rule option 'buy_limit'; the keys are rounds, sea, fast",
        ),
        (["--option", "rounds=0"], "rounds takes a whole number from 1 to 9, not '0'"),
        (["--option", "fast=maybe"], "fast takes one of true, false, not 'maybe'"),
    ],
)
def test_an_option_of_another_game_is_refused(
    two_games: GameRegistry, words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = fails(["play", *words, "--game", "other"], capsys)
    assert line == f"atlantis play: argument --option: {said} (see 'atlantis play --help')"


def test_atlantis_options_still_default_without_game() -> None:
    args = _parsed(["play", "--option", "buy_limit=0"])
    assert options_from(args.rule_options, game_from(args)) == Options(buy_limit=0)
    assert options_from(None) == DEFAULT_OPTIONS


def test_a_parser_checks_options_against_the_default_game_without_game() -> None:
    """A command with ``--option`` and no ``--game`` (simulate, until it has one)."""
    parser = Parser(prog="atlantis x")
    add_rule_options(parser)
    assert parser.parse_args(["--option", "paid=box"]).rule_options == [("paid_cards_to", "box")]


def test_with_several_games_the_help_lists_each_games_options(two_games: GameRegistry) -> None:
    text = rule_options_help()
    assert text.startswith("a rule option of the game chosen with --game")
    assert "Atlantis: buy_limit=N (0: no limit; default 1);" in text
    assert "N is a whole number from 0 to 99. See atlantis rules V." in text
    assert "Other: rounds=N (default 3); sea=calm|rough (default calm); fast=true|false" in text
    assert "N is a whole number from 1 to 9. See atlantis rules --game other" in text


# --- The options document themselves --------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES), ids=lambda game: game.id)
def test_every_option_says_its_label_and_its_values(game: AnyGameType) -> None:
    for option in rule_fields(game.options_type):
        assert option.description, option.key
        if option.offered:
            assert option.title, option.key
        if option.kind == "count":
            count = option.default_value
            assert isinstance(count, int) and option.least <= count <= option.most, option.key


def test_the_documentation_changes_no_option_nor_its_encoding() -> None:
    """The golden streams encode Options in game-started: the bytes stay the same."""
    assert msgspec.json.encode(DEFAULT_OPTIONS) == (
        b'{"buy_limit":1,"bought_cards_can_pay":true,"paid_cards_to":"discard",'
        b'"start_player":"seat1","tile_set":"default","open_hands":false}'
    )
    keys = [option.key for option in offered_fields(Options)]
    assert keys == [
        "buy_limit",
        "bought_cards_can_pay",
        "paid_cards_to",
        "start_player",
        "open_hands",
    ]


def test_a_save_with_an_impossible_purchase_limit_is_refused() -> None:
    """The bounds the options document are checked when a save is read."""
    with pytest.raises(msgspec.ValidationError, match=">= 0"):
        msgspec.json.decode(b'{"buy_limit": -1}', type=Options)


# --- Player limits come from the game ---------------------------------------------------


def test_seats_are_checked_against_the_games_limits() -> None:
    seats = [Seat("Ann"), Seat("Bob")]
    assert validate_seats(seats) == seats
    with pytest.raises(ValueError, match=r"^Other is for 3 to 5 players, not 2$"):
        validate_seats(seats, OTHER)
    five = [Seat(name) for name in ("Ann", "Bob", "Cleo", "Dan", "Eve")]
    assert validate_seats(five, OTHER) == five
    with pytest.raises(ValueError, match=r"^Atlantis is for 2 to 4 players, not 5$"):
        validate_seats(five)


# --- check, log and replay read the game from the save ---------------------------------


@pytest.mark.parametrize("command", ["check", "log", "replay"])
def test_a_save_of_an_unknown_game_is_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _with_game(tmp_path, "chess")
    line = fails([command, str(path)], capsys)
    assert line.endswith(
        f"{path}: line 1: the save is a game of 'chess', which this version does not play; "
        f"it plays {', '.join(GAMES.ids)}"
    )


@pytest.mark.parametrize("command", ["check", "log"])
@pytest.mark.parametrize("game", [None, "atlantis"])
def test_a_save_naming_atlantis_or_no_game_is_read(
    command: str, game: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, str(_with_game(tmp_path, game))]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_header_whose_game_is_not_a_name_is_said_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _with_game(tmp_path, 7)
    line = fails(["check", str(path)], capsys)
    assert "line 1: the header is damaged" in line


def test_host_resumes_only_a_game_it_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _with_game(tmp_path, "chess")
    line = fails(["host", "--resume", str(path), "--port", "0"], capsys)
    assert line.startswith("atlantis host: line 1: the save is a game of 'chess'")
