"""Letters the Atlantis board draws that each language chooses (a bridge: ═B═, ═P═)."""

from __future__ import annotations

from core.atlantis.i18n import pgettext


def bridge_letter() -> str:
    """The one letter that marks a bridge on the path, in the reader's language."""
    return pgettext("bridge letter", "B")
