"""What every Atlantica bot shares: what an action takes, and the scoring choices.

A bot decides from its seat's view alone (``PlayerView``): its own hand, the
displays, the top card of each ship pile, the discard pile, everybody's
treasures, ships and research, and the sizes of what is hidden (L4).
``takes`` reads from the command and that view the cards an action would
take, so a bot can judge an action without playing it.
"""

from __future__ import annotations

from core.atlantica.cards import SHIP_PILES, Pick
from core.atlantica.commands import AnyCommand, ChooseScoring, PerformAction
from core.atlantica.locations import Location
from core.atlantica.state import State
from core.atlantica.view import PlayerView

HIRE_DRAW = {1: 3, 2: 6}
"""T5.1, T5.2: the diver cards a hire draws, by level."""


def card_sort(card: str) -> str:
    """``research`` for ``R6-2``, ``ship`` for ``B4-1``, ``treasure`` for ``ARC-3`` (S1)."""
    if card[1:2].isdigit():
        return "research" if card[0] == "R" else "ship"
    return "treasure"


def ship_top(view: PlayerView, pile: int) -> str:
    """The top card of ship pile ``pile`` (0-based), ``""`` when it is empty."""
    if view.ship_tops[pile]:
        return view.ship_tops[pile]
    cards = view.state.ship_piles[pile]
    return cards[0] if cards else ""


def picked(view: PlayerView, pick: Pick) -> str:
    """The card ``pick`` points at (``""`` for an empty space or pile)."""
    state = view.state
    if pick.place == "treasure":
        display = state.treasure_display
        return display[pick.space - 1] if 0 < pick.space <= len(display) else ""
    if pick.place == "research":
        display = state.research_display
        return display[pick.space - 1] if 0 < pick.space <= len(display) else ""
    return ship_top(view, pick.space - 1) if 0 < pick.space <= len(SHIP_PILES) else ""


def takes(view: PlayerView, command: PerformAction) -> tuple[tuple[str, ...], int]:
    """The cards ``command`` would take, and the diver cards it would hire (T3–T6)."""
    return takes_at(view, command.location, command.level, command.picks)


def takes_at(
    view: PlayerView, location: Location, level: int, picks: tuple[Pick, ...]
) -> tuple[tuple[str, ...], int]:
    """The cards an action at ``location`` and ``level`` choosing ``picks`` would take,
    and the diver cards it would hire (T3–T6), whichever cards pay for it."""
    state = view.state
    if location == "bistro" and level in HIRE_DRAW:
        return (), HIRE_DRAW[level]
    if location == "port":
        top = ship_top(view, level - 1)
        return ((top,) if top else ()), 0
    if level == 1 and location == "submarine":
        return tuple(state.treasure_display[:1]), 0
    if level == 1 and location == "research":
        return tuple(state.research_display[:1]), 0
    if location != "bistro":
        # One display (T3.2, T3.3, T6.2, T6.3): read it at once, as ``picked`` would.
        display = state.treasure_display if location == "submarine" else state.research_display
        size = len(display)
        return tuple(
            card for pick in picks if 0 < pick.space <= size and (card := display[pick.space - 1])
        ), 0
    return tuple(card for card in (picked(view, pick) for pick in picks) if card), 0


def scoring_choice(state: State, seat: int) -> AnyCommand:
    """E3, E5 with ``final_choices = ask``: the choices that give the best score."""
    from core.atlantica.scoring import best_choices

    choices = best_choices(state, seat)
    return ChooseScoring(
        seat,
        releases=tuple(choices.releases),
        r6_types=tuple(choices.r6_types),
        r11_types=tuple(choices.r11_types),
    )
