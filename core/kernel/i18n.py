"""One translation function for every sentence a player reads.

English is written in the source. French and Dutch come from the gettext
catalogues in ``core/locale/<lang>/LC_MESSAGES/atlantis.mo`` (managed with
Babel: see ``core/locale/README.md``).

The language can change while the program runs (the start menu offers it), so
a sentence is translated when it is shown, never when a module is imported:
texts kept at module or class level are marked with ``N_`` for extraction and
passed through ``_`` where they are used. ``tests/test_translatable.py``
holds the code to that.

Which language applies: ``--lang``, then ``ATLANTIS_LANG``, then the choice
remembered from the app, then the locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG``), else English.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path

from core.kernel.elision import FrenchTemplate, may_elide

DOMAIN = "atlantis"
LOCALE_DIR = Path(__file__).parent.parent / "locale"
ENGLISH = "en"

#: Every language the game speaks, by code, each named in itself.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "nl": "Nederlands"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH


def set_language(code: str) -> None:
    """Speak ``code`` from now on (one of ``LANGUAGES``)."""
    global _translation, _language
    if code not in LANGUAGES:
        raise KeyError(f"unknown language {code!r}")  # callers pass a code of LANGUAGES
    if code == ENGLISH:
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code])
    _language = code


def language() -> str:
    """The code of the language in use."""
    return _language


def language_code(text: str | None) -> str | None:
    """The supported language a name such as ``fr``, ``nl_BE.UTF-8`` or ``FR`` means."""
    if not text:
        return None
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def choose_language(
    requested: str | None, remembered: str | None, environ: Mapping[str, str] = os.environ
) -> str:
    """The language to speak: ``requested`` (``--lang``), then ``ATLANTIS_LANG``,
    then ``remembered`` (the app's setting), then the locale, else English."""
    for candidate in (requested, environ.get("ATLANTIS_LANG"), remembered):
        code = language_code(candidate)
        if code:
            return code
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if value:
            # The first locale variable that is set decides, as in POSIX.
            return language_code(value) or ENGLISH
    return ENGLISH


def _(message: str) -> str:
    """The sentence in the reader's language (English when no catalogue applies)."""
    return _filled_in_later(_translation.gettext(message))


def ngettext(singular: str, plural: str, count: int) -> str:
    """The sentence for ``count`` things, with the language's own plural rules."""
    return _filled_in_later(_translation.ngettext(singular, plural, count))


def pgettext(context: str, message: str) -> str:
    """A short text whose translation depends on where it is used (``context``)."""
    return _filled_in_later(_translation.pgettext(context, message))


def _filled_in_later(text: str) -> str:
    # French elides « de » before a name that begins with a vowel (core.kernel.elision).
    if _language == "fr" and text and may_elide(text):
        return FrenchTemplate(text)
    return text


def N_(message: str) -> str:
    """Mark a text kept at module or class level for translation; ``_`` translates it
    where it is shown."""
    return message


def NC_(context: str, message: str) -> str:
    """``N_`` for a text translated with ``pgettext(context, message)``."""
    return message
