"""The rules of the specification (``data/RULES.md``) that give each Atlantis event.

A puzzle's verdict names them, so that a solver who chose badly can read the rules
his choice and the better one turned on. Markers no rule gives (an undo, a pile
shuffled after an undo, a turn handed on) name none.
"""

from __future__ import annotations

from core.atlantis.events import (
    AnyEvent,
    BridgePlaced,
    CardsBought,
    CardsDrawn,
    CrossingPaid,
    DeckReshuffled,
    FinalCrossingPaid,
    FinalCrossingStarted,
    GameEnded,
    GameStarted,
    PawnMoved,
    PlayerResigned,
    PlayerStuck,
    TileTaken,
)

_DRAW_RULE = {"deal": "S4", "buy": "T1", "turn": "T8", "stuck": "T9"}
"""Why cards were drawn, as the rule that draws them."""


def event_rules(event: AnyEvent) -> tuple[str, ...]:
    """The rule ids that make ``event`` happen, the most specific first."""
    match event:
        case GameStarted():
            return ("S2", "S4")
        case CardsDrawn(reason=reason):
            return (_DRAW_RULE[reason],)
        case DeckReshuffled():
            return ("T8",)
        case CardsBought():
            return ("T1",)
        case BridgePlaced():
            return ("T2",)
        case PawnMoved(cards=cards, owed=owed):
            # a chain (more than one card) is T4.3's; a price owed is T5.1's
            chained = ("T4.3",) if len(cards) > 1 else ()
            priced = ("T5.1",) if owed > 0 else ()
            return ("T4.1", *chained, *priced)
        case CrossingPaid():
            return ("T5.4",)
        case TileTaken():
            return ("T6.1",)
        case PlayerStuck():
            return ("T9",)
        case FinalCrossingStarted(finisher=finisher):
            return ("E1",) if finisher is not None else ("E4",)
        case FinalCrossingPaid(shortfall=shortfall):
            return ("E2", "E2.1") if shortfall else ("E2",)
        case PlayerResigned():
            return ("E5",)
        case GameEnded():
            return ("E3",)
    return ()  # a marker: an undo, a pile shuffled after it, a turn handed on
