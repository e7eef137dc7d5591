"""Older save formats, upcast line by line to the current one before decoding.

The header of a save records its format version. A line of an older save is
first read as plain JSON, then passed through one step per version until it
has the current shape, and only then decoded into the typed header or event,
so the rest of the engine only ever sees the current format. A step is a pure
function of one line's JSON object; it never reads the file or other lines.

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

Format 2 is the current format (``core.kernel.savefile.FORMAT_VERSION``).
"""

from __future__ import annotations

from collections.abc import Callable

from core.kernel.i18n import _

OLDEST_FORMAT = 0
"""The oldest format version this version of the game can still read."""

Document = dict[str, object]
"""One line of a save as a JSON object."""

Step = Callable[[Document], Document]
"""Turns one line of format *n* into the same line in format *n + 1*."""


class UpgradeError(ValueError):
    """A line that does not have the shape its format version promises."""


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
"""``STEPS[n]`` upcasts a line of format *n* to format *n + 1*."""


def upgrade(document: object, version: int, target: int) -> Document:
    """Upcast one line, a JSON value, from format ``version`` to format ``target``.

    Raises ``UpgradeError`` when the line is not a JSON object or does not have
    the shape of its format.
    """
    if not isinstance(document, dict):
        raise UpgradeError(_("the line is not a JSON object"))
    current: Document = document
    for step_from in range(version, target):
        step = STEPS.get(step_from)
        if step is None:
            raise UpgradeError(
                _("format {old} cannot be upgraded to format {new}").format(
                    old=step_from, new=step_from + 1
                )
            )
        current = step(current)
    return current
