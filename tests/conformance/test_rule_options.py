"""Every value of every rule option with a closed set of values plays as the defaults do.

A game's options (``GameType.options_type``) change its rules, and with them
what is hidden (open hands) or when a turn ends. For each option that is a
yes/no or one of a few named values, and each value other than the default,
playouts from the fewest and the most seats must end, fold as they were built,
and show no seat what it may not see (``privacy.py``). A value the game declares
refused (``msgspec.Meta(extra={"refused": ...})``: the form and ``--option`` refuse
it, as Atlantica's ``round_spaces=marked`` with a data file that marks no space)
must be refused by the rules' own opening too, naming a rule, never played as
another value.
"""

from __future__ import annotations

import typing
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from core.kernel.chance import secret_from_seed
from core.kernel.errors import IllegalMove
from core.kernel.registry import AnyGameType
from tests.conformance.conftest import KIT_GAMES
from tests.conformance.playouts import Playout, play, players_for, policies
from tests.conformance.privacy import MARKERS, event_leaks, open_hands, view_leaks

KNOWN_LEAKS: dict[tuple[str, str], str] = {}
"""Leaks found by this kit and not mended yet; each test fails once it is mended."""


def refusal_of(options_type: Any, name: str, value: Any) -> str | None:
    """Why the game declares ``value`` of option ``name`` refused, or ``None``."""
    for field in msgspec.structs.fields(options_type):
        if field.name != name or typing.get_origin(field.type) is not typing.Annotated:
            continue
        for meta in typing.get_args(field.type)[1:]:
            refused = getattr(meta, "extra", None) and meta.extra.get("refused")
            if refused is not None:
                reason: str | None = refused(value)
                return reason
    return None


def other_values(options_type: Any) -> list[tuple[str, Any]]:
    """(field, value) for every value other than the default of each option that is a
    yes/no or a ``Literal`` of named values."""
    found = []
    for field in msgspec.structs.fields(options_type):
        kind = field.type
        if typing.get_origin(kind) is typing.Annotated:  # documented with msgspec.Meta
            kind = typing.get_args(kind)[0]
        if kind is bool:
            values: tuple[Any, ...] = (True, False)
        elif typing.get_origin(kind) is typing.Literal:
            values = typing.get_args(kind)
        else:
            continue
        found += [(field.name, value) for value in values if value != field.default]
    return found


def test_the_options_are_read() -> None:
    """Every game with a yes/no or named option gives the kit values to try."""
    from core.games import GAMES

    atlantis = dict(other_values(GAMES.get("atlantis").options_type))
    assert atlantis["open_hands"] is True and atlantis["paid_cards_to"] == "box"


def _cases(leaks_known: bool = False) -> list[Any]:
    """(game, option, value) for every game of the kit; with ``leaks_known``, those of
    ``KNOWN_LEAKS`` marked as expected to fail."""
    cases = []
    for game in KIT_GAMES:
        for name, value in other_values(game.options_type):
            label = f"{name}={value}"
            marks = []
            if leaks_known and (game.id, label) in KNOWN_LEAKS:
                marks.append(pytest.mark.xfail(strict=True, reason=KNOWN_LEAKS[game.id, label]))
            cases.append(pytest.param(game, name, value, id=f"{game.id}-{label}", marks=marks))
    return cases


def _playouts(game: AnyGameType, name: str, value: Any) -> list[Playout]:
    options = replace(game.default_options(), **{name: value})
    if refusal_of(game.options_type, name, value) is not None:
        for count in (game.players.least, game.players.most):
            with pytest.raises(IllegalMove) as refused:
                game.setup(players_for(count), options, secret_from_seed(11))
            assert refused.value.rule, (name, value)
        pytest.skip(f"{game.id} refuses {name}={value}, and its opening refuses it too")
    least, most = game.players.least, game.players.most
    deep = policies(game)[-1]  # a bot, when the game has one: a long game
    return [
        play(game, players_for(least), secret_from_seed(11), "uniform", 11, options),
        play(game, players_for(most), secret_from_seed(12), deep, 12, options),
    ]


@pytest.mark.parametrize(("game", "name", "value"), _cases())
def test_every_option_value_plays_to_the_end_and_folds(
    game: AnyGameType, name: str, value: Any
) -> None:
    for playout in _playouts(game, name, value):
        assert game.is_over(playout.states[-1]), playout.label
        for count in range(1, len(playout.events) + 1, 7):
            assert game.fold(playout.events[:count]) == playout.states[count - 1]


@pytest.mark.parametrize(("game", "name", "value"), _cases(leaks_known=True))
def test_no_option_value_shows_a_seat_what_it_may_not_see(
    game: AnyGameType, name: str, value: Any
) -> None:
    for playout in _playouts(game, name, value):
        hands_open = open_hands(playout.options)
        for seat in range(len(playout.players)):
            for index, state in enumerate(playout.states):
                leaks = view_leaks(game, state, seat, MARKERS[index % 2])
                assert not leaks, (playout.label, name, index, leaks)
            for index, event in enumerate(playout.events):
                leaks = event_leaks(game, event, seat, hands_open, MARKERS[index % 2])
                assert not leaks, (playout.label, name, index, leaks)
