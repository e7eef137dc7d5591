"""Hints: what the strongest bot would do, told in two stages.

``hint(state, seat)`` asks the ``expert`` bot from the player's own view (so a
hint never reveals a hidden card) and words its choice. Stage 1 (``gist``) says
only what kind of thing to do and where to look: an action and the row it
starts in, a purchase and its colour, or a pass. Stage 2 (``detail``) gives
the whole command with what it earns, worked out by ``preview`` (T4).

``iterations`` fixes the search size so that tests are reproducible; without
it the bot thinks for ``budget_seconds``.
"""

from __future__ import annotations

import random

import msgspec

from core.arkantis.bots.expert_bot import ExpertBot
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Move, Pass, Remove
from core.arkantis.describe import card_name, colour_word, listed, pile_words
from core.arkantis.i18n import _, ngettext
from core.arkantis.preview import ActionPreview, preview
from core.arkantis.squares import parse
from core.arkantis.state import State, pile_index
from core.arkantis.view import view_for

HINT_SECONDS = 0.3
"""How long the expert thinks for a hint when no iteration count is given."""


class Hint(msgspec.Struct, frozen=True):
    """The expert's choice for a position: the command, then its two wordings."""

    command: AnyCommand
    gist: str
    detail: str


def hint(
    state: State, seat: int, iterations: int | None = None, budget_seconds: float = HINT_SECONDS
) -> Hint:
    """What the expert would play for ``seat`` now, from ``seat``'s view only."""
    bot = ExpertBot(time_budget=budget_seconds, iterations=iterations)
    # A fixed generator per position: asking twice gives the same hint.
    rng = random.Random(state.turn * 1_000 + len(state.piles[0]) + state.tokens.bit_count())
    command = bot.decide(view_for(state, seat), rng)
    return Hint(command, gist(state, command), detail(state, command))


def _row(square: str) -> int:
    sq = parse(square)
    return 0 if sq is None else sq // 7 + 1


def gist(state: State, command: AnyCommand) -> str:
    """Stage 1: the kind of command and where to look, not the squares themselves."""
    if isinstance(command, Remove):
        rows = sorted({_row(square) for square in command.squares})
        if len(command.squares) == 1:
            return _("Remove one token, in row {row} (T3.1).").format(row=rows[0])
        return ngettext(
            "Remove two tokens at once, both in row {rows} (T3.2).",
            "Remove two tokens at once, in rows {rows} (T3.2).",
            len(rows),
        ).format(rows=listed([str(row) for row in rows]))
    if isinstance(command, Move):
        return _("Move a token (3 pions) to an empty square of row {row} (T3.3).").format(
            row=_row(command.target)
        )
    if isinstance(command, Buy):
        return _("Buy an {colour} card (T6).").format(colour=colour_word(command.colour))
    if isinstance(command, Pass):
        return _("Nothing left pays enough: pass (T5).")
    assert isinstance(command, EndTurn)
    return _("End your turn: no purchase is worth its price now (T2.4).")


def detail(state: State, command: AnyCommand) -> str:
    """Stage 2: the whole command, and what it earns."""
    if isinstance(command, Remove | Move):
        found = preview(state, command)
        if isinstance(command, Move):
            what = _("Move {origin} to {target}").format(
                origin=command.origin, target=command.target
            )
        else:
            what = _("Remove {squares}").format(squares=listed(list(command.squares)))
        if not isinstance(found, ActionPreview):
            return what + "."
        laid = [card_name(state.kinds, card) for card in found.laid]
        if laid:
            return _("{action}: {pions} pions for {price}, and it lays {cards}.").format(
                action=what, pions=found.pions, price=found.price, cards=listed(laid)
            )
        return _("{action}: {pions} pions for {price}.").format(
            action=what, pions=found.pions, price=found.price
        )
    if isinstance(command, Buy):
        pile = state.piles[pile_index(command.colour, command.pile)]
        where = pile_words(command.colour, command.pile)
        if command.pile == "up" and pile:
            return _("Buy {card} from {pile}.").format(
                card=card_name(state.kinds, pile[0]), pile=where
            )
        return _("Buy the top card of {pile}.").format(pile=where)
    return gist(state, command)
