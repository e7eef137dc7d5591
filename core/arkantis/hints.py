"""Hints: the move the review of a game would call best, told in two stages.

``hint(state, seat)`` asks the kernel (``core.services.hints.best_command``: the
expert's search scored in points of lead, as ``atlantis review`` judges a move,
every purchase, the pass and the end of the turn weighed when the choice is
small) from the player's own view, so a hint never reveals a hidden card, and
words its choice. Stage 1 (``gist``) says only what kind of thing to do and
where to look: an action and the row it starts in, a purchase and its colour,
or a pass. Stage 2 (``detail``) gives the whole command with what it earns,
worked out by ``preview`` (T4).

``budget`` is in seconds of the review's playouts (the same hint on any machine
for a seed); ``playouts`` fixes their number instead, for quick tests. Under
options the bots refuse (E1.4) there is no hint: ``None``.
"""

from __future__ import annotations

import msgspec

from core.arkantis.commands import AnyCommand, Buy, EndTurn, Move, Pass, Remove
from core.arkantis.describe import card_name, colour_word, listed, pile_words
from core.arkantis.game_type import ARKANTIS
from core.arkantis.i18n import _, ngettext
from core.arkantis.preview import ActionPreview, preview
from core.arkantis.squares import parse
from core.arkantis.state import State, pile_index
from core.arkantis.view import view_for
from core.services.hints import HINT_BUDGET, best_command


class Hint(msgspec.Struct, frozen=True):
    """The expert's choice for a position: the command, then its two wordings."""

    command: AnyCommand
    gist: str
    detail: str


def hint(
    state: State,
    seat: int,
    budget: float = HINT_BUDGET,
    *,
    playouts: int | None = None,
    seed: int = 0,
) -> Hint | None:
    """The best command for ``seat`` now, whose decision it must be, from its view
    only; ``None`` under options the bots refuse."""
    view = view_for(state, seat)
    advice = best_command(ARKANTIS, view, budget, seed, playouts)
    if advice is None:
        return None
    command = advice.command
    return Hint(command, gist(view.state, command), detail(view.state, command))


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
        if not found.pions and not found.price:
            # In an endgame this is often the best there is: say why it beats passing.
            return _(
                "{action}: it earns nothing, but it costs nothing and keeps you in the "
                "game; passing would end your game (T5)."
            ).format(action=what)
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
