"""The four locations and their levels (T3–T6): which diver colours each slot takes.

A level is a tuple of slots; a slot is the colours it accepts, ``("G", "Y")``
for ``G|Y``. Level 2 is level 1's slot plus one, level 3 level 2's plus one
(Definitions). ``SLOTS[location][level - 1]`` gives a level's slots.
"""

from __future__ import annotations

from typing import Literal

from core.atlantica.cards import DiverColour

Location = Literal["submarine", "port", "bistro", "research"]
LOCATIONS: tuple[Location, ...] = ("submarine", "port", "bistro", "research")
"""S1: the board's four locations, in the order the board shows them."""

Level = Literal[1, 2, 3]
LEVELS: tuple[Level, ...] = (1, 2, 3)

Slot = tuple[DiverColour, ...]

_FIRST: dict[Location, tuple[Slot, Slot, Slot]] = {
    "submarine": (("G", "Y"), ("V",), ("W",)),  # T3.1–T3.3
    "port": (("W", "R"), ("G", "B"), ("V",)),  # T4.1–T4.3
    "bistro": (("Y", "V", "B"), ("W",), ("R",)),  # T5.1–T5.3
    "research": (("B", "R"), ("Y",), ("G",)),  # T6.1–T6.3
}

SLOTS: dict[Location, tuple[tuple[Slot, ...], ...]] = {
    location: tuple(slots[:level] for level in LEVELS) for location, slots in _FIRST.items()
}
"""Each location's levels, each level's slots in order."""

RULE_OF_LEVEL: dict[Location, str] = {
    "submarine": "T3",
    "port": "T4",
    "bistro": "T5",
    "research": "T6",
}
"""The rule of a location; level ``n`` is rule ``T3.n`` and so on."""

MAX_SLOTS_PER_TURN = 3
"""T2.4: at most three slots are filled in a turn (a pair counts as one)."""
MAX_ACTIONS_PER_TURN = 3
"""T2.1."""
PASS_DRAW = 5
"""T8: a pass draws five diver cards into the hand."""
HIRE_DRAW: dict[int, int] = {1: 3, 2: 6}
"""T5.1, T5.2: the diver cards a hire draws, by level."""
TREASURE_SPACES = 6
RESEARCH_SPACES = 4
"""S1.6: the two displays' sizes."""


def slots(location: Location, level: int) -> tuple[Slot, ...]:
    """The slots of ``location`` at ``level`` (1–3)."""
    return SLOTS[location][level - 1]


def rule_id(location: Location, level: int) -> str:
    """The rule of an action: ``T4.2`` for the port at level 2."""
    return f"{RULE_OF_LEVEL[location]}.{level}"
