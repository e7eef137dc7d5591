"""ArkantiS's bots: legal commands only, from the view alone, reproducible, and as strong
as they claim (the greedy bot finds a clearly best action, the expert beats random)."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

from core.arkantis.bots import BOTS
from core.arkantis.bots.analysis import analyse, board_actions, hand_kinds, lay_bonus
from core.arkantis.bots.common import BotRefusal, unseen_cards
from core.arkantis.bots.determinize import determinize
from core.arkantis.bots.greedy_bot import GreedyBot, best_actions, values_of
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Remove
from core.arkantis.data import default_data_set
from core.arkantis.decide import decide
from core.arkantis.evolve import evolve, fold
from core.arkantis.figures import matches
from core.arkantis.options import Options
from core.arkantis.resolution import modified_sets
from core.arkantis.setup import new_game
from core.arkantis.state import State
from core.arkantis.view import view_for
from core.kernel.bot_settings import BotSettings
from core.kernel.bots import make_bot_from
from tests.arkantis.core.helpers import prepared, start

QUICK = BotSettings(time_budget=None, iterations=12)
"""The expert's budget in tests: a few iterations, the same on any machine."""
NAMES = ("Ana", "Ben", "Cleo", "Dan")


def bot(name: str, settings: BotSettings = QUICK) -> Any:
    return make_bot_from(BOTS, name, settings)


def apply(state: State, command: AnyCommand) -> State:
    for event in decide(state, command):
        state = evolve(state, event)
    return state


def play_out(
    names: list[str],
    secret: str,
    check: Callable[[State, int, AnyCommand, str], None] | None = None,
) -> State:
    """A whole game between bots (one per seat), every command judged by ``decide``."""
    bots = [bot(name) for name in names]
    rngs = [random.Random(f"{secret}/{seat}") for seat in range(len(names))]
    state = fold(new_game(NAMES[: len(names)], Options(), secret))
    while not state.is_over:
        seat = state.current
        view = view_for(state, seat)
        command = bots[seat].decide(view, rngs[seat])
        if check is not None:
            check(state, seat, command, names[seat])
        state = apply(state, command)  # raises IllegalMove on an illegal command
    return state


def test_bots_are_registered_by_name() -> None:
    assert set(BOTS) == {"random", "greedy", "expert"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bot_plays_only_legal_commands_to_the_end(players: int) -> None:
    names = ["random", "greedy", "expert", "greedy"][:players]
    for game in range(2):
        final = play_out(names, f"{players:02x}{game:02x}" * 16)
        assert final.is_over and final.scores


def test_bots_decide_from_the_view_alone() -> None:
    """Another full state the seat cannot tell apart (its hidden cards dealt afresh,
    other kinds of the same colours): every bot gives the same command."""
    checked = 0

    def check(state: State, seat: int, command: AnyCommand, name: str) -> None:
        nonlocal checked
        if state.turn % 5:
            return
        view = view_for(state, seat)
        other = determinize(view, random.Random(state.turn))
        assert (
            other.hands != state.hands
            or other.piles != state.piles
            or not any(unseen_cards(view).values())
        )
        other = replace(other, secret="ff" * 16, seed=99)
        again = bot(name).decide(view_for(other, seat), random.Random(7))
        first = bot(name).decide(view, random.Random(7))
        assert again == first, (name, state.turn)
        checked += 1

    play_out(["greedy", "expert", "random"], "ab" * 16, check=check)
    assert checked >= 5


@pytest.mark.parametrize("name", ["random", "greedy", "expert"])
def test_a_fixed_seed_plays_the_same_game(name: str) -> None:
    first = play_out([name, "greedy"], "cd" * 16)
    again = play_out([name, "greedy"], "cd" * 16)
    assert first == again


@pytest.mark.parametrize("name", ["random", "greedy", "expert"])
def test_bots_refuse_a_game_without_a_move_limit(name: str) -> None:
    state = fold(new_game(NAMES[:2], Options(move_limit=None), "ef" * 16))
    with pytest.raises(BotRefusal, match=r"E1\.4"):
        bot(name).decide(view_for(state, state.current), random.Random(1))


B0 = "##.##.# ##.##.# ..##..# ##.##.. ####### ...#### ####.#."
"""RULES.md X2's board: removing B2 makes blue {A1 B1 A2} (3 pions) and a red W5 stain."""


CROSS = "####### ##.#### #.#.### ##.#### ####### ####### #######"
"""C2, B3, D3 and C4 empty around the token on C3."""


def test_greedy_lays_the_ten_point_card() -> None:
    """Four red squares around a lone token C3: taking it joins them into a red cross
    (X5, 10 points), which the greedy bot holds; nothing else comes near."""
    state = start(prepared(CROSS, ("Ana", "Ben"), pions=(0, 0), hands=(("X5-1",), ())))
    command = GreedyBot().decide(view_for(state, 0), random.Random(1))
    assert command == Remove(0, ("C3",))
    after = apply(state, command)
    assert after.laid[0] == ("X5-1",)


def test_greedy_takes_x2s_stain_over_mere_pions() -> None:
    """X2 with no pions (single removals only, no purchase): B2 is the best by far."""
    state = start(prepared(B0, ("Ana", "Ben", "Cleo"), pions=(0, 5, 6), hands=(("W5-1",), (), ())))
    board = analyse(state)
    best, chosen = best_actions(board, hand_kinds(state.hands[0]), values_of(state), 0, True)
    assert best == 3 + 8 + 1  # blue {A1 B1 A2}, and the W5 laid (8, and no longer -1 in hand)
    assert [action.command(0) for action in chosen] == [Remove(0, ("B2",))]
    assert GreedyBot().decide(view_for(state, 0), random.Random(3)) == Remove(0, ("B2",))


def test_greedy_with_pions_pays_for_a_richer_pair() -> None:
    """With X2's 4 pions, B2 and D7 together (2 pions) earn 8 pions and lay the W5: 15."""
    state = start(prepared(B0, ("Ana", "Ben", "Cleo"), pions=(4, 5, 6), hands=(("W5-1",), (), ())))
    best, chosen = best_actions(analyse(state), hand_kinds(("W5-1",)), values_of(state), 4, False)
    assert best == 8 - 2 + 8 + 1
    assert [action.command(0) for action in chosen] == [Remove(0, ("B2", "D7"))]


def test_greedy_buys_the_face_up_card_its_action_lays() -> None:
    """The cross board again, the X5 not in hand but on top of the face-up orange pile:
    the greedy bot buys it with its 2 pions (8 points more), then lays it."""
    opening = prepared(CROSS, ("Ana", "Ben"), pions=(2, 0), hands=((), ()))
    orange = [card for card in opening.orange if card != "X5-1"]
    # A prepared game cuts the 35 orange cards after the first 18 (S4): the 19th is on top.
    state = start(replace(opening, orange=(*orange[:18], "X5-1", *orange[18:])))
    view = view_for(state, 0)
    assert view.top_up[0] == "X5-1"
    assert GreedyBot().decide(view, random.Random(1)) == Buy(0, "orange", "up")
    state = apply(state, Buy(0, "orange", "up"))
    assert GreedyBot().decide(view_for(state, 0), random.Random(1)) == Remove(0, ("C3",))


def test_greedy_ends_its_turn_or_buys_after_its_action() -> None:
    state = start(prepared(B0, ("Ana", "Ben"), pions=(4, 5), hands=(("W5-1",), ())))
    state = apply(state, Remove(0, ("B2",)))
    command = GreedyBot().decide(view_for(state, 0), random.Random(1))
    assert isinstance(command, EndTurn | Buy)


def test_the_expert_beats_random() -> None:
    wins = 0
    for game in range(4):
        names = ["expert", "random"] if game % 2 == 0 else ["random", "expert"]
        final = play_out(names, f"{game:02x}" * 32)
        wins += names.index("expert") in final.winners
    assert wins >= 3


def test_iterations_alone_decide_whatever_the_time_budget() -> None:
    """With an iteration budget the search never looks at the clock: a budget of a
    millisecond and none at all give the same command."""
    state = fold(new_game(NAMES[:2], Options(), "12" * 16))
    view = view_for(state, state.current)
    rushed = bot("expert", BotSettings(time_budget=0.001, iterations=40))
    patient = bot("expert", BotSettings(time_budget=None, iterations=40))
    assert rushed.decide(view, random.Random(5)) == patient.decide(view, random.Random(5))
    assert rushed.searched_iterations == patient.searched_iterations == 40


def test_a_time_budget_alone_is_searched_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a time budget only, the search goes on until the budget is spent, past
    the 400 iterations it once stopped at: a faster engine buys more worlds. The
    clock is a fake one that ticks 0.1 ms a reading, so the test does not depend
    on the machine."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) / 10_000)
    state = fold(new_game(NAMES[:2], Options(), "12" * 16))
    expert = bot("expert", BotSettings(time_budget=0.05, iterations=None))
    expert.decide(view_for(state, state.current), random.Random(5))
    assert 450 <= expert.searched_iterations <= 500


def _reference_judge(before: int, after: int, changed: int, test: str) -> tuple[int, list[str]]:
    """The engine's judgement of one action (``resolution.modified_sets``), as pions and kinds."""
    kinds = default_data_set().kinds
    pions, stains = 0, []
    for _colour, mask in modified_sets(before, after, changed, test):
        size = mask.bit_count()
        if size in (4, 5):
            stains += [kind.id for kind in kinds if matches(mask, kind)]
        else:
            pions += {2: 2, 3: 3}.get(size, 0)
    return pions, stains


def test_the_bots_judge_actions_as_the_engine_does() -> None:
    """The bots' judgement stops its flood fills early; on random boards it still finds
    the engine's pions and stains for every removal and move."""
    rng = random.Random(11)
    for _ in range(40):
        squares = rng.sample(range(49), rng.randint(3, 45))
        tokens = sum(1 << sq for sq in squares)
        test = rng.choice(["count", "squares"])
        board = board_actions(tokens, test, default_data_set().kinds, True)
        for action in (*board.plain, *board.staining):
            changed = 1 << action.first | (1 << action.second if action.second >= 0 else 0)
            after = tokens ^ changed if action.sort == 2 else tokens & ~changed
            pions, stains = _reference_judge(tokens, after, changed, test)
            assert (action.pions, sorted(action.stains)) == (pions, sorted(stains))


def test_best_actions_match_a_plain_scan() -> None:
    """The greedy judgement's lookups give the same best value and the same actions, in
    the same order, as scanning every action."""
    rng = random.Random(12)
    kinds = default_data_set().kinds
    values = {kind.id: kind.value for kind in kinds}
    for _ in range(30):
        tokens = sum(1 << sq for sq in rng.sample(range(49), rng.randint(4, 44)))
        board = board_actions(tokens, "count", kinds, True)
        for _ in range(5):
            hand = Counter(rng.choice(kinds).id for _ in range(rng.randint(0, 5)))
            pions, moves_left = rng.randint(0, 6), rng.random() < 0.5
            allowed = (True, pions >= 2, moves_left and pions >= 3)
            scan = [
                (action.net, action)
                for sort in range(3)
                if allowed[sort]
                for action in board.plain
                if action.sort == sort and action.net == board.plain_best[sort]
            ]
            scan += [
                (action.net + lay_bonus(action.stains, hand, values), action)
                for action in board.staining
                if allowed[action.sort]
            ]
            best = max(value for value, _ in scan)
            plain = [a for v, a in scan if v == best and not a.stains]
            plain.sort(key=lambda a: (a.sort, board.plain_ties[a.sort].index(a)))
            expected = plain + [a for v, a in scan if v == best and a.stains]
            assert best_actions(board, hand, values, pions, moves_left) == (best, expected)
