"""Each game's events name the rules of its spec that give them, and a wrong answer to
a shipped puzzle names the rules that matter (the better move's, the answer given's)."""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from core.games import GAMES
from core.kernel.registry import AnyGameType
from core.services.puzzles.model import second_best
from core.services.puzzles.position import (
    decoded,
    events_rule_ids,
    judge_answer,
    position_state,
)
from core.services.puzzles.shipped import shipped_set
from core.services.rules_text import rule_ids as spec_rule_ids
from tests.puzzles.helpers import GAME_IDS

MARKERS = {
    "atlantis": {"events-undone", "pile-shuffled", "turn-ended"},
    "arkantis": {"events-undone", "pile-shuffled"},
    "atlantica": {"events-undone", "pile-shuffled"},
}
"""The tags no rule gives: an undo, a pile shuffled after one, Atlantis's turn handed on."""


def event_classes(game: AnyGameType) -> tuple[type[msgspec.Struct], ...]:
    """The members of the game's event union."""
    return typing.get_args(game.event_type)


def _value(kind: Any, rich: bool, choices: dict[str, Any], name: str) -> Any:
    """A value of ``kind``: small and empty, or ``rich`` (one of each, a number > 1)."""
    if name in choices:
        return choices[name]
    origin = typing.get_origin(kind)
    if origin is typing.Literal:
        return typing.get_args(kind)[0]
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        return _value(options[0], rich, {}, "") if rich else None
    if origin is tuple:
        item = typing.get_args(kind)[0]
        return (_value(item, rich, {}, ""),) * 2 if rich else ()
    if kind is bool:
        return rich
    if kind is int:
        return 2 if rich else 1
    if kind is str:
        return "x" if rich else ""
    if isinstance(kind, type) and issubclass(kind, msgspec.Struct):
        return _instance(kind, rich, {})
    return None


def _instance(cls: type[msgspec.Struct], rich: bool, choices: dict[str, Any]) -> Any:
    """An instance of ``cls`` (msgspec does not check types on construction)."""
    fields = msgspec.structs.fields(cls)
    return cls(**{f.encode_name: _value(f.type, rich, choices, f.name) for f in fields})


def variants(cls: type[msgspec.Struct]) -> Iterator[Any]:
    """Instances of ``cls``: small, rich, and one of each for every value a literal
    field may take (a draw's reason, a game's end, a location…)."""
    literals = {
        f.name: typing.get_args(f.type)
        for f in msgspec.structs.fields(cls)
        if typing.get_origin(f.type) is typing.Literal
    }
    for rich in (False, True):
        yield _instance(cls, rich, {})
        for name, values in literals.items():
            for value in values:
                yield _instance(cls, rich, {name: value})


def rules_of(game: AnyGameType) -> Any:
    rules = game.presentation.event_rules
    assert rules is not None, f"{game.id} names no rule of its events"
    return rules


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_names_rules_of_its_spec(game_id: str) -> None:
    game = GAMES.get(game_id)
    known = spec_rule_ids(game)
    for cls in event_classes(game):
        for event in variants(cls):
            named = rules_of(game)(event)
            assert set(named) <= known, (cls.__name__, named)
            assert len(set(named)) == len(named), (cls.__name__, named)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_tag_but_a_marker_names_a_rule(game_id: str) -> None:
    game = GAMES.get(game_id)
    tags = {cls.__struct_config__.tag: cls for cls in event_classes(game)}
    assert MARKERS[game_id] <= set(tags)
    for tag, cls in tags.items():
        named = {rule for event in variants(cls) for rule in rules_of(game)(event)}
        if tag in MARKERS[game_id]:
            assert not named, tag
        else:
            assert named, f"{tag} names no rule"


def test_the_events_name_their_most_specific_rules() -> None:
    """A few events read against their spec by hand."""
    from core.arkantis.events import TokensRemoved
    from core.atlantica.events import DiverCardsPlayed
    from core.atlantis.events import CardsDrawn, PawnMoved

    atlantis = rules_of(GAMES.get("atlantis"))
    assert atlantis(PawnMoved(0, 0, 0, (3, 4), (5, 7), 2)) == ("T4.1", "T4.3", "T5.1")
    assert atlantis(CardsDrawn(0, (), 2, "buy")) == ("T1",)
    assert rules_of(GAMES.get("arkantis"))(TokensRemoved(0, ("A1", "B2"), 2)) == ("T3.2",)
    played = DiverCardsPlayed(0, "port", 2, ("W1", "G1", "G2"), pair_slot=1)
    assert rules_of(GAMES.get("atlantica"))(played) == ("T4.2", "T2.3", "T2.5")


def first_wrong_answer(game: AnyGameType) -> tuple[Any, Any]:
    """A shipped puzzle of ``game`` and a legal choice other than its answer."""
    shipped = shipped_set(game.id)
    assert shipped is not None
    for puzzle in shipped.puzzles:
        other = second_best(puzzle)
        if other is not None:
            # as mined before the games named their events' rules: the verdict finds them
            return msgspec.structs.replace(puzzle, rule_ids=()), other.command
    raise AssertionError(f"no shipped {game.id} puzzle has a second choice")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_wrong_answer_to_a_shipped_puzzle_names_the_rules_that_matter(game_id: str) -> None:
    game = GAMES.get(game_id)
    puzzle, other = first_wrong_answer(game)
    verdict = judge_answer(puzzle, other, game)
    assert not verdict.correct
    assert verdict.rule_ids, f"a wrong {game_id} answer names no rule"
    assert set(verdict.rule_ids) <= spec_rule_ids(game)
    state = position_state(game, puzzle)
    better = events_rule_ids(game, state, game.decide(state, decoded(game, puzzle.answer)))
    given = events_rule_ids(game, state, game.decide(state, decoded(game, other)))
    # What the two moves do differently: the better move's own rules first, then the
    # answer's own; both moves' rules when they follow the same ones.
    only_better = tuple(rule for rule in better if rule not in given)
    only_given = tuple(rule for rule in given if rule not in better)
    if only_better or only_given:
        assert verdict.rule_ids == only_better + only_given
    else:
        assert verdict.rule_ids == tuple(dict.fromkeys(better + given))
