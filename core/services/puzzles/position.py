"""A puzzle's position rebuilt for its solver, and a solver's answer judged.

The solver sees what the seat saw (``Puzzle.view``) and the game so far
(``Puzzle.events``). The screen and the rules need a full state: where folding
the seat's events gives the seat's view back (Atlantica), that fold is the
state; where it does not (Atlantis, ArkantiS: the events a seat receives hide
how many cards the others and the pile hold), the state is one world the view
cannot tell apart from the truth, sampled by the game's review search with the
puzzle's id as seed. Either way every value the seat sees is the real one, the
seat's legal commands are its real ones, and nothing hidden comes from the
record: a puzzle file never holds it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import msgspec

from core.kernel.errors import IllegalMove
from core.kernel.registry import AnyGameType
from core.services.puzzles.model import Puzzle, as_json
from core.services.rules_text import rule_ids as spec_rule_ids

JUDGE_PLAYOUTS = 400
"""Playouts that measure an answer no search of the puzzle weighed against the best
(shared by the two; well under a second on a machine of 2026)."""
_RULE_ID = re.compile(r"\b[A-Z]\d+(?:\.\d+)*\b")
"""A rule id as a log sentence names it (``T4.2``), for a game without ``event_rules``."""


@dataclass(frozen=True)
class Verdict:
    """How a solver's command fares: ``correct``; else what it loses in points against
    the answer (``None``: the rules refuse it there), the better command (JSON, as the
    review stores it) and the rules that matter."""

    correct: bool
    loss_in_points: float | None
    better_command: Any
    rule_ids: tuple[str, ...]


def position_view(game: AnyGameType, puzzle: Puzzle) -> Any:
    """The seat's view at the decision, in the game's view type."""
    return msgspec.convert(puzzle.view, game.privacy.view_type)


def position_events(game: AnyGameType, puzzle: Puzzle) -> list[Any]:
    """The events before the decision as the seat received them, in the game's types."""
    return [msgspec.convert(event, game.event_type) for event in puzzle.events]


def decoded(game: AnyGameType, command: Any) -> Any:
    """A command held as JSON, in the game's command type."""
    return msgspec.convert(command, game.command_type)


def folds_to_view(game: AnyGameType, puzzle: Puzzle) -> Any | None:
    """The fold of the seat's events when it shows the seat its view, else ``None``."""
    events = position_events(game, puzzle)
    if not events:
        return None
    try:
        state = game.fold(events)
    except Exception:  # a projected event a fold cannot read: the view is the authority
        return None
    if game.privacy.view_for(state, puzzle.seat) != position_view(game, puzzle):
        return None
    return state


def sampled_state(game: AnyGameType, puzzle: Puzzle) -> Any:
    """One full state the seat's view cannot tell apart from the real one (hidden cards
    sampled, seeded by the puzzle's id so that it is the same every time)."""
    view = position_view(game, puzzle)
    reviewer = game.play.review_search(view) if game.play.review_search is not None else None
    if reviewer is None:
        raise RuntimeError(f"{game.id} cannot rebuild a position from a view")
    return reviewer.search.game.determinize(view, random.Random(f"puzzle:{puzzle.id}"))


def position_state(game: AnyGameType, puzzle: Puzzle) -> Any:
    """The state the puzzle's screen shows and its rules judge (see the module)."""
    folded = folds_to_view(game, puzzle)
    return folded if folded is not None else sampled_state(game, puzzle)


def events_rule_ids(game: AnyGameType, state: Any, events: Iterable[Any]) -> tuple[str, ...]:
    """The rule ids of the spec that give ``events`` (caused in ``state``), each once, in
    order: the game's ``event_rules``, or for a game without it the ids the events'
    log sentences name."""
    known = spec_rule_ids(game)
    rules_of = game.presentation.event_rules
    found: list[str] = []
    for event in events:
        if rules_of is not None:
            named: Iterable[str] = rules_of(event)
        else:
            named = _RULE_ID.findall(game.presentation.describe(state, event))
        found += [rule for rule in named if rule in known and rule not in found]
    return tuple(found)


def _merged(*groups: Iterable[str]) -> tuple[str, ...]:
    """The rule ids of ``groups``, each once, in order."""
    return tuple(dict.fromkeys(rule for group in groups for rule in group))


def _value_of(puzzle: Puzzle, command: Any) -> float | None:
    """The value the puzzle's search gave ``command`` (JSON), if it weighed it."""
    for choice in puzzle.choices:
        if choice.command == command:
            return choice.value
    return None


def _measured_loss(game: AnyGameType, puzzle: Puzzle, answer: Any, command: Any) -> float:
    """How far ``command`` falls short of the answer, measured from the seat's view in
    the same sampled worlds (a command the puzzle's search did not weigh)."""
    view = position_view(game, puzzle)
    assert game.play.review_search is not None
    reviewer = game.play.review_search(view)
    assert reviewer is not None
    rng = random.Random(f"judge:{puzzle.id}")
    values = reviewer.search.evaluate(view, [answer, command], rng, JUDGE_PLAYOUTS)
    return max(0.0, round(values[0] - values[1], 3))


def judge_answer(puzzle: Puzzle, command: Any, game: AnyGameType) -> Verdict:
    """The verdict on ``command`` (the game's command, or its JSON) as the puzzle's
    answer. A command with the same effect as the answer is right too."""
    answer = decoded(game, puzzle.answer)
    if not isinstance(command, msgspec.Struct):
        command = decoded(game, command)
    if command == answer:
        return Verdict(True, 0.0, puzzle.answer, puzzle.rule_ids)
    state = position_state(game, puzzle)
    better = game.decide(state, answer)
    # The rules that matter, computed here so that puzzles mined before a game named
    # its events' rules name them too: those of the better move that the answer given
    # does not follow, then those the answer follows and the better move does not (the
    # end of a turn, which both reach, says nothing); both moves' rules if they differ
    # in none. The ids stored at mining were read out of log sentences: only a game
    # that cannot name its events' rules falls back on them.
    better_rules = events_rule_ids(game, state, better)
    if game.presentation.event_rules is None:
        better_rules = _merged(better_rules, puzzle.rule_ids)
    try:
        given = game.decide(state, command)
    except IllegalMove as refusal:
        return Verdict(False, None, puzzle.answer, _merged((refusal.rule,), better_rules))
    if given == better:
        return Verdict(True, 0.0, puzzle.answer, puzzle.rule_ids)
    given_rules = events_rule_ids(game, state, given)
    differing = _merged(
        tuple(rule for rule in better_rules if rule not in given_rules),
        tuple(rule for rule in given_rules if rule not in better_rules),
    )
    rules = differing or _merged(better_rules, given_rules)
    value = _value_of(puzzle, as_json(command))
    best = _value_of(puzzle, puzzle.answer)
    if value is not None and best is not None:
        loss = max(0.0, round(best - value, 3))
    else:
        loss = _measured_loss(game, puzzle, answer, command)
    return Verdict(False, loss, puzzle.answer, rules)
