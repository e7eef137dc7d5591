"""What every ArkantiS bot shares: the move-limit refusal and the cards a seat cannot see.

A bot decides from its seat's view alone (``PlayerView``): its own hand, the
board, pions, laid cards, the sizes and colours of the other hands and the
top card of each face-up pile. The cards it cannot locate are all the
game's cards less those.
"""

from __future__ import annotations

from core.arkantis.cards import Colour, card_ids
from core.arkantis.limits import bot_refusal
from core.arkantis.options import Options
from core.arkantis.view import PlayerView
from core.kernel.errors import GameError


class BotRefusal(GameError):
    """Rule options a bot cannot play with (E1.4: no move limit)."""


def check_options(options: Options) -> None:
    """Raise ``BotRefusal`` for options under which a game may never end (E1.4)."""
    refusal = bot_refusal(options)
    if refusal is not None:
        raise BotRefusal(refusal)


def unseen_cards(view: PlayerView) -> dict[Colour, list[str]]:
    """Per colour, the cards the viewer cannot locate (other hands and piles), by id.

    Every card is in a hand, a pile or laid (L4); laid cards, the viewer's hand
    and the top face-up cards are seen, so the rest are the unseen ones.
    """
    state = view.state
    seen = {card for hand in state.hands for card in hand if card}
    seen.update(card for laid in state.laid for card in laid)
    seen.update(card for card in view.top_up if card)
    found: dict[Colour, list[str]] = {"orange": [], "emerald": []}
    for kind in state.kinds:
        found[kind.colour].extend(card for card in card_ids(kind) if card not in seen)
    return found
