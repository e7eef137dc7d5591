"""One translation function for every sentence a player reads.

English is written in the source; a French or Dutch catalogue placed in
``core/locale/<lang>/LC_MESSAGES/atlantis.mo`` is picked up by the standard
``gettext`` rules (LANGUAGE, LC_ALL, LANG) without touching the code.
"""

from __future__ import annotations

import gettext
from pathlib import Path

_translation = gettext.translation(
    "atlantis", localedir=Path(__file__).parent / "locale", fallback=True
)


def _(message: str) -> str:
    """The sentence in the reader's language (English when no catalogue applies)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translation.ngettext(singular, plural, count)
