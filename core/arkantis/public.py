"""What is public about the hands and the piles (L3), worked out once per hands or piles.

A view shows every hand's size and colours (card backs) and hides the other
seats' cards; it hides the face-down piles and the face-up piles under their
top card. The hands change only when a card is bought or laid and the piles
only when one is bought, and ``evolve`` keeps a field's tuple when its event
does not touch it, so most states of a game share the previous state's
``hands`` and ``piles`` objects. What a view makes of them is therefore kept
for the last hands and the last piles seen, by identity: the same tuple object
is the same value (tuples are immutable, and the entry holds the object, so
its id cannot be reused). One entry each bounds the memory.
"""

from __future__ import annotations

from core.arkantis.cards import Colour, Kind
from core.arkantis.state import PILES

HIDDEN = ""
"""A card the viewer may not see."""

Hands = tuple[tuple[str, ...], ...]
Piles = tuple[tuple[str, ...], ...]


class HandsSeen:
    """One set of hands as the table sees them: sizes, (orange, emerald) counts, and
    each seat's view of them (its own hand, blanks for the others), made when asked."""

    __slots__ = ("_hidden", "colours", "hands", "kinds", "sizes")

    def __init__(self, hands: Hands, kinds: tuple[Kind, ...]) -> None:
        self.hands = hands
        self.kinds = kinds
        self.sizes = tuple(map(len, hands))
        self.colours = count_colours(hands, kinds)
        self._hidden: dict[int, Hands] = {}

    def hidden_for(self, seat: int) -> Hands:
        """The hands as ``seat`` sees them: its own, and as many blanks as the others hold."""
        found = self._hidden.get(seat)
        if found is None:
            found = self._hidden[seat] = tuple(
                hand if player == seat else (HIDDEN,) * len(hand)
                for player, hand in enumerate(self.hands)
            )
        return found


_colours_of_kinds: tuple[tuple[Kind, ...], dict[str, Colour]] = ((), {})
"""The last kinds asked about, and their colours by kind id: every state of a game
holds the same ``kinds``."""


def kind_colours(kinds: tuple[Kind, ...]) -> dict[str, Colour]:
    """Each kind's colour, by kind id."""
    global _colours_of_kinds
    last, colours = _colours_of_kinds
    if kinds is not last:
        colours = {kind.id: kind.colour for kind in kinds}
        _colours_of_kinds = (kinds, colours)
    return colours


def count_colours(hands: Hands, kinds: tuple[Kind, ...]) -> tuple[tuple[int, int], ...]:
    """Each hand's (orange, emerald) cards; a blank card counts as emerald, as it
    always has (a view's blanks are counted from the full state instead)."""
    colours = kind_colours(kinds)
    counts = []
    for hand in hands:
        orange = 0
        for card in hand:
            if card and colours[card.rsplit("-", 1)[0]] == "orange":
                orange += 1
        counts.append((orange, len(hand) - orange))
    return tuple(counts)


_last_hands: HandsSeen | None = None


def hands_seen(hands: Hands, kinds: tuple[Kind, ...]) -> HandsSeen:
    """What the table sees of ``hands`` (the last one worked out, if these are its)."""
    global _last_hands
    last = _last_hands
    if last is None or last.hands is not hands or last.kinds is not kinds:
        last = _last_hands = HandsSeen(hands, kinds)
    return last


_last_piles: tuple[Piles, Piles] = ((), ())


def hidden_piles(piles: Piles) -> Piles:
    """S4, L3: face-down piles all blank; a face-up pile shows its top card only."""
    global _last_piles
    last, hidden = _last_piles
    if piles is not last:
        hidden = tuple(
            (pile[:1] if side == "up" else (HIDDEN,) * min(1, len(pile)))
            + (HIDDEN,) * max(0, len(pile) - 1)
            for pile, (_colour, side) in zip(piles, PILES, strict=True)
        )
        _last_piles = (piles, hidden)
    return hidden
