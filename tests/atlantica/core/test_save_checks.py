"""What ``atlantis check`` and resuming make of a save's opening and its scoring choices.

- S1.7: a ``game-started`` whose data is not the data set it names (the shipped
  ``default``) is damaged at line 2, even with a hash made to fit its numbers;
- V1: a ``game-started`` that claims ``round_spaces=marked`` with data that mark
  no space is damaged at line 2, naming the data file;
- E5.3: a save written before a wild treasure of a player keeping no treasure was
  recorded without a type (it was recorded as ``ARC``, or another type) still
  checks and loads: the old recording scores the same 0.
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from msgspec.structs import replace

from atlantis_tui.cli import main
from atlantis_tui.session import GameSession
from core.atlantica.cards import GameData, Pick, diver_ids, research_ids, treasure_ids
from core.atlantica.commands import AnyCommand, ChooseScoring, Pass
from core.atlantica.data import DEFAULT_PATH, content_hash, default_data
from core.atlantica.events import AnyEvent, Prepared, ResearchChoicesMade
from core.atlantica.game_type import ATLANTICA
from core.atlantica.options import Options
from core.atlantica.setup import prepared_game
from core.atlantica.state import State
from core.kernel.game import Game
from core.kernel.registry import GameRegistry
from core.kernel.savefile import make_header, read_save, write_save

OPENING_LINE = 2
"""Line 1 of a save is its header, line 2 its ``game-started``."""


@pytest.fixture
def simulated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A whole game between two random bots, as ``atlantis simulate`` saves it."""
    folder = tmp_path / "simulated"
    argv = ["simulate", "--game", "atlantica", "--games", "1", "--players", "random,random"]
    assert main([*argv, "--json", "--save-dir", str(folder)]) == 0
    capsys.readouterr()
    (path,) = folder.glob("*.jsonl")
    return path


def _edited(path: Path, target: Path, edit: object) -> Path:
    """A copy of ``path`` whose header and ``game-started`` lines ``edit`` changed."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header, opening = json.loads(lines[0]), json.loads(lines[1])
    edit(header, opening)  # type: ignore[operator]
    lines[0], lines[1] = json.dumps(header), json.dumps(opening)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def _check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(["check", str(path)])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, (captured.err + captured.out).strip().splitlines()


def test_a_simulated_save_checks(simulated: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = _check(simulated, capsys)
    assert code == 0, lines


# --- S1.7: the data are those of the data set the game names ---------------------------


def test_S1_7_data_changed_under_the_default_name_and_a_fitting_hash_is_damaged(
    simulated: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def ladders_changed(_header: dict[str, object], opening: dict[str, object]) -> None:
        data = opening["data"]
        assert isinstance(data, dict) and data["name"] == "default"
        data["ladders"]["ARC"][-1] += 5  # a bigger top step: still a valid ladder
        data["hash"] = content_hash(msgspec.convert(data, GameData))  # made to fit

    path = _edited(simulated, tmp_path / "ladders.jsonl", ladders_changed)
    code, lines = _check(path, capsys)
    assert code == 1 and len(lines) == 1, lines
    assert f"line {OPENING_LINE}: S1.7: " in lines[0], lines


def test_S1_7_data_changed_under_the_default_hash_is_damaged(
    simulated: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def ladders_changed(_header: dict[str, object], opening: dict[str, object]) -> None:
        opening["data"]["ladders"]["TER"][0] = 1  # type: ignore[index]

    path = _edited(simulated, tmp_path / "hash.jsonl", ladders_changed)
    code, lines = _check(path, capsys)
    assert code == 1 and len(lines) == 1, lines
    assert f"line {OPENING_LINE}: S1.7: " in lines[0], lines


def test_S1_7_a_game_of_the_shipped_data_still_checks_once_an_owner_replaced_the_file(
    simulated: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The data file is there for an owner of the printed game to replace: the games
    played with the numbers this project shipped stay sound after he does."""
    shipped = default_data()
    ladders = {kind: (*steps[:-1], steps[-1] + 1) for kind, steps in shipped.ladders.items()}
    owners = replace(shipped, ladders=ladders)
    owners = replace(owners, hash=content_hash(owners))
    monkeypatch.setattr("core.atlantica.data.default_data", lambda: owners)
    code, lines = _check(simulated, capsys)
    assert code == 0, lines


# --- V1: round_spaces=marked needs marked spaces ----------------------------------------


def test_V1_marked_without_marks_is_refused_naming_the_file() -> None:
    from core.atlantica.data import round_spaces_refusal

    refusal = round_spaces_refusal(Options(round_spaces="marked"), default_data())
    assert refusal is not None and refusal.startswith("V1: ")
    assert str(DEFAULT_PATH) in refusal and "\n" not in refusal
    assert round_spaces_refusal(Options(), default_data()) is None
    marked = replace(default_data(), round_spaces=(Pick("treasure", 2),))
    assert round_spaces_refusal(Options(round_spaces="marked"), marked) is None


def test_V1_a_game_made_from_code_with_marked_without_marks_is_refused() -> None:
    """Not only the forms and the command line: the rules' own opening refuses it, so a
    game built from code (``Game.new``, a test, a tool) never plays ``marked`` as
    ``every``."""
    from core.atlantica.game_type import ATLANTICA
    from core.atlantica.setup import new_game
    from core.kernel.errors import IllegalMove
    from core.kernel.game import Game

    with pytest.raises(IllegalMove) as refused:
        Game.new(ATLANTICA, ("Ann", "Ben"), Options(round_spaces="marked"))
    assert refused.value.rule == "V1" and str(DEFAULT_PATH) in refused.value.reason
    # A data set that marks some spaces plays ``marked``.
    marked = replace(default_data(), round_spaces=(Pick("treasure", 2),))
    assert new_game(("Ann", "Ben"), Options(round_spaces="marked"), "ab" * 16, data=marked)


def test_V1_a_save_claiming_marked_without_marks_is_damaged(
    simulated: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def claims_marked(header: dict[str, object], opening: dict[str, object]) -> None:
        for options in (header["options"], opening["options"]):
            options["round_spaces"] = "marked"  # type: ignore[index]

    path = _edited(simulated, tmp_path / "marked.jsonl", claims_marked)
    code, lines = _check(path, capsys)
    assert code == 1 and len(lines) == 1, lines
    assert f"line {OPENING_LINE}: V1: " in lines[0] and str(DEFAULT_PATH) in lines[0], lines


# --- E5.3: old recordings of a wild treasure with nothing kept ---------------------------


def _ended(
    options: Options, treasures: tuple[str, ...], chosen: tuple[AnyCommand, ...]
) -> Game[State, AnyEvent, AnyCommand]:
    """Ben holds ``treasures``, no ship and a wild treasure: he keeps nothing. Two quiet
    passes end the game (E2); ``chosen`` are the scoring choices asked for after."""
    held = ("ARC-1", "ARC-2", *treasures)  # Ana: one type, no choice to make
    prepared = Prepared(
        hands=((), ()),
        treasures=(held[:2], treasures),
        ships=(("C5-1",), ()),
        # Every pile a turn's end refills from is empty: the passes are quiet.
        research=(tuple(c for c in research_ids(default_data()) if c != "R11-1"), ("R11-1",)),
        treasure_display=(),
        research_display=(),
        discard=diver_ids(),  # and no reshuffle: a pass draws nothing
    )
    events = prepared_game(
        ("Ana", "Ben"),
        replace(options, diver_reshuffle=False),
        prepared,
        box=tuple(c for c in treasure_ids(default_data()) if c not in held),
        treasures=(),
        hurricane=(),
    )
    game = Game(ATLANTICA, events)
    for command in (Pass(0), Pass(1), *chosen):
        game.play(command)
    assert game.state.is_over
    return game


def _as_recorded_before(
    game: Game[State, AnyEvent, AnyCommand], tmp_path: Path, old_type: str
) -> Path:
    """The game's save with Ben's wild treasure named ``old_type``, as it was recorded."""
    events: list[AnyEvent] = list(game.events)
    (index,) = [
        at
        for at, event in enumerate(events)
        if isinstance(event, ResearchChoicesMade) and event.player == 1
    ]
    recorded = events[index]
    assert isinstance(recorded, ResearchChoicesMade) and recorded.r11_types == ()
    events[index] = replace(recorded, r11_types=(old_type,))
    path = tmp_path / f"old-{old_type}.atlantica.jsonl"
    options = game.state.options
    write_save(path, make_header("atlantica", options, ["Ana", "Ben"], 0), events, game.actions)
    return path


@pytest.mark.parametrize(
    ("options", "treasures", "chosen", "old_type"),
    [
        (Options(), ("GLD-1", "GLD-2"), (), "ARC"),
        (
            Options(final_choices="ask"),
            ("GLD-1", "TER-2"),
            (ChooseScoring(1, ("GLD-1", "TER-2"), (), ()),),
            "GLD",
        ),
    ],
    ids=["best", "ask"],
)
def test_E5_3_an_old_save_naming_a_type_with_nothing_kept_checks_and_loads(
    options: Options,
    treasures: tuple[str, ...],
    chosen: tuple[AnyCommand, ...],
    old_type: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = _ended(options, treasures, chosen)
    path = _as_recorded_before(game, tmp_path, old_type)
    saved = read_save(path, GameRegistry([ATLANTICA]), mode="keep_prefix")
    assert ATLANTICA.records.judge is not None and ATLANTICA.records.judge(saved).problem is None
    code, lines = _check(path, capsys)
    assert code == 0, lines
    session = GameSession.load(path)
    try:
        assert session.state.is_over
        assert session.state.scores == game.state.scores  # the old name scored 0 too
    finally:
        session.close()
