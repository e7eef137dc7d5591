"""A player's decision taken step by step, and why a step is refused.

A screen asks for a move in steps — a pawn, then a destination, then the cards
— and offers purchases and the bridge before any tile or gap is chosen. Each
step can be refused before there is a whole command for ``decide`` to judge.
The answers here come from the rules themselves (they ask ``decide`` where a
command exists), so no screen restates a rule:

- ``why_no_purchase`` / ``why_no_bridge``: the refusal of T1 / T2 for this
  seat now, or ``None`` when some purchase / some bridge is allowed;
- ``why_pawn_cannot_move``: T3 for a pawn at home, else the refusal of the
  first card that would move it (T4.1 with no cards, T4.5, …);
- ``ways_by_destination``: a pawn's moves grouped by where they end, the
  order every screen and the tutorial list them in.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.atlantis.board import Board
from core.atlantis.commands import AnyCommand, BuyCards, Move, Payment, PlaceBridge
from core.atlantis.decide import decide
from core.atlantis.hands import cards_of
from core.atlantis.i18n import _
from core.atlantis.moves import MovePreview, pawn_moves
from core.atlantis.state import PAWN_LETTERS, State
from core.kernel.errors import IllegalMove

NO_TILE = -1
"""Asked of ``decide`` for a seat with no tile: the rules then say what stops a purchase."""
NO_CARD = -1
"""Asked of ``decide`` for a hand with no card: the rules then say what stops a move."""
NO_SPACE = 0
"""Atlantis, where no bridge can go: asked of ``decide`` when no water is left to bridge."""


@dataclass(frozen=True)
class Refused:
    """A refusal, with the command the rules were asked about (for ``explain_refusal``)."""

    command: AnyCommand
    refusal: IllegalMove

    @property
    def rule(self) -> str:
        return self.refusal.rule


def why_no_purchase(state: State, seat: int) -> Refused | None:
    """Why ``seat`` may buy no cards now (T1), or None when a purchase is allowed."""
    tiles = state.collected[seat] if 0 <= seat < state.player_count else ()
    refusals = [_refusal(state, BuyCards(seat, tile)) for tile in tiles or (NO_TILE,)]
    return None if None in refusals else refusals[0]


def why_no_bridge(state: State, seat: int) -> Refused | None:
    """Why ``seat`` may place no bridge now (T2), or None when some gap can take it."""
    gaps = [gap for gap in Board.of(state).gaps if not gap.bridged]
    return _refusal(state, PlaceBridge(seat, gaps[0].first if gaps else NO_SPACE))


def why_pawn_cannot_move(state: State, seat: int, pawn: int) -> Refused | None:
    """Why ``pawn`` of ``seat`` has no move at all now, or None when it has one."""
    if state.to_act == seat and state.phase == "playing" and pawn_moves(state, pawn):
        return None
    hand = cards_of(state.hands[seat]) or (NO_CARD,)
    refusals = [
        _refusal(state, Move(seat, pawn, (card,), Payment())) for card in dict.fromkeys(hand)
    ]
    # A move refused only for want of payment still exists (its preview shows the price).
    found = [r for r in refusals if r is not None and r.rule != "T5.4"]
    if found:
        return found[0]
    return Refused(
        Move(seat, pawn, (), Payment()),
        IllegalMove(
            "T4.5", _("no card you hold can end pawn {p}'s move").format(p=PAWN_LETTERS[pawn])
        ),
    )


def ways_by_destination(state: State, pawn: int) -> dict[int, list[MovePreview]]:
    """The pawn's moves grouped by destination, each group in the order to offer them:
    affordable first, then fewer cards, then by the cards' items."""
    ways: dict[int, list[MovePreview]] = {}
    for preview in pawn_moves(state, pawn):
        ways.setdefault(preview.destination, []).append(preview)
    for options in ways.values():
        options.sort(key=lambda p: (not p.affordable, len(p.cards), p.cards))
    return dict(sorted(ways.items()))


def _refusal(state: State, command: AnyCommand) -> Refused | None:
    try:
        decide(state, command)
    except IllegalMove as refusal:
        return Refused(command, refusal)
    return None
