"""Atlantis as the kernel sees it: the descriptor that ties its modules together.

This is the worked example of ``core.kernel.game_type``: each field points at
the Atlantis function that does the job; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.atlantis.bots import BOTS
from core.atlantis.commands import AnyCommand
from core.atlantis.decide import decide
from core.atlantis.describe import describe
from core.atlantis.events import AnyEvent
from core.atlantis.evolve import evolve, fold
from core.atlantis.i18n import CATALOGUE, N_
from core.atlantis.legal_commands import legal_commands
from core.atlantis.options import Options
from core.atlantis.scoring import final_scores, projected_score, ranks, winners
from core.atlantis.setup import new_game
from core.atlantis.state import MAX_PLAYERS, MIN_PLAYERS, State
from core.atlantis.view import PlayerView, event_for, view_for
from core.kernel.game_type import GameType, PlayerLimits, Result, RulesTexts


def _setup(players: Sequence[str], options: Options, secret: str) -> list[AnyEvent]:
    return new_game(tuple(players), 0, options, secret=secret)


def _decide_trusted(state: State, command: AnyCommand) -> list[AnyEvent]:
    return decide(state, command, trusted=True)


def _decide(state: State, command: AnyCommand) -> list[AnyEvent]:
    return decide(state, command)


def _to_act(state: State) -> int | None:
    return state.to_act


def _is_over(state: State) -> bool:
    return state.is_over


def result(state: State) -> Result:
    """E3 scores (E2 projected for a game still going), places, and the winners."""
    if state.is_over:
        scores = final_scores(state)
    else:
        scores = tuple(projected_score(state, seat) for seat in range(state.player_count))
    return Result(scores, ranks(scores), winners(scores, state.resigned))


ATLANTIS: GameType[State, AnyEvent, AnyCommand, PlayerView, Options] = GameType(
    id="atlantis",
    name=N_("Atlantis"),
    players=PlayerLimits(MIN_PLAYERS, MAX_PLAYERS),
    options_type=Options,
    event_type=AnyEvent,
    command_type=AnyCommand,
    setup=_setup,
    decide=_decide,
    decide_trusted=_decide_trusted,
    evolve=evolve,
    fold=fold,
    to_act=_to_act,
    is_over=_is_over,
    view_for=view_for,
    event_for=event_for,
    legal_commands=legal_commands,
    describe=describe,
    result=result,
    bots=BOTS,
    rules=RulesTexts(
        package="core.atlantis",
        spec="data/RULES.md",
        rulebooks={
            "en": "data/rulebook.md",
            "fr": "data/rulebook.fr.md",
            "nl": "data/rulebook.nl.md",
        },
    ),
    catalogue=CATALOGUE,
)
"""The descriptor ``core.games`` registers."""
