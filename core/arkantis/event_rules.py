"""The rules of the specification (``data/RULES.md``, its table L2) that give each
ArkantiS event.

A puzzle's verdict names them, so that a solver who chose badly can read the rules
his choice and the better one turned on. Markers no rule gives (an undo, a pile
shuffled after an undo) name none.
"""

from __future__ import annotations

from core.arkantis.events import (
    ActionResolved,
    AnyEvent,
    CardBought,
    GameEnded,
    GameScored,
    GameStarted,
    TokenMoved,
    TokensRemoved,
    TurnEnded,
    TurnPassed,
)


def event_rules(event: AnyEvent) -> tuple[str, ...]:
    """The rule ids that make ``event`` happen, the most specific first."""
    match event:
        case GameStarted():
            return ("S5",)
        case CardBought():
            return ("T6.1",)
        case TokensRemoved(squares=squares):
            return ("T3.1",) if len(squares) == 1 else ("T3.2",)
        case TokenMoved():
            return ("T3.3",)
        case ActionResolved(laid=laid):
            # the rewards by size; a card laid for a stain of 4 or 5 is T4.4's
            return ("T4.3", "T4.4") if laid else ("T4.3",)
        case TurnPassed():
            return ("T5",)
        case TurnEnded():
            return ("T2.4",)
        case GameEnded(reason=reason):
            return ("E1.1",) if reason == "all-passed" else ("E1.2",)
        case GameScored(tie_break=tie_break):
            return ("E2", "E3") if tie_break else ("E2",)
    return ()  # a marker: an undo, a pile shuffled after it
