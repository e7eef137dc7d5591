"""The rules of the specification (``data/RULES.md``, its table L2) that give each
Atlantica event.

A puzzle's verdict names them, so that a solver who chose badly can read the rules
his choice and the better one turned on. Markers no rule gives (an undo, a pile
shuffled after an undo) name none.
"""

from __future__ import annotations

from core.atlantica.events import (
    AnyEvent,
    DisplayRefilled,
    DiverCardsPlayed,
    DiverDeckReshuffled,
    DiversHired,
    GameEnded,
    GameScored,
    GameStarted,
    HiredDiversJoinedHand,
    HurricaneDrawn,
    ResearchChoicesMade,
    ResearchTaken,
    ShipChartered,
    TreasuresReleased,
    TreasureTaken,
    TurnEnded,
    TurnPassed,
)
from core.atlantica.locations import rule_id

_ROUND = "T5.4"
"""Cards taken by paying the round (T5.3) follow T5.4."""


def event_rules(event: AnyEvent) -> tuple[str, ...]:
    """The rule ids that make ``event`` happen, the most specific first."""
    match event:
        case GameStarted():
            return ("S3", "S4", "S5", "S6")
        case DiverCardsPlayed(location=location, level=level, pair_slot=pair_slot):
            # the action's own level (T3.2, T5.3…), then how diver cards pay for it
            paired = ("T2.5",) if pair_slot is not None else ()
            return (rule_id(location, level), "T2.3", *paired)
        case TreasureTaken(via=via):
            return ("T3.4",) if via == "action" else (_ROUND,)
        case ShipChartered(via=via):
            return ("T4.4",) if via == "action" else (_ROUND,)
        case ResearchTaken(via=via):
            return ("T6.4",) if via == "action" else (_ROUND,)
        case DiversHired(count=count):
            return ("T5.1",) if count <= 3 else ("T5.2",)
        case DiverDeckReshuffled():
            return ("T7",)
        case TurnPassed():
            return ("T8",)
        case HiredDiversJoinedHand():
            return ("T9.1",)
        case DisplayRefilled(display=display):
            return ("T9.2",) if display == "treasure" else ("T9.3",)
        case HurricaneDrawn():
            return ("T9.4", "E1.1")
        case TurnEnded():
            return ("T9.5",)
        case GameEnded(reason=reason):
            return ("E1.2",) if reason == "hurricane" else ("E2",)
        case TreasuresReleased():
            return ("E3",)
        case ResearchChoicesMade(r6_types=r6, r11_types=r11):
            return (*(("E5.2",) if r6 else ()), *(("E5.3",) if r11 else ()))
        case GameScored(tie_break=tie_break):
            return ("E4", "E5", "E6", "E7") if tie_break else ("E4", "E5", "E6")
    return ()  # a marker: an undo, a pile shuffled after it
