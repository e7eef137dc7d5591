"""What an action would do, worked out without playing it: the screen's preview.

``preview`` judges a ``PerformAction`` as ``decide`` would (refusing it the
same way) and says what it pays, what it takes, how many divers it hires, the
seat's score before and after (``scoring.score_now``, as if the game ended
then, and ``score_with_crates``, as if every treasure had its crate), and the
slots and actions the turn has left. A hire's cards are not known before they
are drawn, so a preview of a hire draws nothing.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from core.atlantica.cards import Pick, is_research, is_ship, is_treasure
from core.atlantica.commands import AnyCommand, PerformAction
from core.atlantica.decide import card_at, perform_refusal
from core.atlantica.i18n import _
from core.atlantica.locations import (
    HIRE_DRAW,
    MAX_ACTIONS_PER_TURN,
    MAX_SLOTS_PER_TURN,
    rule_id,
)
from core.atlantica.scoring import excess, score_now, score_with_crates
from core.atlantica.state import State
from core.kernel.errors import IllegalMove


class ActionPreview(msgspec.Struct, frozen=True):
    """An action's rule, the cards it pays, the cards it takes (none for a hire), the
    divers it hires, the seat's score before and after, and what the turn has left.

    ``crated_before`` and ``crated_after`` are the scores with a crate for every
    treasure (``scoring.score_with_crates``), ``crates_short`` the crates still
    missing after the action: a treasure taken without a crate scores nothing now
    (E3) but is not worthless."""

    rule: str
    cards: tuple[str, ...]
    takes: tuple[str, ...]
    hires: int
    score_before: int
    score_after: int
    slots_left: int
    actions_left: int
    crated_before: int = 0
    crated_after: int = 0
    crates_short: int = 0


def _taken(state: State, command: PerformAction) -> tuple[str, ...]:
    if command.location == "submarine" and command.level == 1:
        return (card_at(state, Pick("treasure", 1)),)
    if command.location == "research" and command.level == 1:
        return (card_at(state, Pick("research", 1)),)
    if command.location == "port":
        return (card_at(state, Pick("ship", command.level)),)
    return tuple(card_at(state, pick) for pick in command.picks)


def _with_taken(state: State, seat: int, cards: tuple[str, ...]) -> State:
    """``seat``'s holdings with ``cards`` added (for the score after)."""
    treasures, ships, research = (
        list(rows) for rows in (state.treasures, state.ships, state.research)
    )
    for card in cards:
        if is_ship(card):
            ships[seat] = (*ships[seat], card)
        elif is_research(card):
            research[seat] = (*research[seat], card)
        elif is_treasure(card):
            treasures[seat] = (*treasures[seat], card)
    return replace(state, treasures=tuple(treasures), ships=tuple(ships), research=tuple(research))


Figures = tuple[int, int, int]
"""A seat's score now, its score with crates, and the crates it lacks (``excess``)."""


def _figures(state: State, seat: int, takes: tuple[str, ...]) -> Figures:
    """``seat``'s figures once ``takes`` are added to its holdings. They depend on the
    cards taken alone, which the payments of one choice share: they are kept on the
    (immutable) state, one entry per choice of cards a legal action makes."""
    memo: dict[tuple[int, tuple[str, ...]], Figures] = state.__dict__.setdefault(
        "preview/figures", {}
    )
    found = memo.get((seat, takes))
    if found is None:
        then = _with_taken(state, seat, takes) if takes else state
        found = memo[seat, takes] = (
            score_now(then, seat).total,
            score_with_crates(then, seat).total,
            excess(then, seat),
        )
    return found


def preview(state: State, command: AnyCommand) -> ActionPreview | IllegalMove:
    """The preview of a ``PerformAction``, or the refusal ``decide`` would raise."""
    if not isinstance(command, PerformAction):
        return IllegalMove("T2.3", _("only an action has a preview"))
    refusal = perform_refusal(state, command)
    if refusal is not None:
        return refusal
    seat = command.seat
    takes = _taken(state, command)
    hires = HIRE_DRAW.get(command.level, 0) if command.location == "bistro" else 0
    before, crated_before, _short = _figures(state, seat, ())
    after, crated_after, short = _figures(state, seat, takes)
    return ActionPreview(
        rule=rule_id(command.location, command.level),
        cards=command.cards,
        takes=takes,
        hires=hires,
        score_before=before,
        score_after=after,
        slots_left=MAX_SLOTS_PER_TURN - state.slots_used - command.level,
        actions_left=MAX_ACTIONS_PER_TURN - len(state.acted) - 1,
        crated_before=crated_before,
        crated_after=crated_after,
        crates_short=short,
    )


def preview_count(state: State) -> int:
    """Every action the seat to act may point at, previewed as the screen does
    (``GameType.play.preview``, timed by ``atlantis bench``)."""
    from core.atlantica.legal_commands import legal_commands

    count = 0
    if state.phase != "turn":
        return 0
    for command in legal_commands(state):
        if isinstance(command, PerformAction):
            preview(state, command)
            count += 1
    return count
