"""The full re-judge of a saved game (``atlantis check``, resuming a save).

Every action in a record begins with an event that names its command: a
purchase (``card-bought``, after a ``pile-shuffled`` if any), a removal, a
move, a pass or an end of turn. The judge rebuilds that command, asks
``decide`` for the events it gives in the state the record has reached, and
compares them with the record, event by event: the first one that differs,
or a command the rules refuse, is the first line the rules do not give. A
file that ends inside an action (a crash while it was written) is consistent
as far as it goes. Undo markers are followed as ``fold`` follows them.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from core.arkantis.cards import COLOURS, card_ids
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Move, Pass, Remove
from core.arkantis.data import content_hash, default_hashes, faults_of
from core.arkantis.decide import decide
from core.arkantis.events import (
    AnyEvent,
    CardBought,
    GameStarted,
    PileShuffled,
    TokenMoved,
    TokensRemoved,
    TurnEnded,
    TurnPassed,
)
from core.arkantis.evolve import after_undo, evolve, initial_state
from core.arkantis.i18n import _
from core.arkantis.options import DEFAULT_DATA_SET
from core.arkantis.setup import ROLLS
from core.arkantis.state import MAX_PLAYERS, MIN_PLAYERS, State
from core.kernel.judging import JudgeTexts, RecordRules, judge_record
from core.kernel.save_lifecycle import Judgement
from core.kernel.savefile import SavedGame


def command_of(events: Sequence[AnyEvent], index: int) -> AnyCommand | None:
    """The command the action beginning at ``events[index]`` was, or ``None``."""
    event = events[index]
    if isinstance(event, PileShuffled) and index + 1 < len(events):
        event = events[index + 1]
        if not isinstance(event, CardBought):
            return None
    match event:
        case CardBought():
            return Buy(event.player, event.colour, event.pile)
        case TokensRemoved():
            return Remove(event.player, event.squares)
        case TokenMoved():
            return Move(event.player, event.origin, event.target)
        case TurnPassed():
            return Pass(event.player)
        case TurnEnded():
            return EndTurn(event.player)
    return None


def opening_faults(event: GameStarted) -> str | None:
    """What is wrong with a game's opening event (S1.6, S2–S5), or ``None``."""
    if not MIN_PLAYERS <= len(event.players) <= MAX_PLAYERS:
        return _("S2: {count} players").format(count=len(event.players))
    if not 0 <= event.start_player < len(event.players):
        return _("S2: the start player is not at the table")
    if not event.board and (
        len(event.rolls) != ROLLS
        or any(not 1 <= roll <= 6 for roll in event.rolls)
        or (event.options.setup_count == "snake" and sum(event.rolls) > 42)
    ):
        return _("S5.2: the seven rolls are not rolls of a die")
    faults, _warnings = faults_of(event.free_column, event.kinds)
    if faults:
        return _("S1.6: {fault}").format(fault=faults[0])
    named_default = event.options.data_set == DEFAULT_DATA_SET
    if content_hash(event.free_column, event.kinds) != event.data_hash or (
        named_default and event.data_hash not in default_hashes()
    ):
        # The opening carries its cards so that it replays without the data file; its
        # hash says which data set they are, and the default data set is one we know.
        return _("S1.6: the cards are not those of the data set {name} it names").format(
            name=event.options.data_set
        )
    for colour, order in (("orange", event.orange), ("emerald", event.emerald)):
        cards = [card for kind in event.kinds if kind.colour == colour for card in card_ids(kind)]
        held = [
            card
            for hands in (event.hands, event.laid)
            for hand in hands
            for card in hand
            if card in cards
        ]
        if sorted([*order, *held]) != sorted(cards) or colour not in COLOURS:
            return _("S3: the {colour} cards are not those of the data set").format(colour=colour)
    return None


def _texts() -> JudgeTexts:
    return JudgeTexts(
        no_opening=_("L1: a game begins with game-started"),
        nothing_to_undo=_("L1: nothing to undo there"),
        after_the_end=_("E1: an event after the end of the game"),
        no_command=_("L2: this event does not begin a command"),
        not_given=_("L2: the rules do not give this event here"),
    )


RULES: RecordRules[State, AnyEvent, AnyCommand] = RecordRules(
    opening_type=GameStarted,
    opening_faults=opening_faults,
    initial_state=initial_state,
    evolve=evolve,
    after_undo=after_undo,
    decide=decide,
    command_of=lambda events, index, _state: command_of(events, index),
    is_over=lambda state: state.phase == "over",
    seat_of=attrgetter("current"),
    texts=_texts,
)


def judge(saved: SavedGame) -> Judgement:
    """The full check, as the kernel's ``resume_save`` and ``atlantis check`` ask for it."""
    return judge_record(saved, RULES)
