"""S1.6 load-time checks; L4 invariants over random playouts; undo and the face-down
piles; the judge; fold equals the incremental state; determinism."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core.arkantis.commands import Buy
from core.arkantis.data import DEFAULT_PATH, DataSetError, load_data_set
from core.arkantis.events import CardBought, PileShuffled
from core.arkantis.evolve import fold
from core.arkantis.game_type import ARKANTIS
from core.arkantis.legal_commands import legal_commands
from core.arkantis.options import Options
from core.arkantis.state import State
from core.kernel.chance import secret_from_seed
from core.kernel.game import Game
from core.kernel.registry import GameRegistry
from core.kernel.savefile import make_header, read_save, write_save

TEXT = DEFAULT_PATH.read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_S1_6_the_shipped_file_loads() -> None:
    data = load_data_set(DEFAULT_PATH)
    assert data.free_column == "D" and not data.warnings and len(data.hash) == 64


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("copies = 2\ncells = [[0,1], [1,0]", "copies = 3\ncells = [[0,1], [1,0]"), "total 56"),
        (('free_column = "D"', 'free_column = "H"'), "free_column"),
        (("cells = [[0,0], [0,1], [0,2], [0,3]]", "cells = [[0,0], [0,1], [0,2]]"), "kind I4"),
        (
            ("cells = [[0,0], [0,1], [0,2], [0,3]]", "cells = [[0,0], [0,1], [0,2], [1,3]]"),
            "kind I4",
        ),
        (("value = 7\ncopies = 4", "value = 0\ncopies = 4"), "kind I4"),
    ],
)
def test_S1_6_faults_refuse_the_file_with_one_line_each(
    tmp_path: Path, change: tuple[str, str], words: str
) -> None:
    assert change[0] in TEXT
    with pytest.raises(DataSetError) as caught:
        load_data_set(write(tmp_path, TEXT.replace(change[0], change[1], 1)))
    assert words in str(caught.value) and len(caught.value.faults) >= 1


def test_S1_6_a_shared_figure_and_too_few_emerald(tmp_path: Path) -> None:
    text = TEXT.replace('colour = "emerald"', 'colour = "orange"').replace(
        "cells = [[0,0], [0,1], [1,0], [1,1]]", "cells = [[0,0], [0,1], [0,2], [0,3]]"
    )
    with pytest.raises(DataSetError) as caught:
        load_data_set(write(tmp_path, text))
    faults = caught.value.faults
    assert any("O4" in f and "I4" in f for f in faults) and any("emerald" in f for f in faults)


def test_S1_6_a_value_outside_5_to_10_loads_with_a_warning(tmp_path: Path) -> None:
    data = load_data_set(write(tmp_path, TEXT.replace("value = 10", "value = 12")))
    assert len(data.warnings) == 1 and "X5" in data.warnings[0]


def invariants(before: State, after: State) -> None:
    assert after.tokens & ~before.tokens == 0 or after.moves_used != before.moves_used
    assert after.tokens.bit_count() <= 42
    held = sum(map(len, after.piles)) + sum(map(len, after.hands)) + sum(map(len, after.laid))
    assert held == 55
    assert min(after.pions) >= 0
    limit = after.options.move_limit
    assert limit is None or max(after.moves_used) <= limit
    for seat, passed in enumerate(before.passed):
        if passed:
            assert (
                after.pions[seat] == before.pions[seat] and after.hands[seat] == before.hands[seat]
            )


@pytest.mark.parametrize("seed", range(12))
def test_L4_invariants_after_every_event_of_random_playouts(seed: int) -> None:
    rng = random.Random(seed)
    options = Options(
        setup_count=rng.choice(["per_row", "snake"]),
        modified_test=rng.choice(["count", "squares"]),
        buy_timing=rng.choice(["own_turn", "any_time"]),
    )
    secret = secret_from_seed(seed)
    players = ("Ana", "Ben", "Cleo", "Dan")[: 2 + seed % 3]
    events = ARKANTIS.setup(players, options, secret)
    state = fold(events)
    commands = []
    while not state.is_over:
        command = rng.choice(legal_commands(state))
        commands.append(command)
        for event in ARKANTIS.decide(state, command):
            after = ARKANTIS.evolve(state, event)
            invariants(state, after)
            state = after
            events.append(event)
        assert len(commands) <= ARKANTIS.play.longest_game
    assert fold(events) == state  # fold == incremental
    again = ARKANTIS.setup(players, options, secret)
    replayed = fold(again)
    for command in commands:  # same secret and commands, same events
        caused = ARKANTIS.decide(replayed, command)
        again += caused
        replayed = fold(again)
    assert again == events


def test_undo_of_a_face_down_purchase_shuffles_that_pile_before_the_next(tmp_path: Path) -> None:
    game = Game.new(ARKANTIS, ["Ana", "Ben"], secret=secret_from_seed(3))
    seat = game.state.current
    first = game.play(Buy(seat, "orange", "down"))
    assert isinstance(first[0], CardBought)
    game.undo(len(first))
    assert game.state.piles_seen == (True, False, False, False) and game.state.undos == 1
    again = game.play(Buy(seat, "orange", "down"))
    assert isinstance(again[0], PileShuffled) and isinstance(again[1], CardBought)
    assert sorted(again[0].order) == sorted(fold(game.events[:1]).piles[0])
    assert game.state.piles_seen == (False,) * 4
    path = tmp_path / "undo.jsonl"
    write_save(
        path, make_header("arkantis", Options(), ["Ana", "Ben"], 0), game.events, game.actions
    )
    saved = read_save(path, GameRegistry([ARKANTIS]), mode="keep_prefix")
    assert ARKANTIS.records.judge is not None and ARKANTIS.records.judge(saved).problem is None


def test_the_judge_refuses_an_event_the_rules_do_not_give(tmp_path: Path) -> None:
    game = Game.new(ARKANTIS, ["Ana", "Ben"], secret=secret_from_seed(4))
    seat = game.state.current
    game.play(Buy(seat, "emerald", "down"))
    events = list(game.events)
    bought = events[1]
    assert isinstance(bought, CardBought)
    events[1] = CardBought(bought.player, bought.colour, bought.pile, bought.card, 0)
    path = tmp_path / "bad.jsonl"
    write_save(path, make_header("arkantis", Options(), ["Ana", "Ben"], 0), events, game.actions)
    saved = read_save(path, GameRegistry([ARKANTIS]), mode="keep_prefix")
    assert ARKANTIS.records.judge is not None
    problem = ARKANTIS.records.judge(saved).problem
    assert problem is not None and "L2" in str(problem)
