"""The plain Atlantis playout (``tools.plain_playouts.atlantis``) and the tool that
times the engine against it (``tools.engine_ratio``).

The playout is the yardstick the engine's speed is quoted against, so besides
playing sane games it must choose among the same moves and payments as the
engine's ``random`` bot; a few positions of engine games check that.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
from collections import Counter
from collections.abc import MutableSequence, Sequence
from typing import Any

import pytest

from core.atlantis.events import CrossingPaid, DeckReshuffled, FinalCrossingPaid, PawnMoved
from core.atlantis.game_type import ATLANTIS as GAME
from core.atlantis.moves import final_payments, move_list, payments_for
from core.atlantis.state import MAINLAND, State
from core.services.benchmark import opening, play_random_game
from tools import engine_ratio
from tools.plain_playouts import atlantis as plain

pytestmark = pytest.mark.xdist_group("plain-playout-atlantis")
"""One worker plays the module's games (``outcomes``) for all its tests."""

GAMES = 20
SEED = 1
FEWEST_TURNS = 9
"""Three moves of one seat to bring its pawns home, the others' turns between."""
MOST_TURNS = 300
"""Far beyond any random game seen (the longest of 4000 played was under 130)."""


@pytest.fixture(scope="module")
def outcomes() -> list[plain.Outcome]:
    setups = plain.setups(GAMES, SEED)
    return [plain.outcome(setup, random.Random(SEED + i)) for i, setup in enumerate(setups)]


def test_games_end_with_a_sane_number_of_turns(outcomes: list[plain.Outcome]) -> None:
    turns = [outcome.turns for outcome in outcomes]
    assert all(FEWEST_TURNS <= count <= MOST_TURNS for count in turns), turns
    # The engine's random games last 70.1 turns on average (sd 11): 20 games stay near.
    assert 60 <= statistics.fmean(turns) <= 80, turns


def test_scores_are_those_a_game_can_end_with(outcomes: list[plain.Outcome]) -> None:
    """E3: at most every tile and card; E2.1: below zero only by what was unpaid."""
    most = sum(plain.load_tiles()[1]) + len(plain.ITEMS) * plain.CARDS_PER_ITEM
    for outcome in outcomes:
        assert len(outcome.scores) == plain.SEATS
        assert all(-most <= score <= most for score in outcome.scores)
        assert not outcome.stalled  # E4 takes empty piles, which random games never reach


def test_play_returns_the_turns_and_is_reproducible() -> None:
    setup = plain.setups(1, 7)[0]
    first = plain.play(setup, random.Random(3))
    assert first == plain.outcome(setup, random.Random(3)).turns
    assert plain.play(setup, random.Random(3)) == first  # the setup is not used up


def test_setups_do_not_depend_on_how_many_are_made() -> None:
    assert plain.setups(3, 5)[2] == plain.setups(1, 7)[0]


def test_setups_lay_the_path_and_deal_as_s2_and_s4_say() -> None:
    setup = plain.setups(1, SEED)[0]
    assert isinstance(setup, plain.Setup)
    heights = [len(stack) for stack in setup.spaces]
    assert heights == [0, *[2] * 10, *[1] * 10, *[2] * 6, 0, *[2] * 6, *[1] * 10, *[2] * 10, 0]
    assert [sum(hand) for hand in setup.hands] == [4, 5, 6, 7]
    cards = Counter(setup.deck)
    for hand in setup.hands:
        cards.update({item: count for item, count in enumerate(hand)})
    assert cards == dict.fromkeys(range(len(plain.ITEMS)), plain.CARDS_PER_ITEM)


def test_the_playout_imports_nothing_of_the_program() -> None:
    code = (
        "import sys, tools.plain_playouts.atlantis; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('core', 'atlantis_tui')))"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert found.strip() == "[]"


def _plain_moves(state: State) -> Counter[tuple[int, tuple[int, ...], int, int]]:
    items, values, _backs = plain.load_tiles()
    board = plain._Board([list(stack) for stack in state.spaces], items, values)
    seat = state.current
    hand = list(state.hands[seat])
    occupied = {space for pawns in state.pawns for space in pawns if 0 < space < MAINLAND}
    budget = sum(values[tile] for tile in state.collected[seat]) + sum(hand)
    return Counter(plain._moves(board, list(state.pawns[seat]), hand, occupied, budget))


def test_moves_and_payments_are_the_engines_random_bot_choices() -> None:
    """Along engine games: the same moves (pawn, cards, stop, price), counted alike,
    and the same payments for each, as the engine's random bot chooses among."""
    values = plain.load_tiles()[1]
    positions = 0
    for seed in (1, 2):
        played = play_random_game(GAME, seed)
        state = GAME.fold(played.events[:1])
        for event in played.events[1:]:
            state = GAME.evolve(state, event)
            if state.phase == "final_crossing" and state.final_pending:
                seat = state.final_pending[0]
                board = plain._Board([list(s) for s in state.spaces], *plain.load_tiles()[:2])
                owed = sum(
                    board.toll[MAINLAND] - board.toll[space]
                    for space in state.pawns[seat]
                    if space != MAINLAND
                )
                ours = plain._payments(state.collected[seat], values, state.hands[seat], owed)
                assert ours == [(p.tiles, p.cards) for p in final_payments(state, seat)]
            if state.phase != "playing":
                continue
            engine_moves = [
                (p, cards, stops[-1], owed) for p, cards, stops, owed in move_list(state)
            ]
            assert _plain_moves(state) == Counter(engine_moves)
            positions += 1
            for _pawn, cards, _stop, owed in engine_moves:
                if owed:
                    left = list(state.hands[state.current])
                    for card in cards:
                        left[card] -= 1
                    ours = plain._payments(state.collected[state.current], values, left, owed)
                    theirs = payments_for(state, cards, owed)
                    assert ours == [(p.tiles, p.cards) for p in theirs]
    assert positions > 100


class EngineChoices(random.Random):
    """A generator that makes the engine's choices, in the order the playout asks:
    each ``choice`` returns the expected item (which must be offered), each
    ``shuffle`` lays the discards in the engine's reshuffled order (which must be
    the same cards)."""

    def __init__(self, expected: list[tuple[str, Any]]) -> None:
        super().__init__(0)
        self.expected = expected

    def choice(self, offered: Sequence[Any]) -> Any:  # type: ignore[override]
        kind, wanted = self.expected.pop(0)
        assert kind == "choice" and wanted in offered, (wanted, offered)
        return wanted

    def shuffle(self, cards: MutableSequence[Any]) -> None:
        kind, order = self.expected.pop(0)
        assert kind == "shuffle" and sorted(cards) == sorted(order)
        cards[:] = order[::-1]  # the playout draws from the end of its pile


def engine_game_in_the_playout(seed: int) -> tuple[plain.Setup, EngineChoices, State]:
    """Engine game ``seed``: its table as a playout setup, its choices, its last state."""
    events = opening(GAME, seed)
    played = play_random_game(GAME, seed, events)
    dealt = GAME.fold(events)
    items, values, _backs = plain.load_tiles()
    setup = plain.Setup(items, values, dealt.spaces, dealt.hands, dealt.deck[::-1])
    expected: list[tuple[str, Any]] = []
    for event in played.events:
        if isinstance(event, PawnMoved):
            move = (event.pawn, event.cards, event.landings[-1], event.owed)
            expected.append(("choice", move))
        elif isinstance(event, CrossingPaid):
            expected.append(("choice", (event.tiles, event.cards)))
        elif isinstance(event, DeckReshuffled):
            expected.append(("shuffle", event.deck))
    # E2: the payments players chose (not those made for them), in seat order as the
    # playout asks.
    chosen = [played.events[action.start] for action in played.actions]
    finals = sorted(
        (event for event in chosen if isinstance(event, FinalCrossingPaid)),
        key=lambda event: event.player,
    )
    expected += [("choice", (event.tiles, event.cards)) for event in finals]
    return setup, EngineChoices(expected), played.state


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_engines_choices_give_the_engines_game(seed: int) -> None:
    """Every turn: the engine's move and payment are among those the playout offers,
    the discards it reshuffles are the engine's; the game ends on the same turn,
    with the same scores."""
    setup, choices, last = engine_game_in_the_playout(seed)
    outcome = plain.outcome(setup, choices)
    assert choices.expected == []
    assert outcome.turns == GAME.play.turn_count(last)  # type: ignore[misc]
    assert outcome.scores == GAME.result(last).scores
    assert outcome.stalled == (last.finisher is None)


def test_engine_ratio_times_both_sides_of_atlantis() -> None:
    ratio = engine_ratio.measure(GAME, plain, games=2, batches=2, seed=SEED)
    assert ratio.engine_cpu_ms > 0 and ratio.plain_cpu_ms > 0
    assert ratio.cpu_ratio == ratio.plain_cpu_ms / ratio.engine_cpu_ms
    assert FEWEST_TURNS <= ratio.engine_turns <= MOST_TURNS
    assert FEWEST_TURNS <= ratio.plain_turns <= MOST_TURNS


def test_engine_ratio_skips_a_game_without_a_playout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert engine_ratio.load_playout("no_such_game") is None
    monkeypatch.setattr(engine_ratio, "load_playout", lambda game_id: None)
    assert engine_ratio.main(["--game", "atlantis"]) == 0
    assert capsys.readouterr().out == (
        "atlantis: skipped, tools.plain_playouts.atlantis does not exist yet\n"
    )


def test_engine_ratio_refuses_a_bad_count_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        engine_ratio.main(["--games", "0"])
    assert exit_.value.code == 2
    assert (
        capsys.readouterr().err
        == "python -m tools.engine_ratio: argument --games: 0 is less than 1\n"
    )
