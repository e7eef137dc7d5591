"""Atlantis's older save formats, one step per version (``ATLANTIS.records.upgrades``).

The kernel (``core.kernel.upgrade``) reads a line of an older save as plain
JSON and passes it through one step per version before decoding it; these are
the steps that change Atlantis's lines. A step is a pure function of one
line's JSON object; it never reads the file or other lines.

Format 0 (the first saves) differs from format 1 in three ways:

- the header has no ``seats`` field: who played each seat was not recorded;
- ``cards-drawn`` names the reason for the draw ``why`` instead of ``reason``;
- cards are written as item names (``"flag"``, ``"olives"``, ``"helmet"``,
  ``"amphora"``, ``"ring"``, ``"crown"``, ``"statue"``) instead of item
  numbers 0–6: in ``game-started.deck``, ``deck-reshuffled.deck``, the
  ``cards`` of ``cards-drawn``, ``pawn-moved``, ``crossing-paid`` and
  ``final-crossing-paid``, and the ``hand`` of ``player-stuck``.

Format 1 differs from format 2 in what chance the game used, not in shape:
every format-1 game drew its path, deck and reshuffles from
``random.Random(seed)`` (a seed of 31 bits), and an undo left the pile as it
was. Format 2 adds ``secret`` to ``game-started``: where it is set, all chance
comes from keyed streams of that secret (``core.kernel.chance``) and the pile is
shuffled after an undo that showed cards from it (``pile-shuffled``). A
format-1 line becomes format 2 unchanged but for the header's version, with no
secret, so an old game replays, checks and goes on exactly as it was played.

Format 3 is the kernel's (the header names the game, and action markers come
before each action's events): no Atlantis line changes.
"""

from __future__ import annotations

from core.atlantis.i18n import _
from core.kernel.upgrade import Document, Step, UpgradeError

# Item names in format 0, in item-number order. Frozen: format 0 never changes,
# even if the game's own names for the items do.
V0_ITEM_NAMES = ("flag", "olives", "helmet", "amphora", "ring", "crown", "statue")
_V0_ITEM_NUMBERS = {name: number for number, name in enumerate(V0_ITEM_NAMES)}

# Format 0: for each event type, the fields that hold cards as item names.
V0_CARD_FIELDS: dict[str, tuple[str, ...]] = {
    "game-started": ("deck",),
    "deck-reshuffled": ("deck",),
    "cards-drawn": ("cards",),
    "pawn-moved": ("cards",),
    "crossing-paid": ("cards",),
    "final-crossing-paid": ("cards",),
    "player-stuck": ("hand",),
}


def _v0_card(name: object) -> int:
    """A format-0 card (an item name) as the item number format 1 writes."""
    if not isinstance(name, str) or name not in _V0_ITEM_NUMBERS:
        raise UpgradeError(_("{name} is not the name of an item").format(name=repr(name)))
    return _V0_ITEM_NUMBERS[name]


def _v0_to_v1(document: Document) -> Document:
    """Format 0 → 1: add ``seats``, rename ``why``, cards from names to numbers."""
    kind = document.get("type")
    upgraded = dict(document)
    if kind == "header":
        upgraded.setdefault("seats", [])
        upgraded["format"] = 1
        return upgraded
    if kind == "cards-drawn" and "why" in upgraded:
        upgraded["reason"] = upgraded.pop("why")
    fields = V0_CARD_FIELDS.get(kind, ()) if isinstance(kind, str) else ()
    for field in fields:
        if field not in upgraded:
            continue  # a missing field is reported by the decoder, with its name
        cards = upgraded[field]
        if not isinstance(cards, list):
            raise UpgradeError(
                _("the field {field} is not a list of cards").format(field=repr(field))
            )
        upgraded[field] = [_v0_card(card) for card in cards]
    return upgraded


def _v1_to_v2(document: Document) -> Document:
    """Format 1 → 2: the same line; a format-1 game has no secret (seeded chance)."""
    if document.get("type") == "header":
        return {**document, "format": 2}
    return document


STEPS: dict[int, Step] = {0: _v0_to_v1, 1: _v1_to_v2}
"""``STEPS[n]`` upcasts a line of an Atlantis save of format *n* to format *n + 1*."""
