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

from functools import lru_cache

from core.arkantis.cards import Colour, Kind, card_ids
from core.arkantis.state import PILES, pile_index

HIDDEN = ""
"""A card the viewer may not see."""

Hands = tuple[tuple[str, ...], ...]
Piles = tuple[tuple[str, ...], ...]


@lru_cache(maxsize=256)
def blanks(size: int) -> tuple[str, ...]:
    """``size`` cards the viewer may not see: a hand or pile as another seat sees it,
    made once per size."""
    return (HIDDEN,) * size


class HandsSeen:
    """One set of hands as the table sees them: sizes, (orange, emerald) counts, and
    each seat's view of them (its own hand, blanks for the others), made when asked."""

    __slots__ = ("_blanks", "_hidden", "colours", "hands", "kinds", "sizes")

    def __init__(
        self, hands: Hands, kinds: tuple[Kind, ...], before: HandsSeen | None = None
    ) -> None:
        self.hands = hands
        self.kinds = kinds
        self.sizes = tuple(map(len, hands))
        self.colours = count_colours(hands, kinds, before)
        self._blanks = tuple(map(blanks, self.sizes))
        self._hidden: dict[int, Hands] = {}

    def hidden_for(self, seat: int) -> Hands:
        """The hands as ``seat`` sees them: its own, and as many blanks as the others hold."""
        found = self._hidden.get(seat)
        if found is None:
            if 0 <= seat < len(self.hands):
                found = (*self._blanks[:seat], self.hands[seat], *self._blanks[seat + 1 :])
            else:  # a seat outside the table sees no hand
                found = self._blanks
            self._hidden[seat] = found
        return found


_colours_of_kinds: tuple[tuple[Kind, ...], dict[str, Colour], dict[str, int]] = ((), {}, {})
"""The last kinds asked about, their colours by kind id, and 1 or 0 by card id (1 for
orange, 0 for emerald and for a blank): every state of a game holds the same ``kinds``."""


def _tables(kinds: tuple[Kind, ...]) -> tuple[dict[str, Colour], dict[str, int]]:
    global _colours_of_kinds
    last, colours, oranges = _colours_of_kinds
    if kinds is not last:
        colours = {kind.id: kind.colour for kind in kinds}
        oranges = {card: int(kind.colour == "orange") for kind in kinds for card in card_ids(kind)}
        oranges[HIDDEN] = 0
        _colours_of_kinds = (kinds, colours, oranges)
    return colours, oranges


def kind_colours(kinds: tuple[Kind, ...]) -> dict[str, Colour]:
    """Each kind's colour, by kind id."""
    return _tables(kinds)[0]


def _oranges(hand: tuple[str, ...], kinds: tuple[Kind, ...]) -> int:
    """The orange cards of ``hand``; a blank is not one."""
    colours, oranges = _tables(kinds)
    try:
        return sum(map(oranges.__getitem__, hand))
    except KeyError:  # a card id the data set does not number (a planted one): by kind
        return sum(1 for card in hand if card and colours[card.rsplit("-", 1)[0]] == "orange")


def count_colours(
    hands: Hands, kinds: tuple[Kind, ...], before: HandsSeen | None = None
) -> tuple[tuple[int, int], ...]:
    """Each hand's (orange, emerald) cards; a blank card counts as emerald (a view's
    blanks are counted from the full state instead). A hand that is the same object
    as in ``before`` (a purchase changes one hand) keeps its count."""
    same = before is not None and before.kinds is kinds and len(before.hands) == len(hands)
    counts = []
    for seat, hand in enumerate(hands):
        if same and before is not None and before.hands[seat] is hand:
            counts.append(before.colours[seat])
        else:
            orange = _oranges(hand, kinds)
            counts.append((orange, len(hand) - orange))
    return tuple(counts)


_last_hands: HandsSeen | None = None


def hands_seen(hands: Hands, kinds: tuple[Kind, ...]) -> HandsSeen:
    """What the table sees of ``hands`` (the last one worked out, if these are its)."""
    global _last_hands
    last = _last_hands
    if last is None or last.hands is not hands or last.kinds is not kinds:
        last = _last_hands = HandsSeen(hands, kinds, last)
    return last


_FACE_UP = tuple(side == "up" for _colour, side in PILES)
_UP_ORANGE, _UP_EMERALD = pile_index("orange", "up"), pile_index("emerald", "up")


def _hidden_pile(pile: tuple[str, ...], face_up: bool) -> tuple[str, ...]:
    """A pile as every seat sees it: blanks, under its top card if it lies face up."""
    if face_up and pile:
        return pile[:1] + blanks(len(pile) - 1)
    return blanks(len(pile))


class PilesSeen:
    """The four piles as every seat sees them: blanks face down, a face-up pile's top
    card over blanks; their sizes; the face-up piles' tops (``""`` when empty)."""

    __slots__ = ("hidden", "piles", "sizes", "top_up")

    def __init__(self, piles: Piles) -> None:
        self.piles = piles
        self.hidden = tuple(map(_hidden_pile, piles, _FACE_UP))
        self.sizes = tuple(map(len, piles))
        orange, emerald = piles[_UP_ORANGE], piles[_UP_EMERALD]
        self.top_up = (orange[0] if orange else "", emerald[0] if emerald else "")


_last_piles: PilesSeen | None = None


def piles_seen(piles: Piles) -> PilesSeen:
    """What every seat sees of ``piles`` (the last one worked out, if these are its)."""
    global _last_piles
    last = _last_piles
    if last is None or last.piles is not piles:
        last = _last_piles = PilesSeen(piles)
    return last
