"""The plain-Python ArkantiS playout: its setups, its rules (the spec's worked examples),
whole games, and lockstep agreement with the engine on the same choices."""

from __future__ import annotations

import ast
import random
import statistics
import time
from pathlib import Path

from core.arkantis.cards import kind_of
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Move, Pass, Remove
from core.arkantis.legal_commands import legal_commands
from core.arkantis.squares import parse
from core.arkantis.state import PILES, State
from core.games import GAMES
from core.services.benchmark import opening
from tools.plain_playouts import arkantis as plain

GAME = GAMES.get("arkantis")
KIND_IDS = [kind.id for kind in GAME.fold(opening(GAME, 0)).kinds]


def board(picture: str) -> int:
    """The tokens of a board drawn as in RULES.md X (``#`` a token), row 1 first."""
    cells = [ch for ch in picture if ch in "#."]
    assert len(cells) == 49
    return sum(1 << index for index, ch in enumerate(cells) if ch == "#")


def squares(names: str) -> int:
    found = 0
    for text in names.split():
        sq = parse(text)
        assert sq is not None
        found |= 1 << sq
    return found


B0 = board("##.##.# ##.##.# ..##..# ##.##.. ####### ...#### ####.#.")
B1 = board("##.##.# #..##.# ..##..# ##.##.. ####### ...#### ####.#.")
B2 = board("##.##.# #..##.# ..##..# ##.##.. ####### ...#### .##..#.")
B3 = board("##.##.# #..##.# ..##.## ##.##.. ####### ...#.## .##..#.")
C0 = board(".###### ....... ####### ####### ####### ####### #......")


def test_the_playout_module_imports_nothing_of_the_project() -> None:
    source = Path(plain.__file__).read_text(encoding="utf-8")
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert not imported & {"core", "atlantis_tui", "tools", "tests"}, imported


def test_a_setup_deals_as_s3_to_s6() -> None:
    (setup,) = plain.setups(1, 7)
    assert isinstance(setup, plain.Setup)
    assert setup.tokens.bit_count() == 42  # S5.3
    for row in range(7):
        line = setup.tokens >> row * 7 & 0x7F
        assert line.bit_count() == 6  # one empty square per row...
        assert line >> plain.FREE_COLUMN & 1  # ...never in the free column
    assert [len(pile) for pile in setup.piles] == [14, 13, 8, 8]  # S6, 4 players
    for hand in setup.hands:
        colours = sorted(plain.KINDS[kind].colour for kind in hand)
        assert colours == ["emerald", "orange", "orange"]
    assert 0 <= setup.start < 4


def test_x1_the_rolls_empty_one_square_per_row() -> None:
    assert plain._board([6, 3, 2, 4, 5, 6, 5]) == board(
        "######. ####.## #.##### ##.#### #####.# .###### #####.#"
    )


def kind_index(kind_id: str) -> int:
    return KIND_IDS.index(kind_id)


def test_x2_a_removal_pays_a_three_set_and_lays_the_stands() -> None:
    changed = squares("B2")
    pions, stains = plain._rewards(B0, B0 & ~changed, changed)
    assert pions == 3
    assert stains == [squares("C1 C2 B2 B3 A3")]
    assert plain.FIGURES[stains[0]] == kind_index("W5")


def test_x3_two_removals_are_judged_once() -> None:
    changed = squares("A7 D7")
    pions, stains = plain._rewards(B1, B1 & ~changed, changed)
    assert pions == 4  # not 7, as two steps would pay
    assert stains == [squares("A6 B6 C6 A7")]
    assert plain.FIGURES[stains[0]] == kind_index("L4")


def test_x4_a_move_judges_both_colours() -> None:
    changed = squares("E6 F3")
    pions, stains = plain._rewards(B2, B2 ^ changed, changed)
    assert pions == 7
    assert stains == [squares("G1 G2 G3 F3")]
    assert plain.FIGURES[stains[0]] == kind_index("L4")  # the mirror figure counts


def test_x5_a_slide_leaves_its_set_unmodified_under_count() -> None:
    changed = squares("A1 B2")
    assert plain._rewards(B3, B3 ^ changed, changed) == (4, [])


def test_x7_a_move_and_its_way_back() -> None:
    changed = squares("D1 D7")
    pions, stains = plain._rewards(C0, C0 ^ changed, changed)
    assert (pions, stains) == (10, [])
    assert plain._rewards(C0 ^ changed, C0, changed) == (0, [])


def test_twenty_games_end_with_a_sane_number_of_turns_fast() -> None:
    games = plain.setups(20, 3)
    rng = random.Random(3)
    start = time.process_time()
    turns = [plain.play(setup, rng) for setup in games]
    assert time.process_time() - start < 2.0  # about 0.6 ms a game
    # E1.3: at most 42 + 3 moves x 4 players action turns, and one pass each.
    assert all(4 <= count <= 42 + 3 * 4 + 4 for count in turns), turns
    assert 35 < statistics.fmean(turns) < 47  # the engine's random games: 41.0


def test_a_game_is_reproducible_and_leaves_its_setup_alone() -> None:
    (setup,) = plain.setups(1, 11)
    first = plain.outcome(setup, random.Random(5))
    assert plain.outcome(setup, random.Random(5)) == first
    assert first[2] in ("all-passed", "board-empty")


def encode(command: AnyCommand) -> int:
    """An engine command as the playout's int."""
    if isinstance(command, Buy):
        return plain.BUY[PILES.index((command.colour, command.pile))]
    if isinstance(command, Pass):
        return plain.PASS
    if isinstance(command, EndTurn):
        return plain.END_TURN
    if isinstance(command, Remove):
        return squares(" ".join(command.squares))
    assert isinstance(command, Move)
    return squares(command.origin) | squares(command.target) << plain.MOVE_SHIFT


class Lockstep(random.Random):
    """A generator that plays the engine alongside: each ``choice`` checks that the
    playout lists the engine's legal commands, then makes the engine's random one."""

    def __init__(self, state: State, seed: int, mover: bool = False) -> None:
        super().__init__(seed)
        self.state = state
        self.mover = mover  # move whenever a move is legal, to reach the limit (T3.4)

    def choice(self, seq: object) -> int:  # type: ignore[override]
        theirs = legal_commands(self.state)
        assert isinstance(seq, list)
        assert sorted(seq) == sorted(encode(command) for command in theirs)
        moves = [command for command in theirs if isinstance(command, Move)]
        pool = moves if self.mover and moves else theirs
        command = pool[self.randrange(len(pool))]
        self.state = GAME.advance(self.state, GAME.decide(self.state, command))
        return encode(command)


def play_in_lockstep(seed: int, mover: bool) -> State:
    """Game ``seed`` of the benchmark, played by the playout and the engine together."""
    state = GAME.fold(opening(GAME, seed))
    setup = plain.Setup(
        state.current,
        state.tokens,
        tuple(tuple(kind_index(kind_of(card)) for card in hand) for hand in state.hands),
        tuple(tuple(kind_index(kind_of(card)) for card in reversed(pile)) for pile in state.piles),
    )
    lockstep = Lockstep(state, seed, mover)
    turns, scores, reason = plain.outcome(setup, lockstep)
    end = lockstep.state
    assert end.is_over
    assert (turns, reason) == (end.turn, end.end_reason)
    assert scores == GAME.result(end).scores
    return end


def test_the_playout_follows_the_engine_command_for_command() -> None:
    for seed in range(8):
        play_in_lockstep(seed, mover=False)


def test_the_playout_stops_moves_where_the_engine_does() -> None:
    ends = [play_in_lockstep(seed, mover=True) for seed in range(3)]
    assert any(3 in end.moves_used for end in ends)  # the limit was reached
