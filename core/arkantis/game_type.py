"""ArkantiS as the kernel sees it: the descriptor that ties its modules together.

Each field points at the ArkantiS function that does the job; nothing here
decides a rule (``core/atlantis/game_type.py`` is the worked example).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.arkantis.bots import BOTS
from core.arkantis.bots.expert_bot import review_search
from core.arkantis.commands import AnyCommand, Remove
from core.arkantis.decide import decide, decide_trusted
from core.arkantis.describe import describe
from core.arkantis.event_rules import event_rules
from core.arkantis.events import AnyEvent, GameScored, GameStarted, TurnEnded
from core.arkantis.evolve import evolve, evolve_all, fold
from core.arkantis.hidden import plant, plant_in_event
from core.arkantis.i18n import CATALOGUE, N_
from core.arkantis.judging import judge
from core.arkantis.legal_commands import CommandTable, legal_commands
from core.arkantis.limits import bot_refusal, longest_game
from core.arkantis.options import Options
from core.arkantis.preview import preview
from core.arkantis.rulebook_figures import expand_figures
from core.arkantis.scoring import final_scores, places, score_now, winners
from core.arkantis.setup import new_game
from core.arkantis.squares import members, name
from core.arkantis.state import MAX_PLAYERS, MIN_PLAYERS, State
from core.arkantis.view import PlayerView, event_for, view_for, with_revealed
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


def _setup(players: Sequence[str], options: Options, secret: str) -> list[AnyEvent]:
    return new_game(tuple(players), options, secret)


def _to_act(state: State) -> int | None:
    """``State.to_act``, read directly: the kernel asks it once a command."""
    return None if state.phase == "over" else state.current


def _is_over(state: State) -> bool:
    """``State.is_over``, read directly: the kernel asks it once a command."""
    return state.phase == "over"


def result(state: State) -> Result:
    """E2 scores (as if the game ended now, for one still going), places, winners (E3)."""
    scores = state.scores or (
        final_scores(state)
        if state.is_over
        else tuple(score_now(state, seat) for seat in range(state.player_count))
    )
    if state.is_over and state.scores:
        won, tie_break = state.winners, state.tie_break
    else:
        won, tie_break = winners(scores, state.options.tiebreak)
    totals = tuple(score.total for score in scores)
    return Result(totals, places(scores, won, state.options.tiebreak), won, tie_break)


def _turn_count(state: State) -> int:
    return state.turn


def _preview(state: State) -> int:
    """Every single removal the player to act may point at, previewed as the screen does."""
    if state.phase != "action":
        return 0
    count = 0
    for sq in members(state.tokens):
        preview(state, Remove(state.current, (name(sq),)))
        count += 1
    return count


def _lessons() -> Sequence[AnyLesson]:
    from core.arkantis.lessons import LESSONS  # built when the tutorial first asks

    return LESSONS


def _turn_ended(event: AnyEvent) -> bool:
    return isinstance(event, TurnEnded)


def _event_seat(event: AnyEvent) -> int | None:
    """The log's seat of an event: the player it names; a turn's end, the next one's."""
    if isinstance(event, TurnEnded):
        return event.next_player
    player = getattr(event, "player", None)
    return player if isinstance(player, int) else None


def _ends_game(event: AnyEvent) -> bool:
    """A finished game's last event: its scores (E2, E3), just after ``GameEnded``."""
    return isinstance(event, GameScored)


def _prepared(event: AnyEvent) -> bool:
    """A worked example or a lesson opens on a board laid by hand."""
    return isinstance(event, GameStarted) and bool(event.board)


ARKANTIS: GameType[State, AnyEvent, AnyCommand, PlayerView, Options] = GameType(
    id="arkantis",
    name=N_("ArkantiS"),
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
    ),
    presentation=Presentation(
        describe=describe,
        event_rules=event_rules,
        rules=RulesTexts(
            package="core.arkantis",
            spec="data/RULES.md",
            rulebooks={
                "en": "data/rulebook.md",
                "fr": "data/rulebook.fr.md",
                "nl": "data/rulebook.nl.md",
            },
            expand=expand_figures,
        ),
        lessons=_lessons,
        turn_ended=_turn_ended,
        event_seat=_event_seat,
        catalogue=CATALOGUE,
    ),
    play=Playing(
        bots=BOTS,
        bot_commands=CommandTable,
        review_search=review_search,
        bot_refusal=bot_refusal,
        # E1.3: at most 42 + move_limit × players action turns (the largest limit the
        # options take), one pass each, two commands a turn, and 55 purchases.
        longest_game=longest_game(),
        turn_count=_turn_count,
        preview=_preview,
        evolve_all=evolve_all,
    ),
)
"""The descriptor ``core.games`` registers."""
