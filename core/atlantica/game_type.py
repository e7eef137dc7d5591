"""Atlantica as the kernel sees it: the descriptor that ties its modules together.

Each field points at the Atlantica function that does the job; nothing here
decides a rule (``core/atlantis/game_type.py`` is the worked example).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from core.atlantica.bots import BOTS
from core.atlantica.bots.expert_bot import review_search
from core.atlantica.commands import AnyCommand
from core.atlantica.decide import decide, decide_trusted
from core.atlantica.describe import describe
from core.atlantica.event_rules import event_rules
from core.atlantica.events import AnyEvent, GameScored, GameStarted, TurnEnded
from core.atlantica.evolve import evolve, evolve_all, fold, states_after
from core.atlantica.hidden import plant, plant_in_event
from core.atlantica.i18n import CATALOGUE, N_
from core.atlantica.judging import judge
from core.atlantica.legal_commands import legal_commands
from core.atlantica.limits import bot_refusal, longest_game
from core.atlantica.options import Options
from core.atlantica.preview import preview_count
from core.atlantica.scoring import final_scores, places, score_now, winners
from core.atlantica.setup import new_game
from core.atlantica.state import MAX_PLAYERS, MIN_PLAYERS, State
from core.atlantica.view import PlayerView, event_for, view_for, with_revealed
from core.kernel.game_type import (
    GameType,
    PlayerLimits,
    Playing,
    Presentation,
    Privacy,
    Records,
    Result,
    RulesTexts,
)
from core.kernel.tutor import AnyLesson

RULEBOOKS = {
    code: name
    for code, name in (
        ("en", "data/rulebook.md"),
        ("fr", "data/rulebook.fr.md"),
        ("nl", "data/rulebook.nl.md"),
    )
    if (Path(__file__).parent / name).is_file()
}
"""The players' rulebooks that are written (the specification stands in for the rest)."""


def _setup(players: Sequence[str], options: Options, secret: str) -> list[AnyEvent]:
    return new_game(tuple(players), options, secret)


def _to_act(state: State) -> int | None:
    return state.to_act


def _is_over(state: State) -> bool:
    return state.is_over


def result(state: State) -> Result:
    """E3–E6 scores (as if the game ended now, for one still going), places, winners (E7)."""
    if state.is_over and state.scores:
        scores = state.scores
        won, tie_break = state.winners, state.tie_break
    else:
        scores = tuple(score_now(state, seat) for seat in range(state.player_count))
        won, tie_break = winners(scores)
    totals = tuple(score.total for score in scores)
    return Result(totals, places(scores, won), won, tie_break)


def _turn_count(state: State) -> int:
    return state.turn


def _lessons() -> Sequence[AnyLesson]:
    try:
        from core.atlantica.lessons import LESSONS  # type: ignore[import-not-found, unused-ignore]
    except ImportError:  # the tutorial is not written yet
        return ()
    lessons: Sequence[AnyLesson] = LESSONS
    return lessons


def _turn_ended(event: AnyEvent) -> bool:
    return isinstance(event, TurnEnded)


def _event_seat(event: AnyEvent) -> int | None:
    """The log's seat of an event: the player it names; a turn's end, the next one's."""
    if isinstance(event, TurnEnded):
        return event.next_player
    player = getattr(event, "player", None)
    return player if isinstance(player, int) else None


def _ends_game(event: AnyEvent) -> bool:
    """A finished game's last event: its scores (E7)."""
    return isinstance(event, GameScored)


def _prepared(event: AnyEvent) -> bool:
    """A worked example or a lesson opens on a position laid by hand."""
    return isinstance(event, GameStarted) and event.prepared is not None


__all__ = ["ATLANTICA", "final_scores", "result"]

ATLANTICA: GameType[State, AnyEvent, AnyCommand, PlayerView, Options] = GameType(
    id="atlantica",
    name=N_("Atlantica"),
    players=PlayerLimits(MIN_PLAYERS, MAX_PLAYERS),
    options_type=Options,
    event_type=AnyEvent,
    command_type=AnyCommand,
    setup=_setup,
    decide=decide,
    decide_trusted=decide_trusted,
    evolve=evolve,
    fold=fold,
    to_act=_to_act,
    is_over=_is_over,
    legal_commands=legal_commands,
    result=result,
    privacy=Privacy(
        hides_information=True,
        view_for=view_for,
        event_for=event_for,
        plant=plant,
        plant_in_event=plant_in_event,
        view_type=PlayerView,
        with_revealed=with_revealed,
    ),
    records=Records(
        ends_game=_ends_game,
        prepared=_prepared,
        judge=judge,
        states_after=states_after,
    ),
    presentation=Presentation(
        describe=describe,
        event_rules=event_rules,
        rules=RulesTexts(
            package="core.atlantica",
            spec="data/RULES.md",
            rulebooks=RULEBOOKS,
        ),
        lessons=_lessons,
        turn_ended=_turn_ended,
        event_seat=_event_seat,
        catalogue=CATALOGUE,
    ),
    play=Playing(
        bots=BOTS,
        review_search=review_search,
        bot_refusal=bot_refusal,
        # Hires and passes take nothing, so no bound holds for every play (limits.py).
        longest_game=longest_game(),
        turn_count=_turn_count,
        preview=preview_count,
        evolve_all=evolve_all,
    ),
)
"""The descriptor ``core.games`` registers."""
