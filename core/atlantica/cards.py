"""The cards of Atlantica (S1.1–S1.5) and their ids.

Saves, events, hands and displays hold card ids:

- a diver card is its colour letter and copy, ``W1`` … ``W13`` (S1.1);
- a treasure card is its type and copy, ``ARC-1`` … ``ARC-12`` (S1.2);
- the hurricane card is ``H`` (S1, S4.1);
- a ship card is its pile, its crates and a copy, ``A2-1`` (a motorboat with 2
  crates, the first such card), so that ``B4`` in the rules' notation is the
  start of the id (S1.4);
- a research card is its kind and copy, ``R6-2`` (S1.5).

The numbers the data file gives (ladders, crates, copies, the bistro-marked
spaces) are gathered in ``GameData``; a game records its ``GameData`` in its
``game-started`` event, so a save never depends on the file it was started
from (S1.7).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

import msgspec

DiverColour = Literal["W", "Y", "R", "G", "B", "V"]
"""S1.1: white, yellow, red, green, blue, violet."""
DIVER_COLOURS: tuple[DiverColour, ...] = ("W", "Y", "R", "G", "B", "V")
DIVERS_PER_COLOUR = 13

TreasureType = Literal["ARC", "TER", "GLD", "AMP", "EPI", "STA", "ARM"]
"""S1.2: architecture, terracotta, gold, amphorae, inscriptions, statues, armour."""
TREASURE_TYPES: tuple[TreasureType, ...] = ("ARC", "TER", "GLD", "AMP", "EPI", "STA", "ARM")
TreasureColour = Literal["blue", "red", "yellow", "pink", "orange", "green", "violet"]
TREASURE_COLOURS: dict[TreasureType, TreasureColour] = {
    "ARC": "blue",
    "TER": "red",
    "GLD": "yellow",
    "AMP": "pink",
    "EPI": "orange",
    "STA": "green",
    "ARM": "violet",
}
"""S1.2: each type's colour (terracotta, gold and armour invented, see the spec)."""

HURRICANE = "H"
"""The hurricane card (S4.1, T9.4)."""

ShipPile = Literal["A", "B", "C"]
"""S1.4: motorboats, barges, transport ships (left, middle, right)."""
SHIP_PILES: tuple[ShipPile, ...] = ("A", "B", "C")

ResearchKind = Literal["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11"]
RESEARCH_KINDS: tuple[ResearchKind, ...] = (
    "R1",
    "R2",
    "R3",
    "R4",
    "R5",
    "R6",
    "R7",
    "R8",
    "R9",
    "R10",
    "R11",
)
"""S1.5: the eleven kinds; their effects are scored in E5."""


def diver_colour(card: str) -> DiverColour:
    """The colour of diver card ``card``: ``W`` for ``W12``."""
    colour = card[0]
    assert colour in DIVER_COLOURS, card
    return colour


CARD_CACHE_SIZE = 1024
"""Card ids whose parsed parts are kept (a data set has a few hundred cards): scoring
reads a card's type or crates many times per preview."""


@lru_cache(maxsize=CARD_CACHE_SIZE)
def treasure_type(card: str) -> TreasureType:
    """The type of treasure card ``card``: ``ARC`` for ``ARC-3``."""
    kind = card.split("-", 1)[0]
    assert kind in TREASURE_TYPES, card
    return kind


def ship_pile(card: str) -> ShipPile:
    """The pile of ship card ``card``: ``B`` for ``B4-1``."""
    pile = card[0]
    assert pile in SHIP_PILES, card
    return pile


@lru_cache(maxsize=CARD_CACHE_SIZE)
def crates(card: str) -> int:
    """The crates ship card ``card`` carries: 4 for ``B4-1`` (S1.4)."""
    return int(card[1:].split("-", 1)[0])


def ship_name(card: str) -> str:
    """A ship card as the rules write it: ``B4`` for ``B4-1``."""
    return card.split("-", 1)[0]


@lru_cache(maxsize=CARD_CACHE_SIZE)
def research_kind(card: str) -> ResearchKind:
    """The kind of research card ``card``: ``R10`` for ``R10-2``."""
    kind = card.split("-", 1)[0]
    assert kind in RESEARCH_KINDS, card
    return kind


def copies_of(prefix: str, count: int) -> tuple[str, ...]:
    """The ids ``prefix-1`` … ``prefix-count``."""
    return tuple(f"{prefix}-{copy}" for copy in range(1, count + 1))


Place = Literal["treasure", "ship", "research"]
"""Where T5.3 (and the submarine and research centre) take a card from: a treasure
space, the top of a ship pile, a research space."""


class Pick(msgspec.Struct, frozen=True, array_like=True):
    """One card an action chooses: treasure space 1–6, ship pile 1–3 (A, B, C) or
    research space 1–4 (T3.2, T3.3, T5.3, T6.2, T6.3)."""

    place: Place
    space: int


class GameData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The numbers a data file gives (S1.7), as a game records them.

    ``treasures`` is each type's card count (S1.2), ``ladders`` each type's
    ladder ``v1 … vL`` (S1.3), ``ships`` each pile's crates per card (S1.4,
    piles A, B, C), ``research`` each kind's copies (S1.5), and
    ``round_spaces`` the bistro-marked spaces T5.3 may take from (S1.6), as
    picks; empty means every space (the option's default).
    """

    name: str
    hash: str
    treasures: dict[str, int]
    ladders: dict[str, tuple[int, ...]]
    ships: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    research: dict[str, int]
    round_spaces: tuple[Pick, ...] = ()


def diver_ids() -> tuple[str, ...]:
    """S1.1: the 78 diver cards, colour by colour, ``W1`` … ``V13``."""
    return tuple(
        f"{colour}{copy}" for colour in DIVER_COLOURS for copy in range(1, DIVERS_PER_COLOUR + 1)
    )


def treasure_ids(data: GameData) -> tuple[str, ...]:
    """S1.2: the treasure cards of a data set, type by type."""
    return tuple(card for kind in TREASURE_TYPES for card in copies_of(kind, data.treasures[kind]))


def ship_ids(data: GameData, pile: ShipPile) -> tuple[str, ...]:
    """S1.4: the cards of one ship pile, each id its pile, crates and copy (``B4-2``)."""
    cards: list[str] = []
    seen: dict[int, int] = {}
    for crates_on in data.ships[SHIP_PILES.index(pile)]:
        seen[crates_on] = seen.get(crates_on, 0) + 1
        cards.append(f"{pile}{crates_on}-{seen[crates_on]}")
    return tuple(cards)


def research_ids(data: GameData) -> tuple[str, ...]:
    """S1.5: the research cards of a data set, kind by kind."""
    return tuple(card for kind in RESEARCH_KINDS for card in copies_of(kind, data.research[kind]))


def copy_number(card: str) -> int:
    """The copy of a diver card (``12`` for ``W12``), for taking the lowest copy first."""
    return int(card[1:]) if card[1:].isdigit() else 0


def is_diver(card: str) -> bool:
    return len(card) > 1 and card[0] in DIVER_COLOURS and card[1:].isdigit()


def is_treasure(card: str) -> bool:
    return "-" in card and card.split("-", 1)[0] in TREASURE_TYPES


def is_ship(card: str) -> bool:
    return card[:1] in SHIP_PILES and "-" in card and card[1:].split("-", 1)[0].isdigit()


def is_research(card: str) -> bool:
    return "-" in card and card.split("-", 1)[0] in RESEARCH_KINDS
