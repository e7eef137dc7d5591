"""Atlantis as the kernel sees it: the descriptor that ties its modules together.

This is the worked example of ``core.kernel.game_type``: each field points at
the Atlantis function that does the job; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.atlantis.board import Board
from core.atlantis.bots import BOTS
from core.atlantis.bots.expert_bot import review_search
from core.atlantis.check import actions_of
from core.atlantis.commands import AnyCommand
from core.atlantis.decide import decide, decide_trusted
from core.atlantis.describe import describe
from core.atlantis.event_rules import event_rules
from core.atlantis.events import AnyEvent, GameEnded, GameStarted, TurnEnded
from core.atlantis.evolve import evolve, evolve_all, fold, states_after
from core.atlantis.hidden import plant, plant_in_event
from core.atlantis.i18n import CATALOGUE, N_
from core.atlantis.judging import checked_save, judge
from core.atlantis.legal_commands import BotCommands, legal_commands
from core.atlantis.moves import pawn_moves
from core.atlantis.options import Options
from core.atlantis.save_upgrades import STEPS
from core.atlantis.scoring import final_scores, projected_score, winners
from core.atlantis.setup import new_game
from core.atlantis.state import (
    MAINLAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PAWNS_PER_PLAYER,
    TOTAL_CARDS,
    State,
)
from core.atlantis.tiles import TILES_PER_BACK
from core.atlantis.view import PlayerView, event_for, view_for, with_revealed
from core.kernel.events import Action
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
from core.kernel.replay import TakenUp
from core.kernel.tutor import AnyLesson


def _setup(players: Sequence[str], options: Options, secret: str) -> list[AnyEvent]:
    return new_game(tuple(players), 0, options, secret=secret)


def _decide(state: State, command: AnyCommand) -> list[AnyEvent]:
    return decide(state, command)


def _to_act(state: State) -> int | None:
    # The kernel asks before every command: the playing phase is answered directly.
    return state.current if state.phase == "playing" else state.to_act


def _is_over(state: State) -> bool:
    return state.phase == "over"


def result(state: State) -> Result:
    """E3 scores (E2 projected for a game still going), places, and the winners.

    A finished game's scores are those its end recorded: a game ended by
    resignations (E5) scores the pawns still out as if they had crossed (E2). A
    seat that resigned wins nothing, so it is placed after every seat still in.
    """
    if state.is_over:
        scores = state.scores or final_scores(state)
    else:
        scores = tuple(projected_score(state, seat) for seat in range(state.player_count))
    standing = [(seat not in state.resigned, score) for seat, score in enumerate(scores)]
    places = tuple(1 + sum(other > mine for other in standing) for mine in standing)
    return Result(scores, places, winners(scores, state.resigned))


def _lessons() -> Sequence[AnyLesson]:
    from core.atlantis.lessons import LESSONS  # built when the tutorial first asks

    return LESSONS


def _turn_count(state: State) -> int:
    return state.turn


def _preview(state: State) -> int:
    """Every move of each of the current player's pawns still on the path, as the
    screen previews them when the player points at the pawn."""
    if state.phase != "playing":
        return 0
    calls = 0
    for pawn in range(PAWNS_PER_PLAYER):
        if state.pawns[state.current][pawn] != MAINLAND:
            # A fresh board each call: the cost a first look at a position pays.
            pawn_moves(state, pawn, board=Board(state))
            calls += 1
    return calls


def _turn_ended(event: AnyEvent) -> bool:
    return isinstance(event, TurnEnded)


def _event_seat(event: AnyEvent) -> int | None:
    """The log's seat of an event: the player it names; a turn's end, the next one's."""
    if isinstance(event, TurnEnded):
        return event.next_player
    player = getattr(event, "player", None)
    return player if isinstance(player, int) else None


def _ends_game(event: AnyEvent) -> bool:
    return isinstance(event, GameEnded)


def _prepared(event: AnyEvent) -> bool:
    """A rulebook's worked example opens with pawns or tiles already placed."""
    return isinstance(event, GameStarted) and bool(event.pawns or event.collected)


def _play_from_here(
    events: Sequence[AnyEvent], position: int, actions: Sequence[Action]
) -> TakenUp[AnyEvent]:
    from core.atlantis.replay import play_from_here  # it imports this module

    return play_from_here(events, position, actions)


def _states_after(events: Sequence[AnyEvent]) -> list[State]:
    return states_after(events)


def _actions_of(events: Sequence[AnyEvent]) -> Sequence[Action]:
    return actions_of(events)


ATLANTIS: GameType[State, AnyEvent, AnyCommand, PlayerView, Options] = GameType(
    id="atlantis",
    name=N_("Atlantis"),
    players=PlayerLimits(MIN_PLAYERS, MAX_PLAYERS),
    options_type=Options,
    event_type=AnyEvent,
    command_type=AnyCommand,
    setup=_setup,
    decide=_decide,
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
        upgrades=STEPS,
        judge=judge,
        ends_game=_ends_game,
        prepared=_prepared,
        states_after=_states_after,
        find_actions=_actions_of,
        play_from_here=_play_from_here,
        check=checked_save,
    ),
    presentation=Presentation(
        describe=describe,
        event_rules=event_rules,
        rules=RulesTexts(
            package="core.atlantis",
            spec="data/RULES.md",
            rulebooks={
                "en": "data/rulebook.md",
                "fr": "data/rulebook.fr.md",
                "nl": "data/rulebook.nl.md",
            },
        ),
        lessons=_lessons,
        catalogue=CATALOGUE,
        turn_ended=_turn_ended,
        event_seat=_event_seat,
    ),
    play=Playing(
        bots=BOTS,
        bot_commands=BotCommands,
        review_search=review_search,
        # Each move takes a pawn at least one space on (T4): at most 4 × 3 × 54 moves.
        # Before, between and after them, T9 turns draw cards into hands, which only a
        # move empties; once both piles are empty a round of T9 ends the game (E4).
        # Purchases give tiles back to the box for good (T1); bridges, resignations and
        # final crossings are one a player.
        longest_game=(MAX_PLAYERS * PAWNS_PER_PLAYER * MAINLAND + 1)
        * (TOTAL_CARDS + MAX_PLAYERS + 1)
        + 2 * TILES_PER_BACK
        + 3 * MAX_PLAYERS,
        turn_count=_turn_count,
        preview=_preview,
        evolve_all=evolve_all,
    ),
)
"""The descriptor ``core.games`` registers."""
